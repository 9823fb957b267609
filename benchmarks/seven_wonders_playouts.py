"""Random 7 Wonders playouts per second on one core, at 3 and at 7 players.

Each game is the shared playout loop (``engines.core.playout``: the public engine API
only, ``prompts()`` then ``apply()``) with this player: at each step one seat that still has
to decide is drawn at random (seats that have already chosen keep a ``waiting`` prompt;
they are left alone) and answers a uniformly random option; ``payment`` prompts take the
cheapest payment (their first option). The random player and the game seeds draw from a
seeded ``random.Random`` (``harness.RandomDraws``: cheaper per draw than the engine's
``Rng``, so the figure measures the engine rather than the harness); the engine itself
draws all its randomness from ``engines.core.rng.Rng`` as always.

    .venv/bin/python benchmarks/seven_wonders_playouts.py [--games N] [--seed S]
        [--players P ...] [--profile]

Targets: >= 580 games/s at 3 players and >= 260 games/s at 7 players (CPU time, one core).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import _harness as harness  # noqa: E402
from engines.core.contract import Option, Prompt  # noqa: E402
from engines.core.playout import Draws, playout  # noqa: E402
from engines.seven_wonders.engine import SevenWondersEngine  # noqa: E402

TARGETS = {3: 580, 7: 260}


def choose(prompts: list[Prompt], draws: Draws,
           avoid: frozenset[str] = frozenset()) -> tuple[Prompt, Option]:
    """A random seat still deciding; a random option, or the cheapest payment (7 Wonders
    avoids no option: ``avoid`` is always empty)."""
    open_ = [p for p in prompts if p.kind != "waiting"]
    prompt = open_[draws.below(len(open_))] if len(open_) > 1 else open_[0]
    if prompt.kind == "payment":
        return prompt, prompt.options[0]
    return prompt, prompt.options[draws.below(len(prompt.options))]


def playouts(players: int, games: int, seed: int) -> tuple[int, int]:
    engine = SevenWondersEngine()
    draws = harness.RandomDraws(seed)
    answers = 0
    for _ in range(games):
        game = playout(engine, players, draws.below(0x7FFFFFFF), draws, choose=choose)
        answers += game.answer_count
    return games, answers


def measure(players: int, games: int, seed: int) -> float:
    playouts(players, 20, seed + 1)  # warm the caches
    (_, answers), elapsed, cpu = harness.clocked(lambda: playouts(players, games, seed))
    rate = games / cpu
    target = TARGETS.get(players)
    verdict = ""
    if target is not None:
        verdict = f" (target >= {target}: {'ok' if rate >= target else 'MISSED'})"
    print(f"{players} players: {games} games, {answers} answers in {elapsed:.2f} s; "
          f"CPU {cpu:.2f} s: {rate:.0f} games/s per core{verdict}")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=[3, 7])
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        harness.profile(lambda: [playouts(p, args.games, args.seed) for p in args.players])
        return
    for p in args.players:
        measure(p, args.games, args.seed)


if __name__ == "__main__":
    main()
