"""What is asked and owed, and where each game's messages are: plain data kept in notes.

A game's delivery state lives in its notes (the database), so a restart or a second process
picks up where the last left off; memory only caches it within one pass over the game
(``refresh``: every pass, under the game's publishing lock, starts from the notes). Nothing
here touches Discord: ``Records`` needs only a place to read and write notes (the service).

- ``Ledger`` (note ``delivery``): for each seat asked, the question (``Asked``) and what is
  still owed for it; the places whose failure was already told.
- open prompt messages (note ``open_prompts``): messages still showing answer components,
  ``(seat, pin, channel id, message id)``, so their components are stripped once that
  seat's question is over, even after a restart.
- ``Panel`` (note ``panel:<seat>``): a seat's panel.
- news (note ``news:<seat>``): a seat's private news while it has no panel, for its next.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

log = logging.getLogger(__name__)

LEDGER_NOTE = "delivery"
OPEN_NOTE = "open_prompts"
#: ``panel:<seat>``: the seat's turn panel (``Panel``)
PANEL_NOTE = "panel"
#: ``news:<seat>``: private news for the seat's next panel (a JSON list of lines)
NEWS_NOTE = "news"

#: a prompt message still showing components: (seat, pin, channel id, message id)
OpenPrompt = tuple[int, str, int, int]


@dataclass
class Asked:
    """Where one seat's open question stands.

    ``pin`` names the question (``bot.ids.pin``). ``done``: live components reached the
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
    confirmation it shows. ``own``: it has shown a step of its seat's own turn (the turn
    began on it). ``picture``: a digest of the files attached to it ("" none
    known: a note of an older bot), so an edit uploads them only when they changed.
    """

    channel: int
    message: int
    turn: str
    pin: str = ""
    ephemeral: bool = False
    last: list[str] = field(default_factory=list)
    confirm: str = ""
    picture: str = ""
    own: bool = False

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
                self.picture,
                self.own,
            ]
        )

    @classmethod
    def load(cls, raw: str | None) -> Panel | None:
        if not raw:
            return None
        channel, message, turn, pinned, ephemeral, last, confirm, *more = json.loads(raw)
        return cls(
            int(channel),
            int(message),
            str(turn),
            str(pinned),
            bool(ephemeral),
            [str(x) for x in last],
            str(confirm),
            str(more[0]) if more else "",
            bool(more[1]) if len(more) > 1 else False,
        )


def load_open(raw: str | None) -> list[OpenPrompt]:
    """The open prompt messages of a note (raises ``TypeError``/``ValueError`` when it is
    unreadable)."""
    return [
        (int(seat), str(pinned), int(channel_id), int(message_id))
        for seat, pinned, channel_id, message_id in json.loads(raw or "[]")
    ]


def dump_open(entries: list[OpenPrompt]) -> str:
    return json.dumps(entries)


class Notes(Protocol):
    """Where a game's notes are kept (``GameService``)."""

    async def get_note(self, game_id: int, name: str) -> str | None: ...

    async def set_note(self, game_id: int, name: str, value: str) -> None: ...


class Records:
    """Each game's ledger, open prompt messages and turn panels: read from the game's notes
    on first use, then cached; every change is written back. An unreadable note is logged
    and read as empty (what it owed is then delivered again rather than never).

    ``notes`` gives where the notes are kept, asked at each use: the bot's service opens
    after its delivery is built."""

    def __init__(self, notes: Callable[[], Notes]) -> None:
        self._notes = notes
        self._ledgers: dict[int, Ledger] = {}
        #: each ledger as last written to its note (unchanged ones are not written again)
        self._stored: dict[int, str] = {}
        self._open: dict[int, list[OpenPrompt]] = {}
        self._panels: dict[int, dict[int, Panel | None]] = {}

    # -- the ledger -----------------------------------------------------------------------
    async def ledger(self, game_id: int) -> Ledger:
        if game_id not in self._ledgers:
            raw = await self._notes().get_note(game_id, LEDGER_NOTE)
            try:
                ledger = Ledger.load(raw)
            except (TypeError, ValueError, IndexError, AttributeError):
                log.warning("game %s: unreadable note %s", game_id, LEDGER_NOTE)
                ledger = Ledger()
            if self._ledgers.setdefault(game_id, ledger) is ledger:
                self._stored[game_id] = raw or ""
        return self._ledgers[game_id]

    async def store_ledger(self, game_id: int) -> None:
        """Write the ledger to its note, when it changed since the last write."""
        ledger = self._ledgers.get(game_id)
        if ledger is None:
            return
        dumped = ledger.dump()
        if self._stored.get(game_id) != dumped:
            await self._notes().set_note(game_id, LEDGER_NOTE, dumped)
            self._stored[game_id] = dumped

    # -- open prompt messages -------------------------------------------------------------
    async def opened(self, game_id: int) -> list[OpenPrompt]:
        """The game's open prompt messages."""
        if game_id not in self._open:
            raw = await self._notes().get_note(game_id, OPEN_NOTE)
            try:
                entries = load_open(raw)
            except (TypeError, ValueError):
                log.warning("game %s: unreadable note %s", game_id, OPEN_NOTE)
                entries = []
            # Another task may have loaded (and changed) it meanwhile: memory wins.
            self._open.setdefault(game_id, entries)
        return self._open[game_id]

    async def store_open(self, game_id: int, entries: list[OpenPrompt]) -> None:
        self._open[game_id] = entries
        await self._notes().set_note(game_id, OPEN_NOTE, dump_open(entries))

    async def remember(self, game_id: int, entry: OpenPrompt) -> None:
        """Note a prompt message just sent, to close it once its question is over."""
        entries = await self.opened(game_id)
        await self.store_open(game_id, [*entries, entry])

    async def forget(self, game_id: int, message_id: int) -> None:
        """Stop tracking a prompt message (it was closed another way)."""
        entries = await self.opened(game_id)
        kept = [e for e in entries if e[3] != message_id]
        if len(kept) != len(entries):
            await self.store_open(game_id, kept)

    # -- turn panels ----------------------------------------------------------------------
    async def panel(self, game_id: int, seat: int) -> Panel | None:
        """The seat's turn panel, if it has one."""
        seats = self._panels.setdefault(game_id, {})
        if seat not in seats:
            raw = await self._notes().get_note(game_id, f"{PANEL_NOTE}:{seat}")
            try:
                loaded = Panel.load(raw)
            except (TypeError, ValueError):
                log.warning("game %s: unreadable note %s:%s", game_id, PANEL_NOTE, seat)
                loaded = None
            seats.setdefault(seat, loaded)  # memory wins over a note read meanwhile
        return seats[seat]

    async def set_panel(self, game_id: int, seat: int, panel: Panel | None) -> None:
        self._panels.setdefault(game_id, {})[seat] = panel
        await self._notes().set_note(
            game_id, f"{PANEL_NOTE}:{seat}", panel.dump() if panel is not None else ""
        )

    def panel_seats(self, game_id: int) -> set[int]:
        """The seats whose panel (or its absence) is in memory."""
        return set(self._panels.get(game_id, {}))

    # -- news for a seat's next panel ------------------------------------------------------
    async def news(self, game_id: int, seat: int) -> list[str]:
        """The seat's private news not shown on a panel yet (read from its note: rare)."""
        raw = await self._notes().get_note(game_id, f"{NEWS_NOTE}:{seat}")
        try:
            return [str(x) for x in json.loads(raw or "[]")]
        except (TypeError, ValueError):
            log.warning("game %s: unreadable note %s:%s", game_id, NEWS_NOTE, seat)
            return []

    async def set_news(self, game_id: int, seat: int, lines: list[str]) -> None:
        await self._notes().set_note(
            game_id, f"{NEWS_NOTE}:{seat}", json.dumps(lines, ensure_ascii=False) if lines else ""
        )

    # -- memory ---------------------------------------------------------------------------
    def holds(self, game_id: int) -> bool:
        """Whether memory holds anything of the game."""
        kept = (self._ledgers, self._stored, self._open, self._panels)
        return any(game_id in memory for memory in kept)

    def refresh(self, game_id: int) -> None:
        """Start a pass over the game from its notes: what another process (or a pass cut
        short) wrote since is read again; memory only saves reads within one pass."""
        self.drop(game_id)

    async def stored_panel(self, game_id: int, seat: int) -> Panel | None:
        """The seat's panel as its note says now (no memory: a click is checked against
        what any process last wrote)."""
        try:
            return Panel.load(await self._notes().get_note(game_id, f"{PANEL_NOTE}:{seat}"))
        except (TypeError, ValueError):
            return None

    def drop(self, game_id: int) -> None:
        """Forget what memory holds of the game (it ended; the notes stay)."""
        for memory in (self._ledgers, self._stored, self._open, self._panels):
            memory.pop(game_id, None)
