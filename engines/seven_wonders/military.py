"""Military conflicts at the end of each Age (rulebook "結算軍事衝突").

Each city compares its shields (red cards and wonder stages) with each neighbour: more
takes that Age's victory token (+1 / +3 / +5), fewer takes a defeat token (-1), equal
takes nothing.
"""

from __future__ import annotations

from engines.core.contract import Event
from engines.core.fast import event
from engines.seven_wonders.facts import DEFEAT_TOKEN, VICTORY_TOKEN
from engines.seven_wonders.state import SevenWondersState, left_of, right_of


def conflicts(st: SevenWondersState, events: list[Event]) -> None:
    win = VICTORY_TOKEN[st.age]
    shields = st.shields
    for seat in range(st.players):
        for side, other in (("left", left_of(st, seat)), ("right", right_of(st, seat))):
            mine, theirs = shields[seat], shields[other]
            if mine == theirs:
                token = 0
            else:
                token = win if mine > theirs else DEFEAT_TOKEN
                st.tokens[seat].append(token)
            events.append(event("conflict", seat, {
                "age": st.age, "neighbour": other, "side": side, "shields": mine,
                "neighbour_shields": theirs, "token": token}))


def military_points(st: SevenWondersState, seat: int) -> int:
    return sum(st.tokens[seat])
