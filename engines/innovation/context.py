"""Executing rules that may stop on a question and resume later (the suspension mechanism).

An action is executed by ordinary Python code operating on ``Ctx`` (the state, the
events emitted so far and the answers available). When the code needs a decision it
calls ``ask``: if an answer was recorded for that point it is returned at once,
otherwise the question is stored in ``state.question`` and ``Suspend`` unwinds the
action. The state keeps the snapshot taken when the action began and the answers given
since; ``resume`` restores the snapshot and re-executes the action with one more answer.
All randomness comes from the seeded generator stored in the state, so every
re-execution takes the same path up to the new question: no generator, closure or
Python stack is ever stored — the state stays plain JSON, even mid-dogma.

Questions only arise for real choices: the helpers below resolve forced and empty
choices without asking; optional ones ("you may") get a ``decline`` option and
"up to N" multi-picks a ``done`` option.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core.contract import Event
from engines.core.fast import event as fast_event
from engines.innovation.catalogue import COLORS
from engines.innovation.state import InnovationState


class Suspend(Exception):  # noqa: N818 - control flow, not an error
    """A question is open: the action stops here until it is answered."""


class GameOver(Exception):  # noqa: N818
    """The game ended (victory decided); the action stops at once."""


class DogmaEnds(Exception):  # noqa: N818
    """The current dogma action ends immediately (Fission)."""


#: one option of a stored question: [id, key, params, card]
OptionRow = list[Any]


class Ctx:
    __slots__ = ("st", "events", "answers", "pos", "source", "effect")

    def __init__(self, st: InnovationState, answers: Sequence[str] = ()) -> None:
        self.st = st
        self.events: list[Event] = []
        self.answers = answers
        self.pos = 0
        self.source: str | None = None  # dogma card whose effect is running
        self.effect = 0  # 1-based index of that effect

    # -- events -----------------------------------------------------------------------
    def emit(self, kind: str, seat: int | None, params: dict[str, Any],
             visible_to: list[int] | None = None) -> None:
        self.events.append(fast_event(kind, seat, params, visible_to))

    # -- questions --------------------------------------------------------------------
    def ask(self, seat: int, kind: str, options: list[OptionRow],
            params: dict[str, Any] | None = None, private: bool = False) -> str:
        if self.pos < len(self.answers):
            answer = self.answers[self.pos]
            self.pos += 1
            return answer
        full = {"source": self.source, "effect": self.effect}
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

    def choose_color(self, seat: int, kind: str, colors: Sequence[int], *, may: bool = False,
                     params: dict[str, Any] | None = None) -> int | None:
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

    def choose_player(self, seat: int, kind: str, seats: Sequence[int], *, may: bool = False,
                      params: dict[str, Any] | None = None) -> int | None:
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
