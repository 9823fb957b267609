"""Revealed events: the seam for events and colonization (scope §17-§20; L1367-L1496).

``politics.prepare_event`` reveals the top current event and runs ``reveal`` as an
interruptible effect (``interrupts``: an event may ask other seats mid-turn).
``RESOLVERS[card](ctx)`` resolves the event for the current player ``ctx.gs.current`` and
returns ``kept``: ``True`` when the card found another place (a colonized territory goes
to its winner, L1482). The resolvers live in ``event_cards`` (the 55 events) and
``colonization`` (the 12 territories' auctions). A card without a resolver (none in the
base game) would go to the past events pile with no effect, and the ``event_revealed``
event says ``resolved: false``. Resolved non-territory events and
territories nobody bid on go to the past events pile and never return (L1367-L1374,
L1433, L1906).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engines.tta.interrupts import TtaCtx

#: ``RESOLVERS[card](ctx) -> kept``
RESOLVERS: dict[str, Callable[[TtaCtx], bool]] = {}


def reveal(ctx: TtaCtx, seat: int, card: str) -> None:
    """The revealed ``card`` is resolved for ``seat``, then leaves for its pile."""
    st = ctx.gs
    resolver = RESOLVERS.get(card)
    ctx.emit("event_revealed", seat, {"card": card, "resolved": resolver is not None})
    kept = resolver(ctx) if resolver is not None else False
    st.revealed = None
    if not kept:
        st.past_events.append(card)
    if resolver is not None:
        st.counts[card] = st.counts.get(card, 0) + 1
