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


def replies(result: Any) -> list[Any]:
    """What an interaction was answered with. A press deferred as an update of its message
    (lobby buttons: deferred before the database is touched) reports that message as its
    response; it is not a reply (no interaction made it), so it is left out."""
    response = result.response
    if response is not None and result.deferred and response.message.interaction_metadata is None:
        response = None
    return [r for r in [response, *result.followups] if r is not None]


def only_reply(result: Any) -> Any:
    """The single ephemeral message an interaction was answered with."""
    out = replies(result)
    assert len(out) == 1 and out[0].ephemeral, [(r.content, r.ephemeral) for r in out]
    return out[0]


def texts(channel: simcord.ChannelHandle) -> list[str]:
    return [m.content for m in channel.history()]


def hand_note(stored: list[Any], user_id: int, since: int = 0) -> Any | None:
    """The newest raw message of ``stored`` (newest first) posted after ``since`` that carries
    a "Show my hand / act" button and mentions ``user_id``: how a seat with closed DMs is told."""
    for raw in stored:
        if raw.id <= since:
            return None
        ids = [str(c.get("custom_id", "")) for c in walk_components(raw.components)]
        if any(i.startswith("cb:h:") for i in ids) and user_id in raw.ping_user_ids:
            return raw
    return None


def pinged_since(stored: list[Any], user_id: int, since: int) -> bool:
    """Whether a raw message of ``stored`` (newest first) posted after ``since`` mentions
    ``user_id``."""
    for raw in stored:
        if raw.id <= since:
            return False
        if user_id in raw.ping_user_ids:
            return True
    return False
