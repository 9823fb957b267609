"""Splaying (rulebook 延伸展開 Splay): one direction per pile; a new direction replaces
the old; a pile of one card or fewer cannot be splayed (and loses its splay when it
shrinks to one card, see ``zones._take``); melded and tucked cards follow the splay.
"""

from __future__ import annotations

from engines.innovation.catalogue import COLORS, SPLAYS
from engines.innovation.context import Ctx
from engines.innovation.icons import forget_board
from engines.innovation.specials import check_specials


def can_splay(g: Ctx, seat: int, color: int, direction: int) -> bool:
    st = g.st
    return len(st.boards[seat][color]) > 1 and st.splays[seat][color] != direction


def splay(g: Ctx, seat: int, color: int, direction: int) -> bool:
    """Splay ``color`` of ``seat`` in ``direction``; False when nothing changes."""
    st = g.st
    if not can_splay(g, seat, color, direction):
        return False
    st.splays[seat][color] = direction
    forget_board(st, seat)
    st.changes += 1
    g.emit("splay", seat, {"color": COLORS[color], "direction": SPLAYS[direction]})
    check_specials(g, (seat,))
    return True


def splayable(g: Ctx, seat: int, colors: tuple[int, ...] | list[int] | range,
              direction: int) -> list[int]:
    return [c for c in colors if can_splay(g, seat, c, direction)]


def may_splay(g: Ctx, seat: int, colors: tuple[int, ...] | list[int] | range,
              direction: int) -> bool:
    """ "You may splay your X (or Y) cards <direction>": asks only if a splay would change
    something; a declinable choice."""
    options = splayable(g, seat, colors, direction)
    color = g.choose_color(seat, f"splay_{SPLAYS[direction]}", options, may=True)
    if color is None:
        return False
    return splay(g, seat, color, direction)
