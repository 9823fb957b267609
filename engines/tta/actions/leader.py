"""Play a leader (L772-L800) or replace one (L802-L829): 1 civil action; effects at once
(L786); a leader may be taken and played in one turn (L782). The replaced leader leaves
the game and gives 1 civil action back (L806-L814), only if one was in play
(L2168-L2170); with no civil action left nothing can be played (L818-L822, X12). Not in the
first round (L402). Option ``leader:<card>``."""

from __future__ import annotations

from typing import Any

from engines.core.contract import Event, Option
from engines.core.fast import OptionCache, event, fast_option
from engines.tta.action_tokens import spent_first
from engines.tta.facts import KIND
from engines.tta.play import discard_civil, enter, leave
from engines.tta.ratings import civil_left
from engines.tta.state import TtaState


def options(st: TtaState, seat: int) -> list[Option]:
    civ = st.civs[seat]
    if civil_left(civ) < 1:
        return []
    cache = _OPTIONS
    return [cache[c, civ.leader] for c in dict.fromkeys(civ.hand) if KIND[c] == "leader"]


def _option(key: tuple[Any, ...]) -> Option:
    card, replaces = key
    return fast_option(f"leader:{card}", "play_leader",
                       {"card": card, "ca": 1, "replaces": replaces}, card, None, "play")


#: ``leader:<card>`` options by ``(card, leader replaced)``: built once, then shared
_OPTIONS = OptionCache(_option)


def do(st: TtaState, seat: int, card: str) -> list[Event]:
    civ = st.civs[seat]
    civ.ca_spent += 1
    civ.hand.remove(card)
    if card in civ.taken:
        civ.taken.remove(card)
    old = civ.leader
    left: list[Event] = []
    with spent_first(civ):  # a red token lost with the old leader: a spent one (L910)
        if old is not None:
            left = leave(st, seat, old)  # what the old leader does as it leaves (Gates)
            discard_civil(st, old)
            civ.ca_spent -= 1  # the civil action comes back (L806-L814)
            civ.marks["leader_replaced"] = 1  # Taj Mahal reads it (CC)
        civ.leader = card
        enter(st, seat, card)
    return [event("leader", seat, {"card": card, "replaced": old}), *left]
