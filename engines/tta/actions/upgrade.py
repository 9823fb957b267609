"""Upgrade a farm, mine, urban building (1 civil action) or unit (1 military action).

Choose a worker and a higher-level card of the same type; pay the difference of the build
costs (discounted ones for urban buildings, L1145-L1151); levels may be skipped (L1078).
Farms/mines L1058-L1080, urban L1120-L1143 (allowed at the urban limit: the count does not
change, X19), units of the same type only L1153-L1165 (X21). Option ``upgrade:<from>:<to>``.
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Event, Option
from engines.core.fast import OptionCache, event, fast_option
from engines.tta import tokens
from engines.tta.actions.costs import (
    build_costs,
    military_funds,
    pay_military,
    same_line,
    upgrade_cost,
)
from engines.tta.facts import AGE, KIND
from engines.tta.ratings import civil_left, military_left
from engines.tta.state import TtaState


def _option(key: tuple[Any, ...]) -> Option:
    src, dst, cost, unit = key
    params = {"card": src, "to": dst, "res": cost, "ma" if unit else "ca": 1}
    return fast_option(f"upgrade:{src}:{dst}", "upgrade", params, dst, None, "upgrade")


#: ``upgrade:<from>:<to>`` options by ``(from, to, cost, unit)``: built once, then shared
_OPTIONS = OptionCache(_option)


def options(st: TtaState, seat: int) -> list[Option]:
    civ = st.civs[seat]
    ca = civil_left(civ) >= 1
    ma = military_left(civ) >= 1
    if not (ca or ma):
        return []
    res = tokens.resources(civ)
    mil = military_funds(civ) if ma else 0
    costs: dict[str, int] | None = None  # ``build_cost`` of each card (``upgrade_cost``)
    cache = _OPTIONS
    out = []
    workers = civ.workers
    for src, n in workers.items():
        if not n:
            continue
        unit = KIND[src] == "unit"
        if not (ma if unit else ca):
            continue
        age = AGE[src]
        for dst in workers:
            if AGE[dst] > age and same_line(src, dst):
                if costs is None:
                    costs = build_costs(civ)
                cost = max(0, costs[dst] - costs[src])
                if cost <= (mil if unit else res):
                    out.append(cache[src, dst, cost, unit])
    return out


def do(st: TtaState, seat: int, arg: str) -> list[Event]:
    src, _, dst = arg.partition(":")
    civ = st.civs[seat]
    cost = upgrade_cost(civ, src, dst)
    if KIND[src] == "unit":
        civ.ma_spent += 1
        pay_military(civ, cost)
    else:
        civ.ca_spent += 1
        tokens.pay(civ, "mine", cost)
    civ.workers[src] -= 1
    civ.workers[dst] += 1
    return [event("upgraded", seat, {"card": src, "to": dst, "res": cost})]
