"""Science scoring (rulebook "統計得分", 綠色卡牌): n² per symbol type + 7 per set of three;
wildcards (Scientists Guild, Babylon) chosen for the best score."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as hst

from engines.seven_wonders.science import plain_score, science_score
from engines.seven_wonders.scoring import breakdown
from tests.engines.seven_wonders.sw_helpers import position
from tests.engines.seven_wonders.sw_reference import reference_science


def test_identical_symbols_score_squares() -> None:
    assert plain_score(1, 0, 0) == 1
    assert plain_score(2, 0, 0) == 4
    assert plain_score(3, 0, 0) == 9
    assert plain_score(4, 0, 0) == 16


def test_sets_of_three_score_seven() -> None:
    assert plain_score(1, 1, 1) == 3 + 7
    assert plain_score(2, 2, 1) == 4 + 4 + 1 + 7
    assert plain_score(2, 2, 2) == 12 + 14


def test_wildcard_chooses_best_symbol() -> None:
    # 2 compass 1 gear 1 tablet + wildcard: compass -> 9+1+1+7=18; gear -> 4+4+1+7=16
    assert science_score((2, 1, 1), 1) == 18
    # 1,1,0 + wildcard: complete the set: 1+1+1+7 = 10 (vs 4+1 = 5)
    assert science_score((1, 1, 0), 1) == 10
    # two wildcards on nothing: 4 (same symbol twice) vs 1+1 = 2
    assert science_score((0, 0, 0), 2) == 4


def test_scientists_guild_and_babylon_in_a_city() -> None:
    st = position(boards=["babylon", "gizah", "ephesos"], stages=[2, 0, 0],
                  cities=[["apothecary", "workshop", "scientists_guild"], [], []])
    assert st.wildcards[0] == 2
    # compass 1, gear 1 + 2 wildcards: best is 2/1/1 (or 1/1/2): 4+1+1+7 = 13
    assert breakdown(st, 0)["green"] == reference_science((1, 1, 0), 2) == 13


@settings(max_examples=400, deadline=None)
@given(hst.tuples(hst.integers(0, 6), hst.integers(0, 6), hst.integers(0, 6)),
       hst.integers(0, 3))
def test_science_score_equals_exhaustive_search(counts, wild) -> None:  # type: ignore[no-untyped-def]
    assert science_score(counts, wild) == reference_science(counts, wild)
