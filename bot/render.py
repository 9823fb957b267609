"""Board images: the renderer runs in a worker thread so the event loop keeps answering.

Generic over games: ``renderers.<game>.<board function>(view, lang, player_names)`` (the
function is ``render_board`` unless the game's words name another, e.g. ``render_table``) if
that module exists; a game without a renderer simply posts no image. Other pictures (a
hand, one city, one card) come from :func:`extra_file`, which calls a named function of the
game's renderer module with the arguments it declares.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import inspect
import io
import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.games import words_for
from engines.registry import engine_names

log = logging.getLogger(__name__)

#: (game, view, language, player names by seat) -> PNG bytes, or None when there is no image.
Renderer = Callable[[str, Any, str, list[str]], bytes | None]


def _function(game: str, name: str) -> Callable[..., Any] | None:
    try:
        module = importlib.import_module(f"renderers.{game}")
    except ImportError:
        return None
    func = getattr(module, name, None)
    return func if callable(func) else None


def warm_up_renderers() -> None:
    """Load fonts and build each renderer's static tiles once, off the event loop, so the
    first board a player sees after a start-up is as fast as the rest."""
    for game in engine_names():
        warm = _function(game, "warm_up")
        if warm is None:
            continue
        try:
            warm()
        except Exception:  # a cold cache is slower, never fatal
            log.exception("warming up the %s renderer failed", game)


def default_renderer(game: str, view: Any, lang: str, names: list[str]) -> bytes | None:
    render_board = _function(game, words_for(game).board_renderer)
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


def files_digest(files: Sequence[discord.File]) -> str:
    """A digest of attachments (names and bytes; "" for none): a message whose digest is
    unchanged is edited without uploading them again."""
    if not files:
        return ""
    digest = hashlib.blake2b(digest_size=16)
    for file in files:
        fp = file.fp
        start = fp.tell()
        digest.update(file.filename.encode("utf-8") + b"\0")
        digest.update(fp.read())
        fp.seek(start)
        digest.update(b"\0")
    return digest.hexdigest()


def call_named(game: str, name: str, args: dict[str, Any]) -> bytes | None:
    """Call ``renderers.<game>.<name>`` with the arguments it declares, taken from ``args``
    (``view``, ``seat``, ``lang``, ``player_names``/``names``, ``card``...); None when the
    function does not exist."""
    func = _function(game, name)
    if func is None:
        return None
    aliases = {"names": "player_names", "player_names": "names", "language": "lang"}
    kwargs: dict[str, Any] = {}
    positional: list[Any] = []
    for param in inspect.signature(func).parameters.values():
        key = param.name if param.name in args else aliases.get(param.name, "")
        if key in args:
            if param.kind is param.POSITIONAL_ONLY:
                positional.append(args[key])
            else:
                kwargs[param.name] = args[key]
    data = func(*positional, **kwargs)
    return data if isinstance(data, bytes | None) else None


async def extra_file(
    renderer: Renderer | None,
    game: str,
    name: str,
    args: dict[str, Any],
    filename: str,
) -> discord.File | None:
    """A picture from ``renderers.<game>.<name>`` as an attachment (None, logged, on
    failure; None when images are off, i.e. the bot has no renderer)."""
    if renderer is None:
        return None
    if "names" in args and isinstance(args["names"], dict):
        names = args["names"]
        args = {**args, "names": [names[s] for s in sorted(names)]}
    try:
        data = await asyncio.to_thread(call_named, game, name, args)
    except Exception:
        log.exception("rendering %s.%s failed", game, name)
        return None
    if not data:
        return None
    return discord.File(io.BytesIO(data), filename=filename)
