"""Military (rulebook: 軍事, 軍事壓制, 掠奪2或5元錢幣)."""

from __future__ import annotations

from engines.duel.military import military_vp, move_pawn, weaker_seat
from tests.engines.duel.duel_helpers import ENGINE, act, kinds, position

ANTONIO, BRUNO = 0, 1


def test_book_example_archery_range_enters_zone_and_loots_2() -> None:
    # Antonio builds Archery Range (2 shields): the pawn enters a new zone, Bruno loses 2.
    st = position(age=2, structure=["archery_range"], military=1, coins=(7, 7),
                  cities=(("lumber_yard", "quarry", "press"), ()))
    events = act(st, "build:archery_range")
    assert st.military == 3
    assert st.coins[BRUNO] == 5
    assert "token_b2" not in st.military_tokens
    looted = [e for e in events if e.kind == "military_token_looted"]
    assert looted[0].seat == BRUNO and looted[0].params == {"token": "token_b2", "coins": 2}


def test_seat_one_moves_pawn_toward_seat_zero() -> None:
    st = position()
    move_pawn(st, BRUNO, 3, [])
    assert st.military == -3
    assert st.coins[ANTONIO] == 5 and "token_a2" not in st.military_tokens


def test_token_triggers_once_only() -> None:
    st = position()
    move_pawn(st, ANTONIO, 3, [])
    move_pawn(st, BRUNO, 2, [])
    move_pawn(st, ANTONIO, 2, [])
    assert st.coins[BRUNO] == 5  # looted once


def test_one_move_can_trigger_two_tokens() -> None:
    st = position(coins=(7, 10), military=2)
    move_pawn(st, ANTONIO, 4, [])
    assert st.military == 6
    assert st.coins[BRUNO] == 10 - 2 - 5
    assert st.military_tokens == ["token_a5", "token_a2"]


def test_looting_takes_all_when_too_few_coins() -> None:
    st = position(coins=(7, 3), military=5)
    st.military_tokens.remove("token_b2")  # looted when the pawn passed 3
    events: list = []
    move_pawn(st, ANTONIO, 1, events)
    assert st.coins[BRUNO] == 0
    assert [e.params["coins"] for e in events if e.kind == "military_token_looted"] == [3]


def test_military_supremacy_wins_immediately() -> None:
    st = position(age=3, structure=["pretorium"], military=6, coins=(8, 7))
    events = act(st, "build:pretorium")
    assert st.military == 9
    assert st.victory == "military" and st.winners == [ANTONIO] and st.phase == "over"
    assert ENGINE.prompts(st) == []
    assert kinds(events)[-1] == "game_over"
    res = ENGINE.result(st)
    assert res is not None and res.victory == "military" and res.winners == [0]


def test_pawn_never_goes_beyond_capital() -> None:
    st = position(military=-8)
    move_pawn(st, BRUNO, 3, [])
    assert st.military == -9 and st.victory == "military" and st.winners == [BRUNO]


def test_colossus_moves_pawn_two() -> None:
    st = position(structure=["altar"], wonders=(("the_colossus",), ()), coins=(10, 7))
    act(st, "wonder:altar:the_colossus")
    assert st.military == 2


def test_strategy_adds_a_shield_to_red_cards_only() -> None:
    st = position(age=2, structure=["walls", "altar"], tokens=(("strategy",), ()),
                  wonders=(("the_colossus",), ()), coins=(30, 7))
    act(st, "build:walls")
    assert st.military == 3  # 2 + 1
    act(st, "discard:lumber_yard")  # Bruno
    act(st, "wonder:altar:the_colossus")
    assert st.military == 5  # wonder: no bonus


def test_military_vp_table() -> None:
    assert [military_vp(p, ANTONIO) for p in range(0, 9)] == [0, 2, 2, 5, 5, 5, 10, 10, 10]
    assert military_vp(-4, BRUNO) == 5 and military_vp(-4, ANTONIO) == 0


def test_weaker_seat_is_the_side_of_the_pawn() -> None:
    assert weaker_seat(3) == BRUNO and weaker_seat(-1) == ANTONIO and weaker_seat(0) is None
