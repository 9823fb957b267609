"""Time the 7 Wonders renderer (python benchmarks/seven_wonders_render.py).

Prints, for a 7-player game, the first (cold: fonts, text masks, chips and tiles not yet
cached) table render, then mean and p95 of ``-n`` renders of the table in the middle of Age II
and at the end (with the score table), the drawing/encoding split, the hand image of seat 0,
PNG sizes, and finally one table render after every turn of a whole game from empty caches
(what the bot pays per turn). Target: the 7-player table under 150 ms.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import _harness as harness  # noqa: E402
from engines.registry import get_engine  # noqa: E402
from engines.seven_wonders.view import SevenWondersView  # noqa: E402
from renderers import kit  # noqa: E402
from renderers import seven_wonders as sw  # noqa: E402

NAMES = ["Ana", "陳大文", "Bartholomew the Long-Named", "李小龍", "Eve", "Fátima", "Gus"]
WEIGHTS = {"build": 8, "wonder": 3, "sell": 1}


def play(players: int, seed: int, stop: Callable[[Any], bool] | None) -> tuple[Any, list[Any]]:
    """Weighted random legal answers until ``stop``; also every public view at a turn start."""
    engine = get_engine("seven_wonders")
    state = engine.new_game(players, seed)
    rng = random.Random(seed)
    turns: list[Any] = []
    last = None
    while engine.result(state) is None:
        if stop is not None and stop(state):
            break
        if (state.age, state.turn) != last:
            last = (state.age, state.turn)
            turns.append(engine.view(state, None))
        prompts = [p for p in engine.prompts(state) if p.kind != "waiting" and p.options]
        prompt = rng.choice(prompts)
        weights = [WEIGHTS.get(o.id.split(":")[0], 1) for o in prompt.options]
        engine.apply(state, prompt.seat, rng.choices(prompt.options, weights)[0].id)
    turns.append(engine.view(state, None))
    return state, turns


def timed(label: str, n: int, draw: Callable[[], Any], out: str = "") -> None:
    times = harness.time_renders(n, draw, sw.encode)
    image, png, totals = times.image, times.png, times.totals
    assert image is not None
    print(
        f"{label}: mean {statistics.mean(totals):.1f} ms, p95 {harness.p95(totals):.1f} ms "
        f"(drawing {statistics.mean(times.draws):.1f} ms, rest PNG encoding); "
        f"{image.width}x{image.height}, {len(png) / 1024:.0f} KiB"
    )
    if out:
        Path(out).write_bytes(png)


def main() -> None:
    parser = harness.render_parser(
        __doc__, seed=27, out_help="also write the PNGs with this path prefix"
    )
    args = parser.parse_args()
    lang = args.lang
    engine = get_engine("seven_wonders")

    mid, _ = play(7, args.seed, lambda s: s.phase == "play" and s.age == 2 and s.turn >= 3)
    end, turns = play(7, args.seed, None)
    mid_view = engine.view(mid, None)
    end_view = engine.view(end, None)
    hand_view = engine.view(mid, 0)
    assert isinstance(mid_view, SevenWondersView) and isinstance(hand_view, SevenWondersView)

    _, cold = harness.timed_ms(lambda: sw.render_table(mid_view, lang, NAMES))
    print(f"cold first 7-player table render: {cold:.1f} ms")
    prefix = args.out
    timed(
        f"7-player table, Age II (n={args.n})",
        args.n,
        lambda: sw.table_image(mid_view, lang, NAMES),
        f"{prefix}table_mid.png" if prefix else "",
    )
    timed(
        f"7-player table, final scores (n={args.n})",
        args.n,
        lambda: sw.table_image(end_view, lang, NAMES),
        f"{prefix}table_end.png" if prefix else "",
    )
    timed(
        f"hand image, seat 0 of 7 (n={args.n})",
        args.n,
        lambda: sw.hand_image(hand_view, lang, NAMES),
        f"{prefix}hand.png" if prefix else "",
    )
    timed(
        f"one city (n={args.n})",
        args.n,
        lambda: sw.city_image(mid_view, 1, lang, NAMES),
        f"{prefix}city.png" if prefix else "",
    )

    kit.clear_caches()
    for cached in (sw.building_chip, sw.stage_tile, sw.card_tile, sw._dimmed, sw._token):
        cached.cache_clear()
    _, turns = play(7, args.seed + 1, None)
    per_turn = harness.time_each(turns, lambda v: sw.render_table(v, lang, NAMES))
    harness.print_spread(
        f"whole 7-player game from empty caches ({len(per_turn)} table renders)", per_turn
    )


if __name__ == "__main__":
    main()
