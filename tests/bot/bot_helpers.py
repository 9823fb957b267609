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


def latest_panel(
    members: Any, *, seat_of: bool = False
) -> Any:
    """The newest DM message carrying answer components among ``members`` (a member or a
    list): a seat's panel, where every question is asked. With ``seat_of``, (message,
    the member it was sent to); None when no panel is open."""
    best: tuple[Any, Any] | None = None
    for member in members if isinstance(members, list) else [members]:
        found = latest_prompt(member.user.dm_channel)
        if found is not None and (best is None or found.id > best[0].id):
            best = (found, member)
    if best is None:
        return None
    return best if seat_of else best[0]


def accepted(result: Any) -> bool:
    """Whether an answer was taken, as its presser sees it: a "✅" reply (``/play``, the
    "Show my hand / act" path), or a click on a panel acknowledged by the panel's own edit
    (a deferred update) with no ephemeral reply (a refusal is one)."""
    shown = [r for r in [result.response, *result.followups] if r is not None]
    if any(r.content.startswith("✅") for r in shown):
        return True
    if not updated(result) or result.response is None:
        return False
    return not any(r.ephemeral for r in result.followups)


def updated(result: Any) -> bool:
    """Whether an interaction was acknowledged as an update of the message pressed (a
    deferred update: a panel edited through its click)."""
    kind = getattr(result._interaction, "response_kind", None)
    return getattr(kind, "value", kind) in ("deferred_update", "update")


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
