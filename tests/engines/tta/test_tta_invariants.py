"""Property tests over many seeded random games at 2, 3 and 4 players, first games (issue
T1), peaceful full games (T2) and full games with aggressions, wars and pacts (T3, issue 10),
the global conflict on every other one (and ``peaceful_pacts`` on every other pair of
peaceful ones), through the lobby (``ENGINE.new_game`` with the mode),
resigning where it is offered once in 150 times (``parallel_games.choose``); beyond
``test_tta_properties.py`` (uniform and busy policies, JSON, replay, public view) and
``test_tta_undo.py`` (undo one answer, the prompt cache):

- cheap, after every answer of 2,100 first and 1,800 peaceful games (tokens), 1,500 full
  and 600 short games (tokens and cards, ``check_invariants``), played in parallel processes
  (``parallel_games.run``; a failure reports its seed and answer log): the game ends (Age IV,
  or one player left: ``last_standing``), the default a deadline takes (``timeout_option``)
  is legal — it is *played* one answer in ten, so its effect runs; a resigned seat is never
  asked; full games: every declared war is resolved or cancelled, aggressions, wars and
  pacts (3-4 players) happen, no pact in a 2-player game (L2035); resignations happen;
  rulings C13-C15 hold before every answer (``parallel_games.check_rulings``: no player
  holds two technologies of one name, none is offered to develop one named like a card in
  play, a ``war_spoils`` question always offers "the rest as science" as its timeout, a
  political phase offers every pact of the hand to every other player left), and pacts
  are offered after a resignation has left two players (3-4 player full games);
- expensive, after every answer of 90 first, 60 peaceful, 36 full and 18 short games: every
  rating and every prompt (the ``end`` forecast included) equals a fresh recomputation from
  a JSON copy with every cache cleared (``undo_window`` prompt cache, ``ratings.reading`` memo
  and the kept ``ratings._STATICS`` and ``_RATINGS``, ``end_of_turn._PRODUCTION``, the
  economy's and the optimiser's ``lru_cache``); no hidden
  card (military hands, military decks, current/future event decks, boxed cards) in a public
  event, in another seat's private event, in the public view or in another seat's view
  (scope §31; a card played face up is named by its event); the JSON round trip; undoing
  every answer of the open window then giving the same answers again gives the same state; a
  resigned seat is never asked; at the end as for the cheap games, and the replay from seed
  and answers.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator

import pytest

from engines.core.contract import UNDO, Event
from engines.core.rng import Rng
from engines.tta import armies, economy, end_of_turn, ratings, undo_window
from engines.tta import prompts as questions
from engines.tta.ratings import _rate
from engines.tta.state import TtaState
from tests.engines.tta import parallel_games
from tests.engines.tta.parallel_games import check_asked, check_end, choose, lobby_options
from tests.engines.tta.tta_helpers import ENGINE, game_json

#: cheap games per player count, by mode (with test_tta_properties' 180 of each mode)
CHEAP_GAMES = {"first": 700, "peaceful": 600}
#: full games per player count, 1,500 in all, and 600 short games (CPU per full game with
#: ``check_invariants`` after every answer: ~0.04-0.06 s at 2 players, ~0.07-0.1 s at 3,
#: ~0.13-0.18 s at 4; a short game ~0.7 of that): ~3 min of CPU, spread over the cores
CONFLICT_GAMES = {"full": {2: 600, 3: 500, 4: 400}, "short": {2: 200, 3: 200, 4: 200}}
#: (the expensive checks cost a full game ~0.4 s of CPU at 2 players, ~0.9 s at 3, ~1.7 s
#: at 4)
EXPENSIVE_GAMES = {"first": 30, "peaceful": 20, "full": 12, "short": 6}
CONFLICT = ("full", "short")
MODES = ("first", "peaceful", *CONFLICT)


@pytest.fixture
def cached(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The prompt cache on, as in play (``conftest.py`` turns it off for hand-made states)."""
    monkeypatch.setattr(undo_window, "CACHING", True)
    yield


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["first", "peaceful"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games_end_conserve_tokens_and_take_legal_defaults(
        players: int, mode: str) -> None:
    games = CHEAP_GAMES[mode]
    out = parallel_games.run(mode, players, range(50_000, 50_000 + games), checks="tokens")
    if out.failed:
        pytest.fail(out.report(), pytrace=False)
    assert out.games == games and out.answers > games * 100
    if mode == "peaceful":  # no aggression, no war; the pacts without war in every other
        # pair of games (``peaceful_pacts``, L2249-L2255)
        assert out.events["aggression"] == out.events["war_declared"] == 0
        assert bool(out.events["pact_accepted"]) == (players > 2)
        assert out.events["resigned"] == out.chosen["resign:confirm"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("mode", CONFLICT)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_thousands_of_random_full_games_with_resignations_end_and_resolve_every_war(
        players: int, mode: str) -> None:
    """Tokens and cards after every answer; wars, pacts, resignations at the end of each game
    (``parallel_games.play``); here: the conflict really happens in the run."""
    games = CONFLICT_GAMES[mode][players]
    out = parallel_games.run(mode, players, range(60_000, 60_000 + games), checks="all")
    if out.failed:
        pytest.fail(out.report(), pytrace=False)
    assert out.games == games and out.answers > games * 100
    assert out.events["aggression"] and out.events["aggression_succeeded"]
    assert out.events["war_declared"] and out.events["war_resolved"]
    assert bool(out.events["pact_accepted"]) == (players > 2)
    if mode == "full" and players > 2:  # ruling C15: pacts still offered with two left
        assert out.chosen[parallel_games.PACT_TWO_LEFT]
    assert out.events["resigned"] == out.chosen["resign:confirm"] > games // 20
    assert out.chosen["resign:back"]  # the confirmation's way back was taken too
    if players == 2:  # the other player is left alone: they win at once
        assert out.victories["last_standing"] == out.events["resigned"]


def test_the_parallel_runner_reports_a_failing_game_reproducibly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken check fails the game, not the run: its seed, options and answer log come
    back, and replaying the log breaks at the same answer; more workers play the same
    games."""
    def broken(st: TtaState) -> None:
        assert st.answers < 40, "broken on purpose"

    monkeypatch.setattr(parallel_games, "check_tokens", broken)
    out = parallel_games.run("full", 2, [7, 8], checks="tokens", workers=1)
    assert out.failed == out.games == 2 and out.answers == 0
    failure = out.failures[0]
    assert (failure.seed, failure.options, len(failure.log)) == (
        7, {"mode": "full", "global_conflict": "on"}, 40)
    assert "broken on purpose" in failure.error and "seed 7" in out.report()
    with pytest.raises(AssertionError, match="broken on purpose"):
        parallel_games.replay_log(failure)
    monkeypatch.undo()
    alone = parallel_games.run("full", 2, range(4), workers=1)
    shared = parallel_games.run("full", 2, range(4), workers=2)
    assert (alone.games, alone.answers, alone.events) == (4, shared.answers, shared.events)
    assert not alone.failed and not shared.failed


# -- the expensive checks --------------------------------------------------------------------
def _fresh_copy(st: TtaState) -> TtaState:
    """A JSON copy with every cache emptied: what a recomputation from scratch sees."""
    undo_window._forget()
    end_of_turn._PRODUCTION.clear()
    armies._best.cache_clear()
    economy._packs.cache_clear()
    economy._pay.cache_clear()
    economy._gain.cache_clear()
    ratings._STATICS.clear()
    ratings._RATINGS.clear()
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
    # the short game's dealt events: the owner's own once Age I has ended (L2228)
    secret |= {c for s, civ in enumerate(st.civs) if s != reader or st.age < 2
               for c in civ.short_events}
    visible = set(st.past_events) | {c for c in st.row if c} | set(st.common_tactics)
    visible |= {c for civ in st.civs for c in (*civ.hand, *civ.techs, *civ.wonders,
                                                *civ.colonies)}
    visible |= {civ.tactic for civ in st.civs if civ.tactic}
    # face up: declared wars, pacts in play, the short game's events and war (L2229-L2230)
    visible |= {w["card"] for w in st.wars} | {p["card"] for p in st.pacts}
    visible |= {*st.short_face_up, *([st.short_war] if st.short_war else [])}
    if st.revealed is not None:
        visible.add(st.revealed)
    if reader is not None:  # its own hand, the future events it prepared (views.py)
        visible |= set(st.civs[reader].military)
        visible |= {c for c, o in zip(st.future_events, st.future_owners, strict=True)
                    if o == reader}
    return secret - visible


#: events naming a military card played face up from a hand (aggressions, wars, pacts,
#: L1997-L2063) or the bonus cards a defense played
PLAYED_FACE_UP = frozenset({
    "aggression", "aggression_succeeded", "defended", "war_declared", "war_resolved",
    "war_cancelled", "pact_offered", "pact_accepted", "pact_refused", "pact_cancelled",
    "pact_ended"})


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
        if e.kind in PLAYED_FACE_UP:  # the card played from the hand, the defense's bonus
            for key in ("card", "played", "bonus"):
                params.pop(key, None)
        if e.kind == "short_event_kept_card":  # its owner saw both events (L2237-L2239)
            params.pop("discard", None)
        text = json.dumps(params)
        for r in readers:
            hidden = _hidden(st, r)
            if e.visible_to == [r]:  # told only to r: the event it prepared (which may
                # already be in the current deck) or peeked at (Joan of Arc)
                hidden -= set(st.current_events) | set(st.future_events)
                # the short game's event r let go itself (L2239: others never see it)
                hidden.discard(e.params.get("discard", ""))
            _no_leak(text, hidden, f"event {e.kind} to {r}")
        if e.visible_to is None and not e.provisional:
            _no_leak(text, _hidden(st, None), f"public event {e.kind}")
    _no_leak(ENGINE.public_json(st), _hidden(st, None), "public view")
    for r in players:
        view = ENGINE.view(st, r).model_dump_json()
        _no_leak(view, _hidden(st, r), f"view of {r}")


def _undo_all_and_redo(st: TtaState, seat: int) -> int:
    """Take back every answer of the open window, give them again: the same state (but
    for the seats' answer counts: each undo is an answer too)."""
    before = game_json(st)
    again = list(st.undo.answers)
    n = 0
    while ENGINE.prompts(st) and any(p.option(UNDO) is not None and p.seat == seat
                                     for p in ENGINE.prompts(st)):
        ENGINE.apply(st, seat, UNDO)
        n += 1
    assert n == len(again)
    for oid in again:
        ENGINE.apply(st, seat, oid)
    assert game_json(st) == before
    return n


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_ratings_prompts_views_json_undo_and_replay_after_every_answer(
        players: int, mode: str, cached: None) -> None:
    undone = 0
    for i in range(EXPENSIVE_GAMES[mode]):
        seed = 70_000 + i
        st = ENGINE.new_game(players, seed, lobby_options(mode, seed))
        rng = Rng.from_seed(i * 7_919 + players)
        log: list[tuple[int, str]] = []
        kinds: Counter[str] = Counter()
        while ENGINE.result(st) is None:
            _check_fresh(st)
            check_asked(st)
            prompt, oid = choose(st, rng)
            if prompt.option(UNDO) is not None and rng.below(20) == 0:
                n = _undo_all_and_redo(st, prompt.seat)
                log += [(prompt.seat, UNDO)] * n + [(prompt.seat, a) for a in
                                                    st.undo.answers[-n:]]
                undone += n
            events = ENGINE.apply(st, prompt.seat, oid)
            kinds.update(e.kind for e in events)
            log.append((prompt.seat, oid))
            _check_hidden(st, prompt.seat, events)
            loaded = ENGINE.load(ENGINE.dump(st))
            assert loaded == st
            assert len(log) < 40_000
        check_end(st, mode, kinds)
        replayed = ENGINE.replay(players, seed, lobby_options(mode, seed), log)
        assert ENGINE.dump(replayed) == ENGINE.dump(st)
    assert undone > 30
