"""The Age structures: dealing 20 cards, accessibility and turning cards face up.

A card is accessible when no card covers it any more (``covered_by`` all taken); a
face-down card is turned face up as soon as it becomes accessible.
"""

from __future__ import annotations

from engines.core.contract import Event
from engines.duel.facts import COVERED_BY, COVERS, FACE_UP, INITIALLY_ACCESSIBLE, event
from engines.duel.state import DuelState

#: per Age and slot: each slot it covers, with the slots covering that one
UNDER: dict[int, tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]] = {
    age: tuple(tuple((below, COVERED_BY[age][below]) for below in covers)
               for covers in COVERS[age])
    for age in COVERS
}


def deal(st: DuelState, age: int) -> None:
    """Lay out Age ``age``'s prepared deck, slot by slot."""
    deck = st.decks[age - 1]
    st.age = age
    st.structure = list(deck)
    st.face_up = list(FACE_UP[age])
    st.accessible = list(INITIALLY_ACCESSIBLE[age])
    st.cards_left = len(deck)


def slot_of(st: DuelState, card: str) -> int:
    """The accessible slot holding ``card``, or -1."""
    structure = st.structure
    for slot in st.accessible:
        if structure[slot] == card:
            return slot
    return -1


def reveals(st: DuelState, slot: int) -> bool:
    """Whether taking the card at ``slot`` would turn a face-down card up (as ``take``)."""
    structure = st.structure
    face_up = st.face_up
    for below, covered_by in UNDER[st.age][slot]:
        if structure[below] is None or face_up[below]:
            continue
        for above in covered_by:
            if above != slot and structure[above] is not None:
                break
        else:
            return True
    return False


def take(st: DuelState, slot: int, events: list[Event]) -> str:
    """Remove the card at an accessible ``slot``; reveal what becomes accessible."""
    structure = st.structure
    card = structure[slot]
    assert card is not None
    structure[slot] = None
    accessible = st.accessible
    accessible.remove(slot)
    st.cards_left -= 1
    freed = False
    for below, covered_by in UNDER[st.age][slot]:
        if structure[below] is None:
            continue
        for above in covered_by:
            if structure[above] is not None:
                break
        else:
            accessible.append(below)
            freed = True
            if not st.face_up[below]:
                st.face_up[below] = True
                events.append(
                    event("card_revealed", None, {"slot": below, "card": structure[below],
                                                  "age": st.age})
                )
    if freed:
        accessible.sort()
    return card
