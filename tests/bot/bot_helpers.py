"""Reading what the bot posted, the way a player's client shows it."""

from __future__ import annotations

from typing import Any

import discord
import simcord
from simcord.components import walk_components


def components(message: Any) -> list[dict[str, Any]]:
    """Interactive components (buttons/selects) of a message or ResponseMessage, as dicts."""
    rows = (
        message.components
        if isinstance(message, simcord.ResponseMessage)
        else [c.to_dict() for c in message.components]
    )
    return [c for c in walk_components(rows) if c.get("type") in (2, 3)]


def custom_ids(message: Any) -> list[str]:
    return [c["custom_id"] for c in components(message) if c.get("custom_id")]


def answer_controls(message: Any) -> list[dict[str, Any]]:
    """Answer buttons and selects (not Show-my-hand / More)."""
    return [c for c in components(message) if c.get("custom_id", "").startswith(("cb:o:", "cb:s:"))]


def latest_prompt(channel: simcord.ChannelHandle, viewer: Any = None) -> discord.Message | None:
    """The newest message in ``channel`` that carries answer components."""
    for message in reversed(channel.history(viewer=viewer)):
        if answer_controls(message):
            return message
    return None


def texts(channel: simcord.ChannelHandle) -> list[str]:
    return [m.content for m in channel.history()]
