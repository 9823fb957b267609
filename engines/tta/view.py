"""What a seat (or the public) may see of a TTA game: the renderer's and bot's input.

Hidden (scope §31): other seats' military hands (count and ages by back only), military
decks and discards (counts), both event decks (counts and ages by back; a seat sees the
future events it prepared itself), the civil decks (counts), the Age A military cards boxed
at setup, the short game's dealt Age III events (the owner's own from Age II on, L2228;
the one let go: nobody, L2239). Civil hands are public: they were taken face up (L452-L456).
"""

from __future__ import annotations

from pydantic import BaseModel

from engines.core.contract import GameResult


class TechView(BaseModel):
    card: str
    workers: int | None = None  # farms, mines, urban buildings, units
    blue: int | None = None  # farms and mines: blue tokens on the card


class ArmyView(BaseModel):
    """One army the current tactic forms (L1556-L1588): its units as the unit technologies
    in play they stand on, whether it is obsolete, and the strength it adds — doubled when an
    air force joined it (L1957-L1961)."""

    units: list[str]
    obsolete: bool
    bonus: int
    #: the air force technology whose unit joined this army (it fills no slot), else None
    air_force: str | None = None


class WarView(BaseModel):
    """A declared war waiting for its resolution at the declarer's next turn (public: the
    card lies face up in the declarer's area, scope §24)."""

    card: str
    attacker: int
    defender: int


class PactView(BaseModel):
    """A pact in play (public: it lies face up in ``owner``'s area, scope §25); the owner
    plays ``owner_side`` (``a`` for symmetric pacts), the partner the other side."""

    card: str
    owner: int
    partner: int
    owner_side: str


class PlayerView(BaseModel):
    seat: int
    government: str
    leader: str | None
    techs: list[TechView]
    wonders: list[str]
    wonder: str | None
    wonder_stages: int
    colonies: list[str]
    tactic: str | None
    #: the tactic still lies in the player's area (played this turn), not yet common
    tactic_exclusive: bool = False
    yellow_bank: int
    unused_workers: int
    blue_bank: int
    food: int
    resources: int
    culture: int
    science: int
    #: [food, resources, science, culture, happy, strength] per turn / ratings
    ratings: list[int]
    happy_required: int
    #: food the population eats at the end of the turn (``economy.consumption``, L1742-L1750)
    consumption: int = 0
    #: discontent workers now: happy faces needed minus the happiness rating, never below
    #: 0 (``economy.discontent``); more than ``unused_workers`` means an uprising (L1630)
    discontent: int = 0
    civil_actions: int
    civil_left: int
    military_actions: int
    military_left: int
    urban_limit: int
    hand: list[str]  # civil hand: public
    military_count: int
    military_ages: list[int]
    military: list[str] | None = None  # owner only
    #: the armies the tactic forms from the units in play (public: the units and the tactic are)
    armies: list[ArmyView] = []
    #: the player resigned: out of the game, their cards gone (L2071; platform §4.7)
    resigned: bool = False
    #: the short game's dealt Age III events: the owner only, once Age I has ended (L2228)
    short_events: list[str] | None = None
    #: how many of them the player holds face down (public)
    short_events_count: int = 0


class TtaView(BaseModel):
    seat: int | None
    players_count: int
    mode: str
    phase: str
    step: str
    round: int
    age: int
    start: int
    current: int | None
    last_round: int | None
    row: list[str | None]
    #: civil cards left in the current age's deck (until the age ends)
    civil_deck: int
    military_deck: int
    military_discards: int
    current_events: list[int]  # ages by back, top first
    future_events: list[int]  # ages by back
    my_future_events: list[str]  # the future events this seat prepared
    past_events: list[str]
    common_tactics: list[str]
    removed_count: int
    players: list[PlayerView]
    result: GameResult | None = None
    #: the event or territory being resolved while it asks questions (face up)
    revealed: str | None = None
    #: seats whose answers to that event or auction the table is waiting for
    asked: list[int] = []
    #: wars declared and not yet resolved (``wars.py``)
    wars: list[WarView] = []
    #: pacts in play (``pacts.py``)
    pacts: list[PactView] = []
    #: the short game's three face-up Age III events, scored at the end (L2229, L2245)
    short_face_up: list[str] = []
    #: the short game's face-up War over Culture, declared instead of a played war (L2230)
    short_war: str | None = None
    #: the turn the table is in (``engines.core.contract.TABLE_KEY``): one seat's whole turn,
    #: ``"<round>:<current>"`` (politics, actions, discards, the events and auctions it
    #: causes, however many answers they take), ``"over:<round>"`` once the game is over
    table_key: str = ""
