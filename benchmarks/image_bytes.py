"""Bytes and encoding time of every picture the bot sends, on real positions of every game.

One random game of each game at its largest table (Duel 2, 7 Wonders 7, Innovation 4,
Through the Ages 4, the full game); five positions of it (the start, a quarter, half, three
quarters, the end); at each, the pictures the bot sends: Duel's board; 7 Wonders' table,
seat 0's hand and one city; Innovation's board and seat 0's hand and score pile; Through
the Ages' table and the acting seat's civilization, in English and Traditional Chinese.
Each picture is drawn once and encoded two ways: ``kit.encode`` (what the renderers send:
an 8-bit palette PNG) and ``kit.png_bytes`` (the lossless RGB PNG they sent before).
Prints, per game and picture, the mean and largest size and the mean encoding time of
each, and the saving.

    .venv/bin/python benchmarks/image_bytes.py [--seed 7] [--lang en --lang zh-TW]
        [--out DIR]  # DIR: also write every picture as sent, to look at
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

from benchmarks._harness import RandomDraws  # noqa: E402
from engines.core.playout import playout  # noqa: E402
from engines.registry import get_engine  # noqa: E402
from renderers import duel, innovation, kit, tta  # noqa: E402
from renderers import seven_wonders as sw  # noqa: E402

NAMES = ["Ana", "陳大文", "Bo", "Lee", "Zoë", "王小明", "Kim"]
LARGEST = {"duel": 2, "seven_wonders": 7, "innovation": 4, "tta": 4}


def positions(game: str, players: int, seed: int, k: int = 5) -> tuple[Any, list[Any]]:
    """``k`` states of one random game, evenly spaced from the start to the end."""
    engine = get_engine(game)
    answers = playout(engine, players, seed, RandomDraws(seed)).answers
    marks = {round(i * len(answers) / (k - 1)) for i in range(k - 1)}
    state = engine.new_game(players, seed, None)
    kept = []
    for i, (seat, option) in enumerate(answers):
        if i in marks:
            kept.append(engine.copy(state))
        engine.apply(state, seat, option)
    return engine, [*kept, state]


def pictures(game: str, lang: str, seed: int) -> Iterator[tuple[str, Image.Image]]:
    """(kind, image) of every picture the bot sends at each position of one game."""
    players = LARGEST[game]
    names = NAMES[:players]
    engine, states = positions(game, players, seed)
    for st in states:
        public = engine.view(st, None)
        if game == "duel":
            yield "board", duel.render_image(public, lang, names)
        elif game == "innovation":
            yield "board", innovation.render_image(public, lang, names)
            yield "hand", innovation.hand_image(engine.view(st, 0), lang, names)
        elif game == "seven_wonders":
            yield "table", sw.table_image(public, lang, names)
            yield "hand", sw.hand_image(engine.view(st, 0), lang, names)
            yield "city", sw.city_image(public, 1, lang, names)
        else:
            seat = st.current
            yield "table", tta.table_image(public, lang, names)
            yield "civilization", tta.civ_image(engine.view(st, seat), seat, lang, names)


def timed(encode: Callable[[Image.Image], bytes], image: Image.Image) -> tuple[int, float]:
    t0 = time.perf_counter()
    size = len(encode(image))
    return size, (time.perf_counter() - t0) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--lang", action="append", help="default: en and zh-TW")
    parser.add_argument("--out", type=Path, default=None, help="write the pictures sent here")
    args = parser.parse_args()
    langs = args.lang or ["en", "zh-TW"]
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    print(f"{'game':<14} {'picture':<13} {'n':>3}  {'palette (sent)':>24}  "
          f"{'lossless RGB (before)':>24}  saving")
    for game in LARGEST:
        rows: dict[str, list[tuple[int, float, int, float]]] = {}
        for lang in langs:
            for i, (kind, image) in enumerate(pictures(game, lang, args.seed)):
                size, ms = timed(kit.encode, image)
                lossless, lossless_ms = timed(kit.png_bytes, image)
                rows.setdefault(kind, []).append((size, ms, lossless, lossless_ms))
                if args.out:
                    (args.out / f"{game}_{lang}_{i:02d}_{kind}.png").write_bytes(kit.encode(image))
        for kind, got in rows.items():
            new = [g[0] for g in got]
            old = [g[2] for g in got]
            print(f"{game:<14} {kind:<13} {len(got):>3}  "
                  f"{_cell(new, [g[1] for g in got])}  {_cell(old, [g[3] for g in got])}  "
                  f"{100 * (1 - statistics.mean(new) / statistics.mean(old)):.0f}%")


def _cell(sizes: list[int], ms: list[float]) -> str:
    return (f"{statistics.mean(sizes) / 1000:4.0f} KB (max {max(sizes) / 1000:3.0f}) "
            f"{statistics.mean(ms):4.1f} ms")


if __name__ == "__main__":
    main()
