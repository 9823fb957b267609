"""What a seat (or the public) may see of a 7 Wonders game: the renderer's and the bot's input.

Field names here are a stable interface (documented in ``README.md``). Hidden in every
view: the decks, the unused guilds, the discard pile's contents (only its size is public;
the Halikarnassos player choosing from it sees it in ``private_discard``), the cards
tucked under wonder stages, every hand but the viewer's own, and what anybody has chosen
before the turn resolves (only *who* is still choosing).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engines.core.contract import GameResult

Phase = Literal["choose_board", "choose_side", "play", "last_card", "revive", "over"]
Direction = Literal["left", "right"]
#: how a card of the hand could be built now
BuildStatus = Literal["free", "chain", "power", "coins", "owned", "cannot_afford"]
#: how the next wonder stage could be built with a card of the hand now
StageStatus = Literal["free", "coins", "complete", "cannot_afford"]


class StageView(BaseModel):
    """One stage of a city's wonder (on its chosen side)."""

    stage: int  # 1-based
    built: bool
    #: Age of the card tucked under it once built (the back the table shows), else None.
    built_in_age: int | None = None


class CityView(BaseModel):
    """One player's city: everything on the table in front of them (all public)."""

    seat: int
    left: int  # seat of the left neighbour
    right: int  # seat of the right neighbour
    board: str | None  # wonder id (None while boards are being chosen)
    side: Literal["day", "night"] | None  # None until chosen
    stages: list[StageView]
    stages_built: int
    #: building ids in the order they were built (the renderer groups them by colour).
    buildings: list[str]
    coins: int
    shields: int
    #: conflict tokens taken, in order: -1 (defeat), 1, 3, 5 (victories of Age I/II/III).
    military_tokens: list[int]
    #: science symbols owned (cards and wonder stages), per symbol.
    science: dict[str, int]
    #: "any symbol" wildcards (Scientists Guild, Babylon), chosen at the end for the best score.
    science_wildcards: int
    #: fixed production (starting resource, brown/grey cards), per resource.
    production: dict[str, int]
    #: one-of producers, each a list of resources (brown dual cards, Forum, Caravansery,
    #: wonder stages) with whether neighbours may buy from it.
    production_choices: list[ProductionChoice]
    #: what this city pays a neighbour per resource: {"left": {res: 1|2}, "right": {...}}
    trade_prices: dict[str, dict[str, int]]
    chains: list[str]  # chain symbols owned
    hand_size: int
    #: True while this seat must still decide something (choose, pay, follow-up).
    choosing: bool
    #: points counted so far (what the final scoring would give now).
    victory_points: int


class ProductionChoice(BaseModel):
    resources: list[str]
    tradable: bool
    source: str  # card id, or "<wonder>:<stage>" for a wonder stage


class HandCardView(BaseModel):
    """A card of the viewer's own hand, marked with what it could do now."""

    card: str
    build: BuildStatus
    #: cheapest full coin cost of building it (bank + trade); None when it cannot be built.
    build_cost: int | None
    wonder: StageStatus
    #: cheapest full coin cost of the next wonder stage with it; None when impossible.
    wonder_cost: int | None
    sell_coins: int


class ChoiceView(BaseModel):
    """The viewer's own pending choice (never shown to anyone else before resolution)."""

    action: Literal["build", "wonder", "sell"]
    card: str
    left: int = 0  # coins to the left neighbour
    right: int = 0  # coins to the right neighbour
    bank: int = 0  # coins to the bank


class SevenWondersView(BaseModel):
    seat: int | None  # whose view this is; None = public
    players: int
    phase: Phase
    age: int  # 0 before Age I starts
    turn: int  # 1..6 within the Age (0 before Age I)
    direction: Direction  # where hands pass this Age (left in I and III, right in II)
    discard_size: int
    #: seats that must still act now (who is still choosing; never what was chosen).
    waiting_for: list[int]
    #: boards still offered while boards are chosen in turn (option ``wonders=choose``).
    boards_offered: list[str]
    cities: list[CityView]
    #: the viewer's own hand (empty for the public and for other seats' hands).
    hand: list[HandCardView] = Field(default_factory=list)
    #: the viewer's own choice this turn, once made (None otherwise).
    my_choice: ChoiceView | None = None
    #: the prompt kind the viewer is answering, if any.
    my_prompt: str | None = None
    #: the discard pile's cards, only for the Halikarnassos seat choosing from it.
    private_discard: list[str] = Field(default_factory=list)
    result: GameResult | None = None
    #: the round of choices the table is in (``engines.core.contract.TABLE_KEY``):
    #: ``"<phase>:<age>:<turn>"`` while every seat chooses at once (``play``, ``choose_side``,
    #: and ``over``), ``"<phase>:<age>:<turn>:<waiting_for>"`` while seats act one after
    #: another (``last_card``, ``revive``, ``choose_board``): each one's answer is a round.
    #: A seat changing its mind never changes it; the turn resolving always does.
    table_key: str = ""


CityView.model_rebuild()
