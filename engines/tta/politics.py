"""The political phase (scope §18; L1328-L1365): at most one political action, or none.

The first game's only political action here is **prepare an event** (L1336-L1361): an event
or territory card from the military hand goes face down on the future events deck (L1345);
score culture equal to its level (L1346, L1351); reveal the top current event and resolve it
(L1347, ``events.reveal``, an ``interrupts`` effect); when the last current event has been
revealed the future deck is shuffled and becomes the current deck, earlier ages on top
(L1355-L1361). Options ``event:<card>`` and ``pass``. The full game's conflict actions
come with later waves.

Seams for abilities (engines/tta/leaders.py): ``OPTION_SOURCES`` give more political actions
(Alexander's retirement, Columbus), applied by ``ACTIONS[option prefix](st, seat, arg)``;
``SECOND_ACTION[card in play](st, seat)`` returns True to keep the phase open for one more
political action (Julius Caesar); ``ON_START[card in play](st, seat)`` runs when the phase
begins (Joan of Arc's peek).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.contract import Event, Option
from engines.core.fast import OptionCache, event, fast_option
from engines.core.rng import Rng
from engines.tta import colonization, event_cards, interrupts  # noqa: F401 (registers)
from engines.tta import events as revealed
from engines.tta.facts import AGE, KIND
from engines.tta.ratings import reading, static_tuple
from engines.tta.state import TtaState

PREPARABLE = frozenset({"event", "territory"})

OPTION_SOURCES: list[Callable[[TtaState, int], list[Option]]] = []
ACTIONS: dict[str, Callable[[TtaState, int, str], list[Event]]] = {}
SECOND_ACTION: dict[str, Callable[[TtaState, int], bool]] = {}
ON_START: dict[str, Callable[[TtaState, int], list[Event]]] = {}
#: political options that only open a confirmation of the same seat (``resign``): no
#: political action is taken yet, so none grants a second one (``next_step``)
CONFIRMED: set[str] = set()
#: political options that never open the phase on their own (``resign``, offered every turn):
#: a phase with nothing else to play is skipped as before, and the option moves to the
#: action phase instead (``turn._after_wars`` marks ``politics_unused``)
QUIET: set[str] = set()


def ability_options(st: TtaState, seat: int) -> list[Option]:
    """Political actions given by cards in play (empty without such a card)."""
    out: list[Option] = []
    for source in OPTION_SOURCES:
        out.extend(source(st, seat))
    return out


def start(st: TtaState, seat: int) -> list[Event]:
    """The political phase begins for ``seat`` (``ON_START`` hooks)."""
    events: list[Event] = []
    if ON_START:
        for c in static_tuple(st.civs[seat]):  # as they were before the hooks
            hook = ON_START.get(c)
            if hook is not None:
                events.extend(hook(st, seat))
    return events


def next_step(st: TtaState, seat: int, kind: str) -> str:
    """The step after the political answer ``kind`` (called before it is applied):
    ``politics`` again when a card grants a second political action after this one
    (``SECOND_ACTION``), else ``action``."""
    if kind != "pass" and kind not in CONFIRMED and SECOND_ACTION:
        for c in static_tuple(st.civs[seat]):  # as they were before the hooks
            hook = SECOND_ACTION.get(c)
            if hook is not None and hook(st, seat):
                return "politics"
    return "action"


def worth_opening(st: TtaState, seat: int) -> bool:
    """The phase has something to play besides passing and the ``QUIET`` options (listed
    in one ``reading`` pass: the aggressions weigh every civilization's strength)."""
    if st.civs[seat].military:
        return True
    with reading():
        return any(o.id not in QUIET for o in ability_options(st, seat))


def quiet_options(st: TtaState, seat: int) -> bool:
    if not QUIET:
        return False
    with reading():
        return any(o.id in QUIET for o in ability_options(st, seat))


def skip_empty_second(st: TtaState, seat: int) -> None:
    """After the answer: a second political phase with nothing to do but pass (and the
    ``QUIET`` options) is skipped (when the answer asked nobody; otherwise the pass is the
    player's)."""
    if st.step == "politics" and st.interrupt is None:
        with reading():
            left = sum(1 for o in options(st, seat) if o.id not in QUIET)
        if left <= 1:
            st.step = "action"


def options(st: TtaState, seat: int) -> list[Option]:
    civ = st.civs[seat]
    cache = _EVENTS
    out = [cache[(c,)] for c in dict.fromkeys(civ.military) if KIND[c] in PREPARABLE]
    if OPTION_SOURCES:
        out.extend(ability_options(st, seat))
    out.append(PASS)
    return out


def _event_option(key: tuple[Any, ...]) -> Option:
    card = key[0]
    return fast_option(f"event:{card}", "prepare_event", {"card": card, "culture": AGE[card]},
                       card, None, "play")


#: ``event:<card>`` options by card: built once, then shared
_EVENTS = OptionCache(_event_option)
#: the political phase's ``pass`` (one shared object)
PASS = fast_option("pass", "pass", {}, None, None, "turn")


def prepare_event(st: TtaState, seat: int, card: str) -> list[Event]:
    civ = st.civs[seat]
    civ.military.remove(card)
    st.future_events.append(card)
    st.future_owners.append(seat)
    civ.culture += AGE[card]
    events = [event("event_prepared", seat, {"culture": AGE[card], "age": AGE[card]}),
              event("event_prepared_card", seat, {"card": card}, [seat])]
    if st.current_events:
        # the reveal may ask other seats (``interrupts``): the shuffle below runs in the
        # same effect, once the event is resolved
        top = st.current_events.pop()
        st.revealed = top
        events.extend(interrupts.start(st, "reveal", seat, top))
    else:
        events.extend(refill_current(st))
    return events


def refill_current(st: TtaState) -> list[Event]:
    """After the last current event: the future deck, shuffled, becomes the current one,
    earlier ages on top (L1355-L1361)."""
    if st.current_events or not st.future_events:
        return []
    rng = Rng(st.rng)
    deck = st.future_events[:]
    rng.shuffle(deck)
    st.rng = rng.state
    deck.sort(key=AGE.__getitem__, reverse=True)  # top = last: earliest age on top
    st.current_events = deck
    st.future_events = []
    st.future_owners = []
    return [event("events_shuffled", None, {"count": len(deck)})]


def _reveal(ctx: interrupts.TtaCtx, seat: int, card: str) -> None:
    revealed.reveal(ctx, seat, card)
    ctx.events.extend(refill_current(ctx.gs))


interrupts.EFFECTS["reveal"] = _reveal
