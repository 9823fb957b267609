"""Build a farm, mine, urban building (1 civil action) or unit (1 military action).

An unused worker moves onto a technology in play, paying its resource cost (L689-L717,
L719-L739, L755-L770); lower levels stay buildable (L717). Urban buildings: at most the
government's limit per type, whatever the levels (L741-L751, X9); farms, mines and units
have no limit (L753, L770). Option ``build:<card>``.
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Event, Option
from engines.core.fast import OptionCache, event, fast_option
from engines.tta import tokens
from engines.tta.actions.costs import build_cost, build_costs, military_funds, pay_military
from engines.tta.facts import KIND, SUBTYPE
from engines.tta.ratings import civil_left, military_left, urban_limit
from engines.tta.state import Civ, TtaState

BUILDABLE = frozenset({"farm", "mine", "urban", "unit"})


def urban_count(civ: Civ, subtype: str) -> int:
    """Buildings of one urban type, every level together (L741-L751)."""
    total = 0
    for t, n in civ.workers.items():
        if KIND[t] == "urban" and SUBTYPE[t] == subtype:
            total += n
    return total


def can_build(civ: Civ, card: str) -> bool:
    kind = KIND[card]
    if civ.pool < 1:
        return False
    cost = build_cost(civ, card)
    if kind == "unit":
        return military_left(civ) >= 1 and military_funds(civ) >= cost
    if civil_left(civ) < 1 or tokens.resources(civ) < cost:
        return False
    return kind != "urban" or urban_count(civ, SUBTYPE[card]) < urban_limit(civ)


def _option(key: tuple[Any, ...]) -> Option:
    card, cost, unit = key
    params = {"card": card, "res": cost, "ma" if unit else "ca": 1}
    return fast_option(f"build:{card}", "build", params, card, None, "build")


#: ``build:<card>`` options by ``(card, cost, unit)``: built once, then shared
_OPTIONS = OptionCache(_option)


def options(st: TtaState, seat: int) -> list[Option]:
    """The cards ``can_build`` allows, with what it reads of the civilization found once
    (the action prompt asks after every answer: issue 19)."""
    civ = st.civs[seat]
    if civ.pool < 1:
        return []
    ca = civil_left(civ) >= 1
    ma = military_left(civ) >= 1
    if not (ca or ma):
        return []
    res = tokens.resources(civ) if ca else 0
    funds = military_funds(civ) if ma else 0
    costs = build_costs(civ)
    counts: dict[str, int] | None = None
    limit = 0
    cache = _OPTIONS
    out = []
    for t, cost in costs.items():
        kind = KIND[t]
        if kind == "unit":
            if not ma or funds < cost:
                continue
        elif not ca or res < cost:
            continue
        elif kind == "urban":
            if counts is None:
                counts, limit = urban_counts(civ), urban_limit(civ)
            if counts.get(SUBTYPE[t], 0) >= limit:
                continue
        out.append(cache[t, cost, kind == "unit"])
    return out


def urban_counts(civ: Civ) -> dict[str, int]:
    """``urban_count`` of every urban type with a building, in one pass."""
    out: dict[str, int] = {}
    for t, n in civ.workers.items():
        if KIND[t] == "urban":
            sub = SUBTYPE[t]
            out[sub] = out.get(sub, 0) + n
    return out


def do(st: TtaState, seat: int, card: str) -> list[Event]:
    civ = st.civs[seat]
    cost = build_cost(civ, card)
    if KIND[card] == "unit":
        civ.ma_spent += 1
        pay_military(civ, cost)
    else:
        civ.ca_spent += 1
        tokens.pay(civ, "mine", cost)
    civ.pool -= 1
    civ.workers[card] += 1
    return [event("built", seat, {"card": card, "res": cost})]
