"""The fifteen Age III events, "Impact of …" (scope §19, §28; L2081-L2103; MC ``event``).

Each card scores culture for every civilization. It scores when it is revealed during the
game (a player prepares an event and it is the top current event, L2089) and, if it is
still in the current or future events deck when the game ends, at the final scoring
(L2081-L2083, L2091); older events left there score nothing (L2085).

``IMPACT[card](st, first)`` is the culture each seat scores (index = seat), ``first`` being
the seat counted as the current player for ties: the current player during the game, the
starting player at game end (L2101). ``RESOLVERS`` scores it on reveal (one public
``impact_scored`` event: ``card``, ``culture`` per seat); ``final_scores`` lists what the
final scoring adds, without applying it. Culture never goes below 0 (``apply_culture``, as
``effects.gain``); Impact of Happiness alone can be negative.

How the cards read (data ``culture_formula``; the reference's notes):

* **Agriculture / Industry**: the food of the farms / resources of the mines per turn —
  one token of the card's value per worker, plus a production phase's extra workers
  (Transcontinental Railroad, ``end_of_turn.PRODUCTION_WORKERS``), before corruption and
  consumption and not capped by the blue bank, as the first game's scoring reads
  production (L1920); other sources (Bill Gates's labs) are not farms or mines.
  Agriculture's +4 needs that food to exceed the consumption the yellow bank shows now
  (``economy.consumption``, L1742-L1750).
* **Balance**: twice the lowest of the food, resource, science and culture ratings
  (``ratings``: production ignoring corruption and consumption).
* **Happiness**: 2 per happy face (the rating is at most 8, so at most 16) minus 2 per
  discontent worker (``economy.discontent``, L1624-L1628): may be negative.
* **Population**: workers are every yellow token outside the yellow bank, unused ones
  included (L72-L76); those beyond 10 that are not discontent score 2 each.
* **Government**: 2 per white token, 1 per red token (``civil_total`` /
  ``military_total``; Patriotism's temporary military action is no red token, L1262).
* **Technology**: Age III technology cards in play, the government included — a
  government is a technology card and "your technologies" are those in play (L936,
  L1916); Age II ones in the short game (MC note, ruling B20).
* **Progress**: the levels of the government and of each special technology.
* **Variety**: each unit type and urban building type with at least one unit / building
  (a card without a worker is only a technology, L849), plus each special technology.
* **Architecture / Competition**: the level of each urban building / of each military unit
  and arena, once per building or unit (air forces are units).
* **Wonders**: every completed wonder by age, 5/4/3/2 for A/I/II/III; a wonder flipped by
  Ravages of Time still counts — it loses its own effects, but it is still a completed
  wonder (the Code of Laws counts it for the take surcharge, ruling C1, ptarjan
  RULES_SPEC 2.4), and this card counts completed wonders, it is no effect of theirs.
* **Science / Strength**: ranked by the science / strength rating, 10/0 (2 players),
  14/7/0 (3), 15/10/5/0 (4) (MC ``ranking``); ties go to the current player, then the
  nearest clockwise (L2099), at game end the starting player (L2101, X38).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.tta import economy
from engines.tta.catalogue import MILITARY
from engines.tta.end_of_turn import extra_workers
from engines.tta.event_cards import effects
from engines.tta.event_cards.targets import ranked
from engines.tta.events import RESOLVERS
from engines.tta.facts import AGE, CUL, FOOD, HAPPY, KIND, RES, SCI, STR, SUBTYPE, VALUE
from engines.tta.interrupts import TtaCtx
from engines.tta.ratings import civil_total, military_total, ratings
from engines.tta.state import Civ, TtaState

#: Impact of Agriculture: the bonus when the farms' food exceeds consumption
AGRICULTURE_BONUS = 4
#: Impact of Happiness: culture per face, its cap, culture lost per discontent worker
HAPPY_CULTURE, HAPPY_CAP, DISCONTENT_CULTURE = 2, 16, 2
#: Impact of Population: workers that score nothing, culture per content worker beyond
POPULATION_FREE, POPULATION_CULTURE = 10, 2
#: Impact of Wonders: culture per completed wonder by age (A, I, II, III)
WONDER_CULTURE: tuple[int, int, int, int] = (5, 4, 3, 2)

Impact = Callable[[TtaState, int], list[int]]


def produced(civ: Civ, kind: str) -> int:
    """Food (``farm``) or resources (``mine``) those cards produce per turn (see above)."""
    extra = extra_workers(civ)
    return sum(VALUE[t] * (n + extra.get(t, 0)) for t, n in civ.workers.items()
               if KIND[t] == kind)


def _levels(civ: Civ, kinds: Callable[[str], bool]) -> int:
    """The level of every building / unit (one per worker) on the cards ``kinds`` picks."""
    return sum(AGE[t] * n for t, n in civ.workers.items() if n and kinds(t))


def agriculture(civ: Civ) -> int:
    food = produced(civ, "farm")
    bonus = AGRICULTURE_BONUS if food > economy.consumption(civ.yellow_bank) else 0
    return food + bonus


def architecture(civ: Civ) -> int:
    return _levels(civ, lambda t: KIND[t] == "urban")


def balance(civ: Civ) -> int:
    r = ratings(civ)
    return 2 * min(r[FOOD], r[RES], r[SCI], r[CUL])


def colonies(civ: Civ) -> int:
    return 3 * len(civ.colonies)


def competition(civ: Civ) -> int:
    return _levels(civ, lambda t: KIND[t] == "unit" or SUBTYPE.get(t) == "arena")


def government(civ: Civ) -> int:
    red = military_total(civ) - civ.marks.get("temp_ma", 0)
    return 2 * civil_total(civ) + red


def happiness(civ: Civ) -> int:
    happy = ratings(civ)[HAPPY]
    return (min(HAPPY_CAP, HAPPY_CULTURE * happy)
            - DISCONTENT_CULTURE * effects.discontent(civ, happy))


def industry(civ: Civ) -> int:
    return produced(civ, "mine")


def population(civ: Civ) -> int:
    workers = civ.pool + sum(civ.workers.values())
    content = workers - effects.discontent(civ, ratings(civ)[HAPPY])
    return POPULATION_CULTURE * max(0, content - POPULATION_FREE)


def progress(civ: Civ) -> int:
    return 2 * (AGE[civ.government] + sum(AGE[t] for t in civ.techs if KIND[t] == "special"))


def technology(civ: Civ, age: int = 3) -> int:
    return 4 * sum(1 for t in (civ.government, *civ.techs) if AGE[t] == age)


def _technology(st: TtaState, first: int) -> list[int]:
    """Impact of Technology: Age III technologies, Age II ones in the short game, which has
    no Age III cards (MC ``culture_formula``, ruling B20)."""
    age = 2 if st.mode == "short" else 3
    return [0 if civ.resigned else technology(civ, age) for civ in st.civs]


def variety(civ: Civ) -> int:
    types = {(KIND[t], SUBTYPE[t]) for t, n in civ.workers.items()
             if n and KIND[t] in ("unit", "urban")}
    specials = sum(1 for t in civ.techs if KIND[t] == "special")
    return 2 * (len(types) + specials)


def wonders(civ: Civ) -> int:
    return sum(WONDER_CULTURE[AGE[w]] for w in civ.wonders)


def _each(score: Callable[[Civ], int]) -> Impact:
    def impact(st: TtaState, first: int) -> list[int]:
        return [0 if civ.resigned else score(civ) for civ in st.civs]

    return impact


def _ranked(card: str, rating: int) -> Impact:
    """Culture by rank in ``rating``, the card's table for the player count (MC
    ``ranking``); ties to ``first``, then clockwise (L2099-L2101)."""
    event = MILITARY[card].event
    assert event is not None
    tables: dict[str, list[int]] = event["ranking"]

    def impact(st: TtaState, first: int) -> list[int]:
        table = tables[str(st.count_left())]  # resigned seats are out of the ranking
        order = ranked(st, lambda s: ratings(st.civs[s])[rating], first)
        out = [0] * st.players
        for place, seat in enumerate(order):
            out[seat] = table[place]
        return out

    return impact


#: Age III event -> (state, the seat counted as current for ties) -> culture per seat
IMPACT: dict[str, Impact] = {
    "III_impact_of_agriculture": _each(agriculture),
    "III_impact_of_architecture": _each(architecture),
    "III_impact_of_balance": _each(balance),
    "III_impact_of_colonies": _each(colonies),
    "III_impact_of_competition": _each(competition),
    "III_impact_of_government": _each(government),
    "III_impact_of_happiness": _each(happiness),
    "III_impact_of_industry": _each(industry),
    "III_impact_of_population": _each(population),
    "III_impact_of_progress": _each(progress),
    "III_impact_of_science": _ranked("III_impact_of_science", SCI),
    "III_impact_of_strength": _ranked("III_impact_of_strength", STR),
    "III_impact_of_technology": _technology,
    "III_impact_of_variety": _each(variety),
    "III_impact_of_wonders": _each(wonders),
}


def apply_culture(st: TtaState, culture: list[int]) -> None:
    """Each seat scores its culture; culture never goes below 0 (as ``effects.gain``)."""
    for civ, c in zip(st.civs, culture, strict=True):
        civ.culture = max(0, civ.culture + c)


def _resolver(card: str) -> Callable[[TtaCtx], bool]:
    def resolve(ctx: TtaCtx) -> bool:
        """Revealed during the game: everyone scores now, ties to the current player
        (L2089, L2099); the card goes to the past events."""
        st = ctx.gs
        culture = IMPACT[card](st, st.current)
        apply_culture(st, culture)
        ctx.emit("impact_scored", None, {"card": card, "culture": culture})
        return False

    return resolve


def final_scores(st: TtaState) -> list[tuple[str, list[int]]]:
    """The Age III events still in the current events deck (top first), then in the future
    events deck (top first), each with the culture it gives every seat at the final scoring,
    the starting player counted as current (L2081-L2085, L2101). Nothing is applied."""
    cards = [*reversed(st.current_events), *reversed(st.future_events)]
    return [(card, IMPACT[card](st, st.start)) for card in cards if card in IMPACT]


RESOLVERS.update({card: _resolver(card) for card in IMPACT})
