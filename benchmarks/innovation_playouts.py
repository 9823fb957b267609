"""Random Innovation playouts per second on one core, at 2 and 4 players.

Each game is the shared random playout (``engines.core.playout``: the public engine API
only, ``prompts()`` then ``apply()`` with a uniformly random option of a random open prompt,
seeded ``engines.core.rng.Rng``), from ``new_game`` to the end.

    .venv/bin/python benchmarks/innovation_playouts.py [--games N] [--seed S] [--players P]
                                                        [--profile]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import _harness as harness  # noqa: E402
from engines.core.playout import game_seed, lean_choice, playout  # noqa: E402
from engines.core.rng import Rng  # noqa: E402
from engines.innovation.engine import InnovationEngine  # noqa: E402


def playouts(games: int, seed: int, players: int) -> tuple[int, int]:
    engine = InnovationEngine()
    rng = Rng.from_seed(seed)
    answers = 0
    for _ in range(games):
        answers += playout(engine, players, game_seed(rng), rng,
                           choose=lean_choice).answer_count
    return games, answers


def run(games: int, seed: int, players: int) -> None:
    (n, answers), elapsed, cpu = harness.clocked(lambda: playouts(games, seed, players))
    print(f"{players} players: {n} games, {answers} answers in {elapsed:.2f} s: "
          f"{n / elapsed:.0f} games/s ({answers / elapsed:.0f} answers/s); "
          f"CPU time {cpu:.2f} s: {n / cpu:.0f} games/s per core")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None, help="default: 2 and 4")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    playouts(20, args.seed + 1, 2)  # warm caches
    if args.profile:
        harness.profile(lambda: playouts(args.games, args.seed, args.players or 2))
        return
    for players in ([args.players] if args.players else [2, 4]):
        run(args.games, args.seed, players)


if __name__ == "__main__":
    main()
