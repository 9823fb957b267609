"""The whole game in one pydantic model (JSON round-trip via ``model_dump_json``).

Fields are plain lists/ints/strings so the rules mutate them in place without pydantic
overhead; ``fast_copy`` is a hand-written deep copy. Per-seat facts are lists indexed by
seat (0, 1). Derived facts (production, colour counts, science symbols, chains) are kept
up to date by ``effects.add_building`` / ``effects.remove_building``.

Hidden information lives here too (face-down structure cards, the prepared decks of the
later Ages, removed cards, unused guilds, undrawn wonders, set-aside tokens): only
``views.py`` decides what a seat may see.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from engines.core.contract import Event
from engines.core.fast import unvalidated
from engines.core.undo import UndoWindow

# A pending follow-up decision: (kind, seat, detail).
#   ("token", seat, symbol)      choose a progress token from the board after a pair
#   ("great_library", seat, "")      choose one of ``library_offer`` (The Great Library)
#   ("destroy", seat, colour)    discard one opponent card of that colour
#   ("revive", seat, "")         build a discarded card for free (The Mausoleum)
Pending = tuple[str, int, str]


class Window(UndoWindow):
    """The core's undo window (``window.py`` drives it), its fields assigned as plain
    stores like ``DuelState``'s: opening and closing it costs a few stores, not pydantic's
    assignment machinery (Duel opens and closes a handful of windows a game)."""

    def clone(self) -> Window:
        return unvalidated(Window, {"base": self.base, "answers": self.answers[:],
                                    "seat": self.seat}, set(self.__pydantic_fields_set__))


Window.__setattr__ = object.__setattr__  # type: ignore[method-assign,assignment]


def _two_lists() -> list[list[str]]:
    return [[], []]


def _two_dicts() -> list[dict[str, str]]:
    return [{}, {}]


class DuelState(BaseModel):
    model_config = ConfigDict(validate_assignment=False, revalidate_instances="never")

    wonders_option: str = "draft"
    rng: int
    phase: str = "draft"  # draft | play | choose_start | over
    age: int = 0
    first_player: int = 0  # who began the draft and Age I
    current: int = 0  # seat to act in "play" / chooser in "choose_start"
    extra_turn: bool = False  # the active player plays again after this turn
    last_taker: int = 0  # who took the last card from the structure
    pending: list[Pending] = Field(default_factory=list)
    answers: int = 0  # answers applied so far

    # wonder draft
    wonder_deck: list[str] = Field(default_factory=list)  # hidden, not yet revealed
    wonder_offer: list[str] = Field(default_factory=list)  # face up, to pick from
    draft_pick: int = 0  # 0..8
    returned_wonders: list[str] = Field(default_factory=list)  # 7-wonder limit

    # cards
    decks: list[list[str]] = Field(default_factory=list)  # [age1, age2, age3], 20 each
    removed: list[str] = Field(default_factory=list)  # 3 per Age, returned unseen
    unused_guilds: list[str] = Field(default_factory=list)
    structure: list[str | None] = Field(default_factory=list)  # 20 slots; None = taken
    face_up: list[bool] = Field(default_factory=list)
    accessible: list[int] = Field(default_factory=list)  # slots, ascending
    cards_left: int = 0
    discard: list[str] = Field(default_factory=list)

    # board
    military: int = 0  # >0: toward seat 1's capital (seat 0 leads)
    military_tokens: list[str] = Field(default_factory=list)
    board_tokens: list[str] = Field(default_factory=list)
    box_tokens: list[str] = Field(default_factory=list)  # set aside, hidden
    library_offer: list[str] = Field(default_factory=list)  # private to the chooser

    # per seat
    coins: list[int] = Field(default_factory=lambda: [7, 7])
    buildings: list[list[str]] = Field(default_factory=_two_lists)
    wonders: list[list[str]] = Field(default_factory=_two_lists)
    wonder_cards: list[dict[str, str]] = Field(default_factory=_two_dicts)
    tokens: list[list[str]] = Field(default_factory=_two_lists)
    # derived
    production: list[list[int]] = Field(default_factory=lambda: [[0] * 5, [0] * 5])
    flexible: list[list[int]] = Field(default_factory=lambda: [[0, 0], [0, 0]])  # raw, goods
    fixed_mask: list[int] = Field(default_factory=lambda: [0, 0])
    colors: list[list[int]] = Field(default_factory=lambda: [[0] * 7, [0] * 7])
    science: list[list[int]] = Field(default_factory=lambda: [[0] * 7, [0] * 7])
    chains: list[list[str]] = Field(default_factory=_two_lists)

    # outcome
    victory: str | None = None
    winners: list[int] = Field(default_factory=list)

    # the undo window (``window.py``): its base and answers, and the events of those
    # answers, told so far to their seat only (told to the table when it closes)
    undo: Window = Field(default_factory=Window)
    held: list[Event] = Field(default_factory=list)


# Assigning a field is a plain store into the instance ``__dict__`` (no validation is
# configured anyway), done by ``object.__setattr__`` itself rather than a Python wrapper:
# the rules assign a few fields on every answer. Names are checked by mypy, not at run time.
DuelState.__setattr__ = object.__setattr__  # type: ignore[method-assign,assignment]


#: the fields that are lists of immutable items, and lists of such lists (``fast_copy``)
FLAT_LISTS: tuple[str, ...] = (
    "pending", "wonder_deck", "wonder_offer", "returned_wonders", "removed",
    "unused_guilds", "structure", "face_up", "accessible", "discard", "military_tokens",
    "board_tokens", "box_tokens", "library_offer", "coins", "fixed_mask", "winners", "held",
)
NESTED_LISTS: tuple[str, ...] = (
    "decks", "buildings", "wonders", "tokens", "production", "flexible", "colors", "science",
    "chains",
)


def fast_copy(s: DuelState) -> DuelState:
    """An independent deep copy, without pydantic validation."""
    d = s.__dict__
    new = dict(d)
    for key in FLAT_LISTS:
        new[key] = d[key][:]
    for key in NESTED_LISTS:
        new[key] = list(map(list.copy, d[key]))
    new["wonder_cards"] = [dict(x) for x in d["wonder_cards"]]
    new["undo"] = d["undo"].clone()
    return unvalidated(DuelState, new, set(s.__pydantic_fields_set__))
