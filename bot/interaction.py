"""Interaction plumbing every handler shares: answering, refusing, and running a component.

A leaf of the bot: it imports no handler, component or delivery module, so anything may
import it. Handlers are reached through the client (``client(interaction).play``), never
imported here.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

import discord

from bot import ids
from bot.i18n import has, language_for, t
from bot.wording import localize_params
from engines.core.errors import IllegalAnswer
from games.models import GameInfo, ServiceError, describe_error
from games.storage.base import DatabaseBusy, OutcomeUnknown

if TYPE_CHECKING:
    from bot.client import CivBot

log = logging.getLogger(__name__)

#: Discord's error code for a second response to one interaction.
ALREADY_ACKNOWLEDGED = 40060


class Refusal(Exception):
    """A request refused before anything changed; ``key``/``params`` word it."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


#: What a handler answers with a refusal: nothing was changed (``DatabaseBusy``: the write
#: gave up waiting for the database's lock, nothing was written).
REFUSALS = (Refusal, ServiceError, IllegalAnswer, DatabaseBusy)


def client(interaction: discord.Interaction[Any]) -> CivBot:
    """The bot handling ``interaction``, typed: components reach its handlers through it."""
    return cast("CivBot", interaction.client)


def user_lang(interaction: discord.Interaction[Any]) -> str:
    """The reader's language when no game says otherwise (their client, then the server)."""
    return (
        language_for(interaction.locale)
        or language_for(interaction.guild_locale)
        or client(interaction).settings.default_language
    )


def error_text(lang: str, exc: BaseException, game: str | None = None) -> str:
    """A refusal in words: ``errors.<key>`` with its params, else the English message."""
    if isinstance(exc, DatabaseBusy):
        return t(lang, "errors.database_busy")
    key = getattr(exc, "key", None)
    params: dict[str, Any] = dict(getattr(exc, "params", {}) or {})
    for full in (f"{game}.errors.{key}" if game else "", f"errors.{key}"):
        if key and full and has(lang, full):
            if game:
                params = localize_params(game, lang, params, {})
            return t(lang, full, **params)
    message = getattr(exc, "message", None) or str(exc)
    return t(lang, "errors.unknown", message=message)


async def reply(
    interaction: discord.Interaction[Any], content: str, *, ephemeral: bool = True, **kwargs: Any
) -> None:
    """Answer, or follow up when the interaction was already answered or deferred."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)


async def refuse(
    interaction: discord.Interaction[Any], exc: BaseException, info: GameInfo | None = None
) -> None:
    """Tell the clicker, ephemerally, why nothing happened (a ``Refusal`` or an error)."""
    lang = info.language if info else user_lang(interaction)
    if isinstance(exc, Refusal):
        text = t(lang, f"errors.{exc.key}", **exc.params)
    else:
        text = error_text(lang, exc, info.game if info else None)
    await reply(interaction, text)


def already_answered(error: BaseException) -> bool:
    """Whether ``error`` means the interaction was answered before: it was delivered twice
    (a gateway replay), and the first delivery already told the user everything."""
    original = getattr(error, "original", None)  # a command's error wraps its cause
    if isinstance(original, BaseException):
        error = original
    if isinstance(error, discord.InteractionResponded):
        return True
    return isinstance(error, discord.HTTPException) and error.code == ALREADY_ACKNOWLEDGED


async def report_failure(
    interaction: discord.Interaction[Any], error: BaseException, what: str
) -> None:
    """An unexpected failure of a command or component: logged once, and the user is told
    (ephemerally) whether their request was saved, so no interaction goes unanswered.

    Two database failures are told as what they are: a write that gave up waiting for the
    lock (``DatabaseBusy``: nothing changed, try again) and a commit whose connection broke
    (``OutcomeUnknown``: it may have been saved, never "nothing was changed")."""
    if already_answered(error):
        log.info("%s: interaction %s was already answered; ignored", what, interaction.id)
        return
    original = getattr(error, "original", None)  # a command's error wraps its cause
    cause = original if isinstance(original, BaseException) else error
    saved = interaction.extras.get("saved")
    if isinstance(cause, (DatabaseBusy, OutcomeUnknown)):
        log.warning("%s: %s", what, describe_error(cause))
    else:
        log.error("%s failed", what, exc_info=error)
    if saved:  # the request itself was committed; what failed came after it
        key = "errors.internal_saved"
    elif isinstance(cause, OutcomeUnknown):
        key = "errors.maybe_saved_check"
    elif isinstance(cause, DatabaseBusy):
        key = "errors.database_busy"
    else:
        key = "errors.internal"
    try:
        await reply(interaction, t(user_lang(interaction), key))
    except discord.HTTPException as exc:
        log.warning("could not report the failure of %s: %s", what, exc)


# -- reading the payload ------------------------------------------------------------------
def custom_id(interaction: discord.Interaction[Any]) -> str:
    data: Any = interaction.data or {}
    return str(data.get("custom_id", ""))


def selected_values(interaction: discord.Interaction[Any]) -> list[str]:
    """The values chosen in a select interaction (read from the raw payload, which is
    authoritative even when the component was rebuilt from its custom id)."""
    data: Any = interaction.data or {}
    return [str(v) for v in data.get("values") or []]


def modal_value(interaction: discord.Interaction[Any], field: str) -> str:
    """The text typed into the modal field ``field``, read from the raw payload (a modal
    submit is routed by its custom id, with no modal object kept in memory). Fields sit
    in action rows (``components``) or labels (``component``)."""
    data: Any = interaction.data or {}
    stack: list[Any] = list(data.get("components") or [])
    while stack:
        node = stack.pop()
        if not isinstance(node, dict):
            continue
        if node.get("custom_id") == field and "value" in node:
            return str(node.get("value") or "")
        stack += list(node.get("components") or [])
        if node.get("component") is not None:
            stack.append(node["component"])
    return ""


async def run_component(
    interaction: discord.Interaction[Any],
    numbers: tuple[int, ...],
    action: Callable[[], Awaitable[None]],
) -> None:
    """Run a component's ``action`` so that the clicker gets exactly one answer, whatever fails.

    discord.py only logs what a DynamicItem callback raises, which leaves the user with
    "This interaction failed". Here a redelivered interaction is dropped quietly (its first
    delivery answered it), a custom id carrying ``numbers`` no real component carries (forged,
    or too large for the database) is refused, as is a ``Refusal`` the action raises, and
    an unexpected error is logged once and answered ephemerally.
    """
    if not client(interaction).first_delivery(interaction.id):
        log.info("interaction %s delivered twice; the repeat is ignored", interaction.id)
        return
    try:
        try:
            if not ids.in_range(*numbers):
                raise Refusal("bad_component")
            await action()
        except Refusal as refusal:
            await refuse(interaction, refusal)
    except Exception as exc:
        await report_failure(interaction, exc, f"component {custom_id(interaction)!r}")
