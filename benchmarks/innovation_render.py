"""Time the Innovation board renderer (python benchmarks/innovation_render.py).

Plays a seeded random 4-player game to the middle (turn >= 30 with splayed piles), then
prints the first (cold: fonts, text masks and card tiles not yet cached) render, the mean and
p95 of ~50 renders of that position (target < 150 ms), the drawing/encoding split and PNG
sizes (public and owner views, 2 and 4 players), and one render after every move of a whole
game from empty caches (what the bot pays per move).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engines.innovation.view import InnovationView  # noqa: E402
from engines.registry import get_engine  # noqa: E402
from renderers import innovation as inno  # noqa: E402
from renderers import kit  # noqa: E402

NAMES = ["Ana", "陳大文", "Bob the Builder", "李四"]


def play(players: int, seed: int, until_turn: int | None, splays: int = 0) -> tuple[Any, Any]:
    """A random game to ``until_turn`` with ``splays`` splayed piles, or to the end."""
    engine = get_engine("innovation")
    rng = random.Random(seed)
    state = engine.new_game(players, seed)
    while True:
        prompts = engine.prompts(state)
        view = engine.view(state, None)
        assert isinstance(view, InnovationView)
        splayed = sum(p.splay != "none" for pl in view.players for p in pl.piles)
        there = until_turn is not None and view.turn >= until_turn and splayed >= splays
        if not prompts or there:
            return engine, state
        prompt = rng.choice(prompts)
        engine.apply(state, prompt.seat, rng.choice(prompt.options).id)


def mid_game(seed: int, turn: int, splays: int) -> tuple[Any, Any]:
    """The first seed from ``seed`` whose 4-player game reaches the position."""
    for s in range(seed, seed + 200):
        engine, state = play(4, s, turn, splays)
        if engine.view(state, None).result is None:
            return engine, state
    raise SystemExit("no seed reaches that position")


def game_views(players: int, seed: int) -> list[InnovationView]:
    """The public view after every answer of one random game."""
    engine = get_engine("innovation")
    rng = random.Random(seed)
    state = engine.new_game(players, seed)
    views = []
    while True:
        view = engine.view(state, None)
        assert isinstance(view, InnovationView)
        views.append(view)
        prompts = engine.prompts(state)
        if not prompts:
            return views
        prompt = rng.choice(prompts)
        engine.apply(state, prompt.seat, rng.choice(prompt.options).id)


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=50, help="renders to time")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--turn", type=int, default=30)
    parser.add_argument("--splays", type=int, default=6, help="splayed piles in the position")
    parser.add_argument("--lang", default="zh-TW")
    parser.add_argument("--out", default="", help="also write the PNG here")
    args = parser.parse_args()

    engine, state = mid_game(args.seed, args.turn, args.splays)
    view = engine.view(state, None)
    t0 = time.perf_counter()
    png = inno.render_board(view, args.lang, NAMES)
    cold = (time.perf_counter() - t0) * 1000

    totals: list[float] = []
    draws: list[float] = []
    for _ in range(args.n):
        t0 = time.perf_counter()
        image = inno.render_image(view, args.lang, NAMES)
        t1 = time.perf_counter()
        png = inno.encode(image)
        t2 = time.perf_counter()
        draws.append((t1 - t0) * 1000)
        totals.append((t2 - t0) * 1000)
    if args.out:
        Path(args.out).write_bytes(png)
    splays = sum(p.splay != "none" for pl in view.players for p in pl.piles)
    print(f"position: 4 players, turn {view.turn}, {splays} splayed piles")
    print(f"cold first render: {cold:.1f} ms")
    print(f"render (n={args.n}): mean {statistics.mean(totals):.1f} ms, p95 {p95(totals):.1f} ms")
    print(f"  of which drawing: mean {statistics.mean(draws):.1f} ms (rest is PNG encoding)")
    print(f"PNG (public, {args.lang}): {image.width}x{image.height}, {len(png) / 1024:.0f} KiB")
    own = engine.view(state, 0)
    own_png = inno.render_board(own, args.lang, NAMES)
    print(f"PNG (seat 0's own view): {len(own_png) / 1024:.0f} KiB")
    for players in (2, 4):
        e2, s2 = play(players, args.seed + 1, None)
        end_png = inno.render_board(e2.view(s2, None), args.lang, NAMES)
        print(f"PNG ({players} players, game over): {len(end_png) / 1024:.0f} KiB")
    t0 = time.perf_counter()
    card = inno.render_card("oars", args.lang)
    print(f"render_card: {(time.perf_counter() - t0) * 1000:.1f} ms, {len(card) / 1024:.0f} KiB")

    kit.clear_caches()
    inno.top_card_tile.cache_clear()
    inno.strip_tile.cache_clear()
    per_move = []
    for v in game_views(4, args.seed + 2):
        t0 = time.perf_counter()
        inno.render_board(v, args.lang, NAMES)
        per_move.append((time.perf_counter() - t0) * 1000)
    print(
        f"whole 4-player game from empty caches ({len(per_move)} renders): "
        f"first {per_move[0]:.1f} ms, mean {statistics.mean(per_move):.1f} ms, "
        f"p95 {p95(per_move):.1f} ms, max {max(per_move):.1f} ms"
    )


if __name__ == "__main__":
    main()
