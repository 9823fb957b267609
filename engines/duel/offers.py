"""What a turn offers: every affordable action, priced once per economy.

Listing a turn prices each accessible card and each open wonder for the active seat. The
prices depend on few things, which change far less often than the structure does, so
they are kept at two levels:

- :class:`Economy` (shared by every state and game): the prices under one economy, i.e.
  one value of :func:`economy_key` (every input of ``trading.prices``,
  ``unchained_cost`` and ``wonder_cost`` but the card or wonder). Keyed by value, it is
  never stale; the memo is emptied when it holds ``ECONOMIES_KEPT`` economies (memory).
- :class:`Offers` (per state and seat): its economy, its open wonders with their costs and
  its discard value. It depends on the seat's production, flexible producers, fixed prices,
  yellow cards, progress tokens and owned wonders, on the opponent's brown/grey production
  (prices) and on the wonders built by both (7-wonder limit). Every mutation of those calls
  :func:`forget` / :func:`forget_both`: ``effects.record_building`` (brown/grey: both
  seats; yellow: the builder), ``remove_building``, ``wonder_effects``,
  ``apply_wonder_limit``, ``token_effects``, ``turn.build_wonder`` and ``draft.pick``.

Coins (what is affordable) and chains (what is free) are read live. ``test_offers_cache``
compares the cached figures with a cache-free recomputation after every answer of many
random games.

The tables live in the state's ``__dict__`` under :data:`KEY`, not in a field: never
saved, ignored by ``==``, shared by reference by ``fast_copy``. ``forget`` replaces the
pair, never changes a table in place, so copies may share them.
"""

from __future__ import annotations

from engines.core.contract import Option
from engines.duel.catalogue import MAX_WONDERS_BUILT
from engines.duel.facts import ARCHITECTURE, CARD, MASONRY
from engines.duel.options import DISCARD, FREE, OPTIONS, WONDER_BY
from engines.duel.state import DuelState
from engines.duel.trading import discard_value, prices, unchained_cost, wonder_cost

#: the state ``__dict__`` key of the two seats' tables (a pair, ``None`` until needed)
KEY = "_offers"
#: economies kept before the memo is emptied (a few kB each)
ECONOMIES_KEPT = 20_000


class Economy:
    """What one economy pays: its bank prices, per card (total, of which trade, its build
    option) without a chain, per wonder its cost."""

    __slots__ = ("price", "cards", "wonders")

    def __init__(self, price: list[int]) -> None:
        self.price = price
        self.cards: dict[str, tuple[int, int, Option]] = {}
        self.wonders: dict[str, int] = {}


#: economies met so far, by ``economy_key``
ECONOMIES: dict[tuple[int | bool, ...], Economy] = {}


def economy_key(st: DuelState, seat: int) -> tuple[int | bool, ...]:
    """Every input of ``trading.unchained_cost`` and ``wonder_cost`` for ``seat`` but the
    card or wonder: the opponent's production and its own fixed prices (its bank prices),
    its production, flexible producers, Masonry and Architecture."""
    tokens = st.tokens[seat]
    return (*st.production[1 - seat], st.fixed_mask[seat], *st.production[seat],
            *st.flexible[seat], MASONRY in tokens, ARCHITECTURE in tokens)


class Offers:
    """One seat's economy, open wonders and discard value in one state."""

    __slots__ = ("economy", "wonders", "gain")

    def __init__(self, st: DuelState, seat: int) -> None:
        key = economy_key(st, seat)
        economy = ECONOMIES.get(key)
        if economy is None:
            if len(ECONOMIES) >= ECONOMIES_KEPT:
                ECONOMIES.clear()
            economy = ECONOMIES[key] = Economy(prices(st, seat))
        self.economy = economy
        costs = economy.wonders
        #: (wonder, cost) of each open wonder
        self.wonders: list[tuple[str, int]] = []
        for w in wonders_open(st, seat):
            cost = costs.get(w)
            if cost is None:
                cost = costs[w] = wonder_cost(st, seat, w, economy.price)
            self.wonders.append((w, cost))
        self.gain = discard_value(st, seat)

    def unchained(self, st: DuelState, seat: int, card: str) -> tuple[int, int, Option]:
        """(total, of which trade, build option) of ``card`` without a chain."""
        economy = self.economy
        got = economy.cards.get(card)
        if got is None:
            total, trade = unchained_cost(st, seat, card, economy.price)
            got = economy.cards[card] = (total, trade,
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
    known = table.economy.cards
    discards = DISCARD
    gain = table.gain
    wonders = [(w, cost) for w, cost in table.wonders if cost <= coins]
    chains = st.chains[seat]
    structure = st.structure
    out: list[Option] = []
    for slot in st.accessible:
        card: str = structure[slot]  # type: ignore[assignment]
        chain = CARD[card].chain_from
        if chain is not None and chain in chains:
            out.append(FREE[card])
        else:
            paid = known.get(card)
            if paid is None:
                paid = table.unchained(st, seat, card)
            if paid[0] <= coins:
                out.append(paid[2])
        out.append(discards[card][gain])
        if wonders:
            by = WONDER_BY[card]
            for w, cost in wonders:
                out.append(by[w][cost])
    return out
