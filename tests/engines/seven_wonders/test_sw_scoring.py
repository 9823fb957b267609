"""Final scoring (rulebook "遊戲結束", "統計得分") and the tie-break on coins."""

from __future__ import annotations

from engines.seven_wonders.scoring import breakdown, winners
from tests.engines.seven_wonders.sw_helpers import ENGINE, position


def test_breakdown_of_a_city() -> None:
    st = position(boards=["gizah", "ephesos", "rhodos"], stages=[2, 0, 0], coins=[14, 3, 3],
                  age=3, cities=[["altar", "palace", "apothecary", "workshop", "scriptorium",
                                  "haven", "lumber_yard", "magistrates_guild"],
                                 ["theater", "baths"], ["well"]])
    st.tokens[0] = [1, 3, -1]
    b = breakdown(st, 0)
    assert b == {"military": 3, "coins": 4, "wonders": 3 + 5, "blue": 3 + 8, "yellow": 1,
                 "green": 10, "purple": 3, "total": 3 + 4 + 8 + 11 + 1 + 10 + 3}


def test_tie_goes_to_most_coins_then_shared() -> None:
    st = position(coins=[6, 3, 6], cities=[["altar"], ["theater", "well"], ["baths"]])
    # totals: 3+2=5, 6+1=7, 3+2=5
    assert winners(st) == [1]
    st = position(coins=[6, 9, 6], cities=[["altar", "well"], ["theater"], ["baths", "well"]])
    # totals: 6+2=8, 3+3=6... seat 1: 3 + 3 = 6
    assert winners(st) == [0, 2]
    st = position(coins=[5, 8, 6], cities=[["altar", "well"], ["theater", "baths"], ["well"]])
    # 6+1=7, 6+2=8, 3+2=5
    assert winners(st) == [1]
    st = position(coins=[8, 6, 3], cities=[["altar"], ["theater"], ["well"]])
    # 3+2=5, 3+2=5, 3+1=4: tie on points, seat 0 has more coins
    assert winners(st) == [0]


def test_result_once_over() -> None:
    st = position()
    assert ENGINE.result(st) is None
    st.phase = "over"
    st.winners = winners(st)
    res = ENGINE.result(st)
    assert res is not None and res.victory == "points"
    assert [s.rank for s in res.scores] == [1, 1, 1]
    assert set(res.scores[0].breakdown) == {"military", "coins", "wonders", "blue", "yellow",
                                            "green", "purple", "total"}
