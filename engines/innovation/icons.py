"""Visible icons on a board (rulebook 延伸展開 Splay; 啟動 icon comparison).

A top card shows its four spots; a covered card shows the spots its pile's splay
reveals (left: bottom right; right: top left + bottom left; up: the bottom row). The
hexagon never counts.

Counts are cached per seat in the state's instance dict (``CACHE``: not a model field, so
never saved, copied into a snapshot nor compared) and the cache is invalidated by every
change of a board or a splay: ``forget_board`` is called by the rules that change them
(``zones``, ``splay``, Publications), and the state's copies and snapshot restores start
without it (``state.py``). ``fresh_icon_counts`` is the same count without the cache
(``tests/engines/innovation/test_inno_caches.py`` compares the two after every answer).
"""

from __future__ import annotations

from engines.innovation.facts import AGE, COVERED_ICONS, TOP_ICONS
from engines.innovation.state import ICON_CACHE as CACHE
from engines.innovation.state import InnovationState


def counts_of(st: InnovationState, seat: int) -> list[int]:
    """The visible icons of ``seat`` by icon index (cached: read, never change, the list)."""
    cache: list[list[int] | None] | None = st.__dict__.get(CACHE)
    if cache is None:
        cache = st.__dict__[CACHE] = [None] * st.players
    counts = cache[seat]
    if counts is None:
        counts = cache[seat] = fresh_icon_counts(st, seat)
    return counts


def forget_board(st: InnovationState, seat: int) -> None:
    """``seat``'s board or splays changed: its cached icon counts are stale."""
    cache = st.__dict__.get(CACHE)
    if cache is not None:
        cache[seat] = None


def forget_all(st: InnovationState) -> None:
    """Boards were replaced wholesale (a snapshot restored, a position built by hand)."""
    st.__dict__.pop(CACHE, None)


def icon_counts(st: InnovationState, seat: int) -> list[int]:
    """The visible icons of ``seat`` by icon index (a new list)."""
    return counts_of(st, seat)[:]


def icon_count(st: InnovationState, seat: int, icon: int) -> int:
    """Visible icons of one kind."""
    return counts_of(st, seat)[icon]


def fresh_icon_counts(st: InnovationState, seat: int) -> list[int]:
    """The visible icons of ``seat`` counted from its board (no cache)."""
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
