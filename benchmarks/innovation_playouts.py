"""Random Innovation playouts per second on one core, at 2, 3 and 4 players, with the size of
a state.

Each game is the shared random playout (``engines.core.playout``: the public engine API
only, ``prompts()`` then ``apply()`` with a uniformly random option of a random open prompt,
never ``undo``, seeded ``engines.core.rng.Rng``), from ``new_game`` to the end. Figures are
CPU time: games/s and decisions/s (one decision = one answer). Then, untimed, the size of
the state over every position of a few games: the saved JSON (``engine.dump``: what the
bot stores, a suspended dogma's snapshot and the undo window's base included) and the
objects it holds in memory (``sys.getsizeof`` over every container and value it reaches,
each counted once; the shared catalogue strings included).

    .venv/bin/python benchmarks/innovation_playouts.py [--games N] [--seed S]
                                                        [--players P ...] [--profile]

Issue 19's target: at 2 players, at least 3x the random playouts per CPU second of the
fastest open Python engine (innovation-tui, measured side by side: ``../shared/perf-peers.md``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import _harness as harness  # noqa: E402
from engines.core.contract import Option, Prompt  # noqa: E402
from engines.core.playout import game_seed, lean_choice, playout  # noqa: E402
from engines.core.rng import Rng  # noqa: E402
from engines.innovation.engine import InnovationEngine  # noqa: E402
from engines.innovation.state import InnovationState  # noqa: E402

ENGINE = InnovationEngine()


def playouts(games: int, seed: int, players: int) -> tuple[int, int]:
    rng = Rng.from_seed(seed)
    answers = 0
    for _ in range(games):
        answers += playout(ENGINE, players, game_seed(rng), rng,
                           choose=lean_choice).answer_count
    return games, answers


def deep_size(obj: Any, seen: set[int] | None = None) -> int:
    """Bytes of ``obj`` and of everything it holds (each object once)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, dict):
        size += sum(deep_size(k, seen) + deep_size(v, seen) for k, v in obj.items())
    elif isinstance(obj, list | tuple | set):
        size += sum(deep_size(v, seen) for v in obj)
    elif hasattr(obj, "__dict__"):
        size += deep_size(obj.__dict__, seen)
    return size


def state_sizes(players: int, games: int, seed: int) -> tuple[list[float], list[float]]:
    """JSON bytes and in-memory bytes of the state before every answer of ``games`` games."""
    json_sizes: list[float] = []
    memory: list[float] = []

    def keep(state: InnovationState, _: list[Prompt], __: Prompt, ___: Option) -> None:
        json_sizes.append(len(ENGINE.dump(state)))
        memory.append(deep_size(state))

    rng = Rng.from_seed(seed)
    for _ in range(games):
        playout(ENGINE, players, game_seed(rng), rng, choose=lean_choice, inspect=keep)
    return json_sizes, memory


def run(games: int, seed: int, players: int, size_games: int) -> None:
    playouts(max(3, games // 50), seed + 1, players)  # warm the caches
    (n, answers), _, cpu = harness.clocked(lambda: playouts(games, seed, players))
    json_sizes, memory = state_sizes(players, size_games, seed + 2)
    print(f"{players} players: {n} games, {answers} decisions, CPU {cpu:.2f} s: "
          f"{n / cpu:.0f} games/s, {answers / cpu:,.0f} decisions/s per core, "
          f"{answers / n:.0f} decisions/game; state JSON p99 "
          f"{harness.percentile(json_sizes, 99):,.0f} B (max {max(json_sizes):,.0f} B), "
          f"in memory p99 {harness.percentile(memory, 99):,.0f} B")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--size-games", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        playouts(20, args.seed + 1, 2)  # warm caches
        harness.profile(lambda: [playouts(args.games, args.seed, p) for p in args.players])
        return
    for players in args.players:
        run(args.games, args.seed, players, args.size_games)


if __name__ == "__main__":
    main()
