"""The wonder draft: 4 wonders revealed, picked A-B-B-A; 4 more, picked B-A-A-B.

``A`` is the first player. The 4 wonders never revealed stay hidden and unused. With the
``first_game`` option the draft is skipped (``setup.py`` gives the rulebook's split).
"""

from __future__ import annotations

from engines.core.contract import Event
from engines.duel.catalogue import DRAFT_PICK_ORDER
from engines.duel.facts import event
from engines.duel.offers import forget
from engines.duel.setup import start_play
from engines.duel.state import DuelState

OFFER_SIZE = 4


def picker(st: DuelState) -> int:
    """Seat picking the next wonder."""
    return st.first_player if DRAFT_PICK_ORDER[st.draft_pick] == "A" else 1 - st.first_player


def pick(st: DuelState, seat: int, wonder: str, events: list[Event]) -> None:
    st.wonder_offer.remove(wonder)
    st.wonders[seat].append(wonder)
    forget(st, seat)
    st.draft_pick += 1
    events.append(event("wonder_drafted", seat, {"wonder": wonder}))
    if st.draft_pick == OFFER_SIZE:
        st.wonder_offer = st.wonder_deck[:OFFER_SIZE]
        st.wonder_deck = st.wonder_deck[OFFER_SIZE:]
        events.append(event("wonders_revealed", None, {"wonders": list(st.wonder_offer)}))
    elif st.draft_pick == len(DRAFT_PICK_ORDER):
        start_play(st, events)
