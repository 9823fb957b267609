"""Time the Duel board renderer on a mid-game position (python benchmarks/duel_render.py).

Prints the first (cold: fonts, text masks and tiles not yet cached) render, then the mean and
p95 of ~50 renders of the same mid-game position, the drawing/encoding split and the PNG
size, and finally one render after every move of a whole game (new cards and text appear as
the game goes on, so caches are only partly warm: what the bot pays per move).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import _harness as harness  # noqa: E402
from engines.duel.view import DuelView  # noqa: E402
from renderers import duel  # noqa: E402


def game_views(seed: int) -> list[DuelView]:
    """The public view after every move of one random game."""
    return harness.game_views("duel", 2, seed, DuelView)


def mid_game(views: list[DuelView]) -> DuelView:
    """The first view in the middle of Age II."""
    for view in views:
        if view.age == 2 and sum(s.taken for s in view.structure) >= 8:
            return view
    return views[len(views) // 2]


def main() -> None:
    args = harness.render_parser(__doc__, seed=5).parse_args()

    views = game_views(args.seed)
    view = mid_game(views)
    names = ["Ana", "陳大文"]
    cold, times = harness.time_position(
        args.n,
        lambda: duel.render_board(view, args.lang, names),
        lambda: duel.render_image(view, args.lang, names),
        duel.encode,
        args.out,
    )
    image, png = times.image, times.png
    print(f"position: age {view.age}, {sum(s.taken for s in view.structure)} cards taken")
    print(f"cold first render: {cold:.1f} ms")
    times.print_summary()
    print(f"PNG: {image.width}x{image.height}, {len(png) / 1024:.0f} KiB")

    duel.kit.clear_caches()
    duel.card_tile.cache_clear()
    duel.wonder_tile.cache_clear()
    duel.track_background.cache_clear()
    per_move = harness.time_each(
        game_views(args.seed + 1), lambda v: duel.render_board(v, args.lang, names)
    )
    harness.print_spread(f"whole game from empty caches ({len(per_move)} renders)", per_move)


if __name__ == "__main__":
    main()
