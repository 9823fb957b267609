"""The 105 cards' dogma effects, grouped by age (``age1.py`` ... ``age10.py``).

``EFFECTS[card]`` lists ``(is_demand, fn)`` in printed order; ``fn(g, seat, run)`` is
executed by one player: for a demand ``seat`` is the affected opponent and
``run.seat`` the activator ("I demand you ... to my ..."); for a cooperative effect
``seat`` is the player executing it. Each module registers its cards with ``effect``.
"""

from __future__ import annotations

from engines.innovation.cards import (  # noqa: F401  (registration on import)
    age1,
    age2,
    age3,
    age4,
    age5,
    age6,
    age7,
    age8,
    age9,
    age10,
)
from engines.innovation.catalogue import CARDS
from engines.innovation.registry import EFFECTS, HAS_DEMAND

_missing = [c for c in CARDS if c not in EFFECTS]
if _missing:  # pragma: no cover - a missing card is a start-up error
    raise RuntimeError(f"cards without effects: {_missing}")
for _cid, _card in CARDS.items():
    _kinds = [is_demand for is_demand, _ in EFFECTS[_cid]]
    if _kinds != [d.kind == "demand" for d in _card.dogmas]:  # pragma: no cover
        raise RuntimeError(f"{_cid}: effects do not match the printed dogmas")

__all__ = ["EFFECTS", "HAS_DEMAND"]
