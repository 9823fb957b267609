"""The undo window, provisional events, the ``turn_actions`` summary, the end-turn forecast
and the prompt cache (platform §4.1, §4.2, §5.2, §4.8; ``engines/tta/undo_window.py``).

The book lets a player take actions back during a turn (L1270-L1280) as long as nothing
was learned: undo never crosses a revealed card, a use of the generator or a question to
another seat, and never reaches back before the start of the turn's political phase."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engines.core.contract import UNDO, Event, Option, Prompt
from engines.core.rng import Rng
from engines.tta import prompts as questions
from engines.tta import row, undo_window
from engines.tta.facts import KIND
from engines.tta.state import TtaState
from tests.engines.tta.tta_helpers import ENGINE, answer, option_ids, to_round_two
from tests.engines.tta.tta_helpers import game_json as game

QUIET = ("end", "pass", UNDO)


@pytest.fixture
def cached(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The prompt cache on, as in play (the other TTA tests edit states by hand)."""
    monkeypatch.setattr(undo_window, "CACHING", True)
    yield


def _reopen(st: TtaState) -> None:
    """A position edited by hand becomes the start of a fresh window."""
    undo_window.close(st, st.current)
    undo_window.open_if_acting(st)


def _pick(prompt: Prompt, rng: Rng) -> Option:
    """The busy random policy of the property tests: an action other than ending the
    phase or passing 9 times in 10 (never ``undo``: the callers decide that)."""
    active = [o for o in prompt.options if o.id not in QUIET]
    if active and rng.below(10):
        return rng.choice(active)
    return rng.choice([o for o in prompt.options if o.id != UNDO])


Visit = Callable[[TtaState, Prompt, Option, list[Event]], None]


def _play(players: int, seed: int, *, undo_pct: int = 0, before: Callable[
        [TtaState, Prompt], None] | None = None, after: Visit | None = None,
        ) -> tuple[TtaState, list[tuple[int, str]], int]:
    """A seeded busy random game; where ``undo`` is offered, ``undo_pct`` % of the time take
    the last answer back and give it again (checking the state is JSON-equal to the one
    before). Returns the final state, the log (undos included) and the undo count."""
    st = ENGINE.new_game(players, seed, {"mode": "first"})
    rng = Rng.from_seed(seed * 31 + players)
    log: list[tuple[int, str]] = []
    undos = 0
    while ENGINE.result(st) is None:
        prompts = ENGINE.prompts(st)
        prompt = prompts[rng.below(len(prompts))]
        if before is not None:
            before(st, prompt)
        if prompt.option(UNDO) is not None and rng.below(100) < undo_pct:
            dumped = game(st)
            again = st.undo.answers[-1]
            (undone,) = ENGINE.apply(st, prompt.seat, UNDO)
            assert (undone.kind, undone.params, undone.visible_to, undone.provisional) == (
                "undone", {"option": again}, [prompt.seat], True)
            ENGINE.apply(st, prompt.seat, again)
            assert game(st) == dumped
            log += [(prompt.seat, UNDO), (prompt.seat, again)]
            undos += 1
            continue
        opt = _pick(prompt, rng)
        events = ENGINE.apply(st, prompt.seat, opt.id)
        log.append((prompt.seat, opt.id))
        if after is not None:
            after(st, prompt, opt, events)
        assert len(log) < 20_000
    return st, log, undos


def _fresh(st: TtaState) -> list[Prompt]:
    return undo_window.decorate(st, questions.prompts(st))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_undo_then_the_same_answer_again_gives_the_same_state(players: int,
                                                               cached: None) -> None:
    """Platform §4.1: random games taking back 5 % of the answers that may be taken back
    and giving them again; the log with its undos replays to the same state; the cached
    prompts always equal freshly computed ones."""
    total = 0

    def same_prompts(st: TtaState, prompt: Prompt) -> None:
        assert ENGINE.prompts(st) == _fresh(st)  # cached, with the ratings memo: the same
        if prompt.kind == "action":  # the fast take options are ``row.can_take``'s
            takes = {o.id for o in prompt.options if o.id.startswith("take:")}
            assert takes == {f"take:{s + 1}" for s in range(13)
                             if row.can_take(st, prompt.seat, s)}

    for seed in range(4):
        st, log, undos = _play(players, 100 + seed, undo_pct=5, before=same_prompts)
        total += undos
        replayed = ENGINE.replay(players, 100 + seed, {"mode": "first"}, log)
        assert ENGINE.dump(replayed) == ENGINE.dump(st)
        assert ENGINE.load(ENGINE.dump(st)) == st
    assert total > 20


def test_undo_never_crosses_a_reveal_the_generator_or_another_seat() -> None:
    """Undoing everything the window allows leads back exactly to the position where it
    opened (the start of the political phase, or just after the card reveal, generator use
    or other seat's answer that closed the last window) — never before it; inside a window
    the generator and the hidden piles never change."""
    checked = 0
    opened: dict[str, Any] = {}  # the open window of the game being played

    def at_open(st: TtaState, prompt: Prompt, opt: Option, events: list[Event]) -> None:
        if st.undo.base is not opened.get("base"):
            opened.update(base=st.undo.base, dump=game(st),
                          hidden=undo_window._hidden(st))
            if st.undo.base is not None:  # the fast base is the JSON dump
                assert st.undo.base == st.model_dump(mode="json",
                                                     exclude=set(undo_window.NOT_TAKEN_BACK))
        elif st.undo.base is not None:
            assert undo_window._hidden(st) == opened["hidden"]

    def undo_all(st: TtaState, prompt: Prompt) -> None:
        nonlocal checked
        if not opened:  # the window of the first turn, opened by new_game
            opened.update(base=st.undo.base, dump=game(st),
                          hidden=undo_window._hidden(st))
        if prompt.option(UNDO) is None or st.answers % 7:
            return
        cp = ENGINE.copy(st)
        while UNDO in [o.id for o in ENGINE.prompts(cp)[0].options]:
            ENGINE.apply(cp, prompt.seat, UNDO)
        assert game(cp) == opened["dump"]
        checked += 1

    for players in (2, 4):
        for seed in range(3):
            opened.clear()
            _play(players, seed, before=undo_all, after=at_open)
    assert checked > 50


def test_preparing_an_event_closes_the_window_L1347() -> None:
    """The revealed event cannot be taken back; what follows it can, down to just after
    the reveal."""
    st = to_round_two(ENGINE.new_game(2, 6, {"mode": "first"}))
    civ = st.civs[st.current]
    card = next(c for c in st.military_decks[1] if KIND[c] == "event")
    st.military_decks[1].remove(card)
    civ.military = [card]
    st.step = "politics"
    _reopen(st)
    prompt = ENGINE.prompts(st)[0]
    assert prompt.option(f"event:{card}").params["final"] is True  # type: ignore[union-attr]
    assert "final" not in prompt.option("pass").params  # type: ignore[union-attr]
    events = answer(st, f"event:{card}")
    assert not any(e.provisional for e in events)
    assert [e.kind for e in events][:1] != ["turn_actions"]  # nothing kept before it
    assert UNDO not in option_ids(st)
    if ENGINE.prompts(st)[0].seat == st.current and st.step == "action":
        after_event = game(st)
        answer(st, next(o for o in option_ids(st) if o.startswith("take:")))
        assert UNDO in option_ids(st)
        answer(st, UNDO)
        assert game(st) == after_event and UNDO not in option_ids(st)


def test_undo_reaches_back_into_politics_and_pops_the_turn_log_L1270_L1280() -> None:
    """"Pass politics → actions → back to politics" is undoable (platform §4.1); the kept
    answers' events are provisional and the summary lists only what was kept."""
    st = to_round_two(ENGINE.new_game(2, 6, {"mode": "first"}))
    seat = st.current
    civ = st.civs[seat]
    card = next(c for c in st.military_decks[1] if KIND[c] == "tactic")
    st.military_decks[1].remove(card)
    civ.military = [card]
    st.step = "politics"
    _reopen(st)
    start = game(st)
    assert UNDO not in option_ids(st)
    events = answer(st, "pass")
    assert [(e.kind, e.provisional) for e in events] == [("politics_passed", True)]
    takes = [o for o in ENGINE.prompts(st)[0].options if o.id.startswith("take:")]
    first = takes[0]
    events = answer(st, first.id)
    assert events and all(e.provisional for e in events)
    assert st.turn_log == [{"key": "pass", "card": None, "params": {}},
                           {"key": "take", "card": first.card, "params": first.params}]
    answer(st, UNDO)
    assert len(st.turn_log) == 1
    answer(st, UNDO)
    assert game(st) == start and st.step == "politics"
    answer(st, "pass")
    second = next(o for o in ENGINE.prompts(st)[0].options if o.id.startswith("take:"))
    answer(st, second.id)
    end = next(o for o in ENGINE.prompts(st)[0].options if o.id == "end")
    assert end.params["final"] is True  # one military card, two military actions
    events = answer(st, "end")
    assert not any(e.provisional for e in events)
    assert events[0].kind == "turn_actions" and events[0].visible_to is None
    assert events[0].params == {"actions": [
        {"key": "pass", "card": None, "params": {}},
        {"key": "take", "card": second.card, "params": second.params}]}
    assert events[1].kind == "production"
    assert st.turn_log == [] and st.current != seat and UNDO not in option_ids(st)


def test_final_marks_exactly_the_answers_that_close_the_window() -> None:
    """``params.final`` (the panel's confirmation) is set on an option iff answering it
    closes the window, whichever module made the option."""
    seen = {True: 0, False: 0}
    state: dict[str, Any] = {}  # the window before the answer

    def remember(st: TtaState, prompt: Prompt) -> None:
        # the marks read before the answer: the ``end`` option's are computed when first
        # read, from the position it was offered in (``engines/tta/lazy.py``)
        state.update(base=st.undo.base,
                     inside=st.undo.base is not None and st.undo.seat == prompt.seat,
                     final={o.id: o.params.get("final", False) for o in prompt.options})

    def check(st: TtaState, prompt: Prompt, opt: Option, events: list[Event]) -> None:
        if not state["inside"]:
            return
        closed = st.undo.base is not state["base"]
        assert state["final"][opt.id] is closed, (opt.id, closed)
        seen[closed] += 1
        if not closed:
            assert all(e.provisional for e in events), opt.id
        else:
            assert not any(e.provisional for e in events), opt.id

    for players in (2, 3, 4):
        for seed in range(4):
            _play(players, 200 + seed, before=remember, after=check)
    assert seen[True] > 100 and seen[False] > 1000


def test_the_forecast_on_end_is_what_the_end_of_turn_then_does_L1676_L1809() -> None:
    """Platform §5.2: ``uprising``, ``famine_culture``, ``corruption``, ``unused_ca``,
    ``unused_ma``, ``discards_needed`` and ``draws`` on the ``end`` option equal what the
    discards, the production phase and the military draw then do."""
    seen: dict[str, int] = {"corruption": 0, "famine_culture": 0, "draws": 0,
                            "discards_needed": 0, "uprising": 0}
    pending: dict[str, Any] = {}  # the forecast of the turn being ended
    offered: dict[str, Any] = {}  # the ``end`` option's params, read before the answer

    def remember(st: TtaState, prompt: Prompt) -> None:
        # read before the answer: they are computed when first read, from the position
        # the option was offered in (``engines/tta/lazy.py``)
        end = prompt.option("end")
        offered["end"] = end.params if end is not None else None

    def check(st: TtaState, prompt: Prompt, opt: Option, events: list[Event]) -> None:
        if opt.id == "end" and prompt.kind == "action":
            pending.clear()
            pending.update(seat=prompt.seat, params=offered["end"], discards=0)
        elif opt.id.startswith("discard:"):
            pending["discards"] += 1
        prod = next((e for e in events if e.kind == "production"
                     and e.seat == pending.get("seat")), None)
        if prod is None:
            return
        fc = pending["params"]
        drew = next((e.params["count"] for e in events if e.kind == "drew_military"
                     and e.seat == pending["seat"]), 0)
        assert fc["uprising"] == prod.params["uprising"]
        assert fc["famine_culture"] == prod.params["famine_culture"]
        assert fc["corruption"] == prod.params["corruption"]
        assert fc["draws"] == drew
        assert fc["discards_needed"] == pending["discards"]
        for key in seen:
            seen[key] += bool(fc[key])
        pending.clear()

    for players in (2, 3, 4):
        for seed in range(5):
            _play(players, 300 + seed, before=remember, after=check)
    assert all(seen.values())  # each warning happened, uprisings included


def test_unused_actions_in_the_forecast() -> None:
    st = to_round_two(ENGINE.new_game(3, 4, {"mode": "first"}))
    if st.step == "politics":
        answer(st, "pass")
    end = next(o for o in ENGINE.prompts(st)[0].options if o.id == "end")
    assert (end.params["unused_ca"], end.params["unused_ma"]) == (4, 2)  # L512-L514
    assert end.params["draws"] == 2 and end.params["discards_needed"] == 0  # X23


def test_json_round_trip_and_undo_with_an_open_window() -> None:
    st = to_round_two(ENGINE.new_game(2, 8, {"mode": "first"}))
    if st.step == "politics":
        answer(st, "pass")
    answer(st, next(o for o in option_ids(st) if o.startswith("take:")))
    assert st.undo.answers
    loaded = ENGINE.load(ENGINE.dump(st))
    assert loaded == st and ENGINE.dump(loaded) == ENGINE.dump(st)
    assert ENGINE.apply(loaded, loaded.current, UNDO) == ENGINE.apply(st, st.current, UNDO)
    assert ENGINE.dump(loaded) == ENGINE.dump(st)
    assert "undo" not in ENGINE.public_json(st)  # the base holds hidden cards


def test_undo_is_the_reserved_option_in_group_turn(cached: None) -> None:
    st = to_round_two(ENGINE.new_game(2, 8, {"mode": "first"}))
    seat = st.current
    if st.step == "politics":
        answer(st, "pass")
    answer(st, next(o for o in option_ids(st) if o.startswith("take:")))
    undo = ENGINE.prompts(st)[0].option(UNDO)
    assert undo is not None and (undo.key, undo.group) == (UNDO, "turn")
    with pytest.raises(Exception, match="not your turn|not_your_turn"):
        ENGINE.apply(st, 1 - seat, UNDO)


def test_discards_stay_in_the_window_and_undo_goes_back_to_the_action_phase_L1680_L1686(
        ) -> None:
    """The military discards come before the end of turn closes the window (platform §4.1,
    §5.2 "undo back into the action phase"): ``end`` is not final then, the last discard is;
    undoing a discard re-applies ``end`` and the earlier ones as they were; the discards are
    told once, by the last one's event, without a card."""
    st = to_round_two(ENGINE.new_game(2, 6, {"mode": "first"}))
    seat = st.current
    st.civs[seat].military = [st.military_decks[1].pop() for _ in range(5)]
    _reopen(st)
    end = ENGINE.prompts(st)[0].option("end")
    assert end is not None and "final" not in end.params
    assert end.params["discards_needed"] == 3 and end.params["draws"] == 2
    before_end = game(st)
    answer(st, "end")
    prompt = ENGINE.prompts(st)[0]
    assert prompt.kind == "discard" and prompt.option(UNDO) is not None
    assert not any(o.params.get("final") for o in prompt.options if o.id != UNDO)
    answer(st, UNDO)
    assert game(st) == before_end and st.step == "action"
    answer(st, "end")
    answer(st, ENGINE.prompts(st)[0].options[0].id)
    after_one = game(st)
    answer(st, ENGINE.prompts(st)[0].options[0].id)
    answer(st, UNDO)  # back to the second discard: ``end`` and one discard re-applied
    assert game(st) == after_one
    answer(st, ENGINE.prompts(st)[0].options[0].id)
    last = ENGINE.prompts(st)[0]
    assert all(o.params["final"] for o in last.options if o.id != UNDO)
    events = answer(st, last.options[0].id)
    # nothing but ``end`` and discards kept: no summary, one public event for all three
    assert (events[0].kind, events[0].params) == ("discarded", {"count": 3})
    assert [e.kind for e in events].count("discarded") == 1
    # (an undo restores fresh civilizations: look them up again)
    assert st.current != seat and len(st.civs[seat].military) == 2 + 2  # kept 2, drew 2


def _over_the_limit(st: TtaState, seat: int, tactic: bool, others: int) -> str | None:
    """Give ``seat`` a military hand of ``others`` non-tactic cards (and a tactic first):
    the tactic's id, if any. A fresh window starts there."""
    deck = st.military_decks[1]
    hand = [next(c for c in deck if KIND[c] == "tactic")] if tactic else []
    hand += [c for c in deck if KIND[c] != "tactic"][:others]
    for card in hand:
        deck.remove(card)
    st.civs[seat].military = hand
    _reopen(st)
    return hand[0] if tactic else None


def test_a_window_closed_mid_turn_ends_the_turn_without_an_empty_summary() -> None:
    """A tactic played closes the window (the table sees it); the window opened after it
    keeps ``end`` and the last discard closes it: ending the action phase goes without
    saying (``UNTOLD``), so no ``turn_actions`` is emitted ("bob's turn: nothing.")."""
    st = to_round_two(ENGINE.new_game(2, 6, {"mode": "first"}))
    seat = st.current
    tactic = _over_the_limit(st, seat, tactic=True, others=3)
    played = answer(st, f"tactic:{tactic}")
    assert [e.kind for e in played] == ["tactic_played"] and not played[0].provisional
    assert UNDO not in option_ids(st) and st.turn_log == []
    assert ENGINE.prompts(st)[0].option("end").params["discards_needed"] == 1  # type: ignore[union-attr]
    assert answer(st, "end") == [] and st.turn_log == [] and UNDO in option_ids(st)
    events = answer(st, ENGINE.prompts(st)[0].options[0].id)
    assert st.current != seat
    assert "turn_actions" not in [e.kind for e in events]
    assert (events[0].kind, events[0].params) == ("discarded", {})


def test_a_discard_step_is_told_once_after_the_summary_of_the_turn() -> None:
    """Actions kept, then two discards: the summary lists the actions only and one
    ``discarded`` event counts both discards ("alice's turn: took X." then "alice discards 2
    military cards.", not "…, discarded a military card." then "alice discards a military
    card.")."""
    st = to_round_two(ENGINE.new_game(2, 6, {"mode": "first"}))
    seat = st.current
    _over_the_limit(st, seat, tactic=False, others=4)
    if st.step == "politics":
        answer(st, "pass")
    take = next(o for o in ENGINE.prompts(st)[0].options if o.id.startswith("take:"))
    answer(st, take.id)
    answer(st, "end")
    first = answer(st, ENGINE.prompts(st)[0].options[0].id)
    assert [(e.kind, e.provisional) for e in first] == [("discarded", True)]
    events = answer(st, ENGINE.prompts(st)[0].options[0].id)
    summary = [e for e in events if e.kind == "turn_actions"]
    assert len(summary) == 1 and not summary[0].provisional
    keys = [a["key"] for a in summary[0].params["actions"]]
    assert keys[-1] == "take" and "discard" not in keys and "end_turn" not in keys
    discarded = [e for e in events if e.kind == "discarded"]
    assert len(discarded) == 1 and discarded[0].params == {"count": 2}
    assert events.index(summary[0]) < events.index(discarded[0])
