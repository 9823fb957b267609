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
WIDTH = 1320
MARGIN = 16
HEADER_H = 60
TRACK_H = 150
STRUCT_H = 560
STRUCT_Y = HEADER_H + 8 + TRACK_H
CARD_W, CARD_H = 148, 128
HALF = (CARD_W + 8) // 2  # one half-card column unit of the layouts
BAND_H = 42
COST_Y = BAND_H + 15  # centre of the cost row: still visible on a covered card
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


def _item_width(item: Item, size: int) -> int:
    kind, a, _ = item
    if kind == "oneof" or kind == "fixed":
        n = len(a)  # type: ignore[arg-type]
        return int(n * size * 0.8 + (n - 1) * 2 + (size * 0.9 if kind == "fixed" else 0))
    if kind == "per":
        what = item[2]
        n = len(what) if isinstance(what, tuple) else 1
        return size + 10 + int(n * size * 0.55)
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
                im, (cx, cy + 1), f"-{a}", int(size * 0.55), (190, 20, 20), bold=True, anchor="mm"
            )
        elif kind in ("oneof", "fixed"):
            small = int(size * 0.8)
            px = x
            for res in a:  # type: ignore[attr-defined]
                kit.resource_chip(im, (px + small / 2, cy), res, small, letters[res], lang)
                px += small + 2
            if kind == "oneof":  # a slash bar under the chips: "one of these"
                ImageDraw.Draw(im).line(
                    [(x, cy + small / 2 + 2), (px - 2, cy + small / 2 + 2)], fill=kit.GOLD, width=2
                )
            else:
                kit.coin_value(im, (px + size * 0.4, cy), int(size * 0.8), 1)
        elif kind == "per":
            icon, amount = a if isinstance(a, tuple) else ("coin", 0)
            if icon == "coin":
                kit.coin_value(im, (x + size / 2, cy), size, amount)
            else:
                kit.vp_value(im, (x + size / 2, cy), size, amount)
            kit.draw_text(im, (x + size + 4, cy), "/", int(size * 0.7), kit.TEXT, anchor="mm")
            px = x + size + 9
            sw = int(size * 0.5)
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
                px += int(size * 0.55)
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
            kit.paste(im, kit.again_arrow(int(size * 0.5)), (cx, cy), center=True)
        elif kind == "library":
            kit.paste(im, kit.disc(size, (60, 160, 90)), (cx, cy), center=True)
            kit.draw_text(im, (cx, cy), str(a), int(size * 0.55), kit.TEXT, bold=True, anchor="mm")
        x += w + gap
    return x


def fit_items(items: list[Item], max_w: int, size: int, min_size: int = 14) -> int:
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
        (20, 19, 18),
        lang,
        radius=9,
        width=2,
        pad=12,
    )
    # cost row (what the covered part of a card still shows)
    items = cost_items(c.cost)
    y = COST_Y
    if items:
        sz = fit_items(items, CARD_W - 36, 24)
        draw_items(im, 6, y, items, sz, lang, gap=2)
    else:
        kit.draw_text(im, (8, y), ui("free", lang), 16, (90, 90, 96), lang, anchor="lm")
    if c.chain_from:
        kit.paste(im, kit.chain_link(24, (120, 120, 130)), (CARD_W - 18, y), center=True)
    # effects
    eff = effect_items(c.effects)
    if eff:
        sz = fit_items(eff, CARD_W - 14 - (22 if c.chain_to else 0), 32, 16)
        w = items_width(eff, sz)
        body_w = CARD_W - (22 if c.chain_to else 0)
        draw_items(im, max(5, (body_w - w) / 2), (COST_Y + 14 + CARD_H) / 2, eff, sz, lang)
    if c.chain_to:  # this card is a chain for later ages
        d.rounded_rectangle(
            (CARD_W - 28, CARD_H - 34, CARD_W - 4, CARD_H - 6),
            radius=6,
            fill=(250, 250, 250),
            outline=(160, 160, 160),
        )
        kit.paste(im, kit.chain_link(22, (70, 70, 80)), (CARD_W - 16, CARD_H - 20), center=True)
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
    sizes = (26, 24, 22, 20) if w > 300 else (18, 17, 16)
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
    kit.draw_text(
        im,
        (MARGIN + 28, (HEADER_H + 4) / 2),
        kit.clip(_status(view, names, lang), 28, 900, lang, bold=True),
        28,
        kit.TEXT,
        lang,
        bold=True,
        anchor="lm",
    )
    right = name("game_title", lang)
    if view.age:
        right = f"{ui('age', lang, age=kit.roman(view.age))}  ·  {right}"
    kit.draw_text(
        im, (WIDTH - MARGIN - 16, (HEADER_H + 4) / 2), right, 20, kit.TEXT_DIM, lang, anchor="rm"
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
            kit.vp_value(im, ((x0 + x1) / 2, 22), 30, vp)
    for pos in range(-8, 9):  # faint space ticks
        x = _cell_x(pos)
        d.line([(x, bottom - 8), (x, bottom)], fill=kit.LINE, width=1)
    return im


def draw_track(im: Image.Image, y: int, view: DuelView, names: Sequence[str], lang: str) -> None:
    """The military track: static background + names, looting tokens and the pawn."""
    im.paste(track_background(), (0, y))
    top, bottom = y + 44, y + 100
    for seat in (0, 1):  # each capital is labelled with its owner, above it
        nm = kit.clip(kit.seat_name(names, seat), 20, 160, lang, bold=True)
        anchor = "lm" if seat == 0 else "rm"
        x = MARGIN + 14 if seat == 0 else WIDTH - MARGIN - 14
        kit.draw_text(
            im, (x, y + 20), nm, 20, kit.SEAT_COLORS[seat], lang, bold=True, anchor=anchor
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
        box = (cx - 42, bottom + 8, cx + 42, bottom + 40)
        d.rounded_rectangle(box, radius=6, fill=(120, 30, 28), outline=(240, 120, 110), width=2)
        coins = 5 if tid.endswith("5") else 2
        kit.coin_value(im, (cx - 16, bottom + 24), 24, coins)
        kit.draw_text(im, (cx + 16, bottom + 24), f"-{coins}", 20, kit.TEXT, bold=True, anchor="mm")
    pos = max(-9, min(9, view.military_position))
    px = _cell_x(pos) + CELL_W / 2
    kit.paste(im, kit.pawn(58), (px, (top + bottom) / 2 - 6), center=True)


def slot_boxes(view: DuelView) -> dict[int, tuple[int, int, int, int]]:
    """Where each structure slot's card is drawn (x0, y0, x1, y1): rows overlap as dealt.

    The row step shrinks with the number of rows (Age III has 7) but always leaves a covered
    card's colour band and cost row visible.
    """
    if not view.structure:
        return {}
    rows = max(s.row for s in view.structure) + 1
    lo = min(s.col for s in view.structure)
    span_w = (max(s.col for s in view.structure) - lo) * HALF + CARD_W
    step = min(80, (STRUCT_H - 20 - CARD_H) // max(1, rows - 1))
    x0 = (WIDTH - span_w) // 2 - (lo - 1) * HALF
    y0 = STRUCT_Y + (STRUCT_H - ((rows - 1) * step + CARD_H)) // 2
    boxes = {}
    for s in view.structure:
        x, y = x0 + (s.col - 1) * HALF, y0 + s.row * step
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
                lx, ly = x + CARD_W - 18 - k * 26, sy + COST_Y
                d.ellipse((lx - 13, ly - 13, lx + 13, ly + 13), fill=kit.SEAT_COLORS[seat])
                kit.paste(im, kit.chain_link(22, kit.DARK_TEXT), (lx, ly), center=True)
    for slot in view.structure:  # highlight last, so overlapping neighbours never hide it
        if slot.accessible and not slot.taken:
            x, sy = boxes[slot.slot][:2]
            d.rounded_rectangle(
                (x - 3, sy - 3, x + CARD_W + 2, sy + CARD_H + 2),
                radius=11,
                outline=kit.HIGHLIGHT,
                width=4,
            )


def draw_side_columns(im: Image.Image, y: int, view: DuelView, lang: str) -> None:
    """Left: progress tokens on the board. Right: cards left and the discard pile."""
    col_w = 176
    d = ImageDraw.Draw(im)
    # progress tokens
    d.rounded_rectangle((MARGIN, y, MARGIN + col_w, y + STRUCT_H - 8), radius=12, fill=kit.PANEL)
    kit.draw_text(
        im,
        (MARGIN + col_w / 2, y + 20),
        ui("library_offer" if view.private_token_offer else "progress", lang),
        18,
        kit.TEXT_DIM,
        lang,
        bold=True,
        anchor="mm",
    )
    tokens = view.private_token_offer or view.progress_tokens
    cx = MARGIN + col_w / 2
    for i, tid in enumerate(tokens[:5]):
        cy = y + 74 + i * 100
        kit.paste(im, kit.disc(62, (52, 150, 84), kit.GOLD), (cx, cy), center=True)
        _token_glyph(im, tid, (cx, cy), 44, lang)
        label = kit.wrap(name(tid, lang), 18, col_w - 12, lang, 1)[0]
        kit.draw_text(im, (cx, cy + 44), label, 18, kit.TEXT, lang, anchor="mm")
    # discard pile and cards left
    x1 = WIDTH - MARGIN - col_w
    d.rounded_rectangle((x1, y, WIDTH - MARGIN, y + STRUCT_H - 8), radius=12, fill=kit.PANEL)
    cy = y + 20
    left = sum(1 for s in view.structure if not s.taken)
    if left and view.result is None:
        kit.draw_text(
            im,
            (x1 + col_w / 2, cy),
            ui("cards_left", lang, n=left),
            18,
            kit.TEXT,
            lang,
            bold=True,
            anchor="mm",
        )
        cy += 34
    kit.draw_text(
        im,
        (x1 + col_w / 2, cy),
        f"{ui('discard', lang)} ({len(view.discard)})",
        18,
        kit.TEXT_DIM,
        lang,
        bold=True,
        anchor="mm",
    )
    cy += 22
    shown = view.discard[-12:]
    for cid in reversed(shown):
        c = cat.CARDS.get(cid)
        fill = kit.CARD_COLORS[c.color] if c else kit.LINE
        d.rounded_rectangle((x1 + 10, cy, x1 + col_w - 10, cy + 32), radius=6, fill=fill)
        label = kit.wrap(name(cid, lang), 18, col_w - 32, lang, 1)[0]
        kit.draw_text(
            im, (x1 + col_w / 2, cy + 16), label, 18, kit.contrast_text(fill), lang, anchor="mm"
        )
        cy += 36
        if cy > y + STRUCT_H - 48:
            break


def _token_glyph(im: Image.Image, tid: str, c: tuple[float, float], size: int, lang: str) -> None:
    """A pictogram for a progress token inside its disc (``size`` ~ the disc's inner width)."""
    x, y = c
    d = ImageDraw.Draw(im)
    half = size // 2
    if tid == "law":
        kit.paste(im, kit.science("scales", size, (52, 150, 84)), c, center=True)
    elif tid in ("agriculture", "urbanism"):
        kit.coin_value(im, (x - half * 0.45, y), int(size * 0.6), 6)
        if tid == "agriculture":
            kit.vp_value(im, (x + half * 0.5, y), int(size * 0.6), 4)
        else:
            kit.paste(im, kit.chain_link(int(size * 0.6)), (x + half * 0.5, y), center=True)
    elif tid == "philosophy":
        kit.vp_value(im, c, int(size * 0.85), 7)
    elif tid == "theology":
        kit.paste(im, kit.again_arrow(int(size * 0.85)), c, center=True)
    elif tid == "strategy":
        kit.paste(im, kit.shield(int(size * 0.7)), (x - half * 0.3, y), center=True)
        kit.draw_text(
            im, (x + half * 0.55, y), "+1", int(size * 0.42), kit.TEXT, bold=True, anchor="mm"
        )
    elif tid == "economy":
        kit.coin_value(im, c, int(size * 0.8), "$")
    elif tid == "mathematics":
        kit.vp_value(im, (x - half * 0.35, y), int(size * 0.6), 3)
        kit.draw_text(
            im, (x + half * 0.45, y), "×", int(size * 0.5), kit.TEXT, bold=True, anchor="mm"
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
            im, (x + half * 0.45, y), "-2", int(size * 0.42), kit.TEXT, bold=True, anchor="mm"
        )
    else:
        kit.draw_text(im, c, "?", int(size * 0.6), kit.TEXT, bold=True, anchor="mm")


def draw_draft(im: Image.Image, y: int, view: DuelView, lang: str) -> None:
    """During the draft the middle of the table shows the wonders on offer."""
    area_x0, area_x1 = MARGIN + 176 + 16, WIDTH - MARGIN - 176 - 16
    kit.draw_text(
        im,
        ((area_x0 + area_x1) / 2, y + 26),
        name("wonder_selection", lang),
        26,
        kit.GOLD,
        lang,
        bold=True,
        anchor="mm",
    )
    tw, th = 420, 200
    gap = 24
    offer = view.wonder_offer[:4]
    for i, wid in enumerate(offer):
        r, c = divmod(i, 2)
        in_row = min(2, len(offer) - r * 2)  # centre a lone wonder in its row
        x = (area_x0 + area_x1) // 2 - (in_row * tw + (in_row - 1) * gap) // 2 + c * (tw + gap)
        ty = y + 60 + r * (th + gap)
        kit.paste(im, wonder_tile(wid, lang, tw, th, "offer"), (x, ty))
        ImageDraw.Draw(im).rounded_rectangle(
            (x - 3, ty - 3, x + tw + 2, ty + th + 2), radius=12, outline=kit.HIGHLIGHT, width=3
        )


def draw_result(im: Image.Image, y: int, view: DuelView, names: Sequence[str], lang: str) -> None:
    """Final scores with a breakdown, winner's column highlighted."""
    res = view.result
    assert res is not None
    area_x0, area_x1 = MARGIN + 176 + 16, WIDTH - MARGIN - 176 - 16
    cx = (area_x0 + area_x1) / 2
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(
        (area_x0, y, area_x1, y + STRUCT_H - 8),
        radius=14,
        fill=kit.PANEL,
        outline=kit.GOLD,
        width=3,
    )
    if len(res.winners) == 1:
        title = kit.clip(
            ui("wins", lang, name=kit.seat_name(names, res.winners[0])), 34, 680, lang, True
        )
    else:
        title = ui("tie", lang)
    victory = VICTORY_TERM.get(res.victory)
    kit.draw_text(im, (cx, y + 38), title, 34, kit.GOLD, lang, bold=True, anchor="mm")
    if victory:
        kit.draw_text(im, (cx, y + 78), name(victory, lang), 22, kit.TEXT, lang, anchor="mm")
    scores = {s.seat: s for s in res.scores}
    label_x = area_x0 + 40
    col_x = [area_x0 + 430, area_x0 + 620]
    ty = y + 122
    for seat, x in enumerate(col_x):
        if seat in res.winners:
            d.rounded_rectangle(
                (x - 80, ty - 20, x + 80, y + STRUCT_H - 30),
                radius=10,
                fill=kit.shade(kit.SEAT_COLORS[seat], 0.35),
            )
        kit.draw_text(
            im,
            (x, ty),
            kit.clip(kit.seat_name(names, seat), 22, 170, lang, bold=True),
            22,
            kit.SEAT_COLORS[seat],
            lang,
            bold=True,
            anchor="mm",
        )
    ty += 38
    keys = [k for k in SCALE_ORDER if any(k in s.breakdown for s in res.scores)]
    keys += [k for s in res.scores for k in s.breakdown if k not in keys and k != "total"]
    keys = list(dict.fromkeys(keys))
    for k in keys:
        swatch = kit.CARD_COLORS.get(k)
        if swatch:
            d.rounded_rectangle((label_x, ty - 10, label_x + 20, ty + 10), radius=4, fill=swatch)
        elif k == "military":
            kit.paste(im, kit.shield(22), (label_x + 10, ty), center=True)
        elif k == "coins":
            kit.paste(im, kit.coin(22), (label_x + 10, ty), center=True)
        elif k == "wonders":
            d.polygon(
                [(label_x, ty + 10), (label_x + 10, ty - 10), (label_x + 20, ty + 10)],
                fill=WONDER_FILL,
            )
        elif k == "tokens":
            kit.paste(im, kit.disc(22, (52, 150, 84)), (label_x + 10, ty), center=True)
        known = has(lang, f"{GAME}.render.{k}")
        label = ui(k, lang) if known else k.replace("_", " ").title()
        kit.draw_text(im, (label_x + 34, ty), label, 22, kit.TEXT, lang, anchor="lm")
        for seat, x in enumerate(col_x):
            v = scores[seat].breakdown.get(k, 0) if seat in scores else 0
            kit.draw_text(im, (x, ty), str(v), 22, kit.TEXT, anchor="mm")
        ty += 34
    d.line([(label_x, ty - 12), (col_x[1] + 80, ty - 12)], fill=kit.LINE, width=2)
    kit.draw_text(
        im, (label_x + 34, ty + 8), ui("total", lang), 24, kit.TEXT, lang, bold=True, anchor="lm"
    )
    for seat, x in enumerate(col_x):
        total = scores[seat].total if seat in scores else 0
        kit.draw_text(im, (x, ty + 8), str(total), 28, kit.GOLD, bold=True, anchor="mm")


# -- cities ----------------------------------------------------------------------------

CHIP_H = 34
CITY_PAD = 14


def _building_rows(p: PlayerView, lang: str, inner_w: int) -> list[list[tuple[str, int]]]:
    """Buildings grouped by colour, one row (or more, wrapped) per colour: (id, chip width)."""
    rows: list[list[tuple[str, int]]] = []
    for color in COLORS:
        ids = [b for b in p.buildings if b in cat.CARDS and cat.CARDS[b].color == color]
        row: list[tuple[str, int]] = []
        used = 0
        for cid in ids:
            w = min(inner_w, kit.text_width(name(cid, lang), 18, lang) + 22)
            if row and used + w > inner_w:
                rows.append(row)
                row, used = [], 0
            row.append((cid, w))
            used += w + 6
        if row:
            rows.append(row)
    return rows


WONDER_ROW_H = 146
RES_ROW_H = 62


def city_height(p: PlayerView, lang: str) -> int:
    """Height of a city panel (both panels use the larger of the two)."""
    rows = _building_rows(p, lang, CITY_W - 2 * CITY_PAD)
    return 56 + RES_ROW_H + WONDER_ROW_H + 16 + max(1, len(rows)) * (CHIP_H + 6) + 12 + 56


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
    cy = y + 30
    nx = ix
    if active:
        d.polygon([(ix, cy - 11), (ix + 16, cy), (ix, cy + 11)], fill=kit.HIGHLIGHT)
        nx += 24
    nw = kit.draw_text(
        im,
        (nx, cy),
        kit.clip(kit.seat_name(names, seat), 28, CITY_W - 330, lang, bold=True),
        28,
        accent,
        lang,
        bold=True,
        anchor="lm",
    )
    if view.first_player == seat and view.phase != "draft":
        kit.draw_text(
            im, (nx + nw + 12, cy + 2), ui("first", lang), 16, kit.TEXT_DIM, lang, anchor="lm"
        )
    rx = x + CITY_W - CITY_PAD
    kit.draw_text(im, (rx, cy), str(p.victory_points), 28, kit.TEXT, bold=True, anchor="rm")
    rx -= kit.text_width(str(p.victory_points), 28, bold=True) + 24
    kit.vp_value(im, (rx, cy), 36, ui("vp", lang))
    rx -= 44
    kit.draw_text(im, (rx, cy), str(p.coins), 28, kit.TEXT, bold=True, anchor="rm")
    rx -= kit.text_width(str(p.coins), 28, bold=True) + 24
    kit.paste(im, kit.coin(36), (rx, cy), center=True)
    # resources: production and the price this player pays the bank
    ry = y + 56
    d.rounded_rectangle((ix, ry, ix + iw, ry + RES_ROW_H - 6), radius=10, fill=kit.PANEL_LIGHT)
    cell = 88
    for i, res in enumerate(cat.RESOURCES):
        cx0 = ix + 8 + i * cell
        mid = ry + (RES_ROW_H - 6) / 2
        kit.resource_chip(im, (cx0 + 16, mid), res, 30, res_letters(lang)[res], lang)
        n = p.production.get(res, 0)
        kit.draw_text(
            im,
            (cx0 + 36, mid - 11),
            f"×{n}",
            18,
            kit.TEXT if n else kit.TEXT_DIM,
            bold=bool(n),
            anchor="lm",
        )
        price = p.trade_prices.get(res, 2)
        if res in p.fixed_prices:
            d.ellipse((cx0 + 32, mid - 1, cx0 + 60, mid + 27), fill=kit.HIGHLIGHT)
        kit.coin_value(im, (cx0 + 46, mid + 13), 24, price)
    fx = ix + 8 + 5 * cell + 4
    if p.flexible_production:
        kit.draw_text(im, (fx, ry + 4), ui("one_of", lang), 14, kit.TEXT_DIM, lang)
        gx = fx
        mid = ry + (RES_ROW_H - 6) / 2 + 6
        for group in p.flexible_production:
            items: list[Item] = [("oneof", tuple(group), None)]
            gw = items_width(items, 24)
            if gx + gw > ix + iw - 4:
                break
            draw_items(im, gx, mid, items, 24, lang)
            gx += gw + 10
    # wonders
    wy = ry + RES_ROW_H + 4
    n = max(4, len(p.wonders))
    ww = (iw - (n - 1) * 8) // n
    for i, wv in enumerate(p.wonders):
        _draw_city_wonder(im, ix + i * (ww + 8), wy, ww, WONDER_ROW_H - 16, wv, lang)
    # buildings grouped by colour
    by = wy + WONDER_ROW_H + 6
    rows = _building_rows(p, lang, iw)
    if not rows:
        kit.draw_text(
            im, (ix + 4, by + CHIP_H / 2), ui("none", lang), 18, kit.TEXT_DIM, lang, anchor="lm"
        )
    for row in rows:
        bx = ix
        for cid, w in row:
            fill = kit.CARD_COLORS[cat.CARDS[cid].color]
            d.rounded_rectangle((bx, by, bx + w, by + CHIP_H), radius=7, fill=fill)
            label = kit.wrap(name(cid, lang), 18, w - 14, lang, 1)[0]
            kit.draw_text(
                im,
                (bx + w / 2, by + CHIP_H / 2),
                label,
                18,
                kit.contrast_text(fill),
                lang,
                anchor="mm",
            )
            bx += w + 6
        by += CHIP_H + 6
    # science symbols and progress tokens on the bottom line
    sy = y + h - 34
    sx = ix
    for sym in cat.SCIENCE_SYMBOLS:
        count = p.science.get(sym, 0)
        if not count:
            continue
        kit.paste(im, kit.science(sym, 40), (sx + 20, sy), center=True)
        sx += 42
        if count > 1:
            sx += kit.draw_text(im, (sx, sy), f"×{count}", 18, kit.TEXT, bold=True, anchor="lm") + 4
        sx += 6
    if p.science:
        distinct = sum(1 for v in p.science.values() if v)
        sx += kit.draw_text(im, (sx, sy), f"{distinct}/6", 18, kit.TEXT_DIM, anchor="lm") + 16
    for tid in p.progress_tokens:
        kit.paste(im, kit.disc(42, (52, 150, 84), kit.GOLD), (sx + 21, sy), center=True)
        _token_glyph(im, tid, (sx + 21, sy), 30, lang)
        sx += 44
        label = name(tid, lang)
        if sx + kit.text_width(label, 17, lang) < x + CITY_W - CITY_PAD:
            sx += kit.draw_text(im, (sx, sy), label, 17, kit.TEXT, lang, anchor="lm") + 10


def _draw_city_wonder(
    im: Image.Image, x: int, y: int, w: int, h: int, wv: WonderView, lang: str
) -> None:
    """A city's wonder; a built one shows the back of the Age card tucked beneath it."""
    tile_h = h - 22
    if wv.built:
        age = max(1, min(3, wv.built_with_age or 1))
        base, label, _ = BACK_STYLE[f"age{age}"]
        d = ImageDraw.Draw(im)
        d.rounded_rectangle(
            (x + 10, y + tile_h - 20, x + w - 10, y + h),
            radius=6,
            fill=base,
            outline=kit.GOLD,
            width=2,
        )
        kit.draw_text(
            im,
            (x + w / 2, y + tile_h + 11),
            ui("age", lang, age=label),
            14,
            kit.GOLD,
            lang,
            bold=True,
            anchor="mm",
        )
    kit.paste(im, wonder_tile(wv.id, lang, w, tile_h, "built" if wv.built else "unbuilt"), (x, y))


# -- entry point -----------------------------------------------------------------------


def render_image(
    view: DuelView, lang: str = "en", player_names: Sequence[str] | None = None
) -> Image.Image:
    """The board as a Pillow image (``render_board`` encodes it)."""
    lang = kit.language(lang)
    names = list(player_names or ())
    players = sorted(view.players, key=lambda p: p.seat)
    city_h = max([city_height(p, lang) for p in players] + [300])
    height = HEADER_H + 8 + TRACK_H + STRUCT_H + 8 + city_h + MARGIN
    im = Image.new("RGB", (WIDTH, height), kit.BG)
    draw_header(im, view, names, lang)
    y = HEADER_H + 8
    draw_track(im, y, view, names, lang)
    y += TRACK_H
    draw_side_columns(im, y, view, lang)
    if view.result is not None:
        draw_result(im, y, view, names, lang)
    elif view.phase == "draft" or (not view.structure and view.wonder_offer):
        draw_draft(im, y, view, lang)
    else:
        draw_structure(im, view, lang)
    y += STRUCT_H + 8
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
