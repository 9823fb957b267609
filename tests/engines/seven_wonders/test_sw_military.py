"""Military conflicts (rulebook "結算軍事衝突") at the end of each Age."""

from __future__ import annotations

from engines.seven_wonders.military import conflicts
from engines.seven_wonders.scoring import breakdown
from tests.engines.seven_wonders.sw_helpers import choose_all, kinds, position


def test_rulebook_example_age_two() -> None:
    """Age II: you 4 shields, left neighbour 5, right neighbour 2: a defeat token from the
    left conflict, an Age II victory token (+3) from the right one."""
    # seats: 0 = you, left = 1, right = 2 (3 players: 1 and 2 also neighbours)
    st = position(age=2, cities=[["walls", "stables"], ["walls", "archery_range",
                                                        "stockade"], ["walls"]])
    assert st.shields == [4, 5, 2]
    events: list = []
    st.age = 2
    conflicts(st, events)
    assert st.tokens[0] == [-1, 3]
    assert st.tokens[1] == [3, 3]  # 5 beats 2 (left of 1) and 4 (right of 1)
    assert st.tokens[2] == [-1, -1]
    mine = [e.params for e in events if e.seat == 0]
    assert mine[0]["side"] == "left" and mine[0]["token"] == -1
    assert mine[1]["side"] == "right" and mine[1]["token"] == 3
    assert breakdown(st, 0)["military"] == 2


def test_tie_gives_no_token_and_ages_give_1_3_5() -> None:
    for age, win in ((1, 1), (2, 3), (3, 5)):
        st = position(age=age, cities=[["barracks"], ["barracks"], []])
        st.age = age
        conflicts(st, [])
        assert st.tokens[0] == [win]  # tie with seat 1 (left): nothing; beats seat 2
        assert st.tokens[2] == [-1, -1]


def test_rhodos_stage_shields_count() -> None:
    st = position(boards=["rhodos", "gizah", "ephesos"], stages=[2, 0, 0])
    assert st.shields[0] == 2
    st = position(boards=["rhodos", "gizah", "ephesos"], sides="night", stages=[2, 0, 0])
    assert st.shields[0] == 2


def test_conflicts_run_at_the_end_of_each_age() -> None:
    st = position(turn=6, cities=[["stockade"], [], []],
                  hands=[["altar", "theater"], ["altar", "theater"], ["altar", "theater"]])
    events = choose_all(st, {0: "build:altar", 1: "build:altar", 2: "build:altar"})
    assert "conflict" in kinds(events) and "age_ended" in kinds(events)
    assert st.tokens[0] == [1, 1] and st.age == 2
    assert kinds(events).index("last_cards_discarded") < kinds(events).index("conflict")
