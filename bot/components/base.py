"""What every component module shares: the view that is sent but never kept, and the
answer to a custom id no component claims."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import ids
from bot.interaction import Refusal, run_component


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
        async def refuse() -> None:
            raise Refusal("bad_component")

        await run_component(interaction, (), refuse)
