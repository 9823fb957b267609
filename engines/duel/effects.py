"""What cards, wonders and progress tokens do when they enter a city.

* Brown/grey production, flexible producers, fixed trade prices, chains and science
  symbols are recorded in the city's derived facts (``state.py``).
* Immediate effects: coins (Tavern, Brewery, Agriculture, Urbanism...), coins per card /
  wonder in the own city (Chamber of Commerce, Port, Armory, Lighthouse, Arena) or in the
  city with the most (guilds), shields (Strategy adds 1 on red cards only), science.
* Wonders: coins, the opponent losing coins (Appian Way), shields, destroying an opponent
  brown/grey card (Statue of Zeus / Circus Maximus; skipped if none), building a discarded
  card for free (Mausoleum; skipped if the pile is empty), drawing 3 set-aside progress
  tokens and keeping 1 (Great Library), playing again (also every wonder with Theology).
* The 7-wonder limit: once 7 wonders are built, the last unbuilt one leaves the game.
"""

from __future__ import annotations

from engines.core.contract import Event
from engines.core.rng import Rng
from engines.duel.catalogue import MAX_WONDERS_BUILT
from engines.duel.facts import (
    CARD,
    COLOR_IDS,
    COUNT_COIN_SETS,
    COUNT_COLORS,
    COUNT_TOKENS,
    COUNT_WONDERS,
    RED,
    STRATEGY,
    STRATEGY_BONUS,
    THEOLOGY,
    TOKEN_COINS,
    TOKEN_SYMBOL,
    URBANISM,
    URBANISM_BONUS,
    WONDER,
    YELLOW,
    Counted,
    event,
)
from engines.duel.military import move_pawn
from engines.duel.offers import forget, forget_both, regain
from engines.duel.science import add_symbol
from engines.duel.state import DuelState


def count(st: DuelState, seat: int, rule: Counted) -> int:
    """What ``rule`` counts in ``seat``'s city (before the ``max`` over cities)."""
    if rule.what == COUNT_COLORS:
        colors = st.colors[seat]
        return sum(colors[c] for c in rule.colors)
    if rule.what == COUNT_WONDERS:
        return len(st.wonder_cards[seat])
    if rule.what == COUNT_COIN_SETS:
        return st.coins[seat] // 3
    if rule.what == COUNT_TOKENS:
        return len(st.tokens[seat])
    raise ValueError(rule.what)  # pragma: no cover


def counted_value(st: DuelState, seat: int, rule: Counted) -> int:
    n = count(st, seat, rule)
    if rule.max_city:
        n = max(n, count(st, 1 - seat, rule))
    return rule.amount * n


def gain(st: DuelState, seat: int, amount: int, source: str, events: list[Event]) -> None:
    if amount:
        st.coins[seat] += amount
        events.append(event("coins_gained", seat, {"amount": amount, "source": source}))


def lose(st: DuelState, seat: int, amount: int, source: str, events: list[Event]) -> None:
    lost = min(amount, st.coins[seat])
    st.coins[seat] -= lost
    events.append(event("coins_lost", seat, {"amount": lost, "source": source}))


def record_building(st: DuelState, seat: int, card: str) -> None:
    """Put ``card`` in ``seat``'s city and update the derived facts (no immediate effects)."""
    f = CARD[card]
    st.buildings[seat].append(card)
    st.colors[seat][f.color] += 1
    if f.color <= 1:  # brown / grey: production, and the opponent's prices
        forget_both(st)
        prod = st.production[seat]
        for r in range(5):
            prod[r] += f.produce[r]
    if f.flex_raw or f.flex_man:
        flexible = st.flexible[seat]
        flexible[0] += f.flex_raw
        flexible[1] += f.flex_man
    if f.fixed_mask:
        st.fixed_mask[seat] |= f.fixed_mask
    if f.flex_raw or f.flex_man or f.fixed_mask:
        forget(st, seat)  # its flexible producers, fixed prices (and discard value)
    elif f.color == YELLOW:
        regain(st, seat)  # its discard value
    if f.chain_to is not None:
        st.chains[seat].append(f.chain_to)


def remove_building(st: DuelState, seat: int, card: str) -> None:
    """Take a brown/grey ``card`` out of ``seat``'s city (Statue of Zeus, Circus Maximus)."""
    f = CARD[card]
    st.buildings[seat].remove(card)
    st.colors[seat][f.color] -= 1
    forget_both(st)  # its production, the opponent's prices
    prod = st.production[seat]
    for r in range(5):
        prod[r] -= f.produce[r]


def build_effects(st: DuelState, seat: int, card: str, chained: bool, events: list[Event]) -> None:
    """Immediate effects of a building entering ``seat``'s city."""
    f = CARD[card]
    if f.coins_gain:
        gain(st, seat, f.coins_gain, card, events)
    if f.coins_per is not None:
        gain(st, seat, counted_value(st, seat, f.coins_per), card, events)
    if chained and URBANISM in st.tokens[seat]:
        gain(st, seat, URBANISM_BONUS, URBANISM, events)
    if f.shields:
        shields = f.shields
        if f.color == RED and STRATEGY in st.tokens[seat]:
            shields += STRATEGY_BONUS
        move_pawn(st, seat, shields, events)
        if st.victory is not None:
            return
    if f.symbol >= 0:
        add_symbol(st, seat, f.symbol, events)


def wonder_effects(st: DuelState, seat: int, wonder: str, events: list[Event]) -> None:
    """Immediate effects of ``wonder`` just built by ``seat``."""
    w = WONDER[wonder]
    opp = 1 - seat
    if w.coins_gain:
        gain(st, seat, w.coins_gain, wonder, events)
    if w.opp_loses:
        lose(st, opp, w.opp_loses, wonder, events)
    if w.flex_raw or w.flex_man:
        st.flexible[seat][0] += w.flex_raw
        st.flexible[seat][1] += w.flex_man
        forget(st, seat)
    if w.extra_turn or THEOLOGY in st.tokens[seat]:
        st.extra_turn = True
    if w.shields:
        move_pawn(st, seat, w.shields, events)
        if st.victory is not None:
            return
    if w.destroy >= 0 and st.colors[opp][w.destroy]:
        st.pending.insert(0, ("destroy", seat, COLOR_IDS[w.destroy]))
    if w.revive and st.discard:
        st.pending.insert(0, ("revive", seat, ""))
    if w.library and st.box_tokens:
        rng = Rng(st.rng)
        drawn = rng.sample(st.box_tokens, min(w.library, len(st.box_tokens)))
        st.rng = rng.state
        st.library_offer = drawn
        st.pending.insert(0, ("great_library", seat, ""))
        events.append(event("library_drawn", seat, {"tokens": list(drawn)}, [seat]))


def apply_wonder_limit(st: DuelState, events: list[Event]) -> None:
    """Once 7 wonders are built, the last unbuilt wonder goes back to the box."""
    if len(st.wonder_cards[0]) + len(st.wonder_cards[1]) < MAX_WONDERS_BUILT:
        return
    forget_both(st)  # no wonder may be built any more
    for s in (0, 1):
        for w_id in list(st.wonders[s]):
            if w_id not in st.wonder_cards[s]:
                st.wonders[s].remove(w_id)
                forget(st, s)
                st.returned_wonders.append(w_id)
                events.append(event("wonder_removed", s, {"wonder": w_id}))


def token_effects(st: DuelState, seat: int, token: str, events: list[Event]) -> None:
    """A progress token joins ``seat``'s city."""
    st.tokens[seat].append(token)
    forget(st, seat)  # Masonry, Architecture
    coins = TOKEN_COINS.get(token, 0)
    if coins:
        gain(st, seat, coins, token, events)
    symbol = TOKEN_SYMBOL.get(token)
    if symbol is not None:
        add_symbol(st, seat, symbol, events)
