"""Tactics and armies through the game state (scope §7, §21; L1504-L1616; X28-X30; C6).

Book = shared/rules/002_226be1480c28be9b.txt. The pure army optimiser is tested in
test_armies.py; here the same examples go through ``Civ`` → ``ratings`` and the options.
"""

from __future__ import annotations

import pytest

from engines.tta import colonization, tokens
from engines.tta.actions.tactics import COPY_COST, PLAY_COST
from engines.tta.facts import AGE, STR, TACTIC
from engines.tta.ratings import military_left, ratings
from engines.tta.state import Civ, TtaState
from engines.tta.turn import begin_turn
from tests.engines.tta.tta_helpers import (
    ENGINE,
    answer,
    check_tokens,
    new,
    option_ids,
    to_round_two,
)


def _turn(players: int = 2, seed: int = 1) -> tuple[TtaState, Civ]:
    st = to_round_two(new(players, seed))
    assert st.step == "action"
    return st, st.civs[st.current]


def _army(civ: Civ, units: dict[str, int], tactic: str | None = None) -> int:
    """Exactly ``units`` in play (the starting Warriors go back to the yellow bank, the
    workers come from it), ``tactic`` current; the strength rating."""
    for t in list(civ.workers):
        if t in civ.workers and t.endswith(("warriors",)) or t in units:
            civ.yellow_bank += civ.workers[t]
            civ.workers[t] = 0
    for t, n in units.items():
        if t not in civ.techs:
            civ.techs.append(t)
        civ.workers[t] = n
        civ.yellow_bank -= n
    return _with(civ, tactic)


def _with(civ: Civ, tactic: str | None) -> int:
    civ.tactic = tactic
    return ratings(civ)[STR]


# -- armies in the ratings (L1556-L1600) --------------------------------------------------
def test_x28_armies_through_the_state_L1568_L1572() -> None:
    """4 Warriors + 1 Knights = 6; Fighting Band: 2 armies → 8; Phalanx: 1 army → 9."""
    _, civ = _turn()
    assert _army(civ, {"A_warriors": 4, "I_knights": 1}) == 6
    assert _with(civ, "I_fighting_band") == 8
    assert _with(civ, "I_phalanx") == 9


def test_x29_obsolete_armies_through_the_state_L1590_L1600() -> None:
    """1 Warriors, 1 Riflemen, 4 Knights, 2 Cannon = 18 (our reconstruction); Defensive
    Army → +3 (obsolete); Mobile Artillery → +10; Conquistadors (the book's "拿破仑阵型",
    A3) → +3 + 5 = 8."""
    _, civ = _turn()
    units = {"A_warriors": 1, "II_riflemen": 1, "I_knights": 4, "II_cannon": 2}
    assert _army(civ, units) == 18
    assert _with(civ, "II_defensive_army") == 21
    assert _with(civ, "II_mobile_artillery") == 28
    assert _with(civ, "II_conquistadors") == 26


def test_x30_armies_among_units_sent_to_colonize_L1606_L1616() -> None:
    """Conquistadors: 2 Knights + Swordsmen = 6 + 5 = 11; 2 Knights + Warriors = 5 + 3 = 8;
    all four (2 Knights, 1 Swordsmen, 1 Warriors: our reconstruction) = 12 — the strength
    of a civilization holding just those units."""
    for units, total in (({"I_knights": 2, "I_swordsmen": 1}, 11),
                         ({"I_knights": 2, "A_warriors": 1}, 8),
                         ({"I_knights": 2, "I_swordsmen": 1, "A_warriors": 1}, 12)):
        _, civ = _turn()
        assert _army(civ, units, "II_conquistadors") == total, units


def test_air_forces_sent_to_colonize_join_the_armies_sent_L1604_L1961() -> None:
    """The units sent form armies (L1604) and an air force sent with them joins one and
    doubles its bonus (L1959-L1961); one left at home adds nothing (only the units sent form
    armies, L1614). Conquistadors, X30's 2 Knights + Swordsmen (6 + 5) and Air Forces (5)."""
    _, civ = _turn()
    _army(civ, {"I_knights": 2, "I_swordsmen": 1, "III_air_forces": 2}, "II_conquistadors")
    army = {"I_knights": 2, "I_swordsmen": 1}
    assert colonization.force(civ, army, {}) == 6 + 5  # the air forces stay at home
    assert colonization.force(civ, {**army, "III_air_forces": 1}, {}) == 6 + 5 + 2 * 5
    assert colonization.force(civ, {**army, "III_air_forces": 2}, {}) == 6 + 10 + 2 * 5
    assert colonization.force(civ, {"III_air_forces": 2}, {}) == 10  # no army to join
    assert colonization.max_force(civ) == 6 + 10 + 2 * 5
    assert colonization.weakest_force(civ, 21)[0] == {**army, "III_air_forces": 1}


#: one army of up-to-date units per tactic: infantry / cavalry / artillery of Age II
_FRESH = {"infantry": "II_riflemen", "cavalry": "II_cavalrymen", "artillery": "II_cannon"}
_OLD_INFANTRY = "A_warriors"
_TACTICS = [t for t in TACTIC if AGE[t] <= 2]


@pytest.mark.parametrize("tactic", _TACTICS)
def test_each_tactic_forms_its_army_and_obsolete_value_L1556_L1588(tactic: str) -> None:
    """One complete army adds the bonus; one unit missing forms none; with a Warriors
    (Age A) in it an Age II army is obsolete and adds the lower value, an Age I army the
    full one (no unit is two levels below Age I)."""
    t = TACTIC[tactic]
    needs = {"infantry": t.infantry, "cavalry": t.cavalry, "artillery": t.artillery}
    units = {_FRESH[k]: n for k, n in needs.items() if n}
    _, civ = _turn()
    base = _army(civ, units)
    assert _with(civ, tactic) == base + t.bonus
    first = next(_FRESH[k] for k, n in needs.items() if n)
    short = dict(units)
    short[first] -= 1
    base = _army(civ, short)
    assert _with(civ, tactic) == base  # no complete army
    if t.infantry:
        old = dict(units)
        old["II_riflemen"] -= 1
        old[_OLD_INFANTRY] = 1
        base = _army(civ, old)
        expected = t.bonus if t.obsolete_bonus is None else t.obsolete_bonus
        assert _with(civ, tactic) == base + expected


def test_genghis_khan_infantry_fill_cavalry_slots() -> None:
    """Leader ability ``infantry_may_count_as_cavalry_for_tactics`` (CC): 3 Swordsmen form
    Phalanx (2 infantry + 1 cavalry) only with Genghis Khan in play."""
    _, civ = _turn()
    assert _army(civ, {"I_swordsmen": 3}, "I_phalanx") == _with(civ, None) == 6
    civ.leader = "I_genghis_khan"
    assert _with(civ, "I_phalanx") == _with(civ, None) + 3  # his own symbols aside


def test_air_force_doubles_one_army_L1957_L1961() -> None:
    _, civ = _turn()
    assert _army(civ, {"A_warriors": 4}, "I_fighting_band") == 4 + 2
    assert _army(civ, {"A_warriors": 4, "III_air_forces": 1},
                 "I_fighting_band") == 4 + 5 + 2 + 1  # one army doubled, once
    assert _army(civ, {"A_warriors": 4, "III_air_forces": 3}, "I_fighting_band") == 4 + 15 + 4


#: X37's units (scope §34 reconstruction): their own strength 2 + 3 + 4 + 6 + 10 = 25
_X37 = {"A_warriors": 2, "II_riflemen": 1, "I_knights": 2, "II_cavalrymen": 2,
        "III_air_forces": 2}


def test_x37_air_forces_through_the_state_L1963_L1975() -> None:
    """X37 (L1963-L1975) through a civilization's strength rating: the units' own 25, then
    Medieval Army (the +2 tactic) 3 armies, two doubled = +10; Conquistadors one obsolete
    (the Warriors) and one normal army, both doubled: 6 + 10 = +16; Shock Troops one obsolete
    army doubled = +12 and the other air force joins nothing but keeps its own 5 (L1973);
    after a real upgrade of a Knights to Cavalrymen the army is up to date: +22 (L1975)."""
    st, civ = _turn()
    assert _army(civ, _X37) == 25
    assert _with(civ, "I_medieval_army") == 25 + 10
    assert _with(civ, "II_conquistadors") == 25 + 16
    assert _with(civ, "III_shock_troops") == 25 + 12
    armies = ENGINE.view(st, None).players[st.current].armies
    assert [(a.bonus, a.obsolete, a.air_force) for a in armies] == [
        (12, True, "III_air_forces")]
    # the book's army: one Age I unit in it, the Warriors stay out (L1973)
    assert armies[0].units == ["II_riflemen", "II_cavalrymen", "II_cavalrymen", "I_knights"]
    assert tokens.resources(civ) >= 2  # the upgrade pays the difference, 5 - 3 (L1193)
    answer(st, "upgrade:I_knights:II_cavalrymen")
    assert (civ.workers["I_knights"], civ.workers["II_cavalrymen"]) == (1, 3)
    assert ratings(civ)[STR] == 26 + 22


#: per Age III tactic: units in play (an up-to-date army with Age III and II units, an
#: obsolete one holding an Age A or I unit), their own strength, the tactic's total bonus
#: with one air force (it joins the up-to-date army: twice the bonus + the obsolete value)
_AGE_III = {
    "III_entrenchments": ({"III_modern_infantry": 1, "III_rockets": 1, "II_cannon": 3,
                           "I_swordsmen": 1}, 5 + 5 + 9 + 2, 2 * 9 + 5),
    "III_mechanized_army": ({"III_tanks": 1, "III_rockets": 2, "I_knights": 1,
                             "II_cannon": 2}, 5 + 10 + 2 + 6, 2 * 10 + 5),
    "III_shock_troops": ({"II_riflemen": 1, "III_tanks": 3, "A_warriors": 1, "I_knights": 3},
                         3 + 15 + 1 + 6, 2 * 11 + 6),
    "III_modern_army": ({"III_modern_infantry": 2, "III_tanks": 1, "III_rockets": 1,
                         "A_warriors": 1, "II_riflemen": 1, "II_cavalrymen": 1,
                         "II_cannon": 1}, 10 + 5 + 5 + 1 + 3 + 3 + 3, 2 * 13 + 7),
}


@pytest.mark.parametrize("card", list(_AGE_III))
def test_age_iii_tactic_played_with_age_iii_obsolete_units_and_an_air_force_L1574_L1588(
        card: str) -> None:
    """Playing each Age III tactic (1 military action) turns the units in play into one
    up-to-date army (Age II units are one level below: up to date, L1588) and one obsolete
    army (an Age A or I unit, two or more levels below: the lower value, L1580); the air force
    joins the up-to-date army and doubles its bonus (L1959), the obsolete one stays single."""
    st, civ = _turn()
    units, own, bonus = _AGE_III[card]
    assert _army(civ, {**units, "III_air_forces": 1}) == own + 5
    civ.military = [card]
    answer(st, f"tactic:{card}")
    assert civ.tactic == card and civ.ma_spent == 1
    assert ratings(civ)[STR] == own + 5 + bonus
    armies = ENGINE.view(st, None).players[st.current].armies
    t = TACTIC[card]
    assert [(a.obsolete, a.bonus, a.air_force) for a in armies] == [
        (False, 2 * t.bonus, "III_air_forces"), (True, t.obsolete_bonus, None)]
    assert all(AGE[u] >= 2 for u in armies[0].units)
    assert any(AGE[u] <= 1 for u in armies[1].units)


# -- playing and copying (L1504-L1554) ----------------------------------------------------
def test_play_a_tactic_costs_one_military_action_and_reveals_it_L1512_L1523() -> None:
    st, civ = _turn()
    civ.military = ["I_fighting_band", "I_legion"]
    civ.workers["A_warriors"] = 2
    civ.yellow_bank -= 1
    (prompt,) = ENGINE.prompts(st)
    opt = prompt.option("tactic:I_fighting_band")
    assert opt is not None and opt.group == "play" and opt.params["ma"] == PLAY_COST[
        "I_fighting_band"] == 1 and opt.params["final"] is True
    answer(st, "tactic:I_fighting_band")
    assert civ.tactic == "I_fighting_band" and civ.tactic_exclusive
    assert civ.military == ["I_legion"] and military_left(civ) == 1
    assert ratings(civ)[STR] == 2 + 1
    assert "I_fighting_band" not in st.common_tactics
    check_tokens(st)


def test_one_play_or_copy_per_action_phase_L1508() -> None:
    st, civ = _turn()
    civ.military = ["I_fighting_band", "I_legion"]
    st.common_tactics = ["I_phalanx"]
    answer(st, "tactic:I_fighting_band")
    assert not [o for o in option_ids(st) if o.startswith(("tactic:", "copy_tactic:"))]


def test_copy_costs_two_military_actions_L1537_L1554() -> None:
    st, civ = _turn()
    st.common_tactics = ["I_phalanx"]
    assert COPY_COST["I_phalanx"] == 2
    answer(st, "copy_tactic:I_phalanx")
    assert civ.tactic == "I_phalanx" and not civ.tactic_exclusive and military_left(civ) == 0
    assert st.common_tactics == ["I_phalanx"]  # the card stays common


def test_copy_needs_two_military_actions() -> None:
    st, civ = _turn()
    st.common_tactics = ["I_phalanx"]
    civ.ma_spent = 1
    assert "copy_tactic:I_phalanx" not in option_ids(st)


def test_exclusive_tactic_becomes_common_at_the_owners_next_turn_L1525_L1535() -> None:
    st, civ = _turn()
    seat = st.current
    civ.military = ["I_legion"]
    answer(st, "tactic:I_legion")
    answer(st, "end")
    assert st.current != seat and st.step == "action"
    assert "copy_tactic:I_legion" not in option_ids(st)  # still exclusive (L1527)
    answer(st, "end")
    assert st.current == seat
    assert st.common_tactics == ["I_legion"] and civ.tactic == "I_legion"
    assert not civ.tactic_exclusive  # the standard stays on it (L1533)


def test_several_standards_share_a_common_tactic_L1550() -> None:
    st, civ = _turn()
    st.common_tactics = ["I_legion"]
    other = st.civs[1 - st.current]
    other.tactic = "I_legion"
    answer(st, "copy_tactic:I_legion")
    assert civ.tactic == other.tactic == "I_legion" and st.common_tactics == ["I_legion"]


def test_copying_ones_own_earlier_tactic_costs_two_L1554() -> None:
    st, civ = _turn()
    st.common_tactics = ["I_legion", "I_phalanx"]
    civ.tactic = "I_phalanx"
    ids = option_ids(st)
    assert "copy_tactic:I_legion" in ids  # played earlier, now common
    assert "copy_tactic:I_phalanx" not in ids  # the current one: nothing would change


def test_c6_a_second_copy_merges_into_the_common_one() -> None:
    """Ruling C6: a played tactic already in the common area merges into it (one common
    copy; the duplicate leaves the game); the standard stays on the common copy."""
    st = new(2, 1)
    civ = st.civs[0]
    civ.tactic = "I_legion"
    civ.tactic_exclusive = True
    st.common_tactics = ["I_legion"]
    st.round = 2
    st.current = 0
    begin_turn(st)
    assert st.common_tactics == ["I_legion"] and st.removed.count("I_legion") == 1
    assert civ.tactic == "I_legion" and not civ.tactic_exclusive


def test_replaced_tactic_stops_counting_L1523() -> None:
    st, civ = _turn()
    civ.workers["A_warriors"] = 3
    civ.yellow_bank -= 2
    st.common_tactics = ["I_fighting_band"]
    civ.tactic = "I_fighting_band"
    assert ratings(civ)[STR] == 3 + 1
    civ.military = ["I_legion"]
    answer(st, "tactic:I_legion")
    assert ratings(civ)[STR] == 3 + 2


def test_random_games_play_action_cards_and_tactics() -> None:
    """The random policy reaches the new options (brief: random games exercise them)."""
    from engines.core.rng import Rng

    played: dict[str, int] = {}
    for seed in range(4):
        st = ENGINE.new_game(4, seed, {"mode": "first"})
        rng = Rng.from_seed(seed)
        while ENGINE.result(st) is None:
            prompt = ENGINE.prompts(st)[0]
            active = [o for o in prompt.options if o.id not in ("end", "pass", "undo")]
            opt = rng.choice(active if active and rng.below(10) else prompt.options)
            for e in ENGINE.apply(st, prompt.seat, opt.id):
                if e.kind in ("action_card", "tactic_played", "tactic_copied"):
                    played[e.kind] = played.get(e.kind, 0) + 1
    assert played.get("action_card", 0) > 10 and played.get("tactic_played", 0) > 2
    assert played.get("tactic_copied", 0) > 0


def test_view_shows_the_armies_the_rating_counts() -> None:
    """The view's armies are the rating's (with Genghis Khan's flag and air forces) and it
    tells an exclusive tactic from a common one."""
    st, civ = _turn()
    _army(civ, {"I_swordsmen": 3, "III_air_forces": 1}, "I_phalanx")
    civ.leader = "I_genghis_khan"
    pv = ENGINE.view(st, None).players[st.current]
    assert sum(a.bonus for a in pv.armies) == 3 * 2  # one army, doubled by the air force
    assert not pv.tactic_exclusive
    civ.tactic_exclusive = True
    assert ENGINE.view(st, None).players[st.current].tactic_exclusive
