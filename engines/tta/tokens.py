"""Blue tokens on a civilization's farms and mines: paying, gaining, totals (scope §8).

The arithmetic (which tokens to return, change-making, where gains go) is the economy's
(``engines/tta/economy.py``, pure functions on tuples); this module only maps a ``Civ`` to
those tuples and writes the result back, keeping the blue bank in step (L1090-L1116,
L1220-L1228). Payments are never asked: the economy picks the canonical plan (platform
§4.4). Farms hold food, mines resources (L80, L663-L667).
"""

from __future__ import annotations

from engines.tta import economy
from engines.tta.facts import KIND, VALUE
from engines.tta.state import Civ


def cards(civ: Civ, kind: str) -> list[str]:
    """The ``farm`` or ``mine`` technologies in play, lowest value first."""
    return sorted([t for t in civ.blue if KIND[t] == kind], key=VALUE.__getitem__)


def stored(civ: Civ, kind: str) -> int:
    """Food (``farm``) or resources (``mine``) stored: tokens × card values (L80)."""
    total = 0
    for t, n in civ.blue.items():
        if n and KIND[t] == kind:
            total += VALUE[t] * n
    return total


def food(civ: Civ) -> int:
    return stored(civ, "farm")


def resources(civ: Civ) -> int:
    return stored(civ, "mine")


def pay(civ: Civ, kind: str, amount: int) -> bool:
    """Pay ``amount`` food / resources with the canonical plan; ``False`` (nothing changed)
    when the stock is short (L669, L707: an action is taken only if fully paid)."""
    if amount <= 0:
        return True
    ids = cards(civ, kind)
    values = tuple(VALUE[t] for t in ids)
    plan = economy.pay(values, tuple(civ.blue[t] for t in ids), amount, civ.blue_bank)
    if plan is None:
        return False
    new, returned = plan
    for t, n in zip(ids, new, strict=True):
        civ.blue[t] = n
    civ.blue_bank += returned
    return True


def lose(civ: Civ, kind: str, amount: int) -> int:
    """Lose up to ``amount`` (corruption, events): everything when short. Returns what
    was lost."""
    have = stored(civ, kind)
    if have <= amount:
        for t in cards(civ, kind):
            civ.blue_bank += civ.blue[t]
            civ.blue[t] = 0
        return have
    pay(civ, kind, amount)
    return amount


def gain(civ: Civ, kind: str, amount: int) -> int:
    """Gain ``amount`` food / resources from the blue bank, highest values first, only what
    fits when the bank is short (L1220-L1228, ruling B5). Returns what was gained."""
    if amount <= 0 or civ.blue_bank <= 0:
        return 0
    ids = cards(civ, kind)
    values = tuple(VALUE[t] for t in ids)
    before = tuple(civ.blue[t] for t in ids)
    new, placed = economy.gain(values, before, amount, civ.blue_bank)
    got = 0
    for t, v, old, n in zip(ids, values, before, new, strict=True):
        civ.blue[t] = n
        got += v * (n - old)
    civ.blue_bank -= placed
    return got
