"""The view's armies (``PlayerView.armies``): what the renderer draws under the tactic.

Armies form by themselves from the units in play and the current tactic (L1556-L1588), both
public, so every seat and the public see the same armies; their bonuses add up to the
strength the ratings count (``ratings.army_bonus``)."""

from __future__ import annotations

from engines.tta.facts import AGE, SUBTYPE
from engines.tta.ratings import army_bonus
from engines.tta.state import TtaState
from engines.tta.views import build_view
from tests.engines.tta.tta_helpers import new


def _army_position() -> TtaState:
    st = new(3, 4)
    civ = st.civs[0]
    civ.techs += ["I_swordsmen", "I_knights", "II_cannon"]
    civ.workers.update({"A_warriors": 2, "I_swordsmen": 1, "I_knights": 2, "II_cannon": 1})
    civ.tactic = "I_medieval_army"  # one infantry + one cavalry per army
    civ.military = ["II_raid"]
    return st


def test_armies_match_the_strength_the_ratings_count() -> None:
    """L1556-L1566: each complete set forms an army; the sum of their bonuses is the
    tactic's share of the strength rating."""
    st = _army_position()
    me = build_view(st, None).players[0]
    assert len(me.armies) == 2
    assert sum(a.bonus for a in me.armies) == army_bonus(st.civs[0]) > 0
    for a in me.armies:
        assert sorted(SUBTYPE[u] for u in a.units) == ["cavalry", "infantry"]
        assert all(u in st.civs[0].techs for u in a.units)


def test_an_army_with_a_unit_two_ages_older_is_obsolete() -> None:
    """L1574-L1588: an Age A unit in an Age II tactic's army makes it obsolete (Warriors with
    two Knights under Conquistadors: one infantry, two cavalry)."""
    st = _army_position()
    civ = st.civs[0]
    civ.workers.update({"I_swordsmen": 0, "II_cannon": 0})
    civ.tactic = "II_conquistadors"
    armies = build_view(st, None).players[0].armies
    assert len(armies) == 1 and armies[0].bonus == 3  # the obsolete value
    assert all(a.obsolete == any(AGE[u] == 0 for u in a.units) for a in armies)


def test_armies_are_the_same_in_every_view_and_reveal_no_hand() -> None:
    st = _army_position()
    public = build_view(st, None)
    for seat in (None, 0, 1, 2):
        assert build_view(st, seat).players[0].armies == public.players[0].armies
    assert "II_raid" not in public.model_dump_json()
    assert build_view(st, None).players[1].armies == []  # no tactic: no army


def test_the_view_tells_which_army_each_air_force_joined_L1957_L1961() -> None:
    """An air force joins one army (the strongest first) and doubles its bonus; two armies
    and three air forces: both joined, each doubled once, the third air force in no army
    (its own strength only, L1973)."""
    st = _army_position()
    civ = st.civs[0]
    civ.techs.append("III_air_forces")
    civ.workers["III_air_forces"] = 1
    civ.yellow_bank -= 1
    armies = build_view(st, None).players[0].armies
    assert [(a.bonus, a.air_force) for a in armies] == [(4, "III_air_forces"), (2, None)]
    assert sum(a.bonus for a in armies) == army_bonus(civ) == 6
    civ.workers["III_air_forces"] = 3
    civ.yellow_bank -= 2
    armies = build_view(st, None).players[0].armies
    assert [(a.bonus, a.air_force) for a in armies] == [(4, "III_air_forces")] * 2
    assert all("III_air_forces" not in a.units for a in armies)  # it fills no slot
