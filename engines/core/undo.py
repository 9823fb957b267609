"""An undo window inside a turn, kept in the engine's state (the log stays append-only).

A player may take back answers while nothing they could not know has happened since (the
book lets Through the Ages players retract actions during their turn). The service's log
is a list of facts that replays, versions, reminders and stale buttons rely on, so undo is
not a log truncation: it is an ordinary answer, the reserved option ``undo``, logged like
any other. Replaying the log therefore reaches the same state, undos included.

The engine embeds one :class:`UndoWindow` in its state and drives it:

- ``open(seat, take(state))`` when the seat starts acting (e.g. the action phase begins):
  the window remembers the game fields at that moment (``base``; ``take`` copies every
  field but the window itself, and ``restore`` writes such a copy back);
- ``record(option_id)`` after each answer applied while it is open (applied incrementally
  as usual: the normal path never re-executes anything);
- ``close()`` the moment something cannot be taken back: a hidden card is revealed, the
  generator is used, another seat is asked something, the turn ends. It may ``open``
  again at once (a fresh base) if the same seat goes on acting;
- offer :func:`undo_option` while ``can_undo(seat)``; on ``undo``, call :meth:`undo`,
  which restores ``base`` and re-applies every recorded answer but the last through the
  engine's own step function, discarding their events (they were told already).

Cost: one copy of the game fields per window, and re-applying the window's answers on an
undo only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel, Field

from engines.core.contract import UNDO, Event, Option
from engines.core.fast import event, fast_option, unvalidated

__all__ = ["UNDO", "UndoWindow", "undo_option"]

S = TypeVar("S")

_FIELDS = {"base", "answers", "seat"}


class UndoWindow(BaseModel):
    """The open window of one seat: the game fields when it opened and the answers since.

    ``base`` is ``None`` while no window is open. It is never changed in place (``restore``
    must copy out of it), so copies of the state may share it.
    """

    base: dict[str, Any] | None = None
    answers: list[str] = Field(default_factory=list)
    seat: int | None = None

    @property
    def is_open(self) -> bool:
        return self.base is not None

    def open(self, seat: int, base: dict[str, Any]) -> None:
        """Start a window for ``seat`` at the position ``base`` (the engine's snapshot)."""
        self.base = base
        self.answers = []
        self.seat = seat

    def record(self, option_id: str) -> None:
        """``option_id`` was applied inside the window: it may be taken back."""
        if self.base is not None:
            self.answers.append(option_id)

    def close(self) -> None:
        """A point of no return: nothing before it can be undone any more."""
        self.base = None
        self.answers = []
        self.seat = None

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` has an answer it may take back now (offer ``undo`` then)."""
        return self.base is not None and bool(self.answers) and seat == self.seat

    def undo(self, state: S, restore: Callable[[S, dict[str, Any]], None],
             reapply: Callable[[S, str], object]) -> Event:
        """Take back the last answer: restore ``base`` into ``state``, then re-apply the
        others with ``reapply(state, option_id)`` (the engine's step for one answer,
        without its undo handling; its events are dropped). Returns the one provisional
        ``undone`` event, addressed to the seat. The caller checks :meth:`can_undo`
        first (an undo the seat may not make is an ``IllegalAnswer``)."""
        base, seat = self.base, self.seat
        if base is None or seat is None or not self.answers:
            raise ValueError("nothing to undo")
        undone = self.answers[-1]
        kept = self.answers[:-1]
        restore(state, base)
        self.answers = []
        for option_id in kept:
            reapply(state, option_id)
            if self.base is not base:
                raise RuntimeError(f"re-applying '{option_id}' closed the undo window: "
                                   "it must have closed it the first time")
        self.answers = kept
        return event("undone", seat, {"option": undone}, [seat], True)

    def clone(self) -> UndoWindow:
        """An independent copy for the engine's fast state copy (``base`` is shared)."""
        return unvalidated(UndoWindow, {"base": self.base, "answers": self.answers[:],
                                        "seat": self.seat}, set(_FIELDS))


_UNDO_OPTIONS: dict[str | None, Option] = {}


def undo_option(group: str | None = "turn") -> Option:
    """The reserved ``undo`` option (one shared object per group)."""
    opt = _UNDO_OPTIONS.get(group)
    if opt is None:
        opt = _UNDO_OPTIONS[group] = fast_option(UNDO, UNDO, {}, None, None, group)
    return opt
