"""End of an Age (rulebook: 時代結束; 遊戲回合 注意: extra turn lost at the end of an Age)."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalAnswer
from engines.duel.facts import FACE_UP, INITIALLY_ACCESSIBLE
from tests.engines.duel.duel_helpers import ENGINE, act, kinds, options, position, prompt

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


# Rulebook 001_cbd6fc03d95de5bf.txt (7 Wonders Duel), 時代結束, lines 385-389:
#   385 當20張卡牌全部被玩家獲取並打完後，一個時代結束。
#   387 然後準備下一個時代的牌組。
#   389 軍事力量較弱的玩家選擇下個時代的起始玩家。
# The next Age is laid out first; the choice of who starts comes after, in full view.


@pytest.mark.parametrize("age", [1, 2])
def test_next_age_is_laid_out_before_the_starter_choice(age: int) -> None:
    st = position(age=age, structure=["garrison"], filler=False, military=1,
                  cities=(("clay_pool",), ()))
    rng_before = st.rng
    act(st, "build:garrison")  # last card; pawn to 2: Bruno is weaker and chooses
    p = prompt(st)
    assert p.kind == "start" and p.seat == BRUNO and p.params == {"age": age + 1}
    assert st.phase == "choose_start" and st.age == age + 1
    assert st.structure == st.decks[age] and st.cards_left == 20
    assert st.rng == rng_before  # the decks were shuffled at setup: dealing draws nothing
    face_up = {s: c for s, c in enumerate(st.decks[age]) if FACE_UP[age + 1][s]}
    assert len(face_up) == 12
    for seat in (None, ANTONIO, BRUNO):
        view = ENGINE.view(st, seat)
        assert view.phase == "choose_start" and view.age == age + 1
        assert view.active_seat == BRUNO and view.prompt_kind == "start"
        shown = {s.slot: s.card for s in view.structure if s.card is not None}
        assert shown == face_up
        assert not any(s.taken for s in view.structure)
        assert sorted(s.slot for s in view.structure if s.accessible) == sorted(
            INITIALLY_ACCESSIBLE[age + 1])


def test_start_prompt_is_asked_after_the_deal_and_the_choice_deals_nothing() -> None:
    st = position(current=BRUNO, structure=["altar"], filler=False, military=0)
    events = act(st, "discard:altar")
    # the Age ends and the next one is already on the table when the question is asked
    assert kinds(events)[-1] == "age_ended" and events[-1].params == {"age": 1}
    assert prompt(st).kind == "start" and st.structure == st.decks[1]
    laid_out = ENGINE.view(st, None).structure
    events = act(st, "start:0")
    assert kinds(events) == ["start_chosen", "age_started"]
    assert [e.params["age"] for e in events] == [2, 2]
    assert events[0].params["first_player"] == ANTONIO and events[1].seat == ANTONIO
    assert ENGINE.view(st, None).structure == laid_out  # the same cards, still untaken
    assert prompt(st).kind == "turn" and prompt(st).seat == ANTONIO
    assert prompt(st).params == {"age": 2}


def test_snapshot_saved_mid_choice_by_the_older_engine_loads_with_the_next_age() -> None:
    """Before this rule fix the structure was dealt only after the choice; a game stored
    while its choice was open loads as the replay of its log builds it today."""
    st = position(current=BRUNO, structure=["altar"], filler=False)
    act(st, "discard:altar")
    old = st.model_copy(deep=True)  # what the older engine stored at this point
    old.age, old.cards_left, old.accessible = 1, 0, []
    old.structure, old.face_up = [None] * 20, [True] * 20
    loaded = ENGINE.load(ENGINE.dump(old))
    assert loaded == st
    assert ENGINE.load(ENGINE.dump(st)) == st  # a current snapshot is left as it is
