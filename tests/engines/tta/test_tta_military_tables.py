"""The data-driven military cards, table-driven: the 15 tactics of Ages I-III (L1556-L1600),
the 12 territories (L1486-L1488) and the 2 bonus cards (L1446-L1450; colonization only in
the first game, scope §22).

The tables are the printed cards (reference ``military_cards.json``) written out, so a change
of the card data or of the rules reading it fails here; the mechanisms themselves are tested
with the book's examples in ``test_armies.py`` / ``test_tta_tactics.py`` (X28-X30) and
``test_tta_colonization.py`` (X26, X27, B21, C7).
"""

from __future__ import annotations

import pytest

from engines.tta import colonization, tokens
from engines.tta.facts import HAPPY, STR, TACTIC
from engines.tta.interrupts import TtaCtx
from engines.tta.ratings import ratings
from engines.tta.state import Civ
from tests.engines.tta.politics_helpers import pull, set_units, table
from tests.engines.tta.tta_helpers import check_invariants

#: tactic: (infantry, cavalry, artillery per army, bonus, obsolete bonus or None)
TACTICS: dict[str, tuple[int, int, int, int, int | None]] = {
    "I_fighting_band": (2, 0, 0, 1, None),
    "I_legion": (3, 0, 0, 2, None),
    "I_phalanx": (2, 1, 0, 3, None),
    "I_medieval_army": (1, 1, 0, 2, None),
    "I_heavy_cavalry": (0, 3, 0, 4, None),
    "II_mobile_artillery": (0, 1, 1, 5, 3),
    "II_fortifications": (0, 0, 2, 5, 3),
    "II_conquistadors": (1, 2, 0, 5, 3),
    "II_defensive_army": (2, 0, 1, 6, 3),
    "II_napoleonic_army": (1, 1, 1, 7, 4),
    "II_classic_army": (2, 2, 0, 8, 4),
    "III_entrenchments": (1, 0, 2, 9, 5),
    "III_mechanized_army": (0, 1, 2, 10, 5),
    "III_shock_troops": (1, 3, 0, 11, 6),
    "III_modern_army": (2, 1, 1, 13, 7),
}

#: territory: (permanent symbols, the one-time gain) (L1486-L1488)
TERRITORIES: dict[str, tuple[dict[str, int], dict[str, int]]] = {
    "I_vast_territory": ({"yellow_tokens": 3, "blue_tokens": -1}, {"food": 3}),
    "I_wealthy_territory": ({"blue_tokens": 3}, {"resources": 5}),  # ruling B21
    "I_inhabited_territory": ({"yellow_tokens": 2}, {"population_free": 1}),  # B9
    "I_strategic_territory": ({"strength": 2}, {"draw_military_cards": 3}),
    "I_historic_territory": ({"happy": 1}, {"culture": 6}),
    "I_developed_territory": ({"yellow_tokens": 1, "blue_tokens": 1}, {"science": 3}),
    "II_vast_territory": ({"yellow_tokens": 4, "blue_tokens": -1}, {"food": 4}),
    "II_wealthy_territory": ({"blue_tokens": 4}, {"resources": 9}),
    "II_inhabited_territory": ({"yellow_tokens": 3}, {"population_free": 2}),
    "II_strategic_territory": ({"strength": 4}, {"draw_military_cards": 5}),
    "II_historic_territory": ({"happy": 2}, {"culture": 11}),
    "II_developed_territory": ({"yellow_tokens": 2, "blue_tokens": 2}, {"science": 5}),
}

#: bonus card: its colonization value (L1446-L1450)
BONUS = {"I_defense_colonization_bonus": 1, "II_defense_colonization_bonus": 2}

#: one unit of each type of the tactic's age (Age I tactics: Age I units; Age II: Age II…)
FRESH = {1: ("I_swordsmen", "I_knights", "II_cannon"),
         2: ("II_riflemen", "II_cavalrymen", "II_cannon"),
         3: ("III_modern_infantry", "III_tanks", "III_rockets")}
#: a unit of each type two or more levels below the tactic, if the game has one (L1580)
OLD = {2: ("A_warriors", None, None), 3: ("I_swordsmen", "I_knights", None)}


def _units(civ: Civ, units: dict[str, int]) -> None:
    """Exactly ``units`` in play (the starting Warriors go back to the yellow bank)."""
    set_units(civ, "A_warriors", 0)
    for card, n in units.items():
        set_units(civ, card, n)


@pytest.mark.parametrize("tactic", list(TACTICS))
def test_tactic_one_army_adds_its_bonus_and_one_unit_short_adds_nothing_L1556_L1588(
        tactic: str) -> None:
    """One army of units of the tactic's age adds the printed bonus; two armies twice it;
    an Age II army with a Warriors in it (two ages below, L1590) adds the obsolete value."""
    st = table(2)
    civ = st.civs[0]
    inf, cav, art, bonus, obsolete = TACTICS[tactic]
    level = TACTIC[tactic].level
    need = dict(zip(FRESH[level], (inf, cav, art), strict=True))
    need = {c: n for c, n in need.items() if n}
    _units(civ, need)
    base = ratings(civ)[STR]
    civ.tactic = tactic
    assert ratings(civ)[STR] == base + bonus
    _units(civ, {c: 2 * n for c, n in need.items()})
    civ.tactic = None
    base = ratings(civ)[STR]
    civ.tactic = tactic
    assert ratings(civ)[STR] == base + 2 * bonus
    first = next(iter(need))
    _units(civ, {**need, first: need[first] - 1})
    civ.tactic = None
    base = ratings(civ)[STR]
    civ.tactic = tactic
    assert ratings(civ)[STR] == base  # no complete army
    if obsolete is None:
        return
    for fresh, old in zip(FRESH[level], OLD[level], strict=True):
        if old is None or fresh not in need:  # no such unit two ages below / not needed
            continue
        _units(civ, {**need, fresh: need[fresh] - 1, old: 1})
        civ.tactic = None
        base = ratings(civ)[STR]
        civ.tactic = tactic
        assert ratings(civ)[STR] == base + obsolete


@pytest.mark.parametrize("tactic", [t for t in TACTICS if t.startswith("III_")])
def test_age_iii_tactic_takes_age_ii_units_at_full_value_L1580_L1588(tactic: str) -> None:
    """An Age II unit is one level below an Age III tactic: not obsolete (L1580), whatever
    the current age (L1588); a second army of Age II units adds the full bonus again."""
    st = table(2)
    civ = st.civs[0]
    inf, cav, art, bonus, _ = TACTICS[tactic]
    need = {c: n for c, n in zip(FRESH[2], (inf, cav, art), strict=True) if n}
    _units(civ, {c: 2 * n for c, n in need.items()})
    base = ratings(civ)[STR]
    civ.tactic = tactic
    assert ratings(civ)[STR] == base + 2 * bonus


@pytest.mark.parametrize("card", list(TERRITORIES))
def test_territory_permanent_symbols_then_one_time_gain_L1486_L1488(card: str) -> None:
    st = table(2)
    st.age = 1
    civ = st.civs[0]
    perm, now = TERRITORIES[card]
    before = (civ.yellow_bank, civ.blue_bank, tokens.food(civ), tokens.resources(civ),
              civ.science, civ.culture, civ.pool, len(civ.military), ratings(civ))
    colonization.gain_colony(TtaCtx(st), 0, pull(st, card))
    assert civ.colonies == [card]
    pop = now.get("population_free", 0)  # free population, no food paid (B9)
    assert (civ.yellow_bank, civ.pool) == (before[0] + perm.get("yellow_tokens", 0) - pop,
                                           before[6] + pop)
    gained = now.get("food", 0) + now.get("resources", 0)  # 1-value tokens
    assert civ.blue_bank == before[1] + perm.get("blue_tokens", 0) - gained
    assert (tokens.food(civ), tokens.resources(civ)) == (before[2] + now.get("food", 0),
                                                         before[3] + now.get("resources", 0))
    assert (civ.science, civ.culture) == (before[4] + now.get("science", 0),
                                          before[5] + now.get("culture", 0))
    assert len(civ.military) == before[7] + now.get("draw_military_cards", 0)
    r = ratings(civ)
    assert (r[STR], r[HAPPY]) == (before[8][STR] + perm.get("strength", 0),
                                  before[8][HAPPY] + perm.get("happy", 0))
    check_invariants(st)


@pytest.mark.parametrize("card", list(BONUS))
def test_bonus_card_adds_its_colonization_value_to_a_force_L1446_L1450(card: str) -> None:
    """Played with at least one unit (L1462), the card adds its colonization value; the
    card's defense value is the full game's (T3)."""
    st = table(2)
    civ = st.civs[0]
    civ.military.append(pull(st, card))
    units = {"A_warriors": 1}
    assert colonization.force(civ, units, {card: 1}) == colonization.force(
        civ, units, {}) + BONUS[card]
    assert colonization.bonus_cards(civ) == [card]
    assert colonization.max_force(civ) == 1 + BONUS[card]
