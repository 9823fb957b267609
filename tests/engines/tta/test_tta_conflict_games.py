"""Random full games with aggressions, wars and pacts (issue T3, engine only: ``mode: full`` is
not in the lobby yet): every game ends; tokens and cards are conserved after every answer
(the war card waiting in ``TtaState.wars``, the pacts in play); no declared war is left
unresolved; no pact in a 2-player game (L2035); JSON round trip and replay at the end."""

from __future__ import annotations

import pytest
from tta_helpers import ENGINE, check_invariants

from engines.core.rng import Rng
from engines.tta import setup, turn, undo_window
from engines.tta.state import TtaState

GAMES = 30  # per player count
CONFLICT = ("aggression", "war", "pact", "cancel_pact")


def full_game(players: int, seed: int) -> TtaState:
    """A full game as ``TtaEngine.new_game`` would start it with ``mode: full``."""
    st = setup.new_state(players, seed, "full")
    turn.begin_turn(st)
    undo_window.open_if_acting(st)
    return st


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_full_games_end_conserve_and_resolve_every_war(players: int) -> None:
    played = dict.fromkeys(CONFLICT, 0)
    for seed in range(GAMES):
        st = full_game(players, 9_000 + seed)
        rng = Rng.from_seed(seed * 31 + players)
        log: list[tuple[int, str]] = []
        while ENGINE.result(st) is None:
            prompts = ENGINE.prompts(st)
            prompt = prompts[rng.below(len(prompts))]
            options = [o for o in prompt.options if o.id != "undo"]
            active = [o for o in options if o.id not in ("end", "pass")]
            option = rng.choice(active if active and rng.below(10) else options)
            kind = option.id.partition(":")[0]
            if kind in played:
                played[kind] += 1
            ENGINE.apply(st, prompt.seat, option.id)
            log.append((prompt.seat, option.id))
            check_invariants(st)
            assert len(log) < 30_000, "the game does not end"
            if players == 2:
                assert not st.pacts  # pacts leave 2-player games (L2035)
        assert st.phase == "over" and st.age == 4
        assert st.wars == []  # every declared war was resolved (none in the last round)
        assert ENGINE.load(ENGINE.dump(st)) == st
        replay = full_game(players, 9_000 + seed)
        for seat, oid in log:
            ENGINE.apply(replay, seat, oid)
        assert ENGINE.dump(replay) == ENGINE.dump(st)
    assert played["aggression"] and played["war"]
    assert bool(played["pact"]) == (players > 2)
