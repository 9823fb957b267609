"""Age structures (rulebook: 牌組準備, 遊戲回合 — accessible cards, turning cards up; layouts)."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalAnswer
from engines.duel.catalogue import LAYOUTS
from engines.duel.structure import deal
from tests.engines.duel.duel_helpers import ENGINE, act, kinds, prompt

FIRST = {"wonders": "first_game"}


def test_layout_shapes() -> None:
    assert LAYOUTS[1].row_sizes == (2, 3, 4, 5, 6)
    assert LAYOUTS[2].row_sizes == (6, 5, 4, 3, 2)
    assert LAYOUTS[3].row_sizes == (2, 3, 4, 2, 4, 3, 2)
    for age in (1, 2, 3):
        assert sum(not s.face_up for s in LAYOUTS[age].slots) == 8


def test_age_one_deal_and_accessibility() -> None:
    st = ENGINE.new_game(2, 5, FIRST)
    assert st.phase == "play" and st.age == 1 and st.cards_left == 20
    assert st.accessible == [14, 15, 16, 17, 18, 19]
    view = ENGINE.view(st, None)
    assert [s.slot for s in view.structure if s.accessible] == [14, 15, 16, 17, 18, 19]
    for slot in view.structure:
        face_up = LAYOUTS[1].slots[slot.slot].face_up
        assert (slot.card is not None) == face_up
        assert slot.back == "age1" and not slot.taken
    opts = prompt(st).options
    assert {o.card for o in opts} == {st.structure[s] for s in st.accessible}


def test_taking_cards_reveals_newly_accessible_face_down_cards() -> None:
    st = ENGINE.new_game(2, 5, FIRST)
    seat = st.current
    act(st, f"discard:{st.structure[14]}", seat)
    assert 9 not in st.accessible and not st.face_up[9]
    hidden = st.structure[9]
    events = act(st, f"discard:{st.structure[15]}")
    assert 9 in st.accessible and st.face_up[9]
    revealed = [e for e in events if e.kind == "card_revealed"]
    assert revealed[0].params == {"slot": 9, "card": hidden, "age": 1}
    view = ENGINE.view(st, None)
    assert view.structure[9].card == hidden and view.structure[14].taken
    assert view.structure[14].card is None


def test_face_up_cards_in_age_one_do_not_get_revealed_events() -> None:
    st = ENGINE.new_game(2, 5, FIRST)
    act(st, f"discard:{st.structure[9 + 5]}", st.current)
    events = act(st, f"discard:{st.structure[15]}")
    assert kinds(events).count("card_revealed") == 1


def test_age_three_guild_backs_are_public() -> None:
    # Guild cards have their own back: a face-down guild is known to be a guild.
    for seed in range(10):
        st = ENGINE.new_game(2, seed, FIRST)
        deal(st, 3)
        view = ENGINE.view(st, None)
        assert [s.back for s in view.structure].count("guild") == 3
        for s in view.structure:
            card = st.structure[s.slot]
            assert (s.back == "guild") == card.endswith("_guild")  # type: ignore[union-attr]
            assert (s.card is None) == (not LAYOUTS[3].slots[s.slot].face_up)


def test_not_accessible_card_is_refused() -> None:
    st = ENGINE.new_game(2, 5, FIRST)
    before = st.model_copy(deep=True)
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, st.current, f"build:{st.structure[0]}")
    assert err.value.key == "card_not_accessible"
    assert st == before
