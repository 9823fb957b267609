"""The conflict pawn, military tokens (looting) and military supremacy.

Seat 0's shields move the pawn toward +9 (seat 1's capital), seat 1's toward -9. When
the pawn enters a zone still holding a token, the player on that side loses 2 or 5 coins
(all they have if fewer) and the token leaves the game; one move may trigger two. The
pawn reaching a capital wins at once (military supremacy).
"""

from __future__ import annotations

from engines.core.contract import Event
from engines.duel.facts import MILITARY_TOKEN_FACTS, SUPREMACY, VP_BY_DISTANCE, event
from engines.duel.state import DuelState


def move_pawn(st: DuelState, seat: int, shields: int, events: list[Event]) -> None:
    pos = st.military + (shields if seat == 0 else -shields)
    if pos > SUPREMACY:
        pos = SUPREMACY
    elif pos < -SUPREMACY:
        pos = -SUPREMACY
    st.military = pos
    events.append(event("pawn_moved", seat, {"shields": shields, "position": pos}))
    if st.military_tokens:
        for token, victim, coins, threshold in MILITARY_TOKEN_FACTS:
            if token not in st.military_tokens:
                continue
            if (pos >= threshold) if victim == 1 else (pos <= -threshold):
                st.military_tokens.remove(token)
                lost = min(coins, st.coins[victim])
                st.coins[victim] -= lost
                events.append(
                    event("military_token_looted", victim, {"token": token, "coins": lost})
                )
    if pos >= SUPREMACY or pos <= -SUPREMACY:
        from engines.duel.scoring import finish

        finish(st, "military", [seat], events)


def military_vp(position: int, seat: int) -> int:
    """VP ``seat`` scores for the pawn's position (only the leading player scores)."""
    lead = position if seat == 0 else -position
    if lead <= 0:
        return 0
    return VP_BY_DISTANCE[min(lead, len(VP_BY_DISTANCE) - 1)]


def weaker_seat(position: int) -> int | None:
    """The seat on whose side the pawn stands (None at 0)."""
    if position > 0:
        return 1
    if position < 0:
        return 0
    return None
