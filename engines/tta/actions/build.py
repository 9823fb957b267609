"""Build a farm, mine, urban building (1 civil action) or unit (1 military action).

An unused worker moves onto a technology in play, paying its resource cost (L689-L717,
L719-L739, L755-L770); lower levels stay buildable (L717). Urban buildings: at most the
government's limit per type, whatever the levels (L741-L751, X9); farms, mines and units
have no limit (L753, L770). Option ``build:<card>``.
"""

from __future__ import annotations

from engines.core.contract import Event, Option
from engines.core.fast import event, fast_option
from engines.tta import tokens
from engines.tta.actions.costs import build_cost, military_funds, pay_military
from engines.tta.facts import KIND, SUBTYPE
from engines.tta.ratings import civil_left, military_left, urban_limit
from engines.tta.state import Civ, TtaState

BUILDABLE = frozenset({"farm", "mine", "urban", "unit"})


def urban_count(civ: Civ, subtype: str) -> int:
    """Buildings of one urban type, every level together (L741-L751)."""
    return sum(n for t, n in civ.workers.items()
               if KIND[t] == "urban" and SUBTYPE[t] == subtype)


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


def options(st: TtaState, seat: int) -> list[Option]:
    civ = st.civs[seat]
    if civ.pool < 1:
        return []
    out = []
    for t in civ.workers:
        if can_build(civ, t):
            unit = KIND[t] == "unit"
            params = {"card": t, "res": build_cost(civ, t), "ma" if unit else "ca": 1}
            out.append(fast_option(f"build:{t}", "build", params, t, None, "build"))
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
