"""Science scoring (rulebook "統計得分", 綠色卡牌).

Each symbol type scores its count squared; each set of three different symbols scores 7.
Wildcards (Scientists Guild, Babylon's science stage) each become the symbol that gives the
best total, chosen at the end of the game: ``science_score`` tries every distribution.
"""

from __future__ import annotations

SET_BONUS = 7


def plain_score(compass: int, gear: int, tablet: int) -> int:
    return compass * compass + gear * gear + tablet * tablet + SET_BONUS * min(compass, gear,
                                                                               tablet)


def science_score(counts: list[int] | tuple[int, ...], wildcards: int) -> int:
    """The best score over every way of assigning the ``wildcards``."""
    a, b, c = counts
    if not wildcards:
        return plain_score(a, b, c)
    best = 0
    for x in range(wildcards + 1):
        for y in range(wildcards - x + 1):
            z = wildcards - x - y
            score = plain_score(a + x, b + y, c + z)
            if score > best:
                best = score
    return best
