"""``/settings``: a player's own settings, the same in every game and server."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.client import CivBot


class SettingsCog(commands.Cog):
    def __init__(self, bot: CivBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="settings", description="Your own settings: DMs on your turn, reminder pings"
    )
    @app_commands.describe(
        dm_on_turn="Send me a DM when my turn begins (off: use Show my hand / act or /hand)",
        reminder_pings="Ping me in the thread when I am slow to answer",
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        dm_on_turn: bool | None = None,
        reminder_pings: bool | None = None,
    ) -> None:
        await self.bot.seating.show_settings(interaction, dm_on_turn, reminder_pings)


async def setup(bot: CivBot) -> None:
    await bot.add_cog(SettingsCog(bot))
