"""Random 7 Wonders playouts per second on one core, per player count: games/s, decisions/s,
answers/s, and the memory a state takes.

Each game is the shared playout loop (``engines.core.playout``: the public engine API
only, ``prompts()`` then ``apply()``) with this player: at each step one seat that still has
to decide is drawn at random (seats that have already chosen keep a ``waiting`` prompt;
they are left alone) and answers a uniformly random option; ``payment`` prompts take the
cheapest payment (their first option). A *decision* is an answer that picks what to do (a
card and an action, a board, a side, a card to revive); the *answers* add the payment
answers. The random player and the game seeds draw from a seeded ``random.Random``
(``harness.RandomDraws``: cheaper per draw than the engine's ``Rng``, so the figure
measures the engine rather than the harness); the engine itself draws all its randomness
from ``engines.core.rng.Rng`` as always.

Memory per state: the bytes ``tracemalloc`` sees allocated by ``engine.copy`` of a
position in the middle of Age II (a search keeps one state per node), and its JSON size.

    .venv/bin/python benchmarks/seven_wonders_playouts.py [--games N] [--seed S]
        [--players P ...] [--profile]

Targets: >= 580 games/s at 3 players and >= 260 games/s at 7 players (CPU time, one core).
"""

from __future__ import annotations

import argparse
import sys
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import _harness as harness  # noqa: E402
from engines.core.contract import Option, Prompt  # noqa: E402
from engines.core.playout import Draws, playout  # noqa: E402
from engines.seven_wonders.engine import SevenWondersEngine  # noqa: E402

TARGETS = {3: 580, 7: 260}
#: copies measured for the memory of a state
COPIES = 200


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
    """``games`` random games; returns (games, answers)."""
    engine = SevenWondersEngine()
    draws = harness.RandomDraws(seed)
    answers = 0
    for _ in range(games):
        game = playout(engine, players, draws.below(0x7FFFFFFF), draws, choose=choose)
        answers += game.answer_count
    return games, answers


def decisions_of(players: int, games: int, seed: int) -> int:
    """The decisions (answers but payments) of the games ``playouts`` plays: counted in a
    second run, so that counting costs the timed run nothing."""
    engine = SevenWondersEngine()
    draws = harness.RandomDraws(seed)
    count = 0
    for _ in range(games):
        game = playout(engine, players, draws.below(0x7FFFFFFF), draws, choose=choose)
        count += sum(not oid.startswith("pay:") for _, oid in game.answers)
    return count


def state_memory(players: int, seed: int) -> tuple[float, int]:
    """(bytes allocated per ``engine.copy`` of a mid-Age II state, its JSON size)."""
    engine = SevenWondersEngine()
    draws = harness.RandomDraws(seed)
    game = playout(engine, players, seed, draws, choose=choose)
    state = engine.new_game(players, seed)
    for seat, option_id in game.answers:
        if state.age == 2 and state.turn == 3:
            break
        engine.apply(state, seat, option_id)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [engine.copy(state) for _ in range(COPIES)]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert len(kept) == COPIES
    return (after - before) / COPIES, len(engine.dump(state))


def measure(players: int, games: int, seed: int) -> float:
    playouts(players, 20, seed + 1)  # warm the caches
    (_, answers), elapsed, cpu = harness.clocked(lambda: playouts(players, games, seed))
    decisions = decisions_of(players, games, seed)
    rate = games / cpu
    target = TARGETS.get(players)
    verdict = ""
    if target is not None:
        verdict = f" (target >= {target}: {'ok' if rate >= target else 'MISSED'})"
    memory, json_size = state_memory(players, seed)
    print(f"{players} players: {games} games, {decisions} decisions, {answers} answers in "
          f"{elapsed:.2f} s; CPU {cpu:.2f} s: {rate:.0f} games/s, {decisions / cpu:.0f} "
          f"decisions/s, {answers / cpu:.0f} answers/s per core{verdict}; a state "
          f"{memory / 1024:.1f} KiB in memory, {json_size / 1024:.1f} KiB as JSON")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6, 7])
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        harness.profile(lambda: [playouts(p, args.games, args.seed) for p in args.players])
        return
    for p in args.players:
        measure(p, args.games, args.seed)


if __name__ == "__main__":
    main()
