"""``/help``: the commands and how a turn works, in the reader's language."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import CivBot
from bot.flow import reply, user_lang
from bot.i18n import t
from bot.views.lobby import game_title
from engines.registry import engine_names


class HelpCog(commands.Cog):
    def __init__(self, bot: CivBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to play with this bot")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        lang = user_lang(interaction)
        embed = discord.Embed(
            title=t(lang, "help.title"),
            description=t(lang, "help.body"),
            colour=discord.Colour.green(),
        )
        games = ", ".join(game_title(lang, g) for g in engine_names())
        embed.set_footer(text=t(lang, "help.games", games=games))
        await reply(interaction, "", embed=embed)


async def setup(bot: CivBot) -> None:
    await bot.add_cog(HelpCog(bot))
