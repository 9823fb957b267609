"""Every picture is laid out for a phone (issue 18, "Pictures for a phone").

Real positions of every game at every player count (seeded random games, kept from the
first answers to the end), every picture the bot sends of them, in every language: at most
``kit.PHONE_WIDTH`` (1,000) px wide, and no glyph smaller than ``kit.MIN_GLYPH`` (22) px.

The glyph sizes are read from the layout, not from pixels: every text draw and icon fetch
goes through ``renderers.kit`` (``draw_text``, ``sprite``, ``card_back`` and the
``glyph_cache`` tiles), which note their size while ``kit.glyph_sizes()`` is active; a draw
of text that bypasses the kit fails the test (Pillow's ``ImageDraw.text`` is watched).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

from engines.core.playout import playout
from engines.core.rng import Rng
from engines.registry import get_engine
from i18n import LANGUAGES
from renderers import duel, innovation, kit, tta
from renderers import seven_wonders as sw

NAMES = ["Alexandra the Magnificent", "陳大文", "Bo", "李小龍", "Zoë", "王小明", "Kim"]
COUNTS = {"duel": (2,), "seven_wonders": (3, 4, 5, 6, 7), "innovation": (2, 3, 4),
          "tta": (2, 3, 4)}
RENDERERS = Path(kit.__file__).resolve().parent
#: answers into the game at which a picture is taken, besides the fractions below: the
#: setup choices (7 Wonders' boards, Innovation's first melds, Duel's draft) come first
EARLY = (0, 1, 3)
FRACTIONS = (0.25, 0.5, 0.75)

#: options of the odd player counts' games: the first Through the Ages game (the even
#: counts play the full one), 7 Wonders' boards and sides chosen by the players
OPTIONS = {"tta": {"mode": "first"}, "seven_wonders": {"wonders": "choose", "sides": "choose"}}

Picture = Callable[[str], Image.Image]


@cache
def positions(game: str, players: int) -> list[Any]:
    """States of one seeded random game: its first answers, evenly spaced ones, the end."""
    engine = get_engine(game)
    seed = 7 + players
    options = OPTIONS.get(game) if players % 2 else None
    answers = playout(engine, players, seed, Rng.from_seed(seed), options=options).answers
    marks = set(EARLY) | {int(f * len(answers)) for f in FRACTIONS}
    state = engine.new_game(players, seed, options)
    kept = []
    for i, (seat, option) in enumerate(answers):
        if i in marks:
            kept.append(engine.copy(state))
        engine.apply(state, seat, option)
    return [*kept, state]


def pictures(game: str, players: int, state: Any) -> Iterator[tuple[str, Picture]]:
    """(kind, draw(lang)) of every picture the bot can send of ``state``."""
    engine = get_engine(game)
    public = engine.view(state, None)
    names = NAMES[:players]
    if game == "duel":
        yield "board", lambda lang: duel.render_image(public, lang, names)
    elif game == "innovation":
        yield "board", lambda lang: innovation.render_image(public, lang, names)
        for seat in range(players):
            own = engine.view(state, seat)
            yield f"hand {seat}", lambda lang, v=own: innovation.hand_image(v, lang, names)
    elif game == "seven_wonders":
        yield "table", lambda lang: sw.table_image(public, lang, names)
        for seat in range(players):
            own = engine.view(state, seat)
            yield f"hand {seat}", lambda lang, v=own: sw.hand_image(v, lang, names)
            yield f"city {seat}", lambda lang, s=seat: sw.city_image(public, s, lang, names)
            if own.phase in ("choose_board", "choose_side"):
                yield f"sides {seat}", lambda lang, v=own: sw.sides_image(v, lang, names)
    else:
        yield "table", lambda lang: tta.table_image(public, lang, names)
        for seat in range(players):
            own = engine.view(state, seat)
            yield f"civ {seat}", lambda lang, v=own, s=seat: tta.civ_image(v, s, lang, names)


CASES = [(game, players) for game, counts in COUNTS.items() for players in counts]


@pytest.fixture
def text_only_through_the_kit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pillow's text drawing answers only to ``renderers/kit.py`` during the test."""
    original = ImageDraw.ImageDraw.text

    def watched(self: ImageDraw.ImageDraw, *args: Any, **kw: Any) -> None:
        caller = Path(sys._getframe(1).f_code.co_filename).resolve()
        assert caller == RENDERERS / "kit.py", f"text drawn outside the kit: {caller}"
        original(self, *args, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", watched)


@pytest.mark.usefixtures("text_only_through_the_kit")
@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_picture_fits_a_phone(game: str, players: int) -> None:
    """At most 1,000 px wide, every glyph at least 22 px, in every language."""
    kit.clear_caches()  # tiles are measured as they are drawn, cold or cached alike
    problems: list[str] = []
    for i, state in enumerate(positions(game, players)):
        for kind, draw in pictures(game, players, state):
            for lang in LANGUAGES:
                with kit.glyph_sizes() as sizes:
                    im = draw(lang)
                where = f"{game} {players}p position {i} {kind} {lang}"
                if im.width > kit.PHONE_WIDTH:
                    problems.append(f"{where}: {im.width} px wide")
                if not sizes:
                    problems.append(f"{where}: no glyph measured")
                elif min(sizes) < kit.MIN_GLYPH:
                    problems.append(f"{where}: a glyph of {min(sizes):g} px "
                                    f"(sizes {sorted(set(sizes))[:6]})")
    assert not problems, "\n".join(problems[:20]) + f"\n({len(problems)} in all)"


def test_glyph_cache_notes_a_cached_tile_each_time() -> None:
    """A tile drawn once and pasted many times counts every time it is fetched."""
    kit.clear_caches()
    for _ in range(2):
        with kit.glyph_sizes() as sizes:
            duel.card_tile("lumber_yard", "en")
        assert sizes and min(sizes) >= kit.MIN_GLYPH


def test_no_renderer_reaches_pillow_text_or_fonts_but_the_kit() -> None:
    """Fonts, text and resizing (which would shrink a measured glyph) live in the kit."""
    for path in sorted(RENDERERS.glob("*.py")):
        if path.name == "kit.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                assert node.attr not in ("truetype", "ImageFont", "multiline_text",
                                         "resize", "thumbnail", "reduce"), (path.name, node.attr)
                if node.attr == "text" and isinstance(node.value, ast.Attribute):
                    assert node.value.attr != "draw", (path.name, node.lineno)
            if isinstance(node, ast.ImportFrom) and node.module == "PIL":
                assert "ImageFont" not in {a.name for a in node.names}, path.name
