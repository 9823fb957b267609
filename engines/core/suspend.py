"""Rules that stop on a question and resume later: snapshot, recorded answers, re-execution.

A multi-step effect (an Innovation dogma, a Through the Ages event or auction) is written
as ordinary straight-line Python over a :class:`Ctx`. When it needs a decision it calls
:meth:`Ctx.ask`: if an answer was recorded for that point it is returned at once;
otherwise the question is stored in the state and :class:`Suspend` unwinds the effect.
The state keeps the snapshot taken when the effect began and the answers given since;
:meth:`Resumable.resume` restores the snapshot and runs the effect again with one more
answer. All randomness comes from the seeded generator stored in the state, so every
re-execution takes the same path up to the next question: no generator, closure or
Python stack is ever stored, and the state stays plain JSON even in the middle of an
effect (a game can be saved, reloaded and replayed there).

The cost is one snapshot per effect and re-running the effect once per question, which
is small for effects that ask a handful of questions.

An engine using this keeps four fields in its state (:class:`Suspendable`) and builds one
:class:`Resumable` with its own snapshot functions::

    RESUME = Resumable(take_snapshot, restore_snapshot)

    RESUME.begin(state)                                 # the effect starts
    RESUME.run(state, ctx, lambda: effect(ctx))        # False: suspended on a question
    answers, emitted = RESUME.resume(state, seat, option_id)   # the question is answered
    ctx = MyCtx(state, answers)
    RESUME.run(state, ctx, lambda: effect(ctx))
    return ctx.events[emitted:]                        # only what is new

Questions only arise for real choices: the ``choose_*`` helpers resolve forced and empty
choices without asking; optional ones ("you may") get a ``decline`` option and "up to N"
picks a ``done`` option.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from engines.core.contract import Event, Prompt
from engines.core.errors import illegal_option, not_your_turn
from engines.core.fast import event as fast_event
from engines.core.fast import fast_option, fast_prompt


class Suspend(Exception):  # noqa: N818 - control flow, not an error
    """A question is open: the effect stops here until it is answered."""


#: one option of a stored question: ``[id, key, params, card]`` (plain JSON).
OptionRow = list[Any]


class Suspendable(Protocol):
    """The fields a state keeps while an effect waits for an answer.

    ``question`` is the open question (``seat``, ``kind``, ``options`` as
    :data:`OptionRow` lists, ``params``, ``private``) or ``None``; ``snapshot`` the game
    fields when the effect began; ``answers`` the answers the effect has consumed so
    far; ``emitted`` how many events it had emitted when it stopped (re-execution emits
    them again; they are not reported twice).
    """

    question: dict[str, Any] | None
    snapshot: dict[str, Any] | None
    answers: list[str]
    emitted: int


S = TypeVar("S", bound=Suspendable)


class Ctx(Generic[S]):
    """One execution of an effect: the state, the events emitted and the answers to replay.

    Engines subclass it to add their own vocabulary (Innovation: colours, the dogma that
    is running) and override :meth:`question_params` to stamp every question with it.
    """

    __slots__ = ("st", "events", "answers", "pos")

    def __init__(self, st: S, answers: Sequence[str] = ()) -> None:
        self.st = st
        self.events: list[Event] = []
        self.answers = answers
        self.pos = 0

    # -- events -----------------------------------------------------------------------
    def emit(self, kind: str, seat: int | None, params: dict[str, Any],
             visible_to: list[int] | None = None) -> None:
        self.events.append(fast_event(kind, seat, params, visible_to))

    # -- questions --------------------------------------------------------------------
    def question_params(self) -> dict[str, Any]:
        """Params every question starts from (a fresh dict; the asker's params follow)."""
        return {}

    def ask(self, seat: int, kind: str, options: list[OptionRow],
            params: dict[str, Any] | None = None, private: bool = False) -> str:
        """The recorded answer at this point, else store the question and suspend."""
        if self.pos < len(self.answers):
            answer = self.answers[self.pos]
            self.pos += 1
            return answer
        full = self.question_params()
        if params:
            full.update(params)
        self.st.question = {"seat": seat, "kind": kind, "options": options,
                            "params": full, "private": private}
        raise Suspend()

    def choose_card(self, seat: int, kind: str, cards: Sequence[str], *, may: bool = False,
                    private: bool = False, params: dict[str, Any] | None = None) -> str | None:
        """One card among ``cards`` (None: none to choose, or declined)."""
        if not cards:
            return None
        if len(cards) == 1 and not may:
            return cards[0]
        opts: list[OptionRow] = [[f"card:{c}", "card", {"card": c}, c] for c in cards]
        if may:
            opts.append(["decline", "decline", {}, None])
        answer = self.ask(seat, kind, opts, params, private)
        return None if answer == "decline" else answer[5:]

    def choose_cards(self, seat: int, kind: str, cards: Sequence[str], lo: int, hi: int, *,
                     private: bool = False, params: dict[str, Any] | None = None) -> list[str]:
        """Between ``lo`` and ``hi`` cards, picked one at a time (``done`` once ``lo`` reached)."""
        pool = list(cards)
        hi = min(hi, len(pool))
        lo = min(lo, hi)
        picked: list[str] = []
        if lo == hi == len(pool):
            return pool  # every card must be taken: nothing to decide
        while len(picked) < hi and pool:
            opts: list[OptionRow] = [[f"card:{c}", "card", {"card": c}, c] for c in pool]
            if len(picked) >= lo:
                opts.append(["done", "done", {"picked": len(picked)}, None])
            elif len(pool) == 1:
                picked.append(pool.pop())
                continue
            p = dict(params or {})
            p.update({"picked": len(picked), "min": lo, "max": hi})
            answer = self.ask(seat, kind, opts, p, private)
            if answer == "done":
                break
            card = answer[5:]
            pool.remove(card)
            picked.append(card)
        return picked

    def choose_player(self, seat: int, kind: str, seats: Sequence[int], *, may: bool = False,
                      params: dict[str, Any] | None = None) -> int | None:
        """One seat among ``seats`` (None: none to choose, or declined)."""
        if not seats:
            return None
        if len(seats) == 1 and not may:
            return seats[0]
        opts: list[OptionRow] = [[f"player:{s}", "player", {"seat": s}, None] for s in seats]
        if may:
            opts.append(["decline", "decline", {}, None])
        answer = self.ask(seat, kind, opts, params)
        return None if answer == "decline" else int(answer[7:])

    def choose_value(self, seat: int, kind: str, values: Sequence[int],
                     params: dict[str, Any] | None = None) -> int:
        """One number among ``values`` (asked only when there are several)."""
        if len(values) == 1:
            return values[0]
        opts: list[OptionRow] = [[f"value:{v}", "value", {"value": v}, None] for v in values]
        return int(self.ask(seat, kind, opts, params)[6:])

    def may(self, seat: int, kind: str, params: dict[str, Any] | None = None,
            private: bool = False) -> bool:
        """A yes/no "you may" decision (``yes`` / ``decline``)."""
        opts: list[OptionRow] = [["yes", "yes", {}, None], ["decline", "decline", {}, None]]
        return self.ask(seat, kind, opts, params, private) == "yes"

    def choose_option(self, seat: int, kind: str, keys: Sequence[str], *, may: bool = False,
                      params: dict[str, Any] | None = None) -> str | None:
        """One of named alternatives (option id = key), e.g. Evolution's two branches."""
        opts: list[OptionRow] = [[k, k, {}, None] for k in keys]
        if may:
            opts.append(["decline", "decline", {}, None])
        answer = self.ask(seat, kind, opts, params)
        return None if answer == "decline" else answer


def question_prompt(question: dict[str, Any]) -> Prompt:
    """The prompt for a stored question (built unvalidated: the engine wrote it)."""
    opts = [fast_option(r[0], r[1], r[2], r[3], None) for r in question["options"]]
    return fast_prompt(question["seat"], question["kind"], opts, question["params"],
                       question["private"])


class Resumable(Generic[S]):
    """Begin, run and resume suspendable effects for one engine's state type.

    ``take`` copies the game fields of a state (not the four :class:`Suspendable`
    fields) and ``restore`` writes such a copy back; both must copy deeply enough that
    the effect's in-place changes never reach the snapshot.
    """

    __slots__ = ("_take", "_restore")

    def __init__(self, take: Callable[[S], dict[str, Any]],
                 restore: Callable[[S, dict[str, Any]], None]) -> None:
        self._take = take
        self._restore = restore

    def begin(self, st: S) -> None:
        """An effect starts now: snapshot the state, no answers recorded yet."""
        st.snapshot = self._take(st)
        st.answers = []
        st.emitted = 0

    @staticmethod
    def run(st: S, ctx: Ctx[S], effect: Callable[[], None]) -> bool:
        """Execute ``effect``; ``True`` if it finished (the bookkeeping is cleared),
        ``False`` if it stopped on a question (kept in ``st.question``)."""
        try:
            effect()
        except Suspend:
            st.answers = list(ctx.answers)
            st.emitted = len(ctx.events)
            return False
        st.snapshot = None
        st.answers = []
        st.emitted = 0
        st.question = None
        return True

    def resume(self, st: S, seat: int, option_id: str) -> tuple[list[str], int]:
        """Accept ``option_id`` from ``seat`` for the open question and rewind the state
        to the effect's start; return the answers to replay and how many events the
        replay will emit again (to drop). ``IllegalAnswer`` before any change."""
        q = st.question
        if q is None or seat != q["seat"]:
            raise not_your_turn()
        if not any(row[0] == option_id for row in q["options"]):
            raise illegal_option(option_id)
        snapshot = st.snapshot
        if snapshot is None:
            raise RuntimeError("a question is open but its effect has no snapshot")
        answers = [*st.answers, option_id]
        emitted = st.emitted
        self._restore(st, snapshot)
        st.question = None
        return answers, emitted
