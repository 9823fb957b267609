"""Age transitions, the last round (scope §27; L1815-L1886).

Age A ends at the first replenish and only the decks change (L1815-L1821). Ages I and II
end the moment the last card of their civil deck is dealt (L1825; ruling B2), then in
order: antiquated cards (of the age before the one that ended) leave the hands
(L1835-L1839); antiquated leaders and unfinished wonders leave play, the wonder's tokens
back to the bank (L1841-L1847); completed wonders and the rest stay (L1849); each player
returns 2 yellow-bank tokens to the box (L1851-L1857); the next age's decks become current
and the old military deck leaves (L1859-L1861); event decks are untouched (L1863).
The first game's Age III has no decks: no refill, no military draws (L1873-L1877, L1793).
The full game plays Age III as a full age; its end antiquates Age II cards the same way and
starts Age IV, which has no decks (no refill, no draws, PB ``ages.age_iv``) and ends the game
(L1940-L1949). Global conflict (L2257-L2259): at the end of Ages I, II and III every
civilization scores its strength minus the weakest one's, before anything leaves play
(ruling C10).
Last round (L1879-L1886): the round in which the game-ending age begins is the last if it
began on the starting player's turn, else the next one.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import Event
from engines.core.fast import event
from engines.tta.facts import AGE, YELLOW_LOST_AT_AGE_END
from engines.tta.play import discard_civil, leave, remove_yellow
from engines.tta.ratings import strength
from engines.tta.state import TtaState

#: ``ON_AGE_END[i](st, old)``: more antiquated things leave play (pacts of level ``old`` or
#: less, ``pacts.antiquate``), after leaders and wonders
ON_AGE_END: list[Callable[[TtaState, int], list[Event]]] = []

#: the age whose beginning ends the game, by mode (the first and the short game: Age III,
#: which has no decks, L1873-L1886, L2222); from it on no refill and no military draw
FINAL_AGE = {"first": 3, "peaceful": 4, "full": 4, "short": 3}


def end_age_a(st: TtaState) -> list[Event]:
    """Age A ends: Age I becomes current; nothing else happens (L1815-L1821, L574)."""
    st.age = 1
    return [event("age_began", None, {"age": 1})]


def global_conflict(st: TtaState) -> Event:
    """Culture for strength over the weakest civilization (L2257-L2259; ruling C10)."""
    ratings = [0 if c.resigned else strength(c) for c in st.civs]
    weakest = min(r for r, c in zip(ratings, st.civs, strict=True) if not c.resigned)
    # a resigned seat scores nothing and is not the weakest (L2071)
    culture = [0 if c.resigned else r - weakest
               for r, c in zip(ratings, st.civs, strict=True)]
    for civ, n in zip(st.civs, culture, strict=True):
        civ.culture += n
    return event("global_conflict", None, {"age": st.age, "culture": culture,
                                           "weakest": weakest})


def end_age(st: TtaState) -> list[Event]:
    """The current age (I, II or, in the full game, III) ends now (L1823-L1871,
    L1946-L1948)."""
    ended = st.age
    old = ended - 1  # antiquated level
    lost: list[int] = []
    events: list[Event] = []
    if st.global_conflict:
        events.append(global_conflict(st))
    for seat, civ in enumerate(st.civs):
        for card in [c for c in civ.hand if AGE[c] <= old]:
            civ.hand.remove(card)
            if card in civ.taken:
                civ.taken.remove(card)
            discard_civil(st, card)
        for card in [c for c in civ.military if AGE[c] <= old]:
            civ.military.remove(card)
            st.removed.append(card)
        if civ.leader is not None and AGE[civ.leader] <= old:
            leader = civ.leader
            leave(st, seat, leader)
            civ.leader = None
            discard_civil(st, leader)
        if civ.wonder is not None and AGE[civ.wonder] <= old:
            civ.blue_bank += civ.stages  # its tokens go back to the bank (L1845)
            discard_civil(st, civ.wonder)
            civ.wonder = None
            civ.stages = 0
        lost.append(remove_yellow(civ, YELLOW_LOST_AT_AGE_END))
    for hook in ON_AGE_END:
        events.extend(hook(st, old))
    # the old military deck and its discards leave the game (L1859-L1861, L1875)
    st.removed.extend(st.military_decks[ended])
    st.removed.extend(st.military_discards[ended])
    st.military_decks[ended] = []
    st.military_discards[ended] = []
    st.age = ended + 1
    events += [event("age_ended", None, {"age": ended, "yellow_lost": lost}),
               event("age_began", None, {"age": st.age})]
    if st.age == FINAL_AGE[st.mode] and st.last_round is None:
        st.last_round = st.round if st.current == first_seat(st) else st.round + 1
        events.append(event("last_round", None, {"round": st.last_round}))
    return events


def is_last_turn(st: TtaState) -> bool:
    """The seat now playing plays the game's last turn: the one to the starting player's
    right, in the last round (L1884-L1886)."""
    if st.last_round != st.round:
        return False
    # the last seat still in the game before the starting player's position (L2071-L2073)
    seat = (st.current + 1) % st.players
    while seat != st.start:
        if not st.civs[seat].resigned:
            return False
        seat = (seat + 1) % st.players
    return True


def first_seat(st: TtaState) -> int:
    """The seat that opens a round: the starting player, or after a resignation the first
    seat still in the game from the starting player's position."""
    seat = st.start
    while st.civs[seat].resigned:
        seat = (seat + 1) % st.players
    return seat
