"""Telling a game's news and asking its questions: the façade the bot's handlers call.

Every game's table is the same: in the thread one live board and the log, one message per
stretch of play (``table``); in each seat's DMs its panel, edited in place, where its
questions are asked (``boards``). When a DM is refused (DMs closed, DMs on the seat's turn
turned off, or any other failure), the thread says so and offers the "Show my hand / act"
button, which opens the same panel ephemerally.

One concern a module: ``ledger`` (what is asked and owed, kept in the game's notes),
``transport`` (posting, and each failure told once), ``hand`` (pins and hand messages),
``table`` (the live board and log), ``boards`` (the panels), ``asking`` (no game stalls on
a question nobody saw: ``sync``), ``pacing`` (how one answer is told). The telling of a
committed answer is a duty: a failure leaves it owed (``owing``), caught up by the reminder
pass and at start-up (``catch_up``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import discord

from bot.delivery.asking import Questions
from bot.delivery.boards import TurnPanels
from bot.delivery.hand import Hands
from bot.delivery.ledger import Records
from bot.delivery.pacing import Telling
from bot.delivery.table import LiveBoard
from bot.delivery.transport import MENTION_USERS, MESSAGE_MAX, Transport, chunks, dm_intro
from bot.games import words_for
from bot.i18n import t
from bot.wording import public_prompt_text, seat_names
from games.models import GameInfo, Outcome

if TYPE_CHECKING:
    from bot.client import CivBot
    from engines.core.contract import Option, Prompt

log = logging.getLogger(__name__)

#: seconds a committed answer is left to its own telling before the reminder pass catches
#: it up (its publish may still be under way, here or in another process)
CATCH_UP_GRACE = 60.0


class Delivery:
    """Sends a game's news where each reader may see it, and asks its open questions."""

    def __init__(self, bot: CivBot) -> None:
        self.bot = bot
        #: each game's ledger, open prompt messages and turn panels (kept in its notes)
        self.records = Records(lambda: bot.service)
        self.transport = Transport(
            bot, self.records, lambda user_id: bot.service.player_settings(user_id)
        )
        self.hands = Hands(bot)
        self.panels = TurnPanels(bot, self.records, self.transport, self.hands)
        self.board = LiveBoard(bot, self.transport)
        self.questions = Questions(bot, self.records, self.transport, self.hands, self.panels)
        self.telling = Telling(
            bot, self.records, self.transport, self.panels, self.board, self.questions
        )
        #: one game's news and deliveries at a time: two answers told at once must not
        #: interleave, nor two passes deliver one question twice
        self._publishing: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        #: games whose telling of a committed answer failed here (``catch_up`` owes it)
        self._owed: set[int] = set()

    # -- which question, where ------------------------------------------------------------
    async def question_pins(self, info: GameInfo, prompts: list[Prompt]) -> dict[int, str]:
        """``{seat: pin}`` of ``prompts``, the open questions of ``info`` (at its version)."""
        return self.hands.question_pins(info, prompts)

    def seat_buttons(self, info: GameInfo, view: Any, seat: int) -> list[discord.ui.Item[Any]]:
        """Buttons showing the seats ``seat`` may look at (its neighbours' cities)."""
        return self.hands.seat_buttons(info, view, seat)

    async def thread(self, info: GameInfo) -> discord.abc.Messageable | None:
        """The game's thread (its channel before the thread exists), if it can be reached."""
        return await self.transport.thread(info)

    # -- what is owed, and what memory holds -----------------------------------------------
    async def delivered(self, info: GameInfo, seat: int) -> bool:
        """Whether ``seat``'s current question reached it and its turn notice was recorded
        (a turn deadline may only run then)."""
        return await self.questions.delivered(info, seat)

    def pending(self) -> list[int]:
        """Games whose ledger still owes a delivery, a mention or a notice."""
        return self.questions.pending()

    def forget_game(self, game_id: int) -> None:
        """Drop what is kept in memory for a game that ended (finished or abandoned)."""
        self.records.drop(game_id)
        self.questions.forget(game_id)
        self._owed.discard(game_id)
        lock = self._publishing.get(game_id)
        if lock is not None and not lock.locked():
            del self._publishing[game_id]

    def remembers(self, game_id: int) -> bool:
        """Whether memory holds anything of the game (none once it ended)."""
        parts = (self.records, self.questions)
        kept = game_id in self._publishing or game_id in self._owed
        return kept or any(part.holds(game_id) for part in parts)

    # -- prompt messages and panels ---------------------------------------------------------
    async def forget(self, game_id: int, message_id: int) -> None:
        """Stop tracking a prompt message (it was closed another way)."""
        await self.records.forget(game_id, message_id)

    async def close_open_prompts(self, game_id: int, keep: dict[int, str] | None = None) -> None:
        """Strip the components of prompt messages whose question is over: all of them
        unless ``keep`` names the questions still open, ``{seat: pin}``. Without ``keep``
        the game is over (abandoned): what memory holds for it is dropped too."""
        await self.questions.close(game_id, keep)
        if keep is None:
            self.forget_game(game_id)

    async def is_panel(self, game_id: int, seat: int, message: discord.Message | None) -> bool:
        """Whether ``message`` is the seat's turn panel (its clicks edit it in place)."""
        return await self.panels.is_panel(game_id, seat, message)

    async def redraw_panel(
        self,
        via: discord.Interaction[Any],
        info: GameInfo,
        prompt: Prompt,
        confirm: Option | None = None,
    ) -> None:
        """Redraw the seat's panel through its click ``via`` (deferred as an update): the
        question again ("Back"), or ``confirm``'s warnings with "Confirm" / "Back"."""
        async with self._publishing[info.id]:
            self.records.refresh(info.id)  # each pass starts from the notes
            await self.panels.redraw(via, info, prompt, confirm)

    async def confirm_on_panel(
        self, via: discord.Interaction[Any], info: GameInfo, prompt: Prompt, option: Option
    ) -> None:
        """The first press of an option with warnings: shown, not sent (``redraw_panel``)."""
        await self.redraw_panel(via, info, prompt, confirm=option)

    async def open_ephemeral_panel(
        self, interaction: discord.Interaction[Any], info: GameInfo, prompt: Prompt
    ) -> None:
        """ "Show my hand / act" on a panel question: the panel as an ephemeral reply
        (``TurnPanels.open_ephemeral``)."""
        async with self._publishing[info.id]:
            self.records.refresh(info.id)  # each pass starts from the notes
            await self.panels.open_ephemeral(interaction, info, prompt)

    # -- news -------------------------------------------------------------------------------
    async def announce_start(self, outcome: Outcome) -> None:
        info = outcome.info
        channel = await self.transport.thread(info)
        lang, names = info.language, seat_names(info.seats)
        players = ", ".join(f"<@{s.user_id}>" for s in info.seats)
        view = await self.bot.service.view(info.id, None)
        opening = words_for(info.game).opening_lines(lang, view, names)
        started = t(lang, "lobby.started", players=players)
        if len(started) + sum(len(x) + 3 for x in opening) > MESSAGE_MAX // 2:
            # Too long to head the first board: a message of its own.
            for text in chunks([started, *opening]):
                await self.transport.post(info, channel, text, allowed_mentions=MENTION_USERS)
            started, opening = "", []
        await self.publish(outcome, before=[], opening=(started, opening))

    @contextlib.contextmanager
    def owing(self, game_id: int) -> Iterator[None]:
        """Around the telling of a committed answer: any failure in it leaves the game owed
        (``catch_up`` by the next reminder pass; the database records it too, see
        ``GameService.undelivered``, for a restart or another process)."""
        try:
            yield
        except BaseException:
            self._owed.add(game_id)
            raise

    async def publish(
        self,
        outcome: Outcome,
        *,
        before: list[Prompt],
        interaction: discord.Interaction[Any] | None = None,
        actor: int | None = None,
        panel_click: bool = False,
        chosen: str | None = None,
        opening: tuple[str, list[str]] | None = None,
    ) -> None:
        """Events, board image (when the turn changes), result or next prompts.

        ``interaction``/``actor``: the click that produced ``outcome``, so a follow-up
        question of the same seat (a payment) can answer it directly; ``panel_click``: it
        was pressed on the actor's turn panel (deferred as an update: the panel is edited
        through it), ``chosen`` the option in words, told at the top of the panel.
        """
        game_id = outcome.info.id
        with self.owing(game_id):
            async with self._publishing[game_id]:
                self.records.refresh(game_id)  # each pass starts from the notes
                told = await self.telling.publish(
                    outcome,
                    before,
                    interaction=interaction,
                    actor=actor,
                    panel_click=panel_click,
                    chosen=chosen,
                    opening=opening,
                )
                if told:
                    await self.bot.service.mark_delivered(game_id, outcome.info.version)
                else:
                    self._owed.add(game_id)
        if outcome.result is not None:
            self.forget_game(game_id)

    # -- delivering what is owed ------------------------------------------------------------
    async def deliver_all(self) -> int:
        """At start-up: every active game's open questions delivered, unless already live,
        and every answer whose telling a crash or an error cut short caught up
        (``catch_up``). Returns the games that still owe something."""
        try:
            active = [g.id for g in await self.bot.service.list_games(None) if g.status == "active"]
            owed = set(await self.bot.service.undelivered())
        except Exception:
            log.exception("could not list the games to deliver their open questions")
            return 0
        for game_id in sorted({*active, *owed}):
            if game_id in owed:
                await self.catch_up(game_id)
            else:
                await self.retry(game_id)
        return len(set(self.pending()) | self._owed)

    async def retry_pending(self) -> None:
        """Another try for every game left with an undelivered question or mention, and
        for every committed answer not yet told (found in the database, so a failure in
        another process or before a restart is caught up too)."""
        owed = set(self._owed)
        try:
            owed |= set(await self.bot.service.undelivered(CATCH_UP_GRACE))
        except Exception:
            log.exception("could not read the games that owe a delivery")
        for game_id in sorted(owed):
            await self.catch_up(game_id)
        for game_id in self.pending():
            if game_id not in owed:
                await self.retry(game_id)

    async def catch_up(self, game_id: int) -> None:
        """Tell what a committed answer's failed telling left untold; never raises (logged).

        The events themselves are gone with the failed attempt (the thread's log misses
        them), but nothing a player needs is: the turn's or round's picture when its note
        says it was not posted, every open question not delivered (mentioned, its clock
        started), or the final result. Then the version is marked told."""
        try:
            async with self._publishing[game_id]:
                self.records.refresh(game_id)  # each pass starts from the notes
                info = await self.bot.service.get(game_id)
                told = True
                if info.status == "active":
                    told = await self.telling.catch_up_table(info)
                    await self.questions.sync(game_id, close=True)
                elif info.status == "finished":
                    result = await self.bot.service.result(game_id)
                    if result is not None:
                        await self.close_open_prompts(game_id, keep={})
                        outcome = Outcome(info=info, result=result)
                        told = await self.telling.catch_up_result(info, outcome)
                if not told:
                    raise RuntimeError("the board could not be posted")
                if info.status in ("active", "finished"):
                    await self.bot.service.mark_delivered(game_id, info.version)
        except Exception:
            log.exception("game %s: could not catch up its delivery", game_id)
            self._owed.add(game_id)
            return
        self._owed.discard(game_id)
        if info.status != "active":
            self.forget_game(game_id)

    async def retry(self, game_id: int) -> None:
        """Deliver what game ``game_id``'s ledger owes; never raises (logged)."""
        try:
            async with self._publishing[game_id]:
                self.records.refresh(game_id)  # each pass starts from the notes
                await self.questions.sync(game_id, close=True)
        except Exception:
            log.exception("game %s: could not deliver its open questions", game_id)

    # -- reminders and deadlines ------------------------------------------------------------
    async def remind(self, info: GameInfo, seat: int) -> bool:
        """Remind ``seat`` in the thread (its DMs when the thread fails); False if there is
        nothing to remind, its player turned reminder pings off, or it reached no one."""
        prompts = await self.bot.service.prompts(info.id)
        prompt = next((p for p in prompts if p.seat == seat), None)
        user_id = info.user_of(seat)
        if prompt is None or user_id is None:
            return False
        if not prompt.blocking or prompt.discreet:
            return False  # nothing to remind, or the table may not know it is choosing
        if not (await self.bot.service.player_settings(user_id)).reminder_pings:
            return False  # they asked for no reminders (/settings); deadlines still run
        what = public_prompt_text(info.game, info.language, prompt, seat_names(info.seats))
        text = t(info.language, "turn.reminder", mention=f"<@{user_id}>", id=info.id, prompt=what)
        asker = await self.questions.asked_by(info, prompt)
        if asker:
            text = t(
                info.language,
                "turn.reaction_reminder",
                mention=f"<@{user_id}>",
                id=info.id,
                asker=asker,
                prompt=what,
            )
        channel = await self.transport.thread(info)
        if (
            await self.transport.post(info, channel, text, allowed_mentions=MENTION_USERS)
            is not None
        ):
            return True
        return bool(await self.transport.try_dm(info, user_id, f"{dm_intro(info)}\n{text}"))

    async def timed_out(self, info: GameInfo, seat: int, chosen: str) -> None:
        """Say in the thread that the bot chose for ``seat`` (never what), and tell the
        seat privately what was chosen (``chosen``, already in words)."""
        channel = await self.transport.thread(info)
        user_id = info.user_of(seat)
        if user_id is None:
            return
        lang = info.language
        await self.transport.post(
            info,
            channel,
            t(lang, "turn.timed_out", mention=f"<@{user_id}>", id=info.id),
            allowed_mentions=MENTION_USERS,
        )
        await self.transport.try_dm(
            info,
            user_id,
            f"{dm_intro(info)}\n" + t(lang, "turn.timed_out_dm", option=chosen),
        )
