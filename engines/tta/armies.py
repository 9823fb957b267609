"""Through the Ages (2015): armies formed by the current tactic, and their bonus.

Book = ``shared/rules/002_226be1480c28be9b.txt`` (``L…`` are its lines); scope §21.

* Each complete set of the unit types a tactic shows forms an army; a unit belongs to one army
  at most; armies form by themselves, always to the player's best (L1556-L1572); each army
  adds the tactic's bonus on top of the units' own strength (L1566).
* An army holding a unit two or more levels below the tactic card is obsolete and adds the
  lower value (L1574-L1588); the unit's and the card's ages count, not the current age
  (L1588). Age I tactics print one value (no unit is two levels below Age I).
* An air force may join any one army and doubles that army's bonus, normal or obsolete; one
  army is doubled once however many join; no tactic needs air forces (L1957-L1975).
* Genghis Khan: infantry may fill cavalry slots (CC ``infantry_may_count_as_cavalry_for_tactics``)
  — ``infantry_as_cavalry``. His "cavalry counts as 3" strength is not a tactic matter.
* Units sent to colonize form armies among themselves (L1602-L1616): call ``army_strength``
  on the units sent, with the air forces sent as ``air_forces`` (an air force is a unit
  that may join any army, L1957-L1961; those left at home join none).

``army_strength`` is exact: it tries every number of up-to-date armies and forms the most
obsolete armies from what is left (counts by type decide it, levels only decide which units
are up to date), memoised on (unit counts, tactic, air forces, flag). Tests compare it with an
exhaustive search over every grouping of the units and every placing of the air forces.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, NamedTuple

#: the unit types a tactic may ask for (MC ``army``); air forces go through ``air_forces``
UNIT_TYPES: tuple[str, ...] = ("infantry", "cavalry", "artillery")
_KIND = {k: i for i, k in enumerate(UNIT_TYPES)}
#: a unit: (type, level) with level A = 0 … III = 3
Unit = tuple[str, int]


class Tactic(NamedTuple):
    """A tactic card as plain numbers: its level (A = 0 … III = 3), the units of one army,
    the bonus of an army and the bonus of an obsolete army (``None``: Age I, one value)."""

    level: int
    infantry: int = 0
    cavalry: int = 0
    artillery: int = 0
    bonus: int = 0
    obsolete_bonus: int | None = None

    @classmethod
    def from_card(cls, card: Any) -> Tactic:
        """From a tactic card of the catalogue (``MilitaryCard``) or its JSON entry."""
        def get(key: str) -> Any:
            return card[key] if isinstance(card, Mapping) else getattr(card, key)

        army = get("army") or {}
        return cls(get("level"), army.get("infantry", 0), army.get("cavalry", 0),
                   army.get("artillery", 0), get("bonus"), get("obsolete_bonus"))

    @property
    def needs(self) -> tuple[int, int, int]:
        return self.infantry, self.cavalry, self.artillery


class Army(NamedTuple):
    """One army formed: its units in slot order (infantry, cavalry, artillery slots; with
    ``infantry_as_cavalry`` an infantry may sit in a cavalry slot), whether it is obsolete,
    the air forces that joined it (0 or 1) and the bonus it adds (doubled by an air force)."""

    units: tuple[Unit, ...]
    obsolete: bool
    air_forces: int
    bonus: int


def is_obsolete(unit_level: int, tactic_level: int) -> bool:
    """A unit two or more levels below the tactic card makes its army obsolete (L1580-L1588)."""
    return tactic_level - unit_level >= 2


def _normalise(units: Mapping[Unit, int] | Iterable[tuple[Unit, int]]) -> tuple[
        tuple[Unit, int], ...]:
    pairs = units.items() if isinstance(units, Mapping) else units
    counts: dict[Unit, int] = {}
    for (kind, level), n in pairs:
        if kind not in _KIND:
            raise ValueError(f"unit type {kind!r} is not one of {UNIT_TYPES} (air forces: "
                             "air_forces=)")
        if n < 0:
            raise ValueError(f"negative count of {kind} {level}")
        if n:
            counts[(kind, level)] = counts.get((kind, level), 0) + n
    return tuple(sorted(counts.items()))


def _most_armies(inf: int, cav: int, art: int, needs: tuple[int, int, int],
                 flex: bool) -> int:
    """The most armies these unit counts form (any levels)."""
    ri, rc, ra = needs
    limits = []
    if ri:
        limits.append(inf // ri)
    if rc:  # with the flag, spare infantry fill the cavalry slots
        limits.append((inf + cav) // (ri + rc) if flex else cav // rc)
    if ra:
        limits.append(art // ra)
    return min(limits)


def _value(f: int, o: int, tactic: Tactic, air: int) -> int:
    old = tactic.bonus if tactic.obsolete_bonus is None else tactic.obsolete_bonus
    bonuses = [tactic.bonus] * f + [old] * o
    return sum(bonuses) + sum(bonuses[:air])


@lru_cache(maxsize=1 << 14)
def _best(units: tuple[tuple[Unit, int], ...], tactic: Tactic, air: int,
          flex: bool) -> tuple[int, tuple[Army, ...]]:
    needs = tactic.needs
    ri, rc, ra = needs
    fresh_from = tactic.level - 1
    tot = [0, 0, 0]
    fresh = [0, 0, 0]
    for (kind, level), n in units:
        k = _KIND[kind]
        tot[k] += n
        if level >= fresh_from:
            fresh[k] += n
    best = (0, 0, 0)  # (value, up-to-date armies, obsolete armies)
    for f in range(sum(fresh) // sum(needs) + 1):
        cav_short = max(0, f * rc - fresh[1])  # infantry sitting in cavalry slots
        if (cav_short and not flex) or f * ri + cav_short > fresh[0] or f * ra > fresh[2]:
            continue
        o = _most_armies(tot[0] - f * ri - cav_short, tot[1] - f * rc + cav_short,
                         tot[2] - f * ra, needs, flex)
        value = _value(f, o, tactic, air)
        if (value, f) > best[:2]:
            best = (value, f, o)
    value, f, o = best
    armies = _with_air(_form(units, tactic, f, o, flex), tactic, air)
    if sum(a.bonus for a in armies) != value:  # pragma: no cover - guarded by the tests
        raise AssertionError(f"army formation disagrees with its value: {armies} vs {value}")
    return value, armies


def _form(units: tuple[tuple[Unit, int], ...], tactic: Tactic, f: int, o: int,
          flex: bool) -> list[tuple[Unit, ...]]:
    """The units of ``f`` up-to-date armies, then ``o`` more armies from the rest, newest
    units first in both: levels never change how many armies the counts form, so each
    obsolete army holds as few old units as it can and the oldest units stay out — as the
    book tells X37's Shock Troops army: one Age I unit, up to date once that Knights is
    upgraded (L1973-L1975). (``f`` is the most up-to-date armies, so every later army holds
    an old unit.)"""
    fresh_from = tactic.level - 1
    pools: list[list[int]] = [[], [], []]
    for (kind, level), n in units:
        pools[_KIND[kind]] += [level] * n
    for p in pools:
        p.sort(reverse=True)
    armies: list[tuple[Unit, ...]] = []

    def take(k: int) -> Unit:
        return UNIT_TYPES[k], pools[k].pop(0)

    def has(k: int, fresh: bool) -> bool:
        return bool(pools[k]) and (not fresh or pools[k][0] >= fresh_from)

    for fresh, count in ((True, f), (False, o)):
        for _ in range(count):
            army = [take(0) for _ in range(tactic.infantry)]
            for _ in range(tactic.cavalry):
                army.append(take(1 if has(1, fresh) or not flex else 0))
            army += [take(2) for _ in range(tactic.artillery)]
            armies.append(tuple(army))
    return armies


def _with_air(armies: list[tuple[Unit, ...]], tactic: Tactic, air: int) -> tuple[Army, ...]:
    old = tactic.bonus if tactic.obsolete_bonus is None else tactic.obsolete_bonus
    rows = []
    for units in armies:
        obsolete = tactic.obsolete_bonus is not None and any(
            is_obsolete(level, tactic.level) for _, level in units)
        rows.append((units, obsolete, old if obsolete else tactic.bonus))
    rows.sort(key=lambda r: -r[2])  # air forces join the strongest armies (L1961)
    out = []
    for n, (units, obsolete, bonus) in enumerate(rows):
        joined = 1 if n < air else 0
        out.append(Army(units, obsolete, joined, bonus * (1 + joined)))
    return tuple(out)


def army_strength(units: Mapping[Unit, int] | Iterable[tuple[Unit, int]], tactic: Tactic,
                  air_forces: int = 0, *, infantry_as_cavalry: bool = False) -> tuple[
                      int, tuple[Army, ...]]:
    """The tactic bonus of these units (added to their own strength) and the armies formed.

    ``units``: counts by (type, level), type in ``UNIT_TYPES``, level A = 0 … III = 3 —
    the units in play, or those sent to colonize (L1602-L1616). ``air_forces``: air force
    units, each doubling one army's bonus (L1961). ``infantry_as_cavalry``: Genghis Khan.
    Armies come strongest first (air forces joined first). Exact and memoised."""
    if sum(tactic.needs) <= 0 or min(tactic.needs) < 0:
        raise ValueError(f"a tactic needs units: {tactic}")
    if tactic.obsolete_bonus is not None and tactic.obsolete_bonus > tactic.bonus:
        raise ValueError(f"an obsolete army cannot add more than an up-to-date one: {tactic}")
    return _best(_normalise(units), tactic, max(air_forces, 0), infantry_as_cavalry)
