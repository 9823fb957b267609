"""The turn panel's own components: "Confirm" / "Back" of an option that forecasts a cost.

The confirmation is the bot's: the first press of such an option only redraws the panel
with the warnings and these two buttons; the engine hears of the option once it is
confirmed (``cb:k:<game>:<pin>:<seat>:<ref>``, ``-`` for "Back").
"""

from __future__ import annotations

from typing import Any, ClassVar

import discord

from bot import ids
from bot.components.prompt import AnswerButton, component_numbers, submit_answer
from bot.interaction import client, run_component


class ConfirmButton(AnswerButton, template=ids.CONFIRM_TEMPLATE):
    """Confirm the option ``ref`` names (it is answered, confirmed), or go back
    (``ids.BACK_REF``): an answer button of kind ``k``, red unless told otherwise."""

    KIND: ClassVar[str] = "k"
    STYLE: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.danger

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.ref != ids.BACK_REF:
            await submit_answer(
                interaction, self.game_id, self.version, self.seat, self.ref, confirmed=True
            )
            return
        await run_component(
            interaction,
            component_numbers(self.game_id, self.version, self.seat),
            lambda: client(interaction).play.panel_back(
                interaction, self.game_id, self.version, self.seat
            ),
        )


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
