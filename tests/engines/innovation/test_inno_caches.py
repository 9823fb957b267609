"""The engine's caches agree with a cache-free recomputation after every answer (issue 19):
the icon counts kept per seat (``icons.counts_of``) are invalidated by every change of a
board or a splay, so whatever is cached always equals counting the board afresh."""

from __future__ import annotations

import pytest

from engines.core.contract import Option, Prompt
from engines.core.playout import game_seed, playout
from engines.core.rng import Rng
from engines.innovation.engine import InnovationEngine
from engines.innovation.icons import counts_of, fresh_icon_counts
from engines.innovation.state import ICON_CACHE, InnovationState, fast_copy

ENGINE = InnovationEngine()
GAMES = {2: 60, 3: 40, 4: 40}


def check(state: InnovationState) -> int:
    """Every cached count equals a fresh count; returns how many were cached."""
    cached = state.__dict__.get(ICON_CACHE) or []
    hits = 0
    for seat, counts in enumerate(cached):
        if counts is not None:
            hits += 1
            assert counts == fresh_icon_counts(state, seat), f"seat {seat}"
    for seat in range(state.players):
        assert counts_of(state, seat) == fresh_icon_counts(state, seat)
    copy = fast_copy(state)
    assert ICON_CACHE not in copy.__dict__  # a copy starts afresh, never shares it
    return hits


@pytest.mark.parametrize("players", sorted(GAMES))
def test_cached_icon_counts_match_a_fresh_count(players: int) -> None:
    rng = Rng.from_seed(1700 + players)
    hits = [0]

    def inspect(state: InnovationState, _: list[Prompt], __: Prompt, ___: Option) -> None:
        hits[0] += check(state)

    for _ in range(GAMES[players]):
        done = playout(ENGINE, players, game_seed(rng), rng, inspect=inspect)
        check(done.state)
    assert hits[0] > 1000  # the cache was in use, not merely empty
