"""Random 7 Wonders Duel playouts per second on one core, and the memory of a state.

Each game is the shared random playout (``engines.core.playout``: the public engine API
only, ``prompts()`` then ``apply()`` with a uniformly random option, seeded
``engines.core.rng.Rng``), from ``new_game`` to the end. Every answer is one decision
(one seat is asked at a time), so decisions/s and answers/s are the same figure.

Memory per state: the saved JSON and the live object (its fields, deeply; the price
tables ``engines.duel.offers`` keeps beside the fields, rebuilt on demand and shared by
copies, are left out), at the middle of a game.

    .venv/bin/python benchmarks/duel_playouts.py [--games N] [--seed S] [--profile]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import _harness as harness  # noqa: E402
from engines.core.playout import game_seed, lean_choice, playout  # noqa: E402
from engines.core.rng import Rng  # noqa: E402
from engines.duel.engine import DuelEngine  # noqa: E402
from engines.duel.state import DuelState  # noqa: E402


def playouts(games: int, seed: int) -> tuple[int, int]:
    engine = DuelEngine()
    rng = Rng.from_seed(seed)
    answers = 0
    for _ in range(games):
        answers += playout(engine, 2, game_seed(rng), rng, choose=lean_choice).answer_count
    return games, answers


def deep_size(obj: Any, seen: set[int] | None = None) -> int:
    """Bytes of ``obj`` and everything it holds (each object once)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    inner: Iterable[Any] = ()
    if isinstance(obj, dict):
        inner = [*obj.keys(), *obj.values()]
    elif isinstance(obj, list | tuple | set):
        inner = obj
    return size + sum(deep_size(x, seen) for x in inner)


def state_memory(seed: int) -> tuple[int, int]:
    """(JSON bytes, live bytes) of the state halfway through one random game."""
    engine = DuelEngine()
    game = playout(engine, 2, seed, Rng.from_seed(seed), choose=lean_choice)
    st = engine.new_game(2, seed)
    for seat, option_id in game.answers[:game.answer_count // 2]:
        engine.apply(st, seat, option_id)
    fields = {k: v for k, v in st.__dict__.items() if k in DuelState.model_fields}
    return len(st.model_dump_json()), sys.getsizeof(st) + deep_size(fields)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    playouts(50, args.seed + 1)  # warm the option cache
    if args.profile:
        harness.profile(lambda: playouts(args.games, args.seed))
        return
    (games, answers), elapsed, cpu = harness.clocked(lambda: playouts(args.games, args.seed))
    json_bytes, live_bytes = state_memory(args.seed)
    print(f"duel 2p: {games} games, {answers} decisions in {elapsed:.2f} s wall, "
          f"{cpu:.2f} s CPU: {games / cpu:.0f} games/s, {answers / cpu:.0f} decisions/s "
          f"(= answers/s) per core; {answers / games:.1f} decisions a game; "
          f"state {json_bytes} B as JSON, {live_bytes / 1024:.1f} KiB live (mid-game)")


if __name__ == "__main__":
    main()
