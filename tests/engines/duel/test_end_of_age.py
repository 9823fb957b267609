"""End of an Age (rulebook: 時代結束; 遊戲回合 注意: extra turn lost at the end of an Age)."""

from __future__ import annotations

import pytest
from duel_helpers import ENGINE, act, kinds, options, position, prompt

from engines.core.errors import IllegalAnswer

ANTONIO, BRUNO = 0, 1


def test_extra_turn_is_lost_when_the_age_ends() -> None:
    st = position(structure=["altar"], filler=False, wonders=(("the_sphinx",), ()),
                  coins=(20, 7))
    events = act(st, "wonder:altar:the_sphinx")
    assert "extra_turn_lost" in kinds(events) and "extra_turn" not in kinds(events)
    assert st.phase == "choose_start"


def test_weaker_player_chooses_who_starts() -> None:
    st = position(structure=["garrison"], filler=False, military=1, coins=(7, 7),
                  cities=(("clay_pool",), ()))
    act(st, "build:garrison")  # pawn to 2: Bruno is weaker
    p = prompt(st)
    assert p.kind == "start" and p.seat == BRUNO and p.params == {"age": 2}
    assert sorted(o.id for o in p.options) == ["start:0", "start:1"]
    events = act(st, "start:0")
    assert st.phase == "play" and st.age == 2 and st.current == ANTONIO
    assert kinds(events) == ["start_chosen", "age_started"]
    assert prompt(st).seat == ANTONIO and prompt(st).kind == "turn"
    assert st.accessible == [18, 19]


def test_weaker_player_may_choose_themself() -> None:
    st = position(current=BRUNO, structure=["altar"], filler=False, military=3)
    act(st, "discard:altar")
    assert prompt(st).seat == BRUNO
    act(st, "start:1")
    assert st.current == BRUNO


def test_pawn_at_zero_last_card_taker_chooses() -> None:
    st = position(current=BRUNO, structure=["altar"], filler=False, military=0)
    events = act(st, "discard:altar")
    assert kinds(events)[-1] == "age_ended" and events[-1].seat == BRUNO
    assert prompt(st).seat == BRUNO


def test_start_choice_refuses_other_seat_and_bad_values() -> None:
    st = position(current=BRUNO, structure=["altar"], filler=False)
    act(st, "discard:altar")
    before = st.model_copy(deep=True)
    for seat, oid, key in [(ANTONIO, "start:0", "not_your_turn"),
                           (BRUNO, "start:2", "invalid_seat"),
                           (BRUNO, "build:altar", "illegal_option")]:
        with pytest.raises(IllegalAnswer) as err:
            ENGINE.apply(st, seat, oid)
        assert err.value.key == key
    assert st == before


def test_age_three_end_is_civilian_scoring() -> None:
    st = position(age=3, structure=["palace"], filler=False, coins=(30, 7))
    events = act(st, "discard:palace")
    assert st.phase == "over" and st.victory == "civilian"
    assert kinds(events)[-2:] == ["age_ended", "game_over"]
    assert ENGINE.prompts(st) == []
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, ANTONIO, "start:0")
    assert err.value.key == "game_over"


def test_discard_gives_two_plus_yellow_cards() -> None:
    # Book example: Bruno discards the Aqueduct with Tavern and Clay Reserve: 4 coins.
    st = position(age=2, current=BRUNO, structure=["aqueduct"],
                  cities=((), ("tavern", "clay_reserve")))
    assert options(st)["discard:aqueduct"].params["coins"] == 4
    events = act(st, "discard:aqueduct")
    assert st.coins[BRUNO] == 11 and st.discard == ["aqueduct"]
    assert events[0].kind == "card_discarded" and events[0].params["coins"] == 4
