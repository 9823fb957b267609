"""What building a card or the next wonder stage would cost a seat now.

Order of the checks for a card (rulebook "建造卡牌上的建築" and "七大奇蹟中的建造"):

1. ``owned``: a card of that name is already in the city (never two identical buildings);
2. ``chain``: the city shows the card's chain symbol: free;
3. ``free``: no coins and no missing resources (empty cost, or own production covers it);
4. ``power``: an Olympia power makes it free (first card of a colour; first / last turn of
   an Age, the 6th turn — the last card a player builds in an Age);
5. ``coins``: payable with the seat's coins (bank coins + trading, ``trading.payments``);
6. ``cannot_afford`` otherwise.

Wonder stages: ``complete`` (every stage built), ``free``, ``coins`` or ``cannot_afford``.
Payments are (left coins, right coins) pairs; ``bank`` is the printed coin cost.
"""

from __future__ import annotations

from engines.seven_wonders.effects import next_stage
from engines.seven_wonders.facts import CARD, owns_same_name
from engines.seven_wonders.state import SevenWondersState
from engines.seven_wonders.trading import (
    FREE,
    FullMarket,
    Memo,
    Payment,
    cached_payments,
    memo,
)

FIRST_OF_COLOR = "first_card_of_each_color"
FIRST_OF_AGE = "first_card_of_each_age"
LAST_OF_AGE = "last_card_of_each_age"
LAST_TURN = 6

#: (status, bank coins, affordable payments cheapest first)
Cost = tuple[str, int, tuple[Payment, ...]]


def market(st: SevenWondersState, seat: int) -> FullMarket:
    n = st.players
    left, right = (seat + 1) % n, (seat - 1) % n  # state.left_of / right_of
    fixed, trade = st.fixed, st.trade_choices
    choices = st.choices[seat]
    union = 0
    for group in (choices, trade[left], trade[right]):
        for mask in group:
            union |= mask
    return (
        tuple(fixed[seat]), tuple(choices) if choices else (),
        tuple(fixed[left]), tuple(trade[left]) if trade[left] else (),
        tuple(fixed[right]), tuple(trade[right]) if trade[right] else (),
        st.disc_left[seat], st.disc_right[seat], union,
    )


def affordable(pays: tuple[Payment, ...], budget: int) -> tuple[Payment, ...]:
    """The payments of ``pays`` (cheapest first) that cost at most ``budget``."""
    if not pays or pays[0][0] + pays[0][1] > budget:
        return ()
    return tuple(p for p in pays if p[0] + p[1] <= budget)


def power_applies(st: SevenWondersState, seat: int, color: int) -> bool:
    rules = st.free_rules[seat]
    if not rules:
        return False
    if FIRST_OF_COLOR in rules and st.colors[seat][color] == 0:
        return True
    if st.phase == "play":
        if FIRST_OF_AGE in rules and st.turn == 1:
            return True
        if LAST_OF_AGE in rules and st.turn == LAST_TURN:
            return True
    return False


def card_cost(st: SevenWondersState, seat: int, card: str, mk: FullMarket | None = None,
              mem: Memo | None = None) -> Cost:
    f = CARD[card]
    if owns_same_name(st.buildings[seat], card):
        return ("owned", 0, ())
    if f.chain_in is not None and f.chain_in in st.chains[seat]:
        return ("chain", 0, FREE)
    if f.needs_any:
        mk = mk or market(st, seat)
        pays = cached_payments(f.need_key, f.need, mk, mem if mem is not None else memo(mk),
                               f.need_idx)
    else:
        pays = FREE
    if pays is FREE and f.coins == 0:
        return ("free", 0, FREE)
    if power_applies(st, seat, f.color):
        return ("power", 0, FREE)
    ok = affordable(pays, st.coins[seat] - f.coins)
    if not ok:
        return ("cannot_afford", f.coins, ())
    return ("coins", f.coins, ok)


def stage_cost(st: SevenWondersState, seat: int, mk: FullMarket | None = None,
               mem: Memo | None = None) -> Cost:
    f = next_stage(st, seat)
    if f is None:
        return ("complete", 0, ())
    mk = mk or market(st, seat)
    pays = cached_payments(f.need_key, f.need, mk, mem if mem is not None else memo(mk),
                           f.need_idx)
    if pays is FREE and f.coins == 0:
        return ("free", 0, FREE)
    ok = affordable(pays, st.coins[seat] - f.coins)
    if not ok:
        return ("cannot_afford", f.coins, ())
    return ("coins", f.coins, ok)
