"""Board images: the renderer runs in a worker thread so the event loop keeps answering.

Generic over games: ``renderers.<game>.render_board(view, lang, player_names)`` if that
module exists; a game without a renderer simply posts no image.
"""

from __future__ import annotations

import asyncio
import importlib
import io
import logging
from collections.abc import Callable
from typing import Any

import discord

log = logging.getLogger(__name__)

#: (game, view, language, player names by seat) -> PNG bytes, or None when there is no image.
Renderer = Callable[[str, Any, str, list[str]], bytes | None]


def default_renderer(game: str, view: Any, lang: str, names: list[str]) -> bytes | None:
    try:
        module = importlib.import_module(f"renderers.{game}")
    except ImportError:
        return None
    render_board = getattr(module, "render_board", None)
    if render_board is None:
        return None
    data: bytes = render_board(view, lang, names)
    return data


async def board_file(
    renderer: Renderer | None,
    game: str,
    view: Any,
    lang: str,
    names: dict[int, str],
    filename: str = "board.png",
) -> discord.File | None:
    """The rendered board as an attachment; None (logged) if it cannot be drawn."""
    if renderer is None:
        return None
    ordered = [names[s] for s in sorted(names)]
    try:
        data = await asyncio.to_thread(renderer, game, view, lang, ordered)
    except Exception:
        log.exception("rendering %s failed", game)
        return None
    if not data:
        return None
    return discord.File(io.BytesIO(data), filename=filename)
