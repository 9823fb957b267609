"""What a seat (or the public) may see of an Innovation game: the renderer's and bot's input.

Hidden information (rulebook 遊戲機制 備註, 玩家遊戲區域的範例): hand cards and score-pile
cards are face down — everyone sees how many and their ages (the age is printed on the
back), only the owner sees which cards; the score total is given to the owner only.
Covered board cards show only their visible icons to the other seats (the owner sees the
whole pile). Supply piles and age achievements are face down (sizes / ages only).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engines.core.contract import GameResult

SplayDir = Literal["none", "left", "right", "up"]
Phase = Literal["setup", "play", "over"]


class PileView(BaseModel):
    """One colour pile of a board (empty piles are listed too, with ``count`` 0)."""

    color: str
    splay: SplayDir
    count: int
    top: str | None  # top card id (public)
    #: visible icons of each covered card, from the card just under the top to the bottom
    #: (empty lists when not splayed); the hexagon is never listed.
    covered_icons: list[list[str]]
    #: the whole pile bottom→top, in the owner's view only (None for others).
    cards: list[str] | None = None


class AchievementView(BaseModel):
    """A claimed achievement: ``id`` is ``age_N`` for an age achievement, else the special id."""

    id: str
    kind: Literal["age", "special"]
    age: int | None = None


class PlayerView(BaseModel):
    seat: int
    piles: list[PileView]  # always five, in COLORS order: blue, red, green, yellow, purple
    #: visible icons on the board (all six kinds listed)
    icons: dict[str, int]
    hand_count: int
    hand_ages: list[int]  # sorted
    hand: list[str] | None = None  # owner only
    score_count: int
    score_ages: list[int]  # sorted
    score: list[str] | None = None  # owner only
    score_total: int | None = None  # owner only (and everyone once the game is over)
    achievements: list[AchievementView]
    #: setup only: the card this seat chose to meld (own view), or whether it has chosen
    initial_choice: str | None = None
    has_chosen: bool = False


class PendingView(BaseModel):
    """The open question: who must answer and what (params public unless the prompt is private)."""

    seats: list[int]
    kind: str
    params: dict[str, object] = Field(default_factory=dict)


class DogmaView(BaseModel):
    """The dogma being executed (None between actions)."""

    card: str
    seat: int  # activating seat
    effect: int  # 1-based effect index being executed
    executing: int | None  # seat executing that effect now
    sharers: list[int]
    demanded: list[int]


class InnovationView(BaseModel):
    seat: int | None  # whose view this is; None = public
    players_count: int
    phase: Phase
    turn: int  # 1-based turn counter (0 during setup)
    current: int | None  # seat whose turn it is
    actions_left: int
    first_player: int | None
    supply: list[int]  # cards left in the age 1..10 piles (index 0 = age 1)
    age_achievements: list[int]  # ages (1..9) still available to achieve
    special_achievements: list[str]  # special achievement ids still available
    achievements_to_win: int
    players: list[PlayerView]
    removed_count: int  # cards removed from the game (Fission)
    pending: PendingView | None = None
    dogma: DogmaView | None = None
    result: GameResult | None = None
    #: the stretch of play the table is in (``engines.core.contract.TABLE_KEY``):
    #: ``"setup"``, then the turn number, ``"over"`` once the game is over: a turn, its
    #: demands and shared effects included, is one stretch.
    table_key: str = ""
