"""Time the Innovation board renderer (python benchmarks/innovation_render.py).

Plays a seeded random 4-player game to the middle (turn >= 30 with splayed piles), then
prints the first (cold: fonts, text masks and card tiles not yet cached) render, the mean and
p95 of ~50 renders of that position (target < 150 ms), the drawing/encoding split and PNG
sizes (public and owner views, 2 and 4 players), and one render after every move of a whole
game from empty caches (what the bot pays per move).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import _harness as harness  # noqa: E402
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
    return harness.game_views("innovation", players, seed, InnovationView, any_prompt=True)


def main() -> None:
    parser = harness.render_parser(__doc__, seed=4)
    parser.add_argument("--turn", type=int, default=30)
    parser.add_argument("--splays", type=int, default=6, help="splayed piles in the position")
    args = parser.parse_args()

    engine, state = mid_game(args.seed, args.turn, args.splays)
    view = engine.view(state, None)
    cold, times = harness.time_position(
        args.n,
        lambda: inno.render_board(view, args.lang, NAMES),
        lambda: inno.render_image(view, args.lang, NAMES),
        inno.encode,
        args.out,
    )
    image, png = times.image, times.png
    splays = sum(p.splay != "none" for pl in view.players for p in pl.piles)
    print(f"position: 4 players, turn {view.turn}, {splays} splayed piles")
    print(f"cold first render: {cold:.1f} ms")
    times.print_summary()
    print(f"PNG (public, {args.lang}): {image.width}x{image.height}, {len(png) / 1024:.0f} KiB")
    own = engine.view(state, 0)
    own_png = inno.render_board(own, args.lang, NAMES)
    print(f"PNG (seat 0's own view): {len(own_png) / 1024:.0f} KiB")
    for players in (2, 4):
        e2, s2 = play(players, args.seed + 1, None)
        end_png = inno.render_board(e2.view(s2, None), args.lang, NAMES)
        print(f"PNG ({players} players, game over): {len(end_png) / 1024:.0f} KiB")
    card, card_ms = harness.timed_ms(lambda: inno.render_card("oars", args.lang))
    print(f"render_card: {card_ms:.1f} ms, {len(card) / 1024:.0f} KiB")

    kit.clear_caches()
    inno.top_card_tile.cache_clear()
    inno.strip_tile.cache_clear()
    per_move = harness.time_each(
        game_views(4, args.seed + 2), lambda v: inno.render_board(v, args.lang, NAMES)
    )
    harness.print_spread(
        f"whole 4-player game from empty caches ({len(per_move)} renders)", per_move
    )


if __name__ == "__main__":
    main()
