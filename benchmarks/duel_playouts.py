"""Random 7 Wonders Duel playouts per second on one core.

Each game is the shared random playout (``engines.core.playout``: the public engine API
only, ``prompts()`` then ``apply()`` with a uniformly random option, seeded
``engines.core.rng.Rng``), from ``new_game`` to the end.

    .venv/bin/python benchmarks/duel_playouts.py [--games N] [--seed S] [--profile]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import _harness as harness  # noqa: E402
from engines.core.playout import game_seed, lean_choice, playout  # noqa: E402
from engines.core.rng import Rng  # noqa: E402
from engines.duel.engine import DuelEngine  # noqa: E402


def playouts(games: int, seed: int) -> tuple[int, int]:
    engine = DuelEngine()
    rng = Rng.from_seed(seed)
    answers = 0
    for _ in range(games):
        answers += playout(engine, 2, game_seed(rng), rng, choose=lean_choice).answer_count
    return games, answers


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
    print(f"{games} games, {answers} answers in {elapsed:.2f} s: "
          f"{games / elapsed:.0f} games/s ({answers / elapsed:.0f} answers/s); "
          f"CPU time {cpu:.2f} s: {games / cpu:.0f} games/s per core")


if __name__ == "__main__":
    main()
