"""Wonders' abilities beyond their printed symbols (scope §15; CC ``abilities``).

The printed symbols (Pyramids' civil action, Hanging Gardens, Colossus, Library of
Alexandria, Universitas Carolina, Eiffel Tower, Kremlin, Taj Mahal's blue token) are counted
by ``ratings`` and ``play`` from the card facts. A completed wonder acts from its completion
on (L881) and stays for the rest of the game (L1849); an unfinished one does nothing. Here:

* Great Wall — +1 strength per infantry and artillery unit (its defence against aggressions
  is T3);
* St. Peter's Basilica — every *other* card or worker that gives at least one happy face
  gives one more (one per worker: two temples give two);
* Taj Mahal — taking it from the row costs 2 civil actions less in a turn in which you
  replaced your leader (``marks['leader_replaced']``, set by ``actions/leader.py``);
* Transcontinental Railroad — one worker on your best (highest-level) mine with a worker
  produces twice (README "Known uncertainties" #8, ruling B18): ``PRODUCTION_WORKERS`` adds
  that worker at production, ``MODIFIERS`` shows it in the resources rating;
* Ocean Liner Service — once per action phase, increase population with no food and no
  action: option ``liner`` (group ``other``, params ``food`` 0, ``ca`` 0).

The Age III wonders' one-time culture on completion is ``wonder_scores`` (imported here, so
it registers with the wonders).

Homer tucked under a completed wonder (``Civ.tucked``, engines/tta/leaders.py) makes that
wonder give +1 happy face: every wonder's ``MODIFIERS`` entry checks it. A wonder flipped by
Ravages of Time (``Civ.flipped``) loses all of this, the tuck included (``ratings.
static_cards`` leaves it out); it still counts for the take surcharge (ruling C1).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import Event, Option
from engines.core.fast import event, fast_option
from engines.core.seams import add_once
from engines.tta import end_of_turn, prompts, ratings, row
from engines.tta import wonder_scores as wonder_scores  # registers at import
from engines.tta.facts import AGE, HAPPY, KIND, OUT, PERMANENT, RES, STAGES, STATIC, STR, SUBTYPE
from engines.tta.ratings import static_tuple
from engines.tta.state import Civ, TtaState

GREAT_WALL = "I_great_wall"
ST_PETERS = "I_st_peter_s_basilica"
TAJ_MAHAL = "I_taj_mahal"
RAILROAD = "II_transcontinental_railroad"
OCEAN_LINER = "II_ocean_liner_service"

#: Taj Mahal's take discount after a leader replacement this turn (CC)
TAJ_MAHAL_DISCOUNT = 2


def active(civ: Civ, wonder: str) -> bool:
    """``wonder`` is completed and not flipped by Ravages of Time (which takes its effects
    away, ``Civ.flipped``)."""
    return wonder in civ.wonders and wonder not in civ.flipped


# -- happy faces by source (St. Peter's; Joan of Arc and Michelangelo read them) ----------
def happy_by_source(civ: Civ) -> dict[str, int]:
    """Happy faces each card in play produces (all its workers together), St. Peter's extra
    face per source and Homer's tuck included; sources of no face are left out."""
    extra = 1 if active(civ, ST_PETERS) else 0
    out: dict[str, int] = {}
    for t, n in civ.workers.items():
        if n:
            h = OUT[t][HAPPY]
            if h > 0:
                out[t] = (h + extra) * n
    for c in static_tuple(civ):
        s = STATIC.get(c)
        h = s[HAPPY] if s is not None else 0
        if c == civ.tucked:
            h += 1
        if h > 0:
            out[c] = h + (extra if c != ST_PETERS else 0)
    for col in civ.colonies:
        h = PERMANENT[col].get("happy", 0)
        if h > 0:
            out[col] = out.get(col, 0) + h + extra
    return out


def _st_peters(civ: Civ, r: list[int]) -> None:
    """One more face for every other card or worker giving at least one."""
    n = 0
    for t, w in civ.workers.items():
        if w and OUT[t][HAPPY] > 0:
            n += w
    for c in static_tuple(civ):
        if c == ST_PETERS:
            continue
        s = STATIC.get(c)
        if (s[HAPPY] if s is not None else 0) + (c == civ.tucked) > 0:
            n += 1
    n += sum(1 for col in civ.colonies if PERMANENT[col].get("happy", 0) > 0)
    r[HAPPY] += n


def _great_wall(civ: Civ, r: list[int]) -> None:
    total = 0  # a loop: faster than a generator (a rating modifier)
    for t, n in civ.workers.items():
        if n and KIND[t] == "unit" and SUBTYPE[t] in ("infantry", "artillery"):
            total += n
    r[STR] += total


# -- Transcontinental Railroad ------------------------------------------------------------
def best_mine(civ: Civ) -> str | None:
    """The highest-level mine technology with at least one worker."""
    best = None
    for t, n in civ.workers.items():
        if n and KIND[t] == "mine" and (best is None or AGE[t] > AGE[best]):
            best = t
    return best


def _railroad_workers(civ: Civ) -> dict[str, int]:
    mine = best_mine(civ)
    return {mine: 1} if mine is not None else {}


def _railroad(civ: Civ, r: list[int]) -> None:
    mine = best_mine(civ)
    if mine is not None:
        r[RES] += OUT[mine][RES]


# -- Taj Mahal ------------------------------------------------------------------------------
def _taj_mahal_cost(st: TtaState, seat: int, cost: int) -> int:
    if st.civs[seat].marks.get("leader_replaced"):
        return cost - TAJ_MAHAL_DISCOUNT
    return cost


# -- Ocean Liner Service ----------------------------------------------------------------
def liner_options(st: TtaState, seat: int) -> list[Option]:
    civ = st.civs[seat]
    if not active(civ, OCEAN_LINER) or civ.marks.get("ocean_liner") or civ.yellow_bank < 1:
        return []
    return [fast_option("liner", "ocean_liner", {"card": OCEAN_LINER, "food": 0, "ca": 0},
                        OCEAN_LINER, None, "other")]


def liner(st: TtaState, seat: int, arg: str) -> list[Event]:
    """A free population increase: the rightmost yellow-bank token becomes an unused
    worker, no food and no action paid (L92)."""
    civ = st.civs[seat]
    civ.marks["ocean_liner"] = 1
    civ.yellow_bank -= 1
    civ.pool += 1
    return [event("population", seat, {"food": 0, "ca": 0, "by": OCEAN_LINER})]


# -- registration ---------------------------------------------------------------------------
_OWN: dict[str, Callable[[Civ, list[int]], None]] = {
    GREAT_WALL: _great_wall,
    ST_PETERS: _st_peters,
    RAILROAD: _railroad,
}


def _wonder_modifier(wonder: str) -> Callable[[Civ, list[int]], None]:
    """The wonder's own rating ability, plus Homer's +1 face when he is tucked under it."""
    own = _OWN.get(wonder)

    def modify(civ: Civ, r: list[int]) -> None:
        if own is not None:
            own(civ, r)
        if civ.tucked == wonder:
            r[HAPPY] += 1

    return modify


#: option id prefix -> what applies it (engine.ACTIONS)
ACTIONS: dict[str, Callable[[TtaState, int, str], list[Event]]] = {"liner": liner}


def register() -> None:
    for w in STAGES:
        ratings.MODIFIERS[w] = _wonder_modifier(w)
    row.CARD_TAKE_COST_MODIFIERS[TAJ_MAHAL] = _taj_mahal_cost
    end_of_turn.PRODUCTION_WORKERS[RAILROAD] = _railroad_workers
    add_once(prompts.OPTION_SOURCES, liner_options)


register()
