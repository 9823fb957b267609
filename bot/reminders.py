"""Reminders and deadlines: a loop that pings players who were mentioned long ago and still
must act, and chooses for those whose turn deadline (lobby option ``deadline``) passed.

The mention itself is recorded by delivery once the question that begins a turn reached the
seat (once per turn); the service keeps those notices in the database, so reminders and
deadlines survive restarts. Each pass also retries the deliveries that failed.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from discord.ext import tasks

from bot.i18n import t
from bot.wording import option_text, seat_names

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
        """Choose for late seats, then send the due reminders; returns reminders sent.
        Afterwards tell the threads of games that could not be read, and prune. First,
        another try for every question or mention a failed post left undelivered."""
        await self.bot.delivery.retry_pending()
        await self.deadlines()
        sent = await self.reminders()
        await self.report_unreadable()
        try:
            await self.bot.service.prune()
        except Exception:
            log.exception("could not prune ended games' interaction ids")
        return sent

    async def report_unreadable(self) -> None:
        """Say once in each newly unreadable game's thread that its reminders and deadlines
        are paused (the service skips the game and has logged why)."""
        for failure in self.bot.service.take_failures():
            info = failure.info
            if info is None:
                continue
            try:
                channel = await self.bot.delivery.thread(info)
                if channel is not None:
                    await channel.send(t(info.language, "errors.game_unreadable", id=info.id))
            except Exception:
                log.exception("could not tell game %s that it cannot be read", info.id)

    async def deadlines(self) -> int:
        """Answer with the engine's ``timeout_option`` for every seat past its deadline and
        say so; returns how many answers were made."""
        made = 0
        for _ in range(20):  # a late seat may owe two answers (a card, then its payment)
            try:
                due = await self.bot.service.due_timeouts()
            except Exception:
                log.exception("could not read due deadlines")
                return made
            if not due:
                break
            before_pass = made
            for info, seat in due:
                try:
                    if not await self.bot.delivery.delivered(info, seat):
                        # Its question never reached it (a failed post, a crash before the
                        # delivery): the deadline runs only once it has.
                        continue
                    before = await self.bot.service.prompts(info.id)
                    done = await self.bot.service.answer_timeout(info.id, seat)
                    if done is None:
                        continue
                    outcome, option_id = done
                    prompt = next((p for p in before if p.seat == seat), None)
                    option = prompt.option(option_id) if prompt else None
                    names = seat_names(info.seats)
                    chosen = (
                        option_text(info.game, info.language, option, names)
                        if option
                        else option_id
                    )
                    made += 1
                    with self.bot.delivery.owing(info.id):
                        await self.bot.delivery.timed_out(outcome.info, seat, chosen)
                        await self.bot.delivery.publish(outcome, before=before, actor=seat)
                except Exception:
                    log.exception("deadline for game %s seat %s failed", info.id, seat)
            if made == before_pass:
                break  # nothing could be answered: try again at the next check
        return made

    async def reminders(self) -> int:
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
