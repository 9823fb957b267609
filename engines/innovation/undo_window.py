"""Undo (issue 17): a seat takes back its own answers until something hidden is shown to
anyone or another seat is asked (``engines.core.undo``, kept in ``InnovationState.undo``).

Every answer after the setup goes through :func:`answer` (``InnovationEngine.apply``):

- an answer **keeps** the window (may be taken back) when, once applied, no card was shown
  to anyone who could not see it (``Ctx.revealing``, set by the rules: a draw, a reveal,
  a card leaving a hand, a score pile, the supply or a pile's covered cards for a board or
  the public, a card reaching another seat's hand or score pile, Publications bringing a
  covered card to the top), the game goes on and the same seat is asked again. So the turn's
  ``achieve``, the choice of a dogma card (``dogma:<card>``), ``confirm`` / ``back``, and the
  questions a dogma puts to its activator about public things (which colour to splay, which
  top card to score or return, "you may" before anything is drawn) are kept; ``draw`` and
  ``meld`` always show a card and close it.
- the window **opens** with the first kept answer of a seat whose window is closed: its
  base (the position before that answer) is a recipe built from what the state already
  holds, not a copy (``Base``): before ``confirm``, the dogma's own snapshot with the card
  still to confirm; before a dogma's question is answered, its snapshot and the answers
  given so far (restoring it runs the dogma up to that question again); only ``achieve``
  copies the position. ``dogma:<card>`` and ``back`` never open a window (``back`` is
  already the way back from the confirmation) but are kept in an open one;
- it **closes** with the first answer that does not keep it (whoever was asked next, the
  game over, a card shown): nothing before can be taken back any more;
- while it holds a kept answer, the seat's prompt offers the reserved ``undo`` option,
  which restores the base and applies the kept answers but the last again (the core's
  ``UndoWindow.undo``). The question asked after an undo is a new one (``answers_count``
  is never taken back).

Events: a kept answer's events are ``provisional`` (the bot tells the table nothing of them
yet) and are held in ``InnovationState.untold``; the answer that closes the window tells
them again, not provisional, before its own, so the table reads every move that stands, in
order, once; an undo drops the events of the answer it takes back, and tells only the
seat (``undone``, provisional).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.contract import UNDO, Event
from engines.core.errors import illegal_option, not_your_turn
from engines.core.fast import event
from engines.innovation.icons import forget_all
from engines.innovation.state import (
    BEGUN,
    REVEALED,
    SNAPSHOT_ICONS,
    InnovationState,
    copy_fields,
)

#: the engine's application of one legal answer (what an undo re-applies)
Step = Callable[[InnovationState, int, str], list[Event]]
#: ``rerun(st, answers)``: run the dogma in ``st.action`` from the state at its start,
#: feeding ``answers``, until it stops on its next question (its events dropped)
Rerun = Callable[[InnovationState, list[str]], None]

#: state fields an undo leaves as they are: the window itself, the events it holds back,
#: and the answer count (an undo is an answer; the question after it is a new one)
NOT_TAKEN_BACK: tuple[str, ...] = ("undo", "untold", "answers_count")
#: the base's key naming how it is restored (absent: a copy of every other field)
RECIPE = "recipe"
#: the suspension bookkeeping of a position where no dogma is running
IDLE: dict[str, Any] = {"action": None, "dogma": None, "snapshot": None, "answers": [],
                        "emitted": 0, "question": None}


def take(st: InnovationState) -> dict[str, Any]:
    """The position as it is: every field but ``NOT_TAKEN_BACK`` (plain JSON)."""
    base = copy_fields(st.__dict__, window=False)
    for key in NOT_TAKEN_BACK:
        base.pop(key, None)
    return base


def restore(st: InnovationState, base: dict[str, Any], rerun: Rerun) -> None:
    """Write the position ``base`` describes back (``base`` stays untouched); the caches
    start afresh."""
    d = st.__dict__
    recipe = base.get(RECIPE)
    fields = base if recipe is None else base["snapshot"]
    d.update(copy_fields(fields, window=False))
    d.pop(SNAPSHOT_ICONS, None)
    forget_all(st)  # before the rules read the restored boards again
    if recipe == "confirm":  # the dogma card chosen, not confirmed yet
        d.update(IDLE)
        d.update(confirm=base["confirm"], preview=base["preview"])
    elif recipe == "question":  # the dogma stopped on the question, as it was
        d.update(IDLE)
        d.update(snapshot=fields, action=fields["action"], dogma=fields["dogma"])
        rerun(st, list(base["answers"]))
def answer(st: InnovationState, seat: int, option_id: str, step: Step,
           rerun: Rerun) -> list[Event]:
    """Apply ``option_id`` of ``seat`` with ``step`` inside the undo window (module
    docstring), or take the window's last answer back for ``undo``. ``IllegalAnswer``
    before any change."""
    window = st.undo
    if option_id == UNDO:
        if seat != asked(st):
            raise not_your_turn()
        if not window.can_undo(seat):
            raise illegal_option(option_id)
        undone = window.undo(st, lambda s, base: restore(s, base, rerun),
                             lambda s, oid: step(s, seat, oid))
        st.__dict__.pop(BEGUN, None)
        st.untold = st.untold[:len(window.answers)]
        return [undone]
    opened = window.base is not None
    inside = opened and window.seat == seat
    before: tuple[Any, ...] | None = None  # what the base is made of, if one may open
    q = st.question
    if not inside:
        if q is not None:
            before = ("question", st.snapshot, st.answers)
        elif st.confirm is not None:
            if option_id == "confirm":
                before = ("confirm", st.confirm, st.preview)
        elif option_id.startswith("achieve:"):
            before = ("copy", take(st))
        elif not opened:  # nothing to close, nothing that may open a window
            return step(st, seat, option_id)
    d = st.__dict__
    d[REVEALED] = False
    events = step(st, seat, option_id)
    begun = d.pop(BEGUN, None) if option_id == "confirm" else None
    q = st.question
    keeps = (not d[REVEALED] and st.phase == "play"
             and (q["seat"] if q is not None else st.current) == seat)
    if inside:
        if keeps:
            window.record(option_id)
            _hold(st, events)
        else:
            events = [*close(st), *events]
        return events
    if window.base is not None:  # another seat's window (never left open): closed
        events = [*close(st), *events]
    if keeps and before is not None:
        window.open(seat, _base(before, begun))
        window.record(option_id)
        _hold(st, events)
    return events


def asked(st: InnovationState) -> int | None:
    """The one seat asked after the setup (``None`` once the game is over)."""
    if st.phase != "play":
        return None
    q = st.question
    return q["seat"] if q is not None else st.current  # type: ignore[no-any-return]


def _base(before: tuple[Any, ...], begun: dict[str, Any] | None) -> dict[str, Any]:
    """The window's base from what ``answer`` noted before the answer (module docstring)."""
    kind = before[0]
    if kind == "copy":
        return before[1]  # type: ignore[no-any-return]
    if kind == "confirm":
        assert begun is not None
        return {RECIPE: "confirm", "snapshot": begun, "confirm": before[1],
                "preview": before[2]}
    return {RECIPE: "question", "snapshot": before[1], "answers": list(before[2])}


def _hold(st: InnovationState, events: list[Event]) -> None:
    """Keep ``events`` from the table until the window closes; provisional meanwhile."""
    st.untold = [*st.untold, [[e.kind, e.seat, e.params, e.visible_to] for e in events]]
    for e in events:
        e.__dict__["provisional"] = True


def close(st: InnovationState) -> list[Event]:
    """Close the window: the events it held back, told now (not provisional)."""
    told = [event(kind, seat, params, visible_to)
            for held in st.untold for kind, seat, params, visible_to in held]
    st.undo.close()
    st.untold = []
    return told
