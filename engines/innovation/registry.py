"""Where the age modules (``cards/``) register their effect functions: outside the ``cards``
package, so the dogma rules read it without importing the cards (which import them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engines.innovation.catalogue import CARDS

if TYPE_CHECKING:
    from engines.innovation.context import Ctx
    from engines.innovation.dogma import Run

EffectFn = Callable[["Ctx", int, "Run"], None]

EFFECTS: dict[str, list[tuple[bool, EffectFn]]] = {}
HAS_DEMAND: dict[str, bool] = {c.id: c.has_demand for c in CARDS.values()}


def effects(card: str, *fns: EffectFn, demand: bool = False) -> None:
    """Register ``card``'s effects in printed order; ``demand``: the first is a demand."""
    EFFECTS[card] = [(demand and i == 0, fn) for i, fn in enumerate(fns)]
