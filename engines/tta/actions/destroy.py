"""Destroy a farm, mine or urban building (1 civil action, L1167-L1176) or disband a unit
(1 military action, L1178-L1185): the worker goes back to the pool, nothing is refunded.
Options ``destroy:<card>`` / ``disband:<card>``."""

from __future__ import annotations

from typing import Any

from engines.core.contract import Event, Option
from engines.core.fast import OptionCache, event, fast_option
from engines.tta.facts import KIND
from engines.tta.ratings import civil_left, military_left
from engines.tta.state import TtaState


def _option(key: tuple[Any, ...]) -> Option:
    card, unit = key
    if unit:
        return fast_option(f"disband:{card}", "disband", {"card": card, "ma": 1}, card, None,
                           "other")
    return fast_option(f"destroy:{card}", "destroy", {"card": card, "ca": 1}, card, None,
                       "other")


#: ``destroy:<card>`` / ``disband:<card>`` options by ``(card, unit)``: built once, shared
_OPTIONS = OptionCache(_option)


def options(st: TtaState, seat: int) -> list[Option]:
    civ = st.civs[seat]
    ca = civil_left(civ) >= 1
    ma = military_left(civ) >= 1
    if not (ca or ma):
        return []
    cache = _OPTIONS
    out = []
    for t, n in civ.workers.items():
        if not n:
            continue
        if KIND[t] == "unit":
            if ma:
                out.append(cache[t, True])
        elif ca:
            out.append(cache[t, False])
    return out


def do(st: TtaState, seat: int, card: str) -> list[Event]:
    civ = st.civs[seat]
    unit = KIND[card] == "unit"
    if unit:
        civ.ma_spent += 1
    else:
        civ.ca_spent += 1
    civ.workers[card] -= 1
    civ.pool += 1
    return [event("disbanded" if unit else "destroyed", seat, {"card": card})]
