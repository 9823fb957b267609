"""The five special achievements (rulebook 領域), claimed automatically the moment their
condition holds — even mid-effect or on another player's turn — and by the five cards
that name them (Masonry, Construction, Translation, Invention, Astronomy).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engines.innovation.context import Ctx
from engines.innovation.facts import AGE, CLOCK, LEFT
from engines.innovation.icons import counts_of
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


def _monument(st: InnovationState, seat: int) -> bool:
    return st.tucked[seat] >= 6 or st.scored[seat] >= 6


def _wonder(st: InnovationState, seat: int) -> bool:
    return min(st.splays[seat]) > LEFT  # all five right or up


def _universe(st: InnovationState, seat: int) -> bool:
    return all(pile and AGE[pile[-1]] >= 8 for pile in st.boards[seat])


def _empire(st: InnovationState, seat: int) -> bool:
    return min(counts_of(st, seat)) >= 3


def _world(st: InnovationState, seat: int) -> bool:
    return counts_of(st, seat)[CLOCK] >= 12


#: special achievement -> whether ``seat`` now meets its condition
EARNED: dict[str, Callable[[InnovationState, int], bool]] = {
    "monument": _monument, "wonder": _wonder, "universe": _universe, "empire": _empire,
    "world": _world}


def check_specials(g: Ctx, seats: Iterable[int]) -> None:
    """Claim every special achievement now earned by ``seats`` (turn order from the current
    player: the current player wins simultaneous claims, then the next on their left)."""
    st = g.st
    if not st.specials or (g.skip and g.unclaimed):
        return
    order = list(seats)
    if len(order) > 1:
        n, cur = st.players, st.current
        order = sorted(set(order), key=lambda s: (s - cur) % n)
    specials = st.specials
    earned = EARNED
    for seat in order:
        for special in tuple(specials):
            if special in specials and earned[special](st, seat):
                claim_special(g, seat, special)
