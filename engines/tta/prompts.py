"""The open question of a position and its options (vocabulary: README.md).

One prompt at a time, to the current seat: ``politics`` (private: it lists military
cards), ``action`` (layout ``panel``: options grouped ``take`` / ``build`` / ``upgrade`` /
``play`` / ``other`` / ``turn``) or ``discard`` (private, layout ``pick``). Token payments
are never asked (platform §4.4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.contract import Event, Option, Prompt
from engines.core.fast import OptionCache, fast_option, fast_prompt
from engines.tta import interrupts, politics, row
from engines.tta.actions import (
    action_cards,
    build,
    destroy,
    develop,
    leader,
    population,
    tactics,
    upgrade,
    wonder,
)
from engines.tta.facts import AGE, KIND
from engines.tta.ratings import civil_left, military_left
from engines.tta.state import TtaState
from engines.tta.turn import discards_needed

END = fast_option("end", "end_turn", {}, None, None, "turn")

#: action-phase option id prefix -> what applies it (``arg`` is the id after the first
#: colon), beside the options it answers; ``engine.ACTIONS`` adds the abilities' powers
RULE_ACTIONS: dict[str, Callable[[TtaState, int, str], list[Event]]] = {
    "take": lambda st, seat, arg: row.take(st, seat, int(arg) - 1),
    "pop": population.do,
    "build": build.do,
    "upgrade": upgrade.do,
    "destroy": destroy.do,
    "disband": destroy.do,
    "develop": develop.do,
    "revolution": develop.revolution,
    "leader": leader.do,
    "wonder": wonder.do,
    "action": action_cards.do,
    "back": action_cards.back,  # leaves an action card's follow-up prompt
    "tactic": tactics.play,
    "copy_tactic": tactics.copy,
}

#: abilities' action-phase options (leaders' and wonders' powers, group ``other``): each
#: source gives the current seat's legal ones from round 2 (engines/tta/leaders.py, wonders.py)
OPTION_SOURCES: list[Callable[[TtaState, int], list[Option]]] = []

#: ``STEPS[step](st) -> prompt``: the current seat's own question at a step a rule module
#: adds (the resignation's confirmation, ``resignation.py``)
STEPS: dict[str, Callable[[TtaState], Prompt]] = {}

#: discard order for timeouts: oldest age first; events and territories, then bonus cards,
#: then tactics (platform §4.5)
_DISCARD_RANK = {"event": 0, "territory": 0, "bonus": 1, "tactic": 2}


def _take_option(key: tuple[Any, ...]) -> Option:
    slot, card, ca = key
    return fast_option(f"take:{slot + 1}", "take", {"card": card, "slot": slot + 1, "ca": ca},
                       card, None, "take")


#: ``take:<slot>`` options by ``(slot, card, cost)``: built once, then shared
_TAKE = OptionCache(_take_option)


def take_options(st: TtaState, seat: int) -> list[Option]:
    """The slots ``row.can_take`` allows (``row.takeable``): the hot path (§4.8)."""
    cache = _TAKE
    return [cache[t] for t in row.takeable(st, seat)]


def action_options(st: TtaState, seat: int) -> list[Option]:
    opts = take_options(st, seat)
    if st.round > 1:
        opts.extend(population.options(st, seat))
        opts.extend(build.options(st, seat))
        opts.extend(upgrade.options(st, seat))
        opts.extend(develop.options(st, seat))
        opts.extend(leader.options(st, seat))
        opts.extend(action_cards.options(st, seat))
        opts.extend(tactics.options(st, seat))
        opts.extend(wonder.options(st, seat))
        opts.extend(destroy.options(st, seat))
        for source in OPTION_SOURCES:
            opts.extend(source(st, seat))
    opts.append(END)
    return opts


def discard_options(st: TtaState, seat: int) -> list[Option]:
    cards = sorted(dict.fromkeys(st.civs[seat].military),
                   key=lambda c: (AGE[c], _DISCARD_RANK.get(KIND[c], 3), c))
    return [fast_option(f"discard:{c}", "discard", {"card": c}, c, None, None) for c in cards]


def options(st: TtaState) -> list[Option]:
    seat = st.current
    if st.step == "politics":
        return politics.options(st, seat)
    if st.step in STEPS:
        return STEPS[st.step](st).options
    if st.step == "discard":
        return discard_options(st, seat)
    if st.step == "action_card":
        return action_cards.follow_up(st, seat)
    return action_options(st, seat)


def prompts(st: TtaState) -> list[Prompt]:
    if st.phase == "over":
        return []
    if st.interrupt is not None:  # an event or auction asks (``interrupts``)
        return interrupts.prompts(st)
    seat = st.current
    civ = st.civs[seat]
    params = {"round": st.round, "age": st.age, "ca_left": civil_left(civ),
              "ma_left": military_left(civ)}
    if st.step == "politics":
        return [fast_prompt(seat, "politics", options(st), params, True, "panel")]
    if st.step in STEPS:
        return [STEPS[st.step](st)]
    if st.step == "discard":
        params["discards"] = discards_needed(st)
        return [fast_prompt(seat, "discard", options(st), params, True, "pick")]
    if st.step == "action_card":  # an action card's targets, with ``back`` (platform §4.3)
        return [fast_prompt(seat, "action_card", options(st),
                            {**params, "card": st.action_card}, False)]
    # this turn's credits restricted to units (Patriotism, Homer, Churchill: costs.py, develop.py)
    for mark, key in (("mil_credit", "mil_res"), ("mil_sci", "mil_sci")):
        if civ.marks.get(mark):
            params[key] = civ.marks[mark]
    return [fast_prompt(seat, "action", options(st), params, False, "panel")]
