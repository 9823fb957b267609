"""TTA tactics and armies (engines/tta/armies.py).

Book lines refer to shared/rules/002_226be1480c28be9b.txt; X-numbers are the worked examples
of shared/tta/scope.md §34. Unit strengths and tactics come from engines/tta/data.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from itertools import combinations, product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from engines.tta.armies import UNIT_TYPES, Army, Tactic, army_strength, is_obsolete

DATA = Path(__file__).parents[3] / "engines" / "tta" / "data"
MILITARY = {c["id"]: c for c in json.loads((DATA / "military.json").read_text())["cards"]}
CIVIL = {c["id"]: c for c in json.loads((DATA / "civil.json").read_text())["cards"]}


def tactic(card_id: str) -> Tactic:
    return Tactic.from_card(MILITARY[card_id])


def unit(card_id: str) -> tuple[str, int]:
    c = CIVIL[card_id]
    return c["subtype"], c["level"]


def own_strength(units: dict[tuple[str, int], int]) -> int:
    """The units' own strength (per_worker strength of the unit technologies, L844-L851)."""
    by_unit = {unit(i): c["per_worker"]["strength"] for i, c in CIVIL.items()
               if c.get("tech_type") == "unit"}
    return sum(by_unit[u] * n for u, n in units.items())


WARRIORS, SWORDSMEN, RIFLEMEN = unit("A_warriors"), unit("I_swordsmen"), unit("II_riflemen")
KNIGHTS, CAVALRYMEN, CANNON = unit("I_knights"), unit("II_cavalrymen"), unit("II_cannon")


def check_armies(units: dict[tuple[str, int], int], t: Tactic, air: int, flex: bool,
                 value: int, armies: tuple[Army, ...]) -> None:
    """The armies reported are a real grouping worth ``value``."""
    used: Counter[tuple[str, int]] = Counter()
    for a in armies:
        used.update(a.units)
        kinds = Counter(k for k, _ in a.units)
        if flex:
            assert kinds["infantry"] >= t.infantry
            assert kinds["infantry"] + kinds["cavalry"] == t.infantry + t.cavalry
        else:
            assert (kinds["infantry"], kinds["cavalry"]) == (t.infantry, t.cavalry)
        assert kinds["artillery"] == t.artillery
        assert a.obsolete == (t.obsolete_bonus is not None and any(
            is_obsolete(lv, t.level) for _, lv in a.units))
        base = t.obsolete_bonus if a.obsolete and t.obsolete_bonus is not None else t.bonus
        assert a.bonus == base * (1 + a.air_forces)
    assert all(used[u] <= units.get(u, 0) for u in used)
    assert sum(a.air_forces for a in armies) == min(air, len(armies))
    assert sum(a.bonus for a in armies) == value


def test_x28_armies() -> None:
    """X28, L1568-L1572: 4 Warriors + 1 Knights = 6; Fighting Band forms 2 armies → 8, the
    Knights stay out; Phalanx forms 1 army → 9."""
    units = {WARRIORS: 4, KNIGHTS: 1}
    assert own_strength(units) == 6
    bonus, armies = army_strength(units, tactic("I_fighting_band"))
    assert 6 + bonus == 8 and len(armies) == 2
    assert all(KNIGHTS not in a.units for a in armies)
    bonus, armies = army_strength(units, tactic("I_phalanx"))
    assert 6 + bonus == 9 and len(armies) == 1


def test_x29_obsolete_armies() -> None:
    """X29, L1590-L1600 (units reconstructed in scope §34: 1 Warriors, 1 Riflemen, 4 Knights,
    2 Cannon = 18): Defensive Army forms one obsolete army (+3, the Warriors are two levels
    below Age II); Mobile Artillery two armies of Age I Knights, not obsolete (+10); the
    book's "拿破仑阵型" is Conquistadors (A3): one obsolete + one normal army, 3 + 5 = 8."""
    units = {WARRIORS: 1, RIFLEMEN: 1, KNIGHTS: 4, CANNON: 2}
    assert own_strength(units) == 18
    bonus, armies = army_strength(units, tactic("II_defensive_army"))
    assert bonus == 3 and [a.obsolete for a in armies] == [True]
    bonus, armies = army_strength(units, tactic("II_mobile_artillery"))
    assert bonus == 10 and [a.obsolete for a in armies] == [False, False]
    bonus, armies = army_strength(units, tactic("II_conquistadors"))
    assert bonus == 8 and [a.obsolete for a in armies] == [False, True]
    assert WARRIORS in armies[1].units


def test_x30_armies_among_units_sent_to_colonize() -> None:
    """X30, L1606-L1616, Conquistadors (A3): 2 Knights + Swordsmen = 6 + 5 = 11; 2 Knights +
    Warriors = 5 + 3 = 8 (the Warriors join by themselves, L1614); all four units = 12."""
    t = tactic("II_conquistadors")
    for sent, force in (({KNIGHTS: 2, SWORDSMEN: 1}, 11), ({KNIGHTS: 2, WARRIORS: 1}, 8),
                        ({KNIGHTS: 2, SWORDSMEN: 1, WARRIORS: 1}, 12)):
        assert own_strength(sent) + army_strength(sent, t)[0] == force


def test_x37_air_forces() -> None:
    """X37, L1963-L1975 (units reconstructed in scope §34: 2 Warriors + 1 Riflemen,
    2 Knights + 2 Cavalrymen, 2 Air Forces; the +2 tactic is Medieval Army): 3 armies of +2,
    two doubled = 10; Conquistadors one obsolete and one normal army, both doubled, 6 + 10 =
    16; Shock Troops one obsolete army doubled = 12, the second air force joins nothing;
    upgrading a Knights makes it up to date: 22."""
    units = {WARRIORS: 2, RIFLEMEN: 1, KNIGHTS: 2, CAVALRYMEN: 2}
    bonus, armies = army_strength(units, tactic("I_medieval_army"), 2)
    assert bonus == 10 and [a.air_forces for a in armies] == [1, 1, 0]
    bonus, armies = army_strength(units, tactic("II_conquistadors"), 2)
    assert bonus == 16 and [(a.bonus, a.obsolete) for a in armies] == [(10, False), (6, True)]
    bonus, armies = army_strength(units, tactic("III_shock_troops"), 2)
    assert bonus == 12 and len(armies) == 1 and armies[0].obsolete
    upgraded = {WARRIORS: 2, RIFLEMEN: 1, KNIGHTS: 1, CAVALRYMEN: 3}
    assert army_strength(upgraded, tactic("III_shock_troops"), 2)[0] == 22


def test_genghis_khan_infantry_fill_cavalry_slots() -> None:
    """CC Genghis Khan (scope §21): with the flag infantry may sit in cavalry slots."""
    units = {WARRIORS: 3}
    assert army_strength(units, tactic("I_phalanx"))[0] == 0
    bonus, armies = army_strength(units, tactic("I_phalanx"), infantry_as_cavalry=True)
    assert bonus == 3 and armies[0].units == (WARRIORS,) * 3


def test_genghis_khan_armies_take_air_forces_too() -> None:
    """Genghis Khan's infantry-filled armies are armies like any other: an air force joins one
    and doubles its bonus (L1959); two air forces on one army double it once (L1961)."""
    units = {WARRIORS: 6}
    bonus, armies = army_strength(units, tactic("I_phalanx"), 1, infantry_as_cavalry=True)
    assert bonus == 3 * 2 + 3 and [a.air_forces for a in armies] == [1, 0]
    assert army_strength(units, tactic("I_phalanx"), 5, infantry_as_cavalry=True)[0] == 12
    assert army_strength({WARRIORS: 3}, tactic("I_phalanx"), 2,
                         infantry_as_cavalry=True)[0] == 6


def test_air_forces_without_an_army_add_nothing_to_the_tactic() -> None:
    """No tactic needs air forces (L1959): alone they form no army; an Age III army joined by
    one adds twice its printed bonus, an obsolete one twice the obsolete value (L1961)."""
    modern = unit("III_modern_infantry")
    assert army_strength({}, tactic("III_modern_army"), 3) == (0, ())
    assert army_strength({SWORDSMEN: 2}, tactic("I_fighting_band"), 0)[0] == 1
    tanks, rockets = unit("III_tanks"), unit("III_rockets")
    fresh = {modern: 2, tanks: 1, rockets: 1}
    assert army_strength(fresh, tactic("III_modern_army"), 1)[0] == 26
    old = {modern: 1, SWORDSMEN: 1, tanks: 1, rockets: 1}
    bonus, armies = army_strength(old, tactic("III_modern_army"), 1)
    assert bonus == 14 and armies[0].obsolete and armies[0].air_forces == 1


def test_units_of_a_newer_age_are_up_to_date_and_no_tactic_means_nothing() -> None:
    """L1580-L1588: only units two or more levels *below* the card are obsolete."""
    assert not is_obsolete(3, 2) and not is_obsolete(1, 2) and is_obsolete(0, 2)
    assert army_strength({unit("III_modern_infantry"): 2}, tactic("I_fighting_band"))[0] == 1
    assert army_strength({}, tactic("II_classic_army")) == (0, ())


def test_bad_inputs_are_refused() -> None:
    """Air forces come through ``air_forces`` (they fill no slot, L1961); a tactic without
    units is a data error."""
    with pytest.raises(ValueError):
        army_strength({("air_force", 3): 1}, tactic("I_legion"))
    with pytest.raises(ValueError):
        army_strength({WARRIORS: 1}, Tactic(1, bonus=2))


def test_every_tactic_of_the_data_loads() -> None:
    """The 15 tactics of scope §21; only Age I tactics print a single value (L1578)."""
    tactics = [Tactic.from_card(c) for c in MILITARY.values() if c["category"] == "tactic"]
    assert len(tactics) == 15  # scope §21
    assert all((t.obsolete_bonus is None) == (t.level == 1) for t in tactics)


# -- brute force ----------------------------------------------------------------------------


def _brute(units: tuple[tuple[str, int], ...], t: Tactic, air: int, flex: bool) -> int:
    """Every grouping of the units into armies (each army a sub-multiset filling the tactic's
    slots; any unit may stay out) and every way of sending each air force to one army or to
    none (L1959-L1961: one air force joins one army at most; an army joined by any is doubled
    once) — no assumption about which armies the air forces should join."""

    def fits(group: tuple[tuple[str, int], ...]) -> bool:
        kinds = Counter(k for k, _ in group)
        if kinds["artillery"] != t.artillery:
            return False
        if flex:
            return (kinds["infantry"] >= t.infantry
                    and kinds["infantry"] + kinds["cavalry"] == t.infantry + t.cavalry)
        return (kinds["infantry"], kinds["cavalry"]) == (t.infantry, t.cavalry)

    size = t.infantry + t.cavalry + t.artillery
    old = t.bonus if t.obsolete_bonus is None else t.obsolete_bonus

    @cache
    def families(left: tuple[tuple[str, int], ...]) -> frozenset[tuple[int, int]]:
        out = {(0, 0)}
        for idx in combinations(range(len(left)), size):
            group = tuple(left[i] for i in idx)
            if not fits(group):
                continue
            obsolete = t.obsolete_bonus is not None and any(
                is_obsolete(lv, t.level) for _, lv in group)
            rest = tuple(u for i, u in enumerate(left) if i not in idx)
            for f, o in families(rest):
                out.add((f, o + 1) if obsolete else (f + 1, o))
        return frozenset(out)

    best = 0
    for f, o in families(units):
        bonuses = [t.bonus] * f + [old] * o
        for joins in product(range(len(bonuses) + 1), repeat=air):  # index len: no army
            doubled = set(joins)
            best = max(best, sum(b * (2 if i in doubled else 1)
                                 for i, b in enumerate(bonuses)))
    return best


@hst.composite
def tactics(draw: hst.DrawFn) -> Tactic:
    needs = draw(hst.tuples(hst.integers(0, 2), hst.integers(0, 3), hst.integers(0, 2))
                 .filter(lambda n: 1 <= sum(n) <= 4))
    level = draw(hst.integers(1, 3))
    bonus = draw(hst.integers(1, 13))
    obsolete = None if level == 1 else draw(hst.integers(0, bonus))
    return Tactic(level, *needs, bonus, obsolete)


@settings(max_examples=300, deadline=None)
@given(hst.lists(hst.tuples(hst.sampled_from(UNIT_TYPES), hst.integers(0, 3)), max_size=8),
       tactics(), hst.integers(0, 3), hst.booleans())
def test_army_strength_matches_every_grouping(units: list[tuple[str, int]], t: Tactic,
                                             air: int, flex: bool) -> None:
    """Property (L1564, L1572, L1580, L1961): the optimiser equals the best of every grouping
    of the units, and the armies it reports are a real grouping worth that much."""
    counts = dict(Counter(units))
    value, armies = army_strength(counts, t, air, infantry_as_cavalry=flex)
    assert value == _brute(tuple(sorted(units)), t, air, flex)
    check_armies(counts, t, air, flex, value, armies)
    # no unit left out is newer than a unit of its type in an obsolete army (X37, L1975:
    # the army shown holds as few old units as it can)
    left = Counter(units) - Counter(u for a in armies for u in a.units)
    for kind in UNIT_TYPES:
        out = [lv for (k, lv) in left.elements() if k == kind]
        inside = [lv for a in armies if a.obsolete for (k, lv) in a.units if k == kind]
        assert not out or not inside or max(out) <= min(inside)
