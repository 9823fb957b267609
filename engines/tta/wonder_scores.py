"""The Age III wonders' one-time culture on completion (scope §15; L1951-L1955; CC
``on_complete_culture``).

The book (L1955) only says an Age III wonder scores, once, culture counted from the other
cards and workers in your play area when it is completed, and leaves the details to the
appendix our copy lacks; the formulas are the card texts of the reference (``formula``,
confidence high: BGA, ptarjan, the CGE app agree), and where a card is silent we follow the
reference's primary source, BGA's implementation (reference README "Provenance": github
srussking/throughtheages @45b1c03, ``throughtheagesmobilereadability.game.php``,
``fast_food_chains_III_played``, ``first_space_flight_III_played``, ``hollywood_III_played``,
``internet_III_played``, whose leader lists are the ones below):

* Fast Food Chains — 1 culture per worker on an urban building or a military unit (air
  forces included), 2 per worker on a farm or mine;
* First Space Flight — the total level of your technology cards in play: farms, mines,
  urban buildings, units, special technologies and the government, with or without
  workers; the Age A ones printed on the board are level 0;
* Hollywood — twice the culture your theaters and libraries produce, the leader's
  modifiers to that culture included (Shakespeare's pairs, Bach's +1 per theater,
  Chaplin's doubled best theater: ``HOLLYWOOD_ABILITIES``);
* Internet — the culture and science your urban buildings produce plus the strength they
  give, the leader's modifiers to them included (the above, the best lab/library bonus of
  Leonardo, Newton and Einstein, Sid Meier's culture and −1 science per lab:
  ``INTERNET_ABILITIES``); other sources (the government, wonders, Michelangelo's faces,
  Bill Gates's resources) are not the buildings' production.

A leader's share is read from its ``ratings.MODIFIERS`` entry applied to a zero rating
(every modifier adds to the ratings it is given), so a leader's ability lives in one place.
The culture is scored when the wonder's last stage is built (``actions.wonder.ON_COMPLETE``:
the ``wonder:<n>`` option and Engineering Genius alike), logged as an ``ability`` event
(``card``, ``culture``).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import Event
from engines.core.fast import event
from engines.tta import ratings
from engines.tta.actions import wonder
from engines.tta.facts import ABILITIES, AGE, CUL, KIND, OUT, SCI, STR, SUBTYPE
from engines.tta.state import Civ, TtaState

FAST_FOOD_CHAINS = "III_fast_food_chains"
FIRST_SPACE_FLIGHT = "III_first_space_flight"
HOLLYWOOD = "III_hollywood"
INTERNET = "III_internet"

#: leader abilities that change the culture of theaters and libraries (CC vocabulary)
HOLLYWOOD_ABILITIES = frozenset({"library_theater_synergy", "culture_per_building",
                                 "best_theater_culture_multiplier"})
#: leader abilities that change the culture or science of urban buildings
INTERNET_ABILITIES = HOLLYWOOD_ABILITIES | {"best_lab_or_library_bonus",
                                           "lab_culture_per_level"}


def _leader_share(civ: Civ, abilities: frozenset[str]) -> list[int]:
    """What the leader in play adds to the ratings, if one of its abilities is in
    ``abilities`` (its ``MODIFIERS`` entry on a zero rating), else zeros."""
    r = [0, 0, 0, 0, 0, 0]
    leader = civ.leader
    if leader is None or not abilities.intersection(ABILITIES.get(leader, ())):
        return r
    modify = ratings.MODIFIERS.get(leader)
    if modify is not None:
        modify(civ, r)
    return r


def fast_food_chains(civ: Civ) -> int:
    """1 per worker on urban buildings and units, 2 per worker on farms and mines."""
    total = 0
    for t, n in civ.workers.items():
        kind = KIND[t]
        total += n * (2 if kind in ("farm", "mine") else 1 if kind in ("urban", "unit") else 0)
    return total


def first_space_flight(civ: Civ) -> int:
    """The levels of every technology card in play, the government included."""
    return AGE[civ.government] + sum(AGE[t] for t in civ.techs)


def hollywood(civ: Civ) -> int:
    """Twice the culture of theaters and libraries, leader modifiers included."""
    culture = sum(OUT[t][CUL] * n for t, n in civ.workers.items()
                  if n and KIND[t] == "urban" and SUBTYPE[t] in ("theater", "library"))
    return 2 * (culture + _leader_share(civ, HOLLYWOOD_ABILITIES)[CUL])


def internet(civ: Civ) -> int:
    """Culture + science of urban buildings (leader modifiers included) + their strength."""
    total = sum((OUT[t][CUL] + OUT[t][SCI] + OUT[t][STR]) * n
                for t, n in civ.workers.items() if n and KIND[t] == "urban")
    share = _leader_share(civ, INTERNET_ABILITIES)
    return total + share[CUL] + share[SCI]


#: Age III wonder -> the culture it scores when completed by this civilization
SCORES: dict[str, Callable[[Civ], int]] = {
    FAST_FOOD_CHAINS: fast_food_chains, FIRST_SPACE_FLIGHT: first_space_flight,
    HOLLYWOOD: hollywood, INTERNET: internet}


def _scorer(card: str) -> Callable[[TtaState, int], list[Event]]:
    count = SCORES[card]

    def score(st: TtaState, seat: int) -> list[Event]:
        culture = count(st.civs[seat])
        st.civs[seat].culture += culture
        return [event("ability", seat, {"card": card, "culture": culture})]

    return score


def register() -> None:
    for card in SCORES:
        wonder.ON_COMPLETE[card] = _scorer(card)


register()
