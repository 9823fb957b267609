"""Taking a seat and setting a table up: the lobby's buttons and options, ``/settings``."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.components import static_view
from bot.components.lobby import lobby_embed, lobby_items
from bot.components.settings import FIELDS, settings_items, settings_text
from bot.interaction import (
    REFUSALS,
    refuse,
    user_lang,
)
from bot.reach import maybe_info, reachable
from games.models import GameInfo, ServiceError
from games.storage.base import DatabaseBusy

if TYPE_CHECKING:
    from bot.client import CivBot

log = logging.getLogger(__name__)


class Seating:
    """The lobby's and ``/settings``' handlers (``bot.seating``)."""

    def __init__(self, bot: CivBot) -> None:
        self.bot = bot

    # -- lobby -------------------------------------------------------------------------------
    async def refresh_lobby(self, interaction: discord.Interaction[Any], info: GameInfo) -> None:
        """Redraw the lobby message the component sits on."""
        bot = self.bot
        engine = bot.service.engine(info.game)
        embed = lobby_embed(info, engine)
        view = static_view(*lobby_items(info, engine))
        if interaction.response.is_done():
            await interaction.edit_original_response(embed=embed, view=view)
        else:
            await interaction.response.edit_message(embed=embed, view=view)

    async def _lobby_press(self, interaction: discord.Interaction[Any], game_id: int) -> bool:
        """Defer a lobby press as an update of its message, then check it may reach the
        game; False when it was refused (and told)."""
        await interaction.response.defer()
        try:
            await reachable(self.bot.service, interaction, game_id)
        except REFUSALS as exc:
            await refuse(interaction, exc)
            return False
        return True

    async def lobby_action(
        self, interaction: discord.Interaction[Any], game_id: int, action: str
    ) -> None:
        """Join, leave or start; deferred (as an update of the lobby message) before the lobby
        is read or written, so the press is answered in time even when the write must wait."""
        bot = self.bot
        user = interaction.user
        info: GameInfo | None = None
        if not await self._lobby_press(interaction, game_id):
            return
        try:
            if action == "join":
                info = await bot.service.join(game_id, user.id, user.display_name)
            elif action == "leave":
                info = await bot.service.leave(game_id, user.id)
            else:
                outcome = await bot.service.start(game_id, user.id)
                info = outcome.info
        except (ServiceError, DatabaseBusy) as exc:
            await refuse(interaction, exc, info or await maybe_info(self.bot.service, game_id))
            return
        interaction.extras["saved"] = True
        if action == "start":
            with bot.delivery.owing(game_id):
                await self.refresh_lobby(interaction, info)
                await bot.delivery.announce_start(outcome)
        else:
            await self.refresh_lobby(interaction, info)

    async def lobby_option(
        self, interaction: discord.Interaction[Any], game_id: int, name: str, value: str
    ) -> None:
        """The creator's choice of an option; deferred first, like :func:`lobby_action`."""
        bot = self.bot
        if not await self._lobby_press(interaction, game_id):
            return
        try:
            info = await bot.service.set_option(game_id, interaction.user.id, name, value)
        except (ServiceError, DatabaseBusy) as exc:
            await refuse(interaction, exc, await maybe_info(self.bot.service, game_id))
            return
        interaction.extras["saved"] = True
        await self.refresh_lobby(interaction, info)

    # -- /settings ------------------------------------------------------------------------
    async def show_settings(
        self,
        interaction: discord.Interaction[Any],
        dm_on_turn: bool | None = None,
        reminder_pings: bool | None = None,
    ) -> None:
        """``/settings``: the user's own settings with their buttons, only to them; the
        values given are set first. Deferred before the database is read or written."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        service, user_id = self.bot.service, interaction.user.id
        if dm_on_turn is None and reminder_pings is None:
            settings = await service.player_settings(user_id)
        else:
            settings = await service.set_player_settings(
                user_id, dm_on_turn=dm_on_turn, reminder_pings=reminder_pings
            )
            interaction.extras["saved"] = True
        lang = user_lang(interaction)
        await interaction.followup.send(
            settings_text(lang, settings),
            view=static_view(*settings_items(lang, settings)),
            ephemeral=True,
        )

    async def change_setting(
        self, interaction: discord.Interaction[Any], name: str, value: bool
    ) -> None:
        """A ``/settings`` button: the clicker's setting ``name`` set to ``value``, and the
        settings message redrawn in place (deferred as its update first)."""
        await interaction.response.defer()
        changes = {FIELDS[name]: value}
        settings = await self.bot.service.set_player_settings(interaction.user.id, **changes)
        interaction.extras["saved"] = True
        lang = user_lang(interaction)
        await interaction.edit_original_response(
            content=settings_text(lang, settings),
            view=static_view(*settings_items(lang, settings)),
        )
