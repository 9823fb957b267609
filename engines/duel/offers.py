"""What a turn offers: every affordable action, with each seat's prices kept until its
economy changes.

Listing a turn prices each accessible card and each open wonder for the active seat. Those
prices change far less often than the structure does, so each seat keeps an
:class:`Offers` table: its bank prices, its open wonders with their costs, its discard
value and, filled as cards are listed, each card's price without a chain. A table depends
on the seat's production, flexible producers, fixed prices, yellow cards, progress tokens
and owned wonders, on the opponent's brown/grey production (prices) and on the wonders
built by both (the 7-wonder limit). Every mutation of those drops it (:func:`forget`,
:func:`forget_both`: made anew when next needed) or replaces it by an updated copy
(:func:`regain`, :func:`built_wonder`): ``effects.record_building`` (brown/grey: both
seats; yellow: the builder), ``remove_building``, ``wonder_effects``,
``apply_wonder_limit``, ``token_effects``, ``turn.build_wonder`` and ``draft.pick``.

Coins (what is affordable) and chains (what is free) are read live. ``test_offers_cache``
compares the cached figures with a cache-free recomputation after every answer of many
random games.

The tables live in the state's ``__dict__`` under :data:`KEY`, not in a field: never
saved, ignored by ``==``, shared by reference by ``fast_copy``. A table is never changed
in place but for adding a card's price (the same in every copy sharing it: they share the
economy it was computed under), so copies may share them.

(A memo of prices shared by every state with the same economy was tried: it saved
little computation and cost more in garbage collection than it saved.)
"""

from __future__ import annotations

from engines.core.contract import Option
from engines.duel.catalogue import MAX_WONDERS_BUILT
from engines.duel.facts import CARD
from engines.duel.options import OPTIONS, SLOT
from engines.duel.state import DuelState
from engines.duel.trading import discard_value, prices, unchained_cost, wonder_cost

#: the state ``__dict__`` key of the two seats' tables (a pair, ``None`` until needed)
KEY = "_offers"


class Offers:
    """One seat's prices, open wonders, discard value and card prices in one state."""

    __slots__ = ("price", "wonders", "top", "gain", "cards")

    def __init__(self, st: DuelState, seat: int) -> None:
        self.price = price = prices(st, seat)
        #: (wonder, cost) of each open wonder, and the dearest cost (0: none)
        self.wonders = [(w, wonder_cost(st, seat, w, price)) for w in wonders_open(st, seat)]
        self.top = max([cost for _, cost in self.wonders], default=0)
        self.gain = discard_value(st, seat)
        #: card -> (total, of which trade, its build option) without a chain
        self.cards: dict[str, tuple[int, int, Option]] = {}

    def unchained(self, st: DuelState, seat: int, card: str) -> tuple[int, int, Option]:
        """(total, of which trade, build option) of ``card`` without a chain."""
        got = self.cards.get(card)
        if got is None:
            total, trade = unchained_cost(st, seat, card, self.price)
            got = self.cards[card] = (total, trade,
                                      OPTIONS[("build", card, total, trade, False)])
        return got


def wonders_open(st: DuelState, seat: int) -> list[str]:
    """``seat``'s unbuilt wonders that may still be built (7-wonder limit)."""
    built = st.wonder_cards
    if len(built[0]) + len(built[1]) >= MAX_WONDERS_BUILT:
        return []
    mine = built[seat]
    return [w for w in st.wonders[seat] if w not in mine]


def offers(st: DuelState, seat: int) -> Offers:
    """``seat``'s table (made when missing)."""
    d = st.__dict__
    pair: tuple[Offers | None, Offers | None] | None = d.get(KEY)
    if pair is None:
        pair = (None, None)
    table = pair[seat]
    if table is None:
        table = Offers(st, seat)
        d[KEY] = (table, pair[1]) if seat == 0 else (pair[0], table)
    return table


def forget(st: DuelState, seat: int) -> None:
    """``seat``'s economy changed: its table is made anew when next needed."""
    d = st.__dict__
    pair = d.get(KEY)
    if pair is not None and pair[seat] is not None:
        d[KEY] = (None, pair[1]) if seat == 0 else (pair[0], None)


def _derived(st: DuelState, seat: int) -> Offers | None:
    """A copy of ``seat``'s table to change and put in its place (``None``: no table)."""
    d = st.__dict__
    pair: tuple[Offers | None, Offers | None] | None = d.get(KEY)
    if pair is None:
        return None
    table = pair[seat]
    if table is None:
        return None
    new = Offers.__new__(Offers)
    new.price, new.wonders, new.top, new.gain, new.cards = (
        table.price, table.wonders, table.top, table.gain, table.cards)
    d[KEY] = (new, pair[1]) if seat == 0 else (pair[0], new)
    return new


def built_wonder(st: DuelState, seat: int, wonder: str) -> None:
    """``seat`` built ``wonder``: it is no longer open (its effects and the 7-wonder limit
    forget what they change)."""
    table = _derived(st, seat)
    if table is not None:
        table.wonders = [(w, cost) for w, cost in table.wonders if w != wonder]
        table.top = max([cost for _, cost in table.wonders], default=0)


def regain(st: DuelState, seat: int) -> None:
    """``seat``'s discard value changed (a yellow card), nothing else."""
    table = _derived(st, seat)
    if table is not None:
        table.gain = discard_value(st, seat)


def forget_both(st: DuelState) -> None:
    """Something both tables depend on changed (a wonder built, a production lost)."""
    st.__dict__.pop(KEY, None)


def build_cost(st: DuelState, seat: int, card: str) -> tuple[int, int, bool]:
    """``trading.card_cost`` through ``seat``'s table: (total, of which trade, chained)."""
    chain = CARD[card].chain_from
    if chain is not None and chain in st.chains[seat]:
        return 0, 0, True
    total, trade, _ = offers(st, seat).unchained(st, seat, card)
    return total, trade, False


def turn_options(st: DuelState) -> list[Option]:
    """Every legal, affordable action of the active player (the hot path of playouts), in
    the order: per accessible slot, build, discard, then each open wonder."""
    seat = st.current
    coins = st.coins[seat]
    pair = st.__dict__.get(KEY)
    table = pair[seat] if pair is not None else None
    if table is None:
        table = offers(st, seat)
    known = table.cards
    gain = table.gain
    wonders = table.wonders
    if wonders and table.top > coins:
        wonders = [(w, cost) for w, cost in wonders if cost <= coins]
    chains = st.chains[seat]
    structure = st.structure
    slots = SLOT
    out: list[Option] = []
    for slot in st.accessible:
        card: str = structure[slot]  # type: ignore[assignment]
        chain, free, discards, by = slots[card]
        if chain is not None and chain in chains:
            out.append(free)
        else:
            paid = known.get(card)
            if paid is None:
                paid = table.unchained(st, seat, card)
            if paid[0] <= coins:
                out.append(paid[2])
        out.append(discards[gain])
        for w, cost in wonders:
            out.append(by[w][cost])
    return out
