"""``/hand`` and ``/play``: the typed twins of the "Show my hand" button and the option buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.interaction import reply, user_lang

if TYPE_CHECKING:
    from bot.client import CivBot


class PlayCog(commands.Cog):
    def __init__(self, bot: CivBot) -> None:
        self.bot = bot

    @app_commands.command(name="hand", description="Your private view and your open choice")
    @app_commands.describe(game_id="The game's number (not needed inside its thread)")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def hand(self, interaction: discord.Interaction[Any], game_id: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # before any read
        if game_id is None:
            games = await self.bot.play.candidate_games(interaction)
            if not games:
                await reply(interaction, t(user_lang(interaction), "errors.no_game_here"))
                return
            # Prefer a game that waits for this user.
            waiting = []
            for info in games:
                seat = info.seat_of(interaction.user.id)
                if any(p.seat == seat for p in await self.bot.service.prompts(info.id)):
                    waiting.append(info)
            game_id = (waiting or games)[0].id
        await self.bot.looking.show_hand(interaction, game_id)

    @app_commands.command(name="play", description="Answer your open choice by typing it")
    @app_commands.describe(option="Start typing: the legal options are suggested")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def play(self, interaction: discord.Interaction[Any], option: str) -> None:
        await self.bot.play.play(interaction, option)

    @play.autocomplete("option")
    async def play_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        choices = await self.bot.play.play_choices(interaction, current)
        return [app_commands.Choice(name=label, value=value) for label, value in choices]


async def setup(bot: CivBot) -> None:
    await bot.add_cog(PlayCog(bot))
