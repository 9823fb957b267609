"""Posting what happened and what is asked next: the thread, DMs, and the DM-closed fallback.

Public events, board images and public prompts go to the game's thread; private events and
private prompts go to the seat's DMs. When a DM is refused (Discord error 50007, DMs
closed, or any other failure), the thread says so and offers the "Show my hand / act"
button, which answers ephemerally with the same information and components.

Games played in simultaneous turns (``GameWords.rounds``, 7 Wonders) are told per turn:
while a turn is open the thread only sees one status message, edited in place, naming who
is still choosing (never what anyone chose); once the engine resolves the turn the thread
gets the summary and the table image, and every seat gets its new hand in DMs. The status
message id and the turn last announced are kept as game notes, so a restart goes on
editing the same message.

No game may stall on a question nobody saw. Every open question is tracked in a ledger
(the game note ``delivery``, see ``Asked``): which question each seat is asked, whether it
reached the seat with live components (or the DM-closed note), whether the seat still owes
its "your turn" mention and its turn notice (the reminder and deadline clock). ``sync``
delivers whatever the ledger says is missing, one message at a time, so one failed post
never stops the others; it runs after every accepted answer, at start-up for every active
game, and on each pass of the reminder loop for the games left with something undelivered.
A failure is told once (the thread if it works, else the creator's DMs, and the log) and
again only after that place has worked in between.

Prompt messages that still carry answer components are remembered per game (seat, what
the components answer, channel and message id), in memory and in the game note
``open_prompts``: once their question is over their components are stripped, even when the
bot restarted in between.

Games whose turns are many answers of one seat (``GameWords.on_panel``, Through the Ages)
ask them on a *turn panel*: one DM message per seat and turn (``GameWords.turn_key``),
edited in place after each answer (through the click's own interaction when the seat
pressed it, else through the stored message), never one message per answer. The note
``panel:<seat>`` (see ``Panel``) keeps where it is, the turn and the question it shows, and
the turn's provisional events ("Last: ..."), so a restart edits it rather than sending
another. Provisional events (``Event.provisional``) are shown there only, never in the
thread; the thread gets the table image once per turn and a status line edited in place.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import defaultdict
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot import ids
from bot.games import GameWords, pin, words_for
from bot.i18n import has, t
from bot.render import board_file, extra_file
from bot.views import static_view
from bot.views.lobby import game_title
from bot.views.panel import confirm_items
from bot.views.prompt import HandButton, SeatButton, prompt_items
from bot.wording import (
    event_text,
    join,
    option_text,
    prompt_text,
    public_prompt_text,
    reaction_asker,
    result_lines,
    seat_names,
    sentences,
)
from games.models import GameInfo, Outcome, ServiceError

if TYPE_CHECKING:
    from bot.client import CivBot
    from engines.core.contract import Event, Option, Prompt

log = logging.getLogger(__name__)

DM_CLOSED = 50007
MESSAGE_MAX = 2000
MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)
ROUND_NOTE = "round"
STATUS_NOTE = "status_message"
OPEN_NOTE = "open_prompts"
LEDGER_NOTE = "delivery"
#: ``panel:<seat>``: the seat's turn panel (``Panel``)
PANEL_NOTE = "panel"
#: the turn (``GameWords.turn_key``) whose table image was posted last
TURN_NOTE = "turn"
#: the message id of the turn's status line (``GameWords.turn_status``)
TURN_STATUS_NOTE = "turn_status"
#: where a post can fail: the game's thread, or one user's DMs (``dm:<user id>``)
THREAD = "thread"
#: seconds a committed answer is left to its own telling before the reminder pass catches
#: it up (its publish may still be under way, here or in another process)
CATCH_UP_GRACE = 60.0

#: a prompt message still showing components: (seat, pin, channel id, message id)
OpenPrompt = tuple[int, str, int, int]


def chunks(lines: list[str], limit: int = MESSAGE_MAX) -> list[str]:
    """Join lines into messages of at most ``limit`` characters."""
    out: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


def confirm_line(lang: str, chosen: str, warned: str) -> str:
    """The panel's confirmation question. An option whose own label already tells its costs
    (ending the turn: "End turn — 2 civil actions unused") is not told them twice."""
    key = "panel.confirm_named" if warned and warned in chosen else "panel.confirm"
    return t(lang, key, option=chosen, warnings=warned)


def continues(words: GameWords, earlier: Prompt, prompt: Prompt, *, panelled: bool) -> bool:
    """Whether ``prompt``, a seat's new question, goes on with the turn it was answering
    ``earlier`` (no new mention, its turn's clock runs on) rather than being a question of
    its own. A question put out of turn (``reaction``) is always its own: each has its own
    deadline. In a game played on turn panels (``panelled``) the turn goes on on the
    panel: a question outside it (the short game's keep question, raised by the seat's own
    end-of-turn discard and asked of every player at once) is its own too. Otherwise the
    seat's own turn goes on unless it was answering out of turn before."""
    if prompt.reaction:
        return False
    if panelled:
        return words.on_panel(prompt)
    return not earlier.reaction


@dataclass
class Asked:
    """Where one seat's open question stands.

    ``pin`` names the question (``bot.games.pin``). ``done``: live components reached the
    seat (its DMs, the thread, a reply under its last answer) or the DM-closed note told it
    where to act. ``mention``: the thread still owes the seat its "your turn" mention.
    ``notice``: the turn notice (reminders, deadline) is still to be recorded; it is
    recorded once the question is delivered, so a deadline never runs on an unseen question.
    """

    pin: str
    done: bool = False
    mention: bool = False
    notice: bool = False

    @property
    def owed(self) -> bool:
        return not self.done or self.mention or self.notice


@dataclass
class Ledger:
    """A game's delivery ledger: ``seats`` asked, and the places whose failure was told."""

    seats: dict[int, Asked] = field(default_factory=dict)
    told: set[str] = field(default_factory=set)

    def dump(self) -> str:
        seats = {str(s): [a.pin, a.done, a.mention, a.notice] for s, a in self.seats.items()}
        return json.dumps({"seats": seats, "told": sorted(self.told)})

    @classmethod
    def load(cls, raw: str | None) -> Ledger:
        data = json.loads(raw or "{}")
        seats = {
            int(seat): Asked(str(v[0]), bool(v[1]), bool(v[2]), bool(v[3]))
            for seat, v in dict(data.get("seats", {})).items()
        }
        return cls(seats, {str(x) for x in data.get("told", [])})


@dataclass
class Panel:
    """A seat's turn panel: the one message its turn is played on.

    ``turn``: the turn it belongs to (a new turn gets a new message). ``pin``: the question
    its components answer now ("" while it waits for another seat: no components).
    ``ephemeral``: opened by "Show my hand / act" (DMs closed): only its own clicks can
    edit it. ``last``: the turn's provisional events, worded. ``confirm``: the option whose
    confirmation it shows.
    """

    channel: int
    message: int
    turn: str
    pin: str = ""
    ephemeral: bool = False
    last: list[str] = field(default_factory=list)
    confirm: str = ""

    def dump(self) -> str:
        return json.dumps(
            [
                self.channel,
                self.message,
                self.turn,
                self.pin,
                self.ephemeral,
                self.last,
                self.confirm,
            ]
        )

    @classmethod
    def load(cls, raw: str | None) -> Panel | None:
        if not raw:
            return None
        channel, message, turn, pinned, ephemeral, last, confirm = json.loads(raw)
        return cls(
            int(channel),
            int(message),
            str(turn),
            str(pinned),
            bool(ephemeral),
            [str(x) for x in last],
            str(confirm),
        )


class Delivery:
    """Sends a game's news where each reader may see it."""

    def __init__(self, bot: CivBot) -> None:
        self.bot = bot
        #: prompt messages still showing components, per game, with the seat and pin they
        #: answer: closed once that seat's question changes. Kept in the note ``OPEN_NOTE``
        #: too (loaded on first use per game), so a restart still closes them.
        self._open: dict[int, list[OpenPrompt]] = {}
        #: each game's delivery ledger (the note ``LEDGER_NOTE``, loaded on first use)
        self._ledgers: dict[int, Ledger] = {}
        #: each ledger as last written to its note (unchanged ones are not written again)
        self._stored: dict[int, str] = {}
        #: games whose ledger still owes something: retried by the reminder loop
        self._pending: set[int] = set()
        #: answers per seat, with the version they describe (names stamped questions)
        self._answered: dict[int, tuple[int, dict[int, int]]] = {}
        #: one game's news and deliveries at a time: two answers told at once must not
        #: interleave, nor two passes deliver one question twice
        self._publishing: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        #: each seat's turn panel (the notes ``panel:<seat>``, loaded on first use)
        self._panels: dict[int, dict[int, Panel | None]] = {}
        #: the text each game's turn status line shows (an unchanged line is not edited)
        self._status_text: dict[int, str] = {}
        #: games whose telling of a committed answer failed here (``catch_up`` owes it)
        self._owed: set[int] = set()

    # -- which question ---------------------------------------------------------------
    async def question_pins(self, info: GameInfo, prompts: list[Prompt]) -> dict[int, str]:
        """``{seat: pin}`` of ``prompts``, the open questions of ``info`` (at its version)."""
        words = words_for(info.game)
        answered: dict[int, int] | None = None
        if words.stamped and words.renewed_by_answer:
            cached = self._answered.get(info.id)
            if cached is not None and cached[0] == info.version:
                answered = cached[1]
            else:
                answered = await self.bot.service.answers_by_seat(info.id)
                if sum(answered.values()) == info.version:
                    self._answered[info.id] = (info.version, answered)
        return {p.seat: pin(info.game, p, info.version, answered) for p in prompts}

    async def pin_of(self, info: GameInfo, prompt: Prompt) -> str:
        """What the components answering ``prompt`` carry (see ``question_pins``)."""
        return (await self.question_pins(info, [prompt]))[prompt.seat]

    # -- channels ---------------------------------------------------------------------
    async def thread(self, info: GameInfo) -> discord.abc.Messageable | None:
        channel_id = info.thread_id or info.channel_id
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                log.debug("game %s: channel %s cannot be fetched", info.id, channel_id)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def dm(self, user_id: int, content: str, **kwargs: Any) -> discord.Message | None:
        """DM a user; None if their DMs are closed (50007). Other failures propagate."""
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            return await user.send(content, **kwargs)
        except discord.Forbidden as exc:
            if exc.code == DM_CLOSED:
                return None
            raise

    async def post(
        self, info: GameInfo, channel: discord.abc.Messageable | None, text: str, **kwargs: Any
    ) -> discord.Message | None:
        """Post in the game's thread; None when that fails (told once, see ``failed``)."""
        if channel is None:
            await self.failed(info, THREAD, "the thread cannot be found")
            return None
        try:
            message = await channel.send(text, **kwargs)
        except discord.HTTPException as exc:
            await self.failed(info, THREAD, f"{exc.status} {exc.text or exc}")
            return None
        await self.worked(info, THREAD)
        return message

    async def try_dm(
        self, info: GameInfo, user_id: int, text: str, **kwargs: Any
    ) -> discord.Message | Literal[False] | None:
        """DM a user of the game: the message, None if their DMs are closed, or False when
        the post failed otherwise (told once)."""
        where = f"dm:{user_id}"
        try:
            sent = await self.dm(user_id, text, **kwargs)
        except discord.HTTPException as exc:
            await self.failed(info, where, f"{exc.status} {exc.text or exc}")
            return False
        if sent is not None:
            await self.worked(info, where)
        return sent

    async def failed(self, info: GameInfo, where: str, reason: str) -> None:
        """Tell a failed post once: in the log, and to the creator's DMs when the thread is
        out of reach (a failed DM is told in the thread by the DM-closed note)."""
        ledger = await self._ledger(info.id)
        if where in ledger.told:
            return
        ledger.told.add(where)
        await self._store_ledger(info.id)
        log.warning("game %s: could not post to %s: %s", info.id, where, reason)
        if where != THREAD:
            return
        thread = f"<#{info.thread_id or info.channel_id}>"
        text = t(
            info.language,
            "turn.thread_failed",
            id=info.id,
            game=game_title(info.language, info.game),
            thread=thread,
            reason=reason,
        )
        try:
            if await self.dm(info.creator_id, text) is None:
                log.warning("game %s: its creator's DMs are closed too", info.id)
        except discord.HTTPException:
            log.warning("game %s: could not tell its creator either", info.id, exc_info=True)

    async def worked(self, info: GameInfo, where: str) -> None:
        """A post to ``where`` went through: its next failure is news again."""
        ledger = await self._ledger(info.id)
        if where in ledger.told:
            ledger.told.discard(where)
            await self._store_ledger(info.id)

    # -- the ledger -------------------------------------------------------------------
    async def _ledger(self, game_id: int) -> Ledger:
        if game_id not in self._ledgers:
            raw = await self.bot.service.get_note(game_id, LEDGER_NOTE)
            try:
                ledger = Ledger.load(raw)
            except (TypeError, ValueError, IndexError, AttributeError):
                log.warning("game %s: unreadable note %s", game_id, LEDGER_NOTE)
                ledger = Ledger()
            if self._ledgers.setdefault(game_id, ledger) is ledger:
                self._stored[game_id] = raw or ""
        return self._ledgers[game_id]

    async def _store_ledger(self, game_id: int) -> None:
        """Write the ledger to its note, when it changed since the last write."""
        ledger = self._ledgers.get(game_id)
        if ledger is None:
            return
        dumped = ledger.dump()
        if self._stored.get(game_id) != dumped:
            await self.bot.service.set_note(game_id, LEDGER_NOTE, dumped)
            self._stored[game_id] = dumped

    async def delivered(self, info: GameInfo, seat: int) -> bool:
        """Whether ``seat``'s current question reached it and its turn notice was recorded
        (a turn deadline may only run then)."""
        prompts = await self.bot.service.prompts(info.id)
        prompt = next((p for p in prompts if p.seat == seat), None)
        if prompt is None:
            return False
        if words_for(info.game).done(prompt):
            return True  # chosen already; may only change its mind
        asked = (await self._ledger(info.id)).seats.get(seat)
        pinned = await self.pin_of(info, prompt)
        return asked is not None and asked.pin == pinned and asked.done and not asked.notice

    def pending(self) -> list[int]:
        """Games whose ledger still owes a delivery, a mention or a notice."""
        return sorted(self._pending)

    def forget_game(self, game_id: int) -> None:
        """Drop what is kept in memory for a game that ended (finished or abandoned)."""
        self._open.pop(game_id, None)
        self._ledgers.pop(game_id, None)
        self._stored.pop(game_id, None)
        self._answered.pop(game_id, None)
        self._panels.pop(game_id, None)
        self._status_text.pop(game_id, None)
        self._pending.discard(game_id)
        self._owed.discard(game_id)
        lock = self._publishing.get(game_id)
        if lock is not None and not lock.locked():
            del self._publishing[game_id]

    # -- open prompt messages ---------------------------------------------------------
    async def _opened(self, game_id: int) -> list[OpenPrompt]:
        """The game's open prompt messages (read from its note the first time)."""
        if game_id not in self._open:
            raw = await self.bot.service.get_note(game_id, OPEN_NOTE)
            entries: list[OpenPrompt] = []
            try:
                for seat, pinned, channel_id, message_id in json.loads(raw or "[]"):
                    entries.append((int(seat), str(pinned), int(channel_id), int(message_id)))
            except (TypeError, ValueError):
                log.warning("game %s: unreadable note %s", game_id, OPEN_NOTE)
            # Another task may have loaded (and changed) it meanwhile: memory wins.
            self._open.setdefault(game_id, entries)
        return self._open[game_id]

    async def _store_open(self, game_id: int, entries: list[OpenPrompt]) -> None:
        self._open[game_id] = entries
        await self.bot.service.set_note(game_id, OPEN_NOTE, json.dumps(entries))

    async def remember(
        self, game_id: int, seat: int, pinned: str, message: discord.Message
    ) -> None:
        """Note a prompt message just sent, to close it once its question is over."""
        entries = await self._opened(game_id)
        await self._store_open(game_id, [*entries, (seat, pinned, message.channel.id, message.id)])

    async def forget(self, game_id: int, message_id: int) -> None:
        """Stop tracking a prompt message (it was closed another way)."""
        entries = await self._opened(game_id)
        kept = [e for e in entries if e[3] != message_id]
        if len(kept) != len(entries):
            await self._store_open(game_id, kept)

    async def close_open_prompts(self, game_id: int, keep: dict[int, str] | None = None) -> None:
        """Strip the components of prompt messages whose question is over: all of them
        unless ``keep`` names the questions still open, ``{seat: pin}``. Without ``keep``
        the game is over (abandoned): what memory holds for it is dropped too."""
        entries = await self._opened(game_id)
        closing = [e for e in entries if keep is None or keep.get(e[0]) != e[1]]
        if closing:
            # Forget them first: a message that cannot be edited is not tried again.
            await self._store_open(game_id, [e for e in self._open[game_id] if e not in closing])
        for _seat, _pinned, channel_id, message_id in closing:
            message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
            try:
                await message.edit(view=None)
            except (discord.NotFound, discord.Forbidden):
                log.debug("prompt message %s is gone or out of reach", message_id)
            except discord.HTTPException:
                log.warning("could not close prompt message %s", message_id, exc_info=True)
        if not keep:
            await self._close_panels(game_id)
        if keep is None:
            self.forget_game(game_id)

    # -- turn panels ------------------------------------------------------------------
    async def panel(self, game_id: int, seat: int) -> Panel | None:
        """The seat's turn panel, if it has one (read from its note the first time)."""
        seats = self._panels.setdefault(game_id, {})
        if seat not in seats:
            raw = await self.bot.service.get_note(game_id, f"{PANEL_NOTE}:{seat}")
            try:
                loaded = Panel.load(raw)
            except (TypeError, ValueError):
                log.warning("game %s: unreadable note %s:%s", game_id, PANEL_NOTE, seat)
                loaded = None
            seats.setdefault(seat, loaded)  # memory wins over a note read meanwhile
        return seats[seat]

    async def _set_panel(self, game_id: int, seat: int, panel: Panel | None) -> None:
        self._panels.setdefault(game_id, {})[seat] = panel
        await self.bot.service.set_note(
            game_id, f"{PANEL_NOTE}:{seat}", panel.dump() if panel is not None else ""
        )

    async def is_panel(self, game_id: int, seat: int, message: discord.Message | None) -> bool:
        """Whether ``message`` is the seat's turn panel (its clicks edit it in place)."""
        if message is None:
            return False
        panel = await self.panel(game_id, seat)
        return panel is not None and panel.message == message.id

    @staticmethod
    def uses_panels(game: str, prompts: list[Prompt]) -> bool:
        """Whether the game may have turn panels now: a prompt asked on one, or a game
        that names its turns (a seat waiting on another's answer keeps its panel)."""
        words = words_for(game)
        keyed = type(words).turn_key is not GameWords.turn_key
        return keyed or any(words.on_panel(p) for p in prompts)

    async def turn_of(self, info: GameInfo) -> str:
        """The turn the game is in (``GameWords.turn_key`` of the public view; "" none)."""
        view = await self.bot.service.view(info.id, None)
        return words_for(info.game).turn_key(view) or ""

    async def _edit_panel(
        self, panel: Panel, via: discord.Interaction[Any] | None, **changes: Any
    ) -> bool:
        """Edit the panel: through ``via`` (a click on it, deferred as an update), else the
        stored message (not possible for an ephemeral one). False when it failed."""
        try:
            if via is not None:
                await via.edit_original_response(**changes)
            elif panel.ephemeral:
                return False
            else:
                channel = self.bot.get_partial_messageable(panel.channel)
                await channel.get_partial_message(panel.message).edit(**changes)
        except discord.HTTPException:
            log.info("could not edit turn panel %s", panel.message, exc_info=True)
            return False
        return True

    async def _close_panels(self, game_id: int) -> None:
        """Strip every panel of the game of its components (the game is over), also those
        not read since a restart."""
        try:
            seats = range(len((await self.bot.service.get(game_id)).seats))
        except ServiceError:
            seats = range(0)
        for seat in sorted({*seats, *self._panels.get(game_id, {})}):
            panel = await self.panel(game_id, seat)
            if panel is not None:
                await self._edit_panel(panel, None, view=None)
                await self._set_panel(game_id, seat, None)

    def _last_lines(self, info: GameInfo, panel: Panel | None) -> list[str]:
        """The panel's "Last: ..." line: the turn's latest provisional events."""
        if panel is None or not panel.last:
            return []
        shown = panel.last[-words_for(info.game).panel_last :]
        return [t(info.language, "panel.last", events=sentences(info.language, shown))]

    async def _note_provisional(
        self, info: GameInfo, events: list[Event], actor: int | None, turn: str
    ) -> None:
        """Keep the provisional events for the actor's panel (never told elsewhere; an
        answer chosen for a seat by its deadline has no actor: the event's seat)."""
        names = seat_names(info.seats)
        changed: set[int] = set()
        for event in events:
            if not event.provisional:
                continue
            seat = actor if actor is not None else event.seat
            if seat is None or not event.visible_for(seat):
                continue
            panel = await self.panel(info.id, seat)
            text = event_text(info.game, info.language, event, names)
            if panel is None or panel.turn != turn or not text:
                continue
            panel.last = [*panel.last, text][-words_for(info.game).panel_last :]
            changed.add(seat)
        for seat in changed:
            await self._set_panel(info.id, seat, self._panels[info.id][seat])

    async def panel_content(
        self,
        info: GameInfo,
        prompt: Prompt,
        pinned: str,
        lines: list[str] | None = None,
        confirm: Option | None = None,
    ) -> tuple[str, list[discord.ui.Item[Any]], list[discord.File]]:
        """The panel of ``prompt``'s seat: its hand, the turn's last events, the question
        and its components; with ``confirm``, the warnings of that option and "Confirm" /
        "Back" instead of the question's components."""
        panel = await self.panel(info.id, prompt.seat)
        head = [*(lines or []), *self._last_lines(info, panel)]
        text, items, files = await self.private_message(info, prompt, pinned, head)
        if confirm is None:
            return text, items, files
        lang, names = info.language, seat_names(info.seats)
        chosen = option_text(info.game, lang, confirm, names)
        warned = self.warning_texts(info, confirm)
        text = "\n".join([text, confirm_line(lang, chosen, warned)])
        if len(text) > MESSAGE_MAX:
            text = "…" + text[-(MESSAGE_MAX - 1) :]
        index = next(i for i, o in enumerate(prompt.options) if o.id == confirm.id)
        labels = (
            t(lang, "panel.button.confirm", option=chosen)[:80],
            t(lang, "panel.button.back"),
        )
        version = ids.parse_version(pinned)
        return text, confirm_items(info.id, version, prompt.seat, confirm.id, index, labels), files

    def warning_texts(self, info: GameInfo, option: Option) -> str:
        """``GameWords.warnings`` of ``option`` in words (``<game>.warn.<param>``)."""
        lang = info.language
        parts = []
        for key, value in words_for(info.game).warnings(option).items():
            full = f"{info.game}.warn.{key}"
            parts.append(
                t(lang, full, n=value)
                if has(lang, full)
                else t(lang, "panel.warn", what=key.replace("_", " "), n=value)
            )
        return join(lang, parts)

    async def show_panel(
        self,
        info: GameInfo,
        prompt: Prompt,
        pinned: str,
        turn: str,
        via: discord.Interaction[Any] | None = None,
        lines: list[str] | None = None,
        confirm: Option | None = None,
    ) -> bool:
        """Show ``prompt`` on its seat's panel: the turn's panel edited in place (through
        ``via``, the seat's click on it, if given), else a new DM (the old one, if any, is
        stripped). False when the seat could not be reached (DMs closed or failing)."""
        seat = prompt.seat
        panel = await self.panel(info.id, seat)
        if panel is not None and panel.turn != turn:
            await self._edit_panel(panel, via, view=None)
            panel = None
            via = None
        if panel is not None:
            text, items, files = await self.panel_content(info, prompt, pinned, lines, confirm)
            changes: dict[str, Any] = {"content": text, "view": static_view(*items)}
            if files or self.bot.renderer is not None:
                changes["attachments"] = files
            if await self._edit_panel(panel, via, **changes):
                panel.pin, panel.confirm = pinned, confirm.id if confirm is not None else ""
                await self._set_panel(info.id, seat, panel)
                return True
        user_id = info.user_of(seat)
        if user_id is None:
            return False
        text, items, files = await self.panel_content(info, prompt, pinned, lines, confirm)
        kwargs: dict[str, Any] = {"view": static_view(*items)}
        if files:
            kwargs["files"] = files
        sent = await self.try_dm(info, user_id, text, **kwargs)
        if not sent:
            return False
        if panel is not None:
            await self._edit_panel(panel, None, view=None)  # the turn moved to a new message
        last = panel.last if panel is not None else []
        new = Panel(
            sent.channel.id,
            sent.id,
            turn,
            pinned,
            last=last,
            confirm=confirm.id if confirm is not None else "",
        )
        await self._set_panel(info.id, seat, new)
        return True

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
            pinned = await self.pin_of(info, prompt)
            turn = await self.turn_of(info)
            await self.show_panel(info, prompt, pinned, turn, via, confirm=confirm)

    async def confirm_on_panel(
        self, via: discord.Interaction[Any], info: GameInfo, prompt: Prompt, option: Option
    ) -> None:
        """The first press of an option with warnings: shown, not sent (``redraw_panel``)."""
        await self.redraw_panel(via, info, prompt, confirm=option)

    async def open_ephemeral_panel(
        self, interaction: discord.Interaction[Any], info: GameInfo, prompt: Prompt
    ) -> None:
        """ "Show my hand / act" on a panel question: the panel as an ephemeral reply. When
        the seat has no panel it can be shown on this turn (DMs closed) the reply becomes
        its panel, which its own clicks edit; else it is a copy (the DM panel stays)."""
        seat = prompt.seat
        async with self._publishing[info.id]:
            pinned = await self.pin_of(info, prompt)
            turn = await self.turn_of(info)
            text, items, files = await self.panel_content(info, prompt, pinned)
            kwargs: dict[str, Any] = {"view": static_view(*items)}
            if files:
                kwargs["files"] = files
            message = await interaction.followup.send(text, ephemeral=True, wait=True, **kwargs)
            panel = await self.panel(info.id, seat)
            if panel is not None and panel.turn == turn and not panel.ephemeral and panel.pin:
                return  # its DM panel is live: the reply is only a copy
            last = panel.last if panel is not None and panel.turn == turn else []
            await self._set_panel(
                info.id,
                seat,
                Panel(message.channel.id, message.id, turn, pinned, ephemeral=True, last=last),
            )

    async def _tidy_panels(
        self,
        info: GameInfo,
        prompts: list[Prompt],
        turn: str,
        via: discord.Interaction[Any] | None,
        actor: int | None,
        extra: dict[int, list[str]],
    ) -> None:
        """Panels whose turn is over lose their components (and their note); a panel whose
        seat now waits on another seat's answer shows who it waits for, without
        components, until its question comes back (then it is edited again)."""
        words = words_for(info.game)
        lang, names = info.language, seat_names(info.seats)
        asked = {p.seat: p for p in prompts}
        for seat in range(len(info.seats)):
            panel = await self.panel(info.id, seat)
            if panel is None:
                continue
            mine = via if seat == actor else None
            prompt = asked.get(seat)
            if panel.turn != turn:
                await self._edit_panel(panel, mine, view=None)
                await self._set_panel(info.id, seat, None)
            elif panel.pin and (prompt is None or not words.on_panel(prompt)):
                view = await self.bot.service.view(info.id, seat)
                waiting = join(lang, (names.get(p.seat, "?") for p in prompts if p.seat != seat))
                lines = [self._dm_intro(info), *extra.get(seat, [])]
                lines += self._last_lines(info, panel)
                lines += words.hand_lines(lang, view, seat, names)
                lines.append(t(lang, "panel.waiting", names=waiting or "…"))
                text = "\n".join(lines)
                if len(text) > MESSAGE_MAX:
                    text = text[: MESSAGE_MAX - 1] + "…"
                if await self._edit_panel(panel, mine, content=text, view=None):
                    panel.pin, panel.confirm = "", ""
                    await self._set_panel(info.id, seat, panel)

    # -- news -------------------------------------------------------------------------
    async def announce_start(self, outcome: Outcome) -> None:
        info = outcome.info
        channel = await self.thread(info)
        lang, names = info.language, seat_names(info.seats)
        players = ", ".join(f"<@{s.user_id}>" for s in info.seats)
        view = await self.bot.service.view(info.id, None)
        opening = words_for(info.game).opening_lines(lang, view, names)
        for text in chunks([t(lang, "lobby.started", players=players), *opening]):
            await self.post(info, channel, text, allowed_mentions=MENTION_USERS)
        await self.publish(outcome, before=[])

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
                if words_for(outcome.info.game).rounds:
                    await self._publish_round(outcome, before, interaction, actor)
                else:
                    via = interaction if panel_click else None
                    await self._publish_turn(outcome, before, via, actor, chosen)
                await self.bot.service.mark_delivered(game_id, outcome.info.version)
        if outcome.result is not None:
            self.forget_game(game_id)

    async def _publish_turn(
        self,
        outcome: Outcome,
        before: list[Prompt],
        via: discord.Interaction[Any] | None = None,
        actor: int | None = None,
        chosen: str | None = None,
    ) -> None:
        info = outcome.info
        words = words_for(info.game)
        lang, names = info.language, seat_names(info.seats)
        service = self.bot.service
        channel = await self.thread(info)
        lines = self._public_lines(info, outcome.events)
        seats_before = {p.seat for p in before}
        seats_after = {p.seat for p in outcome.prompts}
        view: Any = None
        key: str | None = None
        told: str | None = None
        if type(words).turn_key is not GameWords.turn_key:
            view = await service.view(info.id, None)
            key = words.turn_key(view)
        if key is not None:
            # Once per turn, however many answers and bids it takes.
            told = await service.get_note(info.id, TURN_NOTE)
            turn_changed = outcome.result is not None or key != told
        else:
            # Who is asked changed, or a new stage began for the same seat (Duel: the
            # player who took an Age's last card chooses who starts the next one).
            kinds_before = {p.kind for p in before}
            stage = any(
                p.kind in words.stage_kinds and p.kind not in kinds_before for p in outcome.prompts
            )
            turn_changed = outcome.result is not None or seats_after != seats_before or stage
        file = None
        if turn_changed and self.bot.settings.board_images:
            view = view or await service.view(info.id, None)
            file = await board_file(self.bot.renderer, info.game, view, lang, names)
        if lines or file:
            messages = chunks(lines) or [t(lang, "turn.board_caption", version=info.version)]
            for i, text in enumerate(messages):
                if i == len(messages) - 1 and file is not None:
                    await self.post(info, channel, text, file=file)
                else:
                    await self.post(info, channel, text)
        if key is not None:
            if key != told:
                await service.set_note(info.id, TURN_NOTE, key)
            await self._turn_status(info, channel, view, new=key != told)
            await self._note_provisional(info, outcome.events, actor, key)
        await self._private_events(info, outcome.events, key)
        if outcome.result is not None:
            await self.close_open_prompts(info.id, keep={})
            await self._result(info, outcome, channel)
            return
        extra: dict[int, list[str]] = {}
        if via is not None and chosen and actor is not None:
            extra[actor] = [t(lang, "turn.chosen", option=chosen)]
        await self.sync(
            info.id,
            seats_before=seats_before,
            close=True,
            interaction=via,
            actor=actor,
            extra=extra,
            panel_click=via is not None,
            previous={p.seat: p for p in before},
        )

    async def _turn_status(
        self,
        info: GameInfo,
        channel: discord.abc.Messageable | None,
        view: Any,
        *,
        new: bool,
    ) -> None:
        """The turn's status line (``GameWords.turn_status``): a new message when the turn
        begins, edited in place while it lasts."""
        text = words_for(info.game).turn_status(info.language, view, seat_names(info.seats))
        if not text or (not new and self._status_text.get(info.id) == text):
            return
        stored = None if new else await self.bot.service.get_note(info.id, TURN_STATUS_NOTE)
        if stored and isinstance(channel, discord.Thread | discord.TextChannel):
            try:
                await channel.get_partial_message(int(stored)).edit(
                    content=text, allowed_mentions=discord.AllowedMentions.none()
                )
                self._status_text[info.id] = text
                return
            except discord.HTTPException:
                log.debug("could not edit the turn status of game %s", info.id)
        message = await self.post(
            info, channel, text, allowed_mentions=discord.AllowedMentions.none()
        )
        if message is not None:
            await self.bot.service.set_note(info.id, TURN_STATUS_NOTE, str(message.id))
            self._status_text[info.id] = text

    def _public_lines(self, info: GameInfo, events: list[Event]) -> list[str]:
        silent = words_for(info.game).silent_events
        names = seat_names(info.seats)
        lines = [
            event_text(info.game, info.language, e, names)
            for e in events
            if e.visible_to is None and e.kind not in silent and not e.provisional
        ]
        return [line for line in lines if line]

    def _private_lines(self, info: GameInfo, events: list[Event]) -> dict[int, list[str]]:
        silent = words_for(info.game).silent_events
        names = seat_names(info.seats)
        per_seat: dict[int, list[str]] = defaultdict(list)
        for event in events:
            if event.kind in silent or event.provisional:
                continue  # a provisional event is shown on its actor's panel only
            text = event_text(info.game, info.language, event, names)
            for seat in event.visible_to or [] if text else []:
                per_seat[seat].append(text)
        return per_seat

    async def _result(
        self, info: GameInfo, outcome: Outcome, channel: discord.abc.Messageable | None
    ) -> None:
        if outcome.result is None:
            return
        names = seat_names(info.seats)
        text = "\n".join(result_lines(info.game, info.language, info.id, outcome.result, names))
        for part in chunks(text.split("\n")):
            await self.post(info, channel, part)

    async def _private_events(
        self, info: GameInfo, events: list[Event], turn: str | None = None
    ) -> None:
        """Each seat's private events by DM; on its panel instead (``Panel.last``) while
        it has one for ``turn``, so a turn stays one message."""
        for seat, lines in self._private_lines(info, events).items():
            user_id = info.user_of(seat)
            if user_id is None:
                continue
            panel = await self.panel(info.id, seat) if turn is not None else None
            if panel is not None and panel.turn == turn:
                panel.last = [*panel.last, *lines][-words_for(info.game).panel_last :]
                await self._set_panel(info.id, seat, panel)
                continue
            head = self._dm_intro(info)
            for text in chunks([head, *lines]):
                if not await self.try_dm(info, user_id, text):
                    break  # DMs closed or failing: /hand shows the same

    def _dm_intro(self, info: GameInfo) -> str:
        thread = f"<#{info.thread_id}>" if info.thread_id else f"<#{info.channel_id}>"
        return t(
            info.language,
            "turn.dm_intro",
            id=info.id,
            game=game_title(info.language, info.game),
            thread=thread,
        )

    # -- delivering the open questions ------------------------------------------------
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
        return len(self._pending | self._owed)

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
                info = await self.bot.service.get(game_id)
                if info.status == "active":
                    await self._catch_up_table(info)
                    await self.sync(game_id, seats_before=None, close=True)
                elif info.status == "finished":
                    result = await self.bot.service.result(game_id)
                    if result is not None:
                        await self.close_open_prompts(game_id, keep={})
                        outcome = Outcome(info=info, result=result)
                        await self._result(info, outcome, await self.thread(info))
                if info.status in ("active", "finished"):
                    await self.bot.service.mark_delivered(game_id, info.version)
        except Exception:
            log.exception("game %s: could not catch up its delivery", game_id)
            self._owed.add(game_id)
            return
        self._owed.discard(game_id)
        if info.status != "active":
            self.forget_game(game_id)

    async def _catch_up_table(self, info: GameInfo) -> None:
        """The picture a failed telling may have left unposted: a new round's (simultaneous
        turns) or a new turn's (turn panels), known by their notes; games that post their
        picture before any write have posted it already."""
        words = words_for(info.game)
        service = self.bot.service
        lang, names = info.language, seat_names(info.seats)
        keyed = type(words).turn_key is not GameWords.turn_key
        if not words.rounds and not keyed:
            return
        view = await service.view(info.id, None)
        note = ROUND_NOTE if words.rounds else TURN_NOTE
        key = (words.round_key(view) if words.rounds else words.turn_key(view)) or ""
        if key == await service.get_note(info.id, note):
            return
        channel = await self.thread(info)
        if words.rounds:
            await self.update_status(info, [], None, final=True)
        if self.bot.settings.board_images:
            filename = "table.png" if words.rounds else "board.png"
            file = await board_file(self.bot.renderer, info.game, view, lang, names, filename)
            caption = (
                words.round_title(lang, view)
                if words.rounds
                else t(lang, "turn.board_caption", version=info.version)
            )
            if file is not None:
                await self.post(info, channel, caption, file=file)
        await service.set_note(info.id, note, key)
        if not words.rounds:
            await self._turn_status(info, channel, view, new=True)

    async def retry(self, game_id: int) -> None:
        """Deliver what game ``game_id``'s ledger owes; never raises (logged)."""
        try:
            async with self._publishing[game_id]:
                await self.sync(game_id, seats_before=None, close=True)
        except Exception:
            log.exception("game %s: could not deliver its open questions", game_id)

    async def sync(
        self,
        game_id: int,
        *,
        seats_before: Collection[int] | None,
        close: bool,
        interaction: discord.Interaction[Any] | None = None,
        actor: int | None = None,
        extra: dict[int, list[str]] | None = None,
        panel_click: bool = False,
        previous: dict[int, Prompt] | None = None,
    ) -> None:
        """Bring the ledger to the game's current questions and deliver what it owes.

        Called under the game's publishing lock. ``seats_before``: the seats asked before
        the answer being told; a seat not among them begins its turn and is mentioned
        (None: not known, after a restart or a failure: a question not delivered yet is
        mentioned). ``previous``: those seats' questions then; a seat among them with a new
        question is asked anew (mentioned, its notice recorded) unless the question goes
        on with its own turn (``continues``). ``close``: strip stale prompt messages first.
        ``interaction``/``actor`` (simultaneous turns): the actor's follow-up question goes
        under its answer. ``extra``: private lines to put at the top of a seat's DM.
        ``panel_click``: ``interaction`` was pressed on the actor's turn panel, which it
        edits.
        """
        service = self.bot.service
        info = await service.get(game_id)
        if info.status != "active":
            self._pending.discard(game_id)
            return
        words = words_for(info.game)
        every = await service.prompts(game_id)
        pins = await self.question_pins(info, every)
        if close:
            await self.close_open_prompts(game_id, keep=pins)
        asked = [p for p in every if not words.done(p)]
        ledger = await self._ledger(game_id)
        live = {(e[0], e[1]) for e in await self._opened(game_id)}
        turn = ""
        panels: dict[int, Panel] = {}
        via = interaction if panel_click else None
        if self.uses_panels(info.game, every):
            turn = await self.turn_of(info)
            await self._tidy_panels(info, every, turn, via, actor, extra or {})
            for seat in range(len(info.seats)):
                panel = await self.panel(game_id, seat)
                if panel is not None and panel.turn == turn:
                    panels[seat] = panel
                    if panel.pin:
                        live.add((seat, panel.pin))
        for seat in [s for s in ledger.seats if s not in {p.seat for p in asked}]:
            del ledger.seats[seat]
        for prompt in asked:
            pinned = pins[prompt.seat]
            entry = ledger.seats.get(prompt.seat)
            if entry is not None and entry.pin == pinned:
                continue
            if (prompt.seat, pinned) in live:
                # Its message is still showing (sent before a restart): not posted again.
                ledger.seats[prompt.seat] = Asked(pinned, done=True)
                continue
            new_turn = seats_before is None or prompt.seat not in seats_before
            earlier = (previous or {}).get(prompt.seat)
            if not new_turn and earlier is not None:
                new_turn = not continues(words, earlier, prompt, panelled=bool(turn))
            if words.on_panel(prompt) and prompt.seat in panels:
                new_turn = False  # its turn goes on, on the same panel: mentioned once
            # A mention or notice still owed for the seat's previous question is owed for
            # this one (its turn goes on).
            mention = new_turn or (entry is not None and entry.mention)
            notice = new_turn or (entry is not None and entry.notice)
            ledger.seats[prompt.seat] = Asked(pinned, mention=mention, notice=notice)
        # Written once, after the posts: a crash before then redelivers what the open
        # prompt messages do not show (mentioning it again rather than never).
        try:
            await self._send_owed(
                info, asked, pins, ledger, interaction, actor, extra or {}, turn, panel_click
            )
        finally:
            # Owed first: a failing write must not leave the game off the retry list.
            if any(a.owed for a in ledger.seats.values()):
                self._pending.add(game_id)
            else:
                self._pending.discard(game_id)
            await self._store_ledger(game_id)

    async def _send_owed(
        self,
        info: GameInfo,
        asked: list[Prompt],
        pins: dict[int, str],
        ledger: Ledger,
        interaction: discord.Interaction[Any] | None,
        actor: int | None,
        extra: dict[int, list[str]],
        turn: str = "",
        panel_click: bool = False,
    ) -> None:
        """Each question not delivered yet, each mention and turn notice still owed; one
        failure never stops the rest (it stays owed for the next pass)."""
        lang, names = info.language, seat_names(info.seats)
        words = words_for(info.game)
        rounds = words.rounds
        channel = await self.thread(info)
        unreachable: list[Prompt] = []
        for prompt in asked:
            entry = ledger.seats[prompt.seat]
            user_id = info.user_of(prompt.seat)
            if entry.done:
                await self._notice(info, prompt.seat, entry)  # a failed write left it owed
                continue
            if user_id is None:
                continue
            pinned = pins[prompt.seat]
            if words.on_panel(prompt):
                # The seat's turn panel, in its DMs (edited in place during the turn).
                mine = interaction if panel_click and prompt.seat == actor else None
                lines = extra.get(prompt.seat)
                entry.done = await self.show_panel(info, prompt, pinned, turn, mine, lines)
                if entry.done:
                    await self._notice(info, prompt.seat, entry)
                else:
                    unreachable.append(prompt)
                continue
            if rounds and prompt.seat == actor and interaction is not None:
                entry.done = await self._follow_up(info, prompt, pinned, interaction)
            if not entry.done and not prompt.private:
                mention = f"<@{user_id}>"
                what = prompt_text(info.game, lang, prompt, names)
                asker = await self._asker(info, prompt) if entry.mention else None
                if asker and not rounds:
                    text = t(lang, "turn.reaction", mention=mention, asker=asker, prompt=what)
                elif entry.mention and not rounds:
                    text = t(lang, "turn.your_turn", mention=mention, prompt=what)
                else:
                    text = t(lang, "turn.header", name=names.get(prompt.seat, "?"), prompt=what)
                items = prompt_items(info.game, info.id, pinned, prompt, lang, names)
                message = await self.post(
                    info, channel, text, view=static_view(*items), allowed_mentions=MENTION_USERS
                )
                if message is not None:
                    await self.remember(info.id, prompt.seat, pinned, message)
                    entry.done = True
                    entry.mention = entry.mention and rounds
            if not entry.done:
                # Private, or the thread failed: the question and its components by DM.
                text, items, files = await self.private_message(
                    info, prompt, pinned, extra.get(prompt.seat)
                )
                kwargs: dict[str, Any] = {"view": static_view(*items)}
                if files:
                    kwargs["files"] = files
                sent = await self.try_dm(info, user_id, text, **kwargs)
                if sent:
                    await self.remember(info.id, prompt.seat, pinned, sent)
                    entry.done = True
                else:
                    unreachable.append(prompt)
            if entry.done:
                await self._notice(info, prompt.seat, entry)
        if unreachable:
            # The "Show my hand / act" button answers ephemerally: it is the delivery.
            users = [u for u in (info.user_of(p.seat) for p in unreachable) if u is not None]
            if await self._dm_closed_note(info, channel, users):
                for prompt in unreachable:
                    entry = ledger.seats[prompt.seat]
                    entry.done, entry.mention = True, False
                    await self._notice(info, prompt.seat, entry)
        owed = [p for p in asked if ledger.seats[p.seat].done and ledger.seats[p.seat].mention]
        if not owed:
            return
        if rounds:
            # One status message names (and pings) everyone still choosing.
            service = self.bot.service
            view = await service.view(info.id, None)
            if await self.update_status(info, await service.prompts(info.id), view, new=True):
                for prompt in owed:
                    ledger.seats[prompt.seat].mention = False
            return
        for prompt in owed:
            mention = f"<@{info.user_of(prompt.seat)}>"
            text = t(lang, "turn.dm_sent", mention=mention)
            asker = await self._asker(info, prompt)
            if asker:  # out of turn: who asks, and what when it is not private
                what = public_prompt_text(info.game, lang, prompt, names)
                text = t(lang, "turn.reaction", mention=mention, asker=asker, prompt=what)
            if await self.post(info, channel, text, allowed_mentions=MENTION_USERS) is None:
                break
            ledger.seats[prompt.seat].mention = False

    async def _notice(self, info: GameInfo, seat: int, entry: Asked) -> None:
        """Record the seat's turn notice once its question reached it: reminders and the
        turn deadline count from now, never from a question the seat has not seen."""
        if entry.notice:
            await self.bot.service.record_mention(info.id, seat, info.version)
            entry.notice = False

    async def _dm_closed_note(
        self, info: GameInfo, channel: discord.abc.Messageable | None, user_ids: list[int]
    ) -> bool:
        lang = info.language
        button = t(lang, "turn.button.hand")
        sent = await self.post(
            info,
            channel,
            t(
                lang,
                "turn.dm_closed",
                mention=", ".join(f"<@{u}>" for u in user_ids),
                button=button,
            ),
            view=static_view(HandButton(info.id, button)),
            allowed_mentions=MENTION_USERS,
        )
        return sent is not None

    async def _follow_up(
        self, info: GameInfo, prompt: Prompt, pinned: str, interaction: discord.Interaction[Any]
    ) -> bool:
        """The next question of the seat that just answered, right under its answer."""
        lang, names = info.language, seat_names(info.seats)
        what = prompt_text(info.game, lang, prompt, names)
        items = prompt_items(info.game, info.id, pinned, prompt, lang, names, hand_button=False)
        try:
            await interaction.followup.send(
                t(lang, "turn.header", name=names.get(prompt.seat, "?"), prompt=what),
                view=static_view(*items),
                ephemeral=True,
            )
        except discord.HTTPException:
            log.warning("game %s: could not answer under the click", info.id, exc_info=True)
            return False
        return True

    # -- simultaneous turns -------------------------------------------------------------
    async def _publish_round(
        self,
        outcome: Outcome,
        before: list[Prompt],
        interaction: discord.Interaction[Any] | None,
        actor: int | None,
    ) -> None:
        info = outcome.info
        words = words_for(info.game)
        lang, names = info.language, seat_names(info.seats)
        service = self.bot.service
        view = await service.view(info.id, None)
        key = words.round_key(view) or ""
        if outcome.result is not None:
            key = "over"
        last = await service.get_note(info.id, ROUND_NOTE)
        channel = await self.thread(info)
        lines = self._public_lines(info, outcome.events)
        if key == last:
            # Nothing closes inside a turn: a hand stays answerable (to change a choice) even
            # while its payment is asked; a press then is refused as stale until paid.
            for text in chunks(lines):
                await self.post(info, channel, text)
            # Who is still choosing *now* (another answer may have been told meanwhile).
            await self.update_status(info, await service.prompts(info.id), view)
            await self.sync(
                info.id,
                seats_before=range(len(info.seats)),  # inside a turn nobody begins one
                close=False,
                interaction=interaction,
                actor=actor,
                previous={p.seat: p for p in before},
            )
            return
        # The turn resolved (or the game began): close it, tell it, deal the next one.
        finished = await service.get_note(info.id, STATUS_NOTE + "_title")
        if finished and lines:
            lines.insert(0, t(lang, "turn.summary", title=finished))
        await self.update_status(info, [], None, final=True)
        if outcome.result is not None:
            await self.close_open_prompts(info.id, keep={})
        file = None
        if self.bot.settings.board_images:
            file = await board_file(self.bot.renderer, info.game, view, lang, names, "table.png")
        if lines or file:
            messages = chunks(lines) or [words.round_title(lang, view)]
            for i, text in enumerate(messages):
                if i == len(messages) - 1 and file is not None:
                    await self.post(info, channel, text, file=file)
                else:
                    await self.post(info, channel, text)
        await service.set_note(info.id, ROUND_NOTE, key)
        if outcome.result is not None:
            await self._private_events(info, outcome.events)
            await self._result(info, outcome, channel)
            return
        private = self._private_lines(info, outcome.events)
        await self.sync(info.id, seats_before=None, close=True, extra=private)

    async def update_status(
        self,
        info: GameInfo,
        prompts: list[Prompt],
        view: Any,
        *,
        new: bool = False,
        final: bool = False,
    ) -> bool:
        """Post (``new``) or edit the turn's status message: who is still choosing. False
        when a new one could not be posted."""
        channel = await self.thread(info)
        lang, names = info.language, seat_names(info.seats)
        service = self.bot.service
        words = words_for(info.game)
        stored = await service.get_note(info.id, STATUS_NOTE)
        title_text = await service.get_note(info.id, STATUS_NOTE + "_title")
        if final:
            if not stored or not title_text:
                return True
            text = t(lang, "turn.status_done", title=title_text)
        else:
            title_text = words.round_title(lang, view)
            waiting = [p.seat for p in prompts if words.still_choosing(p)]
            if new:
                who = ", ".join(f"<@{info.user_of(s)}>" for s in waiting)
            else:
                who = ", ".join(names.get(s, "?") for s in waiting)
            text = (
                t(lang, "turn.status_new" if new else "turn.status", title=title_text, names=who)
                if waiting
                else t(lang, "turn.status_done", title=title_text)
            )
        if new or not stored:
            if not prompts:
                return True
            message = await self.post(info, channel, text, allowed_mentions=MENTION_USERS)
            if message is None:
                return False
            await service.set_note(info.id, STATUS_NOTE, str(message.id))
            await service.set_note(info.id, STATUS_NOTE + "_title", title_text)
            return True
        if isinstance(channel, discord.Thread | discord.TextChannel):
            try:
                await channel.get_partial_message(int(stored)).edit(
                    content=text, allowed_mentions=discord.AllowedMentions.none()
                )
            except discord.HTTPException:
                log.debug("could not edit the status message of game %s", info.id)
        if final:
            await service.set_note(info.id, STATUS_NOTE, "")
        return True

    async def private_message(
        self, info: GameInfo, prompt: Prompt, pinned: str, extra: list[str] | None = None
    ) -> tuple[str, list[discord.ui.Item[Any]], list[discord.File]]:
        """A seat's hand as text, components and pictures (DM or ephemeral alike);
        ``pinned``: what the components carry (``question_pins``)."""
        lang, names = info.language, seat_names(info.seats)
        words = words_for(info.game)
        view = await self.bot.service.view(info.id, prompt.seat)
        lines = [self._dm_intro(info), *(extra or [])]
        lines += words.hand_lines(lang, view, prompt.seat, names)
        what = prompt_text(info.game, lang, prompt, names)
        lines.append(t(lang, "turn.header", name=names.get(prompt.seat, "?"), prompt=what))
        seats = self.seat_buttons(info, view, prompt.seat)
        items = prompt_items(
            info.game, info.id, pinned, prompt, lang, names, hand_button=False, reserve=len(seats)
        )
        items += seats
        files: list[discord.File] = []
        for func, args, filename in words.private_images(view, prompt.seat):
            file = await extra_file(
                self.bot.renderer, info.game, func, {**args, "lang": lang, "names": names}, filename
            )
            if file is not None:
                files.append(file)
        text = "\n".join(lines)
        if len(text) > MESSAGE_MAX:
            text = text[: MESSAGE_MAX - 1] + "…"
        return text, items, files

    def seat_buttons(self, info: GameInfo, view: Any, seat: int) -> list[discord.ui.Item[Any]]:
        names = seat_names(info.seats)
        return [
            SeatButton(
                info.id, other, t(info.language, "turn.button.city", name=names.get(other, "?"))
            )
            for other in words_for(info.game).neighbours(view, seat)
        ]

    # -- reminders and deadlines ------------------------------------------------------
    async def _asker(self, info: GameInfo, prompt: Prompt) -> str | None:
        """Who puts ``prompt`` to its seat when it is a question out of turn (its mention
        and reminders name them, ``GameWords.reaction_source``); None otherwise."""
        if not prompt.reaction:
            return None
        view = await self.bot.service.view(info.id, None)
        return reaction_asker(info.game, info.language, prompt, view, seat_names(info.seats))

    async def remind(self, info: GameInfo, seat: int) -> bool:
        """Remind ``seat`` in the thread (its DMs when the thread fails); False if there is
        nothing to remind or it reached no one."""
        prompts = await self.bot.service.prompts(info.id)
        prompt = next((p for p in prompts if p.seat == seat), None)
        user_id = info.user_of(seat)
        if prompt is None or user_id is None:
            return False
        if not words_for(info.game).still_choosing(prompt):
            return False
        what = public_prompt_text(info.game, info.language, prompt, seat_names(info.seats))
        text = t(info.language, "turn.reminder", mention=f"<@{user_id}>", id=info.id, prompt=what)
        asker = await self._asker(info, prompt)
        if asker:
            text = t(
                info.language,
                "turn.reaction_reminder",
                mention=f"<@{user_id}>",
                id=info.id,
                asker=asker,
                prompt=what,
            )
        channel = await self.thread(info)
        if await self.post(info, channel, text, allowed_mentions=MENTION_USERS) is not None:
            return True
        return bool(await self.try_dm(info, user_id, f"{self._dm_intro(info)}\n{text}"))

    async def timed_out(self, info: GameInfo, seat: int, chosen: str) -> None:
        """Say in the thread that the bot chose for ``seat`` (never what), and tell the
        seat privately what was chosen (``chosen``, already in words)."""
        channel = await self.thread(info)
        user_id = info.user_of(seat)
        if user_id is None:
            return
        lang = info.language
        await self.post(
            info,
            channel,
            t(lang, "turn.timed_out", mention=f"<@{user_id}>", id=info.id),
            allowed_mentions=MENTION_USERS,
        )
        await self.try_dm(
            info,
            user_id,
            f"{self._dm_intro(info)}\n" + t(lang, "turn.timed_out_dm", option=chosen),
        )
