"""Through the Ages images, drawn only from a ``TtaView`` and readable on a phone.

``render_board(view, lang, player_names)``: the table — the card row with its take costs,
a scoreboard of every player, the events decks, the common tactics and, once the game is
over, the final scoring. ``render_civ(view, seat, lang, player_names)``: one civilization —
government, leader, wonders, farms and mines with their tokens, urban buildings, units and
the armies the tactic forms, both banks, the civil hand; the military hand only when
``view`` is that seat's own view (the engine leaves ``military`` empty otherwise), so a
public image can never show a hidden card. A resigned seat (L2071) is a dimmed scoreboard row
without numbers, a banner instead of its civilization and the last rows of the final
scoring; the short game (L2218-L2247) adds its face-up cards to the table and each seat's
face-down Age III events to its civilization (named only in the owner's view).

Phone rule (shown about 450 px wide): at most ``WIDTH`` = 1,000 px wide, every text and icon
at least ``MIN_SIZE`` = 22 px, sections stacked (tall rather than wide), and nothing told by
colour alone (card kinds are written on each card, tokens differ in shape). Every word comes
from the translation layer (``tta.render.*`` keys in ``bot/i18n/locales/<lang>/tta.json``);
card names from ``engines/tta/data/names.json`` (``tta.name.<id>``).

A ``Painter`` records every string, card id and font size it draws (``board_texts``): the
tests check the sizes and that a public image names no hidden card.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from engines.tta.catalogue import BOARD, CARDS, CIVIL, MILITARY, CivilCard
from engines.tta.view import PactView, PlayerView, TtaView, WarView
from i18n import LANGUAGES, has
from i18n import name as i18n_name
from i18n import t as i18n_t
from renderers import kit

GAME = "tta"
LANGS = LANGUAGES
WIDTH = 1000
MARGIN = 16
INNER = WIDTH - 2 * MARGIN
GAP = 10
MIN_SIZE = 22  # smallest text or icon, px at WIDTH (the phone rule)
SMALL, BODY, HEAD, TITLE = 22, 24, 28, 34
ICON = 26  # inline icon

#: card colours by kind; the kind is also written on every card (never colour alone)
KIND_COLORS: dict[str, kit.RGB] = {
    "farm": (176, 132, 52),
    "mine": (120, 92, 70),
    "urban": (150, 156, 166),
    "unit": (196, 52, 44),
    "special": (46, 110, 190),
    "government": (226, 130, 40),
    "leader": (44, 140, 84),
    "wonder": (124, 76, 166),
    "action": (226, 186, 50),
    "event": (46, 150, 160),
    "territory": (90, 150, 70),
    "tactic": (170, 40, 40),
    "bonus": (110, 110, 130),
    "aggression": (120, 30, 30),
    "war": (90, 20, 20),
    "pact": (70, 100, 150),
}
ROMAN = ("A", "I", "II", "III", "IV")
OUT_ICONS = ("food", "res", "sci", "cul", "happy", "str")
#: each card's level (A = 0 … III = 3), kind (a technology's type, else its category) and
#: subtype (lab, temple… infantry…), from the catalogue
AGE: dict[str, int] = {cid: c.level for cid, c in CARDS.items()}
KIND: dict[str, str] = {cid: (c.tech_type or c.category) if isinstance(c, CivilCard)
                        else c.category for cid, c in CARDS.items()}
SUBTYPE: dict[str, str] = {cid: c.subtype for cid, c in CIVIL.items() if c.subtype}
#: what taking a card from each slot of the row costs, left to right
TAKE_COST: tuple[int, ...] = tuple(BOARD.card_row["take_cost_by_slot"])


def tr(lang: str, key: str, /, **params: object) -> str:
    """A renderer word: ``tta.render.<key>`` through the translation layer."""
    return i18n_t(lang, f"tta.render.{key}", **params)


def card_name(card: str, lang: str) -> str:
    """A card's (or a term's) name in ``lang``: Chinese where known, else English."""
    return i18n_name(lang, GAME, card)


def join(items: Sequence[str], lang: str) -> str:
    """A list in running text: "a, b" in English, "a、b" in Chinese."""
    return (", " if lang == "en" else "、").join(items)


def seat_name(names: Sequence[str], seat: int, lang: str) -> str:
    if seat < len(names) and names[seat]:
        return names[seat]
    return tr(lang, "player_n", n=seat + 1)


def seat_color(seat: int) -> kit.RGB:
    return kit.SEAT_COLORS[seat % len(kit.SEAT_COLORS)]


def kind_of(card: str) -> str:
    """The kind written on a card: farm, mine, lab, temple… infantry…, government, leader…"""
    kind = KIND[card]
    if kind in ("urban", "unit"):
        return SUBTYPE[card]
    return kind


def crisp_bold(lang: str, size: int, bold: bool) -> bool:
    """Bold is a stroke (only the Regular weight ships): it clogs dense Chinese glyphs at
    the smallest size, so small Chinese text stays regular."""
    return bold and (lang == "en" or size > SMALL)


# -- icons: shapes first, colour second ----------------------------------------------------


def _icon_food(d: ImageDraw.ImageDraw, w: float) -> None:
    d.ellipse((w * 0.06, w * 0.06, w * 0.94, w * 0.94), fill=(236, 190, 60),
              outline=(120, 86, 20), width=max(1, int(w * 0.06)))
    for dx in (-0.14, 0.14):  # two grains and a stalk: wheat
        d.ellipse((w * (0.5 + dx - 0.1), w * 0.26, w * (0.5 + dx + 0.1), w * 0.52),
                  fill=(120, 86, 20))
    d.line([(w * 0.5, w * 0.3), (w * 0.5, w * 0.8)], fill=(120, 86, 20),
           width=max(1, int(w * 0.08)))


def _icon_res(d: ImageDraw.ImageDraw, w: float) -> None:
    d.rounded_rectangle((w * 0.08, w * 0.08, w * 0.92, w * 0.92), radius=w * 0.12,
                        fill=(150, 110, 80), outline=(70, 46, 30), width=max(1, int(w * 0.06)))
    d.polygon([(w * 0.5, w * 0.22), (w * 0.78, w * 0.5), (w * 0.5, w * 0.78), (w * 0.22, w * 0.5)],
              fill=(230, 200, 160))


def _icon_sci(d: ImageDraw.ImageDraw, w: float) -> None:
    d.ellipse((w * 0.04, w * 0.04, w * 0.96, w * 0.96), fill=(40, 110, 200))
    d.polygon([(w * 0.4, w * 0.2), (w * 0.6, w * 0.2), (w * 0.6, w * 0.42), (w * 0.8, w * 0.8),
               (w * 0.2, w * 0.8), (w * 0.4, w * 0.42)], fill=(240, 246, 255))


def _icon_cul(d: ImageDraw.ImageDraw, w: float) -> None:
    d.ellipse((w * 0.04, w * 0.04, w * 0.96, w * 0.96), fill=(130, 70, 170))
    pts = []
    for i in range(10):
        r = w * (0.38 if i % 2 == 0 else 0.16)
        a = math.radians(-90 + i * 36)
        pts.append((w / 2 + r * math.cos(a), w / 2 + r * math.sin(a)))
    d.polygon(pts, fill=(255, 230, 120))


def _icon_happy(d: ImageDraw.ImageDraw, w: float) -> None:
    d.ellipse((w * 0.04, w * 0.04, w * 0.96, w * 0.96), fill=(250, 214, 70),
              outline=(140, 100, 10), width=max(1, int(w * 0.06)))
    for x in (0.36, 0.64):
        d.ellipse((w * (x - 0.07), w * 0.3, w * (x + 0.07), w * 0.46), fill=(60, 40, 10))
    d.arc((w * 0.26, w * 0.3, w * 0.74, w * 0.76), 20, 160, fill=(60, 40, 10),
          width=max(1, int(w * 0.08)))


def _icon_str(d: ImageDraw.ImageDraw, w: float) -> None:
    pts = [(w * 0.1, w * 0.08), (w * 0.9, w * 0.08), (w * 0.88, w * 0.5), (w * 0.5, w * 0.96),
           (w * 0.12, w * 0.5)]
    d.polygon(pts, fill=(214, 50, 40), outline=(120, 20, 16))
    d.line([(w * 0.5, w * 0.2), (w * 0.5, w * 0.8)], fill=(255, 220, 210),
           width=max(1, int(w * 0.08)))
    d.line([(w * 0.3, w * 0.36), (w * 0.7, w * 0.36)], fill=(255, 220, 210),
           width=max(1, int(w * 0.08)))


def _icon_ca(d: ImageDraw.ImageDraw, w: float) -> None:
    d.ellipse((w * 0.06, w * 0.06, w * 0.94, w * 0.94), fill=(245, 245, 245),
              outline=(90, 90, 90), width=max(1, int(w * 0.08)))
    d.ellipse((w * 0.34, w * 0.34, w * 0.66, w * 0.66), fill=(150, 150, 150))


def _icon_ma(d: ImageDraw.ImageDraw, w: float) -> None:
    d.ellipse((w * 0.06, w * 0.06, w * 0.94, w * 0.94), fill=(210, 44, 44),
              outline=(90, 10, 10), width=max(1, int(w * 0.08)))
    lw = max(1, int(w * 0.09))  # a sword: blade and cross-guard
    d.line([(w * 0.5, w * 0.2), (w * 0.5, w * 0.8)], fill=(255, 255, 255), width=lw)
    d.line([(w * 0.32, w * 0.62), (w * 0.68, w * 0.62)], fill=(255, 255, 255), width=lw)


def _icon_worker(d: ImageDraw.ImageDraw, w: float) -> None:
    d.ellipse((w * 0.32, w * 0.04, w * 0.68, w * 0.4), fill=(250, 206, 40), outline=(110, 80, 0),
              width=max(1, int(w * 0.05)))
    d.polygon([(w * 0.18, w * 0.96), (w * 0.3, w * 0.46), (w * 0.7, w * 0.46),
               (w * 0.82, w * 0.96)], fill=(250, 206, 40), outline=(110, 80, 0))


def _icon_blue(d: ImageDraw.ImageDraw, w: float) -> None:
    d.polygon([(w * 0.5, w * 0.04), (w * 0.92, w * 0.28), (w * 0.92, w * 0.72), (w * 0.5, w * 0.96),
               (w * 0.08, w * 0.72), (w * 0.08, w * 0.28)], fill=(60, 130, 230),
              outline=(20, 50, 110))


def _icon_card(d: ImageDraw.ImageDraw, w: float) -> None:
    for dx, fill in ((0.16, (120, 126, 140)), (0.0, (230, 226, 210))):  # two cards, fanned
        d.rounded_rectangle((w * (0.18 + dx), w * (0.1 - dx / 2), w * (0.72 + dx),
                             w * (0.9 - dx / 2)), radius=w * 0.08, fill=fill,
                            outline=(60, 60, 70), width=max(1, int(w * 0.05)))


def _icon_empty(d: ImageDraw.ImageDraw, w: float) -> None:
    d.ellipse((w * 0.16, w * 0.16, w * 0.84, w * 0.84), outline=(110, 116, 130),
              width=max(1, int(w * 0.08)))


_ICONS: dict[str, Callable[[ImageDraw.ImageDraw, float], None]] = {
    "food": _icon_food, "res": _icon_res, "sci": _icon_sci, "cul": _icon_cul,
    "happy": _icon_happy, "str": _icon_str, "ca": _icon_ca, "ma": _icon_ma,
    "worker": _icon_worker, "blue": _icon_blue, "card": _icon_card, "empty": _icon_empty,
}


def icon(kind: str, size: int = ICON) -> Image.Image:
    """One of the game's symbols as a cached sprite (each a distinct shape)."""
    draw = _ICONS[kind]
    return kit.sprite(("tta", kind, size), (size, size), lambda d, s: draw(d, size * s))


# -- painter ------------------------------------------------------------------------------


class Painter:
    """A tall canvas cropped at the end, and the record of what was drawn on it."""

    def __init__(self, lang: str, height: int = 4000) -> None:
        self.lang = lang
        self.im = Image.new("RGB", (WIDTH, height), kit.BG)
        self.draw = ImageDraw.Draw(self.im)
        self.texts: list[str] = []
        self.cards: list[str] = []
        self.sizes: set[int] = set()

    def ensure(self, bottom: int) -> None:
        """Grow the canvas when a long position needs more room."""
        if bottom <= self.im.height:
            return
        grown = Image.new("RGB", (WIDTH, max(bottom + 400, self.im.height * 3 // 2)), kit.BG)
        grown.paste(self.im, (0, 0))
        self.im = grown
        self.draw = ImageDraw.Draw(self.im)

    def text(self, xy: tuple[float, float], text: str, size: int = BODY,
             fill: kit.Color = kit.TEXT, bold: bool = False, anchor: str = "la") -> int:
        self.texts.append(text)
        self.sizes.add(size)
        return kit.draw_text(self.im, xy, text, size, fill, self.lang,
                             crisp_bold(self.lang, size, bold), anchor)

    def fit(self, xy: tuple[float, float], text: str, width: int, size: int = BODY,
            fill: kit.Color = kit.TEXT, bold: bool = False, anchor: str = "la") -> int:
        """One line cut with an ellipsis to ``width`` (player names, long card names)."""
        bold = crisp_bold(self.lang, size, bold)
        return self.text(xy, kit.clip(text, size, width, self.lang, bold), size, fill, bold,
                         anchor)

    def icon(self, kind: str, xy: tuple[float, float], size: int = ICON) -> int:
        self.sizes.add(size)
        kit.paste(self.im, icon(kind, size), xy)
        return size

    def tile(self, spr: Image.Image, xy: tuple[float, float], cards: Sequence[str],
             texts: Sequence[str], sizes: Sequence[int]) -> None:
        kit.paste(self.im, spr, xy)
        self.cards.extend(cards)
        self.texts.extend(texts)
        self.sizes.update(sizes)

    def heading(self, y: int, text: str, right: str = "") -> int:
        """A section title with a rule under it; returns the y below it. Every section
        starts with one, so the canvas grows here before any section could overflow it."""
        self.ensure(y + 800)
        self.text((MARGIN, y), text, HEAD, kit.GOLD, bold=True)
        if right:
            self.text((WIDTH - MARGIN, y + 4), right, SMALL, kit.TEXT_DIM, anchor="ra")
        self.draw.line([(MARGIN, y + HEAD + 7), (WIDTH - MARGIN, y + HEAD + 7)],
                       fill=kit.LINE, width=2)
        return y + HEAD + 14

    def stat(self, x: float, y: float, kind: str, value: str, size: int = BODY,
             fill: kit.Color = kit.TEXT, bold: bool = True) -> int:
        """An icon followed by a number; returns the width used."""
        self.icon(kind, (x, y + (size - ICON) // 2 + 2))
        return ICON + 4 + self.text((x + ICON + 4, y), value, size, fill, bold)

    def crop(self, bottom: int) -> Image.Image:
        return self.im.crop((0, 0, WIDTH, bottom + MARGIN))


# -- card tiles ---------------------------------------------------------------------------

TILE_BAND = 34


def _facts(card: str, in_play: bool) -> list[tuple[str, str]]:
    """The numbers printed on a card, as (icon, text) pairs: what it costs and gives; in
    play only what still matters (the build cost, the output), not the science cost or
    the wonder's stages."""
    kind = KIND[card]
    out: list[tuple[str, str]] = []
    civil = CIVIL.get(card)
    if civil is not None:
        if civil.science_cost is not None and not in_play:
            sci = str(civil.science_cost)
            if civil.revolution_science_cost is not None:
                sci += f"/{civil.revolution_science_cost}"
            out.append(("sci", sci))
        if civil.build_cost is not None:
            out.append(("res", str(civil.build_cost)))
        if (w := civil.per_worker) is not None:
            outputs = (w.food, w.resources, w.science, w.culture, w.happy, w.strength)
            out += [(OUT_ICONS[i], f"{v:+d}") for i, v in enumerate(outputs) if v]
        if kind in ("government", "leader", "wonder", "special"):
            s = civil.static
            gives = (s.science, s.culture, s.happy, s.strength)
            out += [(OUT_ICONS[i], f"{v:+d}") for i, v in enumerate(gives, 2) if v]  # Kremlin: -1
            for icon, n in (("ca", s.civil_actions), ("ma", s.military_actions)):
                if n:
                    out.append((icon, f"{n:+d}" if kind != "government" else str(n)))
        if kind == "wonder" and civil.wonder_stage_costs and not in_play:
            out.append(("res", "·".join(map(str, civil.wonder_stage_costs))))
    if kind == "tactic":
        tac = MILITARY[card]
        bonus = f"+{tac.bonus}" + (f"/+{tac.obsolete_bonus}" if tac.obsolete_bonus is not None
                                   else "")
        out.append(("str", bonus))
    return out


@kit.glyph_cache(2048)
def card_tile(card: str, lang: str, w: int, h: int, note: str = "",
              in_play: bool = False) -> tuple[Image.Image, tuple[str, ...]]:
    """A card face: a coloured band with its age and kind written on it, its name (up to
    three lines) and its numbers (``note`` replaces them). Returns the sprite and the
    strings on it."""
    kind = KIND[card]
    fill = KIND_COLORS.get(kind, (120, 120, 120))
    ink = kit.contrast_text(fill)
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=10, fill=kit.PANEL_LIGHT,
                        outline=kit.shade(fill, 0.7), width=2)
    d.rounded_rectangle((0, 0, w - 1, TILE_BAND), radius=10, fill=fill)
    d.rectangle((2, TILE_BAND - 10, w - 3, TILE_BAND), fill=fill)
    texts: list[str] = []
    band = f"{ROMAN[AGE[card]]} · {tr(lang, 'kind.' + kind_of(card))}"
    # regular when bold would not fit (narrower) or would clog Chinese glyphs
    bold = crisp_bold(lang, SMALL, kit.text_width(band, SMALL, lang, True) <= w - 16)
    band = kit.clip(band, SMALL, w - 16, lang, bold)
    texts.append(band)
    kit.draw_text(im, (8, TILE_BAND / 2 + 1), band, SMALL, ink, lang, bold, "lm")
    title = card_name(card, lang)
    facts = [] if note else _facts(card, in_play)
    body_top = TILE_BAND + 4
    foot = 32 if (facts or note) else 0
    room = h - body_top - foot - 4
    max_lines = max(1, min(3, room // 26))
    lines, size = kit.fit_lines(title, w - 16, (BODY, SMALL), lang, max_lines, bold=True)
    texts.append(title)
    y = body_top + (room - len(lines) * (size + 4)) / 2
    for line in lines:
        kit.draw_text(im, (8, y), line, size, kit.TEXT, lang, True, "la")
        y += size + 4
    if facts:
        x = 8
        fy = h - foot
        for kind_icon, value in facts:
            if x + ICON + 4 + kit.text_width(value, SMALL, "en", True) > w - 6:
                break
            kit.paste(im, icon(kind_icon), (x, fy))
            texts.append(value)
            x += ICON + 4 + kit.draw_text(im, (x + ICON + 4, fy + ICON / 2 + 1), value, SMALL,
                                          kit.TEXT, "en", True, "lm") + 10
    elif note:
        texts.append(note)
        kit.draw_text(im, (8, h - foot + ICON / 2 + 1), note, SMALL, kit.TEXT_DIM, lang, False,
                      "lm")
    return im, tuple(texts)


def draw_tile(pt: Painter, card: str, x: float, y: float, w: int, h: int, note: str = "",
              in_play: bool = False) -> None:
    spr, texts = card_tile(card, pt.lang, w, h, note, in_play)
    pt.tile(spr, (x, y), [card], texts, (SMALL, BODY))


def empty_tile(pt: Painter, x: float, y: float, w: int, h: int) -> None:
    pt.draw.rounded_rectangle((x, y, x + w - 1, y + h - 1), radius=10, outline=kit.LINE, width=2)
    pt.text((x + w / 2, y + h / 2), tr(pt.lang, "empty_slot"), SMALL, kit.TEXT_DIM, anchor="mm")


def back_chip(pt: Painter, x: float, y: float, age: int, fill: kit.RGB) -> int:
    """A face-down card as a small chip with its age (all that may be seen of it)."""
    w, h = 44, 34
    pt.draw.rounded_rectangle((x, y, x + w, y + h), radius=6, fill=fill,
                              outline=kit.shade(fill, 0.5), width=2)
    pt.text((x + w / 2, y + h / 2 + 1), ROMAN[age], SMALL, kit.contrast_text(fill), True, "mm")
    return w + 6


def grid(pt: Painter, y: int, cards: Sequence[str], cols: int, h: int,
         notes: Sequence[str] | None = None, in_play: bool = False) -> int:
    """Cards as tiles, ``cols`` to a line; returns the y below them."""
    if not cards:
        pt.text((MARGIN + 4, y), tr(pt.lang, "none"), BODY, kit.TEXT_DIM)
        return y + BODY + 16
    w = (INNER - (cols - 1) * GAP) // cols
    rows = (len(cards) + cols - 1) // cols
    pt.ensure(y + rows * (h + GAP) + 200)
    for i, card in enumerate(cards):
        r, c = divmod(i, cols)
        draw_tile(pt, card, MARGIN + c * (w + GAP), y + r * (h + GAP), w, h,
                  notes[i] if notes else "", in_play)
    return y + rows * (h + GAP) + 6


# -- the table ----------------------------------------------------------------------------

ROW_TILE_H = 132


def _status(view: TtaView, names: Sequence[str], lang: str) -> str:
    if view.result is not None:
        winners = join([seat_name(names, s, lang) for s in view.result.winners], lang)
        if view.result.victory == "last_standing":  # the others resigned (L2073)
            return tr(lang, "game_over_last", names=winners)
        return tr(lang, "game_over", names=winners)
    if view.current is None:
        return ""
    step = tr(lang, f"step.{view.step}") if has(lang, f"tta.render.step.{view.step}") \
        else view.step
    return tr(lang, "to_act", name=seat_name(names, view.current, lang), step=step)


def draw_header(pt: Painter, view: TtaView, names: Sequence[str]) -> int:
    lang = pt.lang
    y = MARGIN
    pt.draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + 104), radius=12, fill=kit.PANEL)
    pt.text((MARGIN + 16, y + 12), card_name("game_title", lang), TITLE, kit.GOLD, True)
    age = tr(lang, "age_round", age=ROMAN[min(view.age, 4)], round=view.round)
    pt.text((WIDTH - MARGIN - 16, y + 18), age, HEAD, kit.TEXT, True, "ra")
    status = _status(view, names, lang)
    x = MARGIN + 16
    if view.current is not None and view.result is None:
        pt.draw.rectangle((x, y + 62, x + 10, y + 92), fill=seat_color(view.current))
        x += 20
    right = ""
    if view.last_round is not None and view.result is None:
        right = tr(lang, "last_round")
    width = INNER - 40 - (kit.text_width(right, BODY, lang, True) + 20 if right else 0)
    pt.fit((x, y + 64), status, width, BODY, kit.TEXT, True)
    if right:
        pt.text((WIDTH - MARGIN - 16, y + 64), right, BODY, kit.HIGHLIGHT, True, "ra")
    return y + 104 + 16


def draw_row(pt: Painter, y: int, view: TtaView) -> int:
    lang = pt.lang
    y = pt.heading(y, tr(lang, "card_row"), tr(lang, "civil_deck", n=view.civil_deck))
    if not any(view.row):  # the first game's Age III: no deck, the row runs dry
        pt.text((MARGIN + 4, y), tr(lang, "row_empty"), BODY, kit.TEXT_DIM)
        return y + BODY + 20
    cols = 5
    w = (INNER - (cols - 1) * GAP) // cols
    for cost in sorted(set(TAKE_COST)):
        slots = [i for i, c in enumerate(TAKE_COST) if c == cost]
        x = MARGIN
        x += pt.text((x, y), tr(lang, "take_cost", n=cost), BODY, kit.TEXT_DIM) + 8
        for _ in range(cost):
            x += pt.icon("ca", (x, y)) + 4
        y += ICON + 10
        for i, s in enumerate(slots):
            r, c = divmod(i, cols)
            tx, ty = MARGIN + c * (w + GAP), y + r * (ROW_TILE_H + GAP)
            card = view.row[s] if s < len(view.row) else None
            if card is None:
                empty_tile(pt, tx, ty, w, ROW_TILE_H)
            else:
                draw_tile(pt, card, tx, ty, w, ROW_TILE_H)
        y += ((len(slots) + cols - 1) // cols) * (ROW_TILE_H + GAP) + 6
    return y + 4


#: scoreboard columns: (key, icon, width)
COLUMNS: tuple[tuple[str, str, int], ...] = (
    ("culture", "cul", 116), ("science", "sci", 116), ("strength", "str", 100),
    ("happy", "happy", 100), ("civil", "ca", 100), ("military", "ma", 100),
    ("hand", "card", 100),
)
NAME_W = INNER - sum(c[2] for c in COLUMNS)


def _cells(p: PlayerView, lang: str) -> list[tuple[str, str]]:
    """(big value, small line) per scoreboard column."""
    r = p.ratings
    return [
        (str(p.culture), f"+{r[3]}"),
        (str(p.science), f"+{r[2]}"),
        (str(r[5]), ""),
        (str(r[4]), tr(lang, "need", n=p.happy_required)),
        (f"{p.civil_left}/{p.civil_actions}", ""),
        (f"{p.military_left}/{p.military_actions}", ""),
        (str(len(p.hand)), tr(lang, "military_n", n=p.military_count)),
    ]


def draw_scoreboard(pt: Painter, y: int, view: TtaView, names: Sequence[str]) -> int:
    lang = pt.lang
    y = pt.heading(y, tr(lang, "players"))
    x = MARGIN + NAME_W
    for key, kind, w in COLUMNS:  # header: icon over a word (never the icon alone)
        pt.icon(kind, (x + (w - ICON) / 2, y))
        label = tr(lang, f"col.{key}")
        pt.fit((x + w / 2, y + ICON + 4), label, w - 6, SMALL, kit.TEXT_DIM, anchor="ma")
        x += w
    y += ICON + 4 + SMALL + 14
    row_h = 64
    for p in view.players:
        top = y
        if p.resigned:
            y = _resigned_row(pt, y, p, names, row_h)
            continue
        current = view.current == p.seat and view.result is None
        fill = kit.PANEL_LIGHT if current else kit.PANEL
        pt.draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + row_h - 4), radius=8,
                                  fill=fill, outline=kit.HIGHLIGHT if current else None,
                                  width=2)
        pt.draw.rectangle((MARGIN + 6, top + 8, MARGIN + 14, top + row_h - 12),
                          fill=seat_color(p.seat))
        pt.fit((MARGIN + 22, top + 6), seat_name(names, p.seat, lang), NAME_W - 30, BODY,
               kit.TEXT, True)
        marks = []
        if current:
            marks.append(tr(lang, "acting"))
        if p.seat == view.start:
            marks.append(tr(lang, "first_player"))
        if marks:
            pt.fit((MARGIN + 22, top + 34), " · ".join(marks), NAME_W - 30, SMALL,
                   kit.HIGHLIGHT if current else kit.TEXT_DIM)
        x = MARGIN + NAME_W
        for (_, _, w), (big, small) in zip(COLUMNS, _cells(p, lang), strict=True):
            pt.text((x + w / 2, top + 4), big, BODY, kit.TEXT, True, "ma")
            if small:
                pt.fit((x + w / 2, top + 34), small, w - 6, SMALL, kit.TEXT_DIM, anchor="ma")
            x += w
        y += row_h
        for war in _wars_of(view, p.seat):  # both sides of a pending war show it (issue 10)
            pt.icon("str", (MARGIN + 22, y), 24)
            pt.fit((MARGIN + 52, y), _war_line(war, p.seat, names, lang), INNER - 60, SMALL,
                   WAR_COLOR)
            y += SMALL + 12
    y += 10
    if view.pacts:
        pt.text((MARGIN, y), tr(lang, "pacts"), BODY, kit.TEXT, True)
        y += BODY + 10
        for pact in view.pacts:
            for line in kit.wrap(_pact_line(pact, names, lang), SMALL, INNER - 30, lang, 2):
                pt.text((MARGIN + 22, y), line, SMALL, kit.TEXT_DIM)
                y += SMALL + 8
        y += 10
    return y


RESIGNED_FILL: kit.RGB = kit.shade(kit.PANEL, 0.75)


def _resigned_row(pt: Painter, top: int, p: PlayerView, names: Sequence[str], row_h: int) -> int:
    """A resigned seat's scoreboard row: dimmed, its name and "resigned", and no numbers —
    its civilization and cards left the game (L2071), so there is nothing to compare."""
    lang = pt.lang
    pt.draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + row_h - 4), radius=8,
                              fill=RESIGNED_FILL, outline=kit.LINE, width=2)
    pt.draw.rectangle((MARGIN + 6, top + 8, MARGIN + 14, top + row_h - 12),
                      fill=kit.shade(seat_color(p.seat), 0.5))
    pt.fit((MARGIN + 22, top + 6), seat_name(names, p.seat, lang), NAME_W - 30, BODY,
           kit.TEXT_DIM, True)
    pt.fit((MARGIN + 22, top + 34), tr(lang, "resigned"), NAME_W - 30, SMALL, kit.TEXT_DIM)
    pt.fit((MARGIN + NAME_W + 12, top + (row_h - 4) / 2), tr(lang, "resigned_row"),
           INNER - NAME_W - 24, BODY, kit.TEXT_DIM, anchor="lm")
    return top + row_h


WAR_COLOR: kit.RGB = (240, 120, 110)


def _wars_of(view: TtaView, seat: int) -> list[WarView]:
    """The pending wars ``seat`` declared or must answer."""
    return [w for w in view.wars if seat in (w.attacker, w.defender)]


def _war_line(war: WarView, seat: int, names: Sequence[str], lang: str) -> str:
    """"War over Culture declared on bob" (the attacker's side) or "... declared by ..."."""
    card = card_name(war.card, lang)
    if seat == war.attacker:
        return tr(lang, "war_on", card=card, name=seat_name(names, war.defender, lang))
    return tr(lang, "war_by", card=card, name=seat_name(names, war.attacker, lang))


def _unequal(card: str) -> bool:
    """Only unequal pacts have sides worth naming (a symmetric one gives both the same)."""
    pact = MILITARY[card].pact if card in MILITARY else None
    return not (pact or {}).get("symmetric", True)


def _other_side(side: str) -> str:
    """The side of an unequal pact the partner plays (``a`` or ``b``)."""
    return "b" if side == "a" else "a"


def _pact_line(pact: PactView, names: Sequence[str], lang: str) -> str:
    """The pact, its two parties and, for an unequal pact, which side each plays."""
    card = card_name(pact.card, lang)
    owner, partner = seat_name(names, pact.owner, lang), seat_name(names, pact.partner, lang)
    if _unequal(pact.card):
        return tr(lang, "pact_sides", card=card, owner=owner, partner=partner,
                  owner_side=pact.owner_side.upper(),
                  partner_side=_other_side(pact.owner_side).upper())
    return tr(lang, "pact_between", card=card, owner=owner, partner=partner)


def draw_events(pt: Painter, y: int, view: TtaView) -> int:
    lang = pt.lang
    y = pt.heading(y, tr(lang, "events"))
    for key, ages in (("current_events", view.current_events),
                      ("future_events", view.future_events)):
        x = MARGIN
        x += pt.text((x, y + 4), tr(lang, key, n=len(ages)), BODY, kit.TEXT) + 12
        for age in ages:
            if x + 50 > WIDTH - MARGIN:
                y += 42
                x = MARGIN + 24
            x += back_chip(pt, x, y, age, KIND_COLORS["event"])
        y += 44
    recent = list(reversed(view.past_events[-3:]))
    key = "past_events" if recent else "past_count"
    pt.text((MARGIN, y + 4), tr(lang, key, n=len(view.past_events)), BODY)
    y += BODY + 14
    if recent:
        y = grid(pt, y, recent, 3, 108)
    text = tr(lang, "military_deck", n=view.military_deck, discards=view.military_discards)
    pt.text((MARGIN, y + 4), text, BODY, kit.TEXT_DIM)
    return y + BODY + 20


def tactic_text(card: str, lang: str) -> str:
    """A tactic's army, in words: "2 infantry + 1 cavalry"."""
    army = MILITARY[card].army or {}
    parts = [tr(lang, "units_of", n=army[u], unit=card_name(u, lang))
             for u in ("infantry", "cavalry", "artillery") if army.get(u)]
    return " + ".join(parts)


def draw_tactics(pt: Painter, y: int, view: TtaView) -> int:
    lang = pt.lang
    y = pt.heading(y, tr(lang, "common_tactics"))
    if not view.common_tactics:
        pt.text((MARGIN + 4, y), tr(lang, "none"), BODY, kit.TEXT_DIM)
        return y + BODY + 20
    col_w = (INNER - GAP) // 2
    tile_w, h = 236, 110
    pt.ensure(y + (len(view.common_tactics) + 1) // 2 * (h + GAP) + 200)
    for i, card in enumerate(view.common_tactics):
        r, c = divmod(i, 2)
        x, ty = MARGIN + c * (col_w + GAP), y + r * (h + GAP)
        draw_tile(pt, card, x, ty, tile_w, h)
        lines = kit.wrap(tactic_text(card, lang), BODY, col_w - tile_w - 20, lang, 3)
        for j, line in enumerate(lines):
            pt.text((x + tile_w + 12, ty + 8 + j * (BODY + 8)), line, BODY)
    return y + (len(view.common_tactics) + 1) // 2 * (h + GAP) + 10


def draw_short_game(pt: Painter, y: int, view: TtaView, names: Sequence[str]) -> int:
    """The short game's face-up cards (L2229-L2230): the three Age III events scored at the
    end, the War over Culture any war card may declare instead (ruling C11), and how many
    Age III events each player holds face down (they are scored too, L2247)."""
    lang = pt.lang
    y = pt.heading(y, tr(lang, "short_game"))
    if view.short_face_up:
        y = grid(pt, y, view.short_face_up, 3, 120)
    if view.short_war is not None:
        tile_w, h = 236, 110
        pt.ensure(y + h + 200)
        draw_tile(pt, view.short_war, MARGIN, y, tile_w, h)
        _beside(pt, MARGIN + tile_w + 12, y + 6, INNER - tile_w - 12,
                [(tr(lang, "short_war"), SMALL, kit.TEXT, False)])
        y += h + GAP
    counts = [tr(lang, "name_count", name=seat_name(names, p.seat, lang),
                 n=p.short_events_count) for p in view.players if not p.resigned]
    for line in kit.wrap(tr(lang, "short_counts", list=" · ".join(counts)), BODY, INNER - 8,
                         lang, 3):
        pt.text((MARGIN, y), line, BODY, kit.TEXT_DIM)
        y += BODY + 8
    return y + 12


def _short_game(view: TtaView) -> bool:
    """Whether ``view`` is a short game's (its face-up cards are set)."""
    return bool(view.short_face_up) or view.short_war is not None


SCORE_KEYS = ("culture_before", "technologies", "science", "strength", "happiness",
              "production", "colonies", "wonders", "age_ii_wonders", "age_iii_events",
              "bill_gates")


def draw_result(pt: Painter, y: int, view: TtaView, names: Sequence[str]) -> int:
    lang = pt.lang
    assert view.result is not None
    y = pt.heading(y, tr(lang, "final_scoring"))
    for s in sorted(view.result.scores, key=lambda s: (s.rank or 99, s.seat)):
        pt.ensure(y + 300)
        win = s.seat in view.result.winners
        # a resigned seat ranks last (platform §4.7) and has no score lines: its cards left
        resigned = bool(s.breakdown.get("resigned"))
        parts = [] if resigned else [f"{tr(lang, 'score.' + k)} {s.breakdown[k]}"
                                     for k in SCORE_KEYS if s.breakdown.get(k)]
        lines = kit.wrap(" · ".join(parts), SMALL, INNER - 40, lang, 3) if parts else []
        h = 44 + len(lines) * (SMALL + 6) + 8
        fill = RESIGNED_FILL if resigned else kit.PANEL_LIGHT if win else kit.PANEL
        pt.draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + h), radius=8, fill=fill,
                                  outline=kit.GOLD if win else None, width=2)
        head = f"{s.rank or '-'}. {seat_name(names, s.seat, lang)}"
        ink = kit.TEXT_DIM if resigned else kit.GOLD if win else kit.TEXT
        pt.fit((MARGIN + 16, y + 8), head, INNER - 260, BODY, ink, True)
        right = tr(lang, "resigned") if resigned else tr(lang, "points", n=s.total)
        pt.text((WIDTH - MARGIN - 16, y + 8), right, BODY, ink if resigned else kit.TEXT,
                True, "ra")
        ly = y + 44
        for line in lines:
            pt.text((MARGIN + 16, ly), line, SMALL, kit.TEXT_DIM)
            ly += SMALL + 6
        y += h + 8
    return y + 8


def table_painter(view: TtaView, lang: str = "en",
                  player_names: Sequence[str] | None = None) -> tuple[Painter, int]:
    """The table drawn (public fields only), and the bottom of what was drawn."""
    lang = lang if lang in LANGS else "en"
    names = list(player_names or [])
    pt = Painter(lang, 3000)
    y = draw_header(pt, view, names)
    if view.result is not None:
        y = draw_result(pt, y, view, names)
    y = draw_scoreboard(pt, y, view, names)
    y = draw_row(pt, y, view)
    pt.ensure(y + 1000)
    y = draw_events(pt, y, view)
    if _short_game(view):
        pt.ensure(y + 1000)
        y = draw_short_game(pt, y, view, names)
    y = draw_tactics(pt, y, view)
    return pt, y


def table_image(view: TtaView, lang: str = "en",
                player_names: Sequence[str] | None = None) -> Image.Image:
    pt, y = table_painter(view, lang, player_names)
    return pt.crop(y)


# -- one civilization ---------------------------------------------------------------------

CIV_TILE_H = 128  # two lines of a name, its numbers: a phone scrolls less
CIV_COLS = 4
STAT_H = 74


def _player(view: TtaView, seat: int) -> PlayerView:
    for p in view.players:
        if p.seat == seat:
            return p
    raise ValueError(f"no seat {seat} in this view")


def _civ_header(pt: Painter, y: int, view: TtaView, p: PlayerView, names: Sequence[str]) -> int:
    lang = pt.lang
    pt.draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + 96), radius=12, fill=kit.PANEL)
    pt.draw.rectangle((MARGIN, y + 12, MARGIN + 12, y + 84), fill=seat_color(p.seat))
    pt.fit((MARGIN + 28, y + 10), seat_name(names, p.seat, lang), INNER - 360, TITLE, kit.TEXT,
           True)
    marks = []
    if p.resigned:  # out of the game: no turn, no first-player token to read
        marks.append(tr(lang, "resigned"))
    else:
        if view.current == p.seat and view.result is None:
            marks.append(tr(lang, "acting"))
        if p.seat == view.start:
            marks.append(tr(lang, "first_player"))
    if view.seat == p.seat and not p.resigned:
        marks.append(tr(lang, "private"))
    pt.text((WIDTH - MARGIN - 16, y + 16), tr(lang, "age_round", age=ROMAN[min(view.age, 4)],
                                               round=view.round), BODY, kit.TEXT_DIM, True, "ra")
    if marks:
        pt.fit((MARGIN + 28, y + 58), " · ".join(marks), INNER - 60, SMALL, kit.HIGHLIGHT, True)
    return y + 96 + 12


def _stat_cell(pt: Painter, x: float, y: float, w: int, kind: str, label: str, value: str,
               sub: str = "") -> None:
    pt.draw.rounded_rectangle((x, y, x + w - 1, y + STAT_H), radius=8, fill=kit.PANEL)
    pt.icon(kind, (x + 10, y + 6), 30)
    pt.fit((x + 48, y + 8), label, w - 56, SMALL, kit.TEXT_DIM)
    vx = x + 10 + pt.text((x + 10, y + 38), value, HEAD, kit.TEXT, True)
    if sub:
        pt.fit((vx + 8, y + 44), sub, int(x + w - vx - 16), SMALL, kit.TEXT_DIM)


def _civ_stats(pt: Painter, y: int, p: PlayerView) -> int:
    lang = pt.lang
    r = p.ratings
    cells = [
        ("cul", tr(lang, "col.culture"), str(p.culture), tr(lang, "per_turn", n=r[3])),
        ("sci", tr(lang, "col.science"), str(p.science), tr(lang, "per_turn", n=r[2])),
        ("str", tr(lang, "col.strength"), str(r[5]), ""),
        ("happy", tr(lang, "col.happy"), str(r[4]), tr(lang, "need", n=p.happy_required)),
        ("food", tr(lang, "food"), str(p.food), tr(lang, "per_turn", n=r[0])),
        ("res", tr(lang, "resources"), str(p.resources), tr(lang, "per_turn", n=r[1])),
        ("ca", tr(lang, "col.civil"), f"{p.civil_left}/{p.civil_actions}", ""),
        ("ma", tr(lang, "col.military"), f"{p.military_left}/{p.military_actions}", ""),
    ]
    w = (INNER - 3 * GAP) // 4
    for i, (kind, label, value, sub) in enumerate(cells):
        r_, c = divmod(i, 4)
        _stat_cell(pt, MARGIN + c * (w + GAP), y + r_ * (STAT_H + GAP), w, kind, label, value,
                   sub)
    return y + 2 * (STAT_H + GAP) + 6


def _pips(pt: Painter, x: float, y: float, kind: str, filled: int, total: int) -> float:
    """``total`` token spaces, ``filled`` of them holding a token (the bank as printed)."""
    size = 24
    for i in range(total):
        px = x + i * (size + 3)
        pt.icon(kind if i < filled else "empty", (px, y), size)
    return x + total * (size + 3)


def _civ_banks(pt: Painter, y: int, p: PlayerView) -> int:
    lang = pt.lang
    y = pt.heading(y, tr(lang, "banks"))
    yb = BOARD.yellow_bank.table[min(p.yellow_bank, BOARD.yellow_bank.capacity)]
    bb = BOARD.blue_bank.table[min(p.blue_bank, BOARD.blue_bank.capacity)]
    rows = [
        ("worker", tr(lang, "yellow_bank", n=p.yellow_bank), p.yellow_bank,
         BOARD.yellow_bank.capacity,
         tr(lang, "yellow_effects", food=yb.consumption, happy=yb.happy_required)),
        ("blue", tr(lang, "blue_bank", n=p.blue_bank), p.blue_bank, BOARD.blue_bank.capacity,
         tr(lang, "blue_effects", n=bb.corruption)),
    ]
    for kind, label, filled, total, effect in rows:
        pt.text((MARGIN, y), label, BODY, kit.TEXT, True)
        pt.text((WIDTH - MARGIN, y + 2), effect, SMALL, kit.TEXT_DIM, anchor="ra")
        y += BODY + 10
        _pips(pt, MARGIN, y, kind, min(filled, total), total)
        y += 24 + 12
    x = MARGIN
    x += pt.icon("worker", (x, y)) + 8
    pt.text((x, y), tr(lang, "unused_workers", n=p.unused_workers), BODY)
    return y + BODY + 18


def _tech_tiles(pt: Painter, y: int, p: PlayerView, kinds: tuple[str, ...]) -> int:
    """Technologies of ``kinds`` in play as tiles, each with its output and its tokens drawn."""
    techs = sorted((tv for tv in p.techs if KIND[tv.card] in kinds),
                   key=lambda tv: kinds.index(KIND[tv.card]))
    if not techs:
        pt.text((MARGIN + 4, y), tr(pt.lang, "none"), BODY, kit.TEXT_DIM)
        return y + BODY + 16
    w = (INNER - (CIV_COLS - 1) * GAP) // CIV_COLS
    h = CIV_TILE_H + 34
    rows = (len(techs) + CIV_COLS - 1) // CIV_COLS
    pt.ensure(y + rows * (h + GAP) + 400)
    for i, tv in enumerate(techs):
        r, c = divmod(i, CIV_COLS)
        x, ty = MARGIN + c * (w + GAP), y + r * (h + GAP)
        draw_tile(pt, tv.card, x, ty, w, CIV_TILE_H, in_play=True)
        # the tokens on it, as on the table: yellow workers, blue tokens
        pt.draw.rounded_rectangle((x, ty + CIV_TILE_H - 6, x + w - 1, ty + h), radius=8,
                                  fill=kit.PANEL)
        tx = x + 8
        if tv.workers is not None:
            tx += pt.stat(tx, ty + CIV_TILE_H + 1, "worker", f"×{tv.workers}") + 12
        if tv.blue is not None:
            pt.stat(tx, ty + CIV_TILE_H + 1, "blue", f"×{tv.blue}")
    return y + rows * (h + GAP) + 6


def _civ_wonders(pt: Painter, y: int, p: PlayerView) -> int:
    lang = pt.lang
    y = pt.heading(y, tr(lang, "leader_wonders"))
    cards = [p.government] + ([p.leader] if p.leader else []) + list(p.wonders)
    y = grid(pt, y, cards, 3, CIV_TILE_H, in_play=True)
    if p.leader is None:
        pt.text((MARGIN, y), tr(lang, "no_leader"), BODY, kit.TEXT_DIM)
        y += BODY + 20
    if p.wonder is not None:
        pt.ensure(y + 300)
        w = 300
        draw_tile(pt, p.wonder, MARGIN, y, w, CIV_TILE_H,
                  note=tr(lang, "building_wonder"))
        x = MARGIN + w + 16
        pt.text((x, y + 4), tr(lang, "stages", built=p.wonder_stages,
                               total=len(CIVIL[p.wonder].wonder_stage_costs)), BODY, kit.TEXT,
                 True)
        sy = y + 44
        for i, cost in enumerate(CIVIL[p.wonder].wonder_stage_costs):
            bx = x + i * 92
            built = i < p.wonder_stages
            pt.draw.rounded_rectangle((bx, sy, bx + 84, sy + 64), radius=8,
                                      fill=kit.PANEL_LIGHT if built else kit.PANEL,
                                      outline=kit.GOLD if built else kit.LINE, width=2)
            pt.stat(bx + 8, sy + 6, "res", str(cost))
            if built:  # the blue token covering a built stage (L841-L842)
                pt.icon("blue", (bx + 30, sy + 36), 24)
        y += CIV_TILE_H + GAP + 4
    return y


def _civ_army(pt: Painter, y: int, p: PlayerView) -> int:
    lang = pt.lang
    if p.tactic is None:
        pt.text((MARGIN, y), tr(lang, "no_tactic"), BODY, kit.TEXT_DIM)
        return y + BODY + 16
    pt.ensure(y + 400 + 3 * (BODY + 8) * (len(p.armies) + 1))
    draw_tile(pt, p.tactic, MARGIN, y, 300, 110)
    pt.fit((MARGIN + 316, y + 10), tactic_text(p.tactic, lang), INNER - 320, BODY)
    total = sum(a.bonus for a in p.armies)
    pt.fit((MARGIN + 316, y + 50), tr(lang, "armies_total", n=len(p.armies), bonus=total),
           INNER - 320, BODY, kit.TEXT, True)
    y += 110 + GAP
    for i, a in enumerate(p.armies, 1):
        y = _army_line(pt, y, i, a.units, a.obsolete, a.air_force, a.bonus)
    idle = _air_forces(p) - sum(1 for a in p.armies if a.air_force is not None)
    if idle > 0:  # an air force in no army keeps only its own strength (L1973)
        air = next(tv.card for tv in p.techs if SUBTYPE.get(tv.card) == "air_force")
        line = tr(lang, "air_idle", air=card_name(air, lang), n=idle)
        for text in kit.wrap(line, BODY, INNER - 20, lang, 2):
            pt.text((MARGIN + 10, y), text, BODY, kit.TEXT_DIM)
            y += BODY + 8
    return y + 8


def _air_forces(p: PlayerView) -> int:
    """Air force units in play (each may join one army, L1957-L1961)."""
    return sum(tv.workers or 0 for tv in p.techs
               if KIND[tv.card] == "unit" and SUBTYPE[tv.card] == "air_force")


def _army_line(pt: Painter, y: int, n: int, units: Sequence[str], obsolete: bool,
               air_force: str | None, bonus: int) -> int:
    """One army in words; an air force that joined it is named with the doubling, so which
    air force doubles which army is read, not guessed (L1959-L1961)."""
    lang = pt.lang
    names = join([card_name(u, lang) for u in units], lang)
    if air_force is not None:
        air = card_name(air_force, lang)
        line = (tr(lang, "army_obsolete_air", n=n, units=names, air=air, bonus=bonus)
                if obsolete else tr(lang, "army_air", n=n, units=names, air=air, bonus=bonus))
    else:
        line = tr(lang, "army_obsolete" if obsolete else "army", n=n, units=names,
                  bonus=bonus)
    for text in kit.wrap(line, BODY, INNER - 20, lang, 3):
        pt.text((MARGIN + 10, y), text, BODY)
        y += BODY + 8
    return y


def _civ_military(pt: Painter, y: int, view: TtaView, p: PlayerView) -> int:
    lang = pt.lang
    own = view.seat == p.seat and p.military is not None
    y = pt.heading(y, tr(lang, "military_hand"), tr(lang, "cards_n", n=p.military_count))
    if own:
        assert p.military is not None
        y = grid(pt, y, sorted(p.military, key=lambda c: (AGE[c], KIND[c], c)), CIV_COLS,
                 CIV_TILE_H)
        if view.my_future_events:
            pt.text((MARGIN, y), tr(lang, "my_events"), BODY, kit.TEXT, True)
            y = grid(pt, y + BODY + 10, view.my_future_events, CIV_COLS, CIV_TILE_H)
        return y
    x = MARGIN
    for age in p.military_ages:  # backs only: hidden (L1296)
        if x + 50 > WIDTH - MARGIN:
            x, y = MARGIN, y + 42
        x += back_chip(pt, x, y, age, KIND_COLORS["tactic"])
    if not p.military_ages:
        pt.text((MARGIN + 4, y), tr(lang, "none"), BODY, kit.TEXT_DIM)
    return y + 50


def _civ_conflicts(pt: Painter, y: int, view: TtaView, p: PlayerView,
                   names: Sequence[str]) -> int:
    """The pending wars and the pacts ``p`` is party to: a tile and what it means for them."""
    lang = pt.lang
    wars = _wars_of(view, p.seat)
    pacts = [c for c in view.pacts if p.seat in (c.owner, c.partner)]
    if not wars and not pacts:
        return y
    y = pt.heading(y, tr(lang, "wars_pacts"))
    tile_w, h = 236, CIV_TILE_H
    text_w = INNER - tile_w - 20
    for war in wars:
        pt.ensure(y + h + 200)
        draw_tile(pt, war.card, MARGIN, y, tile_w, h, in_play=True)
        lines = [(_war_line(war, p.seat, names, lang), BODY, WAR_COLOR, True),
                 (tr(lang, "war_resolves", name=seat_name(names, war.attacker, lang)), SMALL,
                  kit.TEXT_DIM, False)]
        _beside(pt, MARGIN + tile_w + 12, y + 8, text_w, lines)
        y += h + GAP
    for pact in pacts:
        pt.ensure(y + h + 200)
        draw_tile(pt, pact.card, MARGIN, y, tile_w, h, in_play=True)
        mine = pact.owner == p.seat
        partner = pact.partner if mine else pact.owner
        lines = [(tr(lang, "pact_partner", name=seat_name(names, partner, lang)), BODY,
                  kit.TEXT, True)]
        if _unequal(pact.card):
            side = pact.owner_side if mine else _other_side(pact.owner_side)
            lines.append((tr(lang, "pact_side", side=side.upper()), SMALL, kit.TEXT_DIM, False))
        _beside(pt, MARGIN + tile_w + 12, y + 8, text_w, lines)
        y += h + GAP
    return y + 6


def _civ_resigned(pt: Painter, y: int) -> int:
    """The banner that replaces a resigned civilization: it and its cards are out of play."""
    lang = pt.lang
    lines = kit.wrap(tr(lang, "resigned_detail"), BODY, INNER - 48, lang, 4)
    h = 24 + TITLE + 16 + len(lines) * (BODY + 8) + 16
    pt.draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + h), radius=12,
                              fill=RESIGNED_FILL, outline=WAR_COLOR, width=4)
    pt.text((WIDTH / 2, y + 24), tr(lang, "resigned_banner"), TITLE, WAR_COLOR, True, "ma")
    ly = y + 24 + TITLE + 16
    for line in lines:
        pt.text((WIDTH / 2, ly), line, BODY, kit.TEXT, anchor="ma")
        ly += BODY + 8
    return y + h + 8


def _civ_short_events(pt: Painter, y: int, view: TtaView, p: PlayerView) -> int:
    """The short game's Age III events dealt to ``p`` (L2226-L2228): named only in the
    owner's own view once Age I has ended (the view leaves ``short_events`` None otherwise),
    else their backs."""
    lang = pt.lang
    y = pt.heading(y, tr(lang, "short_events"), tr(lang, "face_down_n", n=p.short_events_count))
    own = view.seat == p.seat
    if own and p.short_events:
        y = grid(pt, y, p.short_events, 3, 120)
        # two while Age I's end asks which one to keep (L2237-L2239), then the kept one
        note = tr(lang, "short_choose") if len(p.short_events) > 1 else tr(lang, "short_own")
    else:
        x = MARGIN
        for _ in range(p.short_events_count):
            x += back_chip(pt, x, y, 3, KIND_COLORS["event"])
        if p.short_events_count:
            y += 44
        # the owner looks at them once Age I has ended (L2228); nobody else ever does
        note = (tr(lang, "short_hidden_own") if own and p.short_events is None
                else tr(lang, "short_hidden"))
    for line in kit.wrap(note, SMALL, INNER - 8, lang, 2):
        pt.text((MARGIN, y), line, SMALL, kit.TEXT_DIM)
        y += SMALL + 8
    return y + 12


def _beside(pt: Painter, x: float, y: float, w: int,
            lines: Sequence[tuple[str, int, kit.RGB, bool]]) -> None:
    """Wrapped lines next to a tile (two at most per entry, so the tile stays the taller)."""
    for text, size, fill, bold in lines:
        for line in kit.wrap(text, size, w, pt.lang, 2, crisp_bold(pt.lang, size, bold)):
            pt.text((x, y), line, size, fill, bold)
            y += size + 8
        y += 4


def civ_painter(view: TtaView, seat: int, lang: str = "en",
                player_names: Sequence[str] | None = None) -> tuple[Painter, int]:
    """One civilization drawn from ``view``; its military hand only in its own view."""
    lang = lang if lang in LANGS else "en"
    names = list(player_names or [])
    p = _player(view, seat)
    pt = Painter(lang, 4000)
    y = _civ_header(pt, MARGIN, view, p, names)
    if p.resigned:  # its civilization and cards left the game (L2071): nothing else to draw
        return pt, _civ_resigned(pt, y)
    y = _civ_stats(pt, y, p)
    y = _civ_conflicts(pt, y, view, p, names)
    y = _civ_wonders(pt, y, p)
    # farms, mines and units share a grid (each tile names its kind): fewer half-empty rows
    y = pt.heading(y, f"{tr(lang, 'farms_mines')} · {tr(lang, 'units')}")
    y = _tech_tiles(pt, y, p, ("farm", "mine", "unit"))
    y = _civ_army(pt, y, p)
    y = pt.heading(y, tr(lang, "urban"), tr(lang, "urban_limit", n=p.urban_limit))
    y = _tech_tiles(pt, y, p, ("urban",))
    special = [tv.card for tv in p.techs if KIND[tv.card] == "special"]
    if special or p.colonies:
        y = pt.heading(y, tr(lang, "special_colonies"))
        y = grid(pt, y, special + list(p.colonies), CIV_COLS, CIV_TILE_H, in_play=True)
    y = _civ_banks(pt, y, p)
    y = pt.heading(y, tr(lang, "civil_hand"), tr(lang, "cards_n", n=len(p.hand)))
    y = grid(pt, y, p.hand, CIV_COLS, CIV_TILE_H)
    if _short_game(view) or p.short_events_count or p.short_events:
        y = _civ_short_events(pt, y, view, p)
    y = _civ_military(pt, y, view, p)
    return pt, y


def civ_image(view: TtaView, seat: int, lang: str = "en",
              player_names: Sequence[str] | None = None) -> Image.Image:
    pt, y = civ_painter(view, seat, lang, player_names)
    return pt.crop(y)


# -- entry points (bot/render.py) ---------------------------------------------------------


#: colours of the pictures sent (``kit.encode``): a game of Through the Ages sends a table
#: a turn and a civilization a panel, some 300 pictures; 48 colours keep them legible at
#: about two thirds of the bytes (a game's uploads within 15 MB)
COLOURS = 48


def encode(image: Image.Image) -> bytes:
    """PNG bytes as the bot sends them (``kit.encode``: an 8-bit palette)."""
    return kit.encode(image, COLOURS)


def render_board(view: TtaView, lang: str = "en",
                 player_names: Sequence[str] | None = None) -> bytes:
    """PNG of the table (only public fields of ``view`` are drawn)."""
    return encode(table_image(view, lang, player_names))


def render_civ(view: TtaView, seat: int, lang: str = "en",
               player_names: Sequence[str] | None = None) -> bytes:
    """PNG of one civilization; with the owner's view it shows the military hand too."""
    return encode(civ_image(view, seat, lang, player_names))


def render_hand(view: TtaView, lang: str = "en",
                player_names: Sequence[str] | None = None) -> bytes | None:
    """PNG of the viewing seat's own civilization, military hand included (private)."""
    if view.seat is None:
        return None
    return render_civ(view, view.seat, lang, player_names)


def board_texts(view: TtaView, lang: str = "en",
                player_names: Sequence[str] | None = None) -> list[str]:
    """Every string the table image shows (tests: no hidden card)."""
    return table_painter(view, lang, player_names)[0].texts


def warm_up(langs: Sequence[str] = LANGS) -> None:
    """Load the fonts and draw the symbols once (bot start-up, in a thread)."""
    for kind in _ICONS:
        icon(kind)
        icon(kind, 24)
        icon(kind, 30)
    for lang in langs:
        kit.text_mask("0", BODY, lang)
