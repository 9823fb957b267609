"""Random Through the Ages games per second on one core, at 2, 3 and 4 players: the first
game, the peaceful full game, the full game and the short game (``--mode``; all four by
default; a mode the engine does not offer yet is skipped with a note).

Each game is the shared random playout (``engines.core.playout``: the public engine API
only, ``prompts()`` then ``apply()`` with a uniformly random option of a random open prompt,
never ``undo``, never resigning while anything else is open: ``TtaEngine.playout_avoid``),
from ``new_game`` to the final scoring. The player and the game seeds draw
from a seeded ``random.Random`` (``harness.RandomDraws``); the engine draws all its own
randomness from ``engines.core.rng.Rng``. Random TTA games vary in length, so the figures
are, per mode and player count (CPU time, one core, ``--rounds`` timed runs of ``--games``
games, the median run): games/s, decisions/s (answers to a prompt that offered a choice:
more than one option, counted in an untimed replay of the same games), answers/s (every
answer) and answers per game; then, over every
position of a few games (untimed), the size of the saved state (``engine.dump``: JSON
bytes, undo window included) and the memory one state holds (``deep_size``: the objects
reachable from it, each counted once; card ids are shared strings).

    .venv/bin/python benchmarks/tta_playouts.py [--games N] [--rounds R] [--seed S]
        [--players P ...] [--mode first|peaceful|full|short ...] [--profile]

Targets (platform §4.8, §7 T1/T2/T3; issue 19): first games >= 40 games/s at 2 players and
>= 15 at 4; peaceful full games (global conflict on) >= 25 at 2 and >= 10 at 4; full games
(the lobby's default: aggressions, wars, pacts) >= 20 at 2 and >= 8 at 4; short games:
reported only; >= 15,000 answers/s; state <= 40 KB at 4 players.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pydantic import BaseModel  # noqa: E402

from benchmarks import _harness as harness  # noqa: E402
from engines.core.contract import Option, Prompt  # noqa: E402
from engines.core.playout import Draws, lean_choice, playout  # noqa: E402
from engines.tta.engine import TtaEngine  # noqa: E402

GAMES_TARGETS: dict[str, dict[int, int]] = {
    "first": {2: 40, 4: 15}, "peaceful": {2: 25, 4: 10}, "full": {2: 20, 4: 8}, "short": {}}
OPTIONS: dict[str, dict[str, str]] = {
    "first": {"mode": "first"}, "peaceful": {"mode": "peaceful", "global_conflict": "on"},
    "full": {"mode": "full"}, "short": {"mode": "short"}}
ANSWERS_TARGET = 15_000
STATE_TARGET = 40_000  # bytes, at 4 players
ENGINE = TtaEngine()


def playouts(players: int, games: int, seed: int, mode: str = "first") -> tuple[int, int]:
    """``games`` random games: ``(games, answers)``."""
    draws = harness.RandomDraws(seed)
    answers = 0
    for _ in range(games):
        answers += playout(ENGINE, players, draws.below(0x7FFFFFFF), draws,
                           choose=lean_choice, options=OPTIONS[mode]).answer_count
    return games, answers


def decisions(players: int, games: int, seed: int, mode: str = "first") -> int:
    """The answers of :func:`playouts`' games (the same seeds: the same games) given to a
    prompt that offered more than one option (untimed: counting is not the engine's work)."""
    draws = harness.RandomDraws(seed)
    count = [0]

    def choose(prompts: list[Prompt], draws: Draws,
               avoid: frozenset[str]) -> tuple[Prompt, Option]:
        prompt, option = lean_choice(prompts, draws, avoid)
        if len(prompt.options) > 1:
            count[0] += 1
        return prompt, option

    for _ in range(games):
        playout(ENGINE, players, draws.below(0x7FFFFFFF), draws, choose=choose,
                options=OPTIONS[mode])
    return count[0]


def state_sizes(players: int, games: int, seed: int,
                mode: str = "first") -> tuple[list[float], list[float]]:
    """The JSON size and the memory (``deep_size``) of the state before every answer of
    ``games`` random games."""
    sizes: list[float] = []
    memory: list[float] = []
    draws = harness.RandomDraws(seed)

    def keep(state: object, *_: object) -> None:
        sizes.append(len(ENGINE.dump(state)))  # type: ignore[arg-type]
        memory.append(deep_size(state))

    for _ in range(games):
        playout(ENGINE, players, draws.below(0x7FFFFFFF), draws, choose=lean_choice,
                options=OPTIONS[mode], inspect=keep)
    return sizes, memory


def deep_size(root: object) -> int:
    """Bytes of the objects reachable from ``root`` (``sys.getsizeof``, each object once):
    pydantic models through their field dicts, lists, tuples, dicts, sets, strings, ints."""
    seen: set[int] = set()
    stack = [root]
    total = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if isinstance(obj, BaseModel):
            stack.append(obj.__dict__)
        elif isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, list | tuple | set | frozenset):
            stack.extend(obj)
    return total


def _verdict(value: float, target: float | None) -> str:
    if target is None:
        return ""
    return f" (target >= {target:,.0f}: {'ok' if value >= target else 'MISSED'})"


def offered(mode: str) -> bool:
    """Whether the engine's lobby offers ``mode`` (the short game comes with its helper)."""
    return OPTIONS[mode]["mode"] in ENGINE.game_options["mode"][0]


def measure(players: int, games: int, seed: int, size_games: int, mode: str,
            rounds: int = 3) -> None:
    if not offered(mode):
        print(f"{mode}, {players} players: not offered by the engine yet (skipped)")
        return
    playouts(players, 3, seed + 1, mode)  # warm the caches
    runs = []
    for _ in range(rounds):  # the same games each round: the median run is reported
        (_, answers), _, cpu = harness.clocked(lambda: playouts(players, games, seed, mode))
        runs.append(cpu)
    cpu = statistics.median(runs)
    chose = decisions(players, games, seed, mode)
    rate, per_answer, per_decision = games / cpu, answers / cpu, chose / cpu
    sizes, memory = state_sizes(players, size_games, seed + 2, mode)
    p99 = harness.percentile(sizes, 99)
    size_ok = ""
    if players == 4:
        size_ok = f" (target <= {STATE_TARGET:,}: {'ok' if p99 <= STATE_TARGET else 'MISSED'})"
    print(f"{mode}, {players} players: {games} games, {answers} answers, CPU {cpu:.2f} s "
          f"(median of {rounds}): "
          f"{rate:.1f} games/s per core{_verdict(rate, GAMES_TARGETS[mode].get(players))}; "
          f"{per_decision:,.0f} decisions/s; "
          f"{per_answer:,.0f} answers/s{_verdict(per_answer, ANSWERS_TARGET)}; "
          f"{answers / games:.0f} answers/game; state p99 {p99:,.0f} B, "
          f"max {max(sizes):,.0f} B{size_ok}; memory per state mean "
          f"{statistics.mean(memory):,.0f} B, max {max(memory):,.0f} B")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--rounds", type=int, default=3, help="timed runs (median)")
    parser.add_argument("--size-games", type=int, default=3)
    parser.add_argument("--mode", nargs="*", choices=tuple(OPTIONS), default=list(OPTIONS))
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        harness.profile(lambda: [playouts(p, args.games, args.seed, m)
                                 for m in args.mode if offered(m) for p in args.players])
        return
    for m in args.mode:
        for p in args.players:
            measure(p, args.games, args.seed, args.size_games, m, args.rounds)


if __name__ == "__main__":
    main()
