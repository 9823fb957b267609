"""Civilian victory and tie-break (rulebook: 遊戲結束和勝利, 文化勝利)."""

from __future__ import annotations

from engines.duel.scoring import breakdown
from tests.engines.duel.duel_helpers import ENGINE, act, position

ANTONIO, BRUNO = 0, 1


def end(st) -> None:  # type: ignore[no-untyped-def]
    act(st, f"discard:{st.structure[st.accessible[0]]}")


def test_breakdown_categories() -> None:
    st = position(age=3, structure=["palace"], filler=False, military=4, coins=(17, 2),
                  cities=(("altar", "workshop", "arena", "magistrates_guild", "garrison"),
                          ("baths", "theater")),
                  built=(("the_pyramids",), ()),
                  tokens=(("philosophy",), ()))
    b = breakdown(st, ANTONIO)
    assert b == {"military": 5, "blue": 3, "green": 1, "yellow": 3, "purple": 2, "wonders": 9,
                 "tokens": 7, "coins": 5, "total": 35}
    assert breakdown(st, BRUNO)["military"] == 0


def test_civilian_victory_highest_total() -> None:
    st = position(age=3, structure=["palace"], filler=False, cities=(("altar",), ()))
    end(st)  # Antonio discards: 9 coins -> 3 VP + 3
    res = ENGINE.result(st)
    assert res is not None and res.victory == "civilian" and res.winners == [ANTONIO]
    ranks = {s.seat: s.rank for s in res.scores}
    assert ranks == {0: 1, 1: 2}
    assert set(res.scores[0].breakdown) == {"military", "blue", "green", "yellow", "purple",
                                            "wonders", "tokens", "coins", "total"}


def test_tie_with_equal_blue_points_is_a_shared_victory() -> None:
    # Antonio: 3 blue + 6 coins (2 VP) = 5. Bruno: 3 blue + Piraeus 2 = 5 (discard: 2 coins).
    st = position(age=3, current=BRUNO, structure=["palace"], filler=False, coins=(6, 0),
                  cities=(("altar",), ("baths",)), built=((), ("piraeus",)))
    end(st)
    assert breakdown(st, ANTONIO)["total"] == breakdown(st, BRUNO)["total"] == 5
    assert st.winners == [0, 1]
    res = ENGINE.result(st)
    assert res is not None and [s.rank for s in res.scores] == [1, 1]


def test_tie_on_total_is_broken_by_most_blue_points() -> None:
    # Antonio: Statue 4 blue. Bruno: Altar 3 blue + Workshop 1 green, 2 coins after discarding.
    st = position(age=3, current=BRUNO, structure=["palace"], filler=False, coins=(0, 0),
                  cities=(("statue",), ("altar", "workshop")))
    end(st)
    assert breakdown(st, ANTONIO)["total"] == breakdown(st, BRUNO)["total"] == 4
    assert st.winners == [ANTONIO]


def test_supremacy_result_still_has_breakdown() -> None:
    st = position(age=3, structure=["pretorium"], military=7, coins=(8, 7))
    act(st, "build:pretorium")
    res = ENGINE.result(st)
    assert res is not None and res.victory == "military"
    assert {s.seat: s.rank for s in res.scores} == {0: 1, 1: 2}
    assert "total" in res.scores[1].breakdown


def test_view_victory_points_match_breakdown() -> None:
    st = position(cities=(("altar", "tavern"), ()), coins=(9, 7))
    assert ENGINE.view(st, None).players[0].victory_points == breakdown(st, 0)["total"] == 6
