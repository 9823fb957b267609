"""Undo in Duel (``engines/duel/window.py``): a seat takes back its own answers until
something hidden is revealed or another seat is asked."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engines.core.contract import UNDO, Event
from engines.core.errors import IllegalAnswer
from engines.duel import window
from engines.duel.state import FLAT_LISTS, NESTED_LISTS, DuelState
from tests.engines.duel.duel_helpers import ENGINE
from tests.engines.duel.test_offers_cache import check_tables

#: events that tell something nobody could know before: they close the window
REVEALING = {"card_revealed", "library_drawn", "wonders_revealed"}


def _dump(st: DuelState) -> dict[str, Any]:
    """The state but the answer count (an undo is an answer: it counts)."""
    return st.model_dump(mode="json", exclude={"answers"})


def _offered(st: DuelState) -> tuple[int | None, bool]:
    prompts = ENGINE.prompts(st)
    if not prompts:
        return None, False
    (p,) = prompts
    return p.seat, any(o.id == UNDO for o in p.options)


def _pick(st: DuelState, rnd: random.Random, undo_share: float = 0.0) -> tuple[int, str]:
    (p,) = ENGINE.prompts(st)
    ids = [o.id for o in p.options]
    if UNDO in ids and rnd.random() < undo_share:
        return p.seat, UNDO
    plain = [i for i in ids if i != UNDO]
    return p.seat, plain[rnd.randrange(len(plain))]


def test_every_list_field_is_copied() -> None:
    """``fast_copy`` and the window's base copy every mutable field (else an undo would
    restore a position changed since)."""
    plain = {"wonders_option", "rng", "phase", "age", "first_player", "current", "extra_turn",
             "last_taker", "answers", "draft_pick", "cards_left", "military", "victory",
             "wonder_cards", "undo"}
    assert set(DuelState.model_fields) == plain | set(FLAT_LISTS) | set(NESTED_LISTS)


@pytest.mark.parametrize("chunk", range(3))
def test_undo_restores_the_position_before_the_answer(chunk: int) -> None:
    rnd = random.Random(chunk)
    undone = 0
    for game in range(60):
        st = ENGINE.new_game(2, chunk * 100 + game,
                             {"wonders": "first_game"} if game % 4 == 0 else None)
        while ENGINE.result(st) is None:
            before = _dump(st)
            seat, oid = _pick(st, rnd)
            ENGINE.apply(st, seat, oid)
            asked, offered = _offered(st)
            if not offered:
                continue
            assert asked == seat
            back = ENGINE.copy(st)
            answers = back.answers
            events = ENGINE.apply(back, seat, UNDO)
            assert [(e.kind, e.seat, e.params, e.visible_to, e.provisional) for e in events] == [
                ("undone", seat, {"option": oid}, [seat], True)]
            assert _dump(back) == before
            assert back.answers == answers + 1  # a new question is asked
            check_tables(back)
            undone += 1
    assert undone > 100


def test_undo_is_offered_exactly_while_nothing_was_revealed_and_the_seat_goes_on() -> None:
    rnd = random.Random(3)
    kept = closed = 0
    for game in range(200):
        st = ENGINE.new_game(2, game)
        since: list[Event] = []  # the window's answers' events
        while ENGINE.result(st) is None:
            hidden = window.hidden(st)
            seat, oid = _pick(st, rnd)
            events = ENGINE.apply(st, seat, oid)
            asked, offered = _offered(st)
            stays = asked == seat and window.hidden(st) == hidden
            assert offered == stays, oid
            assert not (offered and REVEALING & {e.kind for e in events})
            if offered:
                assert all(e.provisional for e in events)
                since += events
                kept += 1
            else:
                told = events[:len(since)]
                assert [(e.kind, e.params) for e in told] == [(e.kind, e.params) for e in since]
                assert not any(e.provisional for e in events)  # everything told to all
                closed += bool(since)
                since = []
    assert kept > 500 and closed > 500


def test_the_draft_second_pick_can_be_taken_back_until_the_third() -> None:
    st = ENGINE.new_game(2, 11)
    first, second = st.first_player, 1 - st.first_player
    offer = list(st.wonder_offer)
    ENGINE.apply(st, first, f"draft:{offer[0]}")
    assert _offered(st) == (second, False)  # the other seat is asked: nothing to undo
    events = ENGINE.apply(st, second, f"draft:{offer[1]}")
    assert events[0].provisional and _offered(st) == (second, True)
    assert ENGINE.apply(st, second, UNDO)[0].kind == "undone"
    assert st.wonder_offer == offer[1:] and st.wonders[second] == []
    assert _offered(st) == (second, False)
    ENGINE.apply(st, second, f"draft:{offer[2]}")
    events = ENGINE.apply(st, second, f"draft:{offer[1]}")
    assert [e.kind for e in events] == ["wonder_drafted", "wonder_drafted"]
    assert [e.params["wonder"] for e in events] == [offer[2], offer[1]]  # the first retold
    assert not any(e.provisional for e in events)
    assert _offered(st) == (first, False)


def test_undo_is_refused_when_there_is_nothing_to_take_back() -> None:
    st = ENGINE.new_game(2, 5)
    seat = st.first_player
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, seat, UNDO)
    assert err.value.key == "illegal_option"
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 1 - seat, UNDO)
    assert err.value.key == "not_your_turn"


def test_random_games_with_random_undos_end_and_replay() -> None:
    rnd = random.Random(8)
    undos = 0
    for game in range(150):
        options = {"wonders": "first_game"} if game % 3 == 0 else None
        st = ENGINE.new_game(2, game, options)
        log: list[tuple[int, str]] = []
        while ENGINE.result(st) is None:
            seat, oid = _pick(st, rnd, undo_share=0.5)
            ENGINE.apply(st, seat, oid)
            log.append((seat, oid))
            undos += oid == UNDO
            check_tables(st)
            assert len(log) < 1000
        again = ENGINE.replay(2, game, options, log)
        assert again.model_dump() == st.model_dump()
        loaded = ENGINE.load(ENGINE.dump(st))
        assert loaded.model_dump() == st.model_dump()
    assert undos > 300


def test_a_saved_open_window_undoes_after_loading() -> None:
    rnd = random.Random(4)
    found = 0
    for game in range(80):
        st = ENGINE.new_game(2, game)
        while ENGINE.result(st) is None and found < 30:
            before = _dump(st)
            seat, oid = _pick(st, rnd)
            ENGINE.apply(st, seat, oid)
            if _offered(st)[1]:
                loaded = ENGINE.load(ENGINE.dump(st))
                ENGINE.apply(loaded, seat, UNDO)
                assert _dump(loaded) == before
                found += 1
    assert found == 30


def test_sparing_snapshots_changes_no_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """``window.may_stay`` only skips snapshots that would not be kept: with a snapshot
    before every answer, every game and every window is the same."""
    def play(seed: int) -> list[Any]:
        st, rnd, out = ENGINE.new_game(2, seed), random.Random(seed), []
        while ENGINE.result(st) is None:
            seat, oid = _pick(st, rnd, undo_share=0.3)
            events = ENGINE.apply(st, seat, oid)
            out.append((st.model_dump(mode="json"), [e.model_dump() for e in events]))
        return out

    spared = [play(seed) for seed in range(120)]
    monkeypatch.setattr(window, "may_stay", lambda st, option_id: True)
    assert [play(seed) for seed in range(120)] == spared
