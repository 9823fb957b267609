"""Persistent components: ``discord.ui.DynamicItem`` classes routed by their custom id.

No view lives in memory: every message's components are rebuilt from the custom id when
clicked (also after a restart), and the callback re-checks the game's current state.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.views.base import UnknownComponent
from bot.views.lobby import LobbyButton, LobbyOptionSelect
from bot.views.panel import ConfirmButton
from bot.views.prompt import (
    AnswerButton,
    AnswerSelect,
    GroupSelect,
    HandButton,
    MoreButton,
    NumberButton,
    SeatButton,
)

DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    LobbyOptionSelect,
    AnswerButton,
    AnswerSelect,
    MoreButton,
    GroupSelect,
    NumberButton,
    HandButton,
    SeatButton,
    ConfirmButton,
    UnknownComponent,
)


def static_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A view to send but never keep: stopped first, so discord.py does not store it.

    Its items are DynamicItems, already routed by the client's registry; a stored copy
    would run every callback twice and grow memory with each message.
    """
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view
