"""Paying for cards and wonders: production, trading prices, chains and discounts.

* A missing resource costs ``2 + the opponent's production of it on brown/grey cards``,
  or 1 coin with a matching Stone/Clay/Wood Reserve or Customs House.
* Each flexible producer (Forum, Caravansery, The Great Lighthouse, Piraeus) supplies one
  unit of one of its resources per construction and never changes the opponent's price.
* Masonry (blue cards) and Architecture (wonders) make 2 resource units of the owner's
  choice free.
* The cheapest way is always chosen. Flexible producers split into raw-material (wood,
  clay, stone) and manufactured-goods (glass, papyrus) producers, so it is optimal to let
  each group cover its most expensive missing units, then let the discount cover the two
  most expensive units left.
* A card whose ``chain_from`` symbol the player owns is completely free.
"""

from __future__ import annotations

from engines.duel.facts import (
    ARCHITECTURE,
    BLUE,
    BLUE_DISCOUNT,
    CARD,
    GLASS,
    MASONRY,
    WONDER,
    WONDER_DISCOUNT,
    YELLOW,
    need_items,
)
from engines.duel.state import DuelState

DISCARD_BASE = 2


def discard_value(st: DuelState, seat: int) -> int:
    """Coins ``seat`` gets for discarding a card: 2 + 1 per own yellow card."""
    return DISCARD_BASE + st.colors[seat][YELLOW]


def prices(st: DuelState, seat: int) -> list[int]:
    """What one unit of each resource costs ``seat`` at the bank right now."""
    opp = st.production[1 - seat]
    mask = st.fixed_mask[seat]
    return [1 if mask >> r & 1 else 2 + opp[r] for r in range(5)]


def trade_cost(
    need: tuple[int, ...],
    have: list[int],
    flexible: list[int],
    discount: int,
    price: list[int],
) -> int:
    """Minimal coins to buy what ``have`` does not cover of ``need``."""
    return items_cost(need_items(need), have, flexible, discount, price)


def items_cost(
    items: tuple[tuple[int, int], ...],
    have: list[int],
    flexible: list[int],
    discount: int,
    price: list[int],
) -> int:
    """:func:`trade_cost` of a need given as ``facts.need_items`` (only the resources it
    needs are walked: the hot path of listing a turn)."""
    if not discount and not flexible[0] and not flexible[1]:
        total = 0
        for r, n in items:
            missing = n - have[r]
            if missing > 0:
                total += missing * price[r]
        return total
    raw: list[int] = []
    goods: list[int] = []
    for r, n in items:
        missing = n - have[r]
        if missing > 0:
            if r < GLASS:
                raw += [price[r]] * missing
            else:
                goods += [price[r]] * missing
    if not raw and not goods:
        return 0
    if flexible[0] and raw:
        raw.sort(reverse=True)
        del raw[: flexible[0]]
    if flexible[1] and goods:
        goods.sort(reverse=True)
        del goods[: flexible[1]]
    rest = raw + goods
    if discount and rest:
        rest.sort(reverse=True)
        del rest[:discount]
    return sum(rest)


def card_cost(
    st: DuelState, seat: int, card: str, price: list[int] | None = None
) -> tuple[int, int, bool]:
    """``(total coins, of which trade, built by chain)`` for ``seat`` to build ``card``."""
    f = CARD[card]
    if f.chain_from is not None and f.chain_from in st.chains[seat]:
        return 0, 0, True
    total, trade = unchained_cost(st, seat, card, price)
    return total, trade, False


def unchained_cost(
    st: DuelState, seat: int, card: str, price: list[int] | None = None
) -> tuple[int, int]:
    """``(total coins, of which trade)`` for ``seat`` to build ``card`` without a chain."""
    f = CARD[card]
    if not f.needs_any:
        return f.coins, 0
    if price is None:
        price = prices(st, seat)
    discount = BLUE_DISCOUNT if f.color == BLUE and MASONRY in st.tokens[seat] else 0
    trade = items_cost(f.items, st.production[seat], st.flexible[seat], discount, price)
    return f.coins + trade, trade


def wonder_cost(st: DuelState, seat: int, wonder: str, price: list[int] | None = None) -> int:
    """Coins for ``seat`` to build ``wonder`` (all of it is trade: wonders cost no coins)."""
    if price is None:
        price = prices(st, seat)
    discount = WONDER_DISCOUNT if ARCHITECTURE in st.tokens[seat] else 0
    return items_cost(WONDER[wonder].items, st.production[seat], st.flexible[seat], discount,
                      price)
