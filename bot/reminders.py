"""Reminders: a loop that pings players who were mentioned long ago and still must act.

The mention itself is recorded by delivery when a turn begins (once per turn); the
service keeps those notices in the database, so reminders survive restarts.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from discord.ext import tasks

if TYPE_CHECKING:
    from bot.client import CivBot

log = logging.getLogger(__name__)


class Reminders:
    """Every ``REMINDER_CHECK_SECONDS``, remind the seats waited on for ``REMINDER_DELAY``."""

    def __init__(self, bot: CivBot) -> None:
        self.bot = bot
        self.loop = tasks.loop(seconds=bot.settings.reminder_check_seconds)(self.check)
        self.loop.before_loop(self._wait_ready)

    async def _wait_ready(self) -> None:
        await self.bot.wait_until_ready()

    def start(self) -> None:
        if not self.loop.is_running():
            self.loop.start()

    def stop(self) -> None:
        self.loop.cancel()

    async def check(self) -> int:
        """Send the due reminders; returns how many were sent."""
        delay = self.bot.settings.reminder_delay_minutes * 60
        sent = 0
        try:
            due = await self.bot.service.due_reminders(delay)
        except Exception:
            log.exception("could not read due reminders")
            return 0
        for info, seat, version in due:
            try:
                if await self.bot.delivery.remind(info, seat):
                    sent += 1
                await self.bot.service.mark_reminded(info.id, seat, version)
            except Exception:
                log.exception("reminder for game %s seat %s failed", info.id, seat)
        return sent
