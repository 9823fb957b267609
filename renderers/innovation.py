"""Innovation board image: ``render_board(view, lang, player_names) -> PNG bytes``.

One picture for the table: a status bar (whose turn, who is being asked, the dogma being
carried out), the shared area (supply pile sizes for ages 1-10, the age achievements and
special achievements still available), the result once the game is over, then one panel per
player: name and icon totals, hand / score pile (sizes and ages) and achievements, and the
five colour piles drawn as they lie on the table. A splayed pile shows the visible strips of
its covered cards (left: the bottom-right icon; right: top-left and bottom-left; up: the
bottom row), so the icons can be counted on the picture. In a seat's own view the hand and
score pile card names are listed too ("Your hand").

``render_card(card_id, lang)`` draws one card large with its icons and our paraphrase of its
dogma effects (``/card``). Card names and paraphrases are English in every language (the
Chinese edition keeps English titles); UI words follow ``lang`` (``innovation.render.*`` keys
of the locale files, read through ``i18n``).

Card tiles, strips and text masks are cached, so a board is mostly pastes. ``board_texts``
returns every string a board shows (tests check that a public view names no hand card).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from PIL import Image, ImageDraw

from engines.innovation import catalogue as cat
from engines.innovation.view import AchievementView, InnovationView, PileView, PlayerView
from i18n import has
from renderers import kit

GAME = "innovation"
WIDTH = kit.PHONE_WIDTH  # laid out for a phone first (issue 18)
MARGIN = 16
PAD = 16  # inside a player panel
INNER_W = WIDTH - 2 * MARGIN - 2 * PAD
CW, CH = 206, 140  # a top card on a board
NAME_H = 34  # the name across the top of a card, above its icons
ICON = 44  # icon on a top card
SLOT_PAD = 7
STEPS = (44, 38, 32)  # width of a left/right strip, widest first (narrower when crowded)
UP_STEP = 42  # height of a strip below a pile splayed up
EMPTY_W = 64
PILE_GAP = 12
LABEL_H = 30  # the count / splay row under each pile
ROW_GAP = 10
T = TypeVar("T")
HEX_FILL: kit.RGB = (44, 44, 52)


def ui(key: str, lang: str, **params: Hashable) -> str:
    """A renderer word: ``innovation.render.<key>`` of the locale files (English if
    missing)."""
    return kit.word(lang, f"{GAME}.render.{key}", **params)


def ask(kind: str, lang: str) -> str:
    """What a pending question of ``kind`` asks, in a few words (the bot words the options
    themselves); a generic "choose" for a kind without its own words."""
    key = f"ask.{kind}"
    return ui(key if has(lang, f"{GAME}.render.{key}") else "ask.default", lang)


def name(item_id: str, lang: str = "en") -> str:
    """Display name of a card / achievement / term (cards are English in every language)."""
    return cat.name(item_id, lang)


def _seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else f"P{seat + 1}"


def _join(names: Sequence[str], seats: Sequence[int], lang: str) -> str:
    sep = ", " if lang == "en" else "、"
    return sep.join(_seat_name(names, s) for s in seats)


# -- painter: draws and remembers every string it draws ---------------------------------


class Painter:
    """The image being drawn plus the list of strings drawn on it (``board_texts``)."""

    def __init__(self, im: Image.Image, lang: str) -> None:
        self.im = im
        self.lang = lang
        self.texts: list[str] = []
        self.draw = ImageDraw.Draw(im)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        fill: kit.Color = kit.TEXT,
        bold: bool = False,
        anchor: str = "la",
    ) -> int:
        self.texts.append(text)
        return kit.draw_text(self.im, xy, text, size, fill, self.lang, bold, anchor)

    def paste(self, spr: Image.Image, xy: tuple[float, float], center: bool = False) -> None:
        kit.paste(self.im, spr, xy, center)

    def card(self, card_id: str, xy: tuple[float, float]) -> None:
        """A top card tile (its name is part of the cached tile, recorded here)."""
        self.texts.append(name(card_id))
        kit.paste(self.im, top_card_tile(card_id), xy)


# -- card pieces (cached) -----------------------------------------------------------------


def _g(px: float) -> int:
    """A glyph's size, never under the phone rule's smallest."""
    return max(kit.MIN_GLYPH, int(px))


def _slot_xy(position: str, w: int, h: int, size: int, pad: int = SLOT_PAD) -> tuple[int, int]:
    """Top-left corner of an icon position on a ``w`` x ``h`` card (the top-left icon sits
    under the name band: a phone needs the name whole, on one line)."""
    if position == "top_left":
        return pad, NAME_H + 2
    y = h - pad - size
    if position == "bottom_left":
        return pad, y
    if position == "bottom_middle":
        return (w - size) // 2, y
    return w - pad - size, y


def _spot(im: Image.Image, spot: str, xy: tuple[float, float], size: int, age: int | None) -> None:
    """An icon, or the hexagon (with the card's age when known) at ``xy`` (top-left)."""
    if spot == "hex":
        # a covered card seen by others: the hexagon's age is not public, draw it muted
        rim = (230, 230, 230) if age is not None else (120, 124, 134)
        kit.paste(im, kit.inno_hex(size, HEX_FILL, rim), xy)
        if age is not None:
            kit.draw_text(
                im,
                (xy[0] + size / 2, xy[1] + size / 2),
                str(age),
                _g(size * 0.46),
                kit.TEXT,
                bold=True,
                anchor="mm",
            )
    else:
        kit.paste(im, kit.inno_icon(spot, size), xy)


def _card_base(w: int, h: int, color: str, radius: int = 10) -> Image.Image:
    fill = kit.CARD_COLORS[color]
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=radius, fill=fill, outline=kit.shade(fill, 0.45), width=2
    )
    d.rounded_rectangle(
        (4, 4, w - 5, h - 5), radius=radius - 3, outline=kit.shade(fill, 1.25), width=1
    )
    return im


@kit.glyph_cache(256)
def top_card_tile(card_id: str) -> Image.Image:
    """A top card: its four icon positions (the hexagon shows the age), name, dogma icon."""
    c = cat.CARDS[card_id]
    im = _card_base(CW, CH, c.color)
    for pos in cat.POSITIONS:
        _spot(im, c.icons.at(pos), _slot_xy(pos, CW, CH, ICON), ICON, c.age)
    fill = kit.CARD_COLORS[c.color]
    label = kit.clip(c.name, 22, CW - 14, "en", True)
    kit.draw_text(im, (CW / 2, NAME_H / 2 + 3), label, 22, kit.contrast_text(fill), bold=True,
                  anchor="mm")
    # dogma icon: beside the top-left icon, on the right
    small = 30
    kit.paste(im, kit.inno_icon(c.dogma_icon, small), (CW - 10 - small, NAME_H + 8))
    return im


def _strip_slots(direction: str, card_id: str | None, icons: Sequence[str]) -> tuple[str, ...]:
    """What a covered card's visible strip shows, slot by slot (``hex``/``hex:<age>``).

    From the card itself when we know it (owner's view); otherwise from the visible icons
    the view gives (the hexagon's place is not public: it goes where it most often is).
    """
    if card_id is not None:
        c = cat.CARDS[card_id]
        return tuple(
            f"hex:{c.age}" if c.icons.at(p) == "hex" else c.icons.at(p)
            for p in cat.SPLAY_VISIBLE[direction]  # type: ignore[index]
        )
    need = len(cat.SPLAY_VISIBLE[direction])  # type: ignore[index]
    slots = list(icons)[:need]
    if len(slots) < need:
        if direction == "right":  # the hexagon is top-left on half the cards
            slots.insert(0, "hex")
        else:
            slots.append("hex")
    return tuple(slots)


@kit.glyph_cache(2048)
def strip_tile(color: str, direction: str, slots: tuple[str, ...], step: int) -> Image.Image:
    """The visible edge of a covered card in a splayed pile."""
    fill = kit.shade(kit.CARD_COLORS[color], 0.86)
    edge = kit.shade(fill, 0.4)
    if direction == "up":
        w, h = CW, step
        box = (0, -16, CW - 1, h - 1)
    elif direction == "right":
        w, h = step, CH
        box = (0, 0, step + 16, CH - 1)
    else:
        w, h = step, CH
        box = (-16, 0, step - 1, CH - 1)
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(box, radius=10, fill=fill, outline=kit.shade(fill, 0.45), width=2)
    # the shadow of the card lying on this one
    if direction == "right":
        d.rectangle((w - 3, 0, w - 1, h - 1), fill=edge)
    elif direction == "left":
        d.rectangle((0, 0, 2, h - 1), fill=edge)
    else:
        d.rectangle((0, 0, w - 1, 2), fill=edge)
    size = min(ICON - 8, step - 8) if direction != "up" else step - 8
    for pos, spot in zip(cat.SPLAY_VISIBLE[direction], slots, strict=False):  # type: ignore[index]
        age = int(spot[4:]) if spot.startswith("hex:") else None
        kind = "hex" if spot.startswith("hex") else spot
        if direction == "up":
            x, _ = _slot_xy(pos, CW, CH, ICON)
            xy = (x + (ICON - size) / 2, (h - size) / 2 + 1)
        else:
            _, y = _slot_xy(pos, CW, CH, ICON)
            xy = ((w - size) / 2 + (1 if direction == "left" else -1), y + (ICON - size) / 2)
        _spot(im, kind, xy, size, age)
    return im


@kit.glyph_cache(16)
def empty_pile_tile(color: str, h: int) -> Image.Image:
    """An empty colour slot: a dashed outline in the colour."""
    fill = kit.CARD_COLORS[color]
    im = Image.new("RGBA", (EMPTY_W, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, EMPTY_W - 1, h - 1), radius=10, fill=kit.shade(fill, 0.3))
    dash = kit.shade(fill, 0.85)
    for y in range(6, h - 6, 16):
        d.line([(2, y), (2, min(h - 6, y + 8))], fill=dash, width=3)
        d.line([(EMPTY_W - 3, y), (EMPTY_W - 3, min(h - 6, y + 8))], fill=dash, width=3)
    for x in range(6, EMPTY_W - 6, 16):
        d.line([(x, 2), (min(EMPTY_W - 6, x + 8), 2)], fill=dash, width=3)
        d.line([(x, h - 3), (min(EMPTY_W - 6, x + 8), h - 3)], fill=dash, width=3)
    return im


@kit.glyph_cache(64)
def _arrow(direction: str, size: int) -> Image.Image:
    def draw(d: ImageDraw.ImageDraw, s: float) -> None:
        w = size * s
        pts = {
            "right": [(w * 0.2, w * 0.15), (w * 0.85, w * 0.5), (w * 0.2, w * 0.85)],
            "left": [(w * 0.8, w * 0.15), (w * 0.15, w * 0.5), (w * 0.8, w * 0.85)],
            "up": [(w * 0.15, w * 0.8), (w * 0.5, w * 0.15), (w * 0.85, w * 0.8)],
        }[direction]
        d.polygon(pts, fill=kit.GOLD)

    return kit.sprite(("inno_arrow", direction, size), (size, size), draw)


# -- pile geometry --------------------------------------------------------------------------


def _covered(p: PileView) -> int:
    return max(0, p.count - 1)


def _fit_step(step: int, n: int) -> int:
    """The strip width, narrowed only if a single pile would not fit the panel."""
    return min(step, max(8, (INNER_W - CW) // max(1, n)))


def pile_size(p: PileView, step: int) -> tuple[int, int]:
    """(width, height) of a pile on the board, without its label row."""
    if p.count == 0:
        return EMPTY_W, CH
    n = _covered(p)
    if p.splay in ("left", "right"):
        return CW + n * _fit_step(step, n), CH
    if p.splay == "up":
        return CW, CH + n * UP_STEP
    return CW, CH


@dataclass
class PileRow:
    piles: list[PileView]
    step: int
    height: int  # of the tallest pile (label row excluded)


def pile_rows(piles: Sequence[PileView], width: int = INNER_W) -> list[PileRow]:
    """The five piles on one row if they fit (narrowing the strips first), else wrapped."""
    for step in STEPS:
        ws = [pile_size(p, step)[0] for p in piles]
        if sum(ws) + PILE_GAP * (len(piles) - 1) <= width:
            return [PileRow(list(piles), step, max(pile_size(p, step)[1] for p in piles))]
    step = STEPS[0]  # wrapping anyway: keep the strips full size
    rows: list[PileRow] = []
    cur: list[PileView] = []
    used = 0
    for p in piles:
        w = pile_size(p, step)[0]
        if cur and (used + w > width or len(cur) == 3):  # 3 + 2 reads better than 4 + 1
            rows.append(PileRow(cur, step, max(pile_size(q, step)[1] for q in cur)))
            cur, used = [], 0
        cur.append(p)
        used += w + PILE_GAP
    if cur:
        rows.append(PileRow(cur, step, max(pile_size(q, step)[1] for q in cur)))
    return rows


def draw_pile(
    pt: Painter, x: int, y: int, p: PileView, step: int, label_y: int, glow: bool = False
) -> int:
    """One colour pile at (x, y); returns its width."""
    w, h = pile_size(p, step)
    if p.count == 0 or p.top is None:
        pt.paste(empty_pile_tile(p.color, CH), (x, y))
        return EMPTY_W
    n = _covered(p)
    under = list(reversed(p.cards[:-1])) if p.cards is not None else [None] * n
    icons = p.covered_icons + [[] for _ in range(n - len(p.covered_icons))]
    step = _fit_step(step, n)
    tx, ty = x, y
    if p.splay == "right":  # bottom card leftmost, each card shifted right: left edges show
        for i in range(n - 1, -1, -1):
            slots = _strip_slots("right", under[i], icons[i])
            pt.paste(strip_tile(p.color, "right", slots, step), (x + (n - 1 - i) * step, y))
        tx = x + n * step
    elif p.splay == "left":  # right edges show, the card just under the top nearest to it
        for i in range(n):
            slots = _strip_slots("left", under[i], icons[i])
            pt.paste(strip_tile(p.color, "left", slots, step), (x + CW + i * step, y))
    elif p.splay == "up":  # bottom rows show below the top card
        for i in range(n):
            slots = _strip_slots("up", under[i], icons[i])
            pt.paste(strip_tile(p.color, "up", slots, UP_STEP), (x, y + CH + i * UP_STEP))
    pt.card(p.top, (tx, ty))
    if glow:
        pt.draw.rounded_rectangle(
            (tx - 3, ty - 3, tx + CW + 2, ty + CH + 2), radius=12, outline=kit.HIGHLIGHT, width=4
        )
    # label: splay arrow and the number of cards in the pile
    lx = tx + CW / 2 if p.splay != "left" else x + CW / 2
    label = f"×{p.count}"
    lw = kit.text_width(label, 22, bold=True)
    if p.splay != "none":
        aw = 22
        start = lx - (aw + 6 + lw) / 2
        pt.paste(_arrow(p.splay, aw), (start, label_y + (LABEL_H - aw) / 2))
        pt.text((start + aw + 6, label_y + LABEL_H / 2), label, 22, kit.TEXT, True, "lm")
    else:
        pt.text((lx, label_y + LABEL_H / 2), label, 22, kit.TEXT_DIM, True, "mm")
    return w


# -- small chips -----------------------------------------------------------------------------

CHIP = 38


@kit.glyph_cache(64)
def age_chip(age: int, style: str, size: int = CHIP) -> Image.Image:
    """A square with an age number: ``back`` (face-down card), ``gold`` (achievement),
    ``dim`` (achievement already taken), ``supply``."""
    fills = {
        "back": ((70, 78, 96), (150, 160, 184), kit.TEXT),
        "gold": (kit.GOLD, (140, 100, 20), kit.DARK_TEXT),
        "dim": ((54, 56, 64), (80, 84, 96), (110, 114, 126)),
        "supply": ((92, 64, 44), (200, 160, 110), kit.TEXT),
    }
    fill, rim, ink = fills[style]
    im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    ImageDraw.Draw(im).rounded_rectangle(
        (0, 0, size - 1, size - 1), radius=size // 5, fill=fill, outline=rim, width=2
    )
    kit.draw_text(
        im, (size / 2, size / 2 + 1), str(age), _g(size * 0.56), ink, bold=True, anchor="mm"
    )
    return im


def _grouped(ages: Sequence[int]) -> list[tuple[int, int]]:
    out: dict[int, int] = {}
    for a in ages:
        out[a] = out.get(a, 0) + 1
    return sorted(out.items())


def _ages_width(ages: Sequence[int]) -> int:
    w = 0
    for _, n in _grouped(ages):
        w += CHIP + 6
        if n > 1:
            w += kit.text_width(f"×{n}", 22, bold=True) + 4
    return w


def _draw_ages(pt: Painter, x: float, cy: float, ages: Sequence[int], style: str) -> float:
    for age, n in _grouped(ages):
        pt.paste(age_chip(age, style), (x, cy - CHIP / 2))
        x += CHIP + 4
        if n > 1:
            x += pt.text((x, cy), f"×{n}", 22, kit.TEXT, True, "lm") + 4
        x += 2
    return x


# -- player panels ---------------------------------------------------------------------------

HEAD_H = 58
INFO_H = 48
NAMES_ROW_H = 42


@dataclass
class Group:
    """One labelled group of the info line (hand, score pile, achievements)."""

    kind: str
    width: int


@dataclass
class PanelLayout:
    info_lines: list[list[Group]]
    rows: list[PileRow]
    own_lines: list[tuple[str, list[str]]] = field(default_factory=list)
    height: int = 0


def _label_w(text: str, lang: str) -> int:
    return kit.text_width(text, 22, lang) + 10


def _info_groups(p: PlayerView, lang: str) -> list[Group]:
    hand = _label_w(ui("hand", lang), lang) + kit.text_width(str(p.hand_count), 28, bold=True)
    hand += 12 + _ages_width(p.hand_ages)
    score = _label_w(ui("score", lang), lang) + kit.text_width(str(p.score_count), 28, bold=True)
    score += 12 + _ages_width(p.score_ages)
    if p.score_total is not None:
        score += kit.text_width("= " + ui("points", lang, n=p.score_total), 24, lang, True) + 8
    ach = _label_w(ui("achieved", lang), lang)
    for a in p.achievements:
        ach += _achievement_chip_w(a.id, a.age, lang) + 6
    if not p.achievements:
        ach += kit.text_width(ui("none", lang), 24, lang)
    return [Group("hand", hand), Group("score", score), Group("ach", ach)]


def _achievement_chip_w(aid: str, age: int | None, lang: str) -> int:
    if age is not None:
        return CHIP
    return kit.text_width(name(aid, lang), 22, lang, True) + 20


def _flow(items: Sequence[T], widths: Sequence[int], width: int, gap: int) -> list[list[T]]:
    """Items in lines no wider than ``width`` (an item never splits)."""
    lines: list[list[T]] = []
    cur: list[T] = []
    used = 0
    for item, w in zip(items, widths, strict=True):
        if cur and used + w > width:
            lines.append(cur)
            cur, used = [], 0
        cur.append(item)
        used += w + gap
    if cur:
        lines.append(cur)
    return lines


#: the labelled rows of a seat's own view (their ``innovation.render.*`` keys), in order
OWN_ROWS = ("your_choice", "your_hand", "your_score")
#: the result table's columns after the player's name
RESULT_COLUMNS = ("col_score", "col_ach", "col_cards")


def _own_chip_w(card_id: str) -> int:
    return kit.text_width(name(card_id), 22, bold=True) + CHIP + 18


def _own_label_w(lang: str) -> int:
    return max(_label_w(ui(k, lang), lang) for k in OWN_ROWS)


def panel_layout(p: PlayerView, lang: str) -> PanelLayout:
    groups = _info_groups(p, lang)
    info_lines = _flow(groups, [g.width for g in groups], INNER_W, 34)
    rows = pile_rows(p.piles)
    own: list[tuple[str, list[str]]] = []
    choice = [p.initial_choice] if p.initial_choice else None
    for key, cards in zip(OWN_ROWS, (choice, p.hand, p.score), strict=True):
        if cards:
            label_w = _own_label_w(lang)
            lines = _flow(cards, [_own_chip_w(c) for c in cards], INNER_W - label_w, 8)
            own.extend((key if i == 0 else "", line) for i, line in enumerate(lines))
    height = HEAD_H + len(info_lines) * INFO_H + 6
    height += sum(r.height + LABEL_H + ROW_GAP for r in rows)
    height += len(own) * NAMES_ROW_H + (8 if own else 0) + 6
    return PanelLayout(info_lines, rows, own, height)


def _badges(view: InnovationView, seat: int, lang: str) -> list[tuple[str, kit.RGB]]:
    out: list[tuple[str, kit.RGB]] = []
    if view.result is not None:
        return out
    pending = view.pending
    if view.phase == "setup":
        chosen = view.players[seat].has_chosen
        out.append(
            (ui("badge_chosen" if chosen else "badge_choosing", lang), (90, 96, 110)
             if chosen else kit.HIGHLIGHT)
        )
        return out
    if view.current == seat:
        out.append((ui("badge_play", lang), kit.HIGHLIGHT))
    if (
        pending is not None
        and seat in pending.seats
        and pending.kind not in ("turn", "dogma_confirm")
    ):
        out.append((ui("badge_asked", lang), (255, 150, 70)))
    if view.first_player == seat:
        out.append((ui("first", lang), (90, 96, 110)))
    return out


def draw_panel(
    pt: Painter,
    y: int,
    lay: PanelLayout,
    p: PlayerView,
    view: InnovationView,
    names: Sequence[str],
) -> None:
    lang = pt.lang
    seat = p.seat
    accent = kit.SEAT_COLORS[seat % len(kit.SEAT_COLORS)]
    x0, x1 = MARGIN, WIDTH - MARGIN
    asked = (
        view.result is None
        and view.pending is not None
        and seat in view.pending.seats
    )
    d = pt.draw
    d.rounded_rectangle(
        (x0, y, x1, y + lay.height),
        radius=16,
        fill=kit.PANEL,
        outline=kit.HIGHLIGHT if asked else kit.shade(accent, 0.6),
        width=5 if asked else 2,
    )
    d.rounded_rectangle((x0 + 6, y + 12, x0 + 12, y + HEAD_H - 8), radius=3, fill=accent)
    ix = x0 + PAD
    cy = y + HEAD_H // 2 + 2
    nx = ix + 8
    if asked:
        d.polygon([(nx, cy - 12), (nx + 18, cy), (nx, cy + 12)], fill=kit.HIGHLIGHT)
        nx += 28
    # icon totals, right-aligned
    rx = x1 - PAD
    cell = 80
    icons_x = rx - len(cat.ICONS) * cell
    for i, icon in enumerate(reversed(cat.ICONS)):
        cx = rx - (i + 1) * cell
        n = p.icons.get(icon, 0)
        pt.paste(kit.inno_icon(icon, 38), (cx + 2, cy - 19))
        pt.text((cx + 44, cy + 1), str(n), 28, kit.TEXT if n else kit.TEXT_DIM, bool(n), "lm")
    badges = [(text, color, kit.text_width(text, 22, lang, True) + 20)
              for text, color in _badges(view, seat, lang)]
    room = icons_x - 12 - nx - sum(bw + 8 for _, _, bw in badges)
    pname = kit.clip(_seat_name(names, seat), 30, max(140, room), lang, True)
    nx += pt.text((nx, cy), pname, 30, accent, True, "lm") + 12
    for text, color, bw in badges:
        if nx + bw > icons_x - 8:
            break
        d.rounded_rectangle((nx, cy - 16, nx + bw, cy + 16), radius=16, fill=color)
        pt.text((nx + bw / 2, cy + 1), text, 22, kit.contrast_text(color), True, "mm")
        nx += bw + 8
    # info lines: hand, score pile, achievements
    iy = y + HEAD_H
    for info in lay.info_lines:
        gx: float = ix + 4
        icy = iy + INFO_H / 2
        for g in info:
            _draw_group(pt, g, gx, icy, p)
            gx += g.width + 34
        iy += INFO_H
    # piles
    py = iy + 6
    glow_card = view.dogma.card if view.dogma is not None and view.dogma.seat == seat else None
    for row in lay.rows:
        px = ix
        for pile in row.piles:
            label_y = py + pile_size(pile, row.step)[1] + 2
            w = draw_pile(pt, px, py, pile, row.step, label_y, glow=pile.top == glow_card)
            px += w + PILE_GAP
        py += row.height + LABEL_H + ROW_GAP
    # own view: the names of the hand and score pile cards
    if lay.own_lines:
        py += 2
        d.line([(ix, py), (x1 - PAD, py)], fill=kit.LINE, width=1)
        py += 6
        label_w = _own_label_w(lang)
        for key, line in lay.own_lines:
            ncy = py + NAMES_ROW_H / 2
            if key:
                pt.text((ix + 4, ncy), ui(key, lang), 22, kit.TEXT_DIM, anchor="lm")
            lx = ix + 4 + label_w
            for cid in line:
                lx += _draw_own_chip(pt, lx, ncy, cid) + 8
            py += NAMES_ROW_H


def _draw_own_chip(pt: Painter, x: float, cy: float, card_id: str) -> int:
    c = cat.CARDS[card_id]
    fill = kit.CARD_COLORS[c.color]
    w = _own_chip_w(card_id)
    pt.draw.rounded_rectangle((x, cy - 19, x + w, cy + 19), radius=8, fill=fill)
    pt.paste(kit.inno_hex(34, HEX_FILL), (x + 2, cy - 17))
    pt.text((x + 19, cy + 1), str(c.age), 22, kit.TEXT, True, "mm")
    pt.text((x + CHIP + 6, cy + 1), name(card_id), 22, kit.contrast_text(fill), True, "lm")
    return w


def _draw_group(pt: Painter, g: Group, x: float, cy: float, p: PlayerView) -> None:
    lang = pt.lang
    if g.kind == "hand":
        x += pt.text((x, cy), ui("hand", lang), 22, kit.TEXT_DIM, anchor="lm") + 10
        x += pt.text((x, cy), str(p.hand_count), 28, kit.TEXT, True, "lm") + 12
        _draw_ages(pt, x, cy, p.hand_ages, "back")
    elif g.kind == "score":
        x += pt.text((x, cy), ui("score", lang), 22, kit.TEXT_DIM, anchor="lm") + 10
        x += pt.text((x, cy), str(p.score_count), 28, kit.TEXT, True, "lm") + 12
        x = _draw_ages(pt, x, cy, p.score_ages, "back")
        if p.score_total is not None:
            text = "= " + ui("points", lang, n=p.score_total)
            pt.text((x + 4, cy), text, 24, kit.GOLD, True, "lm")
    else:
        x += pt.text((x, cy), ui("achieved", lang), 22, kit.TEXT_DIM, anchor="lm") + 10
        if not p.achievements:
            pt.text((x, cy), ui("none", lang), 24, kit.TEXT_DIM, anchor="lm")
        for a in _sorted_achievements(p):
            x += _draw_achievement(pt, x, cy, a.id, a.age, True) + 6


def _sorted_achievements(p: PlayerView) -> list[AchievementView]:
    return sorted(p.achievements, key=lambda a: (a.age is None, a.age or 0, a.id))


def _draw_achievement(
    pt: Painter, x: float, cy: float, aid: str, age: int | None, available: bool
) -> int:
    if age is not None:
        pt.texts.append(str(age))
        pt.paste(age_chip(age, "gold" if available else "dim"), (x, cy - CHIP / 2))
        return CHIP
    label = name(aid, pt.lang)
    w = _achievement_chip_w(aid, None, pt.lang)
    fill = (150, 110, 200) if available else (54, 56, 64)
    pt.draw.rounded_rectangle(
        (x, cy - CHIP / 2, x + w, cy + CHIP / 2),
        radius=CHIP // 2,
        fill=fill,
        outline=kit.GOLD if available else (80, 84, 96),
        width=2,
    )
    pt.text((x + w / 2, cy + 1), label, 22, kit.TEXT if available else (120, 124, 136), True, "mm")
    return w


# -- header, shared area, result -------------------------------------------------------------

STATUS_H = 64
TABLE_H = 3 * 52 + 20


def _status_lines(view: InnovationView, names: Sequence[str], lang: str) -> list[str]:
    pend = view.pending
    lines: list[str] = []
    if view.result is not None:
        return lines
    if view.phase == "setup":
        waiting = pend.seats if pend is not None else []
        text = ui("setup", lang)
        if waiting:
            text += " — " + ui("waiting", lang, names=_join(names, waiting, lang))
        return [text]
    if pend is None:
        return lines
    who = _seat_name(names, pend.seats[0]) if pend.seats else "?"
    if pend.kind == "turn":
        n = pend.params.get("actions_left", view.actions_left)
        lines.append(ui("to_play", lang, name=who, n=n))
    elif pend.kind == "dogma_confirm":
        card = str(pend.params.get("card", ""))
        lines.append(ui("confirm", lang, name=who, card=name(card) if card else "?"))
    else:
        what = ask(pend.kind, lang)
        src = pend.params.get("source")
        if isinstance(src, str) and src in cat.CARDS:
            what += f" ({name(src)})" if lang == "en" else f"（{name(src)}）"
        lines.append(ui("asked", lang, name=who, what=what))
    dg = view.dogma
    if dg is not None:
        text = ui("dogma", lang, card=name(dg.card), name=_seat_name(names, dg.seat),
                  effect=dg.effect)
        extra = []
        if dg.executing is not None and dg.executing != dg.seat:
            extra.append(ui("executing", lang, name=_seat_name(names, dg.executing)))
        if dg.demanded:
            extra.append(ui("demanded", lang, names=_join(names, dg.demanded, lang)))
        if dg.sharers:
            extra.append(ui("sharing", lang, names=_join(names, dg.sharers, lang)))
        if extra:
            text += " · " + " · ".join(extra)
        lines.append(text)
    return lines


def draw_header(pt: Painter, view: InnovationView, names: Sequence[str]) -> int:
    """Title, turn and the status lines; returns the height used."""
    lang = pt.lang
    lines = _status_lines(view, names, lang)
    h = STATUS_H + max(0, len(lines) - 1) * 40
    pt.draw.rectangle((0, 0, WIDTH, h), fill=(22, 24, 30))
    cy = STATUS_H // 2
    x = MARGIN + 4
    x += pt.text((x, cy), name("game_title", lang), 34, kit.GOLD, True, "lm") + 16
    if view.turn:
        x += pt.text((x, cy + 2), ui("turn", lang, n=view.turn), 24, kit.TEXT_DIM, anchor="lm")
    x += 24
    for i, text in enumerate(lines):
        size = 28 if i == 0 else 22
        color = kit.HIGHLIGHT if i == 0 else kit.TEXT
        ly = cy + 2 if i == 0 else STATUS_H + (i - 1) * 40 + 14
        lx = x if i == 0 else MARGIN + 4
        avail = WIDTH - MARGIN - lx
        fitted = kit.wrap(text, size, avail, lang, 1, i == 0)[0]
        pt.text((lx, ly), fitted, size, color, i == 0, "lm")
    return h


def draw_table(pt: Painter, y: int, view: InnovationView) -> int:
    """Supply piles (ages 1-10) and the achievements still available."""
    lang = pt.lang
    x0, x1 = MARGIN, WIDTH - MARGIN
    pt.draw.rounded_rectangle((x0, y, x1, y + TABLE_H), radius=16, fill=kit.PANEL)
    cy = y + 10 + 26
    x = x0 + PAD
    x += pt.text((x, cy), ui("supply", lang), 22, kit.TEXT_DIM, anchor="lm") + 14
    step = (x1 - PAD - x) // 10
    for age in range(1, 11):
        n = view.supply[age - 1] if age - 1 < len(view.supply) else 0
        pt.paste(age_chip(age, "supply" if n else "dim", 40), (x, cy - 20))
        pt.texts.append(str(age))
        pt.text((x + 44, cy), str(n), 24, kit.TEXT if n else kit.TEXT_DIM, bool(n), "lm")
        x += step
    # available age achievements and what it takes to win; then the special achievements
    cy += 52
    x = x0 + PAD
    x += pt.text((x, cy), ui("achievements", lang), 22, kit.TEXT_DIM, anchor="lm") + 14
    for age in range(1, 10):
        _draw_achievement(pt, x, cy, f"age_{age}", age, age in view.age_achievements)
        x += CHIP + 5
    rx = x1 - PAD
    text = ui("to_win", lang, n=view.achievements_to_win)
    rx -= pt.text((rx, cy), text, 26, kit.GOLD, True, "rm") + 24
    cy += 52
    x = x0 + PAD
    if view.removed_count:
        pt.text((x1 - PAD, cy), ui("removed", lang, n=view.removed_count), 22, kit.TEXT_DIM,
                anchor="rm")
    x += pt.text((x, cy), ui("specials", lang), 22, kit.TEXT_DIM, anchor="lm") + 14
    for sid in cat.SPECIAL_IDS:
        x += _draw_achievement(pt, x, cy, sid, None, sid in view.special_achievements) + 6
    return TABLE_H


RESULT_ROW_H = 46


def result_height(view: InnovationView) -> int:
    if view.result is None:
        return 0
    return 70 + 40 + len(view.result.scores) * RESULT_ROW_H + 16


def draw_result(pt: Painter, y: int, view: InnovationView, names: Sequence[str]) -> None:
    res = view.result
    assert res is not None
    lang = pt.lang
    x0, x1 = MARGIN, WIDTH - MARGIN
    h = result_height(view)
    pt.draw.rounded_rectangle(
        (x0, y, x1, y + h), radius=16, fill=(52, 46, 30), outline=kit.GOLD, width=3
    )
    winners = _join(names, res.winners, lang)
    title = ui("game_over", lang) + " — "
    title += ui("wins" if len(res.winners) == 1 else "tie", lang, names=winners)
    kind = name(f"victory_{res.victory}", lang)
    ty = y + 36
    x = x0 + PAD + 8
    title = kit.clip(title, 32, x1 - x - 24 - kit.text_width(f"({kind})", 24, lang), lang, True)
    x += pt.text((x, ty), title, 32, kit.GOLD, True, "lm") + 16
    pt.text((x, ty + 2), f"({kind})", 24, kit.TEXT, anchor="lm")
    cols = (x0 + 480, x0 + 680, x0 + 860)
    hy = y + 88
    for cx, key2 in zip(cols, RESULT_COLUMNS, strict=True):
        pt.text((cx, hy), ui(key2, lang), 22, kit.TEXT_DIM, anchor="mm")
    ry = hy + 22
    for sc in sorted(res.scores, key=lambda s: (s.rank, s.seat)):
        cy = ry + RESULT_ROW_H / 2
        win = sc.seat in res.winners
        accent = kit.SEAT_COLORS[sc.seat % len(kit.SEAT_COLORS)]
        pt.text((x0 + PAD + 20, cy), f"#{sc.rank}", 26, kit.GOLD if win else kit.TEXT_DIM, True,
                "lm")
        nm = kit.wrap(_seat_name(names, sc.seat), 28, 290, lang, 1, True)[0]
        pt.text((x0 + PAD + 80, cy), nm, 28, accent, True, "lm")
        b = sc.breakdown
        vals = (
            ui("points", lang, n=b.get("score", sc.total)),
            str(b.get("achievements", 0)),
            str(b.get("cards_in_score_pile", 0)),
        )
        for cx, v in zip(cols, vals, strict=True):
            pt.text((cx, cy), v, 28, kit.TEXT, win, "mm")
        ry += RESULT_ROW_H


# -- entry points ------------------------------------------------------------------------------


def _compose(
    view: InnovationView, lang: str, player_names: Sequence[str] | None
) -> Painter:
    lang = kit.language(lang)
    names = list(player_names or ())
    players = sorted(view.players, key=lambda p: p.seat)
    layouts = [panel_layout(p, lang) for p in players]
    status_lines = len(_status_lines(view, names, lang))
    head_h = STATUS_H + max(0, status_lines - 1) * 40
    height = head_h + 10 + TABLE_H + 10
    rh = result_height(view)
    if rh:
        height += rh + 10
    height += sum(lay.height + 10 for lay in layouts) + MARGIN - 10
    im = Image.new("RGB", (WIDTH, height), kit.BG)
    pt = Painter(im, lang)
    y = draw_header(pt, view, names) + 10
    if rh:
        draw_result(pt, y, view, names)
        y += rh + 10
    y += draw_table(pt, y, view) + 10
    for p, lay in zip(players, layouts, strict=True):
        draw_panel(pt, y, lay, p, view, names)
        y += lay.height + 10
    return pt


def render_image(
    view: InnovationView, lang: str = "en", player_names: Sequence[str] | None = None
) -> Image.Image:
    """The board as a Pillow image (``render_board`` encodes it)."""
    return _compose(view, lang, player_names).im


def board_texts(
    view: InnovationView, lang: str = "en", player_names: Sequence[str] | None = None
) -> list[str]:
    """Every string the board image of ``view`` shows (card names included)."""
    return _compose(view, lang, player_names).texts


def encode(image: Image.Image) -> bytes:
    """PNG bytes as the bot sends them (``kit.encode``: an 8-bit palette)."""
    return kit.encode(image)


def render_board(
    view: InnovationView, lang: str = "en", player_names: Sequence[str] | None = None
) -> bytes:
    """PNG bytes of the board in ``lang`` (en, zh-TW, zh-CN); ``player_names`` by seat."""
    return encode(render_image(view, lang, player_names))


def warm_up() -> None:
    """Build every card tile once (e.g. in a thread at bot start-up)."""
    for cid in cat.CARD_IDS:
        top_card_tile(cid)


# -- one seat's hand and score pile (the private panel) ----------------------------------------

HAND_COLS = 4
HAND_GAP = (WIDTH - 2 * MARGIN - HAND_COLS * CW) // (HAND_COLS - 1)
SECTION_H = 48


def _by_age(cards: Sequence[str]) -> list[str]:
    """Cards by age, then colour (as a player sorts a hand)."""
    return sorted(cards, key=lambda c: (cat.CARDS[c].age, cat.COLORS.index(cat.CARDS[c].color),
                                        cat.CARDS[c].name))


def _section_height(cards: Sequence[str] | None, ages: Sequence[int]) -> int:
    if cards is None:  # not the owner: the backs only
        return SECTION_H + (CHIP + 16 if ages else 40)
    rows = (len(cards) + HAND_COLS - 1) // HAND_COLS
    return SECTION_H + (rows * (CH + 12) if cards else 40)


def _draw_section(pt: Painter, y: int, title: str, cards: Sequence[str] | None,
                  ages: Sequence[int], right: str = "") -> int:
    """A titled grid of card faces (or, for another seat, their ages); returns its height."""
    lang = pt.lang
    pt.text((MARGIN + 4, y + SECTION_H / 2), title, 26, kit.GOLD, True, "lm")
    if right:
        pt.text((WIDTH - MARGIN - 4, y + SECTION_H / 2), right, 26, kit.GOLD, True, "rm")
    y += SECTION_H
    if cards is None:
        if ages:
            _draw_ages(pt, MARGIN + 4, y + CHIP / 2 + 4, ages, "back")
        else:
            pt.text((MARGIN + 4, y + 16), ui("none", lang), 24, kit.TEXT_DIM, anchor="lm")
        return _section_height(cards, ages)
    if not cards:
        pt.text((MARGIN + 4, y + 16), ui("none", lang), 24, kit.TEXT_DIM, anchor="lm")
    for i, cid in enumerate(_by_age(cards)):
        r, c = divmod(i, HAND_COLS)
        pt.card(cid, (MARGIN + c * (CW + HAND_GAP), y + r * (CH + 12)))
    return _section_height(cards, ages)


def hand_painter(
    view: InnovationView, lang: str = "en", player_names: Sequence[str] | None = None
) -> Painter:
    """The viewer's hand and score pile as card faces (ages, colours, icons), drawn as
    ``/card`` draws one card, but four a row; the strings drawn are in ``.texts``."""
    lang = kit.language(lang)
    names = list(player_names or ())
    seat = view.seat if view.seat is not None else 0
    p = next(q for q in view.players if q.seat == seat)
    choice = [p.initial_choice] if p.initial_choice else None
    hand_title = ui("your_hand", lang)
    sections: list[tuple[str, list[str] | None, list[int], str]] = []
    if choice:
        sections.append((ui("your_choice", lang), choice, [], ""))
    sections.append((hand_title, p.hand, p.hand_ages, f"×{p.hand_count}"))
    total = ui("points", lang, n=p.score_total) if p.score_total is not None else ""
    sections.append((ui("your_score", lang), p.score, p.score_ages, total))
    height = 64 + sum(_section_height(c, a) + 8 for _, c, a, _ in sections) + MARGIN
    im = Image.new("RGB", (WIDTH, height), kit.BG)
    pt = Painter(im, lang)
    accent = kit.SEAT_COLORS[seat % len(kit.SEAT_COLORS)]
    pt.draw.rounded_rectangle((MARGIN, 8, WIDTH - MARGIN, 58), radius=12, fill=kit.PANEL,
                              outline=accent, width=3)
    x = MARGIN + 16
    x += pt.text((x, 33), kit.clip(_seat_name(names, seat), 28, 520, lang, True), 28, accent,
                 True, "lm") + 16
    pt.text((x, 34), name("game_title", lang), 22, kit.TEXT_DIM, anchor="lm")
    y = 64
    for title, cards, ages, right in sections:
        y += _draw_section(pt, y, title, cards, ages, right) + 8
    return pt


def hand_image(
    view: InnovationView, lang: str = "en", player_names: Sequence[str] | None = None
) -> Image.Image:
    """The private panel's picture of the viewer's hand and score pile
    (``render_hand`` encodes it)."""
    return hand_painter(view, lang, player_names).im


def render_hand(
    view: InnovationView, lang: str = "en", player_names: Sequence[str] | None = None
) -> bytes:
    """PNG of the viewing seat's hand and score pile (its own view: ``engine.view(state,
    seat)``; another seat's view shows only the ages, as the table does)."""
    return encode(hand_image(view, lang, player_names))


# -- one card, large (/card) --------------------------------------------------------------------

CARD_IMG_W = 900
BIG_ICON = 104


def _card_text_blocks(c: cat.Card, width: int) -> list[tuple[str, tuple[str, ...]]]:
    return [
        (d.kind, kit.wrap(d.summary, 28, width, "en", 12)) for d in c.dogmas
    ]


def render_card_image(card_id: str, lang: str = "en") -> Image.Image:
    """One card large: name, age, colour, its four icon positions, its dogma paraphrased."""
    lang = kit.language(lang)
    if card_id in cat.SPECIALS:
        return _render_special(card_id, lang)
    c = cat.CARDS[card_id]
    fill = kit.CARD_COLORS[c.color]
    ink = kit.contrast_text(fill)
    pad = 24
    text_x = pad + 20 + 52 + 14
    text_w = CARD_IMG_W - text_x - pad - 20
    blocks = _card_text_blocks(c, text_w)
    body_h = sum(52 + len(lines) * 36 + 18 for _, lines in blocks)
    card_h = pad + BIG_ICON + 20 + 40 + body_h + 20 + BIG_ICON + pad
    height = card_h + 2 * MARGIN + 70
    im = Image.new("RGB", (CARD_IMG_W + 2 * MARGIN, height), kit.BG)
    pt = Painter(im, lang)
    face = _card_base(CARD_IMG_W, card_h, c.color, 22)
    pt.paste(face, (MARGIN, MARGIN))
    ox, oy = MARGIN, MARGIN
    for pos in cat.POSITIONS:
        sx, sy = _slot_xy(pos, CARD_IMG_W, card_h, BIG_ICON, pad)
        _spot(im, c.icons.at(pos), (ox + sx, oy + sy), BIG_ICON, c.age)
    # name and age on the top line
    nx = ox + pad + BIG_ICON + 24
    cy = oy + pad + BIG_ICON / 2
    pt.texts.append(c.name)
    kit.draw_text(im, (nx, cy - 12), c.name, 52, ink, "en", True, "lm")
    sub = f"{ui('age', lang, n=c.age)} · {name(c.color, lang)}"
    pt.text((nx, cy + 34), sub, 26, ink, False, "lm")
    # dogma effects
    y = oy + pad + BIG_ICON + 20
    label = ui("paraphrase", lang)
    pt.text((ox + pad + 20, y + 18), label, 22, ink, False, "lm")
    y += 40
    panel = kit.shade(fill, 0.35) if ink == kit.TEXT else kit.shade(fill, 1.6)
    panel_ink = kit.TEXT if ink == kit.TEXT else kit.DARK_TEXT
    for kind, lines in blocks:
        bh = 52 + len(lines) * 36
        pt.draw.rounded_rectangle(
            (ox + pad, y, ox + CARD_IMG_W - pad, y + bh), radius=14, fill=panel
        )
        pt.paste(kit.inno_icon(c.dogma_icon, 52), (ox + pad + 14, y + 12))
        tag = ui("demand" if kind == "demand" else "coop", lang)
        tag_fill = (200, 44, 40) if kind == "demand" else (70, 74, 88)
        tw = kit.text_width(tag, 22, lang, True) + 20
        pt.draw.rounded_rectangle(
            (ox + text_x, y + 8, ox + text_x + tw, y + 36), radius=14, fill=tag_fill
        )
        pt.text((ox + text_x + tw / 2, y + 23), tag, 22, kit.TEXT, True, "mm")
        ly = y + 40 + 18
        for line in lines:
            pt.texts.append(line)
            kit.draw_text(im, (ox + text_x, ly), line, 28, panel_ink, "en", False, "lm")
            ly += 36
        y += bh + 18
    # footer: dogma icon and the icon counts
    fy = MARGIN + card_h + 40
    x = MARGIN + 8
    x += pt.text((x, fy), ui("dogma_icon", lang), 24, kit.TEXT_DIM, anchor="lm") + 12
    pt.paste(kit.inno_icon(c.dogma_icon, 44), (x, fy - 22))
    x += 52
    x += pt.text((x, fy), name(c.dogma_icon, lang), 24, kit.TEXT, True, "lm") + 40
    x += pt.text((x, fy), ui("icons_on_card", lang), 24, kit.TEXT_DIM, anchor="lm") + 12
    for icon, n in sorted(c.icon_counts().items(), key=lambda kv: cat.ICONS.index(kv[0])):
        pt.paste(kit.inno_icon(icon, 44), (x, fy - 22))
        x += 50 + pt.text((x + 50, fy), f"×{n}", 26, kit.TEXT, True, "lm") + 16
    return im


def _render_special(sid: str, lang: str) -> Image.Image:
    s = cat.SPECIALS[sid]
    width = CARD_IMG_W
    lines = kit.wrap(s.condition, 28, width - 80, "en", 8)
    via = s.alternate_claim.get("card")
    how = str(s.alternate_claim.get("via", ""))
    alt = kit.wrap(how, 24, width - 80, "en", 4) if via else ()
    h = 40 + 70 + 40 + len(lines) * 38 + (50 + len(alt) * 32 if via else 0) + 30
    im = Image.new("RGB", (width + 2 * MARGIN, h + 2 * MARGIN), kit.BG)
    pt = Painter(im, lang)
    x0, y0 = MARGIN, MARGIN
    pt.draw.rounded_rectangle(
        (x0, y0, x0 + width, y0 + h), radius=22, fill=(94, 64, 130), outline=kit.GOLD, width=4
    )
    pt.text((x0 + 40, y0 + 60), name(sid, lang), 52, kit.GOLD, True, "lm")
    pt.text((x0 + width - 40, y0 + 64), ui("special", lang), 26, kit.TEXT, False, "rm")
    y = y0 + 40 + 70 + 30
    for line in lines:
        pt.texts.append(line)
        kit.draw_text(im, (x0 + 40, y), line, 28, kit.TEXT, "en", False, "lm")
        y += 38
    if via:
        y += 24
        pt.text((x0 + 40, y), ui("alt_claim", lang, card=str(via)), 24, kit.GOLD, True, "lm")
        for line in alt:
            y += 32
            pt.texts.append(line)
            kit.draw_text(im, (x0 + 40, y), line, 24, kit.TEXT_DIM, "en", False, "lm")
    return im


def render_card(card_id: str, lang: str = "en") -> bytes:
    """PNG of one card (or special achievement) large, for ``/card`` lookups."""
    return encode(render_card_image(card_id, lang))
