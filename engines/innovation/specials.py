"""The five special achievements (rulebook 領域), claimed automatically the moment their
condition holds — even mid-effect or on another player's turn — and by the five cards
that name them (Masonry, Construction, Translation, Invention, Astronomy).
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.innovation.context import Ctx
from engines.innovation.facts import AGE, CLOCK, LEFT
from engines.innovation.icons import icon_count, icon_counts
from engines.innovation.scoring import check_achievement_victory
from engines.innovation.state import InnovationState


def claim_special(g: Ctx, seat: int, special: str, via: str | None = None) -> bool:
    st = g.st
    if special not in st.specials:
        return False
    st.specials.remove(special)
    st.achievements[seat].append(special)
    st.changes += 1
    g.emit("special_achievement", seat, {"achievement": special, "via": via})
    check_achievement_victory(g, seat)
    return True


def _earned(st: InnovationState, seat: int, special: str) -> bool:
    if special == "monument":
        return st.tucked[seat] >= 6 or st.scored[seat] >= 6
    if special == "wonder":
        return min(st.splays[seat]) > LEFT  # all five right or up
    if special == "universe":
        return all(pile and AGE[pile[-1]] >= 8 for pile in st.boards[seat])
    if special == "empire":
        return min(icon_counts(st, seat)) >= 3
    return icon_count(st, seat, CLOCK) >= 12  # world


def check_specials(g: Ctx, seats: Iterable[int]) -> None:
    """Claim every special achievement now earned by ``seats`` (turn order from the current
    player: the current player wins simultaneous claims, then the next on their left)."""
    st = g.st
    if not st.specials:
        return
    order = list(seats)
    if len(order) > 1:
        n, cur = st.players, st.current
        order = sorted(set(order), key=lambda s: (s - cur) % n)
    for seat in order:
        for special in tuple(st.specials):
            if special in st.specials and _earned(st, seat, special):
                claim_special(g, seat, special)
