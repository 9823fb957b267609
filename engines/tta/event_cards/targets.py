"""Who an event hits (scope §18; L1390-L1408, worked example X25).

Strength ratings are compared ("strongest", "weakest", "two strongest/weakest"); ties go
to the current player, then the nearest clockwise (L1394-L1396): the current player is the
strongest of a tie and escapes being the weakest of one, the player before it is the
weakest (L1398). The same tie rule ranks culture (L1400), and by analogy the least culture
(Terrorism, scope §18 ⚠). At 2 players "two strongest / weakest" means the strongest /
weakest (L1402-L1404). "All … with the most" hits every tied player (L1408). Ratings are
read when the event resolves (L2011: they change at once).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.tta.ratings import strength
from engines.tta.state import TtaState


def clockwise(st: TtaState, first: int | None = None) -> list[int]:
    """Every seat still in the game, from ``first`` (by default the current player)
    clockwise (L1378; resigned seats are out, L2071)."""
    start = st.current if first is None else first
    n = st.players
    civs = st.civs
    return [(start + i) % n for i in range(n) if not civs[(start + i) % n].resigned]


def ranked(st: TtaState, key: Callable[[int], int], first: int | None = None) -> list[int]:
    """Seats best first: the highest ``key``, ties to the current player (``first`` when
    given: the starting player at game end, L2101) then clockwise."""
    return sorted(clockwise(st, first), key=lambda s: -key(s))


def by_strength(st: TtaState) -> list[int]:
    return ranked(st, lambda s: strength(st.civs[s]))


def by_culture(st: TtaState) -> list[int]:
    return ranked(st, lambda s: st.civs[s].culture)


def _pair(st: TtaState) -> int:
    return 1 if st.count_left() == 2 else 2


def strongest(st: TtaState) -> int:
    return by_strength(st)[0]


def weakest(st: TtaState) -> int:
    return by_strength(st)[-1]


def in_turn_order(st: TtaState, seats: list[int]) -> list[int]:
    return [s for s in clockwise(st) if s in seats]


def two_strongest(st: TtaState) -> list[int]:
    """The two strongest (the strongest at 2 players), clockwise from the current one."""
    return in_turn_order(st, by_strength(st)[:_pair(st)])


def two_weakest(st: TtaState) -> list[int]:
    return in_turn_order(st, by_strength(st)[-_pair(st):])


def most_culture(st: TtaState) -> int:
    return by_culture(st)[0]


def least_culture(st: TtaState) -> int:
    return by_culture(st)[-1]


def all_with_most(st: TtaState, key: Callable[[int], int]) -> list[int]:
    """Every seat tied for the highest ``key``, clockwise from the current one (L1408)."""
    values = {s: key(s) for s in clockwise(st)}
    top = max(values.values())
    return [s for s, v in values.items() if v == top]
