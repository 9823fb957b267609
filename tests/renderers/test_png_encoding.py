"""The pictures the bot sends are small (``kit.encode``: an 8-bit palette PNG) and stay what
was drawn: a byte budget per picture of every game on a typical position, and the encoded
pixels against the drawn ones."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageChops

from engines.core.playout import playout
from engines.core.rng import Rng
from engines.registry import get_engine
from renderers import duel, innovation, kit, tta
from renderers import seven_wonders as sw
from tests.renderers.render_helpers import decode

NAMES = ["Ana", "陳大文", "Bo", "Lee", "Zoë", "王小明", "Kim"]
#: each game at its largest table (Through the Ages: the full game)
PLAYERS = {"duel": 2, "seven_wonders": 7, "innovation": 4, "tta": 4}

#: bytes of one picture, at most, on the middle position of a random game at the largest
#: table. Measured (five positions of a game, start to end, English and Chinese): Duel
#: board 79 KB on average (largest 98), 7 Wonders table 93 (122), hand 59 (71), city 17
#: (20), Innovation board 100 (133), Through the Ages table 72 (89), civilization 76 (96);
#: the lossless RGB files were about three times as big (230, 269, 171, 48, 304, 194, 211).
#: About half as much again for headroom, well below the lossless sizes.
BUDGET_KB = {
    ("duel", "board"): 150,
    ("seven_wonders", "table"): 180,
    ("seven_wonders", "hand"): 110,
    ("seven_wonders", "city"): 35,
    ("innovation", "board"): 200,
    ("tta", "table"): 140,
    ("tta", "civilization"): 150,
}


@cache
def middle(game: str) -> Any:
    """The state halfway through one seeded random game of ``game`` at its largest table."""
    engine = get_engine(game)
    players = PLAYERS[game]
    answers = playout(engine, players, 5, Rng.from_seed(5)).answers
    state = engine.new_game(players, 5, None)
    for seat, option in answers[: len(answers) // 2]:
        engine.apply(state, seat, option)
    return state


def sent(game: str, kind: str, lang: str) -> bytes:
    """The PNG the bot sends for ``kind`` at the middle of a game, as the bot asks for it."""
    engine = get_engine(game)
    state = middle(game)
    public = engine.view(state, None)
    names = NAMES[: PLAYERS[game]]
    render: dict[tuple[str, str], Callable[[], bytes | None]] = {
        ("duel", "board"): lambda: duel.render_board(public, lang, names),
        ("seven_wonders", "table"): lambda: sw.render_table(public, lang, names),
        ("seven_wonders", "hand"): lambda: sw.render_hand(engine.view(state, 0), lang, names),
        ("seven_wonders", "city"): lambda: sw.render_city(public, 1, lang, names),
        ("innovation", "board"): lambda: innovation.render_board(public, lang, names),
        ("tta", "table"): lambda: tta.render_board(public, lang, names),
        ("tta", "civilization"): lambda: tta.render_hand(
            engine.view(state, state.current), lang, names),
    }
    png = render[(game, kind)]()
    assert png is not None
    return png


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize(("game", "kind"), list(BUDGET_KB))
def test_pictures_stay_within_their_byte_budget(game: str, kind: str, lang: str) -> None:
    png = sent(game, kind, lang)
    im = decode(png)
    assert im.mode == "P"  # an 8-bit palette, not 24-bit RGB
    assert len(png) <= BUDGET_KB[(game, kind)] * 1000, (game, kind, lang, len(png))


def _errors(drawn: Image.Image, png: bytes) -> tuple[float, float]:
    """Mean error (largest channel difference, 0-255) and the share of pixels off by > 32."""
    back = decode(png).convert("RGB")
    assert back.size == drawn.size
    r, g, b = ImageChops.difference(drawn.convert("RGB"), back).split()
    hist = ImageChops.lighter(ImageChops.lighter(r, g), b).histogram()
    pixels = drawn.width * drawn.height
    return sum(i * n for i, n in enumerate(hist)) / pixels, sum(hist[33:]) / pixels


@pytest.mark.parametrize("game", list(PLAYERS))
def test_encoded_pixels_are_the_drawn_ones_within_a_few_levels(game: str) -> None:
    engine = get_engine(game)
    public = engine.view(middle(game), None)
    names = NAMES[: PLAYERS[game]]
    drawn = {
        "duel": lambda: duel.render_image(public, "zh-TW", names),
        "seven_wonders": lambda: sw.table_image(public, "zh-TW", names),
        "innovation": lambda: innovation.render_image(public, "zh-TW", names),
        "tta": lambda: tta.table_image(public, "zh-TW", names),
    }[game]()
    png = kit.encode(drawn)
    assert len(decode(png).getcolors(256) or []) > 32  # an adaptive palette, not a few colours
    mean, far = _errors(drawn, png)
    # measured: mean 0.3-1.5, pixels off by more than 32 below 0.1% (anti-aliased edges)
    assert mean < 3
    assert far < 0.005
    assert kit.encode(drawn) == png  # the same picture always gives the same bytes


def test_pictures_of_few_colours_are_kept_exactly() -> None:
    im = Image.new("RGB", (300, 120), (30, 31, 34))
    for i in range(200):
        im.paste((i * 23 % 256, i * 57 % 256, i * 91 % 256), (i % 100 * 3, i // 100 * 60,
                                                              i % 100 * 3 + 3, i // 100 * 60 + 50))
    assert decode(kit.encode(im)).convert("RGB").tobytes() == im.tobytes()
    rgba = Image.new("RGBA", (3, 2), (10, 20, 30, 40))
    assert decode(kit.encode(rgba)).convert("RGBA").tobytes() == rgba.tobytes()
    grey = Image.new("L", (4, 4), 128)  # any mode is drawn as RGB first
    assert decode(kit.encode(grey)).convert("RGB").getpixel((0, 0)) == (128, 128, 128)

