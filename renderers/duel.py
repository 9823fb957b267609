"""7 Wonders Duel board image: ``render_board(view, lang, player_names) -> PNG bytes``.

The picture mirrors the table: status line, military track with looting tokens, the Age
structure (or the wonders on offer during the draft, or the final scores), and both cities
side by side (seat 0 on the left, beside its capital). Card and wonder tiles are drawn once
per language and cached, so a render is mostly pastes (well under 100 ms). The words are
``duel.render.*`` keys of the locale files, read through the one translation layer (``i18n``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.duel import catalogue as cat
from engines.duel.view import DuelView, PlayerView, WonderView
from i18n import LANGUAGES, has
from renderers import kit

GAME = "duel"
WIDTH = kit.PHONE_WIDTH  # laid out for a phone first (issue 18)
MARGIN = 16
HEADER_H = 60
TRACK_H = 150
STRUCT_Y = HEADER_H + 8 + TRACK_H
CARD_W, CARD_H = 150, 150
HALF = (CARD_W + 8) // 2  # one half-card column unit of the layouts
BAND_H = 52
#: centre of the effect row, just under the band: what a covered card still shows is what
#: it does (its cost matters only once it is accessible, and then the whole card shows)
EFFECT_Y = BAND_H + 19
COST_Y = BAND_H + 40 + (CARD_H - BAND_H - 40) // 2  # centre of the cost row
ROW_STEP = BAND_H + 38  # rows overlap as dealt, leaving band and effect row visible
CITY_W = (WIDTH - 3 * MARGIN) // 2
COLORS = ("brown", "grey", "blue", "green", "yellow", "red", "purple")
VICTORY_TERM = {
    "military": "military_supremacy",
    "science": "scientific_supremacy",
    "civilian": "civilian_victory",
}
BACK_STYLE: dict[str, tuple[kit.RGB, str, str]] = {
    "age1": ((128, 84, 42), "I", "lines"),
    "age2": ((52, 100, 150), "II", "lines"),
    "age3": ((116, 58, 112), "III", "lines"),
    "guild": ((52, 30, 78), "G", "diamonds"),
}
WONDER_FILL: kit.RGB = (196, 170, 118)
SCALE_ORDER = ("military", "blue", "green", "yellow", "purple", "wonders", "tokens", "coins")
#: prompt kinds with their own status line ("{name} to ..."), a ``duel.render.*`` key each
STATUS_KINDS = ("draft", "token", "library", "destroy", "revive")


def ui(key: str, lang: str, **params: Hashable) -> str:
    """A renderer word: ``duel.render.<key>`` of the locale files (English if missing)."""
    return kit.word(lang, f"{GAME}.render.{key}", **params)


@lru_cache(maxsize=8)
def res_letters(lang: str) -> dict[str, str]:
    """The glyph on each resource's chip (so the icons read without colour), per language:
    looked up once, the chips are drawn many times a render."""
    return {res: ui(f"res.{res}", lang) for res in cat.RESOURCES}


def name(item_id: str, lang: str) -> str:
    """Display name of a card/wonder/token/term from the catalogue."""
    return cat.name(item_id, lang)


# -- icon rows -------------------------------------------------------------------------

Item = tuple[str, object, object]


def cost_items(cost: cat.Cost) -> list[Item]:
    """Icons of a printed cost: coins, then one chip per resource unit."""
    items: list[Item] = []
    if cost.coins:
        items.append(("coin", cost.coins, None))
    for res in cat.RESOURCES:
        n = cost.resources.get(res, 0)  # type: ignore[call-overload]
        items.extend(("res", res, None) for _ in range(n))
    return items


def effect_items(effects: Sequence[cat.Effect]) -> list[Item]:
    """Icons summarising what a card or wonder does (our own pictograms, no card text)."""
    items: list[Item] = []
    for e in effects:
        t = e.type
        if t == "produce":
            items.extend(("res", e.resource, None) for _ in range(e.amount or 1))
        elif t == "produce_one_of":
            items.append(("oneof", tuple(e.resources), None))
        elif t == "fixed_trade_price":
            items.append(("fixed", tuple(e.resources), None))
        elif t == "shields":
            items.extend(("shield", None, None) for _ in range(e.amount or 1))
        elif t == "science_symbol":
            items.append(("sci", e.symbol, None))
        elif t == "vp":
            items.append(("vp", e.amount, None))
        elif t == "coins":
            items.append(("coin", e.amount, None))
        elif t in ("coins_per", "vp_per") and e.counter is not None:
            what = e.counter.colors if e.counter.what == "cards" else e.counter.what
            items.append(("per", ("coin" if t == "coins_per" else "vp", e.amount), what))
        elif t == "extra_turn":
            items.append(("again", None, None))
        elif t == "opponent_loses_coins":
            items.append(("lose", e.amount, None))
        elif t == "destroy_opponent_card":
            items.append(("destroy", e.color, None))
        elif t == "build_from_discard":
            items.append(("revive", None, None))
        elif t == "progress_token_from_box":
            items.append(("library", e.draw, None))
    return items


def _g(px: float) -> int:
    """A glyph's size, never under the phone rule's smallest."""
    return max(kit.MIN_GLYPH, int(px))


def _item_width(item: Item, size: int) -> int:
    kind, a, _ = item
    if kind == "oneof" or kind == "fixed":
        n = len(a)  # type: ignore[arg-type]
        return n * _g(size * 0.8) + (n - 1) * 2 + (_g(size * 0.9) if kind == "fixed" else 0)
    if kind == "per":
        what = item[2]
        n = len(what) if isinstance(what, tuple) else 1
        return size + 10 + n * _g(size * 0.55)
    return size


def items_width(items: list[Item], size: int, gap: int = 3) -> int:
    """Total width of an icon row."""
    return sum(_item_width(i, size) for i in items) + gap * max(0, len(items) - 1)


def draw_items(
    im: Image.Image, x: float, cy: float, items: list[Item], size: int, lang: str, gap: int = 3
) -> float:
    """Draw an icon row starting at ``x``, vertically centred on ``cy``; returns the end x."""
    letters = res_letters(lang)
    for item in items:
        kind, a, b = item
        w = _item_width(item, size)
        cx = x + w / 2
        if kind == "coin":
            kit.coin_value(im, (cx, cy), size, a)  # type: ignore[arg-type]
        elif kind == "res":
            kit.resource_chip(im, (cx, cy), str(a), size, letters[str(a)], lang)
        elif kind == "shield":
            kit.paste(im, kit.shield(size), (cx, cy), center=True)
        elif kind == "sci":
            kit.paste(im, kit.science(str(a), size), (cx, cy), center=True)
        elif kind == "vp":
            kit.vp_value(im, (cx, cy), size, a)  # type: ignore[arg-type]
        elif kind == "again":
            kit.paste(im, kit.again_arrow(size), (cx, cy), center=True)
        elif kind == "lose":
            kit.paste(im, kit.coin(size), (cx, cy), center=True)
            kit.draw_text(
                im, (cx, cy + 1), f"-{a}", _g(size * 0.55), (190, 20, 20), bold=True, anchor="mm"
            )
        elif kind in ("oneof", "fixed"):
            small = _g(size * 0.8)
            px = x
            for res in a:  # type: ignore[attr-defined]
                kit.resource_chip(im, (px + small / 2, cy), res, small, letters[res], lang)
                px += small + 2
            if kind == "oneof":  # a slash bar under the chips: "one of these"
                ImageDraw.Draw(im).line(
                    [(x, cy + small / 2 + 2), (px - 2, cy + small / 2 + 2)], fill=kit.GOLD, width=2
                )
            else:
                kit.coin_value(im, (px + _g(size * 0.9) / 2, cy), _g(size * 0.9), 1)
        elif kind == "per":
            icon, amount = a if isinstance(a, tuple) else ("coin", 0)
            if icon == "coin":
                kit.coin_value(im, (x + size / 2, cy), size, amount)
            else:
                kit.vp_value(im, (x + size / 2, cy), size, amount)
            kit.draw_text(im, (x + size + 4, cy), "/", _g(size * 0.7), kit.TEXT, anchor="mm")
            px = x + size + 9
            sw = _g(size * 0.5) - 4
            d = ImageDraw.Draw(im)
            targets = b if isinstance(b, tuple) else (b,)
            for t in targets:
                box = (px, cy - sw * 0.7, px + sw, cy + sw * 0.7)
                if t in kit.CARD_COLORS:
                    d.rounded_rectangle(
                        box, radius=3, fill=kit.CARD_COLORS[str(t)], outline=kit.TEXT, width=1
                    )
                elif t == "wonders_built":
                    d.polygon(
                        [
                            (px, cy + sw * 0.7),
                            (px + sw / 2, cy - sw * 0.7),
                            (px + sw, cy + sw * 0.7),
                        ],
                        fill=WONDER_FILL,
                    )
                elif t == "coin_sets_of_3":
                    kit.coin_value(im, (px + sw / 2, cy), sw + 6, 3)
                else:
                    kit.paste(im, kit.disc(sw + 4, (60, 160, 90)), (px + sw / 2, cy), center=True)
                px += _g(size * 0.55)
                kit.note_glyph(sw * 1.4)  # a card-colour swatch: a glyph too
        elif kind == "destroy":
            d = ImageDraw.Draw(im)
            box = (x + size * 0.15, cy - size * 0.45, x + size * 0.85, cy + size * 0.45)
            d.rounded_rectangle(
                box, radius=3, fill=kit.CARD_COLORS.get(str(a), kit.LINE), outline=kit.TEXT, width=1
            )
            d.line([(box[0], box[1]), (box[2], box[3])], fill=(230, 40, 40), width=3)
            d.line([(box[0], box[3]), (box[2], box[1])], fill=(230, 40, 40), width=3)
        elif kind == "revive":
            d = ImageDraw.Draw(im)
            for k in (2, 0):
                d.rounded_rectangle(
                    (
                        x + size * 0.2 + k * 3,
                        cy - size * 0.42 - k * 3,
                        x + size * 0.8 + k * 3,
                        cy + size * 0.42 - k * 3,
                    ),
                    radius=3,
                    fill=(90, 94, 110),
                    outline=kit.TEXT,
                    width=1,
                )
            kit.paste(im, kit.again_arrow(_g(size * 0.5)), (cx, cy), center=True)
        elif kind == "library":
            kit.paste(im, kit.disc(size, (60, 160, 90)), (cx, cy), center=True)
            kit.draw_text(im, (cx, cy), str(a), _g(size * 0.55), kit.TEXT, bold=True, anchor="mm")
        x += w + gap
    return x


def fit_items(items: list[Item], max_w: int, size: int, min_size: int = kit.MIN_GLYPH) -> int:
    """The largest icon size (<= ``size``) at which ``items`` fit in ``max_w``."""
    while size > min_size and items_width(items, size) > max_w:
        size -= 1
    return size


# -- tiles (cached) ---------------------------------------------------------------------


@kit.glyph_cache(512)
def card_tile(card_id: str, lang: str, dim: bool = False) -> Image.Image:
    """A face-up building card: colour band with the name, cost row, effect icons."""
    c = cat.CARDS[card_id]
    if dim:  # covered cards: the same tile, darkened so the accessible ones stand out
        base = card_tile(card_id, lang).copy()
        shade = Image.new("RGBA", base.size, kit.BG + (255,))
        return Image.composite(
            Image.blend(base, shade, 0.38),
            base,
            base.getchannel("A").point(lambda v: 255 if v > 0 else 0),
        )
    im, d = kit.banded_card(
        CARD_W,
        CARD_H,
        BAND_H,
        kit.CARD_COLORS[c.color],
        name(card_id, lang),
        (24, 23, 22),
        lang,
        radius=9,
        width=2,
        pad=10,
    )
    # effects first, under the band: a covered card still shows what it does
    eff = effect_items(c.effects)
    right = 30 if c.chain_to else 0
    if eff:
        sz = fit_items(eff, CARD_W - 10 - right, 34)
        w = items_width(eff, sz)
        draw_items(im, max(5, (CARD_W - right - w) / 2), EFFECT_Y, eff, sz, lang)
    if c.chain_to:  # this card is a chain for later ages
        d.rounded_rectangle(
            (CARD_W - 32, EFFECT_Y - 15, CARD_W - 4, EFFECT_Y + 15),
            radius=6,
            fill=(250, 250, 250),
            outline=(160, 160, 160),
        )
        kit.paste(im, kit.chain_link(24, (70, 70, 80)), (CARD_W - 18, EFFECT_Y), center=True)
    d.line([(8, BAND_H + 40), (CARD_W - 9, BAND_H + 40)], fill=(200, 192, 172), width=1)
    # cost row
    items = cost_items(c.cost)
    if items:
        sz = fit_items(items, CARD_W - 40, 28, 22)
        draw_items(im, 7, COST_Y, items, sz, lang, gap=2)
    else:
        kit.draw_text(im, (9, COST_Y), ui("free", lang), 22, (90, 90, 96), lang, anchor="lm")
    if c.chain_from:
        kit.paste(im, kit.chain_link(26, (120, 120, 130)), (CARD_W - 19, COST_Y), center=True)
    return im


WonderStyle = str  # "built" (gilded, effects), "unbuilt" (muted, cost), "offer" (bright, cost)


@kit.glyph_cache(256)
def wonder_tile(wonder_id: str, lang: str, w: int, h: int, style: WonderStyle) -> Image.Image:
    """A wonder: name, cost (until built) and effects; built ones are bright and gilded."""
    wd = cat.WONDERS[wonder_id]
    bright = style != "unbuilt"
    fill = WONDER_FILL if bright else (92, 86, 74)
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1),
        radius=10,
        fill=fill,
        outline=kit.GOLD if bright else (140, 130, 110),
        width=3 if bright else 2,
    )
    text_fill = kit.DARK_TEXT if bright else kit.TEXT
    band = 48 if h < 140 else 60
    sizes = (26, 24, 22) if w > 300 else (24, 23, 22)
    lines, size = kit.fit_lines(name(wonder_id, lang), w - 14, sizes, lang, 2, bold=True)
    kit.draw_lines(im, (w / 2, band / 2 + 2), lines, size, text_fill, lang, bold=True, leading=1.08)
    rest = h - band
    eff = effect_items(wd.effects)
    if style == "built":
        sz = fit_items(eff, w - 12, min(44, int(rest * 0.6)))
        draw_items(im, (w - items_width(eff, sz)) / 2, band + rest / 2 - 2, eff, sz, lang)
    else:
        cost = cost_items(wd.cost)
        row = (rest - 6) / 2
        if bright:  # a dark strip behind the cost, as on the printed tile
            d.rounded_rectangle((8, band + 2, w - 9, band + row), radius=8, fill=(70, 62, 48))
        csz = fit_items(cost, w - 24, int(min(40, row * 0.8)))
        draw_items(im, (w - items_width(cost, csz)) / 2, band + row / 2 + 1, cost, csz, lang, 2)
        esz = fit_items(eff, w - 12, int(min(44, row * 0.85)))
        draw_items(im, (w - items_width(eff, esz)) / 2, band + row * 1.5 + 4, eff, esz, lang)
    return im


def back_tile(back: str) -> Image.Image:
    """The back of a face-down structure card (guild backs distinct)."""
    base, label, pattern = BACK_STYLE[back]
    return kit.card_back(CARD_W, CARD_H, base, label, pattern=pattern)


# -- sections --------------------------------------------------------------------------


def _status(view: DuelView, names: Sequence[str], lang: str) -> str:
    if view.result is not None or view.active_seat is None:
        return ui("over", lang)
    who = kit.clip(kit.seat_name(names, view.active_seat), 28, 420, lang, bold=True)
    kind = view.prompt_kind or ""
    if kind == "turn" or (not kind and view.phase == "play"):
        return ui("turn", lang, name=who, age=kit.roman(view.age))
    if kind == "start":
        return ui("start", lang, name=who, age=kit.roman(view.age))  # already laid out
    kind = {"great_library": "library"}.get(kind, kind)
    if kind in STATUS_KINDS:
        return ui(kind, lang, name=who)
    if view.phase == "draft":
        return ui("draft", lang, name=who)
    return ui("other", lang, name=who)


def draw_header(im: Image.Image, view: DuelView, names: Sequence[str], lang: str) -> None:
    """Whose turn it is, in their seat colour, and the game's title."""
    d = ImageDraw.Draw(im)
    seat = view.active_seat
    accent = kit.SEAT_COLORS[seat] if seat is not None and view.result is None else kit.GOLD
    d.rounded_rectangle(
        (MARGIN, 8, WIDTH - MARGIN, HEADER_H - 4),
        radius=10,
        fill=kit.PANEL,
        outline=accent,
        width=3,
    )
    d.rounded_rectangle((MARGIN, 8, MARGIN + 14, HEADER_H - 4), radius=6, fill=accent)
    right = name("game_title", lang)
    if view.age:
        right = f"{ui('age', lang, age=kit.roman(view.age))}  ·  {right}"
    right_w = kit.draw_text(
        im, (WIDTH - MARGIN - 16, (HEADER_H + 4) / 2), right, 22, kit.TEXT_DIM, lang, anchor="rm"
    )
    kit.draw_text(
        im,
        (MARGIN + 28, (HEADER_H + 4) / 2),
        kit.clip(_status(view, names, lang), 28, WIDTH - 2 * MARGIN - 70 - right_w, lang, True),
        28,
        kit.TEXT,
        lang,
        bold=True,
        anchor="lm",
    )


TRACK_X0 = 52
CELL_W = (WIDTH - 2 * TRACK_X0) // 19
ZONE_TINT = {0: (84, 88, 100), 1: (62, 92, 78), 2: (84, 84, 52), 3: (98, 62, 52)}


def _zone(pos: int) -> int:
    a = abs(pos)
    return 0 if a == 0 else 1 if a <= 2 else 2 if a <= 5 else 3 if a <= 8 else 4


def _cell_x(pos: int) -> int:
    return TRACK_X0 + (pos + 9) * CELL_W


@kit.glyph_cache(1)
def track_background() -> Image.Image:
    """The static part of the military track (zones, VP values, capitals), drawn once."""
    im = Image.new("RGB", (WIDTH, TRACK_H), kit.BG)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((MARGIN, 0, WIDTH - MARGIN, TRACK_H - 6), radius=12, fill=kit.PANEL)
    top, bottom = 44, 100
    for pos in range(-9, 10):
        x = _cell_x(pos)
        z = _zone(pos)
        if z == 4:
            seat = 0 if pos < 0 else 1
            col = kit.shade(kit.SEAT_COLORS[seat], 0.55)
            d.rounded_rectangle(
                (x + 2, top - 8, x + CELL_W - 2, bottom + 8),
                radius=8,
                fill=col,
                outline=kit.SEAT_COLORS[seat],
                width=2,
            )
            cx = x + CELL_W / 2
            # a little castle: the capital
            d.rectangle((cx - 14, top + 16, cx + 14, top + 40), fill=kit.TEXT)
            for k in (-14, -4, 6):
                d.rectangle((cx + k, top + 8, cx + k + 8, top + 16), fill=kit.TEXT)
            d.rectangle((cx - 4, top + 28, cx + 4, top + 40), fill=col)
        else:
            d.rectangle((x + 1, top, x + CELL_W - 1, bottom), fill=ZONE_TINT[z])
        if pos == 0:
            d.rectangle((x + 1, top, x + CELL_W - 1, bottom), outline=kit.TEXT_DIM, width=2)
    # zone dividers and VP values: a zone pays its VP to the player leading into it
    for lo, hi, vp in ((1, 2, 2), (3, 5, 5), (6, 8, 10)):
        for sign in (-1, 1):
            a, b = sorted((sign * lo, sign * hi))
            x0, x1 = _cell_x(a), _cell_x(b) + CELL_W
            d.line([(x0, top - 6), (x0, bottom + 6)], fill=kit.TEXT_DIM, width=2)
            d.line([(x1, top - 6), (x1, bottom + 6)], fill=kit.TEXT_DIM, width=2)
            kit.vp_value(im, ((x0 + x1) / 2, 22), 36, vp)
    for pos in range(-8, 9):  # faint space ticks
        x = _cell_x(pos)
        d.line([(x, bottom - 8), (x, bottom)], fill=kit.LINE, width=1)
    return im


def draw_track(im: Image.Image, y: int, view: DuelView, names: Sequence[str], lang: str) -> None:
    """The military track: static background + names, looting tokens and the pawn."""
    im.paste(track_background(), (0, y))
    top, bottom = y + 44, y + 100
    for seat in (0, 1):  # each capital is labelled with its owner, above it
        nm = kit.clip(kit.seat_name(names, seat), 22, 112, lang, bold=True)
        anchor = "lm" if seat == 0 else "rm"
        x = MARGIN + 14 if seat == 0 else WIDTH - MARGIN - 14
        kit.draw_text(
            im, (x, y + 20), nm, 22, kit.SEAT_COLORS[seat], lang, bold=True, anchor=anchor
        )
    d = ImageDraw.Draw(im)
    for tid, spaces in (
        ("token_a5", (-8, -6)),
        ("token_a2", (-5, -3)),
        ("token_b2", (3, 5)),
        ("token_b5", (6, 8)),
    ):
        if tid not in view.military_tokens:
            continue
        x0, x1 = _cell_x(spaces[0]), _cell_x(spaces[1]) + CELL_W
        cx = (x0 + x1) / 2
        box = (cx - 46, bottom + 6, cx + 46, bottom + 42)
        d.rounded_rectangle(box, radius=6, fill=(120, 30, 28), outline=(240, 120, 110), width=2)
        coins = 5 if tid.endswith("5") else 2
        kit.coin_value(im, (cx - 20, bottom + 24), 30, coins)
        kit.draw_text(im, (cx + 20, bottom + 24), f"-{coins}", 22, kit.TEXT, bold=True, anchor="mm")
    pos = max(-9, min(9, view.military_position))
    px = _cell_x(pos) + CELL_W / 2
    kit.paste(im, kit.pawn(58), (px, (top + bottom) / 2 - 6), center=True)


def struct_height(view: DuelView) -> int:
    """Height of the middle of the table: the structure as dealt (Age III's seven rows are
    the tallest), the wonder draft, or the final scores."""
    if view.result is not None:
        return 150 + 40 * (len(_score_keys(view)) + 1)
    if view.phase == "draft" or (not view.structure and view.wonder_offer):
        return 60 + 2 * (DRAFT_H + 16)
    if not view.structure:
        return 40
    rows = max(s.row for s in view.structure) + 1
    return (rows - 1) * ROW_STEP + CARD_H + 24


def slot_boxes(view: DuelView) -> dict[int, tuple[int, int, int, int]]:
    """Where each structure slot's card is drawn (x0, y0, x1, y1): rows overlap as dealt,
    each covered card still showing its colour band, name and what it does."""
    if not view.structure:
        return {}
    lo = min(s.col for s in view.structure)
    span_w = (max(s.col for s in view.structure) - lo) * HALF + CARD_W
    x0 = (WIDTH - span_w) // 2 - (lo - 1) * HALF
    y0 = STRUCT_Y + 12
    boxes = {}
    for s in view.structure:
        x, y = x0 + (s.col - 1) * HALF, y0 + s.row * ROW_STEP
        boxes[s.slot] = (x, y, x + CARD_W, y + CARD_H)
    return boxes


def draw_structure(im: Image.Image, view: DuelView, lang: str) -> None:
    """The Age structure as dealt: rows overlapping, backs for face-down cards."""
    boxes = slot_boxes(view)
    if not boxes:
        return

    d = ImageDraw.Draw(im)
    chains = {seat: set(p.chains) for seat, p in enumerate(view.players)}
    for slot in view.structure:  # taken slots first: a faint trace under the remaining cards
        if slot.taken:
            x, sy = boxes[slot.slot][:2]
            d.rounded_rectangle(
                (x + 3, sy + 3, x + CARD_W - 4, sy + CARD_H - 4),
                radius=9,
                fill=(36, 38, 45),
                outline=(52, 56, 66),
                width=2,
            )
    for slot in sorted(view.structure, key=lambda s: (s.row, s.col)):
        x, sy = boxes[slot.slot][:2]
        if slot.taken:
            continue
        if slot.card is None:
            kit.paste(im, back_tile(slot.back), (x, sy))
            continue
        kit.paste(im, card_tile(slot.card, lang, not slot.accessible), (x, sy))
        c = cat.CARDS[slot.card]
        if c.chain_from:  # who would build it free: the link takes that seat's colour
            owners = [s for s, ch in chains.items() if c.chain_from in ch]
            for k, seat in enumerate(owners):
                lx, ly = x + CARD_W - 19 - k * 30, sy + COST_Y
                d.ellipse((lx - 15, ly - 15, lx + 15, ly + 15), fill=kit.SEAT_COLORS[seat])
                kit.paste(im, kit.chain_link(26, kit.DARK_TEXT), (lx, ly), center=True)
    for slot in view.structure:  # highlight last, so overlapping neighbours never hide it
        if slot.accessible and not slot.taken:
            x, sy = boxes[slot.slot][:2]
            d.rounded_rectangle(
                (x - 3, sy - 3, x + CARD_W + 2, sy + CARD_H + 2),
                radius=11,
                outline=kit.HIGHLIGHT,
                width=4,
            )


TOKEN_ROW_H = 150
CHIP_H = 38
CHIP_GAP = 6
DISCARD_ROWS = 3  # at most this many rows of discarded cards, then "+N"


def _chip_w(card_id: str, lang: str, max_w: int) -> int:
    return min(max_w, kit.text_width(name(card_id, lang), 22, lang) + 20)


def _flow(widths: Sequence[int], width: int, gap: int = CHIP_GAP) -> list[list[int]]:
    """Indices of chips of ``widths`` laid out in rows no wider than ``width``."""
    rows: list[list[int]] = []
    used = width + 1
    for i, w in enumerate(widths):
        if used + gap + w > width:
            rows.append([])
            used = -gap
        rows[-1].append(i)
        used += gap + w
    return rows


def _discard_rows(view: DuelView, lang: str) -> tuple[list[list[int]], int]:
    """Rows of the discard pile's chips (newest first) and how many do not fit."""
    cards = list(reversed(view.discard))
    inner = WIDTH - 2 * MARGIN - 24
    widths = [_chip_w(c, lang, inner) for c in cards]
    rows = _flow(widths, inner)
    if len(rows) <= DISCARD_ROWS:
        return rows, 0
    rows = rows[:DISCARD_ROWS]
    more_w = kit.text_width(f"+{len(cards)}", 22, bold=True) + 20
    while rows[-1] and sum(widths[i] + CHIP_GAP for i in rows[-1]) + more_w > inner:
        rows[-1].pop()  # room for the "+N" chip at the end of the last row
    shown = sum(len(r) for r in rows)
    return rows, len(cards) - shown


def tokens_height(view: DuelView, lang: str) -> int:
    """Height of the band under the structure: progress tokens, then the discard pile."""
    rows, _ = _discard_rows(view, lang)
    return TOKEN_ROW_H + 44 + max(1, len(rows)) * (CHIP_H + CHIP_GAP) + 12


def draw_tokens_and_discard(im: Image.Image, y: int, view: DuelView, lang: str) -> int:
    """Progress tokens on the board (or the Library's offer), each named; then every
    discarded card, newest first (or as many as fit and "+N"). Returns the height used."""
    h = tokens_height(view, lang)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + h - 8), radius=12, fill=kit.PANEL)
    title = ui("library_offer" if view.private_token_offer else "progress", lang)
    kit.draw_text(im, (MARGIN + 14, y + 22), title, 22, kit.TEXT_DIM, lang, bold=True,
                  anchor="lm")
    left = sum(1 for s in view.structure if not s.taken)
    if left and view.result is None:
        kit.draw_text(im, (WIDTH - MARGIN - 14, y + 22), ui("cards_left", lang, n=left), 22,
                      kit.TEXT, lang, bold=True, anchor="rm")
    tokens = (view.private_token_offer or view.progress_tokens)[:5]
    cell = (WIDTH - 2 * MARGIN) // 5
    x0 = MARGIN + (WIDTH - 2 * MARGIN - cell * len(tokens)) // 2
    for i, tid in enumerate(tokens):
        cx, cy = x0 + i * cell + cell / 2, y + 80
        kit.paste(im, kit.disc(64, (52, 150, 84), kit.GOLD), (cx, cy), center=True)
        _token_glyph(im, tid, (cx, cy), 46, lang)
        label = kit.clip(name(tid, lang), 22, cell - 8, lang)
        kit.draw_text(im, (cx, cy + 48), label, 22, kit.TEXT, lang, anchor="mm")
    ty = y + TOKEN_ROW_H
    d.line([(MARGIN + 14, ty), (WIDTH - MARGIN - 14, ty)], fill=kit.LINE, width=2)
    kit.draw_text(im, (MARGIN + 14, ty + 22), f"{ui('discard', lang)} ({len(view.discard)})",
                  22, kit.TEXT_DIM, lang, bold=True, anchor="lm")
    rows, more = _discard_rows(view, lang)
    cards = list(reversed(view.discard))
    inner = WIDTH - 2 * MARGIN - 24
    cy = ty + 44
    for r, row in enumerate(rows):
        cx = MARGIN + 12
        for i in row:
            cid = cards[i]
            c = cat.CARDS.get(cid)
            fill = kit.CARD_COLORS[c.color] if c else kit.LINE
            w = _chip_w(cid, lang, inner)
            d.rounded_rectangle((cx, cy, cx + w, cy + CHIP_H), radius=7, fill=fill)
            label = kit.clip(name(cid, lang), 22, w - 14, lang)
            kit.draw_text(im, (cx + w / 2, cy + CHIP_H / 2), label, 22, kit.contrast_text(fill),
                          lang, anchor="mm")
            cx += w + CHIP_GAP
        if more and r == len(rows) - 1:
            w = kit.text_width(f"+{more}", 22, bold=True) + 20
            d.rounded_rectangle((cx, cy, cx + w, cy + CHIP_H), radius=7, outline=kit.TEXT_DIM,
                                width=2)
            kit.draw_text(im, (cx + w / 2, cy + CHIP_H / 2), f"+{more}", 22, kit.TEXT,
                          bold=True, anchor="mm")
        cy += CHIP_H + CHIP_GAP
    return h


def _token_glyph(im: Image.Image, tid: str, c: tuple[float, float], size: int, lang: str) -> None:
    """A pictogram for a progress token inside its disc (``size`` ~ the disc's inner width)."""
    x, y = c
    d = ImageDraw.Draw(im)
    half = size // 2
    if tid == "law":
        kit.paste(im, kit.science("scales", size, (52, 150, 84)), c, center=True)
    elif tid in ("agriculture", "urbanism"):
        kit.coin_value(im, (x - half * 0.45, y), _g(size * 0.6), 6)
        if tid == "agriculture":
            kit.vp_value(im, (x + half * 0.5, y), _g(size * 0.6), 4)
        else:
            kit.paste(im, kit.chain_link(_g(size * 0.6)), (x + half * 0.5, y), center=True)
    elif tid == "philosophy":
        kit.vp_value(im, c, _g(size * 0.85), 7)
    elif tid == "theology":
        kit.paste(im, kit.again_arrow(_g(size * 0.85)), c, center=True)
    elif tid == "strategy":
        kit.paste(im, kit.shield(_g(size * 0.7)), (x - half * 0.3, y), center=True)
        kit.draw_text(
            im, (x + half * 0.55, y), "+1", _g(size * 0.42), kit.TEXT, bold=True, anchor="mm"
        )
    elif tid == "economy":
        kit.coin_value(im, c, _g(size * 0.8), "$")
    elif tid == "mathematics":
        kit.vp_value(im, (x - half * 0.35, y), _g(size * 0.6), 3)
        kit.draw_text(
            im, (x + half * 0.45, y), "×", _g(size * 0.5), kit.TEXT, bold=True, anchor="mm"
        )
    elif tid in ("masonry", "architecture"):
        box = (x - half * 0.75, y - half * 0.55, x - half * 0.05, y + half * 0.55)
        if tid == "masonry":
            d.rounded_rectangle(box, radius=3, fill=kit.CARD_COLORS["blue"], outline=kit.TEXT)
        else:
            d.polygon(
                [(box[0], box[3]), ((box[0] + box[2]) / 2, box[1]), (box[2], box[3])],
                fill=WONDER_FILL,
                outline=kit.TEXT,
            )
        kit.draw_text(
            im, (x + half * 0.45, y), "-2", _g(size * 0.42), kit.TEXT, bold=True, anchor="mm"
        )
    else:
        kit.draw_text(im, c, "?", _g(size * 0.6), kit.TEXT, bold=True, anchor="mm")


DRAFT_W, DRAFT_H = 456, 190


def draw_draft(im: Image.Image, y: int, view: DuelView, lang: str) -> None:
    """During the draft the middle of the table shows the wonders on offer."""
    kit.draw_text(im, (WIDTH / 2, y + 26), name("wonder_selection", lang), 26, kit.GOLD, lang,
                  bold=True, anchor="mm")
    gap = 24
    offer = view.wonder_offer[:4]
    for i, wid in enumerate(offer):
        r, c = divmod(i, 2)
        in_row = min(2, len(offer) - r * 2)  # centre a lone wonder in its row
        x = WIDTH // 2 - (in_row * DRAFT_W + (in_row - 1) * gap) // 2 + c * (DRAFT_W + gap)
        ty = y + 60 + r * (DRAFT_H + 16)
        kit.paste(im, wonder_tile(wid, lang, DRAFT_W, DRAFT_H, "offer"), (x, ty))
        ImageDraw.Draw(im).rounded_rectangle(
            (x - 3, ty - 3, x + DRAFT_W + 2, ty + DRAFT_H + 2), radius=12, outline=kit.HIGHLIGHT,
            width=3,
        )


def _score_keys(view: DuelView) -> list[str]:
    res = view.result
    assert res is not None
    keys = [k for k in SCALE_ORDER if any(k in s.breakdown for s in res.scores)]
    keys += [k for s in res.scores for k in s.breakdown if k not in keys and k != "total"]
    return list(dict.fromkeys(keys))


def draw_result(im: Image.Image, y: int, view: DuelView, names: Sequence[str], lang: str) -> None:
    """Final scores with a breakdown, winner's column highlighted."""
    res = view.result
    assert res is not None
    x0, x1 = MARGIN, WIDTH - MARGIN
    bottom = y + struct_height(view) - 8
    cx = WIDTH / 2
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((x0, y + 4, x1, bottom), radius=14, fill=kit.PANEL, outline=kit.GOLD,
                        width=3)
    if len(res.winners) == 1:
        title = kit.clip(
            ui("wins", lang, name=kit.seat_name(names, res.winners[0])), 34, 900, lang, True
        )
    else:
        title = ui("tie", lang)
    victory = VICTORY_TERM.get(res.victory)
    kit.draw_text(im, (cx, y + 40), title, 34, kit.GOLD, lang, bold=True, anchor="mm")
    if victory:
        kit.draw_text(im, (cx, y + 80), name(victory, lang), 24, kit.TEXT, lang, anchor="mm")
    scores = {s.seat: s for s in res.scores}
    label_x = x0 + 40
    col_x = [x0 + 560, x0 + 800]
    ty = y + 126
    for seat, x in enumerate(col_x):
        if seat in res.winners:
            d.rounded_rectangle((x - 110, ty - 22, x + 110, bottom - 14), radius=10,
                                fill=kit.shade(kit.SEAT_COLORS[seat], 0.35))
        kit.draw_text(im, (x, ty), kit.clip(kit.seat_name(names, seat), 24, 210, lang, True), 24,
                      kit.SEAT_COLORS[seat], lang, bold=True, anchor="mm")
    ty += 42
    for k in _score_keys(view):
        swatch = kit.CARD_COLORS.get(k)
        if swatch:
            d.rounded_rectangle((label_x, ty - 12, label_x + 26, ty + 12), radius=4, fill=swatch)
            kit.note_glyph(24)
        elif k == "military":
            kit.paste(im, kit.shield(28), (label_x + 13, ty), center=True)
        elif k == "coins":
            kit.paste(im, kit.coin(28), (label_x + 13, ty), center=True)
        elif k == "wonders":
            d.polygon([(label_x, ty + 12), (label_x + 13, ty - 12), (label_x + 26, ty + 12)],
                      fill=WONDER_FILL)
            kit.note_glyph(24)
        elif k == "tokens":
            kit.paste(im, kit.disc(28, (52, 150, 84)), (label_x + 13, ty), center=True)
        known = has(lang, f"{GAME}.render.{k}")
        label = ui(k, lang) if known else k.replace("_", " ").title()
        kit.draw_text(im, (label_x + 40, ty), label, 24, kit.TEXT, lang, anchor="lm")
        for seat, x in enumerate(col_x):
            v = scores[seat].breakdown.get(k, 0) if seat in scores else 0
            kit.draw_text(im, (x, ty), str(v), 24, kit.TEXT, anchor="mm")
        ty += 40
    d.line([(label_x, ty - 16), (col_x[1] + 110, ty - 16)], fill=kit.LINE, width=2)
    kit.draw_text(
        im, (label_x + 40, ty + 6), ui("total", lang), 26, kit.TEXT, lang, bold=True, anchor="lm"
    )
    for seat, x in enumerate(col_x):
        total = scores[seat].total if seat in scores else 0
        kit.draw_text(im, (x, ty + 6), str(total), 30, kit.GOLD, bold=True, anchor="mm")


# -- cities ----------------------------------------------------------------------------

CITY_PAD = 12
CITY_HEAD_H = 54
RES_ROW_H = 64
FLEX_ROW_H = 40
WONDER_W = (CITY_W - 2 * CITY_PAD - 8) // 2
WONDER_H = 116
WONDER_ROW_H = WONDER_H + 26  # the Age card tucked under a built wonder peeks out
SCI = 36  # science symbol and progress token size on a city's last rows
BOTTOM_ROW_H = 46


def _building_rows(p: PlayerView, lang: str, inner_w: int) -> list[list[tuple[str, int]]]:
    """Buildings in colour order, flowed into rows: (id, chip width)."""
    ids = [b for color in COLORS for b in p.buildings
           if b in cat.CARDS and cat.CARDS[b].color == color]
    widths = [_chip_w(b, lang, inner_w) for b in ids]
    return [[(ids[i], widths[i]) for i in row] for row in _flow(widths, inner_w)]


BottomItem = tuple[str, str, int]  # ("sci", symbol, count) | ("tok", id, 0) | ("n", text, 0)


def _bottom_items(p: PlayerView, lang: str) -> list[tuple[BottomItem, int]]:
    """Science symbols (with counts), the distinct count, then progress tokens by name."""
    out: list[tuple[BottomItem, int]] = []
    for sym in cat.SCIENCE_SYMBOLS:
        count = p.science.get(sym, 0)
        if count:
            extra = kit.text_width(f"×{count}", 22, bold=True) + 4 if count > 1 else 0
            out.append((("sci", sym, count), SCI + 4 + extra))
    if p.science:
        text = f"{sum(1 for v in p.science.values() if v)}/6"
        out.append((("n", text, 0), kit.text_width(text, 22) + 6))
    for tid in p.progress_tokens:
        out.append((("tok", tid, 0), SCI + 8 + kit.text_width(name(tid, lang), 22, lang)))
    return out


def _bottom_rows(p: PlayerView, lang: str) -> list[list[tuple[BottomItem, int]]]:
    items = _bottom_items(p, lang)
    inner = CITY_W - 2 * CITY_PAD
    return [[items[i] for i in row] for row in _flow([w for _, w in items], inner, 12)]


def city_height(p: PlayerView, lang: str) -> int:
    """Height of a city panel (both panels use the larger of the two)."""
    inner = CITY_W - 2 * CITY_PAD
    rows = _building_rows(p, lang, inner)
    wonder_rows = max(1, (len(p.wonders) + 1) // 2)
    flex = FLEX_ROW_H if p.flexible_production else 0
    return (CITY_HEAD_H + RES_ROW_H + flex + 8 + wonder_rows * WONDER_ROW_H
            + max(1, len(rows)) * (CHIP_H + CHIP_GAP) + 8
            + len(_bottom_rows(p, lang)) * BOTTOM_ROW_H + 8)


def draw_city(
    im: Image.Image,
    x: int,
    y: int,
    h: int,
    p: PlayerView,
    view: DuelView,
    names: Sequence[str],
    lang: str,
) -> None:
    """One player's city: header, resources and prices, wonders, buildings, science, tokens."""
    seat = p.seat
    accent = kit.SEAT_COLORS[seat % len(kit.SEAT_COLORS)]
    active = view.active_seat == seat and view.result is None
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(
        (x, y, x + CITY_W, y + h),
        radius=14,
        fill=kit.PANEL,
        outline=kit.HIGHLIGHT if active else kit.shade(accent, 0.6),
        width=5 if active else 2,
    )
    ix, iw = x + CITY_PAD, CITY_W - 2 * CITY_PAD
    # header: name, first player, coins, VP
    cy = y + CITY_HEAD_H / 2 + 2
    rx = x + CITY_W - CITY_PAD
    rx -= kit.draw_text(im, (rx, cy), str(p.victory_points), 28, kit.TEXT, bold=True,
                        anchor="rm") + 22
    kit.vp_value(im, (rx, cy), 38, ui("vp", lang))
    rx -= 44
    rx -= kit.draw_text(im, (rx, cy), str(p.coins), 28, kit.TEXT, bold=True, anchor="rm") + 20
    kit.paste(im, kit.coin(34), (rx, cy), center=True)
    nx = ix
    if active:
        d.polygon([(ix, cy - 11), (ix + 16, cy), (ix, cy + 11)], fill=kit.HIGHLIGHT)
        kit.note_glyph(22)
        nx += 22
    first = view.first_player == seat and view.phase != "draft"
    first_w = kit.text_width(ui("first", lang), 22, lang) + 10 if first else 0
    nw = kit.draw_text(
        im, (nx, cy),
        kit.clip(kit.seat_name(names, seat), 26, rx - 24 - nx - first_w, lang, bold=True),
        26, accent, lang, bold=True, anchor="lm",
    )
    if first:
        kit.draw_text(im, (nx + nw + 8, cy + 1), ui("first", lang), 22, kit.TEXT_DIM, lang,
                      anchor="lm")
    # resources: production and the price this player pays the bank
    ry = y + CITY_HEAD_H
    flex = FLEX_ROW_H if p.flexible_production else 0
    d.rounded_rectangle((ix, ry, ix + iw, ry + RES_ROW_H - 6 + flex), radius=10,
                        fill=kit.PANEL_LIGHT)
    cell = iw // 5
    mid = ry + (RES_ROW_H - 6) / 2
    for i, res in enumerate(cat.RESOURCES):
        cx0 = ix + 4 + i * cell
        kit.resource_chip(im, (cx0 + 16, mid), res, 30, res_letters(lang)[res], lang)
        n = p.production.get(res, 0)
        kit.draw_text(im, (cx0 + 34, mid - 12), f"×{n}", 22, kit.TEXT if n else kit.TEXT_DIM,
                      bold=bool(n), anchor="lm")
        if res in p.fixed_prices:
            d.ellipse((cx0 + 34, mid - 1, cx0 + 64, mid + 29), fill=kit.HIGHLIGHT)
        kit.coin_value(im, (cx0 + 49, mid + 14), 28, p.trade_prices.get(res, 2))
    if p.flexible_production:
        fy = ry + RES_ROW_H - 6 + FLEX_ROW_H / 2 - 4
        gx = ix + 8 + kit.draw_text(im, (ix + 8, fy), ui("one_of", lang), 22, kit.TEXT_DIM,
                                    lang, anchor="lm") + 10
        for group in p.flexible_production:
            items: list[Item] = [("oneof", tuple(group), None)]
            gw = items_width(items, 28)
            if gx + gw > ix + iw - 4:
                break
            draw_items(im, gx, fy, items, 28, lang)
            gx += gw + 14
    # wonders, two a row
    wy = ry + RES_ROW_H + flex + 4
    for i, wv in enumerate(p.wonders):
        r, c = divmod(i, 2)
        _draw_city_wonder(im, ix + c * (WONDER_W + 8), wy + r * WONDER_ROW_H, WONDER_W, wv, lang)
    wonder_rows = max(1, (len(p.wonders) + 1) // 2)
    # buildings, by colour, flowed
    by = wy + wonder_rows * WONDER_ROW_H + 4
    rows = _building_rows(p, lang, iw)
    if not rows:
        kit.draw_text(im, (ix + 4, by + CHIP_H / 2), ui("none", lang), 22, kit.TEXT_DIM, lang,
                      anchor="lm")
    for row in rows:
        bx = ix
        for cid, w in row:
            fill = kit.CARD_COLORS[cat.CARDS[cid].color]
            d.rounded_rectangle((bx, by, bx + w, by + CHIP_H), radius=7, fill=fill)
            label = kit.clip(name(cid, lang), 22, w - 14, lang)
            kit.draw_text(im, (bx + w / 2, by + CHIP_H / 2), label, 22, kit.contrast_text(fill),
                          lang, anchor="mm")
            bx += w + CHIP_GAP
        by += CHIP_H + CHIP_GAP
    # science symbols and progress tokens
    sy = by + 4 + BOTTOM_ROW_H / 2
    for line in _bottom_rows(p, lang):
        sx = ix
        for (kind, key, count), w in line:
            if kind == "sci":
                kit.paste(im, kit.science(key, SCI), (sx + SCI / 2, sy), center=True)
                if count > 1:
                    kit.draw_text(im, (sx + SCI + 4, sy), f"×{count}", 22, kit.TEXT, bold=True,
                                  anchor="lm")
            elif kind == "n":
                kit.draw_text(im, (sx, sy), key, 22, kit.TEXT_DIM, anchor="lm")
            else:
                kit.paste(im, kit.disc(SCI + 4, (52, 150, 84), kit.GOLD), (sx + SCI / 2, sy),
                          center=True)
                _token_glyph(im, key, (sx + SCI / 2, sy), SCI - 6, lang)
                kit.draw_text(im, (sx + SCI + 8, sy), name(key, lang), 22, kit.TEXT, lang,
                              anchor="lm")
            sx += w + 12
        sy += BOTTOM_ROW_H


def _draw_city_wonder(im: Image.Image, x: int, y: int, w: int, wv: WonderView, lang: str) -> None:
    """A city's wonder; a built one shows the back of the Age card tucked beneath it."""
    if wv.built:
        age = max(1, min(3, wv.built_with_age or 1))
        base, label, _ = BACK_STYLE[f"age{age}"]
        d = ImageDraw.Draw(im)
        d.rounded_rectangle((x + 10, y + WONDER_H - 20, x + w - 10, y + WONDER_ROW_H - 4),
                            radius=6, fill=base, outline=kit.GOLD, width=2)
        kit.draw_text(im, (x + w / 2, y + WONDER_H + 10), ui("age", lang, age=label), 22,
                      kit.GOLD, lang, bold=True, anchor="mm")
    style = "built" if wv.built else "unbuilt"
    kit.paste(im, wonder_tile(wv.id, lang, w, WONDER_H, style), (x, y))


# -- entry point -----------------------------------------------------------------------


def render_image(
    view: DuelView, lang: str = "en", player_names: Sequence[str] | None = None
) -> Image.Image:
    """The board as a Pillow image (``render_board`` encodes it), laid out for a phone:
    1,000 px wide, the structure full width, the cities side by side under it."""
    lang = kit.language(lang)
    names = list(player_names or ())
    players = sorted(view.players, key=lambda p: p.seat)
    city_h = max([city_height(p, lang) for p in players] + [300])
    struct_h = struct_height(view)
    height = STRUCT_Y + struct_h + tokens_height(view, lang) + city_h + MARGIN
    im = Image.new("RGB", (WIDTH, height), kit.BG)
    draw_header(im, view, names, lang)
    draw_track(im, HEADER_H + 8, view, names, lang)
    y = STRUCT_Y
    if view.result is not None:
        draw_result(im, y, view, names, lang)
    elif view.phase == "draft" or (not view.structure and view.wonder_offer):
        draw_draft(im, y, view, lang)
    else:
        draw_structure(im, view, lang)
    y += struct_h
    y += draw_tokens_and_discard(im, y, view, lang)
    for i, p in enumerate(players[:2]):
        draw_city(im, MARGIN + i * (CITY_W + MARGIN), y, city_h, p, view, names, lang)
    return im


def warm_up(langs: Sequence[str] = LANGUAGES) -> None:
    """Build the cached tiles, backs and track for ``langs`` (call once at bot start-up,
    e.g. in a thread) so that even the first board of a game renders fast."""
    for lang in langs:
        track_background()
        for card_id in cat.CARDS:
            card_tile(card_id, lang)
            card_tile(card_id, lang, True)
    for back in BACK_STYLE:
        back_tile(back)


def encode(image: Image.Image) -> bytes:
    """PNG bytes as the bot sends them (``kit.encode``: an 8-bit palette)."""
    return kit.encode(image)


def render_board(
    view: DuelView, lang: str = "en", player_names: Sequence[str] | None = None
) -> bytes:
    """PNG bytes of the board in ``lang`` (en, zh-TW, zh-CN); ``player_names`` by seat."""
    return encode(render_image(view, lang, player_names))
