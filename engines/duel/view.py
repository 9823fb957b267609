"""What a seat (or the public) may see of a Duel game: the renderer's and the bot's input.

Face-down structure cards show only their back (``age1``/``age2``/``age3``/``guild``);
the cards removed at setup, the unused guilds, wonders and progress tokens never appear.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engines.core.contract import GameResult

Back = Literal["age1", "age2", "age3", "guild"]
Phase = Literal["draft", "play", "choose_start", "over"]


class SlotView(BaseModel):
    """One of the 20 positions of the current Age's structure."""

    slot: int
    row: int
    col: int  # half-card units, as in the reference layouts
    card: str | None  # None when face down (or already taken)
    back: Back
    taken: bool
    accessible: bool


class WonderView(BaseModel):
    id: str
    built: bool
    #: Age of the card tucked under it (its back is what the table shows), once built.
    built_with_age: int | None = None


class PlayerView(BaseModel):
    seat: int
    coins: int
    #: building ids in the order they were built, grouped by the renderer by colour.
    buildings: list[str]
    wonders: list[WonderView]
    progress_tokens: list[str]
    #: distinct science symbols owned (cards and the Law token), with multiplicity.
    science: dict[str, int]
    #: fixed production of brown/grey cards, per resource.
    production: dict[str, int]
    #: one-of producers (Forum, Caravansery, wonders), each a list of resources.
    flexible_production: list[list[str]]
    #: resources this player buys for 1 coin (Stone/Clay/Wood Reserve, Customs House).
    fixed_prices: list[str]
    #: current trade price of each resource for this player.
    trade_prices: dict[str, int]
    chains: list[str]
    victory_points: int  # points counted so far (what civilian scoring would give now)


class DuelView(BaseModel):
    seat: int | None  # whose view this is; None = public
    phase: Phase
    age: int  # 0 during the wonder draft
    active_seat: int | None  # who must act now (None once over)
    prompt_kind: str | None  # what they are deciding
    first_player: int
    structure: list[SlotView]
    #: pawn position: >0 means toward seat 1's capital (seat 0 leads), in -9..9.
    military_position: int
    military_tokens: list[str]  # ids still on the board (token_a5 ... token_b5; a = seat 0)
    progress_tokens: list[str]  # available on the board
    wonder_offer: list[str]  # face-up wonders in the draft
    discard: list[str]  # discarded / destroyed cards (public in Duel)
    wonders_built: int
    players: list[PlayerView]
    #: Library's three drawn tokens: present only in the view of the seat choosing.
    private_token_offer: list[str] = Field(default_factory=list)
    result: GameResult | None = None
    #: the stretch of play the table is in (``engines.core.contract.TABLE_KEY``): the Age
    #: and the seat asked, ``"<age>:<seat>"`` (Age 1 during the draft), ``"over"`` once the
    #: game is over. It changes when another seat is asked and when the next Age is laid
    #: out (its starter is chosen), not when a seat plays again or answers a follow-up.
    table_key: str = ""
