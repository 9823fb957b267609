"""Housekeeping: the reminder loop (started with the cog, stopped with it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord.ext import commands

from bot.reminders import Reminders

if TYPE_CHECKING:
    from bot.client import CivBot


class AdminCog(commands.Cog):
    def __init__(self, bot: CivBot) -> None:
        self.bot = bot
        self.reminders = Reminders(bot)

    async def cog_load(self) -> None:
        if self.bot.reminders_enabled:
            self.reminders.start()

    async def cog_unload(self) -> None:
        self.reminders.stop()


async def setup(bot: CivBot) -> None:
    await bot.add_cog(AdminCog(bot))
