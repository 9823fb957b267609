"""Small building blocks shared by the card effects."""

from __future__ import annotations

from collections.abc import Sequence

from engines.innovation.context import Ctx
from engines.innovation.facts import AGE, COLOR
from engines.innovation.state import InnovationState
from engines.innovation.zones import meld


def others(st: InnovationState, seat: int) -> list[int]:
    """The other players in turn order from ``seat``'s left."""
    n = st.players
    return [(seat + i) % n for i in range(1, n)]


def all_highest(cards: Sequence[str]) -> list[str]:
    if not cards:
        return []
    best = max(AGE[c] for c in cards)
    return [c for c in cards if AGE[c] == best]


def all_lowest(cards: Sequence[str]) -> list[str]:
    if not cards:
        return []
    best = min(AGE[c] for c in cards)
    return [c for c in cards if AGE[c] == best]


def max_age(cards: Sequence[str]) -> int:
    return max((AGE[c] for c in cards), default=0)


def pick_extreme(g: Ctx, seat: int, kind: str, cards: Sequence[str], n: int, *,
                 lowest: bool = False, private: bool = True) -> list[str]:
    """The ``n`` highest (or lowest) of ``cards``; ``seat`` picks among ties at the cutoff."""
    ordered = sorted(cards, key=lambda c: AGE[c], reverse=not lowest)
    if len(ordered) <= n:
        return ordered
    cutoff = AGE[ordered[n - 1]]
    if lowest:
        sure = [c for c in ordered if AGE[c] < cutoff]
    else:
        sure = [c for c in ordered if AGE[c] > cutoff]
    tied = [c for c in ordered if AGE[c] == cutoff]
    k = n - len(sure)
    return sure + g.choose_cards(seat, kind, tied, k, k, private=private)


def meld_all(g: Ctx, seat: int, cards: Sequence[str], src: str = "hand",
             src_owner: int | None = None) -> None:
    """Meld several cards; the player orders them when two share a colour (top card)."""
    pool = list(cards)
    while pool:
        colors = [COLOR[c] for c in pool]
        if len(set(colors)) < len(colors):
            card = g.choose_card(seat, "meld_order", pool, private=src != "board")
            assert card is not None
        else:
            card = pool[0]
        pool.remove(card)
        meld(g, seat, card, src, src_owner)


def board_colors(st: InnovationState, seat: int) -> list[int]:
    return [c for c, pile in enumerate(st.boards[seat]) if pile]


def reveal_for_color(g: Ctx, seat: int, hand: Sequence[str]) -> str | None:
    """ "Reveal a card from your hand" where only its colour matters: asked only when the
    hand holds more than one colour."""
    if not hand:
        return None
    if len({COLOR[c] for c in hand}) == 1:
        return hand[0]
    return g.choose_card(seat, "reveal", hand, private=True)
