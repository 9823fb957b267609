"""Undo in Duel: the core's :class:`~engines.core.undo.UndoWindow` kept in ``DuelState.undo``.

A seat may take back its own answers while nothing it could not know has happened since
and no other seat has been asked anything. In Duel that is short, and here is exactly where:

- a turn's action (build, discard, wonder) takes a card from the structure. It stays open
  only if that card uncovered no face-down card, the Age goes on and the same seat is asked
  next: its follow-up choice (a progress token after a science pair, the card Statue of
  Zeus / Circus Maximus discards, the card The Mausoleum builds) or its extra turn (a
  wonder that replays, every wonder with Theology). A discard, and building a card without
  a science symbol, always end the seat's turn (or the Age): they never stay open;
- The Great Library draws tokens (the generator, a hidden draw): it closes the window;
- the wonder draft: a seat picking twice in a row (picks 2-3 and 6-7) may take back the
  first pick until its second; the 4th pick reveals the next four wonders, the 8th lays out
  Age I;
- the starter choice: a seat that chooses to start the Age itself may take that back
  until it has played (choosing the other seat asks the other seat: closed);
- the end of an Age lays out the next one (face-down cards dealt): closed.

So a window holds at most a few answers, and most answers close it at once. Nothing here
decides that by the rules' words: after every answer :func:`answer` looks at what happened
(:func:`hidden` changed, or the asked seat changed, or the game ended) and closes the window
then. :func:`may_stay` only spares the snapshot for answers that can never stay open
(``test_duel_undo`` checks in random games that it changes no decision).

While open, the seat's prompt ends with the reserved ``undo`` option. Its answers' events
are ``provisional`` (the seat alone is told them) and kept in ``DuelState.held``; the
answer that closes the window tells them again, as public events, before its own. ``undo``
restores the window's base and re-applies the answers before the last one; it is an answer
(``DuelState.answers`` counts it, so the question asked after it is a new one) and returns
one provisional ``undone`` event to the seat.

The base is taken lazily: just before an answer that may stay open, and kept only if it
does. That is the position the window would have opened at (nothing happens between being
asked and answering), at the cost of one copy per answer that may stay open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.contract import UNDO, Event
from engines.core.errors import IllegalAnswer, illegal_option, not_your_turn
from engines.core.fast import event
from engines.duel.catalogue import DRAFT_PICK_ORDER
from engines.duel.draft import OFFER_SIZE
from engines.duel.facts import CARD, THEOLOGY, WONDER
from engines.duel.offers import KEY as OFFERS_KEY
from engines.duel.prompts import asked_seat
from engines.duel.state import FLAT_LISTS, NESTED_LISTS, DuelState
from engines.duel.structure import reveals, slot_of

#: ``step(st, seat, option_id)``: the rules' application of one answer (no counting, no
#: window); raises ``IllegalAnswer`` before changing anything
Step = Callable[[DuelState, int, str], list[Event]]

#: the state fields an undo does not take back: the window itself and the answer count (an
#: undo is an answer: the question asked after it is a new one)
NOT_TAKEN_BACK: frozenset[str] = frozenset({"undo", "answers"})
GAME_FIELDS: tuple[str, ...] = tuple(f for f in DuelState.model_fields if f not in NOT_TAKEN_BACK)
#: what a state's ``__dict__`` holds besides the game fields (``offers.KEY``: its tables)
NOT_GAME_KEYS: tuple[str, ...] = (*NOT_TAKEN_BACK, OFFERS_KEY)

#: the turn's actions that always end it (or the Age): discarding any card, building a card
#: without a science symbol (no pair, no token to choose)
ENDS_TURN: frozenset[str] = frozenset(
    [f"discard:{c}" for c in CARD] + [f"build:{c}" for c, f in CARD.items() if f.symbol < 0])
#: draft picks (0-based) after which the same seat picks again, the offer unchanged
DRAFT_TWICE: frozenset[int] = frozenset(
    i for i in range(len(DRAFT_PICK_ORDER) - 1)
    if DRAFT_PICK_ORDER[i] == DRAFT_PICK_ORDER[i + 1] and i + 1 != OFFER_SIZE)


def hidden(st: DuelState) -> tuple[int, ...]:
    """What changes when something nobody could know is revealed: the generator (The Great
    Library's draw), the Age (a structure laid out), the wonders still hidden from the
    draft, and the number of face-up structure cards (a face-down card uncovered)."""
    return st.rng, st.age, len(st.wonder_deck), st.face_up.count(True)


def may_stay(st: DuelState, option_id: str) -> bool:
    """Whether answering ``option_id`` may leave the window open (``False``: it surely
    closes it, so no snapshot is needed). Only what may ask the same seat again counts: a
    draft pick followed by its own next pick, a starter choice of oneself, a wonder that
    replays or asks a follow-up, a card completing a science pair while tokens are left,
    any follow-up answer; and a card only if taking it uncovers no face-down card. A
    discard or any other card ends the seat's turn or the Age."""
    if option_id in ENDS_TURN:  # (never a follow-up's answer: refused then)
        return False
    if st.pending:
        return True
    kind, _, rest = option_id.partition(":")
    if kind == "build" or kind == "wonder":
        card, _, wonder = rest.partition(":")
        seat = st.current
        if kind == "build":
            facts = CARD.get(card)
            if facts is not None and (facts.symbol < 0 or st.science[seat][facts.symbol] != 1
                                      or not st.board_tokens):
                return False  # no science pair: the turn ends
        else:
            w = WONDER.get(wonder)
            if w is not None and not (w.extra_turn or w.destroy >= 0 or w.revive
                                      or THEOLOGY in st.tokens[seat]):
                return False  # no follow-up, no extra turn
        slot = slot_of(st, card)
        # a face-down card is uncovered (an unknown card: refused anyway); taking the last
        # card does not end the Age before the follow-up (``turn.after_action``)
        return slot < 0 or not reveals(st, slot)
    if kind == "draft":
        return st.draft_pick in DRAFT_TWICE
    if kind == "start":
        return rest == str(st.current)
    return True


def take(st: DuelState) -> dict[str, Any]:
    """The game fields (``GAME_FIELDS``) as an independent copy: the window's base (what
    ``state.fast_copy`` copies, without building a state)."""
    base = dict(st.__dict__)
    for key in NOT_GAME_KEYS:
        base.pop(key, None)
    for key in FLAT_LISTS:
        base[key] = base[key][:]
    for key in NESTED_LISTS:
        base[key] = list(map(list.copy, base[key]))
    base["wonder_cards"] = [dict(x) for x in base["wonder_cards"]]
    return base


def restore(st: DuelState, base: dict[str, Any]) -> None:
    """Write a fresh copy of ``base`` into ``st`` (``base`` stays untouched); the price
    tables of the position left behind go with it."""
    fresh = DuelState.model_validate(base).__dict__
    d = st.__dict__
    for k in GAME_FIELDS:
        d[k] = fresh[k]
    d.pop(OFFERS_KEY, None)


def answer(st: DuelState, seat: int, option_id: str, step: Step,
           stay: bool | None = None) -> list[Event]:
    """Apply one answer with ``step`` and keep the window (module docstring); ``stay``:
    ``may_stay(st, option_id)`` when the caller knows it already."""
    if option_id == UNDO:
        return _undo(st, seat, step)
    window = st.undo
    if stay is None:
        stay = may_stay(st, option_id)
    base = take(st) if stay and window.base is None else None
    before = hidden(st) if stay else None
    events = step(st, seat, option_id)
    st.answers += 1
    if stay and hidden(st) == before and asked_seat(st) == seat:
        if base is not None:
            window.open(seat, base)
        window.record(option_id)
        _hold(st, events)
        return events
    if window.base is not None:
        return [*close(st), *events]
    return events


def close(st: DuelState) -> list[Event]:
    """Close the window: its answers' events, told to the table now."""
    told = [event(e.kind, e.seat, e.params, e.visible_to) for e in st.held]
    st.held = []
    st.undo.close()
    return told


def _hold(st: DuelState, events: list[Event]) -> None:
    """``events`` may still be taken back: told to their seat only, kept for the close."""
    for e in events:
        e.__dict__["provisional"] = True
    st.held.extend(events)


def _undo(st: DuelState, seat: int, step: Step) -> list[Event]:
    window = st.undo
    if not window.can_undo(seat):
        if asked_seat(st) != seat:
            raise not_your_turn() if st.phase != "over" else IllegalAnswer(
                "game_over", "The game is over.")
        raise illegal_option(UNDO)

    def reapply(state: DuelState, option_id: str) -> None:
        _hold(state, step(state, seat, option_id))

    undone = window.undo(st, restore, reapply)
    st.answers += 1
    if not window.answers:  # back where the seat was first asked: as if never opened
        window.close()
    return [undone]
