"""Who may attack whom and at what cost: the rules aggressions and wars share (scope §23-§25;
PB ``conflict``; book L1977-L2033).

An aggression or a war is played as the political action and costs the card's military
actions (MC ``cost``, L1999, L2019). Mahatma Gandhi's owner may play neither, and attacking
him costs double (CC ``attack_cost_multiplier_against_owner``). Pacts add their own limits
and ends through two seams the pact rules fill: ``ATTACK_CHECKS`` (a pact that forbids
attacks between its parties, MC ``forbids_attack_between_parties``) and ``ON_ATTACK`` (a pact
that ends when one party attacks the other, MC ``ends_if_parties_attack_each_other``).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import Event
from engines.tta.catalogue import MILITARY
from engines.tta.state import TtaState

GANDHI = "III_mahatma_gandhi"
#: what attacking Gandhi's owner costs, times the card's military actions (CC)
GANDHI_COST_FACTOR = 2

#: ``ATTACK_CHECKS[i](st, attacker, defender) -> True`` when the attack is forbidden
ATTACK_CHECKS: list[Callable[[TtaState, int, int], bool]] = []
#: ``ON_ATTACK[i](st, attacker, defender) -> events``: run when an aggression is played or a
#: war declared, before its effect
ON_ATTACK: list[Callable[[TtaState, int, int], list[Event]]] = []


def printed_cost(card: str) -> int:
    """The military actions printed on an aggression or war card (MC ``cost``)."""
    cost = MILITARY[card].cost or {}
    return int(cost.get("military_actions", 0))


def attack_cost(st: TtaState, attacker: int, defender: int, card: str) -> int:
    """The military actions ``attacker`` pays to play ``card`` against ``defender``."""
    factor = GANDHI_COST_FACTOR if st.civs[defender].leader == GANDHI else 1
    return printed_cost(card) * factor


def may_attack(st: TtaState, attacker: int, defender: int) -> bool:
    """Whether ``attacker`` may play an aggression or declare a war on ``defender`` at all
    (strength and military actions aside): never oneself, never with Gandhi in play, never
    across a pact that forbids it, never a seat that resigned (L2071)."""
    if (attacker == defender or st.civs[attacker].leader == GANDHI
            or st.civs[defender].resigned):
        return False
    for check in ATTACK_CHECKS:  # noqa: SIM110 - a loop: faster than a generator
        if check(st, attacker, defender):
            return False
    return True


def attacked(st: TtaState, attacker: int, defender: int) -> list[Event]:
    """The attack is made (an aggression played or a war declared): the ``ON_ATTACK`` rules."""
    events: list[Event] = []
    for hook in ON_ATTACK:
        events.extend(hook(st, attacker, defender))
    return events
