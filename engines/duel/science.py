"""Science symbols: pairs earn a progress token, six different symbols win at once.

Symbols come from green cards and the Law token (scales). Each time a player's count of
one symbol reaches two they choose a progress token from the board (if any are left).
"""

from __future__ import annotations

from engines.core.contract import Event
from engines.duel.facts import SYMBOL_IDS, event
from engines.duel.state import DuelState

SUPREMACY_SYMBOLS = 6


def add_symbol(st: DuelState, seat: int, symbol: int, events: list[Event]) -> None:
    counts = st.science[seat]
    counts[symbol] += 1
    distinct = 0
    for c in counts:
        if c:
            distinct += 1
    if distinct >= SUPREMACY_SYMBOLS:
        from engines.duel.scoring import finish

        finish(st, "science", [seat], events)
        return
    if counts[symbol] == 2:
        name = SYMBOL_IDS[symbol]
        events.append(event("science_pair", seat, {"symbol": name}))
        if st.board_tokens:
            st.pending.insert(0, ("token", seat, name))
