"""The catalogue flattened to tuples and ints for the hot path.

Colours are indexed as ``catalogue.COLORS`` (0 blue, 1 red, 2 green, 3 yellow,
4 purple), icons as ``catalogue.ICONS`` (0 crown, 1 leaf, 2 lightbulb, 3 castle,
4 factory, 5 clock; -1 the hexagon) and splays as ``catalogue.SPLAYS`` (0 none,
1 left, 2 right, 3 up).
"""

from __future__ import annotations

from engines.innovation.catalogue import (
    CARDS,
    COLORS,
    ICONS,
    POSITIONS,
    SPLAY_VISIBLE,
    SPLAYS,
)

BLUE, RED, GREEN, YELLOW, PURPLE = range(5)
CROWN, LEAF, LIGHTBULB, CASTLE, FACTORY, CLOCK = range(6)
NONE, LEFT, RIGHT, UP = range(4)

COLOR_INDEX = {c: i for i, c in enumerate(COLORS)}
ICON_INDEX: dict[str, int] = {c: i for i, c in enumerate(ICONS)}
SPLAY_INDEX = {s: i for i, s in enumerate(SPLAYS)}

AGE: dict[str, int] = {c.id: c.age for c in CARDS.values()}
COLOR: dict[str, int] = {c.id: COLOR_INDEX[c.color] for c in CARDS.values()}
NAME: dict[str, str] = {c.id: c.name for c in CARDS.values()}
DOGMA_ICON: dict[str, int] = {c.id: ICON_INDEX[c.dogma_icon] for c in CARDS.values()}
#: the four spots (top_left, bottom_left, bottom_middle, bottom_right) as icon ints, -1 = hex
SPOTS: dict[str, tuple[int, int, int, int]] = {
    c.id: tuple(ICON_INDEX.get(c.icons.at(p), -1) for p in POSITIONS)  # type: ignore[misc]
    for c in CARDS.values()
}
#: icons a card shows as a top card (no hexagon)
TOP_ICONS: dict[str, tuple[int, ...]] = {cid: tuple(i for i in s if i >= 0)
                                         for cid, s in SPOTS.items()}
_POS_INDEX = {p: i for i, p in enumerate(POSITIONS)}
#: splay -> card -> icons visible on that card when covered
COVERED_ICONS: tuple[dict[str, tuple[int, ...]], ...] = tuple(
    {cid: tuple(s[_POS_INDEX[p]] for p in SPLAY_VISIBLE[splay] if s[_POS_INDEX[p]] >= 0)
     for cid, s in SPOTS.items()}
    for splay in SPLAYS
)
#: icon -> card -> how many of that icon the card shows as a top card
TOP_COUNT: tuple[dict[str, int], ...] = tuple(
    {cid: t.count(i) for cid, t in TOP_ICONS.items()} for i in range(6)
)
#: splay -> icon -> card -> how many of that icon the card shows when covered
COVERED_COUNT: tuple[tuple[dict[str, int], ...], ...] = tuple(
    tuple({cid: t.count(i) for cid, t in by_card.items()} for i in range(6))
    for by_card in COVERED_ICONS
)
#: card -> set of icons printed on it
HAS: dict[str, frozenset[int]] = {cid: frozenset(t) for cid, t in TOP_ICONS.items()}
CARDS_BY_AGE: tuple[tuple[str, ...], ...] = tuple(
    tuple(c.id for c in CARDS.values() if c.age == a) for a in range(1, 11)
)


def has_icon(card: str, icon: int) -> bool:
    return icon in HAS[card]
