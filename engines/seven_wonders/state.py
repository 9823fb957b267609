"""The whole game in one pydantic model (JSON round-trip via ``model_dump_json``).

Fields are plain lists/ints/strings indexed by seat, mutated in place by the rules without
pydantic overhead; ``fast_copy`` is a hand-written deep copy. Derived facts (production,
colour counts, shields, science, chains, trading discounts, powers) are kept up to date by
``effects.add_building`` / ``effects.add_stage``.

Hidden information lives here too (decks, hands, unused guilds, the discard pile, the
cards tucked under wonder stages, the choices of the current turn): only ``views.py``
decides what a seat may see.

Seats sit in a circle: the **left** neighbour of seat ``s`` is ``(s + 1) % players`` and
the **right** neighbour ``(s - 1) % players``. Hands pass left in Ages I and III.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engines.core.fast import plain_setattr, unvalidated


class SevenWondersState(BaseModel):
    model_config = ConfigDict(validate_assignment=False, revalidate_instances="never")

    players: int
    rng: int
    wonders_option: str = "random"
    sides_option: str = "day"
    # choose_board | choose_side | play | last_card | revive | over
    phase: str = "play"
    age: int = 0
    turn: int = 0  # 1..6 within the Age
    step: int = 0  # bumped whenever a city or hand changes (key of the option cache)
    answers: int = 0

    boards_offered: list[str] = Field(default_factory=list)  # wonders=choose
    board_picker: int = 0

    decks: list[list[str]] = Field(default_factory=list)  # Age I..III, dealt at Age start
    unused_guilds: list[str] = Field(default_factory=list)
    hands: list[list[str]] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    #: per seat: [] choosing | [action, card] paying | [action, card, left, right, bank, via]
    #: chosen | the chosen six + [new_action, new_card]: chosen, paying for a change (the
    #: six stand until it is paid)
    choice: list[list[Any]] = Field(default_factory=list)
    #: Babylon seats still to play their 7th card, Halikarnassos seats still to build
    #: from the discard pile (in order), at the end of the current turn
    last_queue: list[int] = Field(default_factory=list)
    revive_queue: list[int] = Field(default_factory=list)

    # per seat
    board: list[str] = Field(default_factory=list)
    side: list[str] = Field(default_factory=list)  # "" until chosen
    coins: list[int] = Field(default_factory=list)
    buildings: list[list[str]] = Field(default_factory=list)
    stage_cards: list[list[str]] = Field(default_factory=list)  # hidden (face down)
    stage_ages: list[list[int]] = Field(default_factory=list)
    tokens: list[list[int]] = Field(default_factory=list)  # -1, 1, 3, 5

    # derived
    fixed: list[list[int]] = Field(default_factory=list)  # 7 per seat, all tradable
    choices: list[list[int]] = Field(default_factory=list)  # own one-of masks (all)
    trade_choices: list[list[int]] = Field(default_factory=list)  # tradable one-of masks
    colors: list[list[int]] = Field(default_factory=list)  # 7 per seat
    shields: list[int] = Field(default_factory=list)
    science: list[list[int]] = Field(default_factory=list)  # compass, gear, tablet
    wildcards: list[int] = Field(default_factory=list)
    chains: list[list[str]] = Field(default_factory=list)
    disc_left: list[int] = Field(default_factory=list)  # resource masks bought for 1 coin
    disc_right: list[int] = Field(default_factory=list)
    free_rules: list[list[str]] = Field(default_factory=list)  # Olympia powers owned
    last_card: list[bool] = Field(default_factory=list)  # Babylon Night stage 1 owned

    # coins ledger: coins the bank handed out / received (for conservation checks)
    bank_out: int = 0
    bank_in: int = 0

    winners: list[int] = Field(default_factory=list)

    #: per-position option cache (never serialised; rebuilt on demand)
    cache: dict[Any, Any] = Field(default_factory=dict, exclude=True, repr=False)


# plain attribute assignment for declared fields (no validation is configured anyway)
plain_setattr(SevenWondersState)

_FLAT = ("boards_offered", "unused_guilds", "discard", "last_queue", "revive_queue", "board",
         "side", "coins", "shields", "wildcards", "disc_left", "disc_right", "last_card",
         "winners")
_NESTED = ("decks", "hands", "choice", "buildings", "stage_cards", "stage_ages", "tokens",
           "fixed", "choices", "trade_choices", "colors", "science", "chains", "free_rules")


def fast_copy(s: SevenWondersState) -> SevenWondersState:
    """An independent deep copy, without pydantic validation."""
    d = s.__dict__
    new = dict(d)
    for key in _FLAT:
        new[key] = d[key][:]
    for key in _NESTED:
        new[key] = [x[:] for x in d[key]]
    new["cache"] = {}
    return unvalidated(SevenWondersState, new, set(s.__pydantic_fields_set__))


def left_of(st: SevenWondersState, seat: int) -> int:
    return (seat + 1) % st.players


def right_of(st: SevenWondersState, seat: int) -> int:
    return (seat - 1) % st.players
