"""The catalogue flattened to dicts of ints and tuples for the hot path (no pydantic here).

Every card id maps to plain values: ``AGE`` (level 0-3), ``KIND`` (``farm``, ``mine``,
``urban``, ``unit``, ``special``, ``government``, ``leader``, ``wonder``, ``action`` for civil
cards; ``event``, ``territory``, ``tactic``, ``aggression``, ``war``, ``pact``, ``bonus`` for
military ones), ``SUBTYPE`` (lab, temple, …, infantry, …, civil/military/exploration/
construction), costs, per-worker output and static bonuses as fixed-order tuples.
"""

from __future__ import annotations

from engines.tta.armies import Tactic
from engines.tta.catalogue import AGE_LEVEL, BOARD, CIVIL, MILITARY

#: output/static tuple positions
FOOD, RES, SCI, CUL, HAPPY, STR = range(6)
#: extra static positions after the six outputs
CA, MA, URBAN_LIMIT, BLUE, COLONIZATION, CIVIL_HAND, MIL_HAND = range(6, 13)

URBAN_TYPES: tuple[str, ...] = ("lab", "temple", "library", "theater", "arena")
UNIT_TYPES: tuple[str, ...] = ("infantry", "cavalry", "artillery", "air_force")
SPECIAL_TYPES: tuple[str, ...] = ("civil", "military", "exploration", "construction")

AGE: dict[str, int] = {**{c.id: c.level for c in CIVIL.values()},
                       **{c.id: c.level for c in MILITARY.values()}}
KIND: dict[str, str] = {**{c.id: c.tech_type or c.category for c in CIVIL.values()},
                        **{c.id: c.category for c in MILITARY.values()}}
SUBTYPE: dict[str, str] = {c.id: c.subtype for c in CIVIL.values() if c.subtype}
NAME: dict[str, str] = {**{c.id: c.name for c in CIVIL.values()},
                        **{c.id: c.name for c in MILITARY.values()}}
CIVIL_IDS: frozenset[str] = frozenset(CIVIL)
MILITARY_IDS: frozenset[str] = frozenset(MILITARY)

#: technologies: science to develop (governments: the peaceful-change cost, L1008)
SCIENCE: dict[str, int] = {c.id: c.science_cost for c in CIVIL.values()
                           if c.science_cost is not None}
#: governments: the lower cost of a revolution (L1029)
REVOLUTION: dict[str, int] = {c.id: c.revolution_science_cost for c in CIVIL.values()
                              if c.revolution_science_cost is not None}
#: farms, mines, urban buildings and units: resources to build one (L689-L770)
BUILD: dict[str, int] = {c.id: c.build_cost for c in CIVIL.values() if c.build_cost is not None}
#: what each worker on the card gives: (food, resources, science, culture, happy, strength)
OUT: dict[str, tuple[int, int, int, int, int, int]] = {
    c.id: (c.per_worker.food, c.per_worker.resources, c.per_worker.science,
           c.per_worker.culture, c.per_worker.happy, c.per_worker.strength)
    for c in CIVIL.values() if c.per_worker is not None}
#: a blue token's value on a farm (food) or mine (resources) (L80, L1084-L1092)
VALUE: dict[str, int] = {cid: o[FOOD] + o[RES] for cid, o in OUT.items()
                         if KIND[cid] in ("farm", "mine")}
#: static bonuses while in play, the 13 positions above (outputs, then CA … MIL_HAND)
STATIC: dict[str, tuple[int, ...]] = {
    c.id: (0, 0, c.static.science, c.static.culture, c.static.happy, c.static.strength,
           c.static.civil_actions, c.static.military_actions, c.static.urban_building_limit,
           c.static.blue_tokens, c.static.colonization, c.static.civil_hand_limit,
           c.static.military_hand_limit)
    for c in CIVIL.values() if c.static.model_dump(exclude_defaults=True)}
#: wonder stage costs, left to right (L830-L842)
STAGES: dict[str, tuple[int, ...]] = {c.id: c.wonder_stage_costs for c in CIVIL.values()
                                      if c.wonder_stage_costs}
#: construction technologies: (urban build discount by level 0..3, wonder stages per CA)
CONSTRUCTION: dict[str, tuple[tuple[int, int, int, int], int]] = {}
for _c in CIVIL.values():
    for _a in _c.abilities:
        if _a.type == "construction_discounts":
            _p = _a.params()
            _d = _p["urban_build_discount_by_level"]
            CONSTRUCTION[_c.id] = ((_d["A"], _d["I"], _d["II"], _d["III"]),
                                   int(_p["wonder_stages_per_action"]))
#: card id -> its ability types (for the ability modules of later waves)
ABILITIES: dict[str, tuple[str, ...]] = {c.id: tuple(a.type for a in c.abilities)
                                         for c in CIVIL.values() if c.abilities}
#: tactics as the army optimiser's ``Tactic`` (level, units per army, bonus, obsolete bonus)
TACTIC: dict[str, Tactic] = {c.id: Tactic.from_card(c) for c in MILITARY.values()
                             if c.category == "tactic"}
#: territories' permanent symbols (yellow_tokens, blue_tokens, strength, happy …)
PERMANENT: dict[str, dict[str, int]] = {c.id: dict(c.permanent or {})
                                        for c in MILITARY.values() if c.category == "territory"}
#: military bonus cards: (defense, colonization)
BONUS: dict[str, tuple[int, int]] = {c.id: (c.defense or 0, c.colonization or 0)
                                     for c in MILITARY.values() if c.category == "bonus"}

#: the six technologies printed on every board (L94-L96) and the starting workers (L74)
BOARD_TECHS: tuple[str, ...] = BOARD.start.technologies
START_GOVERNMENT: str = BOARD.start.government
START_WORKERS: dict[str, int] = dict(BOARD.start.workers)

#: take cost of each card-row slot, slot 1 first (L380-L384)
TAKE_COST: tuple[int, ...] = tuple(BOARD.card_row["take_cost_by_slot"])
ROW_SIZE: int = BOARD.setup["card_row_size"]
#: leftmost slots swept at the start of a turn, by player count (L540-L546)
SWEEP: dict[int, int] = {int(k): v for k, v in BOARD.card_row["sweep_by_players"].items()}
#: current events deck size at setup, by player count (L293-L300)
CURRENT_EVENTS: dict[int, int] = {int(k): v for k, v in
                                  BOARD.setup["current_events_by_players"].items()}
#: civil actions available in the first round, by seat order from the starting player (L312-L321)
FIRST_ROUND_CA: tuple[int, ...] = tuple(BOARD.first_round["civil_actions_by_seat_order"])
MILITARY_DRAW_MAX: int = BOARD.end_of_turn["military_draw_max"]
HUNGER_CULTURE: int = BOARD.end_of_turn["hunger_culture_per_missing_food"]
YELLOW_LOST_AT_AGE_END: int = BOARD.ages["yellow_lost_at_age_end"]
YELLOW_TOTAL: int = BOARD.start.yellow_total
BLUE_TOTAL: int = BOARD.start.blue_bank

#: military categories kept in the first game's Age I and II decks (L184-L190)
FIRST_GAME_MILITARY: frozenset[str] = frozenset({"event", "territory", "tactic", "bonus"})
#: military categories the peaceful game removes from every deck (L2249-L2255)
CONFLICT_MILITARY: frozenset[str] = frozenset({"aggression", "war", "pact"})
#: the four pacts "not involving war" a peaceful game may keep (L2253; the book does not
#: name them, ruling C9: the pacts without an attack clause in MC)
PEACEFUL_PACTS: frozenset[str] = frozenset({
    "I_trade_routes_agreement", "II_scientific_cooperation",
    "II_international_trade_agreement", "III_international_tourism"})


def civil_deck(age: int, players: int) -> list[str]:
    """The civil deck of ``age`` for ``players``, unshuffled (one id per physical card,
    L194-L199: "3+" cards leave at 2 players, "4" cards at 2 and 3)."""
    return [c.id for c in CIVIL.values() if c.level == age and c.deck == "civil"
            for _ in range(c.copies.at(players))]


def _kept(card: str, category: str, age: int, mode: str, peaceful_pacts: bool) -> bool:
    if mode == "first":
        return age == 0 or category in FIRST_GAME_MILITARY
    if mode == "peaceful":
        return category not in CONFLICT_MILITARY or (peaceful_pacts and card in PEACEFUL_PACTS)
    return True


def military_deck(age: int, players: int, mode: str = "full",
                  peaceful_pacts: bool = False) -> list[str]:
    """The military deck of ``age``, unshuffled: the first game keeps only events,
    territories, tactics and bonus cards (L184-L190), the peaceful game drops aggressions,
    wars and pacts (L2249-L2255) — with ``peaceful_pacts`` it keeps ``PEACEFUL_PACTS``
    (L2253; ignored in the other modes); pacts leave at 2 players (L2035, ``copies``)."""
    return [c.id for c in MILITARY.values()
            if c.level == age and _kept(c.id, c.category, age, mode, peaceful_pacts)
            for _ in range(c.copies.at(players))]


AGE_NAMES: tuple[str, ...] = tuple(AGE_LEVEL)
