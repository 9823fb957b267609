"""Persistent components: ``discord.ui.DynamicItem`` classes routed by their custom id.

No view lives in memory: every message's components are rebuilt from the custom id when
clicked (also after a restart), and the callback re-checks the game's current state. A
callback reaches its handler through the client (``client(interaction).play``), as
RoboDanny's persistent items do, so no component imports the handlers that draw it.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.components.base import UnknownComponent, static_view
from bot.components.lobby import LobbyButton, LobbyOptionSelect
from bot.components.panel import ConfirmButton
from bot.components.prompt import (
    AnswerButton,
    AnswerSelect,
    GroupSelect,
    HandButton,
    MoreButton,
    NumberButton,
    SeatButton,
)
from bot.components.settings import SettingButton

__all__ = ["DYNAMIC_ITEMS", "static_view"]

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
    SettingButton,
    UnknownComponent,
)
