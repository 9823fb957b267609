"""Wonder draft (rulebook: 奇蹟輪抽階段; first game preset)."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalAnswer
from engines.duel.catalogue import FIRST_GAME_WONDERS
from tests.engines.duel.duel_helpers import ENGINE, act, prompt, public_json


def test_draft_order_and_offers() -> None:
    st = ENGINE.new_game(2, 11)
    a = st.first_player
    b = 1 - a
    order = []
    hidden_second = list(st.wonder_deck[:4])
    for _ in range(8):
        p = prompt(st)
        assert p.kind == "draft" and not p.private
        order.append(p.seat)
        if len(order) <= 4:
            for w in hidden_second:
                assert w not in public_json(st) and w not in public_json(st, p.seat)
        act(st, p.options[0].id)
    assert order == [a, b, b, a, b, a, a, b]
    assert len(st.wonders[0]) == len(st.wonders[1]) == 4
    assert st.phase == "play" and st.age == 1 and st.current == a
    unused = st.wonder_deck
    assert len(unused) == 4
    for w in unused:
        assert w not in public_json(st)


def test_second_offer_revealed_after_four_picks() -> None:
    st = ENGINE.new_game(2, 3)
    second = st.wonder_deck[:4]
    events = []
    for _ in range(4):
        events += act(st, prompt(st).options[0].id)
    assert st.wonder_offer == second
    assert events[-1].kind == "wonders_revealed" and events[-1].params["wonders"] == second
    assert ENGINE.view(st, None).wonder_offer == second


def test_draft_refuses_wrong_seat_and_unknown_wonder() -> None:
    st = ENGINE.new_game(2, 3)
    before = st.model_copy(deep=True)
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 1 - prompt(st).seat, f"draft:{st.wonder_offer[0]}")
    assert err.value.key == "not_your_turn"
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, prompt(st).seat, f"draft:{st.wonder_deck[0]}")
    assert err.value.key == "illegal_option"
    assert st == before


@pytest.mark.parametrize("seed", range(6))
def test_first_game_preset_player_1_is_the_first_player(seed: int) -> None:
    # 奇蹟輪抽階段 (第一局遊戲時): player 1 (the first player) and player 2 get fixed sets.
    st = ENGINE.new_game(2, seed, {"wonders": "first_game"})
    first = st.first_player
    assert st.wonders[first] == list(FIRST_GAME_WONDERS[0]) == [
        "the_pyramids", "the_great_lighthouse", "the_temple_of_artemis", "the_statue_of_zeus"]
    assert st.wonders[1 - first] == list(FIRST_GAME_WONDERS[1]) == [
        "circus_maximus", "piraeus", "the_appian_way", "the_colossus"]
    assert st.phase == "play" and prompt(st).kind == "turn" and prompt(st).seat == first
    for w in st.wonder_deck:
        assert w not in public_json(st)


def test_first_game_preset_follows_the_first_player_for_both_seats() -> None:
    firsts = {ENGINE.new_game(2, s, {"wonders": "first_game"}).first_player for s in range(20)}
    assert firsts == {0, 1}


def test_unknown_option_value_is_rejected() -> None:
    with pytest.raises(ValueError):
        ENGINE.new_game(2, 1, {"wonders": "random"})
    with pytest.raises(ValueError):
        ENGINE.new_game(2, 1, {"colour": "x"})
    with pytest.raises(ValueError):
        ENGINE.new_game(3, 1)


def test_first_player_comes_from_the_seed() -> None:
    firsts = {ENGINE.new_game(2, s).first_player for s in range(20)}
    assert firsts == {0, 1}
    assert ENGINE.new_game(2, 7).first_player == ENGINE.new_game(2, 7).first_player
