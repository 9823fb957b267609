"""The card row: take costs, take limits, taking, and the replenish (scope §3).

Take costs by slot 1-5 / 6-9 / 10-13: 1 / 2 / 3 civil actions (L380-L390); a wonder costs
1 more per wonder you completed (L422-L426, L918). Limits checked when taking: never a
second leader of one age (L404-L408, L826); one unfinished wonder, which goes straight into
play and ignores the hand limit (L416-L420, L640); no technology named like one in your
hand or in play (L632, L1050); a hand below your civil action total (L636-L642).
Replenish from round 2 (L530-L564): sweep the leftmost 3 / 2 / 1 slots at 2 / 3 / 4
players, empty ones counting as swept (L550), slide left in order, deal left to right.

Seams for abilities: ``TAKE_COST_MODIFIERS[card in play](st, seat, card_taken, cost)``
returns the new cost (Hammurabi, Michelangelo, Taj Mahal); ``ON_TAKE[card in play](st,
seat, card_taken)`` runs after a take (Aristotle); ``CARD_TAKE_COST_MODIFIERS[card_taken](st,
seat, cost)`` is the taken card's own rule (Taj Mahal after a leader replacement).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import Event
from engines.core.fast import event
from engines.tta import ages
from engines.tta.facts import AGE, KIND, NAME, SWEEP, TAKE_COST
from engines.tta.play import holds_named, named
from engines.tta.ratings import civil_hand_limit, civil_left, static_cards, static_tuple
from engines.tta.state import Civ, TtaState

TAKE_COST_MODIFIERS: dict[str, Callable[[TtaState, int, str, int], int]] = {}
ON_TAKE: dict[str, Callable[[TtaState, int, str], None]] = {}
CARD_TAKE_COST_MODIFIERS: dict[str, Callable[[TtaState, int, int], int]] = {}

TECH_KINDS = frozenset({"farm", "mine", "urban", "unit", "special", "government"})


def take_cost(st: TtaState, seat: int, slot: int) -> int:
    """Civil actions ``seat`` pays to take the card in ``slot`` (0-based)."""
    card = st.row[slot]
    assert card is not None
    civ = st.civs[seat]
    return _price(st, seat, slot, card, len(civ.wonders), cost_modifiers(civ))


def cost_modifiers(civ: Civ) -> list[Callable[[TtaState, int, str, int], int]]:
    """The ``TAKE_COST_MODIFIERS`` of ``civ``'s cards in play, in play order."""
    if not TAKE_COST_MODIFIERS:
        return []
    mods = TAKE_COST_MODIFIERS
    return [m for c in static_tuple(civ) if (m := mods.get(c)) is not None]


def _price(st: TtaState, seat: int, slot: int, card: str, wonders: int,
           mods: list[Callable[[TtaState, int, str, int], int]]) -> int:
    """The take cost (L380-L390, L422-L426) with ``seat``'s completed ``wonders`` and its
    cards' ``mods`` (``cost_modifiers``) found once for every slot priced."""
    cost = TAKE_COST[slot]
    if KIND[card] == "wonder":
        cost += wonders  # L422-L426
    for mod in mods:
        cost = mod(st, seat, card, cost)
    own = CARD_TAKE_COST_MODIFIERS.get(card)
    if own is not None:
        cost = own(st, seat, cost)
    return cost if cost > 0 else 0


def refusal(st: TtaState, seat: int, card: str) -> str | None:
    """Why ``seat`` may not take ``card`` now, whatever it costs (None: allowed)."""
    civ = st.civs[seat]
    kind = KIND[card]
    if kind == "leader" and AGE[card] in civ.leader_ages:
        return "second_leader"  # L404-L408
    if kind == "wonder":
        return "unfinished_wonder" if civ.wonder is not None else None  # L420, L640
    if kind in TECH_KINDS and holds_named(civ, card):
        return "same_technology"  # L632, L1050
    if len(civ.hand) >= civil_hand_limit(civ):
        return "hand_full"  # L636-L642
    return None


def can_take(st: TtaState, seat: int, slot: int) -> bool:
    card = st.row[slot]
    return (card is not None and refusal(st, seat, card) is None
            and take_cost(st, seat, slot) <= civil_left(st.civs[seat]))


def takeable(st: TtaState, seat: int) -> list[tuple[int, str, int]]:
    """``(slot, card, cost)`` of every slot ``can_take`` allows, slot order: the same rules
    with what they read of the civilization found once (the action prompt asks after
    every answer: issue 19)."""
    civ = st.civs[seat]
    left = civil_left(civ)
    wonders = len(civ.wonders)
    mods = cost_modifiers(civ)
    hand_full: bool | None = None
    held: set[str] | None = None  # names in the hand or in play (``holds_named``)
    out = []
    for slot, card in enumerate(st.row):
        if card is None:
            continue
        kind = KIND[card]
        if kind == "leader" and AGE[card] in civ.leader_ages:
            continue
        if kind == "wonder":
            if civ.wonder is not None:
                continue
        else:
            if hand_full is None:
                hand_full = len(civ.hand) >= civil_hand_limit(civ)
            if hand_full:
                continue
            if kind in TECH_KINDS:
                if held is None:
                    held = named(civ)
                if NAME[card] in held:
                    continue
        cost = _price(st, seat, slot, card, wonders, mods)
        if cost <= left:
            out.append((slot, card, cost))
    return out


def take(st: TtaState, seat: int, slot: int) -> list[Event]:
    """Take the card in ``slot`` (0-based) and pay its cost; the caller checked it."""
    civ = st.civs[seat]
    card = st.row[slot]
    assert card is not None
    cost = take_cost(st, seat, slot)
    civ.ca_spent += cost
    st.row[slot] = None
    kind = KIND[card]
    if kind == "wonder":
        civ.wonder = card  # into play, unfinished (L416-L418)
        civ.stages = 0
    else:
        civ.hand.append(card)
        civ.taken.append(card)
        if kind == "leader":
            civ.leader_ages.append(AGE[card])
    if ON_TAKE:
        for c in static_cards(civ):
            hook = ON_TAKE.get(c)
            if hook is not None:
                hook(st, seat, card)
    return [event("took", seat, {"card": card, "slot": slot + 1, "ca": cost})]


def replenish(st: TtaState) -> list[Event]:
    """Sweep, slide and deal (L530-L564); ends Age A at the first replenish (L566-L578)
    and an age when its deck's last card is dealt (L1825, ruling B2)."""
    events: list[Event] = []
    row = st.row
    sweep = SWEEP[st.count_left()]  # the players still in the game (PB sweep_note)
    swept = [c for c in row[:sweep] if c is not None]
    st.removed.extend(swept)  # swept cards leave the game (L552)
    kept = [c for c in row[sweep:] if c is not None]
    row[:] = kept + [None] * (len(row) - len(kept))
    dealt: list[str] = []
    if st.age == 0:
        events.extend(ages.end_age_a(st))
        # the first replenish deals from what is left of Age A first (L566-L578)
        leftover = st.civil_decks[0]
        for i in range(len(kept), len(row)):
            if not leftover:
                break
            row[i] = leftover.pop()
            dealt.append(row[i])  # type: ignore[arg-type]
        st.removed.extend(leftover)  # the rest of Age A is boxed
        leftover.clear()
    for i in range(len(row)):
        if row[i] is not None:
            continue
        deck = st.civil_decks[st.age] if st.age < 4 else []
        if not deck:
            break  # the first game's Age III is never refilled (L1877)
        row[i] = deck.pop()
        dealt.append(row[i])  # type: ignore[arg-type]
        if not deck:
            events.extend(ages.end_age(st))
    events.insert(0, event("replenished", None, {"swept": swept, "dealt": dealt,
                                                  "age": st.age}))
    return events
