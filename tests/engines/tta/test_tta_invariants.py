"""Property tests over many seeded random games at 2, 3 and 4 players, first games (issue
T1) and peaceful full games with the global conflict on every other game (issue T2), beyond
``test_tta_properties.py`` (end, tokens and cards conserved, JSON, replay, public view) and
``test_tta_undo.py`` (undo one answer, the prompt cache):

- cheap, after every answer of 2,100 first and 1,800 peaceful games: the game ends, yellow
  and blue tokens are conserved per player (scope §8), and the default a deadline takes
  (``timeout_option``) is legal — it is *played* one answer in ten, so its effect runs;
- expensive, after every answer of 90 first and 60 peaceful games: every rating and every
  prompt (the ``end`` forecast included) equals a fresh recomputation from a JSON copy with
  every cache cleared (``undo_window`` prompt cache, ``ratings.reading`` memo,
  ``end_of_turn._PRODUCTION``, the economy's and the optimiser's ``lru_cache``); no hidden
  card (military hands, military decks, current/future event decks, boxed cards) in a public
  event, in another seat's private event, in the public view or in another seat's view
  (scope §31); the JSON round trip; undoing every answer of the open window then giving the
  same answers again gives the same state; at the end, the replay from seed and answers.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from tta_helpers import ENGINE, check_tokens

from engines.core.contract import UNDO, Event, Prompt
from engines.core.rng import Rng
from engines.tta import armies, economy, end_of_turn, undo_window
from engines.tta import prompts as questions
from engines.tta.ratings import _rate
from engines.tta.state import TtaState

#: games per player count, by mode (with test_tta_properties' 180 of each mode)
CHEAP_GAMES = {"first": 700, "peaceful": 600}
EXPENSIVE_GAMES = {"first": 30, "peaceful": 20}
MODES = ("first", "peaceful")
QUIET = ("end", "pass", UNDO)


@pytest.fixture
def cached(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The prompt cache on, as in play (``conftest.py`` turns it off for hand-made states)."""
    monkeypatch.setattr(undo_window, "CACHING", True)
    yield


def _choose(st: TtaState, rng: Rng) -> tuple[Prompt, str]:
    """A random open prompt and answer: the deadline's default one time in ten, else a busy
    policy (an action other than ending or passing 9 times in 10), never ``undo``."""
    prompts = ENGINE.prompts(st)
    assert prompts, "a game in play always asks someone"
    prompt = prompts[rng.below(len(prompts))]
    timeout = ENGINE.timeout_option(st, prompt.seat)
    assert timeout is not None and prompt.option(timeout) is not None, (prompt.kind, timeout)
    if rng.below(10) == 0:
        return prompt, timeout
    active = [o.id for o in prompt.options if o.id not in QUIET]
    if active and rng.below(10):
        return prompt, rng.choice(active)
    return prompt, rng.choice([o.id for o in prompt.options if o.id != UNDO])


def options(mode: str, seed: int) -> dict[str, str]:
    """The mode, and the global conflict in every other peaceful game (L2257-L2259)."""
    if mode == "first":
        return {}
    return {"mode": mode, "global_conflict": "on" if seed % 2 else "off"}


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games_end_conserve_tokens_and_take_legal_defaults(
        players: int, mode: str, cached: None) -> None:
    answers = 0
    for seed in range(CHEAP_GAMES[mode]):
        st = ENGINE.new_game(players, 50_000 + seed, options(mode, seed))
        rng = Rng.from_seed(seed * 104_729 + players)
        steps = 0
        while ENGINE.result(st) is None:
            prompt, oid = _choose(st, rng)
            ENGINE.apply(st, prompt.seat, oid)
            check_tokens(st)
            steps += 1
            assert steps < 20_000, "the game does not end"
        answers += steps
        assert st.phase == "over" and ENGINE.result(st) is not None
        assert st.age == (3 if mode == "first" else 4)
    assert answers > CHEAP_GAMES[mode] * 100


# -- the expensive checks --------------------------------------------------------------------
def _fresh_copy(st: TtaState) -> TtaState:
    """A JSON copy with every cache emptied: what a recomputation from scratch sees."""
    undo_window._forget()
    end_of_turn._PRODUCTION.clear()
    armies._best.cache_clear()
    economy._packs.cache_clear()
    economy._pay.cache_clear()
    economy._gain.cache_clear()
    return ENGINE.load(ENGINE.dump(st))


def _check_fresh(st: TtaState) -> None:
    cached_prompts = ENGINE.prompts(st)
    cached_ratings = [p.ratings for p in ENGINE.view(st, None).players]
    copy = _fresh_copy(st)
    assert [_rate(civ) for civ in copy.civs] == cached_ratings
    fresh = undo_window.decorate(copy, questions.prompts(copy))  # no memo, no cache
    assert fresh == cached_prompts


def _hidden(st: TtaState, reader: int | None) -> set[str]:
    """Cards ``reader`` (None: the public) must not see: the others' military hands, the
    military decks, the event decks and the boxed cards — unless a copy of the same card
    is face up somewhere (identical copies of a tactic or a bonus card) or the reader knows
    it (its hand, the future events it prepared)."""
    secret = {c for s, civ in enumerate(st.civs) if s != reader for c in civ.military}
    secret |= {c for deck in st.military_decks for c in deck}
    secret |= set(st.current_events) | set(st.future_events) | set(st.boxed)
    visible = set(st.past_events) | {c for c in st.row if c} | set(st.common_tactics)
    visible |= {c for civ in st.civs for c in (*civ.hand, *civ.techs, *civ.wonders,
                                                *civ.colonies)}
    visible |= {civ.tactic for civ in st.civs if civ.tactic}
    if st.revealed is not None:
        visible.add(st.revealed)
    if reader is not None:  # its own hand, the future events it prepared (views.py)
        visible |= set(st.civs[reader].military)
        visible |= {c for c, o in zip(st.future_events, st.future_owners, strict=True)
                    if o == reader}
    return secret - visible


def _no_leak(text: str, hidden: set[str], where: str) -> None:
    for card in hidden:
        assert f'"{card}"' not in text, (where, card)


def _check_hidden(st: TtaState, seat: int, events: list[Event]) -> None:
    players = range(st.players)
    for e in events:
        readers = ([seat] if e.provisional else players if e.visible_to is None
                   else e.visible_to)
        params = dict(e.params)
        if e.kind == "colonized":  # bonus cards are played face up, then discarded (L1446)
            params.pop("bonus", None)
        text = json.dumps(params)
        for r in readers:
            hidden = _hidden(st, r)
            if e.visible_to == [r]:  # told only to r: the event it prepared (which may
                # already be in the current deck) or peeked at (Joan of Arc)
                hidden -= set(st.current_events) | set(st.future_events)
            _no_leak(text, hidden, f"event {e.kind} to {r}")
        if e.visible_to is None and not e.provisional:
            _no_leak(text, _hidden(st, None), f"public event {e.kind}")
    _no_leak(ENGINE.public_json(st), _hidden(st, None), "public view")
    for r in players:
        view = ENGINE.view(st, r).model_dump_json()
        _no_leak(view, _hidden(st, r), f"view of {r}")


def _undo_all_and_redo(st: TtaState, seat: int) -> int:
    """Take back every answer of the open window, give them again: the same state."""
    before = ENGINE.dump(st)
    again = list(st.undo.answers)
    n = 0
    while ENGINE.prompts(st) and any(p.option(UNDO) is not None and p.seat == seat
                                     for p in ENGINE.prompts(st)):
        ENGINE.apply(st, seat, UNDO)
        n += 1
    assert n == len(again)
    for oid in again:
        ENGINE.apply(st, seat, oid)
    assert ENGINE.dump(st) == before
    return n


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_ratings_prompts_views_json_undo_and_replay_after_every_answer(
        players: int, mode: str, cached: None) -> None:
    undone = 0
    for seed in range(EXPENSIVE_GAMES[mode]):
        st = ENGINE.new_game(players, 70_000 + seed, options(mode, seed))
        rng = Rng.from_seed(seed * 7_919 + players)
        log: list[tuple[int, str]] = []
        while ENGINE.result(st) is None:
            _check_fresh(st)
            prompt, oid = _choose(st, rng)
            if prompt.option(UNDO) is not None and rng.below(20) == 0:
                n = _undo_all_and_redo(st, prompt.seat)
                log += [(prompt.seat, UNDO)] * n + [(prompt.seat, a) for a in
                                                    st.undo.answers[-n:]]
                undone += n
            events = ENGINE.apply(st, prompt.seat, oid)
            log.append((prompt.seat, oid))
            _check_hidden(st, prompt.seat, events)
            loaded = ENGINE.load(ENGINE.dump(st))
            assert loaded == st
            assert len(log) < 40_000
        replayed = ENGINE.replay(players, 70_000 + seed, options(mode, seed) or None, log)
        assert ENGINE.dump(replayed) == ENGINE.dump(st)
    assert undone > 30
