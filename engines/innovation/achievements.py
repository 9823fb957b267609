"""Age achievements (rulebook 支配): claim age N with a score of at least 5 × N and a top
card of value N or higher; points are not spent; achievements are never lost.
"""

from __future__ import annotations

from engines.innovation.context import Ctx
from engines.innovation.icons import highest_top
from engines.innovation.scoring import check_achievement_victory, score_total
from engines.innovation.state import InnovationState


def achievable(st: InnovationState, seat: int) -> list[int]:
    points = score_total(st, seat)
    if points < 5:
        return []
    top = highest_top(st, seat)
    return [age for age in range(1, 10)
            if st.age_achievements[age - 1] is not None and points >= 5 * age and top >= age]


def achieve(g: Ctx, seat: int, age: int) -> None:
    st = g.st
    card = st.age_achievements[age - 1]
    assert card is not None
    st.age_achievements[age - 1] = None
    st.achievements[seat].append(card)
    st.changes += 1
    g.emit("achieve", seat, {"age": age})
    check_achievement_victory(g, seat)
