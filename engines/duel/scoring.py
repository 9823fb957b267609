"""Victory: military and science supremacy end the game at once; otherwise civilian
scoring after Age III.

Civilian victory points: military (0/2/5/10 for the leader), blue, green, yellow and
purple buildings, wonders, progress tokens, and 1 per 3 coins. Ties go to the most blue
VP; if still tied both players win.
"""

from __future__ import annotations

from engines.core.contract import Event, GameResult, SeatScore
from engines.duel.effects import counted_value
from engines.duel.facts import (
    BLUE,
    CARD,
    GREEN,
    PURPLE,
    TOKEN_VP,
    TOKEN_VP_PER_TOKEN,
    WONDER,
    YELLOW,
    event,
)
from engines.duel.military import military_vp
from engines.duel.state import DuelState

BREAKDOWN_KEYS = ("military", "blue", "green", "yellow", "purple", "wonders", "tokens", "coins")
_COLOR_KEY = {BLUE: "blue", GREEN: "green", YELLOW: "yellow", PURPLE: "purple"}


def breakdown(st: DuelState, seat: int) -> dict[str, int]:
    """Victory points ``seat`` would score now, per category, with ``total``."""
    out = dict.fromkeys(BREAKDOWN_KEYS, 0)
    out["military"] = military_vp(st.military, seat)
    for card in st.buildings[seat]:
        f = CARD[card]
        key = _COLOR_KEY.get(f.color)
        if key is None:
            continue
        vp = f.vp
        if f.vp_per is not None:
            vp += counted_value(st, seat, f.vp_per)
        out[key] += vp
    out["wonders"] = sum(WONDER[w].vp for w in st.wonder_cards[seat])
    tokens = st.tokens[seat]
    out["tokens"] = sum(TOKEN_VP[t] + TOKEN_VP_PER_TOKEN[t] * len(tokens) for t in tokens)
    out["coins"] = st.coins[seat] // 3
    out["total"] = sum(out[k] for k in BREAKDOWN_KEYS)
    return out


def finish(st: DuelState, victory: str, winners: list[int], events: list[Event]) -> None:
    st.victory = victory
    st.winners = sorted(winners)
    st.phase = "over"
    st.pending = []
    st.library_offer = []
    events.append(event("game_over", None, {"victory": victory, "winners": list(st.winners)}))


def civilian_victory(st: DuelState, events: list[Event]) -> None:
    scores = [breakdown(st, 0), breakdown(st, 1)]
    t0, t1 = scores[0]["total"], scores[1]["total"]
    if t0 != t1:
        winners = [0] if t0 > t1 else [1]
    else:
        b0, b1 = scores[0]["blue"], scores[1]["blue"]
        winners = [0, 1] if b0 == b1 else ([0] if b0 > b1 else [1])
    finish(st, "civilian", winners, events)


def result(st: DuelState) -> GameResult | None:
    if st.victory is None:
        return None
    scores = []
    for seat in (0, 1):
        b = breakdown(st, seat)
        scores.append(
            SeatScore(seat=seat, total=b["total"], breakdown=b,
                      rank=1 if seat in st.winners else 2)
        )
    return GameResult(victory=st.victory, winners=list(st.winners), scores=scores)
