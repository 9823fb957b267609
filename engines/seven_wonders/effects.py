"""Card and wonder-stage effects: what building them changes in a city.

``add_building`` / ``add_stage`` record a card or stage and keep the derived facts
(production, one-of producers, colours, shields, science, chains, trading discounts,
powers) up to date; ``immediate_coins`` is the one-off income of a card or stage
(Tavern, Vineyard, Bazar, Haven, Lighthouse, Chamber of Commerce, Arena, Ludus,
Ephesos and Rhodos stages), counted when it is built.
"""

from __future__ import annotations

from engines.seven_wonders.facts import (
    CARD,
    LEFT,
    RIGHT,
    STAGE,
    STAGES,
    Counted,
    Powers,
    StageFacts,
)
from engines.seven_wonders.state import SevenWondersState, left_of, right_of


def _add_powers(st: SevenWondersState, seat: int, f: Powers) -> None:
    if f.produce_items:
        fixed = st.fixed[seat]
        for i, n in f.produce_items:
            fixed[i] += n
    for mask, tradable in f.choices:
        st.choices[seat].append(mask)
        if tradable:
            st.trade_choices[seat].append(mask)
    if f.shields:
        st.shields[seat] += f.shields
    if f.symbol >= 0:
        st.science[seat][f.symbol] += 1
    if not f.special:
        return
    st.wildcards[seat] += f.wildcard
    st.disc_left[seat] |= f.disc_left
    st.disc_right[seat] |= f.disc_right
    if f.free_rule:
        st.free_rules[seat].append(f.free_rule)
    if f.last_card:
        st.last_card[seat] = True


def add_building(st: SevenWondersState, seat: int, card: str) -> None:
    """Put ``card`` in ``seat``'s city (no one-off income: see ``immediate_coins``)."""
    f = CARD[card]
    st.buildings[seat].append(card)
    st.colors[seat][f.color] += 1
    for sym in f.chain_out:
        st.chains[seat].append(sym)
    _add_powers(st, seat, f)


def next_stage(st: SevenWondersState, seat: int) -> StageFacts | None:
    stages = STAGE[(st.board[seat], st.side[seat])]
    built = len(st.stage_cards[seat])
    return stages[built] if built < len(stages) else None


def add_stage(st: SevenWondersState, seat: int, card: str) -> StageFacts:
    """Build ``seat``'s next wonder stage with ``card`` tucked face down under it."""
    f = next_stage(st, seat)
    assert f is not None
    st.stage_cards[seat].append(card)
    st.stage_ages[seat].append(st.age)
    _add_powers(st, seat, f)
    return f


def stages_total(st: SevenWondersState, seat: int) -> int:
    return len(STAGE[(st.board[seat], st.side[seat])])


def count(st: SevenWondersState, seat: int, rule: Counted) -> int:
    """``amount`` x the counted cards/stages in the cities named by ``rule``."""
    amount, what, who = rule
    total = 0
    for w in who:
        s = left_of(st, seat) if w == LEFT else right_of(st, seat) if w == RIGHT else seat
        if what == STAGES:
            total += len(st.stage_cards[s])
        else:
            colors = st.colors[s]
            for c in range(7):
                if (what >> c) & 1:
                    total += colors[c]
    return amount * total


def immediate_coins(st: SevenWondersState, seat: int, f: Powers) -> int:
    """The one-off coins of a card or stage just built (counted in the current cities)."""
    gain = f.coins_gain
    for rule in f.coins_per:
        gain += count(st, seat, rule)
    return gain


def rebuild_derived(st: SevenWondersState) -> None:
    """Recompute every derived fact from boards, sides, buildings and built stages.

    Used by tests (derived facts must always equal a recomputation) and to build positions.
    """
    from engines.seven_wonders.facts import STARTING

    n = st.players
    st.fixed = [[0] * 7 for _ in range(n)]
    st.choices = [[] for _ in range(n)]
    st.trade_choices = [[] for _ in range(n)]
    st.colors = [[0] * 7 for _ in range(n)]
    st.shields = [0] * n
    st.science = [[0] * 3 for _ in range(n)]
    st.wildcards = [0] * n
    st.chains = [[] for _ in range(n)]
    st.disc_left = [0] * n
    st.disc_right = [0] * n
    st.free_rules = [[] for _ in range(n)]
    st.last_card = [False] * n
    for seat in range(n):
        if st.board[seat]:
            st.fixed[seat][STARTING[st.board[seat]]] += 1
        for card in st.buildings[seat]:
            cf = CARD[card]
            st.colors[seat][cf.color] += 1
            st.chains[seat].extend(cf.chain_out)
            _add_powers(st, seat, cf)
        if st.board[seat] and st.side[seat]:
            for f in STAGE[(st.board[seat], st.side[seat])][:len(st.stage_cards[seat])]:
                _add_powers(st, seat, f)
    st.step += 1
