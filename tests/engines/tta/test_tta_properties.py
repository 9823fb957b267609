"""Random first games and peaceful full games (global conflict in every other one) at 2, 3
and 4 players (platform §7 T1 and T2 property tests):
every game ends; yellow and blue tokens are conserved per player and every card is in
exactly one place after every answer (scope §8); the state survives a JSON round trip; a
replay from seed + answers gives the same state; every prompt's timeout option is legal;
no hidden card appears in the public view."""

from __future__ import annotations

import json

import pytest
from tta_helpers import ENGINE, check_invariants

from engines.core.contract import Prompt
from engines.core.rng import Rng
from engines.tta.state import TtaState

GAMES = 30  # per mode, player count and policy: 360 seeded games in all
MODES = ("first", "peaceful")
QUIET = ("end", "pass")


def _one(prompts: list[Prompt], rng: Rng) -> Prompt:
    """One open prompt: an event may ask several seats at once (engines/tta/interrupts.py)
    and they answer in any order."""
    assert prompts, "a game in play always asks someone"
    return prompts[rng.below(len(prompts))] if len(prompts) > 1 else prompts[0]


def options(mode: str, seed: int) -> dict[str, str] | None:
    if mode == "first":
        return None
    return {"mode": mode, "global_conflict": "on" if seed % 2 else "off"}


def _play(players: int, seed: int, check_every: int, busy: bool = False,
          mode: str = "first") -> tuple[TtaState, list[tuple[int, str]]]:
    """A seeded random game; ``busy`` picks an action other than ending the phase 9 times in
    10 (longer turns: more builds, developments, wonders and revolutions)."""
    st = ENGINE.new_game(players, seed, options(mode, seed))
    rng = Rng.from_seed(seed * 7919 + players)
    log: list[tuple[int, str]] = []
    steps = 0
    while ENGINE.result(st) is None:
        prompt = _one(ENGINE.prompts(st), rng)
        assert prompt.options, "a prompt always offers something"
        timeout = ENGINE.timeout_option(st, prompt.seat)
        assert timeout is not None and prompt.option(timeout) is not None
        active = [o for o in prompt.options if o.id not in QUIET]
        opt = rng.choice(active if busy and active and rng.below(10) else prompt.options)
        ENGINE.apply(st, prompt.seat, opt.id)
        log.append((prompt.seat, opt.id))
        steps += 1
        assert steps < 20_000, "the game does not end"
        if steps % check_every == 0:
            check_invariants(st)
    check_invariants(st)
    return st, log


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("busy", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_and_conserve(players: int, busy: bool, mode: str) -> None:
    for seed in range(GAMES):
        st, _ = _play(players, seed, check_every=1, busy=busy, mode=mode)
        res = ENGINE.result(st)
        assert res is not None and res.winners
        assert st.age == (3 if mode == "first" else 4) and st.phase == "over"
        best = max(s.total for s in res.scores)
        assert sorted(res.winners) == [s.seat for s in res.scores if s.total == best]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_json_round_trip_and_replay(players: int, mode: str) -> None:
    for seed in range(5):
        st, log = _play(players, 1000 + seed, check_every=50, busy=seed % 2 == 1, mode=mode)
        loaded = ENGINE.load(ENGINE.dump(st))
        assert loaded == st and ENGINE.dump(loaded) == ENGINE.dump(st)
        replayed = ENGINE.replay(players, 1000 + seed, options(mode, 1000 + seed), log)
        assert ENGINE.dump(replayed) == ENGINE.dump(st)


def test_round_trip_mid_game_and_answer_does_not_mutate() -> None:
    st = ENGINE.new_game(3, 5)
    rng = Rng.from_seed(5)
    for _ in range(150):
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
        ENGINE.apply(st, prompt.seat, rng.choice(prompt.options).id)
        public = json.loads(ENGINE.public_json(st))
        text = json.dumps(public)
        secret = {c for civ in st.civs for c in civ.military}
        secret |= {c for deck in st.military_decks for c in deck}
        secret |= set(st.current_events) | set(st.future_events) | set(st.boxed)
        visible = set(st.past_events) | {c for c in st.row if c}
        visible |= {c for civ in st.civs for c in (*civ.hand, *civ.techs, *civ.wonders)}
        visible |= {civ.tactic for civ in st.civs if civ.tactic} | set(st.common_tactics)
        for card in secret - visible:
            assert f'"{card}"' not in text, card
        hidden_seen += len(secret)
        own = ENGINE.view(st, 0).model_dump()
        assert own["players"][0]["military"] == st.civs[0].military
        assert all(p["military"] is None for p in own["players"][1:])
    assert hidden_seen
