"""Increase population (L648-L683): 1 civil action and the food printed under the
rightmost yellow-bank token's section (the economy's ``population_cost``); the token
becomes an unused worker (L92). Impossible with too little food (L669) or an empty bank
(L681). ``FOOD_MODIFIERS[card in play](civ, cost)`` adjusts the food (Moses …)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.contract import Event, Option
from engines.core.fast import OptionCache, event, fast_option
from engines.tta import economy, tokens
from engines.tta.ratings import civil_left, static_tuple
from engines.tta.state import Civ, TtaState

FOOD_MODIFIERS: dict[str, Callable[[Civ, int], int]] = {}


def food_cost(civ: Civ) -> int | None:
    """Food to increase population now; None when the yellow bank is empty (L681)."""
    cost = economy.population_cost(civ.yellow_bank)
    if cost is None:
        return None
    if FOOD_MODIFIERS:
        for c in static_tuple(civ):
            mod = FOOD_MODIFIERS.get(c)
            if mod is not None:
                cost = mod(civ, cost)
    return max(0, cost)


def options(st: TtaState, seat: int) -> list[Option]:
    civ = st.civs[seat]
    cost = food_cost(civ)
    if cost is None or civil_left(civ) < 1 or tokens.food(civ) < cost:
        return []
    return [_OPTIONS[(cost,)]]


def _option(key: tuple[Any, ...]) -> Option:
    return fast_option("pop", "increase_population", {"ca": 1, "food": key[0]}, None, None,
                       "turn")


#: the ``pop`` option by its food cost: built once, then shared
_OPTIONS = OptionCache(_option)


def increase(civ: Civ) -> int:
    """Move the rightmost yellow-bank token to the worker pool, paying its food; returns
    the food paid (the caller checked it is possible)."""
    cost = food_cost(civ)
    assert cost is not None
    tokens.pay(civ, "farm", cost)
    civ.yellow_bank -= 1
    civ.pool += 1
    return cost


def do(st: TtaState, seat: int, arg: str) -> list[Event]:
    civ = st.civs[seat]
    civ.ca_spent += 1
    food = increase(civ)
    return [event("population", seat, {"food": food, "ca": 1})]
