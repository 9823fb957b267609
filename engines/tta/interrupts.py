"""Questions a revealed event or a colonization auction puts mid-turn (platform §4.5).

An effect (``EFFECTS[name](ctx, *args)``) is straight-line Python over a :class:`TtaCtx`
and asks with ``ctx.ask`` / the ``choose_*`` helpers of ``engines/core/suspend.py`` (one
seat: an auction bid, a colonization force, Terrorism's targets) or ``ctx.ask_all``
(several seats at once, when their choices cannot affect each other: Markets, Religion,
Warfare, Civilization, Foray, Raiders, Pestilence's worker, Ravages of Time — the result
is the one of asking clockwise, L1378, without making the table wait on each seat in turn).
An unanswered question stops the effect (``Suspend``); the answer restores the snapshot
taken when the effect began and runs it again with the recorded answers.

Why the core's snapshot-and-replay and not a hand-written "pending questions" machine: an
auction is several laps of bids followed by iterative force picks, and Emigration loops over
population losses; as replayed straight-line code each is a loop, as a state machine each
would be a resumable cursor of its own. What TTA does not take from the core is
``Resumable``: it keeps one open question, TTA needs several at once, and
``TtaState.answers`` already counts the game's answers; so the bookkeeping lives in one
plain-JSON dict, ``TtaState.interrupt`` (``effect``,
``snapshot``, ``answers``, ``emitted``, ``questions``, ``given``), replaced (never mutated
in place) at every change so ``fast_copy`` may share it. Several open questions are one
batch: each seat answers its own; the effect resumes when the last one is in, with the
batch recorded as one answer ``"0=food|2=resources"``. A replay rewinds every game field
to the snapshot (not ``OUTSIDE``'s), so whoever calls ``start`` makes its own changes
before, never after (``TtaEngine.step`` sets the next step first).

Prompts to seats other than the current one carry ``reaction=True``; every question has a
timeout default (platform §4.5): ``pass`` for a bid, ``auto`` for a colonization force,
``decline`` for an optional choice, ``done`` to stop picking, else the first option (the
lowest level first where a worker, building or colony is chosen).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engines.core.contract import Event, Layout, Prompt
from engines.core.errors import illegal_option, not_your_turn
from engines.core.fast import event, fast_option, fast_prompt
from engines.core.suspend import Ctx, OptionRow, Suspend
from engines.tta.state import TtaState, game_fields, restore_fields

#: ``EFFECTS[name](ctx, *args)``: the effects that may ask (``start(st, name, *args)``)
EFFECTS: dict[str, Callable[..., None]] = {}

#: fields an effect never changes and a replay must not rewind: this bookkeeping, the
#: answer counters and the undo window's (``undo_window``), which wraps every answer
OUTSIDE: frozenset[str] = frozenset({"interrupt", "answers", "answered", "undo", "turn_log"})
#: the state fields an effect's snapshot keeps
GAME_FIELDS: tuple[str, ...] = tuple(f for f in TtaState.model_fields if f not in OUTSIDE)
#: timeout defaults, in order of preference, when an option offers them (``done``: stop
#: picking, e.g. International Agreement after a first card)
_SAFE = ("pass", "auto", "decline", "done")


class Question:
    """One question of a batch (``ask_all``)."""

    __slots__ = ("seat", "kind", "options", "params", "private", "layout", "default")

    def __init__(self, seat: int, kind: str, options: list[OptionRow],
                 params: dict[str, Any] | None = None, private: bool = False,
                 layout: Layout | None = None, default: str | None = None) -> None:
        self.seat = seat
        self.kind = kind
        self.options = options
        self.params = params or {}
        self.private = private
        self.layout = layout
        self.default = default

    def stored(self) -> dict[str, Any]:
        ids = [r[0] for r in self.options]
        default = self.default
        if default is None:
            default = next((s for s in _SAFE if s in ids), ids[0])
        return {"seat": self.seat, "kind": self.kind, "options": self.options,
                "params": self.params, "private": self.private, "layout": self.layout,
                "default": default}


class TtaCtx(Ctx[Any]):
    """An effect's run: ``gs`` the game, ``asked`` the questions it stopped on."""

    __slots__ = ("gs", "asked")

    def __init__(self, st: TtaState, answers: Sequence[str] = ()) -> None:
        super().__init__(st, answers)
        self.gs = st
        self.asked: list[dict[str, Any]] = []

    def ask(self, seat: int, kind: str, options: list[OptionRow],
            params: dict[str, Any] | None = None, private: bool = False, *,
            layout: Layout | None = None, default: str | None = None) -> str:
        """The recorded answer at this point, else store the question and stop."""
        if self.pos < len(self.answers):
            answer = self.answers[self.pos]
            self.pos += 1
            return answer
        self.asked = [Question(seat, kind, options, params, private, layout,
                               default).stored()]
        raise Suspend()

    def ask_all(self, questions: Sequence[Question]) -> dict[int, str]:
        """Every seat's answer to its own question, asked at once (one seat: ``ask``)."""
        if not questions:
            return {}
        if len(questions) == 1:
            q = questions[0]
            return {q.seat: self.ask(q.seat, q.kind, q.options, q.params, q.private,
                                     layout=q.layout, default=q.default)}
        if self.pos < len(self.answers):
            answer = self.answers[self.pos]
            self.pos += 1
            return {int(s): a for s, _, a in (p.partition("=") for p in answer.split("|"))}
        self.asked = [q.stored() for q in questions]
        raise Suspend()


# -- the snapshot --------------------------------------------------------------------------


def take_snapshot(st: TtaState) -> dict[str, Any]:
    """The game fields as plain JSON values (civilizations as dicts)."""
    return game_fields(st, GAME_FIELDS)


def restore_snapshot(st: TtaState, snap: dict[str, Any]) -> None:
    """Write a deep copy of ``snap`` back into ``st`` (the snapshot stays untouched)."""
    restore_fields(st, snap, GAME_FIELDS)


# -- running, answering, prompts -----------------------------------------------------------


def is_open(st: TtaState) -> bool:
    return st.interrupt is not None


def start(st: TtaState, name: str, *args: Any) -> list[Event]:
    """Run ``EFFECTS[name](ctx, *args)`` from now; its events (up to a question)."""
    st.interrupt = {"effect": [name, *args], "snapshot": take_snapshot(st), "answers": [],
                    "emitted": 0, "questions": [], "given": {}}
    return _run(st, [])


def _run(st: TtaState, answers: list[str]) -> list[Event]:
    rec = st.interrupt
    assert rec is not None
    ctx = TtaCtx(st, answers)
    name, *args = rec["effect"]
    try:
        EFFECTS[name](ctx, *args)
    except Suspend:
        st.interrupt = {**rec, "answers": list(answers), "emitted": len(ctx.events),
                        "questions": ctx.asked, "given": {}}
        return ctx.events
    st.interrupt = None
    return ctx.events


def _open(st: TtaState) -> list[dict[str, Any]]:
    rec = st.interrupt
    if rec is None:
        return []
    given = rec["given"]
    return [q for q in rec["questions"] if str(q["seat"]) not in given]


def answer(st: TtaState, seat: int, option_id: str) -> list[Event]:
    """``seat`` answers its open question; the effect resumes once the batch is complete.
    ``IllegalAnswer`` before any change."""
    rec = st.interrupt
    q = next((q for q in _open(st) if q["seat"] == seat), None)
    if rec is None or q is None:
        raise not_your_turn()
    if not any(r[0] == option_id for r in q["options"]):
        raise illegal_option(option_id)
    questions = rec["questions"]
    given = {**rec["given"], str(seat): option_id}
    if len(given) < len(questions):
        st.interrupt = {**rec, "given": given}
        return [event("reaction_answered", seat, {"kind": q["kind"]})]
    if len(questions) == 1:
        recorded = option_id
    else:
        recorded = "|".join(f"{x['seat']}={given[str(x['seat'])]}" for x in questions)
    answers = [*rec["answers"], recorded]
    emitted = rec["emitted"]
    restore_snapshot(st, rec["snapshot"])
    return _run(st, answers)[emitted:]


def prompts(st: TtaState) -> list[Prompt]:
    out = []
    for q in _open(st):
        opts = [fast_option(r[0], r[1], r[2], r[3], None) for r in q["options"]]
        out.append(fast_prompt(q["seat"], q["kind"], opts, q["params"], q["private"],
                               q["layout"], q["seat"] != st.current))
    return out


def timeout_option(st: TtaState, seat: int) -> str | None:
    """The documented safe answer of ``seat``'s open question (None: it has none)."""
    q = next((q for q in _open(st) if q["seat"] == seat), None)
    return None if q is None else str(q["default"])
