"""Exhaustive reference searches, used only by tests to check the fast rule code.

``reference_payments`` tries every assignment of every missing resource unit to a distinct
source (own fixed unit, own one-of producer, a neighbour's fixed unit or dual card) and
keeps the non-dominated (left, right) costs. ``reference_science`` tries every symbol for
every wildcard.
"""

from __future__ import annotations

from itertools import product


def reference_payments(
    need: tuple[int, ...],
    own_fixed: tuple[int, ...],
    own_masks: tuple[int, ...],
    left_fixed: tuple[int, ...],
    left_masks: tuple[int, ...],
    right_fixed: tuple[int, ...],
    right_masks: tuple[int, ...],
    disc_left: int,
    disc_right: int,
) -> list[tuple[int, int]]:
    # a source: (resource mask it can give, side 0 own / 1 left / 2 right)
    sources: list[tuple[int, int]] = []
    for side, fixed, masks in ((0, own_fixed, own_masks), (1, left_fixed, left_masks),
                               (2, right_fixed, right_masks)):
        for r in range(7):
            sources += [(1 << r, side)] * fixed[r]
        sources += [(m, side) for m in masks]
    units = [r for r in range(7) for _ in range(need[r])]
    costs: set[tuple[int, int]] = set()

    def price(side: int, r: int) -> int:
        disc = disc_left if side == 1 else disc_right
        return 1 if (disc >> r) & 1 else 2

    def go(k: int, used: frozenset[int], left: int, right: int) -> None:
        if k == len(units):
            costs.add((left, right))
            return
        r = units[k]
        for i, (mask, side) in enumerate(sources):
            if i in used or not (mask >> r) & 1:
                continue
            if side == 0:
                go(k + 1, used | {i}, left, right)
            elif side == 1:
                go(k + 1, used | {i}, left + price(1, r), right)
            else:
                go(k + 1, used | {i}, left, right + price(2, r))

    go(0, frozenset(), 0, 0)
    best = [c for c in costs
            if not any(o != c and o[0] <= c[0] and o[1] <= c[1] for o in costs)]
    return sorted(best, key=lambda p: (p[0] + p[1], p[0]))


def reference_science(counts: tuple[int, int, int], wildcards: int) -> int:
    best = 0
    for assignment in product(range(3), repeat=wildcards):
        c = list(counts)
        for s in assignment:
            c[s] += 1
        best = max(best, sum(x * x for x in c) + 7 * min(c))
    return best
