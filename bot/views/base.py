"""Small helpers shared by the component modules, and the one way a component is run."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot import ids

log = logging.getLogger(__name__)


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


def custom_id(interaction: discord.Interaction[Any]) -> str:
    data: Any = interaction.data or {}
    return str(data.get("custom_id", ""))


async def run_component(
    interaction: discord.Interaction[Any],
    numbers: tuple[int, ...],
    action: Callable[[], Awaitable[None]],
) -> None:
    """Run a component's ``action`` so that the clicker gets exactly one answer, whatever fails.

    discord.py only logs what a DynamicItem callback raises, which leaves the user with
    "This interaction failed". Here a redelivered interaction is dropped quietly (its first
    delivery answered it), a custom id carrying ``numbers`` no real component carries (forged,
    or too large for the database) is refused, as is a ``flow.Refusal`` the action raises, and
    an unexpected error is logged once and answered ephemerally.
    """
    from bot import flow
    from bot.client import report_failure

    if not flow.client(interaction).first_delivery(interaction.id):
        log.info("interaction %s delivered twice; the repeat is ignored", interaction.id)
        return
    try:
        try:
            if not ids.in_range(*numbers):
                raise flow.Refusal("bad_component")
            await action()
        except flow.Refusal as refusal:
            await flow.refuse(interaction, refusal)
    except Exception as exc:
        await report_failure(interaction, exc, f"component {custom_id(interaction)!r}")


class UnknownComponent(discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.UNKNOWN_TEMPLATE):
    """Any ``cb:`` custom id no other component claims (an older scheme or an altered id):
    refused with an answer instead of leaving the user with "This interaction failed"."""

    def __init__(self, item: discord.ui.Item[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UnknownComponent:
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from bot import flow

        async def refuse() -> None:
            raise flow.Refusal("bad_component")

        await run_component(interaction, (), refuse)
