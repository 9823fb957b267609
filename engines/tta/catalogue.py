"""The Through the Ages components: civil and military cards, the player board, the names.

Loaded once from ``engines/tta/data/*.json`` and validated with pydantic (frozen models that
refuse unknown keys), so a typo in a data file fails at import. The facts come from
``shared/reference/tta`` (cross-checked there); every ``text`` is this project's paraphrase.

Public: ``CIVIL`` / ``MILITARY`` (id -> card), ``CARDS`` (both), ``BOARD``, ``names()``,
``name()``, ``deck_size()``, ``catalogue()``. The hot path reads ``facts.py`` instead.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import ConfigDict, Field, model_validator

from engines.core.catalogue import Frozen, name_in, read_json

DATA_DIR = Path(__file__).parent / "data"

Age = Literal["A", "I", "II", "III"]
AGES: tuple[Age, ...] = ("A", "I", "II", "III")
#: the level of each age (L130-L141): A = 0 … III = 3
AGE_LEVEL: dict[str, int] = {a: i for i, a in enumerate(AGES)}
PLAYER_COUNTS: tuple[str, ...] = ("2", "3", "4")

CivilCategory = Literal["technology", "leader", "wonder", "action"]
TechType = Literal["farm", "mine", "urban", "unit", "special", "government"]
MilitaryCategory = Literal["event", "territory", "tactic", "aggression", "war", "pact", "bonus"]

#: ability types the data may use (README of the reference data, "Ability vocabulary")
ABILITY_TYPES = frozenset({
    "strength_per_unit", "strength_per_unit_type", "strength_per_happy_face",
    "culture_per_happy_face", "culture_per_building", "culture_per_colony",
    "best_lab_or_library_bonus", "best_theater_culture_multiplier",
    "lab_produces_resources_per_level", "lab_culture_per_level",
    "on_take_card_from_row", "on_develop_technology", "on_revolution",
    "on_leave_play_or_game_end", "on_complete_culture", "take_cost_modifier",
    "take_cost_modifier_if_leader_replaced_this_turn", "no_wonder_take_surcharge",
    "population_increase_food_modifier", "free_population_increase",
    "military_unit_resource_credit", "military_action_usable_as_civil_action",
    "military_action_population_and_unit_combo", "extra_political_action",
    "political_action_remove_self", "political_action_remove_self_colonize_from_hand",
    "colonization_discard_military_cards", "infantry_may_count_as_cavalry_for_tactics",
    "end_of_turn_culture_if_among_strongest", "peek_top_current_event_at_politics_start",
    "library_theater_synergy", "tech_science_discount", "cross_upgrade_to_theater",
    "revolution_paid_with_military_actions", "cannot_play_aggression_or_war",
    "attack_cost_multiplier_against_owner", "per_turn_choice",
    "on_replaced_tuck_under_completed_wonder", "extra_happy_per_happy_source",
    "double_best_mine_one_worker", "construction_discounts",
    "air_force_doubles_army_tactic_bonus",
})


class Copies(Frozen):
    """Physical copies used with 2, 3 and 4 players (L194-L199)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    p2: int = Field(alias="2", ge=0)
    p3: int = Field(alias="3", ge=0)
    p4: int = Field(alias="4", ge=0)

    def at(self, players: int) -> int:
        return (self.p2, self.p3, self.p4)[players - 2]


class CornerMarks(Frozen):
    """How the 4-player copies split into unmarked, "3+" and "4" cards (L194-L199)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    base: int
    three_plus: int = Field(alias="3+")
    four: int = Field(alias="4")


class Output(Frozen):
    """What one worker (building, unit, farm, mine) gives (L844-L851)."""

    food: int = 0
    resources: int = 0
    science: int = 0
    culture: int = 0
    happy: int = 0
    strength: int = 0


class Static(Frozen):
    """Always-on bonuses of a card in play (government, leader, completed wonder, special
    technology; L844-L851)."""

    culture: int = 0
    science: int = 0
    happy: int = 0
    strength: int = 0
    civil_actions: int = 0
    military_actions: int = 0
    urban_building_limit: int = 0
    blue_tokens: int = 0
    colonization: int = 0
    civil_hand_limit: int = 0
    military_hand_limit: int = 0


class Ability(Frozen):
    """A structured rule of a leader, wonder or special technology; its parameters are
    self-describing (kept as given), ``type`` must be one of ``ABILITY_TYPES``."""

    model_config = ConfigDict(frozen=True, extra="allow")

    type: str

    @model_validator(mode="after")
    def _known(self) -> Ability:
        if self.type not in ABILITY_TYPES:
            raise ValueError(f"unknown ability type {self.type!r}")
        return self

    def params(self) -> dict[str, Any]:
        return dict(self.__pydantic_extra__ or {})


class Card(Frozen):
    """What civil and military cards share: the id (prefixed by the age), the names and the
    age, whose level the data repeats."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    age: Age
    level: int = Field(ge=0, le=3)

    @model_validator(mode="after")
    def _age(self) -> Card:
        if self.level != AGE_LEVEL[self.age] or not self.id.startswith(f"{self.age}_"):
            raise ValueError(f"{self.id}: age, level and id prefix disagree")
        return self


class CivilCard(Card):
    category: CivilCategory
    deck: Literal["civil", "player_board"]
    copies: Copies
    corner_marks: CornerMarks | None = None
    tech_type: TechType | None = None
    subtype: str | None = None
    science_cost: int | None = None
    revolution_science_cost: int | None = None
    start_workers: int | None = None
    build_cost: int | None = None
    per_worker: Output | None = None
    static: Static = Static()
    wonder_stage_costs: tuple[int, ...] = ()
    abilities: tuple[Ability, ...] = ()
    effect: dict[str, Any] | None = None
    text: str
    notes: str | None = None

    @model_validator(mode="after")
    def _check(self) -> CivilCard:
        cid = self.id
        if (self.category == "technology") != (self.tech_type is not None):
            raise ValueError(f"{cid}: tech_type is for technologies only")
        if self.tech_type in ("farm", "mine", "urban", "unit") and (
                self.build_cost is None or self.per_worker is None):
            raise ValueError(f"{cid}: a building/unit technology needs a cost and an output")
        if self.tech_type in ("urban", "unit", "special") and self.subtype is None:
            raise ValueError(f"{cid}: subtype missing")
        if self.tech_type == "government" and self.static.civil_actions <= 0:
            raise ValueError(f"{cid}: a government gives civil actions")
        if self.category == "wonder" and not self.wonder_stage_costs:
            raise ValueError(f"{cid}: a wonder needs stage costs")
        if self.category == "action" and not self.effect:
            raise ValueError(f"{cid}: an action card needs an effect")
        if self.deck == "player_board":
            if self.age != "A" or self.copies.p4 != 0:
                raise ValueError(f"{cid}: board technologies are Age A, never in a deck")
        else:
            cm = self.corner_marks
            c = self.copies
            if cm is None or (cm.base, cm.three_plus, cm.four) != (c.p2, c.p3 - c.p2, c.p4 - c.p3):
                raise ValueError(f"{cid}: corner marks disagree with copies")
        return self


class MilitaryCard(Card):
    category: MilitaryCategory
    deck: Literal["military"]
    copies: Copies
    text: str
    notes: str | None = None
    event: dict[str, Any] | None = None
    immediate: dict[str, Any] | None = None
    permanent: dict[str, Any] | None = None
    army: dict[Literal["infantry", "cavalry", "artillery"], int] | None = None
    bonus: int | None = None
    obsolete_bonus: int | None = None
    play_cost: dict[str, int] | None = None
    copy_cost: dict[str, int] | None = None
    cost: dict[str, int] | None = None
    effect: dict[str, Any] | None = None
    resolves: str | None = None
    pact: dict[str, Any] | None = None
    defense: int | None = None
    colonization: int | None = None

    @model_validator(mode="after")
    def _check(self) -> MilitaryCard:
        cid = self.id
        needs = {"event": ("event",), "territory": ("immediate", "permanent"),
                 "tactic": ("army", "bonus"), "aggression": ("cost", "effect"),
                 "war": ("cost", "effect"), "pact": ("pact",),
                 "bonus": ("defense", "colonization")}[self.category]
        for field in needs:
            if getattr(self, field) is None:
                raise ValueError(f"{cid}: a {self.category} needs {field}")
        if self.category == "tactic" and (self.age == "I") != (self.obsolete_bonus is None):
            raise ValueError(f"{cid}: only Age I tactics lack an obsolete value (L1574-L1588)")
        return self


class BankRow(Frozen):
    tokens: int
    population_cost: int | None = None
    consumption: int = 0
    happy_required: int = 0
    corruption: int = 0


class Bank(Frozen):
    capacity: int
    table: tuple[BankRow, ...]
    note: str

    @model_validator(mode="after")
    def _rows(self) -> Bank:
        if [r.tokens for r in self.table] != list(range(self.capacity + 1)):
            raise ValueError("a bank table needs one row per token count 0..capacity")
        return self


class StartState(Frozen):
    """Each player's start (L64-L76, L94-L161)."""

    workers: dict[str, int]
    technologies: tuple[str, ...]
    government: str
    yellow_bank: int
    worker_pool: int
    blue_bank: int
    yellow_total: int
    white_tokens: int
    red_tokens: int


class Board(Frozen):
    about: str
    yellow_bank: Bank
    blue_bank: Bank
    start: StartState
    setup: dict[str, Any]
    card_row: dict[str, Any]
    first_round: dict[str, Any]
    end_of_turn: dict[str, int]
    ages: dict[str, int]
    first_game_scoring: dict[str, Any]

    @model_validator(mode="after")
    def _check(self) -> Board:
        s = self.start
        if s.yellow_bank + s.worker_pool + sum(s.workers.values()) != s.yellow_total:
            raise ValueError("starting yellow tokens do not add up (L65)")
        if len(self.card_row["take_cost_by_slot"]) != self.setup["card_row_size"]:
            raise ValueError("one take cost per card-row slot (L380-L384)")
        return self


#: civil deck sizes per age and player count (reference README "Deck sizes")
CIVIL_DECK_SIZES: dict[str, tuple[int, int, int]] = {
    "A": (20, 20, 20), "I": (44, 50, 53), "II": (44, 50, 53), "III": (44, 50, 53)}
#: military deck sizes per age and player count (full game; pacts leave at 2 players, L2035)
MILITARY_DECK_SIZES: dict[str, tuple[int, int, int]] = {
    "A": (10, 10, 10), "I": (43, 45, 45), "II": (46, 50, 50), "III": (41, 45, 45)}


def _read(name: str) -> Any:
    return read_json(DATA_DIR, name)


def deck_size(cards: dict[str, CivilCard] | dict[str, MilitaryCard], age: str,
              players: int) -> int:
    """Physical cards of ``age`` in the shuffled decks of ``cards`` at ``players``."""
    return sum(c.copies.at(players) for c in cards.values()
               if c.age == age and c.deck != "player_board")


def _load() -> tuple[dict[str, CivilCard], dict[str, MilitaryCard], Board]:
    civil = [CivilCard.model_validate(c) for c in _read("civil.json")["cards"]]
    military = [MilitaryCard.model_validate(c) for c in _read("military.json")["cards"]]
    civ = {c.id: c for c in civil}
    mil = {c.id: c for c in military}
    if len(civ) != len(civil) or len(mil) != len(military) or set(civ) & set(mil):
        raise ValueError("card ids must be unique across both decks")
    for age, sizes in CIVIL_DECK_SIZES.items():
        got = tuple(deck_size(civ, age, p) for p in (2, 3, 4))
        if got != sizes:
            raise ValueError(f"civil deck {age}: {got} cards, expected {sizes}")
    for age, sizes in MILITARY_DECK_SIZES.items():
        got = tuple(deck_size(mil, age, p) for p in (2, 3, 4))
        if got != sizes:
            raise ValueError(f"military deck {age}: {got} cards, expected {sizes}")
    board = Board.model_validate(_read("board.json"))
    for cid in (*board.start.technologies, board.start.government):
        if civ[cid].deck != "player_board":
            raise ValueError(f"{cid} is not printed on the player board")
    return civ, mil, board


CIVIL, MILITARY, BOARD = _load()
CARDS: dict[str, CivilCard | MilitaryCard] = {**CIVIL, **MILITARY}


@cache
def names() -> dict[str, dict[str, str]]:
    """``{id: {"en", "zh-TW", "zh-CN"}}`` for every card and game term (English where no
    Chinese name is known: 23 of the 236 cards, reference README "Chinese names")."""
    raw: dict[str, dict[str, str]] = _read("names.json")
    missing = [i for i in CARDS if not (raw.get(i) or {}).get("en")]
    if missing:
        raise ValueError(f"names.json lacks English names for {missing}")
    return raw


def name(item_id: str, locale: str = "en") -> str:
    return name_in(names(), item_id, locale)


def catalogue() -> dict[str, Any]:
    """Everything ``python -m engines cards tta`` prints."""
    nm = names()

    def entry(c: CivilCard | MilitaryCard) -> dict[str, Any]:
        out = c.model_dump(mode="json", by_alias=True, exclude_none=True, exclude_defaults=True)
        out["names"] = nm.get(c.id)
        out["effects"] = [{"text": c.text}]
        return out

    return {
        "civil": [entry(c) for c in CIVIL.values()],
        "military": [entry(c) for c in MILITARY.values()],
        "board": BOARD.model_dump(mode="json", exclude={"about"}),
    }
