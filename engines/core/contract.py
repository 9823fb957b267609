"""The engine contract: the engine asks (prompts), a seat answers, views hide what they must.

Every game fits one loop::

    state = engine.new_game(players, seed, options)
    while engine.result(state) is None:
        for prompt in engine.prompts(state):       # who must decide what, with which options
            ...
        state, events = engine.answer(state, seat, option_id)   # IllegalAnswer if refused

``answer`` never mutates the state it is given; ``apply`` is the in-place variant used by
simulations and replays, where copying would be wasted work.

Reserved option ids (and keys): a game that offers one of these means exactly this, so the
bot can word, place and default them alike in every game:

- ``undo``: take back the seat's last answer of the open undo window (``core.undo``);
- ``done``: stop picking (an "up to N" choice, the end of a run of actions);
- ``back``: leave a follow-up question and return to the one before it;
- ``pass``: decline to act this time (a bid, a phase);
- ``auto``: let the engine pick the documented default (e.g. the weakest sufficient force).

The new fields below all default to the behaviour the first three games were written
for; a game that never sets them is unchanged.

Pacing: what the bot needs to tell a game at the right rhythm comes from the engine, never
from game-specific code in the bot:

- ``Engine.pacing`` says the shape of the game's turns (one answer at a time, a round of
  simultaneous choices, a turn of many answers); with ``turn`` the engine marks the
  steps of a seat's own turn (``Prompt.panel``), any other question being one of its own
  (the bot asks every question on the seat's panel, and calls the seat back with a new
  message only when its turn begins or a question comes out of turn);
- ``Prompt.blocking`` / ``Prompt.discreet`` say whether the game waits on a prompt and
  whether the table may be told so; ``Prompt.question`` names the question a prompt asks,
  so the bot knows when buttons already shown still answer it;
- every engine's view model has a ``table_key: str`` field (see ``TABLE_KEY``): the
  stretch of play the table is in, the same in every view of one position.
"""

from __future__ import annotations

import abc
import json
from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from engines.core.errors import IllegalAnswer

UNDO = "undo"
DONE = "done"
BACK = "back"
PASS = "pass"
AUTO = "auto"
#: option ids every game uses with the meaning documented above.
RESERVED_OPTION_IDS = frozenset({UNDO, DONE, BACK, PASS, AUTO})

#: how a prompt's options are drawn (``Prompt.layout``; ``None``: a plain list).
Layout = Literal["panel", "number", "pick"]
#: how the bot paces the telling of a game (``Engine.pacing``).
Pacing = Literal["answer", "round", "turn"]
#: the field every engine's view model has (public and seat views alike, the same value in
#: every view of one position): a string naming the stretch of play the table is in: a
#: seat's turn (Duel: until the other seat is asked or the next Age is laid out; Innovation
#: and Through the Ages: a whole turn, the questions it puts to other seats included) or a
#: round of simultaneous choices (7 Wonders). The bot tells the table once per key: a new
#: key is a new live board in the thread and a new panel for each seat asked in it. Each
#: game's README says exactly when its key changes; compare keys for equality only (their
#: text is no vocabulary).
TABLE_KEY = "table_key"


class Option(BaseModel):
    """One choice a seat may make.

    ``id`` is stable for the life of the prompt (it is what ``answer`` receives and what a
    button's custom id carries). ``key`` + ``params`` are how the bot words it in any
    language (``<game>.option.<key>``); ``card`` names the card it concerns, if any;
    ``cost`` is the full coin cost of taking it, shown beside the option. ``group`` names
    the menu it belongs to when a prompt has too many options for one list (e.g. ``build``,
    ``turn``); ``None``: the prompt's single list.
    """

    model_config = ConfigDict(frozen=True)

    id: str
    key: str
    params: dict[str, Any] = Field(default_factory=dict)
    card: str | None = None
    cost: int | None = None
    group: str | None = None


class Prompt(BaseModel):
    """An open question: ``seat`` must pick one of ``options``.

    ``private`` says the question (or its options) reveals what only that seat may see, so
    the bot delivers it in DMs; otherwise it may be asked in the game's thread.

    ``layout`` says how to draw the options: ``None`` a plain list (buttons or selects in
    option order), ``"panel"`` one menu per ``Option.group``, ``"number"`` a range of
    numbers (``bid:<n>`` and ``pass``), ``"pick"`` one item at a time until ``done``.
    ``reaction`` marks a question put to a seat other than the one whose turn it is (an
    auction bid, a defence), which the service may give its own, shorter deadline.

    Pacing (see the module docstring):

    ``blocking``: the seat has a question to answer: the bot delivers it, mentions the
    seat, runs its deadline and counts it as owed. False for a prompt that only lets a
    seat that has already answered this step change its mind from the buttons it was
    shown (7 Wonders' ``waiting``): nothing new to deliver, nobody to wait for.

    ``discreet``: the table must not be told that this seat is choosing (the status line of
    who is waited on, reminders), though the prompt is blocking and delivered to the seat:
    the question itself would leak what only the seat may know (7 Wonders: paying for a
    *change* of the choice made; that choice stands until the change is paid, so for the
    table the seat has chosen). The table is told a seat is choosing when ``blocking and
    not discreet``.

    ``question``: names the question the prompt asks. It stays the same while the seat is
    asked the same question (so buttons already shown still answer it while other seats
    answer theirs), and is new when the question is new, even with the same options (a
    question answered and asked again). Compare it only with the same seat's earlier
    questions in the same game. It is derived from the state alone (counters kept in it,
    never a hash), so it survives a JSON round trip and a replay unchanged; each game's
    README says exactly when it changes. ``""``: the engine does not name its questions,
    and every answer of any seat ends every open question.

    ``panel``: in a game paced by turns (``Engine.pacing == "turn"``), a step of its seat's
    own turn, asked on that seat's turn panel (one message edited in place after each
    answer) rather than as a message of its own (a reaction to another seat's turn, a
    question put to every player at once). Always False in games paced otherwise.
    """

    seat: int
    kind: str
    options: list[Option]
    private: bool = False
    params: dict[str, Any] = Field(default_factory=dict)
    layout: Layout | None = None
    reaction: bool = False
    blocking: bool = True
    discreet: bool = False
    question: str = ""
    panel: bool = False

    def option(self, option_id: str) -> Option | None:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        return None


class Event(BaseModel):
    """Something that happened, for the log, the thread and the images.

    ``visible_to`` is ``None`` for a public event, else the seats allowed to read it.
    ``provisional`` marks an event inside an open undo window: it may still be taken back,
    so it is shown to the acting seat only and never broadcast; the engine tells the table
    once the window closes (one summary event).
    """

    kind: str
    seat: int | None = None
    params: dict[str, Any] = Field(default_factory=dict)
    visible_to: list[int] | None = None
    provisional: bool = False

    def visible_for(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


class SeatScore(BaseModel):
    seat: int
    total: int
    breakdown: dict[str, int] = Field(default_factory=dict)
    rank: int = 1


class GameResult(BaseModel):
    """The outcome of a finished game: ``victory`` names how it was won (engine vocabulary)."""

    victory: str
    winners: list[int]
    scores: list[SeatScore]


StateT = TypeVar("StateT", bound=BaseModel)


class Engine(abc.ABC, Generic[StateT]):
    """One game's rules. Subclasses are stateless; all game data lives in ``StateT``."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_type: ClassVar[type[BaseModel]]
    #: option name -> (allowed values, default); shown in the lobby.
    game_options: ClassVar[dict[str, tuple[tuple[str, ...], str]]] = {}
    #: whether the game asks questions of seats whose turn it is not (``Prompt.reaction``);
    #: the lobby then offers them their own deadline (``reaction_deadline``).
    has_reactions: ClassVar[bool] = False
    #: answers a random player (``core.playout``'s random choices, the sandbox's ``--auto``)
    #: takes only when its prompt offers nothing else: exact option ids, or id prefixes
    #: ending in ``:`` (``"war:"``). For answers that would end a random game early and say
    #: nothing about the rules (Through the Ages: resigning); a person may still pick them.
    playout_avoid: ClassVar[frozenset[str]] = frozenset()
    #: how the bot tells the game (``TABLE_KEY`` names the stretch told at once):
    #: ``"answer"``: each answer as it comes, the board image when the table key changes
    #: (Duel, Innovation); ``"round"``: simultaneous choices, told together once the engine
    #: resolves the round, with a status message naming who is still choosing meanwhile
    #: (7 Wonders); ``"turn"``: a seat's turn is many answers, asked on its turn panel
    #: (``Prompt.panel``) and told to the table once per turn (Through the Ages).
    pacing: ClassVar[Pacing] = "answer"

    # -- life cycle -----------------------------------------------------------------
    @abc.abstractmethod
    def new_game(self, players: int, seed: int, options: dict[str, str] | None = None) -> StateT:
        """A fresh game for ``players`` seats (0..players-1), all randomness from ``seed``."""

    def chosen_options(self, options: dict[str, str] | None) -> dict[str, str]:
        """``options`` checked against ``game_options`` (``ValueError`` for an unknown
        name or value), every option not given set to its default: for ``new_game``."""
        opts = dict(options or {})
        unknown = set(opts) - set(self.game_options)
        if unknown:
            raise ValueError(f"unknown option(s): {', '.join(sorted(unknown))}")
        bad = sorted(k for k, v in opts.items() if v not in self.game_options[k][0])
        if bad:
            raise ValueError(f"unknown value(s) for option(s): {', '.join(bad)}")
        return {k: opts.get(k, default) for k, (_, default) in self.game_options.items()}

    @abc.abstractmethod
    def prompts(self, state: StateT) -> list[Prompt]:
        """The open questions; empty once the game is over."""

    @abc.abstractmethod
    def apply(self, state: StateT, seat: int, option_id: str) -> list[Event]:
        """Validate and apply in place. Must raise ``IllegalAnswer`` *before* changing anything."""

    @abc.abstractmethod
    def copy(self, state: StateT) -> StateT:
        """An independent deep copy (fast: called on every player's answer)."""

    @abc.abstractmethod
    def view(self, state: StateT, seat: int | None) -> BaseModel:
        """What ``seat`` may see (``None``: the public). Never leaks hidden cards."""

    @abc.abstractmethod
    def result(self, state: StateT) -> GameResult | None:
        """The outcome once the game is over, else ``None``."""

    @abc.abstractmethod
    def catalogue(self) -> dict[str, Any]:
        """Every card/wonder/token with its facts, for ``python -m engines cards``."""

    # -- shared behaviour -----------------------------------------------------------
    def timeout_option(self, state: StateT, seat: int) -> str | None:
        """The option taken for ``seat`` when its turn deadline passes (``None``: no default).

        Games with simultaneous turns override this with a documented safe choice, so one
        absent player cannot stall the table.
        """
        return None

    def stats(self, state: StateT) -> dict[str, int]:
        """Counts a finished game kept about itself, by catalogue id (e.g. Innovation: how
        often each card's dogma ran). ``python -m engines simulate`` sums them over its
        games and lists the catalogue cards never counted, to show which rules random play
        never reaches. Empty: the game keeps none."""
        return {}

    def answer(self, state: StateT, seat: int, option_id: str) -> tuple[StateT, list[Event]]:
        """Apply ``option_id`` for ``seat`` to a copy; the given state is never changed."""
        new = self.copy(state)
        events = self.apply(new, seat, option_id)
        return new, events

    def prompt_for(self, state: StateT, seat: int) -> Prompt | None:
        for prompt in self.prompts(state):
            if prompt.seat == seat:
                return prompt
        return None

    def check_answer(self, state: StateT, seat: int, option_id: str) -> Prompt:
        """The prompt ``option_id`` answers; raises ``IllegalAnswer`` if none offers it."""
        prompt = self.prompt_for(state, seat)
        if prompt is None:
            raise IllegalAnswer("not_your_turn", "It is not your turn to choose.")
        if prompt.option(option_id) is None:
            raise IllegalAnswer(
                "illegal_option", f"'{option_id}' is not one of your options.", option=option_id
            )
        return prompt

    def dump(self, state: StateT) -> str:
        return state.model_dump_json()

    def load(self, data: str | bytes | dict[str, Any]) -> StateT:
        if isinstance(data, dict):
            return self.state_type.model_validate(data)  # type: ignore[return-value]
        return self.state_type.model_validate_json(data)  # type: ignore[return-value]

    def replay(
        self,
        players: int,
        seed: int,
        options: dict[str, str] | None,
        answers: list[tuple[int, str]],
    ) -> StateT:
        """Rebuild a game from its seed and its answers (the log)."""
        state = self.new_game(players, seed, options)
        for seat, option_id in answers:
            self.apply(state, seat, option_id)
        return state

    def public_json(self, state: StateT) -> str:
        """The public view as JSON (for leak checks and the web of images)."""
        return json.dumps(self.view(state, None).model_dump(mode="json"), sort_keys=True)
