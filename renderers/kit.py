"""Shared drawing kit for every game's board images.

Everything here is generic (no game rules): fonts with CJK coverage, a palette, cached text
masks, character-width wrapping, and icons drawn from primitives. Text and icons are expensive
to rasterise (~0.5 ms a string), so both are rendered once and cached as masks/sprites; a
board render is then mostly cheap ``paste`` calls.
"""

from __future__ import annotations

import io
import math
import struct
import threading
import zlib
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache, wraps
from importlib.resources import files
from typing import Literal, ParamSpec, TypeVar

from PIL import Image, ImageChops, ImageDraw, ImageFont

from i18n import DEFAULT, LANGUAGES
from i18n import t as i18n_t

RGB = tuple[int, int, int]
Color = str | RGB
Anchor = Literal["la", "lm", "ls", "ma", "mm", "ms", "ra", "rm", "rs", "lt", "mt", "rt"]

# -- palette ---------------------------------------------------------------------------

#: dark theme: Discord shows images on a dark background, and bright card colours pop on it.
BG: RGB = (30, 32, 38)
PANEL: RGB = (44, 47, 56)
PANEL_LIGHT: RGB = (60, 64, 76)
LINE: RGB = (86, 92, 108)
TEXT: RGB = (240, 242, 246)
TEXT_DIM: RGB = (170, 176, 190)
GOLD: RGB = (245, 196, 66)
HIGHLIGHT: RGB = (255, 214, 64)
DARK_TEXT: RGB = (24, 24, 28)

#: card colours shared by 7 Wonders and Duel (and reused for other games' categories).
CARD_COLORS: dict[str, RGB] = {
    "brown": (140, 90, 48),
    "grey": (150, 156, 166),
    "blue": (46, 110, 190),
    "green": (44, 140, 84),
    "yellow": (226, 172, 36),
    "red": (196, 52, 44),
    "purple": (124, 76, 166),
    "black": (40, 40, 44),
    "white": (226, 226, 226),
}

#: text colour that contrasts with each card colour.
CARD_TEXT: dict[str, RGB] = {
    "brown": TEXT,
    "grey": DARK_TEXT,
    "blue": TEXT,
    "green": TEXT,
    "yellow": DARK_TEXT,
    "red": TEXT,
    "purple": TEXT,
    "black": TEXT,
    "white": DARK_TEXT,
}

#: resource colours (7 Wonders' ore/loom included so the kit serves both games).
RESOURCE_COLORS: dict[str, RGB] = {
    "wood": (74, 122, 52),
    "clay": (196, 98, 52),
    "stone": (128, 132, 140),
    "ore": (80, 84, 96),
    "glass": (64, 176, 206),
    "papyrus": (226, 200, 132),
    "loom": (170, 90, 170),
    "textile": (170, 90, 170),  # 7 Wonders 2nd edition's name for loom
}

#: seat accent colours (distinct from the card colours).
SEAT_COLORS: list[RGB] = [
    (30, 200, 190),
    (255, 130, 60),
    (230, 90, 200),
    (130, 200, 60),
    (120, 140, 255),
    (255, 90, 110),
    (200, 200, 80),
]


def contrast_text(fill: RGB) -> RGB:
    """Dark or light text, whichever reads better on ``fill`` (perceived luminance)."""
    r, g, b = fill
    return DARK_TEXT if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else TEXT


def shade(c: RGB, factor: float) -> RGB:
    """``c`` darkened (factor < 1) or lightened toward white (factor > 1)."""
    if factor <= 1:
        return (int(c[0] * factor), int(c[1] * factor), int(c[2] * factor))
    t = min(factor - 1, 1.0)
    return (
        int(c[0] + (255 - c[0]) * t),
        int(c[1] + (255 - c[1]) * t),
        int(c[2] + (255 - c[2]) * t),
    )


# -- languages -------------------------------------------------------------------------


def language(lang: str) -> str:
    """``lang`` if the images can be drawn in it (one of ``i18n.LANGUAGES``), else English:
    an unknown locale gets a readable picture rather than a missing font face or word."""
    return lang if lang in LANGUAGES else DEFAULT


def word(lang: str, key: str, /, **params: Hashable) -> str:
    """``i18n.t(lang, key, **params)``, remembered: a board asks for the same few words with
    the same names and numbers render after render, and filling a template (English also
    makes "1 cards" singular) costs several times a cache hit."""
    if not params:  # a plain lookup is already cheaper than the cache
        return i18n_t(lang, key)
    try:
        return _word(lang, key, tuple(params.items()))
    except TypeError:  # an unhashable value (never passed today): not remembered
        return i18n_t(lang, key, **params)


@lru_cache(maxsize=4096)
def _word(lang: str, key: str, params: tuple[tuple[str, Hashable], ...]) -> str:
    return i18n_t(lang, key, **dict(params))


# -- the phone rule: every glyph measured --------------------------------------------

#: Pictures are laid out for a phone first: at most this wide, and no glyph (text or icon)
#: drawn smaller than ``MIN_GLYPH`` px, so that shown ~450 px wide nothing is under ~10 px.
PHONE_WIDTH = 1000
MIN_GLYPH = 22

#: sizes (px) of the glyphs drawn while a :func:`glyph_sizes` block is active (else None)
_GLYPHS: ContextVar[list[float] | None] = ContextVar("kit_glyphs", default=None)

P = ParamSpec("P")
R = TypeVar("R")


def note_glyph(px: float) -> None:
    """Record one glyph's size: the font size of a text, the height of an icon. Every text
    draw and icon fetch of the kit calls it, so a test reads the smallest from the layout."""
    rec = _GLYPHS.get()
    if rec is not None:
        rec.append(px)


@contextmanager
def glyph_sizes() -> Iterator[list[float]]:
    """The sizes of every glyph drawn inside the block (nested blocks see only their own)."""
    rec: list[float] = []
    token = _GLYPHS.set(rec)
    try:
        yield rec
    finally:
        _GLYPHS.reset(token)


def glyph_cache(maxsize: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """``lru_cache`` for a tile with text or icons drawn on it: the smallest glyph drawn
    while building it is remembered and noted again each time the tile is fetched, so a
    cached tile counts in the measure as if it were drawn afresh."""

    def deco(fn: Callable[P, R]) -> Callable[P, R]:
        @lru_cache(maxsize=maxsize)
        def build(*args: Hashable, **kw: Hashable) -> tuple[R, float | None]:
            with glyph_sizes() as rec:
                im = fn(*args, **kw)  # type: ignore[arg-type]
            return im, min(rec, default=None)

        @wraps(fn)
        def get(*args: P.args, **kw: P.kwargs) -> R:
            im, smallest = build(*args, **kw)  # type: ignore[arg-type]
            if smallest is not None:
                note_glyph(smallest)
            return im

        get.cache_clear = build.cache_clear  # type: ignore[attr-defined]
        _TILE_CACHES.append(build.cache_clear)
        return get

    return deco


_TILE_CACHES: list[Callable[[], None]] = []


# -- fonts -----------------------------------------------------------------------------

#: face index inside the Noto Sans CJK collection: Simplified / Traditional glyph shapes.
_FACE_INDEX = {"zh-CN": 2, "zh-TW": 3, "en": 2}


#: FreeType faces are not safe to use from two threads at once (boards render in
#: ``asyncio.to_thread``); every rasterisation or measurement holds this lock.
_FT_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def font_path() -> str:
    """Path of the bundled Noto Sans CJK collection (covers Latin and both Chinese scripts)."""
    return str(files("noto_cjk_sans_otc").joinpath("NotoSansCJK-Regular.ttc"))


@lru_cache(maxsize=128)
def font(size: int, lang: str = "en") -> ImageFont.FreeTypeFont:
    """The font at ``size`` px, loaded once; BASIC layout is faster and enough for CJK."""
    return ImageFont.truetype(
        font_path(),
        size,
        index=_FACE_INDEX.get(lang, 2),
        layout_engine=ImageFont.Layout.BASIC,
    )


def _stroke(size: int, bold: bool) -> int:
    """Only the Regular weight ships, so bold is a same-colour stroke."""
    return max(1, round(size / 22)) if bold else 0


@lru_cache(maxsize=8192)
def text_mask(
    text: str, size: int, lang: str = "en", bold: bool = False, anchor: str = "la"
) -> tuple[Image.Image, int, int]:
    """(mask, dx, dy): ``text`` rasterised once; paste it at (x + dx, y + dy) for ``anchor``."""
    f = font(size, lang)
    sw = _stroke(size, bold)
    with _FT_LOCK:
        box = f.getbbox(text, anchor=anchor, stroke_width=sw)
        left, top = math.floor(box[0]), math.floor(box[1])
        w, h = max(1, math.ceil(box[2]) - left), max(1, math.ceil(box[3]) - top)
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).text(
            (-left, -top), text, font=f, fill=255, anchor=anchor, stroke_width=sw, stroke_fill=255
        )
    return mask, left, top


def draw_text(
    im: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Color = TEXT,
    lang: str = "en",
    bold: bool = False,
    anchor: str = "la",
) -> int:
    """Draw ``text`` with a cached mask; returns its width (handy for laying out a row)."""
    if not text:
        return 0
    note_glyph(size)
    mask, dx, dy = text_mask(text, size, lang, bold, anchor)
    im.paste(fill, (int(xy[0]) + dx, int(xy[1]) + dy), mask)
    return mask.width


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, lang: str = "en", bold: bool = False) -> int:
    """Advance width of ``text`` in px."""
    f = font(size, lang)
    with _FT_LOCK:
        return math.ceil(f.getlength(text)) + 2 * _stroke(size, bold)


def _units(text: str) -> list[str]:
    """Break points: a Latin word keeps its trailing space; each CJK character stands alone."""
    units: list[str] = []
    word = ""
    for ch in text:
        if ord(ch) >= 0x2E80:  # CJK and full-width: a line may break before any of them
            if word:
                units.append(word)
                word = ""
            units.append(ch)
        elif ch == " ":
            units.append(word + " ")
            word = ""
        else:
            word += ch
    if word:
        units.append(word)
    return units


@lru_cache(maxsize=4096)
def wrap(
    text: str, size: int, max_width: int, lang: str = "en", max_lines: int = 2, bold: bool = False
) -> tuple[str, ...]:
    """Lines of ``text`` no wider than ``max_width``, wrapped by character width.

    Pillow cannot wrap Chinese (no spaces), so we fill greedily unit by unit; a word longer
    than a line is split by characters; overflow past ``max_lines`` ends with an ellipsis.
    """
    lines: list[str] = []
    cur = ""
    for unit in _units(text):
        cand = cur + unit
        if text_width(cand.rstrip(), size, lang, bold) <= max_width:
            cur = cand
            continue
        if cur:
            lines.append(cur.rstrip())
        cur = ""
        for ch in unit:  # the unit alone may be too wide: split it
            if text_width((cur + ch).rstrip(), size, lang, bold) <= max_width or not cur:
                cur += ch
            else:
                lines.append(cur)
                cur = ch
    if cur.strip():
        lines.append(cur.rstrip())
    if len(lines) > max_lines:
        last = lines[max_lines - 1]
        while last and text_width(last + "…", size, lang, bold) > max_width:
            last = last[:-1]
        lines = lines[: max_lines - 1] + [last.rstrip() + "…"]
    return tuple(lines)


def fit_lines(
    text: str,
    max_width: int,
    sizes: tuple[int, ...],
    lang: str = "en",
    max_lines: int = 2,
    bold: bool = False,
) -> tuple[tuple[str, ...], int]:
    """The largest size in ``sizes`` whose wrapping fits ``max_lines`` without an ellipsis."""
    for size in sizes:
        lines = wrap(text, size, max_width, lang, max_lines + 1, bold)
        if len(lines) <= max_lines:
            return lines, size
    size = sizes[-1]
    return wrap(text, size, max_width, lang, max_lines, bold), size


def draw_lines(
    im: Image.Image,
    center: tuple[float, float],
    lines: tuple[str, ...] | list[str],
    size: int,
    fill: Color = TEXT,
    lang: str = "en",
    bold: bool = False,
    leading: float = 1.15,
) -> None:
    """Draw ``lines`` centred as a block on ``center``."""
    step = size * leading
    y0 = center[1] - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        draw_text(im, (center[0], y0 + i * step), line, size, fill, lang, bold, anchor="mm")


def clip(text: str, size: int, max_w: int, lang: str, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to fit one line of ``max_w`` px (long player names)."""
    return (wrap(text, size, max_w, lang, 1, bold) or ("",))[0]


def seat_name(names: Sequence[str], seat: int) -> str:
    """The player's name at ``seat``, or "Player n" when none was given."""
    return names[seat] if seat < len(names) and names[seat] else f"Player {seat + 1}"


# -- sprites ---------------------------------------------------------------------------

_SS = 4  # supersampling factor: Pillow's primitives are not anti-aliased
_SPRITES: dict[Hashable, Image.Image] = {}


def sprite(
    key: Hashable, size: tuple[int, int], draw: Callable[[ImageDraw.ImageDraw, float], None]
) -> Image.Image:
    """An RGBA sprite drawn once at 4x by ``draw(d, scale)`` in unit coordinates, then
    cached; an icon, so its height is noted as a glyph each time it is fetched."""
    note_glyph(size[1])
    cached = _SPRITES.get(key)
    if cached is not None:
        return cached
    big = Image.new("RGBA", (size[0] * _SS, size[1] * _SS), (0, 0, 0, 0))
    draw(ImageDraw.Draw(big), float(_SS))
    img = big.resize(size, Image.Resampling.LANCZOS)
    _SPRITES[key] = img
    return img


def paste(im: Image.Image, spr: Image.Image, xy: tuple[float, float], center: bool = False) -> None:
    """Alpha-paste ``spr`` at ``xy`` (its top-left, or its centre)."""
    x, y = int(xy[0]), int(xy[1])
    if center:
        x -= spr.width // 2
        y -= spr.height // 2
    im.paste(spr, (x, y), spr)


def _circle(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, **kw: object) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), **kw)  # type: ignore[arg-type]


def coin(size: int) -> Image.Image:
    """A gold coin (the value, if any, is drawn on top by the caller as text)."""

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        r = size * s / 2
        _circle(d, r, r, r - s, fill=(186, 134, 20))
        _circle(d, r, r, r * 0.84, fill=(250, 204, 72))
        _circle(d, r, r, r * 0.84, outline=(206, 150, 30), width=int(s))

    return sprite(("coin", size), (size, size), draw)


def coin_value(im: Image.Image, xy: tuple[float, float], size: int, value: int | str) -> None:
    """A coin centred on ``xy`` with ``value`` written on it (never under the phone rule's
    smallest glyph: give the coin room, 28 px or more)."""
    paste(im, coin(size), xy, center=True)
    draw_text(
        im,
        (xy[0], xy[1] + 1),
        str(value),
        max(MIN_GLYPH, int(size * 0.62)),
        DARK_TEXT,
        bold=True,
        anchor="mm",
    )


def shield(size: int) -> Image.Image:
    """A red military shield."""

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        w = h = size * s
        pts = [
            (w * 0.1, h * 0.08),
            (w * 0.9, h * 0.08),
            (w * 0.88, h * 0.5),
            (w * 0.5, h * 0.96),
            (w * 0.12, h * 0.5),
        ]
        d.polygon(pts, fill=(214, 50, 40), outline=(120, 20, 16), width=int(s * 1.5))
        d.line([(w * 0.5, h * 0.16), (w * 0.5, h * 0.84)], fill=(255, 200, 190), width=int(s * 1.5))

    return sprite(("shield", size), (size, size), draw)


def resource(kind: str, size: int) -> Image.Image:
    """A resource chip: a rounded square in the resource's colour (letter drawn by caller)."""
    fill = RESOURCE_COLORS.get(kind, (120, 120, 120))
    raw = kind in ("wood", "clay", "stone", "ore")

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        w = size * s
        if raw:  # raw materials square, manufactured goods round: readable without colour
            d.rounded_rectangle(
                (s, s, w - s, w - s),
                radius=w * 0.2,
                fill=fill,
                outline=shade(fill, 0.55),
                width=int(s * 1.5),
            )
        else:
            _circle(
                d, w / 2, w / 2, w / 2 - s, fill=fill, outline=shade(fill, 0.55), width=int(s * 1.5)
            )

    return sprite(("res", kind, size), (size, size), draw)


def resource_chip(
    im: Image.Image,
    xy: tuple[float, float],
    kind: str,
    size: int,
    label: str,
    lang: str = "en",
    bold: bool = True,
) -> None:
    """A resource icon centred on ``xy`` with a one-glyph ``label`` (W, 木): colour-blind safe.

    ``bold=False`` keeps dense CJK glyphs (礦, 紙) crisp on small chips.
    """
    paste(im, resource(kind, size), xy, center=True)
    fill = contrast_text(RESOURCE_COLORS.get(kind, (120, 120, 120)))
    draw_text(
        im, (xy[0], xy[1]), label, max(MIN_GLYPH, int(size * 0.6)), fill, lang, bold=bold,
        anchor="mm",
    )


def vp_badge(size: int) -> Image.Image:
    """A laurel-green disc for victory points (value drawn by the caller)."""

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        r = size * s / 2
        _circle(d, r, r, r - s, fill=(46, 150, 70), outline=(20, 80, 34), width=int(s * 1.5))
        for i in range(7):  # laurel leaves around the rim
            a = math.pi * (0.75 + i * 0.25)
            for side in (-1, 1):
                ang = math.pi / 2 + side * (a - math.pi / 2)
                x, y = r + math.cos(ang) * r * 0.78, r + math.sin(ang) * r * 0.78
                _circle(d, x, y, r * 0.1, fill=(160, 220, 140))

    return sprite(("vp", size), (size, size), draw)


def vp_value(im: Image.Image, xy: tuple[float, float], size: int, value: int | str) -> None:
    """A VP badge centred on ``xy`` with ``value``."""
    paste(im, vp_badge(size), xy, center=True)
    draw_text(im, xy, str(value), max(MIN_GLYPH, int(size * 0.58)), TEXT, bold=True, anchor="mm")


def chain_link(size: int, color: RGB = (235, 235, 235)) -> Image.Image:
    """Two interlocked links: the free-construction chain symbol."""

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        w = size * s
        lw = max(2, int(w * 0.12))
        d.rounded_rectangle(
            (w * 0.06, w * 0.3, w * 0.6, w * 0.7),
            radius=w * 0.2,
            outline=shade(color, 0.5),
            width=lw + int(s),
        )
        d.rounded_rectangle(
            (w * 0.4, w * 0.3, w * 0.94, w * 0.7),
            radius=w * 0.2,
            outline=shade(color, 0.5),
            width=lw + int(s),
        )
        d.rounded_rectangle(
            (w * 0.06, w * 0.3, w * 0.6, w * 0.7), radius=w * 0.2, outline=color, width=lw
        )
        d.rounded_rectangle(
            (w * 0.4, w * 0.3, w * 0.94, w * 0.7), radius=w * 0.2, outline=color, width=lw
        )

    return sprite(("chain", size, color), (size, size), draw)


def again_arrow(size: int, color: RGB = (250, 250, 250)) -> Image.Image:
    """A circular arrow: "play again"."""

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        w = size * s
        _circle(d, w / 2, w / 2, w / 2 - s, fill=(60, 120, 200))
        lw = max(2, int(w * 0.1))
        d.arc((w * 0.22, w * 0.22, w * 0.78, w * 0.78), 40, 320, fill=color, width=lw)
        ax, ay = (
            w / 2 + w * 0.28 * math.cos(math.radians(40)),
            w / 2 + w * 0.28 * math.sin(math.radians(40)),
        )
        d.polygon(
            [(ax - w * 0.16, ay), (ax + w * 0.12, ay + w * 0.02), (ax, ay - w * 0.2)], fill=color
        )

    return sprite(("again", size, color), (size, size), draw)


def disc(size: int, fill: RGB, rim: RGB | None = None) -> Image.Image:
    """A plain token disc (progress tokens, markers)."""

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        r = size * s / 2
        _circle(d, r, r, r - s, fill=rim or shade(fill, 0.6))
        _circle(d, r, r, r * 0.86, fill=fill)

    return sprite(("disc", size, fill, rim), (size, size), draw)


def pawn(size: int, fill: RGB = (220, 40, 40)) -> Image.Image:
    """The conflict pawn: a tall rounded marker."""

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        w, h = size * s * 0.6, size * s
        d.polygon(
            [(w * 0.5, h * 0.98), (w * 0.08, h * 0.5), (w * 0.92, h * 0.5)], fill=shade(fill, 0.7)
        )
        _circle(d, w / 2, h * 0.4, w * 0.44, fill=fill, outline=(255, 255, 255), width=int(s * 2))
        _circle(d, w / 2, h * 0.4, w * 0.16, fill=(255, 255, 255))

    return sprite(("pawn", size, fill), (int(size * 0.6), size), draw)


# -- science symbols -------------------------------------------------------------------


def _glyph(d: ImageDraw.ImageDraw, symbol: str, w: float, c: RGB, lw: int, bg: RGB) -> None:
    """One science glyph in a ``w``-wide box; each is a distinct silhouette, not a letter."""
    m = w / 2
    if symbol in ("armillary_sphere", "globe"):
        _circle(d, m, m, w * 0.3, outline=c, width=lw)
        d.ellipse((w * 0.2, w * 0.4, w * 0.8, w * 0.6), outline=c, width=lw)
        d.line([(w * 0.28, w * 0.26), (w * 0.72, w * 0.74)], fill=c, width=lw)
    elif symbol in ("scales", "law"):
        d.line([(m, w * 0.18), (m, w * 0.8)], fill=c, width=lw)
        d.line([(w * 0.2, w * 0.3), (w * 0.8, w * 0.3)], fill=c, width=lw)
        for x in (w * 0.26, w * 0.74):
            d.line([(x, w * 0.3), (x - w * 0.1, w * 0.55)], fill=c, width=lw // 2 + 1)
            d.line([(x, w * 0.3), (x + w * 0.1, w * 0.55)], fill=c, width=lw // 2 + 1)
            d.chord((x - w * 0.13, w * 0.42, x + w * 0.13, w * 0.66), 0, 180, fill=c)
        d.line([(w * 0.35, w * 0.8), (w * 0.65, w * 0.8)], fill=c, width=lw)
    elif symbol == "sundial":
        d.pieslice((w * 0.16, w * 0.3, w * 0.84, w * 0.98), 180, 360, outline=c, width=lw)
        for a in (200, 235, 270, 305, 340):
            x = m + math.cos(math.radians(a)) * w * 0.3
            y = w * 0.64 + math.sin(math.radians(a)) * w * 0.3
            d.line([(m, w * 0.64), (x, y)], fill=c, width=max(1, lw // 2))
        d.line([(w * 0.12, w * 0.66), (w * 0.88, w * 0.66)], fill=c, width=lw)
    elif symbol in ("mortar_pestle", "mortar"):
        d.line([(w * 0.6, w * 0.16), (w * 0.42, w * 0.56)], fill=c, width=lw + 1)
        d.chord((w * 0.18, w * 0.32, w * 0.82, w * 0.86), 0, 180, fill=c)
        d.rectangle((w * 0.34, w * 0.8, w * 0.66, w * 0.86), fill=c)
    elif symbol in ("plumb_bob", "plumb"):
        d.line([(w * 0.2, w * 0.16), (w * 0.8, w * 0.16)], fill=c, width=lw)
        d.line([(m, w * 0.16), (m, w * 0.46)], fill=c, width=max(1, lw // 2))
        d.polygon([(w * 0.34, w * 0.5), (w * 0.66, w * 0.5), (m, w * 0.88)], fill=c)
    elif symbol in ("quill", "feather"):
        d.polygon(
            [
                (w * 0.8, w * 0.12),
                (w * 0.58, w * 0.2),
                (w * 0.34, w * 0.56),
                (w * 0.42, w * 0.62),
                (w * 0.72, w * 0.36),
            ],
            fill=c,
        )
        d.line([(w * 0.38, w * 0.6), (w * 0.2, w * 0.86)], fill=c, width=lw)
        d.ellipse((w * 0.14, w * 0.78, w * 0.34, w * 0.9), outline=c, width=max(1, lw // 2))
    elif symbol == "wheel":
        _circle(d, m, m, w * 0.32, outline=c, width=lw)
        _circle(d, m, m, w * 0.07, fill=c)
        for a in range(0, 360, 45):
            d.line(
                [
                    (m, m),
                    (
                        m + math.cos(math.radians(a)) * w * 0.3,
                        m + math.sin(math.radians(a)) * w * 0.3,
                    ),
                ],
                fill=c,
                width=max(1, lw // 2),
            )
    elif symbol == "gear":
        for a in range(0, 360, 45):
            x, y = m + math.cos(math.radians(a)) * w * 0.3, m + math.sin(math.radians(a)) * w * 0.3
            _circle(d, x, y, w * 0.08, fill=c)
        _circle(d, m, m, w * 0.28, fill=c)
        _circle(d, m, m, w * 0.1, fill=bg)
    elif symbol == "tablet":
        d.rounded_rectangle(
            (w * 0.26, w * 0.16, w * 0.74, w * 0.84), radius=w * 0.06, outline=c, width=lw
        )
        for y in (0.34, 0.5, 0.66):
            d.line([(w * 0.34, w * y), (w * 0.66, w * y)], fill=c, width=max(1, lw // 2))
    elif symbol == "compass":
        d.line([(m, w * 0.16), (w * 0.28, w * 0.84)], fill=c, width=lw)
        d.line([(m, w * 0.16), (w * 0.72, w * 0.84)], fill=c, width=lw)
        d.arc((w * 0.2, w * 0.3, w * 0.8, w * 0.9), 30, 150, fill=c, width=max(1, lw // 2))
        _circle(d, m, w * 0.16, w * 0.06, fill=c)
    else:  # unknown symbol: a question mark keeps the image honest
        d.arc((w * 0.3, w * 0.16, w * 0.7, w * 0.56), 180, 90, fill=c, width=lw)
        _circle(d, m, w * 0.8, w * 0.05, fill=c)


def science(symbol: str, size: int, fill: RGB = (44, 140, 84)) -> Image.Image:
    """A science symbol on a rounded green plate."""

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        w = size * s
        d.rounded_rectangle(
            (s, s, w - s, w - s),
            radius=w * 0.22,
            fill=fill,
            outline=shade(fill, 0.5),
            width=int(s * 1.5),
        )
        _glyph(d, symbol, w, (250, 250, 240), max(2, int(w * 0.08)), fill)

    return sprite(("sci", symbol, size, fill), (size, size), draw)


# -- cards -----------------------------------------------------------------------------


def card_back(
    w: int, h: int, base: RGB, label: str, accent: RGB = GOLD, pattern: str = "lines"
) -> Image.Image:
    """The back of a face-down card: coloured, patterned, with a big label (I/II/III, G)."""
    key = ("back", w, h, base, label, accent, pattern)
    cached = _SPRITES.get(key)
    s = _SS
    r = min(w * s, h * s) * 0.22
    note_glyph(int(r / s))  # the label drawn on it
    if cached is not None:
        return cached
    W, H = w * s, h * s
    inset = 7 * s
    big = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle(
        (0, 0, W - 1, H - 1), radius=10 * s, fill=base, outline=shade(base, 0.5), width=2 * s
    )
    layer = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    ld = ImageDraw.Draw(layer)
    light = shade(base, 1.18)
    if pattern == "lines":
        step = 14 * s
        x = -H
        while x < W:
            ld.line([(x, H), (x + H, 0)], fill=light, width=2 * s)
            x += step
    else:  # "diamonds": guild backs must be told apart at a glance
        step = 22 * s
        for gy in range(H // step + 2):
            for gx in range(W // step + 2):
                cx, cy = gx * step + (step / 2 if gy % 2 else 0), gy * step
                k = step * 0.3
                ld.polygon([(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)], fill=light)
    clip = Image.new("L", (W, H), 0)
    ImageDraw.Draw(clip).rounded_rectangle(
        (inset, inset, W - inset, H - inset), radius=6 * s, fill=255
    )
    big.paste(layer, (0, 0), _and_masks(layer, clip))
    d.rounded_rectangle(
        (inset, inset, W - inset, H - inset), radius=6 * s, outline=shade(accent, 0.9), width=2 * s
    )
    _circle(d, W / 2, H / 2, r, fill=shade(base, 0.6), outline=accent, width=2 * s)
    img = big.resize((w, h), Image.Resampling.LANCZOS)
    draw_text(img, (w / 2, h / 2 + 1), label, int(r / s), accent, bold=True, anchor="mm")
    _SPRITES[key] = img
    return img


def _and_masks(layer: Image.Image, clip: Image.Image) -> Image.Image:
    """The layer's alpha limited to ``clip`` (both full-size)."""
    return ImageChops.multiply(layer.getchannel("A"), clip)


def rounded_panel(
    im: Image.Image,
    box: tuple[float, float, float, float],
    fill: Color = PANEL,
    outline: Color | None = None,
    width: int = 2,
    radius: int = 12,
) -> None:
    """A rounded rectangle panel."""
    ImageDraw.Draw(im).rounded_rectangle(
        box, radius=radius, fill=fill, outline=outline, width=width
    )


def banded_card(
    w: int,
    h: int,
    band_h: int,
    fill: RGB,
    title: str,
    sizes: tuple[int, ...],
    lang: str,
    *,
    radius: int,
    width: int,
    pad: int,
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank building card: a parchment body outlined in a darker ``fill`` under a
    ``fill`` band of ``band_h`` px holding ``title`` in bold (up to two lines, ``pad`` px
    narrower than the card). Returns the image and a drawer for the rest of the face."""
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1),
        radius=radius,
        fill=(236, 230, 214),
        outline=shade(fill, 0.6),
        width=width,
    )
    d.rounded_rectangle((0, 0, w - 1, band_h), radius=radius, fill=fill)
    d.rectangle((2, band_h - 10, w - 3, band_h), fill=fill)
    lines, size = fit_lines(title, w - pad, sizes, lang, 2, bold=True)
    draw_lines(
        im, (w / 2, band_h / 2 + 1), lines, size, contrast_text(fill), lang, bold=True, leading=1.08
    )
    return im, d


def roman(n: int) -> str:
    """Age numerals as printed on the cards."""
    return {1: "I", 2: "II", 3: "III", 4: "IV"}.get(n, str(n))


def clear_caches() -> None:
    """Drop every cached mask and sprite (tests measuring cold renders)."""
    _SPRITES.clear()
    text_mask.cache_clear()
    text_width.cache_clear()
    wrap.cache_clear()
    _word.cache_clear()
    for clear in _TILE_CACHES:
        clear()


# -- encoding --------------------------------------------------------------------------

#: at most this many colours in a picture the bot sends (an 8-bit palette PNG)
PALETTE_COLOURS = 256
#: zlib level of those pictures: 6 is about 12 ms for a board, 9 saves 8% more bytes for
#: 6 times as long, 2 loses 20%
PNG_LEVEL = 6


def encode(im: Image.Image, colours: int = PALETTE_COLOURS) -> bytes:
    """The PNG the bot sends: an 8-bit palette of at most ``colours`` colours, about a
    third of the bytes of the lossless RGB file (:func:`png_bytes`) for about 10 ms more.

    Our pictures are flat fills, text and icons in a few dozen colours plus the
    anti-aliased edges between them (a few thousand colours in all), so an adaptive
    palette (Pillow's fast octree, about 12 ms for a board) leaves fills, glyphs and icons
    looking as drawn. No dithering: it would sprinkle noise over flat fills and the edges
    of small text (CJK strokes included). Measured on boards of every game at 256
    colours: a pixel is off by about 1 level in 255 on average; under 1% of them (edges in
    rare blends) by more than 16, under 0.1% by more than 32. A game sending many pictures
    may ask for fewer ``colours`` (coarser edges, fewer bytes). A picture of that many
    colours or fewer keeps them exactly. Deterministic: the same picture always gives the
    same bytes.
    """
    if im.mode not in ("RGB", "RGBA"):
        im = im.convert("RGB")
    found = im.getcolors(colours) if im.mode == "RGB" else None
    if found:  # few colours (gives up at once when there are more): all of them, exactly
        palette = Image.new("P", (1, 1))
        palette.putpalette([v for _, rgb in found if isinstance(rgb, tuple) for v in rgb])
        indexed = im.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        indexed = im.quantize(colours, method=Image.Quantize.FASTOCTREE,
                              dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, "PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(im: Image.Image, level: int = 2) -> bytes:
    """Encode an RGB(A) image as a lossless PNG, faster than ``Image.save`` (every pixel
    as drawn; the bot sends the smaller :func:`encode`).

    Pillow runs an adaptive per-row filter pass before deflating; on flat UI pictures like
    ours that pass costs more than the compression and gains nothing (filter "None" gives a
    file as small or smaller), so we write the rows unfiltered at a low zlib level. Same
    standard PNG; about 60% of Pillow's encoding time for a board.
    """
    if im.mode not in ("RGB", "RGBA"):
        im = im.convert("RGB")
    w, h = im.size
    stride = w * len(im.mode)
    raw = im.tobytes()
    rows = b"".join(b"\x00" + raw[i : i + stride] for i in range(0, stride * h, stride))
    colour_type = 2 if im.mode == "RGB" else 6
    header = struct.pack(">IIBBBBB", w, h, 8, colour_type, 0, 0, 0)
    return (
        _PNG_MAGIC
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(rows, level))
        + _chunk(b"IEND", b"")
    )


# == Innovation icons (added for renderers/innovation.py) ===============================
# The six board icons of Innovation and the hexagon, drawn from primitives: a coloured
# plate (the icon's colour) with a white glyph whose silhouette alone tells them apart.

#: plate colour of each Innovation icon.
INNO_ICON_COLORS: dict[str, RGB] = {
    "crown": (212, 160, 24),
    "leaf": (52, 146, 62),
    "lightbulb": (140, 82, 184),
    "castle": (96, 100, 112),
    "factory": (184, 72, 40),
    "clock": (40, 118, 200),
}


def _hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A flat-sided hexagon (pointy left and right) centred on (cx, cy)."""
    return [
        (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
        for a in range(0, 360, 60)
    ]


def _inno_glyph(d: ImageDraw.ImageDraw, kind: str, w: float, c: RGB, bg: RGB) -> None:
    """The white glyph of one Innovation icon in a ``w``-wide box."""
    m = w / 2
    lw = max(2, int(w * 0.07))
    if kind == "crown":
        base = w * 0.72
        d.polygon(
            [
                (w * 0.24, base),
                (w * 0.2, w * 0.36),
                (w * 0.38, w * 0.52),
                (m, w * 0.28),
                (w * 0.62, w * 0.52),
                (w * 0.8, w * 0.36),
                (w * 0.76, base),
            ],
            fill=c,
        )
        d.rectangle((w * 0.24, base + w * 0.04, w * 0.76, base + w * 0.12), fill=c)
        for x, y in ((w * 0.2, w * 0.32), (m, w * 0.24), (w * 0.8, w * 0.32)):
            _circle(d, x, y, w * 0.065, fill=c)
    elif kind == "leaf":
        pts: list[tuple[float, float]] = []
        n = 24
        # a lens along the diagonal from bottom-left to top-right
        x0, y0, x1, y1 = w * 0.22, w * 0.8, w * 0.82, w * 0.18
        dx, dy = x1 - x0, y1 - y0
        nx, ny = -dy, dx
        for i in range(n + 1):
            t = i / n
            bulge = math.sin(math.pi * t) * 0.32
            pts.append((x0 + dx * t + nx * bulge, y0 + dy * t + ny * bulge))
        for i in range(n, -1, -1):
            t = i / n
            bulge = math.sin(math.pi * t) * 0.32
            pts.append((x0 + dx * t - nx * bulge, y0 + dy * t - ny * bulge))
        d.polygon(pts, fill=c)
        d.line([(w * 0.14, w * 0.88), (w * 0.7, w * 0.3)], fill=bg, width=max(1, lw // 2 + 1))
        d.line([(w * 0.12, w * 0.9), (w * 0.26, w * 0.76)], fill=c, width=lw)
    elif kind == "lightbulb":
        _circle(d, m, w * 0.4, w * 0.24, fill=c)
        d.polygon(
            [(w * 0.36, w * 0.5), (w * 0.64, w * 0.5), (w * 0.6, w * 0.68), (w * 0.4, w * 0.68)],
            fill=c,
        )
        for y in (0.72, 0.8):
            d.rectangle((w * 0.39, w * y, w * 0.61, w * (y + 0.05)), fill=c)
        d.arc((w * 0.28, w * 0.22, w * 0.56, w * 0.5), 190, 260, fill=bg, width=max(1, lw // 2))
    elif kind == "castle":
        top = w * 0.3
        d.rectangle((w * 0.18, top + w * 0.08, w * 0.82, w * 0.84), fill=c)
        for i in range(4):  # battlements
            x = w * (0.18 + i * 0.18)
            d.rectangle((x, top - w * 0.04, x + w * 0.1, top + w * 0.1), fill=c)
        d.chord((w * 0.4, w * 0.52, w * 0.6, w * 0.72), 180, 360, fill=bg)
        d.rectangle((w * 0.4, w * 0.62, w * 0.6, w * 0.84), fill=bg)
    elif kind == "factory":
        ground = w * 0.82
        d.rectangle((w * 0.62, w * 0.26, w * 0.74, ground), fill=c)  # chimney
        d.polygon(
            [
                (w * 0.14, ground),
                (w * 0.14, w * 0.42),
                (w * 0.32, w * 0.56),
                (w * 0.32, w * 0.42),
                (w * 0.5, w * 0.56),
                (w * 0.5, w * 0.42),
                (w * 0.68, w * 0.56),
                (w * 0.86, w * 0.56),
                (w * 0.86, ground),
            ],
            fill=c,
        )
        _circle(d, w * 0.74, w * 0.19, w * 0.05, fill=c)
        for x in (0.22, 0.4, 0.58):
            d.rectangle((w * x, w * 0.64, w * (x + 0.08), w * 0.72), fill=bg)
    elif kind == "clock":
        _circle(d, m, m, w * 0.32, outline=c, width=lw + 1)
        d.line([(m, m), (m, w * 0.3)], fill=c, width=lw)
        d.line([(m, m), (w * 0.66, w * 0.6)], fill=c, width=lw)
        for a in range(0, 360, 90):
            rad = math.radians(a)
            r = w * 0.25
            _circle(d, m + math.cos(rad) * r, m + math.sin(rad) * r, w * 0.025, fill=c)
        _circle(d, m, m, w * 0.05, fill=c)
    else:  # unknown: a question mark keeps the image honest
        d.arc((w * 0.3, w * 0.16, w * 0.7, w * 0.56), 180, 90, fill=c, width=lw)
        _circle(d, m, w * 0.8, w * 0.05, fill=c)


def inno_icon(kind: str, size: int) -> Image.Image:
    """One Innovation icon (crown, leaf, lightbulb, castle, factory, clock): a rounded plate
    in the icon's colour, ringed white and dark so it reads on any card colour."""
    fill = INNO_ICON_COLORS.get(kind, (120, 120, 120))

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        w = size * s
        d.rounded_rectangle((0, 0, w - 1, w - 1), radius=w * 0.24, fill=(20, 20, 24))
        d.rounded_rectangle(
            (w * 0.05, w * 0.05, w * 0.95, w * 0.95), radius=w * 0.2, fill=(250, 250, 250)
        )
        d.rounded_rectangle((w * 0.1, w * 0.1, w * 0.9, w * 0.9), radius=w * 0.17, fill=fill)
        _inno_glyph(d, kind, w, (255, 255, 255), fill)

    return sprite(("inno_icon", kind, size), (size, size), draw)


def inno_hex(size: int, fill: RGB = (40, 40, 46), rim: RGB = (230, 230, 230)) -> Image.Image:
    """The hexagon of an Innovation card (the picture spot: no icon); text goes on top."""

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        w = size * s
        d.polygon(_hex_points(w / 2, w / 2, w * 0.5 - s), fill=(20, 20, 24))
        d.polygon(_hex_points(w / 2, w / 2, w * 0.45 - s), fill=rim)
        d.polygon(_hex_points(w / 2, w / 2, w * 0.39 - s), fill=fill)

    return sprite(("inno_hex", size, fill, rim), (size, size), draw)
