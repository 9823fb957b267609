"""A player's turn and what follows it: the three actions, follow-up choices, extra
turns, the end of an Age and the choice of who starts the next one.

1. Take an accessible card and either construct it (pay its cost, or nothing through a
   chain), discard it for 2 coins + 1 per own yellow card, or tuck it under one of the own
   unbuilt wonders after paying the wonder's cost.
2. Follow-up choices (progress token, Library, destroy, Mausoleum) are resolved next.
3. Then: the Age ends when the structure is empty (an extra turn is lost); otherwise the
   same player plays again after an extra turn, else the opponent plays.
4. After Ages I and II the next Age's structure is laid out first, then the weaker player
   (the pawn is on their side) chooses who starts, seeing its face-up cards; with the pawn
   at 0 the player who took the last card chooses. After Age III: civilian scoring.
"""

from __future__ import annotations

from engines.core.contract import Event
from engines.duel.effects import (
    apply_wonder_limit,
    build_effects,
    gain,
    record_building,
    remove_building,
    token_effects,
    wonder_effects,
)
from engines.duel.facts import ECONOMY, event
from engines.duel.military import weaker_seat
from engines.duel.offers import built_wonder
from engines.duel.state import DuelState
from engines.duel.structure import deal, take
from engines.duel.trading import discard_value


def pay(st: DuelState, seat: int, total: int, trade: int, events: list[Event]) -> None:
    st.coins[seat] -= total
    if trade and ECONOMY in st.tokens[1 - seat]:
        gain(st, 1 - seat, trade, ECONOMY, events)


def build_card(
    st: DuelState, seat: int, slot: int, total: int, trade: int, chained: bool,
    events: list[Event],
) -> None:
    card = take(st, slot, events)
    st.last_taker = seat
    pay(st, seat, total, trade, events)
    record_building(st, seat, card)
    events.append(event("building_built", seat, {"card": card, "cost": total, "trade": trade,
                                                  "chain": chained, "via": "turn"}))
    build_effects(st, seat, card, chained, events)
    after_action(st, events)


def discard_card(st: DuelState, seat: int, slot: int, events: list[Event]) -> None:
    card = take(st, slot, events)
    st.last_taker = seat
    coins = discard_value(st, seat)
    st.coins[seat] += coins
    st.discard.append(card)
    events.append(event("card_discarded", seat, {"card": card, "coins": coins}))
    after_action(st, events)


def build_wonder(
    st: DuelState, seat: int, slot: int, wonder: str, total: int, events: list[Event]
) -> None:
    card = take(st, slot, events)
    st.last_taker = seat
    pay(st, seat, total, total, events)
    st.wonder_cards[seat][wonder] = card
    built_wonder(st, seat, wonder)  # no longer open (its effects: ``wonder_effects``)
    events.append(event("wonder_built", seat, {"wonder": wonder, "card": card, "cost": total,
                                               "trade": total}))
    apply_wonder_limit(st, events)
    wonder_effects(st, seat, wonder, events)
    after_action(st, events)


def choose_token(st: DuelState, seat: int, token: str, events: list[Event]) -> None:
    st.pending.pop(0)
    st.board_tokens.remove(token)
    events.append(event("progress_token_taken", seat, {"token": token, "source": "board"}))
    token_effects(st, seat, token, events)
    after_action(st, events)


def choose_library(st: DuelState, seat: int, token: str, events: list[Event]) -> None:
    st.pending.pop(0)
    st.box_tokens.remove(token)
    st.library_offer = []
    events.append(
        event("progress_token_taken", seat, {"token": token, "source": "the_great_library"})
    )
    token_effects(st, seat, token, events)
    after_action(st, events)


def destroy(st: DuelState, seat: int, card: str, events: list[Event]) -> None:
    st.pending.pop(0)
    victim = 1 - seat
    remove_building(st, victim, card)
    st.discard.append(card)
    events.append(event("card_destroyed", seat, {"card": card, "victim": victim}))
    after_action(st, events)


def revive(st: DuelState, seat: int, card: str, events: list[Event]) -> None:
    st.pending.pop(0)
    st.discard.remove(card)
    record_building(st, seat, card)
    events.append(event("building_built", seat, {"card": card, "cost": 0, "trade": 0,
                                                  "chain": False, "via": "mausoleum"}))
    build_effects(st, seat, card, False, events)
    after_action(st, events)


def after_action(st: DuelState, events: list[Event]) -> None:
    """Once every follow-up choice is made: next turn, or the end of the Age."""
    if st.victory is not None or st.pending:
        return
    seat = st.current
    if st.cards_left == 0:
        if st.extra_turn:
            events.append(event("extra_turn_lost", seat, {}))
            st.extra_turn = False
        end_age(st, events)
        return
    if st.extra_turn:
        st.extra_turn = False
        events.append(event("extra_turn", seat, {}))
    else:
        st.current = 1 - seat


def end_age(st: DuelState, events: list[Event]) -> None:
    events.append(event("age_ended", st.last_taker, {"age": st.age}))
    if st.age >= 3:
        from engines.duel.scoring import civilian_victory

        civilian_victory(st, events)
        return
    weaker = weaker_seat(st.military)
    st.current = st.last_taker if weaker is None else weaker
    # Rulebook (時代結束): prepare the next Age's structure, *then* the weaker player
    # chooses, so the chooser sees the new face-up cards. The decks were shuffled at
    # setup, so dealing draws nothing from the rng.
    deal(st, st.age + 1)
    st.phase = "choose_start"


def choose_start(st: DuelState, seat: int, starter: int, events: list[Event]) -> None:
    """The Age already laid out by ``end_age`` begins with ``starter``."""
    age = st.age
    events.append(event("start_chosen", seat, {"age": age, "first_player": starter}))
    st.phase = "play"
    st.current = starter
    events.append(event("age_started", starter, {"age": age}))


def upgrade_legacy_choice(st: DuelState) -> None:
    """A snapshot saved while the starter choice was open, by an engine that dealt the next
    Age only after the choice: lay that Age out now, as ``end_age`` does today (the
    replay of its log gives the same state)."""
    if st.phase == "choose_start" and st.cards_left == 0 and st.age < 3:
        deal(st, st.age + 1)
