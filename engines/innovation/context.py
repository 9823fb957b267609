"""Innovation's execution context: the core suspension mechanism plus its own vocabulary.

A dogma is ordinary Python over ``Ctx`` that may stop on a question and resume later
(``engines.core.suspend`` explains how: snapshot, recorded answers, re-execution). What
Innovation adds: every question names the dogma card and effect being executed
(``source`` / ``effect``), colours are asked by name, and two ways to stop an action at
once (``GameOver``, ``DogmaEnds``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core import suspend
from engines.core.fast import event as fast_event
from engines.core.suspend import OptionRow, Resumable, Suspend
from engines.innovation.catalogue import COLORS
from engines.innovation.state import REVEALED, InnovationState, restore_snapshot, take_snapshot

__all__ = ["RESUME", "Ctx", "DogmaEnds", "GameOver", "OptionRow", "Suspend"]

#: how a dogma action is snapshot, run and resumed
RESUME: Resumable[InnovationState] = Resumable(take_snapshot, restore_snapshot)


class GameOver(Exception):  # noqa: N818
    """The game ended (victory decided); the action stops at once."""


class DogmaEnds(Exception):  # noqa: N818
    """The current dogma action ends immediately (Fission)."""


class Ctx(suspend.Ctx[InnovationState]):
    """``skip``: a resumed dogma re-emits the events it emitted before its question, which
    were told already; the first ``skip`` emitted are not built at all (``skipped`` counts
    them), so ``events`` holds only the new ones. ``unclaimed``: no special achievement was
    claimed before the question either, so while re-running that part the checks for them
    (which found nothing then) are skipped too (``specials.check_specials``)."""

    __slots__ = ("source", "effect", "skip", "skipped", "unclaimed")

    def __init__(self, st: InnovationState, answers: Sequence[str] = (), skip: int = 0,
                 unclaimed: bool = False) -> None:
        super().__init__(st, answers)
        self.source: str | None = None  # dogma card whose effect is running
        self.effect = 0  # 1-based index of that effect
        self.skip = skip
        self.skipped = 0
        self.unclaimed = unclaimed

    def emit(self, kind: str, seat: int | None, params: dict[str, Any],
             visible_to: list[int] | None = None) -> None:
        if self.skip:
            self.skip -= 1
            self.skipped += 1
            return
        self.events.append(fast_event(kind, seat, params, visible_to))

    def revealing(self) -> None:
        """The event about to be emitted shows someone a card they could not see (a draw,
        a reveal, a hand card melded...): the undo window closes (``undo_window``). Not
        while a resumed dogma re-runs what it did before its question: that was told,
        and counted, when it happened."""
        if not self.skip:
            self.st.__dict__[REVEALED] = True

    def skipping(self, count: int) -> bool:
        """Whether the next ``count`` events are told already (then counted as skipped):
        for emitters that would build costly params first."""
        if self.skip:
            if self.skip < count:  # a question is never asked between them
                raise RuntimeError("a resumed dogma re-emitted different events")
            self.skip -= count
            self.skipped += count
            return True
        return False

    def question_params(self) -> dict[str, Any]:
        """Each question says which dogma effect asks it (the bot words it with the card)."""
        return {"source": self.source, "effect": self.effect}

    def choose_color(self, seat: int, kind: str, colors: Sequence[int], *, may: bool = False,
                     params: dict[str, Any] | None = None) -> int | None:
        """One colour index among ``colors`` (None: none to choose, or declined)."""
        if not colors:
            return None
        if len(colors) == 1 and not may:
            return colors[0]
        opts: list[OptionRow] = [[f"color:{COLORS[c]}", "color", {"color": COLORS[c]}, None]
                                 for c in colors]
        if may:
            opts.append(["decline", "decline", {}, None])
        answer = self.ask(seat, kind, opts, params)
        return None if answer == "decline" else COLORS.index(answer[6:])
