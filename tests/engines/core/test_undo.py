"""The undo window (``engines.core.undo``), driven by the toy counter engine."""

from __future__ import annotations

import pytest

from engines.core.contract import UNDO
from engines.core.errors import IllegalAnswer
from engines.core.rng import Rng
from engines.core.undo import UndoWindow, undo_option
from tests.engines.core.core_toy import ENGINE, CounterState


def _ids(st: CounterState) -> list[str]:
    return [o.id for o in ENGINE.prompts(st)[0].options]


def _play(st: CounterState, *answers: str) -> CounterState:
    for oid in answers:
        ENGINE.apply(st, st.current, oid)
    return st


def test_undo_takes_back_the_last_answer_only() -> None:
    st = ENGINE.new_game(2, 5)
    assert UNDO not in _ids(st)  # nothing to take back yet
    _play(st, "add:1")
    after_one = ENGINE.dump(st)
    _play(st, "add:2")
    assert UNDO in _ids(st)
    events = ENGINE.apply(st, 0, UNDO)
    assert ENGINE.dump(st) == after_one and st.totals == [1, 0]
    # the re-applied answers' events are dropped: one provisional event for the seat only
    assert [(e.kind, e.params, e.visible_to, e.provisional) for e in events] == [
        ("undone", {"option": "add:2"}, [0], True)]
    ENGINE.apply(st, 0, UNDO)
    assert st.totals == [0, 0] and UNDO not in _ids(st)


def test_undo_never_crosses_a_closing_point() -> None:
    st = _play(ENGINE.new_game(2, 5), "add:2", "draw")
    after_draw = ENGINE.dump(st)
    assert UNDO not in _ids(st)
    with pytest.raises(IllegalAnswer):
        ENGINE.apply(st, 0, UNDO)
    assert ENGINE.dump(st) == after_draw
    _play(st, "add:1", UNDO)
    assert ENGINE.dump(st) == after_draw  # back to just after the roll, not before it
    with pytest.raises(IllegalAnswer):
        ENGINE.apply(st, 0, UNDO)
    _play(st, "add:1", "end")
    ended = ENGINE.dump(st)
    for seat in (0, 1):  # the turn is over: neither seat can take anything back
        with pytest.raises(IllegalAnswer):
            ENGINE.apply(st, seat, UNDO)
        assert ENGINE.dump(st) == ended


def test_json_round_trip_with_an_open_window() -> None:
    st = _play(ENGINE.new_game(2, 9), "draw", "add:2", "add:1")
    assert st.undo.is_open and st.undo.answers == ["add:2", "add:1"]
    loaded = ENGINE.load(ENGINE.dump(st))
    assert loaded == st and isinstance(loaded.undo, UndoWindow)
    assert ENGINE.dump(loaded) == ENGINE.dump(st)
    assert ENGINE.apply(loaded, 0, UNDO) == ENGINE.apply(st, 0, UNDO)
    assert ENGINE.dump(loaded) == ENGINE.dump(st)


def test_undo_then_the_same_answer_again_changes_nothing() -> None:
    """Seeded random games taking back an answer a fifth of the time it is allowed and
    giving it again: the state is JSON-equal to the one before the undo; the log with the
    undos replays to the final state, and the games end like games without undos."""
    undos = 0
    for seed in range(60):
        rng = Rng.from_seed(seed)
        st = ENGINE.new_game(2, seed)
        log: list[tuple[int, str]] = []
        plain: list[tuple[int, str]] = []  # the same game without its undo/redo pairs
        while ENGINE.prompts(st):
            prompt = ENGINE.prompts(st)[0]
            if UNDO in [o.id for o in prompt.options] and rng.below(5) == 0:
                before = ENGINE.dump(st)
                again = st.undo.answers[-1]
                ENGINE.apply(st, prompt.seat, UNDO)
                ENGINE.apply(st, prompt.seat, again)
                assert ENGINE.dump(st) == before
                log += [(prompt.seat, UNDO), (prompt.seat, again)]
                undos += 1
                continue
            options = [o for o in prompt.options if o.id != UNDO]
            oid = options[rng.below(len(options))].id
            ENGINE.apply(st, prompt.seat, oid)
            log.append((prompt.seat, oid))
            plain.append((prompt.seat, oid))
        assert ENGINE.dump(ENGINE.replay(2, seed, None, log)) == ENGINE.dump(st)
        assert ENGINE.dump(ENGINE.replay(2, seed, None, plain)) == ENGINE.dump(st)
    assert undos > 50


def test_copies_do_not_share_the_answers() -> None:
    st = _play(ENGINE.new_game(2, 1), "add:1")
    cp = ENGINE.copy(st)
    _play(cp, "add:2")
    assert st.undo.answers == ["add:1"] and cp.undo.answers == ["add:1", "add:2"]
    assert cp.undo.base is st.undo.base  # never changed in place: shared safely


def test_a_reapplied_answer_that_closes_the_window_is_refused() -> None:
    window = UndoWindow()
    window.record("lost")  # nothing is recorded while no window is open
    assert window.answers == [] and not window.can_undo(0)
    with pytest.raises(ValueError, match="nothing to undo"):
        window.undo(None, lambda s, b: None, lambda s, a: None)
    window.open(0, {"x": 1})
    window.record("a")
    window.record("b")
    assert window.can_undo(0) and not window.can_undo(1)
    with pytest.raises(RuntimeError, match="closed the undo window"):
        window.undo(None, lambda s, b: None, lambda s, a: window.close())


def test_undo_option_is_the_reserved_id_in_its_group() -> None:
    opt = undo_option()
    assert (opt.id, opt.key, opt.group) == (UNDO, UNDO, "turn") and undo_option() is opt
    assert undo_option(None).group is None
