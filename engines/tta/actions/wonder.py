"""Build wonder stages (L830-L842, L865, L916, L987).

1 civil action + the cost of the leftmost uncovered stage(s), in order; each built stage is
covered by a blue token from the blue bank (L841-L842) — from a farm/mine card, lowest
value first, when the bank is empty (PB ``blue_bank.rules[3]``, ruling B6). With a
construction technology one civil action builds up to 2/3/4 stages paying the sum (L987).
Completion (L869-L885): the tokens go back to the bank and the wonder's effects start at
once (Pyramids' civil action is usable this turn, L881, X13); a one-time effect on
completion (the Age III wonders' culture, L1951-L1955) plugs into ``ON_COMPLETE``. Every
completion — the ``wonder:<n>`` option or Engineering Genius — goes through
``build_stages``. Option ``wonder:<n>``.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import Event, Option
from engines.core.fast import event, fast_option
from engines.tta import tokens
from engines.tta.actions.costs import stages_per_action
from engines.tta.facts import STAGES, VALUE
from engines.tta.play import enter
from engines.tta.ratings import civil_left
from engines.tta.state import Civ, TtaState

#: ``ON_COMPLETE[wonder](st, seat)``: its one-time effect when completed, after it entered
#: play; returns the events it logs (engines/tta/wonder_scores.py)
ON_COMPLETE: dict[str, Callable[[TtaState, int], list[Event]]] = {}
#: ``AFTER_COMPLETE[i](st, seat)``: after any wonder is completed (pacts counting wonders)
AFTER_COMPLETE: list[Callable[[TtaState, int], None]] = []


def stage_cost(civ: Civ, n: int) -> int:
    """Resources for the next ``n`` stages of the unfinished wonder."""
    assert civ.wonder is not None
    return sum(STAGES[civ.wonder][civ.stages:civ.stages + n])


def _tokens_anywhere(civ: Civ) -> int:
    return civ.blue_bank + sum(civ.blue.values())


def options(st: TtaState, seat: int) -> list[Option]:
    civ = st.civs[seat]
    if civ.wonder is None or civil_left(civ) < 1:
        return []
    left = len(STAGES[civ.wonder]) - civ.stages
    res = tokens.resources(civ)
    out = []
    for n in range(1, min(left, stages_per_action(civ)) + 1):
        cost = stage_cost(civ, n)
        if cost > res or _tokens_anywhere(civ) < n:
            break
        out.append(fast_option(f"wonder:{n}", "wonder_stage",
                               {"card": civ.wonder, "stages": n, "ca": 1, "res": cost},
                               civ.wonder, None, "turn"))
    return out


def _cover(civ: Civ) -> None:
    """One blue token onto the wonder: from the bank, else from a card (ruling B6)."""
    if civ.blue_bank:
        civ.blue_bank -= 1
    else:
        card = min((t for t, n in civ.blue.items() if n), key=VALUE.__getitem__)
        civ.blue[card] -= 1
    civ.stages += 1


def build_stages(st: TtaState, seat: int, n: int, cost: int) -> list[Event]:
    """Pay ``cost`` and build ``n`` stages; completes the wonder after its last one."""
    civ = st.civs[seat]
    wonder = civ.wonder
    assert wonder is not None
    tokens.pay(civ, "mine", cost)
    for _ in range(n):
        _cover(civ)
    events = [event("wonder_stage", seat, {"card": wonder, "stages": n, "res": cost,
                                           "built": civ.stages})]
    if civ.stages == len(STAGES[wonder]):
        civ.blue_bank += civ.stages  # L873
        civ.stages = 0
        civ.wonder = None
        civ.wonders.append(wonder)
        enter(st, seat, wonder)
        events.append(event("wonder_completed", seat, {"card": wonder}))
        once = ON_COMPLETE.get(wonder)
        if once is not None:
            events.extend(once(st, seat))
        for hook in AFTER_COMPLETE:
            hook(st, seat)
    return events


def do(st: TtaState, seat: int, arg: str) -> list[Event]:
    civ = st.civs[seat]
    n = int(arg)
    civ.ca_spent += 1
    return build_stages(st, seat, n, stage_cost(civ, n))
