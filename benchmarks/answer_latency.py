"""End-to-end latency of one player's answer, as the bot experiences it, on a file SQLite DB.

Per answer: load the game (from a fresh ``GameService``, i.e. a cold state cache, or from the
same service, warm), apply the choice, commit it (action + snapshot + version in one
transaction, ``synchronous=FULL``), then build the view and render the image the bot sends.
Duel: the public board PNG (target p99 < 150 ms). Through the Ages (``--game tta``): the turn
panel's answer, i.e. the acting seat's private view and its civilization image, which the panel
edit attaches (target p99 < 250 ms). Prints p50/p95/p99 in milliseconds per stage and total.

    .venv/bin/python benchmarks/answer_latency.py [--game duel|tta] [--players N]
        [--answers 400] [--no-render] [--db PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import _harness as harness  # noqa: E402
from engines.core.playout import avoided  # noqa: E402
from engines.registry import get_engine  # noqa: E402
from games.service import GameService  # noqa: E402
from games.storage import SqlStore, open_store  # noqa: E402

ALICE, BOB = 1001, 1002
USERS = {seat: 1001 + seat for seat in range(4)}
NAMES = ["Alice", "Bob", "Carol", "Dan"]

#: (game, seat) -> PNG: the image the bot sends after an answer in that game
Renderer = Callable[[Any, int], bytes]


def _renderer(game: str) -> Renderer | None:
    try:
        if game == "tta":
            from renderers.tta import render_hand

            return lambda view, seat: render_hand(view, "en", NAMES)
        from renderers.duel import render_board
    except ImportError:
        return None
    return lambda view, seat: render_board(view, "en", NAMES[:2])


async def _new_game(service: GameService, game: str, players: int) -> int:
    info = await service.create(game, 1, 2, ALICE, "Alice", "en", {})
    for seat in range(1, players):
        await service.join(info.id, USERS[seat], NAMES[seat])
    await service.start(info.id, ALICE)
    return info.id


def report(title: str, stages: dict[str, list[float]]) -> None:
    print(f"\n{title} ({len(stages['total'])} answers)")
    print(f"  {'stage':<10} {'p50':>8} {'p95':>8} {'p99':>8} {'max':>8}  (ms)")
    for stage, samples in stages.items():
        if not samples:
            continue
        ms = [s * 1000 for s in samples]
        print(
            f"  {stage:<10} {statistics.median(ms):8.2f} {harness.percentile(ms, 95):8.2f} "
            f"{harness.percentile(ms, 99):8.2f} {max(ms):8.2f}"
        )


async def run(
    store: SqlStore, answers: int, cold: bool, render: bool, seed: int, game: str, players: int
) -> None:
    renderer = _renderer(game) if render else None
    stages: dict[str, list[float]] = {"answer": [], "view": [], "render": [], "total": []}
    rng = random.Random(seed)
    avoid = get_engine(game).playout_avoid  # a random player never resigns (TTA)
    service = GameService(store)
    game_id: int | None = None
    done = 0
    while done < answers:
        if game_id is None:
            game_id = await _new_game(service, game, players)
        if cold:
            service = GameService(store)  # a restarted process: nothing cached
        # What the bot knows before the click: the prompt it showed (not timed).
        prompts = await GameService(store).prompts(game_id)
        if not prompts:
            game_id = None
            continue
        prompt = rng.choice(prompts)
        ids = [o.id for o in prompt.options if o.id != "undo"]
        option = rng.choice([i for i in ids if not avoided(i, avoid)] or ids or ["undo"])
        version = (await store.get_game(game_id)).version  # type: ignore[union-attr]

        t0 = time.perf_counter()
        outcome = await service.answer(
            game_id, USERS[prompt.seat], option, expected_version=version, interaction_id=None
        )
        t1 = time.perf_counter()
        # Duel posts the public board; a TTA panel shows the acting seat's own civilization.
        view = await service.view(game_id, prompt.seat if game == "tta" else None)
        t2 = time.perf_counter()
        if renderer is not None:
            png = renderer(view, prompt.seat)
            assert png[:4] == b"\x89PNG"
        t3 = time.perf_counter()
        stages["answer"].append(t1 - t0)
        stages["view"].append(t2 - t1)
        if renderer is not None:
            stages["render"].append(t3 - t2)
        stages["total"].append(t3 - t0)
        done += 1
        if outcome.result is not None:
            game_id = None
    mode = "cold cache (new service per answer)" if cold else "warm cache"
    report(f"{mode}, render={'yes' if renderer else 'no'}", stages)


async def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--answers", type=int, default=400)
    parser.add_argument("--no-render", action="store_true")
    parser.add_argument("--db", type=Path, default=None, help="SQLite file (default: a temp file)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=("duel", "tta"), default="duel")
    parser.add_argument("--players", type=int, default=None, help="default: 2 (Duel), 4 (TTA)")
    args = parser.parse_args(argv)
    players = args.players or (4 if args.game == "tta" else 2)
    render = not args.no_render
    if render and _renderer(args.game) is None:
        print(f"the {args.game} renderer is not importable: timing without rendering")
        render = False
    with tempfile.TemporaryDirectory() as tmp:
        path = args.db or Path(tmp) / "bench.db"
        store = await open_store(f"sqlite:///{path}")
        try:
            renderer = _renderer(args.game)
            if renderer is not None and render:  # the first render builds shared caches
                service = GameService(store)
                warm_id = await _new_game(service, args.game, players)
                renderer(await service.view(warm_id, 0), 0)
            print(f"database: {path}; game {args.game}, {players} players")
            for cold, seed in ((False, args.seed), (True, args.seed + 1)):
                await run(store, args.answers, cold, render, seed, args.game, players)
        finally:
            await store.close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
