"""Moving cards between zones: meld, tuck, score, return, transfer, exchange, take into
hand, remove from the game (rulebook 遊戲術語 / 教義效果), with their events.

Every step increments ``state.changes`` (the sharing bonus compares it), keeps the
splay rule "a pile of one card or fewer is not splayed", counts tucks/scores per turn
(Monument) and checks the special achievements of the boards it touched.

Event visibility: a card moving to or from a board is public; a card moving only
between hidden zones (hand, score pile, supply) is announced publicly by its age and,
in an event of the same kind with ``private: true`` and ``card``, to the owners of the
hidden zones it left or entered.
"""

from __future__ import annotations

from typing import Any

from engines.innovation.catalogue import COLORS
from engines.innovation.context import Ctx
from engines.innovation.facts import AGE, COLOR
from engines.innovation.icons import forget_board
from engines.innovation.specials import check_specials
from engines.innovation.state import InnovationState

HIDDEN_OWNED = ("hand", "score")


def _take(st: InnovationState, card: str, zone: str, owner: int) -> None:
    if zone == "hand":
        st.hands[owner].remove(card)
    elif zone == "score":
        st.scores[owner].remove(card)
    elif zone == "board":
        color = COLOR[card]
        pile = st.boards[owner][color]
        pile.remove(card)
        if len(pile) < 2:
            st.splays[owner][color] = 0
        forget_board(st, owner)
    elif zone == "supply":
        st.supply[AGE[card] - 1].remove(card)
    else:  # pragma: no cover - programming error
        raise ValueError(zone)


def _put(st: InnovationState, card: str, zone: str, owner: int, bottom: bool = False) -> None:
    if zone == "hand":
        st.hands[owner].append(card)
    elif zone == "score":
        st.scores[owner].append(card)
    elif zone == "board":
        pile = st.boards[owner][COLOR[card]]
        if bottom:
            pile.insert(0, card)
        else:
            pile.append(card)
        forget_board(st, owner)
    elif zone == "supply":
        st.supply[AGE[card] - 1].insert(0, card)
    elif zone == "removed":
        st.removed.append(card)
    else:  # pragma: no cover
        raise ValueError(zone)


def announce(g: Ctx, kind: str, seat: int | None, card: str, src: str, src_owner: int | None,
             dst: str, dst_owner: int | None, extra: dict[str, Any] | None = None,
             public: bool = False) -> None:
    if g.skip:
        hidden = not public and src != "board" and dst != "board"
        told = hidden and ((src in HIDDEN_OWNED and src_owner is not None)
                           or (dst in HIDDEN_OWNED and dst_owner is not None))
        g.skipping(2 if told else 1)
        return
    params: dict[str, Any] = {"age": AGE[card], "from": src, "to": dst,
                              "from_seat": src_owner, "to_seat": dst_owner}
    if extra:
        params.update(extra)
    if public or src == "board" or dst == "board":
        params["card"] = card
        params["color"] = COLORS[COLOR[card]]
        g.emit(kind, seat, params)
        return
    g.emit(kind, seat, params)
    seen = sorted({o for z, o in ((src, src_owner), (dst, dst_owner))
                   if z in HIDDEN_OWNED and o is not None})
    if seen:
        detail = dict(params)
        detail.update(card=card, color=COLORS[COLOR[card]], private=True)
        g.emit(kind, seat, detail, visible_to=seen)


def reveals(src: str, src_owner: int, dst: str, dst_owner: int, public: bool,
            covered: bool) -> bool:
    """Whether a move shows someone a card they could not see (``announce`` tells it):
    publicly, a card from a hand, a score pile, the supply or under a board's top card;
    privately, a card reaching a hidden zone of a seat that did not hold it."""
    if public or src == "board" or dst == "board":
        return covered or src != "board"
    return dst in HIDDEN_OWNED and (src not in HIDDEN_OWNED or dst_owner != src_owner)


def move(g: Ctx, kind: str, seat: int, card: str, src: str, src_owner: int, dst: str,
         dst_owner: int, bottom: bool = False, public: bool = False) -> None:
    st = g.st
    covered = src == "board" and st.boards[src_owner][COLOR[card]][-1] != card
    if reveals(src, src_owner, dst, dst_owner, public, covered):
        g.revealing()
    _take(st, card, src, src_owner)
    _put(st, card, dst, dst_owner, bottom)
    st.changes += 1
    announce(g, kind, seat, card, src, src_owner, dst, dst_owner, public=public)
    if kind == "tuck":
        st.tucked[dst_owner] += 1
    elif kind == "score":
        st.scored[dst_owner] += 1
    if st.specials:
        touched = []
        if src == "board":
            touched.append(src_owner)
        if dst == "board" or kind in ("tuck", "score"):
            touched.append(dst_owner)
        if touched:
            check_specials(g, touched)


# -- the verbs ------------------------------------------------------------------------
def meld(g: Ctx, seat: int, card: str, src: str = "hand", src_owner: int | None = None) -> None:
    """Put ``card`` on top of its colour pile on ``seat``'s board (splay kept)."""
    move(g, "meld", seat, card, src, seat if src_owner is None else src_owner, "board", seat)


def tuck(g: Ctx, seat: int, card: str, src: str = "hand", src_owner: int | None = None) -> None:
    """Put ``card`` at the bottom of its colour pile (rulebook: Archive)."""
    move(g, "tuck", seat, card, src, seat if src_owner is None else src_owner, "board", seat,
         bottom=True)


def score(g: Ctx, seat: int, card: str, src: str = "hand", src_owner: int | None = None) -> None:
    move(g, "score", seat, card, src, seat if src_owner is None else src_owner, "score", seat)


def return_card(g: Ctx, seat: int, card: str, src: str = "hand",
                src_owner: int | None = None) -> None:
    """Put ``card`` face down at the bottom of its age pile (rulebook: Recycle)."""
    move(g, "return", seat, card, src, seat if src_owner is None else src_owner, "supply", seat)


def transfer(g: Ctx, seat: int, card: str, src: str, src_owner: int, dst: str,
             dst_owner: int, bottom: bool = False) -> None:
    """Move a card between players' zones (to a board: on top unless ``bottom``)."""
    move(g, "transfer", seat, card, src, src_owner, dst, dst_owner, bottom=bottom)


def exchange(g: Ctx, seat: int, give: list[str], src: str, src_owner: int,
             get: list[str], dst: str, dst_owner: int) -> None:
    """Swap two sets of cards at once (either may be empty; never "scoring")."""
    for card in give:
        move(g, "exchange", seat, card, src, src_owner, dst, dst_owner)
    for card in get:
        move(g, "exchange", seat, card, dst, dst_owner, src, src_owner)


def remove_from_game(g: Ctx, seat: int, card: str, src: str, src_owner: int) -> None:
    move(g, "remove", seat, card, src, src_owner, "removed", src_owner)
