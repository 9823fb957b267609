"""7 Wonders (2nd edition, 3-7 players) images from the engine's views.

* ``render_table(view, lang, player_names)``: the public table — every city in a grid of
  panels (2 columns; 7 players fit a phone-friendly 1400 px wide picture), the Age, where hands
  pass, the discard pile's size, who is still choosing (never what), and the final scores.
* ``render_hand(view, lang, player_names)``: the private picture of the viewing seat — its hand
  as cards marked with how each could be built now, the next wonder stage, its own city and its
  two neighbours (the cities it trades with).
* ``render_city(view, seat, lang, player_names)``: one city in full.

Everything drawn comes from the view (public fields only on the table), card facts from the
catalogue, words from the ``seven_wonders.render.*`` keys of the locale files (``i18n``). Chips,
card tiles and wonder stages are drawn once per language and cached, so a render is mostly pastes
plus PNG encoding.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.seven_wonders import catalogue as cat
from engines.seven_wonders.view import CityView, HandCardView, SevenWondersView
from i18n import LANGUAGES
from renderers import kit

GAME = "seven_wonders"
WIDTH = kit.PHONE_WIDTH  # laid out for a phone first (issue 18)
MARGIN = 16
GAP = 12
COL_W = (WIDTH - 2 * MARGIN - GAP) // 2  # a neighbour's city, two a row
HEADER_H = 96
HEADER_H_OVER = 60  # once the game is over the "who is choosing" line is left out


def header_height(view: SevenWondersView) -> int:
    return HEADER_H_OVER if view.result is not None else HEADER_H


PAD = 14
COLORS = ("brown", "grey", "yellow", "red", "blue", "green", "purple")
WONDER_GOLD: kit.RGB = (214, 178, 96)
WONDER_DIM: kit.RGB = (70, 66, 60)
CHOOSING: kit.RGB = (255, 214, 64)
GOOD: kit.RGB = (60, 170, 90)
BAD: kit.RGB = (200, 56, 50)
SCORE_KEYS = ("wonders", "coins", "military", "blue", "yellow", "green", "purple")


def ui(key: str, lang: str, **params: Hashable) -> str:
    """A renderer word: ``seven_wonders.render.<key>`` of the locale files (English if
    missing)."""
    return kit.word(lang, f"{GAME}.render.{key}", **params)


@lru_cache(maxsize=8)
def res_letters(lang: str) -> dict[str, str]:
    """The glyph on each resource's chip (so the icons read without colour), per language:
    looked up once, the chips are drawn many times a render."""
    return {res: ui(f"res.{res}", lang) for res in cat.RESOURCES}


def name(item_id: str, lang: str) -> str:
    return cat.name(item_id, lang)


def _accent(seat: int) -> kit.RGB:
    return kit.SEAT_COLORS[seat % len(kit.SEAT_COLORS)]


# -- icon rows -------------------------------------------------------------------------
#
# An item is a small tuple naming a pictogram and its arguments; rows of items are measured
# (``items_width``) and drawn (``draw_items``) at a given icon size.

Item = tuple[object, ...]


def cost_items(cost: cat.Cost) -> list[Item]:
    items: list[Item] = []
    if cost.coins:
        items.append(("coin", cost.coins))
    for res in cat.RESOURCES:
        n = cost.resources.get(res, 0)  # type: ignore[call-overload]
        items.extend(("res", res) for _ in range(n))
    return items


def effect_items(effects: Sequence[cat.Effect]) -> list[Item]:
    """Pictograms summarising what a card or wonder stage does (no card text)."""
    items: list[Item] = []
    for e in effects:
        t = e.type
        if t == "produce" and isinstance(e.resources, dict):
            for res, n in e.resources.items():
                items.extend(("res", res) for _ in range(n))
        elif t == "produce_choice":
            items.append(("oneof", tuple(e.choice), bool(e.tradable)))
        elif t == "vp":
            items.append(("vp", e.amount))
        elif t == "shields":
            items.extend(("shield",) for _ in range(e.amount or 1))
        elif t == "science" and e.symbol:
            items.append(("sci", e.symbol))
        elif t == "science_wildcard":
            items.append(("sci", "any"))
        elif t == "coins":
            items.append(("coin", e.amount))
        elif t in ("coins_per", "vp_per") and e.count is not None:
            what = ("stage",) if e.count.kind == "wonder_stage" else tuple(e.count.colors)
            icon = "coin" if t == "coins_per" else "vp"
            items.append(("per", icon, e.amount, what, tuple(e.who)))
        elif t == "trade_discount" and isinstance(e.resources, tuple):
            items.append(("trade", e.resources, tuple(e.neighbours)))
        elif t == "vp_if_wonder_complete":
            items.append(("complete", e.amount))
        elif t == "free_build":
            items.append(("freebuild", e.rule))
        elif t == "play_last_card_each_age":
            items.append(("seventh",))
        elif t == "build_from_discard":
            items.append(("revive",))
    return items


def _g(px: float) -> int:
    """A glyph's size, never under the phone rule's smallest."""
    return max(kit.MIN_GLYPH, int(px))


def _item_width(item: Item, size: int) -> int:
    kind = item[0]
    if kind == "oneof":
        n = len(item[1])  # type: ignore[arg-type]
        return int(n * _g(size * 0.8) + (n - 1) * size * 0.34)
    if kind == "per":
        targets = item[3]
        n = len(targets)  # type: ignore[arg-type]
        who = item[4]
        arrows = _g(size * 0.42) * (2 if "left" in who else 0)  # type: ignore[operator]
        return size + 8 + n * _g(size * 0.5) + arrows + 2
    if kind == "trade":
        n = len(item[1])  # type: ignore[arg-type]
        sides = len(item[2])  # type: ignore[arg-type]
        return n * (_g(size * 0.68) + 2) + _g(size * 0.8) + _g(size * 0.45) * sides + 8
    if kind == "complete":
        return int(size * 0.8) + _g(size * 0.5) + _g(size * 0.8) + 4
    if kind in ("freebuild", "seventh"):
        return int(size * 0.75) + 4 + _g(size * 0.8)
    return size


def items_width(items: Sequence[Item], size: int, gap: int = 3) -> int:
    return sum(_item_width(i, size) for i in items) + gap * max(0, len(items) - 1)


def fit_items(items: Sequence[Item], max_w: int, size: int, min_size: int = kit.MIN_GLYPH) -> int:
    while size > min_size and items_width(items, size) > max_w:
        size -= 1
    return size


def _chip(
    im: Image.Image, xy: tuple[float, float], res: str, size: int, label: str, lang: str
) -> None:
    """A resource chip; Chinese glyphs drawn regular (bold blurs 礦 and 紙 at chip sizes)."""
    kit.resource_chip(im, xy, res, size, label, lang, bold=lang == "en")


def _arrow(
    d: ImageDraw.ImageDraw, cx: float, cy: float, w: float, left: bool, fill: kit.RGB
) -> None:
    """A small solid triangle pointing left or right."""
    h = w * 0.9
    if left:
        d.polygon([(cx - w / 2, cy), (cx + w / 2, cy - h / 2), (cx + w / 2, cy + h / 2)], fill=fill)
    else:
        d.polygon([(cx + w / 2, cy), (cx - w / 2, cy - h / 2), (cx - w / 2, cy + h / 2)], fill=fill)


def _pyramid(d: ImageDraw.ImageDraw, x: float, cy: float, w: float, fill: kit.RGB) -> None:
    h = w * 0.8
    d.polygon([(x, cy + h / 2), (x + w / 2, cy - h / 2), (x + w, cy + h / 2)], fill=fill)
    d.line([(x + w * 0.25, cy), (x + w * 0.75, cy)], fill=kit.shade(fill, 0.6), width=1)


def _mini_card(
    d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: kit.RGB
) -> None:
    d.rounded_rectangle(box, radius=3, fill=fill, outline=kit.TEXT, width=1)


def draw_items(
    im: Image.Image,
    x: float,
    cy: float,
    items: Sequence[Item],
    size: int,
    lang: str,
    gap: int = 3,
    fg: kit.RGB = kit.TEXT,
) -> float:
    """Draw an icon row from ``x``, vertically centred on ``cy``; returns the end x."""
    d = ImageDraw.Draw(im)
    letters = res_letters(lang)
    for item in items:
        kind = item[0]
        w = _item_width(item, size)
        cx = x + w / 2
        if kind == "coin":
            kit.coin_value(im, (cx, cy), size, item[1])  # type: ignore[arg-type]
        elif kind == "res":
            res = str(item[1])
            _chip(im, (cx, cy), res, size, letters[res], lang)
        elif kind == "shield":
            kit.paste(im, kit.shield(size), (cx, cy), center=True)
        elif kind == "sci":
            kit.paste(im, kit.science(str(item[1]), size), (cx, cy), center=True)
        elif kind == "vp":
            kit.vp_value(im, (cx, cy), size, item[1])  # type: ignore[arg-type]
        elif kind == "oneof":
            small = _g(size * 0.8)
            px = x
            slash = size * 0.34
            for k, res in enumerate(item[1]):  # type: ignore[arg-type]
                if k:
                    d.line(
                        [
                            (px + slash * 0.7, cy - small * 0.4),
                            (px + slash * 0.3, cy + small * 0.4),
                        ],
                        fill=fg,
                        width=max(1, size // 14),
                    )
                    px += slash
                _chip(im, (px + small / 2, cy), res, small, letters[res], lang)
                px += small
            if not item[2]:  # the owner's only: neighbours may not buy it (dashed underline)
                uy = cy + small / 2 + 3
                for ux in range(int(x), int(px) - 3, 8):
                    d.line([(ux, uy), (ux + 4, uy)], fill=kit.GOLD, width=2)
        elif kind == "per":
            _, icon, amount, targets, who = item
            if icon == "coin":
                kit.coin_value(im, (x + size / 2, cy), size, amount)  # type: ignore[arg-type]
            else:
                kit.vp_value(im, (x + size / 2, cy), size, amount)  # type: ignore[arg-type]
            kit.draw_text(im, (x + size + 4, cy), "/", _g(size * 0.7), fg, anchor="mm")
            px = x + size + 8
            aw = _g(size * 0.42)
            neighbours = "left" in who  # type: ignore[operator]
            mine = "self" in who  # type: ignore[operator]
            if neighbours:
                _arrow(d, px + aw / 2, cy, aw * 0.8, True, fg)
                px += aw
            sw = _g(size * 0.45) - 2
            kit.note_glyph(sw * 1.4)  # the card swatches counted
            for t in targets:  # type: ignore[attr-defined]
                if t == "stage":
                    _pyramid(d, px, cy, sw + 2, WONDER_GOLD)
                else:
                    _mini_card(d, (px, cy - sw * 0.7, px + sw, cy + sw * 0.7), kit.CARD_COLORS[t])
                px += _g(size * 0.5)
            if neighbours:
                if mine:  # counted in your own city too: a dot under the cards
                    dy = cy + sw * 0.8
                    d.ellipse((px - size * 0.32, dy, px - size * 0.2, dy + size * 0.12), fill=fg)
                _arrow(d, px + aw / 2, cy, aw * 0.8, False, fg)
        elif kind == "trade":
            resources, sides = item[1], item[2]
            px = x
            aw = _g(size * 0.45)
            if "left" in sides:  # type: ignore[operator]
                _arrow(d, px + aw / 2, cy, aw * 0.8, True, fg)
                px += aw + 2
            small = _g(size * 0.68)
            for res in resources:  # type: ignore[attr-defined]
                _chip(im, (px + small / 2, cy), res, small, letters[res], lang)
                px += small + 2
            if "right" in sides:  # type: ignore[operator]
                _arrow(d, px + aw / 2 + 1, cy, aw * 0.8, False, fg)
                px += aw + 2
            kit.coin_value(im, (px + _g(size * 0.8) / 2 + 4, cy), _g(size * 0.8), 1)
        elif kind == "complete":
            _pyramid(d, x, cy, size * 0.8, WONDER_GOLD)
            kit.draw_text(
                im, (x + size * 0.8, cy), "✓", _g(size * 0.5), GOOD, bold=True, anchor="lm"
            )
            vp = _g(size * 0.8)
            kit.vp_value(im, (x + w - vp / 2, cy), vp, item[1])  # type: ignore[arg-type]
        elif kind == "freebuild":
            box = (x + 2, cy - size * 0.48, x + size * 0.75, cy + size * 0.48)
            _mini_card(d, box, (236, 230, 214))
            kit.coin_value(im, (x + w - _g(size * 0.8) / 2, cy), _g(size * 0.8), 0)
            label = {"first_card_of_each_color": "◆", "first_card_of_each_age": "1"}.get(
                str(item[1]), "6"
            )
            kit.draw_text(
                im,
                ((box[0] + box[2]) / 2, cy),
                label,
                _g(size * 0.45),
                kit.DARK_TEXT,
                bold=True,
                anchor="mm",
            )
        elif kind == "seventh":
            _mini_card(
                d, (x + 2, cy - size * 0.48, x + size * 0.75, cy + size * 0.48), (90, 94, 110)
            )
            kit.draw_text(
                im, (x + size * 0.4, cy), "7", _g(size * 0.5), kit.TEXT, bold=True, anchor="mm"
            )
            _arrow(d, x + size * 0.75 + 4 + _g(size * 0.8) / 2, cy, _g(size * 0.5), False, fg)
        elif kind == "revive":
            for k in (2, 0):
                _mini_card(
                    d,
                    (
                        x + size * 0.2 + k * 3,
                        cy - size * 0.42 - k * 3,
                        x + size * 0.8 + k * 3,
                        cy + size * 0.42 - k * 3,
                    ),
                    (90, 94, 110),
                )
            # an arrow out of the pile: build a discarded card
            a = size * 0.2
            d.polygon(
                [
                    (cx, cy - a * 1.3),
                    (cx + a, cy),
                    (cx + a * 0.4, cy),
                    (cx + a * 0.4, cy + a),
                    (cx - a * 0.4, cy + a),
                    (cx - a * 0.4, cy),
                    (cx - a, cy),
                ],
                fill=kit.GOLD,
            )
        x += w + gap
    return x


# -- cached sprites --------------------------------------------------------------------

CHIP_H = 38
CHIP_SIZE = 22


@kit.glyph_cache(1024)
def building_chip(card_id: str, lang: str) -> Image.Image:
    """A built card in a city: a chip in the card's colour with its name."""
    c = cat.CARDS[card_id]
    fill = kit.CARD_COLORS[c.color]
    label = kit.clip(name(card_id, lang), CHIP_SIZE, 300, lang)
    w = kit.text_width(label, CHIP_SIZE, lang) + 20
    im = Image.new("RGBA", (w, CHIP_H), (0, 0, 0, 0))
    ImageDraw.Draw(im).rounded_rectangle(
        (0, 0, w - 1, CHIP_H - 1), radius=7, fill=fill, outline=kit.shade(fill, 0.65), width=1
    )
    kit.draw_text(
        im, (w / 2, CHIP_H / 2), label, CHIP_SIZE, kit.contrast_text(fill), lang, anchor="mm"
    )
    return im


STAGE_H = 96


def _stage_def(board: str, side: str, stage: int) -> cat.StageDef:
    return cat.WONDERS[board].sides[side].stages[stage - 1]  # type: ignore[index]


@kit.glyph_cache(512)
def stage_tile(board: str, side: str, stage: int, built_age: int, w: int, lang: str) -> Image.Image:
    """One wonder stage (``built_age`` 0 = not built): built ones gilded with the Age of the
    card tucked under them, unbuilt ones muted with their cost above their effect."""
    sd = _stage_def(board, side, stage)
    built = built_age > 0
    im = Image.new("RGBA", (w, STAGE_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    fill = WONDER_GOLD if built else WONDER_DIM
    d.rounded_rectangle(
        (0, 0, w - 1, STAGE_H - 1),
        radius=8,
        fill=fill,
        outline=kit.GOLD if built else (120, 112, 100),
        width=2,
    )
    eff = effect_items(sd.effects)
    fg = kit.DARK_TEXT if built else kit.TEXT
    # stage number in the corner
    kit.draw_text(im, (8, 4), str(stage), 22, fg, bold=True, anchor="lt")
    if built:
        tag = kit.roman(built_age)
        tw = kit.text_width(tag, 22, bold=True) + 12
        d.rounded_rectangle((w - tw - 6, 5, w - 6, 33), radius=5, fill=(110, 70, 40))
        kit.draw_text(im, (w - 6 - tw / 2, 19), tag, 22, kit.GOLD, bold=True, anchor="mm")
        sz = fit_items(eff, w - 16, 36)
        draw_items(im, (w - items_width(eff, sz)) / 2, STAGE_H / 2 + 12, eff, sz, lang, fg=fg)
    else:
        cost = cost_items(sd.cost)
        csz = fit_items(cost, w - 40, 30)
        d.rounded_rectangle((28, 5, w - 6, 5 + csz + 8), radius=6, fill=(48, 44, 40))
        draw_items(
            im, 28 + (w - 34 - items_width(cost, csz, 2)) / 2, 9 + csz / 2, cost, csz, lang, 2
        )
        esz = fit_items(eff, w - 12, 34)
        draw_items(im, (w - items_width(eff, esz)) / 2, STAGE_H - 6 - 17, eff, esz, lang, fg=fg)
    return im


def _sun(size: int, night: bool) -> Image.Image:
    """Day (a sun) or Night (a crescent) marker."""

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        w = size * s
        m = w / 2
        if night:
            d.ellipse((w * 0.12, w * 0.12, w * 0.88, w * 0.88), fill=(220, 226, 250))
            d.ellipse((w * 0.32, w * 0.02, w * 1.0, w * 0.7), fill=(0, 0, 0, 0))
        else:
            for k in range(8):
                a = math.pi * k / 4
                d.line(
                    [
                        (m + math.cos(a) * w * 0.3, m + math.sin(a) * w * 0.3),
                        (m + math.cos(a) * w * 0.47, m + math.sin(a) * w * 0.47),
                    ],
                    fill=(250, 196, 60),
                    width=int(w * 0.08),
                )
            d.ellipse((w * 0.26, w * 0.26, w * 0.74, w * 0.74), fill=(250, 196, 60))

    return kit.sprite(("sw_side", size, night), (size, size), draw)


def military_token(value: int, size: int) -> Image.Image:
    """A conflict token: a red ``-1`` plaque for a defeat, a laurel disc (1/3/5) for a win."""
    if value >= 0:
        img = kit.vp_badge(size).copy()
        kit.draw_text(
            img,
            (size / 2, size / 2),
            str(value),
            _g(size * 0.58),
            kit.TEXT,
            bold=True,
            anchor="mm",
        )
        return img

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        w = size * s
        d.rounded_rectangle(
            (s, w * 0.18, w - s, w * 0.82),
            radius=w * 0.14,
            fill=(150, 36, 32),
            outline=(240, 120, 110),
            width=int(s * 1.5),
        )

    img = kit.sprite(("sw_defeat", size), (size, size), draw).copy()
    kit.draw_text(
        img, (size / 2, size / 2), str(value), _g(size * 0.6), kit.TEXT, bold=True, anchor="mm"
    )
    return img


@kit.glyph_cache(64)
def _token(value: int, size: int) -> Image.Image:
    return military_token(value, size)


def hourglass(size: int, fill: kit.RGB = CHOOSING) -> Image.Image:
    """Still choosing."""

    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        w = size * s
        d.rectangle((w * 0.2, w * 0.06, w * 0.8, w * 0.14), fill=fill)
        d.rectangle((w * 0.2, w * 0.86, w * 0.8, w * 0.94), fill=fill)
        d.polygon([(w * 0.26, w * 0.14), (w * 0.74, w * 0.14), (w * 0.5, w * 0.5)], fill=fill)
        d.polygon(
            [(w * 0.5, w * 0.5), (w * 0.74, w * 0.86), (w * 0.26, w * 0.86)],
            outline=fill,
            width=int(s * 1.5),
        )
        d.polygon([(w * 0.5, w * 0.62), (w * 0.64, w * 0.84), (w * 0.36, w * 0.84)], fill=fill)

    return kit.sprite(("sw_hourglass", size, fill), (size, size), draw)


# -- city panel ------------------------------------------------------------------------

CITY_HEAD_H = 78
WONDER_TITLE_H = 42
MIL_ROW_H = 48


def _building_rows(cards: Sequence[str], lang: str, inner_w: int) -> list[list[tuple[str, int]]]:
    """Built cards in colour order, packed into rows of chips: (card id, x offset)."""
    ids = [b for b in cards if b in cat.CARDS]
    ids.sort(key=lambda b: COLORS.index(cat.CARDS[b].color))
    rows: list[list[tuple[str, int]]] = []
    row: list[tuple[str, int]] = []
    used = 0
    prev = ""
    for cid in ids:
        w = min(inner_w, building_chip(cid, lang).width)
        colour = cat.CARDS[cid].color
        sep = 6 if not prev or colour == prev else 14  # a wider gap between colour groups
        if row and used + sep + w > inner_w:
            rows.append(row)
            row, used, sep = [], 0, 0
        x = used + (sep if row else 0)
        row.append((cid, x))
        used = x + w
        prev = colour
    if row:
        rows.append(row)
    return rows


def city_height(city: CityView, lang: str, w: int) -> int:
    rows = _building_rows(city.buildings, lang, w - 2 * PAD)
    return (
        CITY_HEAD_H
        + WONDER_TITLE_H
        + _stages_height(city)
        + 8
        + len(_production_lines(city, lang, w - 2 * PAD - 16)) * PROD_LINE_H
        + 12
        + (MIL_ROW_H if _has_mil_row(city) else 0)
        + max(1, len(rows)) * (CHIP_H + 6)
        + PAD
    )


def _stages_height(city: CityView) -> int:
    if city.stages and city.side:
        return STAGE_H
    if city.board and not city.side:  # side still to choose: both sides, one above the other
        return 2 * STAGE_H + 8
    return 0


def _has_mil_row(city: CityView) -> bool:
    return bool(city.military_tokens or any(city.science.values()) or city.science_wildcards)


def _draw_stages(
    im: Image.Image,
    x: int,
    y: int,
    w: int,
    board: str,
    side: str,
    built: Sequence[int],
    lang: str,
) -> None:
    """A side's stages in a row; ``built`` gives the Age of each built stage's card."""
    n = len(cat.WONDERS[board].sides[side].stages)  # type: ignore[index]
    sw = (w - (n - 1) * 8) // n
    for i in range(n):
        age = built[i] if i < len(built) else 0
        kit.paste(im, stage_tile(board, side, i + 1, age, sw, lang), (x + i * (sw + 8), y))


SIDE_LABEL_W = 76


def _draw_both_sides(im: Image.Image, x: int, y: int, w: int, board: str, lang: str) -> None:
    """Day and Night stages of ``board``, one row each (while the side is to choose)."""
    for k, side in enumerate(("day", "night")):
        ry = y + k * (STAGE_H + 8)
        cx = x + SIDE_LABEL_W / 2 - 4
        kit.paste(im, _sun(26, side == "night"), (cx, ry + STAGE_H / 2 - 12), center=True)
        kit.draw_text(
            im,
            (cx, ry + STAGE_H / 2 + 16),
            kit.clip(ui(side, lang), 22, SIDE_LABEL_W - 4, lang),
            22,
            kit.TEXT_DIM,
            lang,
            anchor="mm",
        )
        _draw_stages(im, x + SIDE_LABEL_W, ry, w - SIDE_LABEL_W, board, side, (), lang)


BOARD_OFFER_H = 48 + 2 * STAGE_H + 8 + 12


def _draw_board_offer(im: Image.Image, x: int, y: int, w: int, board: str, lang: str) -> None:
    """A wonder board on offer: name, starting resource, both sides' stages."""
    ImageDraw.Draw(im).rounded_rectangle(
        (x, y, x + w, y + BOARD_OFFER_H - 8),
        radius=12,
        fill=kit.PANEL,
        outline=WONDER_GOLD,
        width=2,
    )
    res = cat.WONDERS[board].starting_resource
    letters = res_letters(lang)
    _chip(im, (x + PAD + 16, y + 25), res, 32, letters[res], lang)
    label = kit.clip(name(board, lang), 24, w - 2 * PAD - 44, lang, bold=True)
    kit.draw_text(im, (x + PAD + 40, y + 25), label, 24, WONDER_GOLD, lang, bold=True, anchor="lm")
    _draw_both_sides(im, x + PAD, y + 48, w - 2 * PAD, board, lang)


def _wonder_label(city: CityView, lang: str) -> str:
    return name(city.board, lang) if city.board else ui("no_board", lang)


def draw_city(
    im: Image.Image,
    x: int,
    y: int,
    w: int,
    h: int,
    city: CityView,
    view: SevenWondersView,
    names: Sequence[str],
    lang: str,
    highlight: bool = True,
) -> None:
    """One city: name and counters, wonder and stages, production, military and science,
    buildings by colour."""
    seat = city.seat
    accent = _accent(seat)
    choosing = highlight and city.choosing and view.result is None
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(
        (x, y, x + w, y + h),
        radius=14,
        fill=kit.PANEL,
        outline=CHOOSING if choosing else kit.shade(accent, 0.7),
        width=4 if choosing else 2,
    )
    d.rounded_rectangle((x + 4, y + 4, x + 12, y + CITY_HEAD_H - 6), radius=4, fill=accent)
    ix, iw = x + PAD, w - 2 * PAD
    right = x + w - PAD
    # counters on the right: VP so far, coins, shields
    cy = y + 26
    rx = right
    for kind, value in (
        ("shield", city.shields),
        ("coin", city.coins),
        ("vp", city.victory_points),
    ):
        tw = kit.draw_text(im, (rx, cy), str(value), 26, kit.TEXT, bold=True, anchor="rm")
        rx -= tw + 22
        if kind == "shield":
            kit.paste(im, kit.shield(32), (rx, cy), center=True)
        elif kind == "coin":
            kit.paste(im, kit.coin(32), (rx, cy), center=True)
        else:
            kit.vp_value(im, (rx, cy), 36, ui("vp", lang))
        rx -= 30
    # name (and "choosing…")
    nx = ix + 6
    max_name = rx - nx - (150 if choosing else 10)
    label = kit.clip(kit.seat_name(names, seat), 26, max(60, max_name), lang, bold=True)
    nw = kit.draw_text(im, (nx, cy), label, 26, accent, lang, bold=True, anchor="lm")
    if choosing:
        hx = nx + nw + 10
        kit.paste(im, hourglass(24), (hx + 12, cy), center=True)
        kit.draw_text(im, (hx + 26, cy), ui("choosing", lang), 22, CHOOSING, lang, anchor="lm")
    # neighbours (who this city trades with; hands pass towards one of them)
    ny = y + 60
    lt = ui("left_of", lang, name=kit.clip(kit.seat_name(names, city.left), 22, 200, lang))
    rt = ui("right_of", lang, name=kit.clip(kit.seat_name(names, city.right), 22, 200, lang))
    _arrow(d, nx + 8, ny, 16, True, kit.TEXT_DIM)
    lw = kit.draw_text(im, (nx + 20, ny), lt, 22, kit.TEXT_DIM, lang, anchor="lm")
    rx2 = nx + 20 + lw + 28
    rw = kit.draw_text(im, (rx2, ny), rt, 22, kit.TEXT_DIM, lang, anchor="lm")
    _arrow(d, rx2 + rw + 12, ny, 16, False, kit.TEXT_DIM)
    # wonder: name, side, stages built
    wy = y + CITY_HEAD_H
    d.line([(ix, wy - 2), (right, wy - 2)], fill=kit.LINE, width=1)
    tcy = wy + WONDER_TITLE_H / 2
    tail = ""
    if city.board:
        tail = f"{city.stages_built}/{len(city.stages)}" if city.stages else ""
    tail_w = kit.text_width(tail, 22, bold=True) if tail else 0
    side_w = 0
    if city.side:
        side_label = ui(city.side, lang)
        side_w = 30 + kit.text_width(side_label, 22, lang) + 16
    wname = kit.clip(_wonder_label(city, lang), 22, iw - side_w - tail_w - 20, lang, bold=True)
    tx = ix + kit.draw_text(im, (ix, tcy), wname, 22, WONDER_GOLD, lang, bold=True, anchor="lm")
    if city.side:
        tx += 12
        kit.paste(im, _sun(24, city.side == "night"), (tx + 12, tcy), center=True)
        tx += 28
        tx += kit.draw_text(im, (tx, tcy), side_label, 22, kit.TEXT, lang, anchor="lm")
    elif city.board:
        kit.draw_text(
            im, (tx + 12, tcy), ui("side_pending", lang), 22, kit.TEXT_DIM, lang, anchor="lm"
        )
    if tail:
        kit.draw_text(im, (right, tcy), tail, 22, kit.TEXT, bold=True, anchor="rm")
    sy = wy + WONDER_TITLE_H
    if city.board and city.side:
        built = [(st.built_in_age or 1) if st.built else 0 for st in city.stages]
        _draw_stages(im, ix, sy, iw, city.board, city.side, built, lang)
    elif city.board:  # the side is still to choose: show both
        _draw_both_sides(im, ix, sy, iw, city.board, lang)
    sy += _stages_height(city)
    sy += 8
    # production: fixed resources, one-of producers, trade discounts
    lines = _production_lines(city, lang, iw - 16)
    ph = len(lines) * PROD_LINE_H + 6
    d.rounded_rectangle((ix, sy, right, sy + ph), radius=9, fill=kit.PANEL_LIGHT)
    for k, line in enumerate(lines):
        mid = sy + 3 + k * PROD_LINE_H + PROD_LINE_H / 2
        for entry, ex in line:
            _draw_production_entry(im, ix + 8 + ex, mid, entry, lang)
    sy += ph + 6
    # military tokens and science (the row is left out while there is neither)
    mid = sy + MIL_ROW_H / 2 - 4
    mx = ix + 4
    if city.military_tokens:
        for v in city.military_tokens:
            kit.paste(im, _token(v, 36), (mx + 18, mid), center=True)
            mx += 38
        total = sum(city.military_tokens)
        mx += (
            kit.draw_text(
                im,
                (mx + 4, mid),
                f"= {total:+d}" if total else "= 0",
                22,
                kit.TEXT,
                bold=True,
                anchor="lm",
            )
            + 20
        )
    sx = max(mx, ix + iw // 2 - 40) if city.military_tokens else mx
    for sym in cat.SCIENCE_SYMBOLS:
        count = city.science.get(sym, 0)
        if not count:
            continue
        kit.paste(im, kit.science(sym, 36), (sx + 18, mid), center=True)
        sx += 38
        sx += kit.draw_text(im, (sx, mid), f"×{count}", 22, kit.TEXT, bold=True, anchor="lm") + 10
    if city.science_wildcards:
        kit.paste(im, kit.science("any", 36, (110, 150, 90)), (sx + 18, mid), center=True)
        sx += 38
        sx += kit.draw_text(
            im, (sx, mid), f"×{city.science_wildcards}", 22, kit.TEXT, bold=True, anchor="lm"
        )
    if _has_mil_row(city):
        sy += MIL_ROW_H
    # buildings grouped by colour
    rows = _building_rows(city.buildings, lang, iw)
    if not rows:
        kit.draw_text(
            im, (ix + 4, sy + CHIP_H / 2), ui("none", lang), 22, kit.TEXT_DIM, lang, anchor="lm"
        )
    for row in rows:
        for cid, bx in row:
            chip = building_chip(cid, lang)
            if chip.width > iw:
                chip = chip.crop((0, 0, iw, CHIP_H))
            kit.paste(im, chip, (ix + bx, sy))
        sy += CHIP_H + 6


PROD_LINE_H = 46
PROD_SIZE = 32
ONEOF_SIZE = 34  # its chips are drawn at 0.8 of this: close to the fixed resources' size
TRADE_SIZE = 36
#: a production entry: ("fixed", resource, n) or ("item", icon item, size)
Entry = tuple[str, object, int]


def _entry_width(entry: Entry, lang: str) -> int:
    kind, what, n = entry
    if kind == "fixed":
        return PROD_SIZE + 2 + (kit.text_width(f"×{n}", 22, bold=True) + 2 if n > 1 else 0)
    return _item_width(what, n)  # type: ignore[arg-type]


def _production_lines(city: CityView, lang: str, w: int) -> list[list[tuple[Entry, int]]]:
    """What the city produces, flowed into lines: fixed resources with their counts, one-of
    producers, then (at the right of the last line) the trading discounts."""
    entries: list[Entry] = [
        ("fixed", res, city.production[res]) for res in cat.RESOURCES if city.production.get(res)
    ]
    entries += [
        ("item", ("oneof", tuple(pc.resources), pc.tradable), ONEOF_SIZE)
        for pc in city.production_choices
    ]
    lines: list[list[tuple[Entry, int]]] = [[]]
    x = 0
    for entry in entries:
        ew = _entry_width(entry, lang)
        if lines[-1] and x + ew > w:
            lines.append([])
            x = 0
        lines[-1].append((entry, x))
        x += ew + 12
    discounts = _discount_items(city)
    if discounts:
        dw = sum(_item_width(i, TRADE_SIZE) + 10 for i in discounts) - 10
        if lines[-1] and x + dw > w:
            lines.append([])
        dx = w - dw
        for item in discounts:
            lines[-1].append((("item", item, TRADE_SIZE), dx))
            dx += _item_width(item, TRADE_SIZE) + 10
    return lines


def _draw_production_entry(im: Image.Image, x: float, mid: float, entry: Entry, lang: str) -> None:
    kind, what, n = entry
    if kind == "fixed":
        res = str(what)
        _chip(im, (x + PROD_SIZE / 2, mid), res, PROD_SIZE, res_letters(lang)[res], lang)
        if n > 1:
            kit.draw_text(im, (x + PROD_SIZE + 2, mid), f"×{n}", 22, kit.TEXT, bold=True,
                          anchor="lm")
    else:
        draw_items(im, x, mid, [what], n, lang)  # type: ignore[list-item]


def _discount_items(city: CityView) -> list[Item]:
    """Trading posts / marketplace: which resources this city buys at 1 coin, from whom."""
    items: list[Item] = []
    for group in (cat.RAW, cat.MANUFACTURED):
        sides = tuple(
            side
            for side in ("left", "right")
            if all(city.trade_prices.get(side, {}).get(r, 2) == 1 for r in group)
        )
        if sides:
            items.append(("trade", tuple(group), sides))
    return items


# -- table -----------------------------------------------------------------------------


def _status(view: SevenWondersView, lang: str) -> str:
    if view.result is not None or view.phase == "over":
        return ui("over", lang)
    if view.phase == "choose_board":
        return ui("setup_board", lang)
    if view.phase == "choose_side":
        return ui("setup_side", lang)
    parts = [ui("age", lang, age=kit.roman(max(1, view.age)))]
    if view.turn:
        parts.append(ui("turn", lang, turn=view.turn))
    if view.phase == "last_card":
        parts.append(ui("last_card", lang))
    elif view.phase == "revive":
        parts.append(ui("revive", lang))
    return "  ·  ".join(parts)


def _direction_arrow(im: Image.Image, cx: float, cy: float, r: float, left: bool) -> None:
    """A circular arrow around the table: clockwise for "left" (seat 1 → 2 → 3 …)."""
    d = ImageDraw.Draw(im)
    box = (cx - r, cy - r, cx + r, cy + r)
    d.arc(box, 200, 500, fill=kit.GOLD, width=4)
    # arrow head at the end of the arc (angle 140° for clockwise, 200° for anticlockwise)
    ang = math.radians(140 if left else 200)
    hx, hy = cx + r * math.cos(ang), cy + r * math.sin(ang)
    tang = ang + (math.pi / 2 if left else -math.pi / 2)  # direction of travel
    tx, ty = math.cos(tang), math.sin(tang)
    nx, ny = -ty, tx
    s = 9
    d.polygon(
        [
            (hx + tx * s, hy + ty * s),
            (hx - tx * s * 0.6 + nx * s, hy - ty * s * 0.6 + ny * s),
            (hx - tx * s * 0.6 - nx * s, hy - ty * s * 0.6 - ny * s),
        ],
        fill=kit.GOLD,
    )


def draw_header(
    im: Image.Image, view: SevenWondersView, names: Sequence[str], lang: str, width: int
) -> None:
    """Title, Age and turn, pass direction, discard pile; second line: who is choosing."""
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(
        (MARGIN, 8, width - MARGIN, header_height(view) - 4),
        radius=12,
        fill=kit.PANEL,
        outline=kit.LINE,
    )
    y1 = 32
    x = MARGIN + 16
    x += (
        kit.draw_text(
            im, (x, y1), name("game_title", lang), 24, kit.GOLD, lang, bold=True, anchor="lm"
        )
        + 18
    )
    x += (
        kit.draw_text(im, (x, y1), _status(view, lang), 24, kit.TEXT, lang, bold=True, anchor="lm")
        + 22
    )
    rx = width - MARGIN - 16
    # discard pile (size only: its cards are hidden)
    label = ui("discard", lang, n=view.discard_size)
    lw = kit.text_width(label, 22, lang)
    kit.draw_text(im, (rx, y1), label, 22, kit.TEXT_DIM, lang, anchor="rm")
    rx -= lw + 10
    for k in (2, 1, 0):  # a little pile of face-down cards
        ImageDraw.Draw(im).rounded_rectangle(
            (rx - 24 + k * 3, y1 - 14 - k * 3, rx - 4 + k * 3, y1 + 14 - k * 3),
            radius=3,
            fill=(96, 100, 118),
            outline=kit.TEXT_DIM,
            width=1,
        )
    rx -= 46
    if view.phase in ("play", "last_card", "revive") and view.age:
        left = view.direction == "left"
        label = ui("pass_left" if left else "pass_right", lang)
        lw = kit.text_width(label, 22, lang, bold=True)
        kit.draw_text(im, (rx, y1), label, 22, kit.GOLD, lang, bold=True, anchor="rm")
        rx -= lw + 24
        _direction_arrow(im, rx, y1, 13, left)
    # second line: who is still choosing
    y2 = 70
    x = MARGIN + 16
    if view.result is not None:
        return
    if view.phase == "choose_board" and view.boards_offered:
        x += (
            kit.draw_text(
                im, (x, y2), ui("boards_offered", lang), 22, kit.TEXT_DIM, lang, anchor="lm"
            )
            + 10
        )
        for b in view.boards_offered:
            label = kit.clip(name(b, lang), 22, 240, lang)
            if x + kit.text_width(label, 22, lang) > width - MARGIN - 40:
                kit.draw_text(im, (x, y2), "…", 22, WONDER_GOLD, anchor="lm")
                break
            x += kit.draw_text(im, (x, y2), label, 22, WONDER_GOLD, lang, anchor="lm") + 16
        return
    if not view.waiting_for:
        kit.draw_text(im, (x, y2), ui("all_chosen", lang), 22, kit.TEXT_DIM, lang, anchor="lm")
        return
    kit.paste(im, hourglass(22), (x + 11, y2), center=True)
    x += 28
    x += kit.draw_text(im, (x, y2), ui("waiting", lang), 22, kit.TEXT_DIM, lang, anchor="lm") + 10
    limit = width - MARGIN - 16
    for seat in view.waiting_for:
        label = kit.clip(kit.seat_name(names, seat), 22, 200, lang, bold=True)
        tw = kit.text_width(label, 22, lang, bold=True) + 18
        if x + tw > limit:
            kit.draw_text(im, (x, y2), "…", 22, kit.TEXT, anchor="lm")
            break
        accent = _accent(seat)
        d.rounded_rectangle(
            (x, y2 - 14, x + tw, y2 + 14), radius=8, fill=kit.shade(accent, 0.4), outline=accent
        )
        kit.draw_text(im, (x + tw / 2, y2), label, 22, kit.TEXT, lang, bold=True, anchor="mm")
        x += tw + 8


SCORE_ROW_H = 44
SCORE_HEAD_H = 100


def score_height(view: SevenWondersView) -> int:
    if view.result is None:
        return 0
    return SCORE_HEAD_H + SCORE_ROW_H * len(view.result.scores) + 20


def _score_icon(im: Image.Image, key: str, cx: float, cy: float) -> None:
    d = ImageDraw.Draw(im)
    if key == "wonders":
        _pyramid(d, cx - 15, cy, 30, WONDER_GOLD)
        kit.note_glyph(24)
    elif key == "coins":
        kit.paste(im, kit.coin(30), (cx, cy), center=True)
    elif key == "military":
        kit.paste(im, kit.shield(30), (cx, cy), center=True)
    elif key == "green":
        kit.paste(im, kit.science("gear", 30), (cx, cy), center=True)
    elif key in kit.CARD_COLORS:
        d.rounded_rectangle(
            (cx - 11, cy - 15, cx + 11, cy + 15),
            radius=4,
            fill=kit.CARD_COLORS[key],
            outline=kit.TEXT,
            width=1,
        )
        kit.note_glyph(30)


def draw_scores(
    im: Image.Image, y: int, view: SevenWondersView, names: Sequence[str], lang: str
) -> None:
    """Final scores: one row per player by rank, a column per category (its icon), the
    total."""
    res = view.result
    assert res is not None
    h = score_height(view) - 12
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(
        (MARGIN, y, WIDTH - MARGIN, y + h), radius=14, fill=kit.PANEL, outline=kit.GOLD, width=3
    )
    each = (WIDTH - 300) // max(1, len(res.winners))
    winners = ", ".join(
        kit.clip(kit.seat_name(names, s), 28, each, lang, True) for s in res.winners
    )
    title = ui("wins" if len(res.winners) == 1 else "tie", lang, name=winners)
    kit.draw_text(im, (WIDTH / 2, y + 28), kit.clip(title, 28, WIDTH - 80, lang, True), 28,
                  kit.GOLD, lang, bold=True, anchor="mm")
    rank_x = MARGIN + 34
    name_x = MARGIN + 62
    col0 = MARGIN + 330
    col_w = (WIDTH - MARGIN - 16 - col0) // (len(SCORE_KEYS) + 1)
    hy = y + 74
    for i, key in enumerate(SCORE_KEYS):
        _score_icon(im, key, col0 + i * col_w + col_w / 2, hy)
    tx = col0 + len(SCORE_KEYS) * col_w + col_w / 2
    kit.draw_text(im, (tx, hy), kit.clip(ui("total", lang), 22, col_w + 10, lang, True), 22,
                  kit.GOLD, lang, bold=True, anchor="mm")
    kit.draw_text(im, (rank_x, hy), ui("rank", lang), 22, kit.TEXT_DIM, lang, anchor="mm")
    kit.draw_text(im, (name_x, hy), ui("player", lang), 22, kit.TEXT_DIM, lang, anchor="lm")
    ry = y + SCORE_HEAD_H
    for k, score in enumerate(sorted(res.scores, key=lambda s: (s.rank, s.seat))):
        cy = ry + SCORE_ROW_H / 2
        if k % 2 == 0:
            d.rectangle(
                (MARGIN + 12, ry, WIDTH - MARGIN - 12, ry + SCORE_ROW_H), fill=kit.PANEL_LIGHT
            )
        if score.seat in res.winners:
            d.rectangle((MARGIN + 12, ry, MARGIN + 18, ry + SCORE_ROW_H), fill=kit.GOLD)
        kit.draw_text(im, (rank_x, cy), str(score.rank), 24,
                      kit.GOLD if score.rank == 1 else kit.TEXT, bold=True, anchor="mm")
        nm = kit.clip(kit.seat_name(names, score.seat), 24, col0 - name_x - 12, lang, bold=True)
        kit.draw_text(im, (name_x, cy), nm, 24, _accent(score.seat), lang, bold=True,
                      anchor="lm")
        for i, key in enumerate(SCORE_KEYS):
            v = score.breakdown.get(key, 0)
            kit.draw_text(im, (col0 + i * col_w + col_w / 2, cy), str(v), 24,
                          kit.TEXT if v else kit.TEXT_DIM, anchor="mm")
        kit.draw_text(im, (tx, cy), str(score.total), 26, kit.GOLD, bold=True, anchor="mm")
        ry += SCORE_ROW_H


#: the table shows every city in full up to this many players; beyond, a scoreboard (one
#: row a player) and each player's board as its own picture (``city_image``), on demand
TABLE_CITIES_MAX = 3
BOARD_ROW_H = 88


def table_shows_cities(view: SevenWondersView) -> bool:
    """Whether ``table_image`` draws every city (else the bot offers ``city_image``)."""
    return len(view.cities) <= TABLE_CITIES_MAX


def _stage_pips(im: Image.Image, x: float, cy: float, city: CityView) -> float:
    """One pyramid a stage, gold when built; returns the end x."""
    d = ImageDraw.Draw(im)
    for st in city.stages:
        _pyramid(d, x, cy, 26, WONDER_GOLD if st.built else WONDER_DIM)
        x += 30
    if city.stages:
        kit.note_glyph(22)
    return x


def draw_scoreboard(
    im: Image.Image, y: int, view: SevenWondersView, names: Sequence[str], lang: str
) -> int:
    """One row a player: name (still choosing?), VP, coins, shields, conflict tokens; under
    it the wonder board named in full, its side and stages, and the cards built by colour.
    Returns the height used."""
    d = ImageDraw.Draw(im)
    cities = sorted(view.cities, key=lambda c: c.seat)
    for k, city in enumerate(cities):
        top = y + k * BOARD_ROW_H
        accent = _accent(city.seat)
        choosing = city.choosing and view.result is None
        d.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + BOARD_ROW_H - 6), radius=10,
                            fill=kit.PANEL, outline=CHOOSING if choosing else None,
                            width=3 if choosing else 0)
        d.rounded_rectangle((MARGIN + 4, top + 4, MARGIN + 12, top + BOARD_ROW_H - 10), radius=4,
                            fill=accent)
        cy1, cy2 = top + 22, top + 58
        rx = WIDTH - MARGIN - 14
        mil = sum(city.military_tokens)
        for kind, value in (("mil", mil), ("shield", city.shields), ("coin", city.coins),
                            ("vp", city.victory_points)):
            if kind == "mil":  # conflict tokens' sum: a slot kept, drawn once there is one
                if value:
                    kit.draw_text(im, (rx, cy1), f"{value:+d}", 24, kit.TEXT, bold=True,
                                  anchor="rm")
                    kit.paste(im, _token(1 if value > 0 else -1, 30), (rx - 58, cy1),
                              center=True)
                rx -= 88
                continue
            rx -= kit.draw_text(im, (rx, cy1), str(value), 24, kit.TEXT, bold=True,
                                anchor="rm") + 20
            if kind == "shield":
                kit.paste(im, kit.shield(30), (rx, cy1), center=True)
            elif kind == "coin":
                kit.paste(im, kit.coin(30), (rx, cy1), center=True)
            else:
                kit.vp_value(im, (rx, cy1), 34, ui("vp", lang))
            rx -= 30
        nx = MARGIN + 24
        room = rx - nx - (40 if choosing else 0)
        nm = kit.clip(kit.seat_name(names, city.seat), 26, room, lang, bold=True)
        nw = kit.draw_text(im, (nx, cy1), nm, 26, accent, lang, bold=True, anchor="lm")
        if choosing:
            kit.paste(im, hourglass(26), (nx + nw + 20, cy1), center=True)
        # line 2: the board in full, its side and stages; the cards built, by colour
        counts = [(col, sum(1 for b in city.buildings if b in cat.CARDS
                            and cat.CARDS[b].color == col)) for col in COLORS]
        counts = [(col, n) for col, n in counts if n]
        cx = WIDTH - MARGIN - 14
        for col, n in reversed(counts):
            cx -= kit.draw_text(im, (cx, cy2), str(n), 22, kit.TEXT, bold=True, anchor="rm") + 4
            d.rounded_rectangle((cx - 20, cy2 - 13, cx - 4, cy2 + 13), radius=3,
                                fill=kit.CARD_COLORS[col], outline=kit.TEXT, width=1)
            kit.note_glyph(26)
            cx -= 30
        x = nx
        label = _wonder_label(city, lang)
        pips = len(city.stages) * 30 + (34 if city.side else 0)
        x += kit.draw_text(im, (x, cy2), kit.clip(label, 22, cx - x - pips - 16, lang, True), 22,
                           WONDER_GOLD if city.board else kit.TEXT_DIM, lang, bold=True,
                           anchor="lm") + 10
        if city.side:
            kit.paste(im, _sun(26, city.side == "night"), (x + 13, cy2), center=True)
            x += 34
            _stage_pips(im, x, cy2, city)
    return len(cities) * BOARD_ROW_H


def table_image(
    view: SevenWondersView, lang: str = "en", player_names: Sequence[str] | None = None
) -> Image.Image:
    """The public table as a Pillow image (``render_table`` encodes it), laid out for a
    phone: the header, the final scores once over, a scoreboard row per player, and every
    city in full when there are few (``table_shows_cities``)."""
    lang = kit.language(lang)
    names = list(player_names or ())
    cities = sorted(view.cities, key=lambda c: c.seat)
    col_w = WIDTH - 2 * MARGIN
    shown = cities if table_shows_cities(view) else []
    city_h = [city_height(c, lang, col_w) for c in shown]
    top = header_height(view) + 8 + score_height(view)
    board_h = len(cities) * BOARD_ROW_H + 6
    height = top + board_h + sum(h + GAP for h in city_h) + MARGIN
    im = Image.new("RGB", (WIDTH, height), kit.BG)
    draw_header(im, view, names, lang, WIDTH)
    if view.result is not None:
        draw_scores(im, header_height(view) + 8, view, names, lang)
    y = top + draw_scoreboard(im, top, view, names, lang) + 6
    for city, h in zip(shown, city_h, strict=True):
        draw_city(im, MARGIN, y, col_w, h, city, view, names, lang)
        y += h + GAP
    return im


# -- the choice of wonder boards and sides ---------------------------------------------


def sides_image(
    view: SevenWondersView, lang: str = "en", player_names: Sequence[str] | None = None
) -> Image.Image:
    """The viewer's choice before Age I, as a picture: each board still offered (while
    boards are chosen in turn), or the viewer's own board (while sides are chosen), each
    named in full with its starting resource and both sides' stages."""
    lang = kit.language(lang)
    names = list(player_names or ())
    seat = view.seat if view.seat is not None else 0
    if view.phase == "choose_board":
        boards = list(view.boards_offered)
    else:
        own = next((c for c in view.cities if c.seat == seat), None)
        boards = [own.board] if own is not None and own.board else []
    top = header_height(view) + 8
    height = top + len(boards) * (BOARD_OFFER_H + 4) + MARGIN
    im = Image.new("RGB", (WIDTH, height), kit.BG)
    draw_header(im, view, names, lang, WIDTH)
    y = top
    for board in boards:
        _draw_board_offer(im, MARGIN, y, WIDTH - 2 * MARGIN, board, lang)
        y += BOARD_OFFER_H + 4
    return im


# -- hand ------------------------------------------------------------------------------

CARD_W, CARD_H = 230, 300  # four a row: a phone shows the hand as a portrait grid
HAND_COLS = 4
BAND_H = 62
STATUS_H = 44


@kit.glyph_cache(512)
def card_tile(card_id: str, lang: str) -> Image.Image:
    """A hand card: colour band with the name, cost, effect icons, chain symbols."""
    c = cat.CARDS[card_id]
    im, d = kit.banded_card(
        CARD_W,
        CARD_H,
        BAND_H,
        kit.CARD_COLORS[c.color],
        name(card_id, lang),
        (26, 24, 23, 22),
        lang,
        radius=10,
        width=3,
        pad=16,
    )
    # cost
    y = BAND_H + 24
    items = cost_items(c.cost)
    if items:
        sz = fit_items(items, CARD_W - 50, 30)
        draw_items(im, 10, y, items, sz, lang, gap=2)
    else:
        kit.draw_text(im, (10, y), ui("free", lang), 22, (90, 90, 96), lang, anchor="lm")
    if c.chain_in:  # free if the city owns this chain symbol
        d.rounded_rectangle((CARD_W - 40, y - 15, CARD_W - 8, y + 15), radius=7, fill=(70, 70, 80))
        kit.paste(im, kit.chain_link(26), (CARD_W - 24, y), center=True)
    # effects
    body_top, body_bot = BAND_H + 48, CARD_H - STATUS_H - (32 if c.chain_out else 4)
    eff = effect_items(c.effects)
    if eff:
        sz = fit_items(eff, CARD_W - 16, 48)
        if items_width(eff, sz) > CARD_W - 16 and len(eff) > 1:  # two lines
            half = (len(eff) + 1) // 2
            for k, part in enumerate((eff[:half], eff[half:])):
                psz = fit_items(part, CARD_W - 16, 40)
                py = body_top + (body_bot - body_top) * (0.3 + 0.4 * k)
                draw_items(
                    im, (CARD_W - items_width(part, psz)) / 2, py, part, psz, lang, fg=kit.DARK_TEXT
                )
        else:
            draw_items(
                im,
                (CARD_W - items_width(eff, sz)) / 2,
                (body_top + body_bot) / 2,
                eff,
                sz,
                lang,
                fg=kit.DARK_TEXT,
            )
    if c.chain_out:  # chains to later cards
        cy = CARD_H - STATUS_H - 16
        kit.paste(im, kit.chain_link(24, (90, 90, 100)), (18, cy), center=True)
        later = " · ".join(_chain_targets(card_id, lang))
        kit.draw_text(
            im,
            (34, cy),
            kit.clip(later, 22, CARD_W - 40, lang),
            22,
            (80, 80, 90),
            lang,
            anchor="lm",
        )
    return im


@lru_cache(maxsize=256)
def _chain_targets(card_id: str, lang: str) -> tuple[str, ...]:
    symbols = set(cat.CARDS[card_id].chain_out)
    return tuple(
        dict.fromkeys(name(c.id, lang) for c in cat.CARDS.values() if c.chain_in in symbols)
    )


STATUS_STYLE: dict[str, kit.RGB] = {
    "free": GOOD,
    "chain": GOOD,
    "power": GOOD,
    "coins": (200, 150, 30),
    "owned": (110, 112, 122),
    "cannot_afford": BAD,
}


def _status_label(hc: HandCardView, lang: str) -> str:
    if hc.build == "coins":
        return ui("cost_n", lang, n=hc.build_cost if hc.build_cost is not None else "?")
    return ui(hc.build, lang)


def draw_hand_card(
    im: Image.Image, x: int, y: int, hc: HandCardView, lang: str, chosen: str | None
) -> None:
    """A hand card with its status strip; unbuildable ones are dimmed and crossed."""
    tile = card_tile(hc.card, lang)
    blocked = hc.build in ("cannot_afford", "owned")
    if blocked:
        tile = _dimmed(hc.card, lang)
    kit.paste(im, tile, (x, y))
    d = ImageDraw.Draw(im)
    colour = STATUS_STYLE.get(hc.build, kit.LINE)
    sy = y + CARD_H - STATUS_H
    d.rounded_rectangle((x + 6, sy, x + CARD_W - 7, y + CARD_H - 7), radius=8, fill=colour)
    label = _status_label(hc, lang)
    cx, cy = x + CARD_W / 2, sy + (STATUS_H - 7) / 2
    if hc.build == "coins":
        lw = kit.text_width(label, 22, lang, bold=True)
        kit.paste(im, kit.coin(26), (cx - lw / 2 - 4, cy), center=True)
        kit.draw_text(im, (cx + 12, cy), label, 22, kit.DARK_TEXT, lang, bold=True, anchor="mm")
    elif hc.build == "chain":
        lw = kit.text_width(label, 22, lang, bold=True)
        kit.paste(im, kit.chain_link(24, kit.TEXT), (cx - lw / 2 - 6, cy), center=True)
        kit.draw_text(im, (cx + 8, cy), label, 22, kit.TEXT, lang, bold=True, anchor="mm")
    else:
        label = kit.clip(label, 22, CARD_W - 24, lang, bold=True)
        if hc.build == "cannot_afford":
            label = "× " + label
        kit.draw_text(im, (cx, cy), label, 22, kit.TEXT, lang, bold=True, anchor="mm")
    if chosen:
        d.rounded_rectangle(
            (x - 5, y - 5, x + CARD_W + 4, y + CARD_H + 4),
            radius=14,
            outline=kit.HIGHLIGHT,
            width=5,
        )
        tw = kit.text_width(chosen, 22, lang, bold=True) + 16
        d.rounded_rectangle(
            (x + CARD_W / 2 - tw / 2, y - 18, x + CARD_W / 2 + tw / 2, y + 14),
            radius=8,
            fill=kit.HIGHLIGHT,
        )
        kit.draw_text(
            im, (x + CARD_W / 2, y - 2), chosen, 22, kit.DARK_TEXT, lang, bold=True, anchor="mm"
        )


@kit.glyph_cache(256)
def _dimmed(card_id: str, lang: str) -> Image.Image:
    """The card tile greyed out with a red diagonal: cannot be built now."""
    base = card_tile(card_id, lang)
    shade = Image.new("RGBA", base.size, kit.BG + (255,))
    alpha = base.getchannel("A").point(lambda v: 255 if v > 0 else 0)
    out = Image.composite(Image.blend(base, shade, 0.5), base, alpha)
    d = ImageDraw.Draw(out)
    d.line([(14, BAND_H + 8), (CARD_W - 14, CARD_H - STATUS_H - 8)], fill=BAD + (200,), width=4)
    return out


def _hand_header(
    im: Image.Image, view: SevenWondersView, names: Sequence[str], lang: str, seat: int
) -> None:
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(
        (MARGIN, 8, WIDTH - MARGIN, 60), radius=12, fill=kit.PANEL, outline=_accent(seat), width=3
    )
    d.rounded_rectangle((MARGIN, 8, MARGIN + 12, 60), radius=6, fill=_accent(seat))
    who = kit.clip(kit.seat_name(names, seat), 26, 500, lang, bold=True)
    x = MARGIN + 26
    x += (
        kit.draw_text(
            im, (x, 34), ui("your_hand", lang, name=who), 26, kit.TEXT, lang, bold=True, anchor="lm"
        )
        + 20
    )
    kit.draw_text(im, (x, 34), _status(view, lang), 22, kit.TEXT_DIM, lang, anchor="lm")
    rx = WIDTH - MARGIN - 16
    if view.phase in ("play", "last_card", "revive") and view.age:
        left = view.direction == "left"
        label = ui("pass_left" if left else "pass_right", lang)
        lw = kit.text_width(label, 22, lang, bold=True)
        kit.draw_text(im, (rx, 34), label, 22, kit.GOLD, lang, bold=True, anchor="rm")
        _direction_arrow(im, rx - lw - 24, 34, 13, left)


STRIP_H = 70


def _draw_stage_strip(
    im: Image.Image, y: int, view: SevenWondersView, city: CityView, lang: str
) -> None:
    """The next wonder stage (cost and effect) with its status, and the sell value."""
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + STRIP_H - 8), radius=12, fill=kit.PANEL)
    cy = y + (STRIP_H - 8) / 2
    x = MARGIN + 16
    nxt = next((s for s in city.stages if not s.built), None)
    hc = view.hand[0] if view.hand else None
    if city.board and city.side and nxt is not None:
        label = ui("next_stage", lang, s=nxt.stage, n=len(city.stages))
        x += kit.draw_text(im, (x, cy), label, 22, WONDER_GOLD, lang, bold=True, anchor="lm") + 14
        sd = _stage_def(city.board, city.side, nxt.stage)
        cost = cost_items(sd.cost)
        x = int(draw_items(im, x, cy, cost, 26, lang, 2)) + 6
        _arrow(d, x + 8, cy, 12, False, kit.TEXT_DIM)
        x += 22
        x = int(draw_items(im, x, cy, effect_items(sd.effects), 30, lang)) + 18
        if hc is not None:
            status = hc.wonder
            if status == "free":
                text, colour = ui("stage_free", lang), GOOD
            elif status == "coins":
                text, colour = ui("stage_coins", lang, n=hc.wonder_cost), (200, 150, 30)
            elif status == "complete":
                text, colour = ui("stage_complete", lang), kit.LINE
            else:
                text, colour = ui("stage_cannot", lang), BAD
            tw = kit.text_width(text, 22, lang, bold=True) + 24
            d.rounded_rectangle((x, cy - 17, x + tw, cy + 17), radius=9, fill=colour)
            kit.draw_text(im, (x + tw / 2, cy), text, 22, kit.TEXT, lang, bold=True, anchor="mm")
    elif city.board and city.side:
        kit.draw_text(
            im, (x, cy), ui("stage_complete", lang), 22, WONDER_GOLD, lang, bold=True, anchor="lm"
        )
    if hc is not None:
        text = ui("sell", lang, n=hc.sell_coins)
        kit.paste(im, kit.coin(28), (WIDTH - MARGIN - 30, cy), center=True)
        kit.draw_text(im, (WIDTH - MARGIN - 52, cy), text, 22, kit.TEXT, lang, anchor="rm")


HAND_Y = 68 + 20


HAND_GAP = (WIDTH - 2 * MARGIN - HAND_COLS * CARD_W) // (HAND_COLS - 1)
HAND_ROW_H = CARD_H + 28  # room for the "your choice" tag over a card


def hand_card_boxes(view: SevenWondersView) -> list[tuple[int, int, int, int]]:
    """Where each card of the hand is drawn in the hand image (x0, y0, x1, y1): rows of
    four, a short last row centred."""
    n = len(view.hand)
    boxes = []
    for i in range(n):
        r, c = divmod(i, HAND_COLS)
        in_row = min(HAND_COLS, n - r * HAND_COLS)
        x0 = (WIDTH - (in_row * CARD_W + (in_row - 1) * HAND_GAP)) // 2
        x, y = x0 + c * (CARD_W + HAND_GAP), HAND_Y + r * HAND_ROW_H
        boxes.append((x, y, x + CARD_W, y + CARD_H))
    return boxes


def hand_height(view: SevenWondersView) -> int:
    return ((len(view.hand) + HAND_COLS - 1) // HAND_COLS) * HAND_ROW_H


def _subtitle(im: Image.Image, y: int, text: str, lang: str) -> None:
    """A dim bold heading over a section of the hand image (its row is ``y``..``y + 32``)."""
    kit.draw_text(im, (MARGIN + 4, y + 16), text, 22, kit.TEXT_DIM, lang, bold=True, anchor="lm")


def hand_image(
    view: SevenWondersView, lang: str = "en", player_names: Sequence[str] | None = None
) -> Image.Image:
    """The viewer's private picture (``render_hand`` encodes it)."""
    lang = kit.language(lang)
    names = list(player_names or ())
    seat = view.seat if view.seat is not None else 0
    cities = {c.seat: c for c in view.cities}
    city = cities.get(seat)
    inner = WIDTH - 2 * MARGIN
    setup = view.phase in ("choose_board", "choose_side")
    hand_h = hand_height(view) + 8 if view.hand else (0 if setup else 60)
    revive_rows = _building_rows(view.private_discard, lang, inner - 2 * PAD)
    revive_h = (44 + len(revive_rows) * (CHIP_H + 6) + 10) if view.private_discard else 0
    own_h = city_height(city, lang, inner) if city else 0
    neigh = (
        [cities[s] for s in dict.fromkeys((city.left, city.right)) if s in cities and s != seat]
        if city
        else []
    )
    neigh_h = max((city_height(c, lang, COL_W) for c in neigh), default=0)
    offers = list(view.boards_offered) if view.phase == "choose_board" else []
    offer_rows = (len(offers) + 1) // 2
    offer_h = (40 + offer_rows * (BOARD_OFFER_H + 4)) if offers else 0
    strip = STRIP_H if view.hand else 0
    height = 68 + hand_h + offer_h + revive_h + strip + own_h + GAP
    if neigh:
        height += 34 + neigh_h + GAP
    height += MARGIN
    im = Image.new("RGB", (WIDTH, height), kit.BG)
    _hand_header(im, view, names, lang, seat)
    y = HAND_Y
    if view.hand:
        choice = view.my_choice
        for hc, box in zip(view.hand, hand_card_boxes(view), strict=True):
            chosen = None
            if choice is not None and choice.card == hc.card:
                what = ui(f"act_{choice.action}", lang)
                chosen = ui("chosen", lang, what=what)
                choice = None  # mark one copy only
            draw_hand_card(im, box[0], box[1], hc, lang, chosen)
        y += hand_height(view) - 8
    elif not setup:
        kit.draw_text(
            im, (WIDTH / 2, y + 14), ui("no_hand", lang), 22, kit.TEXT_DIM, lang, anchor="mm"
        )
        y += 44
    if offers:
        _subtitle(im, y, ui("boards_offered", lang), lang)
        y += 40
        for i, board in enumerate(offers):
            r, col = divmod(i, 2)
            _draw_board_offer(
                im, MARGIN + col * (COL_W + GAP), y + r * (BOARD_OFFER_H + 4), COL_W, board, lang
            )
        y += offer_rows * (BOARD_OFFER_H + 4)
    if view.private_discard:
        ImageDraw.Draw(im).rounded_rectangle(
            (MARGIN, y, WIDTH - MARGIN, y + revive_h - 10),
            radius=12,
            fill=kit.PANEL,
            outline=kit.HIGHLIGHT,
            width=2,
        )
        kit.draw_text(
            im,
            (MARGIN + PAD, y + 22),
            ui("revive_pick", lang),
            22,
            kit.HIGHLIGHT,
            lang,
            bold=True,
            anchor="lm",
        )
        ry = y + 44
        for row in revive_rows:
            for cid, bx in row:
                kit.paste(im, building_chip(cid, lang), (MARGIN + PAD + bx, ry))
            ry += CHIP_H + 6
        y += revive_h
    if city is not None:
        if view.hand:
            _draw_stage_strip(im, y, view, city, lang)
            y += STRIP_H
        draw_city(im, MARGIN, y, inner, own_h, city, view, names, lang, highlight=False)
        y += own_h + GAP
    if neigh:
        _subtitle(im, y, ui("neighbours", lang), lang)
        y += 34
        for i, c in enumerate(neigh):
            draw_city(
                im,
                MARGIN + i * (COL_W + GAP),
                y,
                COL_W,
                neigh_h,
                c,
                view,
                names,
                lang,
                highlight=False,
            )
    return im


# -- one city --------------------------------------------------------------------------

CITY_IMAGE_W = WIDTH


def city_image(
    view: SevenWondersView,
    seat: int,
    lang: str = "en",
    player_names: Sequence[str] | None = None,
) -> Image.Image:
    """One city in full, with the game's header (``render_city`` encodes it)."""
    lang = kit.language(lang)
    names = list(player_names or ())
    city = next(c for c in view.cities if c.seat == seat)
    inner = CITY_IMAGE_W - 2 * MARGIN
    h = city_height(city, lang, inner)
    im = Image.new("RGB", (CITY_IMAGE_W, 68 + h + MARGIN), kit.BG)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(
        (MARGIN, 8, CITY_IMAGE_W - MARGIN, 60), radius=12, fill=kit.PANEL, outline=kit.LINE
    )
    x = MARGIN + 16
    x += (
        kit.draw_text(
            im, (x, 34), name("game_title", lang), 22, kit.GOLD, lang, bold=True, anchor="lm"
        )
        + 16
    )
    kit.draw_text(
        im,
        (x, 34),
        kit.clip(_status(view, lang), 22, CITY_IMAGE_W - x - 40, lang),
        22,
        kit.TEXT,
        lang,
        anchor="lm",
    )
    draw_city(im, MARGIN, 68, inner, h, city, view, names, lang)
    return im


# -- entry points ----------------------------------------------------------------------


def encode(image: Image.Image) -> bytes:
    """PNG bytes as the bot sends them (``kit.encode``: an 8-bit palette)."""
    return kit.encode(image)


def render_table(
    view: SevenWondersView, lang: str = "en", player_names: Sequence[str] | None = None
) -> bytes:
    """PNG of the public table (only public fields of ``view`` are drawn)."""
    return encode(table_image(view, lang, player_names))


def render_hand(
    view: SevenWondersView, lang: str = "en", player_names: Sequence[str] | None = None
) -> bytes:
    """PNG of the viewing seat's hand, next wonder stage, city and neighbours."""
    return encode(hand_image(view, lang, player_names))


def render_sides(
    view: SevenWondersView, lang: str = "en", player_names: Sequence[str] | None = None
) -> bytes:
    """PNG of the viewer's board choice (``sides_image``): the boards offered, or both sides
    of the viewer's own board; for the viewer's own view while the phase is
    ``choose_board`` or ``choose_side``."""
    return encode(sides_image(view, lang, player_names))


def render_city(
    view: SevenWondersView,
    seat: int,
    lang: str = "en",
    player_names: Sequence[str] | None = None,
) -> bytes:
    """PNG of one city (a neighbour's, say) in full: one player's board, the picture to
    offer per player when ``table_shows_cities(view)`` is False (more than 3 players)."""
    return encode(city_image(view, seat, lang, player_names))


def warm_up(langs: Sequence[str] = LANGUAGES) -> None:
    """Draw every building chip and card tile for ``langs`` (at bot start-up, in a thread)."""
    for lang in langs:
        for cid in cat.CARDS:
            building_chip(cid, lang)
            card_tile(cid, lang)
