"""A civilization's numbers, recomputed from its cards (scope §5; L844-L903).

Cards that need workers (farms, mines, urban buildings, units) give their symbols once per
worker; governments, special technologies, leaders, completed wonders and colonies give
theirs once while in play (L844-L851). Ratings never go below 0; happiness never above 8
(L887-L893). Action totals are the white / red tokens the cards give (L899-L903).

Seam for the ability modules (leaders, wonders): ``MODIFIERS[card_id]`` is called with the
civilization and the rating list of every card in play that has an entry, after the
printed symbols are summed and before the clamps (e.g. Alexander's +1 strength per unit).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from engines.tta import armies
from engines.tta.facts import (
    ABILITIES,
    AGE,
    CA,
    CIVIL_HAND,
    CUL,
    FOOD,
    HAPPY,
    KIND,
    MA,
    MIL_HAND,
    OUT,
    PERMANENT,
    RES,
    SCI,
    STATIC,
    STR,
    SUBTYPE,
    TACTIC,
    URBAN_LIMIT,
)
from engines.tta.state import Civ

Modifier = Callable[[Civ, list[int]], None]


class _Seam(dict[str, Modifier]):
    """``MODIFIERS``: a dict that empties the kept ratings (``_RATINGS``) whenever it
    changes, since they were computed with the modifiers it held."""

    def __setitem__(self, key: str, value: Modifier) -> None:
        _RATINGS.clear()
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        _RATINGS.clear()
        super().__delitem__(key)

    def update(self, *args: Any, **kwargs: Any) -> None:
        _RATINGS.clear()
        super().update(*args, **kwargs)

    def pop(self, *args: Any) -> Any:
        _RATINGS.clear()
        return super().pop(*args)

    def setdefault(self, key: str, default: Modifier) -> Modifier:  # type: ignore[override]
        _RATINGS.clear()
        return super().setdefault(key, default)

    def popitem(self) -> tuple[str, Modifier]:
        _RATINGS.clear()
        return super().popitem()

    def clear(self) -> None:
        _RATINGS.clear()
        super().clear()


#: ``MODIFIERS[card](civ, ratings)``: adjust ``ratings`` (FOOD … STR) in place. A modifier
#: reads only what ``_rating_key`` holds (the workers, the cards in play, the colonies, the
#: tactic, Homer's tuck, the pacts' totals): the ratings are kept by that key
MODIFIERS: dict[str, Modifier] = _Seam()

MAX_HAPPY = 8
#: a wonder flipped by Ravages of Time produces 2 culture instead of its effects (MC)
FLIPPED_CULTURE = 2


def static_cards(civ: Civ) -> Iterator[str]:
    """Cards whose symbols count once while in play: the government, special
    technologies, the leader and completed wonders (L844-L851)."""
    memo = _reading
    if memo is None:
        return _static_cards(civ)
    hit = memo.get(id(civ))
    if hit is None or hit[0] is not civ:
        hit = _memo(civ, memo)
    return iter(hit[3])


def static_tuple(civ: Civ) -> tuple[str, ...]:
    """``static_cards`` as they are now, in a tuple kept with the static totals
    (``_statics``): for loops that change nothing they read while they run."""
    memo = _reading
    if memo is None:
        return _statics(civ)[0]
    hit = memo.get(id(civ))
    if hit is None or hit[0] is not civ:
        hit = _memo(civ, memo)
    return hit[3]  # type: ignore[no-any-return]


def _static_cards(civ: Civ) -> Iterator[str]:
    yield civ.government
    for t in civ.techs:
        if KIND[t] == "special":
            yield t
    if civ.leader is not None:
        yield civ.leader
    if civ.flipped:  # Ravages of Time: a flipped wonder has no effects (its 2 culture: below)
        yield from (w for w in civ.wonders if w not in civ.flipped)
    else:
        yield from civ.wonders


#: while a pass that changes no state runs (``reading``), each civilization's static totals,
#: ratings and static cards, by ``id``: ``[civ, totals, ratings or None, cards]``
_reading: dict[int, list[Any]] | None = None


class _Reading:
    """The context of :func:`reading` (a class: cheaper to enter than a generator's)."""

    __slots__ = ("outer",)

    def __enter__(self) -> None:
        global _reading
        self.outer = _reading is not None
        if not self.outer:
            _reading = {}

    def __exit__(self, *exc: object) -> None:
        global _reading
        if not self.outer:
            _reading = None


def reading() -> _Reading:
    """Compute each civilization's static totals and ratings once while the block runs: the
    prompts of a position ask them dozens of times (platform §4.8). Only for blocks that
    change no civilization (``undo_window`` builds the prompts and the forecast in one)."""
    return _Reading()


#: ``(static cards, their summed ``STATIC`` symbols)`` by what the static cards are read
#: from (``_statics``): a pure function of those fields, kept across answers, so nothing
#: invalidates it (issue 19; cleared when full)
_STATICS: dict[tuple[Any, ...], tuple[tuple[str, ...], tuple[int, ...]]] = {}
_STATICS_MAX = 20_000


def _statics(civ: Civ) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """``civ``'s static cards (``_static_cards``) and their symbols summed by position."""
    key = (civ.government, civ.leader, tuple(civ.techs), tuple(civ.wonders),
           tuple(civ.flipped))
    hit = _STATICS.get(key)
    if hit is None:
        if len(_STATICS) >= _STATICS_MAX:
            _STATICS.clear()
        cards = tuple(_static_cards(civ))
        hit = _STATICS[key] = (cards, _sum_static(cards))
    return hit


def _sum_static(cards: tuple[str, ...]) -> tuple[int, ...]:
    """The ``STATIC`` symbols of ``cards`` summed by position (no cache)."""
    totals = [0] * (MIL_HAND + 1)
    for c in cards:
        s = STATIC.get(c)
        if s is not None:
            for i, v in enumerate(s):
                if v:
                    totals[i] += v
    return tuple(totals)


def _memo(civ: Civ, memo: dict[int, list[Any]]) -> list[Any]:
    hit = memo.get(id(civ))
    if hit is None or hit[0] is not civ:
        cards, totals = _statics(civ)
        hit = memo[id(civ)] = [civ, totals, None, cards, {}]
    return hit


def pass_scratch(civ: Civ) -> dict[str, Any] | None:
    """Values other modules compute once per civilization while a ``reading`` block runs
    (their keys are theirs; ``actions.costs``: the build costs), None outside one: what
    they keep must depend on nothing a ``reading`` block may change."""
    memo = _reading
    if memo is None:
        return None
    hit = memo.get(id(civ))
    if hit is None or hit[0] is not civ:
        hit = _memo(civ, memo)
    return hit[4]  # type: ignore[no-any-return]


def _totals(civ: Civ) -> tuple[int, ...]:
    """The static cards' symbols summed by position (``_statics``; the pass's memo)."""
    memo = _reading
    if memo is not None:
        hit = memo.get(id(civ))
        if hit is None or hit[0] is not civ:
            hit = _memo(civ, memo)
        return hit[1]  # type: ignore[no-any-return]
    return _statics(civ)[1]


def civil_total(civ: Civ) -> int:
    """White tokens owned = total civil actions (L899-L903)."""
    return _totals(civ)[CA]


def military_total(civ: Civ) -> int:
    """Red tokens owned = total military actions (L899-L903); Patriotism's temporary one
    (``marks['temp_ma']``) counts until the end of the turn (L1256-L1264)."""
    return _totals(civ)[MA] + civ.marks.get("temp_ma", 0) + civ.pact_mods.get("ma", 0)


def civil_left(civ: Civ) -> int:
    return _totals(civ)[CA] - civ.ca_spent


def military_left(civ: Civ) -> int:
    return military_total(civ) - civ.ma_spent


def urban_limit(civ: Civ) -> int:
    """Buildings of one urban type allowed, whatever their levels (L741-L751)."""
    return _totals(civ)[URBAN_LIMIT]


def civil_hand_limit(civ: Civ) -> int:
    """Civil actions total (+1 with the Library of Alexandria), L636-L642, L1797-L1798."""
    totals = _totals(civ)
    return totals[CA] + totals[CIVIL_HAND]


def military_hand_limit(civ: Civ) -> int:
    """Red tokens owned (+1 with the Library of Alexandria), L1684-L1686: Patriotism's
    temporary military action is no red token (L1262), so it does not count."""
    totals = _totals(civ)
    return totals[MA] + totals[MIL_HAND] + civ.pact_mods.get("ma", 0)


def units(civ: Civ) -> dict[tuple[str, int], int]:
    """Unit counts by ``(type, level)`` (air forces excluded: they join armies apart)."""
    out: dict[tuple[str, int], int] = {}
    for t, n in civ.workers.items():
        if n and KIND[t] == "unit" and SUBTYPE[t] != "air_force":
            key = (SUBTYPE[t], AGE[t])
            out[key] = out.get(key, 0) + n
    return out


#: a leader ability letting infantry fill cavalry slots (Genghis Khan, CC)
INFANTRY_AS_CAVALRY = "infantry_may_count_as_cavalry_for_tactics"


def air_forces(civ: Civ) -> int:
    """Air force units: each may double one army's bonus (L1957-L1961)."""
    total = 0  # a loop: faster than a generator (the ratings' hot path)
    for t, n in civ.workers.items():
        if n and KIND[t] == "unit" and SUBTYPE[t] == "air_force":
            total += n
    return total


def formed_armies(civ: Civ) -> tuple[int, tuple[armies.Army, ...]]:
    """The current tactic's armies and the strength they add (L1556-L1600; ``armies``
    optimiser): air forces join them (L1957-L1961), and a leader with
    ``INFANTRY_AS_CAVALRY`` lets infantry fill cavalry slots. One place for the rating and
    the view."""
    if civ.tactic is None:
        return 0, ()
    flex = civ.leader is not None and INFANTRY_AS_CAVALRY in ABILITIES.get(civ.leader, ())
    return armies.army_strength(units(civ), TACTIC[civ.tactic], air_forces(civ),
                                infantry_as_cavalry=flex)


def army_bonus(civ: Civ) -> int:
    """The strength the current tactic's armies add."""
    return formed_armies(civ)[0] if civ.tactic is not None else 0


def ratings(civ: Civ) -> list[int]:
    """``[food, resources, science, culture, happy, strength]``: production per turn
    (L1736-L1766) and the four ratings (L221-L283), clamped (L887-L893)."""
    memo = _reading
    if memo is None:
        return list(_kept_rating(civ))
    hit = _memo(civ, memo)
    if hit[2] is None:
        hit[2] = _kept_rating(civ)
    return list(hit[2])


#: ``_rate`` by ``_rating_key``: a pure function of what the key holds, kept across answers
#: (issue 19: the political phase weighs every civilization's strength, the end of a turn
#: rates the player again); emptied when full or when ``MODIFIERS`` changes
_RATINGS: dict[tuple[Any, ...], tuple[int, ...]] = {}
_RATINGS_MAX = 20_000


def _rating_key(civ: Civ) -> tuple[Any, ...]:
    """Everything ``_rate`` and the ``MODIFIERS`` read of ``civ``."""
    return (civ.government, civ.leader, tuple(civ.techs), tuple(civ.wonders),
            tuple(civ.flipped), tuple(civ.workers.items()), tuple(civ.colonies), civ.tactic,
            civ.tucked, tuple(civ.pact_mods.items()))


def _kept_rating(civ: Civ) -> tuple[int, ...]:
    key = _rating_key(civ)
    hit = _RATINGS.get(key)
    if hit is None:
        if len(_RATINGS) >= _RATINGS_MAX:
            _RATINGS.clear()
        hit = _RATINGS[key] = tuple(_rate(civ))
    return hit


def _rate(civ: Civ) -> list[int]:
    r = [0, 0, 0, 0, 0, 0]
    out = OUT_SYMBOLS
    for t, n in civ.workers.items():
        if n:
            for i, v in out[t]:
                r[i] += v * n
    totals = _statics(civ)[1]
    r[SCI] += totals[SCI]
    r[CUL] += totals[CUL]
    r[HAPPY] += totals[HAPPY]
    r[STR] += totals[STR]
    if civ.flipped:
        r[CUL] += FLIPPED_CULTURE * len(civ.flipped)
    for col in civ.colonies:
        p = PERMANENT[col]
        r[STR] += p.get("strength", 0)
        r[HAPPY] += p.get("happy", 0)
    if civ.tactic is not None:
        r[STR] += army_bonus(civ)
    if civ.pact_mods:  # pacts: one card, two civilizations (``pacts.refresh``)
        r[CUL] += civ.pact_mods.get("culture", 0)
        r[STR] += civ.pact_mods.get("strength", 0)
    if MODIFIERS:
        for c in (*static_tuple(civ), *civ.techs):
            m = MODIFIERS.get(c)
            if m is not None:
                m(civ, r)
    for i in (FOOD, RES, SCI, CUL, STR):
        if r[i] < 0:
            r[i] = 0
    r[HAPPY] = min(MAX_HAPPY, max(0, r[HAPPY]))
    return r


#: each worker card's nonzero per-worker symbols as ``(rating position, value)`` pairs
OUT_SYMBOLS: dict[str, tuple[tuple[int, int], ...]] = {
    t: tuple((i, v) for i, v in enumerate(o) if v) for t, o in OUT.items()}


def strength(civ: Civ) -> int:
    return ratings(civ)[STR]
