"""Science (rulebook: 科技&發展, 科技壓制; 法律)."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalAnswer
from tests.engines.duel.duel_helpers import ENGINE, act, kinds, options, position, prompt

ANTONIO, BRUNO = 0, 1
BOARD = ["agriculture", "philosophy", "urbanism", "law", "theology"]


def test_pair_of_symbols_offers_a_board_token() -> None:
    st = position(age=2, structure=["library"], board_tokens=BOARD,
                  cities=(("scriptorium", "lumber_yard", "quarry", "glassworks"), ()))
    events = act(st, "build:library")
    assert "science_pair" in kinds(events)
    p = prompt(st)
    assert p.kind == "token" and p.seat == ANTONIO and not p.private
    assert p.params == {"symbol": "quill"}
    # the build revealed nothing and the same seat is asked: it may take it back (undo)
    assert sorted(o.id for o in p.options) == sorted([*(f"token:{t}" for t in BOARD), "undo"])
    act(st, "token:philosophy")
    assert st.tokens[ANTONIO] == ["philosophy"]
    assert "philosophy" not in st.board_tokens
    assert prompt(st).seat == BRUNO  # the turn passes after the choice


def test_no_token_when_board_is_empty() -> None:
    st = position(age=2, structure=["library"], board_tokens=[],
                  cities=(("scriptorium", "lumber_yard", "quarry", "glassworks"), ()))
    act(st, "build:library")
    assert prompt(st).kind == "turn" and prompt(st).seat == BRUNO


def test_wrong_answer_to_token_prompt_is_refused() -> None:
    st = position(age=2, structure=["library"], board_tokens=BOARD,
                  cities=(("scriptorium", "lumber_yard", "quarry", "glassworks"), ()))
    act(st, "build:library")
    before = st.model_copy(deep=True)
    for seat, oid, key in [(BRUNO, "token:law", "not_your_turn"),
                           (ANTONIO, "token:masonry", "token_not_available"),
                           (ANTONIO, "build:lumber_yard", "illegal_option")]:
        with pytest.raises(IllegalAnswer) as err:
            ENGINE.apply(st, seat, oid)
        assert err.value.key == key
        assert st == before


def test_six_different_symbols_win_immediately() -> None:
    st = position(age=3, structure=["academy"], coins=(30, 7),
                  cities=(("workshop", "apothecary", "scriptorium", "pharmacist", "university"),
                          ()))
    events = act(st, "build:academy")
    assert st.victory == "science" and st.winners == [ANTONIO]
    assert kinds(events)[-1] == "game_over"
    assert ENGINE.result(st).victory == "science"  # type: ignore[union-attr]


def test_law_token_is_a_symbol_and_can_complete_supremacy() -> None:
    st = position(age=2, structure=["library"], board_tokens=["law", "agriculture"],
                  coins=(30, 7),
                  cities=(("workshop", "apothecary", "scriptorium", "pharmacist"), ()))
    act(st, "build:library")  # pair of quills -> token; 4 distinct symbols so far
    assert prompt(st).kind == "token"
    act(st, "token:law")  # scales = 5th distinct symbol
    assert st.victory is None
    st2 = position(age=2, structure=["dispensary"], board_tokens=["law"], coins=(30, 7),
                   cities=(("workshop", "apothecary", "scriptorium", "pharmacist", "academy"),
                           ()))
    act(st2, "build:dispensary")  # pair of mortars -> choose Law = 6th symbol
    act(st2, "token:law")
    assert st2.victory == "science" and st2.winners == [ANTONIO]


def test_each_symbol_pairs_once() -> None:
    st = position(age=2, structure=["library"], board_tokens=BOARD,
                  cities=(("scriptorium", "lumber_yard", "quarry", "glassworks"), ()))
    act(st, "build:library")
    act(st, "token:agriculture")
    assert st.science[ANTONIO][5] == 2  # quill
    # a different pair later still gives a token
    assert len(st.board_tokens) == 4


def test_supremacy_counts_distinct_symbols_not_pairs() -> None:
    st = position(age=2, structure=["laboratory"], coins=(30, 7),
                  cities=(("workshop", "apothecary", "scriptorium", "pharmacist"), ()))
    act(st, "build:laboratory")  # second plumb bob: pair, still 4 distinct
    assert st.victory is None and prompt(st).kind == "token"
    assert len(options(st)) == 5 + 1  # the board's tokens, and undo
