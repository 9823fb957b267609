"""The turn panel's own components: "Confirm" / "Back" of an option that forecasts a cost.

The confirmation is the bot's: the first press of such an option only redraws the panel
with the warnings and these two buttons; the engine hears of the option once it is
confirmed (``cb:k:<game>:<pin>:<seat>:<ref>``, ``-`` for "Back").
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import ids
from bot.views.base import run_component


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.CONFIRM_TEMPLATE):
    """Confirm the option ``ref`` names (it is answered), or go back (``ids.BACK_REF``)."""

    def __init__(
        self,
        game_id: int,
        version: int | str,
        seat: int,
        ref: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.danger,
    ) -> None:
        custom_id = f"cb:k:{game_id}:{version}:{seat}:{ref}"
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.game_id, self.version, self.seat, self.ref = game_id, version, seat, ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConfirmButton:
        version = ids.parse_version(match["version"])
        return cls(int(match["game"]), version, int(match["seat"]), match["ref"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from bot import flow

        numbers: tuple[int, ...] = (self.game_id, self.seat)
        if isinstance(self.version, int):
            numbers += (self.version,)
        if self.ref == ids.BACK_REF:
            action = lambda: flow.panel_back(  # noqa: E731
                interaction, self.game_id, self.version, self.seat
            )
        else:
            action = lambda: flow.submit(  # noqa: E731
                interaction,
                self.game_id,
                self.ref,
                version=self.version,
                seat=self.seat,
                from_message=True,
                confirmed=True,
            )
        await run_component(interaction, numbers, action)


def confirm_items(
    game_id: int, version: int | str, seat: int, option_id: str, index: int, labels: tuple[str, str]
) -> list[discord.ui.Item[Any]]:
    """ "Confirm <option>" (red) and "Back" for the panel's confirmation of ``option_id``."""
    confirm = ids.confirm(game_id, version, seat, option_id, index)
    back = ids.confirm(game_id, version, seat, "", index)
    prefix = f"cb:k:{game_id}:{version}:{seat}:"
    return [
        ConfirmButton(game_id, version, seat, confirm[len(prefix) :], labels[0]),
        ConfirmButton(
            game_id, version, seat, back[len(prefix) :], labels[1], discord.ButtonStyle.secondary
        ),
    ]
