"""The whole game in pydantic models (JSON round trip via ``model_dump_json``).

Cards are ids (``I_iron``); several physical copies of one card are the same id repeated.
Piles are lists with the top card last. One ``Civ`` per seat holds that player's board;
``TtaState`` holds the table. Fields are plain ints, strings, lists and dicts mutated in
place by the rules; ``fast_copy`` is a hand-written deep copy (Innovation's approach:
``engines/core/fast.py``), and the rng is one integer (``engines/core/rng.py``).

Token bookkeeping (scope §8, L64-L92, L1454-L1458): a civilization's yellow tokens are
``yellow_bank + pool + sum(workers)``; its blue tokens ``blue_bank + sum(blue) + stages``
(an unfinished wonder holds one blue token per built stage, L841-L842). ``yellow_box`` and
``blue_box`` count tokens taken from (+) or returned to (−) the box, so the conservation
checks are ``yellow == 25 + yellow_box`` and ``blue == 16 + blue_box``.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engines.core.fast import plain_setattr, unvalidated
from engines.core.undo import UndoWindow


class Civ(BaseModel):
    """One player's civilization (scope §1, §5)."""

    model_config = ConfigDict(validate_assignment=False, revalidate_instances="never")

    government: str
    #: technologies in play except the government, in the order they entered play
    techs: list[str] = Field(default_factory=list)
    #: workers on each farm / mine / urban building / unit technology in play
    workers: dict[str, int] = Field(default_factory=dict)
    #: blue tokens on each farm and mine technology in play
    blue: dict[str, int] = Field(default_factory=dict)
    yellow_bank: int = 18
    pool: int = 1  # unused workers (L76)
    blue_bank: int = 16
    yellow_box: int = 0
    blue_box: int = 0
    leader: str | None = None
    #: ages (levels) of every leader this player ever took: never a second one (L404-L408)
    leader_ages: list[int] = Field(default_factory=list)
    wonders: list[str] = Field(default_factory=list)  # completed, in completion order
    wonder: str | None = None  # the unfinished wonder (L416-L420)
    stages: int = 0  # stages of it built, each covered by a blue token
    colonies: list[str] = Field(default_factory=list)
    #: completed Age A/I wonders flipped by Ravages of Time: no effects, 2 culture (also
    #: still in ``wonders``, so they count for the wonder surcharge, ruling C1)
    flipped: list[str] = Field(default_factory=list)
    tactic: str | None = None  # the card this player's standard is on
    #: ``tactic`` still lies in this player's area, played from the hand this turn; it
    #: moves to the common area at the start of the player's next turn (L1525-L1535)
    tactic_exclusive: bool = False
    hand: list[str] = Field(default_factory=list)  # civil hand: public (L452-L456)
    taken: list[str] = Field(default_factory=list)  # civil cards taken this turn (L1202)
    military: list[str] = Field(default_factory=list)  # military hand: secret (L1296)
    culture: int = 0
    science: int = 0
    ca_spent: int = 0
    ma_spent: int = 0
    #: per-turn marks for abilities and once-per-turn rules (reset at the end of turn):
    #: e.g. ``tactic_played`` (one play-or-copy per action phase, L1508)
    marks: dict[str, int] = Field(default_factory=dict)
    #: once-per-game abilities already used, by card (Julius Caesar's second political
    #: action); never reset (engines/tta/leaders.py)
    used_powers: list[str] = Field(default_factory=list)
    #: the completed wonder Homer was tucked under when replaced (+1 happy there)
    tucked: str | None = None
    #: totals from the pacts this player is party to (``pacts.refresh``): ``ma``,
    #: ``strength``, ``culture``, ``resources``, ``food``; read by ``ratings`` and production
    pact_mods: dict[str, int] = Field(default_factory=dict)
    #: the player resigned (``resignation.py``; L2066-L2073): out of the game, an empty
    #: civilization that never gets a prompt again; the seat keeps its number (platform §4.7)
    resigned: bool = False
    #: the short game's Age III events dealt face down (two, one kept after Age I ends;
    #: ``short_game.py``): hidden even from the owner until then (L2228, L2237-L2239)
    short_events: list[str] = Field(default_factory=list)


class TtaState(BaseModel):
    model_config = ConfigDict(validate_assignment=False, revalidate_instances="never")

    players: int
    rng: int
    #: ``first`` (the book's first game), ``peaceful`` (the full game without conflict) or
    #: ``full`` (the full game with aggressions, wars and pacts; the lobby's default)
    mode: str = "first"
    #: the global conflict variant: culture for strength over the weakest at the end of
    #: Ages I, II and III (L2257-L2259)
    global_conflict: bool = False
    #: the peaceful game kept the four pacts that involve no war (L2253, ruling C9;
    #: ``facts.PEACEFUL_PACTS``); always False in the other modes
    peaceful_pacts: bool = False
    phase: str = "play"  # play | over
    #: where the current seat is in its turn: politics | action | action_card (an action
    #: card's follow-up) | discard
    step: str = "action"
    round: int = 1
    start: int = 0  # starting player (L308-L310)
    current: int = 0
    age: int = 0  # current age: 0 = A … 3 = III (the first game's Age III has no decks)
    #: the round that is the last one, once the game-ending age has begun (L1879-L1886)
    last_round: int | None = None
    row: list[str | None] = Field(default_factory=list)  # 13 slots, slot 1 first
    #: civil and military decks by age (index 0..3), top = last
    civil_decks: list[list[str]] = Field(default_factory=list)
    military_decks: list[list[str]] = Field(default_factory=list)
    military_discards: list[list[str]] = Field(default_factory=list)
    current_events: list[str] = Field(default_factory=list)  # top = last
    future_events: list[str] = Field(default_factory=list)
    #: who prepared each future event, same order as ``future_events`` (they know it, L1338)
    future_owners: list[int] = Field(default_factory=list)
    past_events: list[str] = Field(default_factory=list)
    common_tactics: list[str] = Field(default_factory=list)
    #: the action card whose ordered action is being chosen (step ``action_card``:
    #: ``actions/action_cards.py``); it is still in the hand until a target is chosen
    action_card: str | None = None
    #: cards out of the game: swept from the row, replaced leaders, antiquated cards,
    #: played action cards, old military decks (L552, L1210, L1835-L1861)
    removed: list[str] = Field(default_factory=list)
    #: the Age A military cards boxed unseen at setup (L293-L300) — hidden from every view
    boxed: list[str] = Field(default_factory=list)
    civs: list[Civ] = Field(default_factory=list)
    answers: int = 0
    #: answers each seat has made, ``undo`` included (``undo_window.answer`` counts them):
    #: never taken back by an undo nor rewound by an event's replay, it names the seats'
    #: questions (``Prompt.question``: README "Pacing"). Empty in a state saved before it
    #: existed (read as zeros).
    answered: list[int] = Field(default_factory=list)
    #: how often each card entered play / was resolved (``Engine.stats``)
    counts: dict[str, int] = Field(default_factory=dict)
    winners: list[int] = Field(default_factory=list)
    #: final scoring breakdown per seat, once the game is over (L1912-L1932)
    final: list[dict[str, int]] = Field(default_factory=list)
    #: an event or auction waiting for answers (``interrupts``: plain JSON, never mutated
    #: in place, so copies may share it)
    interrupt: dict[str, Any] | None = None
    #: the event or territory being resolved, face up (public), while it asks questions
    revealed: str | None = None
    #: seats that forfeit their next political action (International Agreement)
    forfeit_politics: list[int] = Field(default_factory=list)
    #: wars declared and not yet resolved (``wars.py``): ``{"card", "attacker", "defender"}``,
    #: in declaration order; entries are never changed in place
    wars: list[dict[str, Any]] = Field(default_factory=list)
    #: pacts in play (``pacts.py``): ``{"card", "owner", "partner", "owner_side"}`` — the
    #: card lies in ``owner``'s area (one each, L2041); entries are never changed in place
    pacts: list[dict[str, Any]] = Field(default_factory=list)
    #: the current seat's undo window (``undo_window.py``, platform §4.1)
    undo: UndoWindow = Field(default_factory=UndoWindow)
    #: the answers kept in the open undo window, for its ``turn_actions`` summary (§4.2);
    #: entries are never changed in place
    turn_log: list[dict[str, Any]] = Field(default_factory=list)
    #: the short game's three face-up Age III events, scored at the end (L2229, L2245)
    short_face_up: list[str] = Field(default_factory=list)
    #: the short game's face-up War over Culture, declared instead of a played war card and
    #: never moved (L2230, L2233-L2235, ruling C11)
    short_war: str | None = None

    def in_game(self, seat: int) -> bool:
        """``seat`` has not resigned (L2071: the others play on under the 2-/3-player rules)."""
        return not self.civs[seat].resigned

    def seats_left(self) -> list[int]:
        """The seats still in the game, in seat order."""
        return [s for s, c in enumerate(self.civs) if not c.resigned]

    def count_left(self) -> int:
        """The number of players still in the game: what every "by player count" table
        reads (sweep, "two strongest", Genghis Khan, the ranked Impact tables)."""
        n = 0  # a loop: faster than a generator (every replenish asks)
        for c in self.civs:
            if not c.resigned:
                n += 1
        return n


plain_setattr(Civ)
plain_setattr(TtaState)

_CIV_FIELDS = frozenset(Civ.model_fields)
_STATE_FIELDS = frozenset(TtaState.model_fields)


def copy_civ(c: Civ) -> Civ:
    return unvalidated(Civ, civ_fields(c.__dict__), set(_CIV_FIELDS))


def civ_fields(d: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of a civilization's fields ``d``, in their order (one dict display: the
    fastest)."""
    return {**d, "techs": d["techs"][:], "workers": d["workers"].copy(),
            "blue": d["blue"].copy(), "leader_ages": d["leader_ages"][:],
            "wonders": d["wonders"][:], "colonies": d["colonies"][:],
            "flipped": d["flipped"][:], "hand": d["hand"][:], "taken": d["taken"][:],
            "military": d["military"][:], "marks": d["marks"].copy(),
            "used_powers": d["used_powers"][:], "pact_mods": d["pact_mods"].copy(),
            "short_events": d["short_events"][:]}


def fast_copy(s: TtaState) -> TtaState:
    """An independent deep copy, without pydantic validation."""
    d = _table_fields(s.__dict__)
    d["civs"] = [copy_civ(c) for c in d["civs"]]
    d["undo"] = d["undo"].clone()
    d["answered"] = d["answered"][:]
    d["turn_log"] = d["turn_log"][:]
    return unvalidated(TtaState, d, set(_STATE_FIELDS))


def stand_in(s: TtaState, seat: int) -> TtaState:
    """``s`` as it is now where answers applied to it later in place cannot change it: its
    fields (the scalars: round, age, current…), ``seat``'s civilization and the military
    decks and discards copied; the other civilizations and the table's other lists shared.
    What the end-of-turn forecast reads (``undo_window._end_params``), for a fraction of a
    full copy."""
    d = dict(s.__dict__)
    civs = d["civs"][:]
    civs[seat] = copy_civ(civs[seat])
    d["civs"] = civs
    d["military_decks"] = [x[:] for x in d["military_decks"]]
    d["military_discards"] = [x[:] for x in d["military_discards"]]
    return unvalidated(TtaState, d, set(_STATE_FIELDS))


def game_fields(s: TtaState, fields: tuple[str, ...]) -> dict[str, Any]:
    """A deep copy of ``fields`` of ``s`` (neither ``undo`` nor ``answered`` among them),
    the civilizations as plain dicts: the undo window's base, an effect's snapshot."""
    d = _table_fields(s.__dict__)
    d["civs"] = [civ_fields(c.__dict__) for c in d["civs"]]
    d["turn_log"] = d["turn_log"][:]
    return {k: d[k] for k in fields}


def restore_fields(s: TtaState, saved: dict[str, Any], fields: tuple[str, ...]) -> None:
    """Write a deep copy of ``saved`` (``game_fields`` of the same ``fields``, without the
    turn log) back into ``s``; ``saved`` stays untouched."""
    d = _table_fields(saved)
    d["civs"] = [unvalidated(Civ, civ_fields(c), set(_CIV_FIELDS)) for c in d["civs"]]
    target = s.__dict__
    for k in fields:
        target[k] = d[k]


def _table_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """A state's ``fields`` with the lists and dicts of the table copied (not the
    civilizations, the undo window, the answer counts nor the turn log)."""
    d: dict[str, Any] = dict(fields)
    for key in ("row", "current_events", "future_events", "future_owners", "past_events",
                "common_tactics", "removed", "boxed", "winners", "forfeit_politics", "wars",
                "pacts", "short_face_up"):
        d[key] = d[key][:]
    for key in ("civil_decks", "military_decks", "military_discards"):
        d[key] = [x[:] for x in d[key]]
    d["counts"] = dict(d["counts"])
    d["final"] = [dict(x) for x in d["final"]]
    return d


def seat_order(st: TtaState) -> int:
    """0 for the starting player, then 1, 2, 3 clockwise (L308-L321)."""
    return (st.current - st.start) % st.players
