"""Small building blocks shared by the card effects."""

from __future__ import annotations

from collections.abc import Sequence

from engines.innovation.context import Ctx
from engines.innovation.draw import reveal
from engines.innovation.facts import AGE, COLOR
from engines.innovation.state import InnovationState
from engines.innovation.zones import meld, return_card, transfer


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


def may_return(g: Ctx, seat: int, cards: Sequence[str], src: str = "hand") -> str | None:
    """ "You may return a card from …": the player picks one of ``cards`` (from ``src``) or
    declines; the card returned, or None."""
    card = g.choose_card(seat, "return", cards, may=True, private=True)
    if card is not None:
        return_card(g, seat, card, src)
    return card


def give_top_card(g: Ctx, seat: int, cards: Sequence[str], to: int, dest: str) -> str | None:
    """A demand's "transfer a top card …": ``seat`` picks one of ``cards`` (its top cards)
    and moves it from its board to ``to``'s ``dest`` (``board`` or ``score``); the card,
    or None when there is none."""
    card = g.choose_card(seat, "transfer", cards)
    if card is not None:
        transfer(g, seat, card, "board", seat, dest, to)
    return card


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


def reveal_a_color(g: Ctx, seat: int) -> int | None:
    """ "Reveal a card from your hand" where only its colour matters: the player is asked
    only when the hand holds more than one colour; the revealed card's colour (None: empty
    hand)."""
    hand = g.st.hands[seat]
    if not hand:
        return None
    if len({COLOR[c] for c in hand}) == 1:
        card = hand[0]
    else:
        picked = g.choose_card(seat, "reveal", hand, private=True)
        if picked is None:
            return None
        card = picked
    reveal(g, seat, card)
    return COLOR[card]


def return_cards(g: Ctx, seat: int, cards: Sequence[str], src: str = "hand",
                 src_owner: int | None = None, *, ordered: bool = False) -> None:
    """Return several cards at once (rulebook 教義效果 Recycle: 假如你必須回收數張卡片，你可
    選擇擺放順序 — the player chooses the order).

    The order only matters between cards of the same age (they go to the bottom of the
    same pile, one under the other), so the player is asked ``return_order`` — which card
    goes to the bottom next — only while two or more cards of one age remain. With
    ``ordered`` the player already picked the cards one at a time and that order stands
    (the first picked is returned first; the last returned ends up as the bottom card).
    The question is private: it may list covered board cards (Skyscrapers), which only
    their owner may look at.
    """
    owner = seat if src_owner is None else src_owner
    pool = list(cards)
    if ordered or len({AGE[c] for c in pool}) == len(pool):
        for c in pool:
            return_card(g, seat, c, src, owner)
        return
    while pool:
        card = pool[0]
        same = [c for c in pool if AGE[c] == AGE[card]]
        if len(same) > 1:
            chosen = g.choose_card(seat, "return_order", same, private=True,
                                   params={"age": AGE[card]})
            assert chosen is not None
            card = chosen
        pool.remove(card)
        return_card(g, seat, card, src, owner)


def choose_and_return(g: Ctx, seat: int, cards: Sequence[str], lo: int, hi: int,
                      src: str = "hand") -> list[str]:
    """Pick between ``lo`` and ``hi`` of ``cards`` (one at a time, ``return`` questions)
    and return them in the picking order; when every card must go (nothing picked), the
    order is asked with :func:`return_cards`."""
    pool = list(cards)
    top = min(hi, len(pool))
    forced = min(lo, top) == top == len(pool)
    picked = g.choose_cards(seat, "return", pool, lo, hi, private=True)
    return_cards(g, seat, picked, src, seat, ordered=not forced)
    return picked
