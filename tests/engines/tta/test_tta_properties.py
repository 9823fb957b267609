"""Random first games, peaceful full games and full games with aggressions, wars and pacts
(global conflict in every other one; a rare resignation where it is offered) at 2, 3 and 4
players, through the lobby (platform §7 T1-T3 property tests):
every game ends; yellow and blue tokens are conserved per player and every card is in
exactly one place after every answer (scope §8); rulings C13-C15 hold after every answer
(``parallel_games.check_rulings``: never two technologies of one name, nor the offer to
develop one; the war spoils' "rest as science"; pacts playable after a resignation); the
state survives a JSON round trip; a
replay from seed + answers gives the same state; every prompt's timeout option is legal;
no hidden card appears in the public view."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engines.core.contract import Prompt
from engines.core.rng import Rng
from engines.tta.state import TtaState
from tests.engines.tta.parallel_games import (
    RESIGN,
    RESIGN_ODDS,
    check_end,
    check_rulings,
    lobby_options,
)
from tests.engines.tta.tta_helpers import ENGINE, check_invariants

#: per player count and policy, by mode: 480 seeded games in all (the full and short games'
#: thousands are played with cheaper checks in ``test_tta_invariants.py``)
GAMES = {"first": 30, "peaceful": 30, "full": 10, "short": 10}
#: the short game once the lobby offers it (SHORT, issue 10)
MODES = ("first", "peaceful", "full", "short")
QUIET = ("end", "pass")


def _one(prompts: list[Prompt], rng: Rng) -> Prompt:
    """One open prompt: an event may ask several seats at once (engines/tta/interrupts.py)
    and they answer in any order."""
    assert prompts, "a game in play always asks someone"
    return prompts[rng.below(len(prompts))] if len(prompts) > 1 else prompts[0]


options = lobby_options


def _play(players: int, seed: int, check_every: int, busy: bool = False,
          mode: str = "first") -> tuple[TtaState, list[tuple[int, str]], Counter[str]]:
    """A seeded random game; ``busy`` picks an action other than ending the phase 9 times in
    10 (longer turns: more builds, developments, wonders and revolutions); ``resign`` only
    once in ``RESIGN_ODDS`` where it is offered. Returns the state, the log and the event
    kinds emitted."""
    st = ENGINE.new_game(players, seed, options(mode, seed))
    rng = Rng.from_seed(seed * 7919 + players)
    log: list[tuple[int, str]] = []
    kinds: Counter[str] = Counter()
    steps = 0
    while ENGINE.result(st) is None:
        prompts = ENGINE.prompts(st)
        check_rulings(st, prompts)  # C13-C15 after every answer
        prompt = _one(prompts, rng)
        assert prompt.options, "a prompt always offers something"
        timeout = ENGINE.timeout_option(st, prompt.seat)
        assert timeout is not None and prompt.option(timeout) is not None
        offered = [o for o in prompt.options
                   if o.id != RESIGN or rng.below(RESIGN_ODDS) == 0]
        active = [o for o in offered if o.id not in QUIET]
        opt = rng.choice(active if busy and active and rng.below(10) else offered)
        kinds.update(e.kind for e in ENGINE.apply(st, prompt.seat, opt.id))
        log.append((prompt.seat, opt.id))
        steps += 1
        assert steps < 20_000, "the game does not end"
        if steps % check_every == 0:
            check_invariants(st)
    check_invariants(st)
    return st, log, kinds


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("busy", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_and_conserve(players: int, busy: bool, mode: str) -> None:
    for seed in range(GAMES[mode]):
        st, _, kinds = _play(players, seed, check_every=1, busy=busy, mode=mode)
        check_end(st, mode, kinds)  # Age IV or one left, the winners, every war ended


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "players", [2, pytest.param(3, marks=pytest.mark.slow), pytest.param(4, marks=pytest.mark.slow)]
)
def test_json_round_trip_and_replay(players: int, mode: str) -> None:
    for seed in range(5):
        st, log, _ = _play(players, 1000 + seed, check_every=50, busy=seed % 2 == 1, mode=mode)
        loaded = ENGINE.load(ENGINE.dump(st))
        assert loaded == st and ENGINE.dump(loaded) == ENGINE.dump(st)
        replayed = ENGINE.replay(players, 1000 + seed, options(mode, 1000 + seed), log)
        assert ENGINE.dump(replayed) == ENGINE.dump(st)


@pytest.mark.parametrize("mode", MODES)
def test_round_trip_mid_game_and_answer_does_not_mutate(mode: str) -> None:
    st = ENGINE.new_game(3, 5, options(mode, 5))
    rng = Rng.from_seed(5)
    for _ in range(150):
        if ENGINE.result(st) is not None:  # uniform answers resign often: everyone may leave
            break
        prompt = _one(ENGINE.prompts(st), rng)
        before = ENGINE.dump(st)
        opt = rng.choice(prompt.options)
        new, _ = ENGINE.answer(st, prompt.seat, opt.id)
        assert ENGINE.dump(st) == before
        assert ENGINE.load(ENGINE.dump(new)) == new
        st = new


@pytest.mark.parametrize("mode", MODES)
def test_public_view_hides_military_hands_and_decks_L1296(mode: str) -> None:
    st = ENGINE.new_game(4, 11, options(mode, 11))
    rng = Rng.from_seed(11)
    hidden_seen = 0
    while ENGINE.result(st) is None:
        prompt = _one(ENGINE.prompts(st), rng)
        ENGINE.apply(st, prompt.seat, rng.choice(
            [o for o in prompt.options if o.id != RESIGN]).id)  # seat 0 keeps its hand
        public = json.loads(ENGINE.public_json(st))
        text = json.dumps(public)
        secret = {c for civ in st.civs for c in civ.military}
        secret |= {c for deck in st.military_decks for c in deck}
        secret |= set(st.current_events) | set(st.future_events) | set(st.boxed)
        visible = set(st.past_events) | {c for c in st.row if c}
        visible |= {c for civ in st.civs for c in (*civ.hand, *civ.techs, *civ.wonders)}
        visible |= {civ.tactic for civ in st.civs if civ.tactic} | set(st.common_tactics)
        secret |= {c for civ in st.civs for c in civ.short_events}  # dealt face down
        visible |= {w["card"] for w in st.wars} | {p["card"] for p in st.pacts}  # face up
        visible |= {*st.short_face_up, *([st.short_war] if st.short_war else [])}
        for card in secret - visible:
            assert f'"{card}"' not in text, card
        hidden_seen += len(secret)
        own = ENGINE.view(st, 0).model_dump()
        assert own["players"][0]["military"] == st.civs[0].military
        assert all(p["military"] is None for p in own["players"][1:])
    assert hidden_seen
