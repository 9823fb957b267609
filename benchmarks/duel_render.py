"""Time the Duel board renderer on a mid-game position (python benchmarks/duel_render.py).

Prints the first (cold: fonts, text masks and tiles not yet cached) render, then the mean and
p95 of ~50 renders of the same mid-game position, the drawing/encoding split and the PNG
size, and finally one render after every move of a whole game (new cards and text appear as
the game goes on, so caches are only partly warm: what the bot pays per move).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engines.duel.view import DuelView  # noqa: E402
from engines.registry import get_engine  # noqa: E402
from renderers import duel  # noqa: E402


def game_views(seed: int) -> list[DuelView]:
    """The public view after every move of one random game."""
    engine = get_engine("duel")
    rng = random.Random(seed)
    state = engine.new_game(2, seed)
    views = []
    while True:
        view = engine.view(state, None)
        assert isinstance(view, DuelView)
        views.append(view)
        prompts = engine.prompts(state)
        if not prompts:
            return views
        prompt = prompts[0]
        engine.apply(state, prompt.seat, rng.choice(prompt.options).id)


def mid_game(views: list[DuelView]) -> DuelView:
    """The first view in the middle of Age II."""
    for view in views:
        if view.age == 2 and sum(s.taken for s in view.structure) >= 8:
            return view
    return views[len(views) // 2]


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=50, help="renders to time")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--lang", default="zh-TW")
    parser.add_argument("--out", default="", help="also write the PNG here")
    args = parser.parse_args()

    views = game_views(args.seed)
    view = mid_game(views)
    names = ["Ana", "陳大文"]
    t0 = time.perf_counter()
    png = duel.render_board(view, args.lang, names)
    cold = (time.perf_counter() - t0) * 1000

    totals: list[float] = []
    draws: list[float] = []
    for _ in range(args.n):
        t0 = time.perf_counter()
        image = duel.render_image(view, args.lang, names)
        t1 = time.perf_counter()
        png = duel.encode(image)
        t2 = time.perf_counter()
        draws.append((t1 - t0) * 1000)
        totals.append((t2 - t0) * 1000)
    if args.out:
        Path(args.out).write_bytes(png)
    print(f"position: age {view.age}, {sum(s.taken for s in view.structure)} cards taken")
    print(f"cold first render: {cold:.1f} ms")
    print(f"render (n={args.n}): mean {statistics.mean(totals):.1f} ms, p95 {p95(totals):.1f} ms")
    print(f"  of which drawing: mean {statistics.mean(draws):.1f} ms (rest is PNG encoding)")
    print(f"PNG: {image.width}x{image.height}, {len(png) / 1024:.0f} KiB")

    duel.kit.clear_caches()
    duel.card_tile.cache_clear()
    duel.wonder_tile.cache_clear()
    duel.track_background.cache_clear()
    per_move = []
    for v in game_views(args.seed + 1):
        t0 = time.perf_counter()
        duel.render_board(v, args.lang, names)
        per_move.append((time.perf_counter() - t0) * 1000)
    print(
        f"whole game from empty caches ({len(per_move)} renders): first {per_move[0]:.1f} ms, "
        f"mean {statistics.mean(per_move):.1f} ms, p95 {p95(per_move):.1f} ms, "
        f"max {max(per_move):.1f} ms"
    )


if __name__ == "__main__":
    main()
