"""Visible icons on a board (rulebook 延伸展開 Splay; 啟動 icon comparison).

A top card shows its four spots; a covered card shows the spots its pile's splay
reveals (left: bottom right; right: top left + bottom left; up: the bottom row). The
hexagon never counts.
"""

from __future__ import annotations

from engines.innovation.facts import AGE, COVERED_COUNT, COVERED_ICONS, TOP_COUNT, TOP_ICONS
from engines.innovation.state import InnovationState


def icon_counts(st: InnovationState, seat: int) -> list[int]:
    counts = [0, 0, 0, 0, 0, 0]
    splays = st.splays[seat]
    for color, pile in enumerate(st.boards[seat]):
        if not pile:
            continue
        for i in TOP_ICONS[pile[-1]]:
            counts[i] += 1
        splay = splays[color]
        if splay and len(pile) > 1:
            covered = COVERED_ICONS[splay]
            for card in pile[:-1]:
                for i in covered[card]:
                    counts[i] += 1
    return counts


def icon_count(st: InnovationState, seat: int, icon: int) -> int:
    """Visible icons of one kind (faster than ``icon_counts`` when only one is needed)."""
    n = 0
    top = TOP_COUNT[icon]
    splays = st.splays[seat]
    for color, pile in enumerate(st.boards[seat]):
        if not pile:
            continue
        n += top[pile[-1]]
        splay = splays[color]
        if splay and len(pile) > 1:
            covered = COVERED_COUNT[splay][icon]
            for card in pile[:-1]:
                n += covered[card]
    return n


def top_cards(st: InnovationState, seat: int) -> list[str]:
    return [pile[-1] for pile in st.boards[seat] if pile]


def top_card(st: InnovationState, seat: int, color: int) -> str | None:
    pile = st.boards[seat][color]
    return pile[-1] if pile else None


def highest_top(st: InnovationState, seat: int) -> int:
    """Value of the highest top card (0 with an empty board: rulebook 數值 Value)."""
    best = 0
    for pile in st.boards[seat]:
        if pile:
            a = AGE[pile[-1]]
            if a > best:
                best = a
    return best
