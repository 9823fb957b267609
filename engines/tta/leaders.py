"""Leaders' abilities, Ages A-II (scope §14; CC ``abilities``, vocabulary in the reference
README "Ability vocabulary"; per-card rulings in each card's ``notes``).

A leader acts from the moment it enters play (L786) until it leaves — replaced (L802-L829),
retired, or antiquated at an age end (L1841) — and every effect below is keyed by the card
in play, so it stops with it. The printed symbols (Caesar's strength and military action,
Homer's and Shakespeare's face, Joan's culture and military action, Robespierre's and
Napoleon's military actions) are counted by ``ratings`` from the card facts. Here:

Age A
* Alexander the Great — +1 strength per military unit; political action ``alexander``:
  he leaves the game and 1 yellow token comes from the box into the yellow bank.
* Aristotle — +1 science whenever you take a technology from the row.
* Hammurabi — once per turn one military action is spent as a civil action (option
  ``hammurabi``, params ``ma`` 1, ``gain_ca`` 1); leaders cost 1 civil action less to take.
* Homer — 1 resource per turn that only pays for building or upgrading a unit
  (``marks['mil_credit']``, renewed at each end of turn); when another leader replaces him
  he may be tucked under a completed wonder (option ``homer:<new leader>:<wonder>``, group
  ``play``): that wonder gives +1 face (``Civ.tucked``) and no civil action comes back.
* Julius Caesar — once per game a second political action right after the first
  (``Civ.used_powers``).
* Moses — increasing population costs 1 food less (X11).

Age I
* Christopher Columbus — political action ``columbus:<territory>``: he leaves the game and
  you colonize a territory from your hand without sending units (``colonization.gain_colony``
  run as an interrupt effect: its one-time effects may ask).
* Frederick Barbarossa — option ``barbarossa:<unit>`` (1 military action, repeatable,
  ruling B18): increase population for 1 food less and build a unit with the new worker
  for 1 resource less.
* Genghis Khan — infantry may fill cavalry slots of the tactic's armies (read from the
  card's ability by ``ratings.formed_armies``, and by colonization through
  ``infantry_as_cavalry``); at the end of your turn +3 culture when at most 0 (2 players)
  / 1 (3-4 players) civilizations are stronger.
* Joan of Arc — +1 strength per face from temples and the government; at the start of her
  politics phase, a private peek at the top current event (event ``peeked``).
* Leonardo da Vinci — the best lab or library gives extra science equal to its level; +1
  resource per technology developed.
* Michelangelo — +1 culture per face from temples, theaters and completed wonders; taking a
  wonder ignores the completed-wonder surcharge.

Age II
* William Shakespeare — with a library built, theaters cost 1 resource and theater
  technologies 1 science less; the same for libraries with a theater; +2 culture per
  library-and-theater pair.
* James Cook — colonies: first 2 culture, each further 1; his colonization discards are for
  the colonization module (``colonization_discards``).
* Isaac Newton — the best lab/library bonus; 1 civil action back per technology developed
  (a revolution counts, L999).
* J. S. Bach — +1 culture per theater; theater technologies 2 science less; once per turn
  option ``bach:<building>:<theater>``: 1 civil action + the build-cost difference (never a
  refund) turns an urban building into a theater of the same or a higher level.
* Maximilien Robespierre — a revolution costs every military action instead of every civil
  one (``develop.MILITARY_REVOLUTION``) and scores 3 culture.
* Napoleon Bonaparte — +2 strength per unit type you have (infantry, cavalry, artillery,
  air force).

Hooks for the colonization module (POLITICS wave): ``colonization_discards`` (James Cook)
and ``infantry_as_cavalry`` (Genghis Khan's armies in a colonization force).

Age III: ``leaders_age_iii`` (Einstein, Gates, Chaplin, Gandhi, Sid Meier, Churchill); its
``ACTIONS`` are merged into ``ACTIONS`` here, the one export the engine merges, and
Einstein's lab/library bonus is registered below with Leonardo's and Newton's.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import Event, Option
from engines.core.fast import event, fast_option
from engines.core.seams import add_once
from engines.tta import (
    colonization,
    end_of_turn,
    interrupts,
    leaders_age_iii,
    play,
    politics,
    prompts,
    ratings,
    row,
    tokens,
)
from engines.tta.actions import develop, leader, population
from engines.tta.actions.build import urban_count
from engines.tta.actions.costs import (
    BUILD_COST_MODIFIERS,
    build_cost,
    military_funds,
    pay_military,
    upgrade_cost,
)
from engines.tta.facts import AGE, CUL, KIND, SCI, STR, SUBTYPE
from engines.tta.ratings import civil_left, military_left, urban_limit
from engines.tta.state import Civ, TtaState
from engines.tta.wonders import happy_by_source

ALEXANDER = "A_alexander_the_great"
ARISTOTLE = "A_aristotle"
HAMMURABI = "A_hammurabi"
HOMER = "A_homer"
CAESAR = "A_julius_caesar"
MOSES = "A_moses"
COLUMBUS = "I_christopher_columbus"
BARBAROSSA = "I_frederick_barbarossa"
GENGHIS = "I_genghis_khan"
JOAN = "I_joan_of_arc"
LEONARDO = "I_leonardo_da_vinci"
MICHELANGELO = "I_michelangelo"
SHAKESPEARE = "II_william_shakespeare"
COOK = "II_james_cook"
NEWTON = "II_isaac_newton"
BACH = "II_j_s_bach"
ROBESPIERRE = "II_maximilien_robespierre"
NAPOLEON = "II_napoleon_bonaparte"

#: Genghis Khan's culture needs fewer than this many strictly stronger civilizations, by
#: player count (CC ``top_n`` 1 / 2 / 2: one of the two strongest, the strongest at 2
#: players; ties count in his favour)
GENGHIS_TOP = {2: 1, 3: 2, 4: 2}
GENGHIS_CULTURE = 3
ROBESPIERRE_CULTURE = 3
SHAKESPEARE_PAIR_CULTURE = 2


def _leader(st: TtaState, seat: int) -> str | None:
    return st.civs[seat].leader


def _count(civ: Civ, kind: str, subtype: str | None = None) -> int:
    """Workers on the cards of one kind (and subtype): buildings or units."""
    total = 0  # a loop: faster than a generator (leaders' ratings run on every rating)
    for t, n in civ.workers.items():
        if n and KIND[t] == kind and (subtype is None or SUBTYPE[t] == subtype):
            total += n
    return total


def _retire(st: TtaState, seat: int, card: str) -> None:
    """``card``, the leader in play, leaves play and the game."""
    civ = st.civs[seat]
    play.leave(st, seat, card)
    civ.leader = None
    play.discard_civil(st, card)


# -- strength -----------------------------------------------------------------------------
def _alexander(civ: Civ, r: list[int]) -> None:
    r[STR] += _count(civ, "unit")


def _napoleon(civ: Civ, r: list[int]) -> None:
    types = {SUBTYPE[t] for t, n in civ.workers.items() if n and KIND[t] == "unit"}
    r[STR] += 2 * len(types)


def infantry_as_cavalry(civ: Civ) -> bool:
    """Genghis Khan: infantry may fill cavalry slots (the tactic's armies, colonization
    forces)."""
    return civ.leader == GENGHIS


def _genghis_end(st: TtaState, seat: int) -> list[Event]:
    mine = ratings.strength(st.civs[seat])
    stronger = sum(1 for i, c in enumerate(st.civs)
                   if i != seat and not c.resigned and ratings.strength(c) > mine)
    if stronger >= GENGHIS_TOP[st.count_left()]:
        return []
    st.civs[seat].culture += GENGHIS_CULTURE
    return [event("ability", seat, {"card": GENGHIS, "culture": GENGHIS_CULTURE})]


def _joan(civ: Civ, r: list[int]) -> None:
    faces = happy_by_source(civ)
    r[STR] += sum(h for c, h in faces.items()
                  if c == civ.government or (KIND.get(c) == "urban" and SUBTYPE[c] == "temple"))


# -- culture ------------------------------------------------------------------------------
def _michelangelo(civ: Civ, r: list[int]) -> None:
    faces = happy_by_source(civ)
    r[CUL] += sum(h for c, h in faces.items()
                  if (KIND.get(c) == "urban" and SUBTYPE[c] in ("temple", "theater"))
                  or (KIND.get(c) == "wonder" and c in civ.wonders))


def _shakespeare(civ: Civ, r: list[int]) -> None:
    pairs = min(_count(civ, "urban", "library"), _count(civ, "urban", "theater"))
    r[CUL] += SHAKESPEARE_PAIR_CULTURE * pairs


def _cook(civ: Civ, r: list[int]) -> None:
    n = len(civ.colonies)
    if n:
        r[CUL] += 2 + (n - 1)


def _bach(civ: Civ, r: list[int]) -> None:
    r[CUL] += _count(civ, "urban", "theater")


# -- science ------------------------------------------------------------------------------
def best_lab_or_library(civ: Civ) -> int:
    """The level of the highest lab or library with a worker (0 without one)."""
    return max((AGE[t] for t, n in civ.workers.items()
                if n and KIND[t] == "urban" and SUBTYPE[t] in ("lab", "library")), default=0)


def _lab_bonus(civ: Civ, r: list[int]) -> None:
    r[SCI] += best_lab_or_library(civ)


def _is_urban(card: str, subtype: str) -> bool:
    return KIND[card] == "urban" and SUBTYPE[card] == subtype


def _shakespeare_science(civ: Civ, card: str, cost: int) -> int:
    if ((_is_urban(card, "theater") and _count(civ, "urban", "library"))
            or (_is_urban(card, "library") and _count(civ, "urban", "theater"))):
        return cost - 1
    return cost


def _shakespeare_build(civ: Civ, card: str, cost: int) -> int:
    return _shakespeare_science(civ, card, cost)  # the same condition, 1 resource less


def _bach_science(civ: Civ, card: str, cost: int) -> int:
    return cost - 2 if _is_urban(card, "theater") else cost


def _aristotle(st: TtaState, seat: int, card: str) -> None:
    if KIND[card] in row.TECH_KINDS:
        st.civs[seat].science += 1


def _leonardo(st: TtaState, seat: int, card: str) -> None:
    tokens.gain(st.civs[seat], "mine", 1)


def _newton(st: TtaState, seat: int, card: str) -> None:
    civ = st.civs[seat]
    if civ.ca_spent > 0:
        civ.ca_spent -= 1


def _robespierre(st: TtaState, seat: int, card: str) -> None:
    st.civs[seat].culture += ROBESPIERRE_CULTURE


# -- costs --------------------------------------------------------------------------------
def _hammurabi_take(st: TtaState, seat: int, card: str, cost: int) -> int:
    return cost - 1 if KIND[card] == "leader" else cost


def _michelangelo_take(st: TtaState, seat: int, card: str, cost: int) -> int:
    return cost - len(st.civs[seat].wonders) if KIND[card] == "wonder" else cost


def _moses(civ: Civ, cost: int) -> int:
    return cost - 1


# -- Homer's unit credit ------------------------------------------------------------------
def _homer_credit(civ: Civ) -> None:
    civ.marks["mil_credit"] = civ.marks.get("mil_credit", 0) + 1
    civ.marks["homer_credit"] = 1


def _homer_enter(st: TtaState, seat: int) -> None:
    civ = st.civs[seat]
    if not civ.marks.get("homer_credit"):
        _homer_credit(civ)


def _homer_leave(st: TtaState, seat: int) -> None:
    """His unused credit leaves with him."""
    civ = st.civs[seat]
    if civ.marks.pop("homer_credit", 0) and civ.marks.get("mil_credit", 0) > 0:
        civ.marks["mil_credit"] -= 1


def _homer_renew(st: TtaState, seat: int) -> list[Event]:
    _homer_credit(st.civs[seat])  # for the next turn (the marks were just reset)
    return []


# -- action-phase powers (group ``other``) -----------------------------------------------
def hammurabi_options(st: TtaState, seat: int) -> list[Option]:
    civ = st.civs[seat]
    if civ.leader != HAMMURABI or civ.marks.get("hammurabi") or military_left(civ) < 1:
        return []
    return [fast_option("hammurabi", "military_as_civil",
                        {"card": HAMMURABI, "ma": 1, "gain_ca": 1}, HAMMURABI, None, "other")]


def hammurabi(st: TtaState, seat: int, arg: str) -> list[Event]:
    civ = st.civs[seat]
    civ.marks["hammurabi"] = 1
    civ.ma_spent += 1
    civ.ca_spent -= 1
    return [event("ability", seat, {"card": HAMMURABI, "ma": 1, "gain_ca": 1})]


def _barbarossa_costs(civ: Civ, unit: str) -> tuple[int, int] | None:
    food = population.food_cost(civ)
    if food is None:
        return None
    return max(0, food - 1), max(0, build_cost(civ, unit) - 1)


def barbarossa_options(st: TtaState, seat: int) -> list[Option]:
    civ = st.civs[seat]
    if civ.leader != BARBAROSSA or military_left(civ) < 1:
        return []
    out = []
    food_stock = tokens.food(civ)
    funds = military_funds(civ)
    for t in civ.workers:
        if KIND[t] != "unit":
            continue
        costs = _barbarossa_costs(civ, t)
        if costs is None:
            return []
        food, res = costs
        if food <= food_stock and res <= funds:
            out.append(fast_option(f"barbarossa:{t}", "barbarossa",
                                   {"card": t, "ma": 1, "food": food, "res": res}, t, None,
                                   "other"))
    return out


def barbarossa(st: TtaState, seat: int, unit: str) -> list[Event]:
    """Population + a unit on the new worker for one military action (L648-L683 and
    L755-L770 at 1 food and 1 resource less)."""
    civ = st.civs[seat]
    costs = _barbarossa_costs(civ, unit)
    assert costs is not None
    food, res = costs
    civ.ma_spent += 1
    tokens.pay(civ, "farm", food)
    civ.yellow_bank -= 1
    pay_military(civ, res)
    civ.workers[unit] += 1
    return [event("population", seat, {"food": food, "ma": 1, "by": BARBAROSSA}),
            event("built", seat, {"card": unit, "res": res, "by": BARBAROSSA})]


def bach_options(st: TtaState, seat: int) -> list[Option]:
    civ = st.civs[seat]
    if civ.leader != BACH or civ.marks.get("bach") or civil_left(civ) < 1:
        return []
    theaters = [t for t in civ.workers if _is_urban(t, "theater")]
    if not theaters or urban_count(civ, "theater") >= urban_limit(civ):
        return []
    res = tokens.resources(civ)
    out = []
    for src, n in civ.workers.items():
        if not n or KIND[src] != "urban" or SUBTYPE[src] == "theater":
            continue
        for dst in theaters:
            if AGE[dst] >= AGE[src]:
                cost = upgrade_cost(civ, src, dst)
                if cost <= res:
                    out.append(fast_option(f"bach:{src}:{dst}", "bach_theater",
                                           {"card": src, "to": dst, "ca": 1, "res": cost},
                                           dst, None, "other"))
    return out


def bach(st: TtaState, seat: int, arg: str) -> list[Event]:
    src, _, dst = arg.partition(":")
    civ = st.civs[seat]
    cost = upgrade_cost(civ, src, dst)
    civ.marks["bach"] = 1
    civ.ca_spent += 1
    tokens.pay(civ, "mine", cost)
    civ.workers[src] -= 1
    civ.workers[dst] += 1
    return [event("upgraded", seat, {"card": src, "to": dst, "res": cost, "by": BACH})]


def homer_options(st: TtaState, seat: int) -> list[Option]:
    """Replacing Homer and tucking him under a completed wonder (group ``play``)."""
    civ = st.civs[seat]
    if civ.leader != HOMER or not civ.wonders or civil_left(civ) < 1:
        return []
    return [fast_option(f"homer:{c}:{w}", "replace_homer_tuck",
                        {"card": c, "ca": 1, "replaces": HOMER, "under": w}, c, None, "play")
            for c in dict.fromkeys(civ.hand) if KIND[c] == "leader"
            for w in dict.fromkeys(civ.wonders)]


def homer(st: TtaState, seat: int, arg: str) -> list[Event]:
    card, _, wonder = arg.partition(":")
    events = leader.do(st, seat, card)
    civ = st.civs[seat]
    civ.ca_spent += 1  # the civil action normally given back is forfeited (CC)
    civ.tucked = wonder
    events.append(event("ability", seat, {"card": HOMER, "under": wonder}))
    return events


# -- political actions ---------------------------------------------------------------------
def alexander_options(st: TtaState, seat: int) -> list[Option]:
    if _leader(st, seat) != ALEXANDER:
        return []
    return [fast_option("alexander", "retire_alexander", {"card": ALEXANDER, "yellow": 1},
                        ALEXANDER, None, "other")]


def alexander(st: TtaState, seat: int, arg: str) -> list[Event]:
    """Alexander leaves the game; a new yellow token from the box into the yellow bank."""
    civ = st.civs[seat]
    _retire(st, seat, ALEXANDER)
    civ.yellow_bank += 1
    civ.yellow_box += 1
    return [event("ability", seat, {"card": ALEXANDER, "yellow": 1, "retired": True})]


def columbus_options(st: TtaState, seat: int) -> list[Option]:
    civ = st.civs[seat]
    if civ.leader != COLUMBUS:
        return []
    return [fast_option(f"columbus:{c}", "columbus_colonize", {"card": c}, c, None, "other")
            for c in dict.fromkeys(civ.military) if KIND[c] == "territory"]


def columbus(st: TtaState, seat: int, territory: str) -> list[Event]:
    civ = st.civs[seat]
    _retire(st, seat, COLUMBUS)
    civ.military.remove(territory)
    events = [event("ability", seat, {"card": COLUMBUS, "territory": territory,
                                      "retired": True})]
    events.extend(interrupts.start(st, "columbus", seat, territory))
    return events


def _columbus_colony(ctx: interrupts.TtaCtx, seat: int, territory: str) -> None:
    ctx.emit("colonized", seat, {"card": territory, "bid": 0, "force": 0, "units": {},
                                 "bonus": [], "by": COLUMBUS})
    colonization.gain_colony(ctx, seat, territory)


def _caesar_second(st: TtaState, seat: int) -> bool:
    """After a political action: open a second one, once per game (CC)."""
    civ = st.civs[seat]
    if CAESAR in civ.used_powers:
        return False
    if civ.marks.get("caesar"):
        civ.used_powers.append(CAESAR)  # this was the second one
        return False
    civ.marks["caesar"] = 1
    return True


def _joan_peek(st: TtaState, seat: int) -> list[Event]:
    if not st.current_events:
        return []
    return [event("peeked", seat, {"card": JOAN, "event": st.current_events[-1]}, [seat])]


def colonization_discards(civ: Civ) -> tuple[int, int]:
    """James Cook: (military cards that may be discarded when sending a colonization force,
    colonization bonus per card); (0, 0) without him."""
    return (2, 1) if civ.leader == COOK else (0, 0)


#: action-phase option id prefix -> what applies it (engine.ACTIONS)
ACTIONS: dict[str, Callable[[TtaState, int, str], list[Event]]] = {
    "hammurabi": hammurabi,
    "barbarossa": barbarossa,
    "bach": bach,
    "homer": homer,
    **leaders_age_iii.ACTIONS,
}


def register() -> None:
    """Plug every ability into its seam (idempotent)."""
    ratings.MODIFIERS.update({
        ALEXANDER: _alexander, JOAN: _joan, LEONARDO: _lab_bonus,
        MICHELANGELO: _michelangelo, SHAKESPEARE: _shakespeare, COOK: _cook,
        NEWTON: _lab_bonus, BACH: _bach, NAPOLEON: _napoleon,
        leaders_age_iii.EINSTEIN: _lab_bonus,
    })
    row.TAKE_COST_MODIFIERS.update({HAMMURABI: _hammurabi_take,
                                    MICHELANGELO: _michelangelo_take})
    row.ON_TAKE[ARISTOTLE] = _aristotle
    population.FOOD_MODIFIERS[MOSES] = _moses
    develop.SCIENCE_MODIFIERS.update({SHAKESPEARE: _shakespeare_science, BACH: _bach_science})
    develop.ON_DEVELOP.update({LEONARDO: _leonardo, NEWTON: _newton})
    develop.MILITARY_REVOLUTION.add(ROBESPIERRE)
    develop.ON_REVOLUTION[ROBESPIERRE] = _robespierre
    BUILD_COST_MODIFIERS[SHAKESPEARE] = _shakespeare_build
    play.ON_ENTER[HOMER] = _homer_enter
    play.ON_LEAVE[HOMER] = _homer_leave
    end_of_turn.END_OF_TURN_HOOKS.update({HOMER: _homer_renew, GENGHIS: _genghis_end})
    for source in (hammurabi_options, barbarossa_options, bach_options, homer_options):
        add_once(prompts.OPTION_SOURCES, source)
    for source in (alexander_options, columbus_options):
        add_once(politics.OPTION_SOURCES, source)
    politics.ACTIONS.update({"alexander": alexander, "columbus": columbus})
    politics.SECOND_ACTION[CAESAR] = _caesar_second
    politics.ON_START[JOAN] = _joan_peek
    interrupts.EFFECTS["columbus"] = _columbus_colony


register()
