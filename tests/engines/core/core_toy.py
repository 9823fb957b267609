"""A tiny complete engine for testing ``engines.core``: a counter race with an undo window.

Two seats take turns; on its turn a seat may add 1 or 2 to its total (up to three actions),
``draw`` a hidden die roll from the generator (a point of no return: the window closes and
reopens at once for the same seat), ``end`` its turn, and ``undo`` while its window holds
an answer. Six turns make a game; the higher total wins.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from pydantic import BaseModel, Field

from engines.core.contract import UNDO, Engine, Event, GameResult, Prompt, SeatScore
from engines.core.errors import IllegalAnswer, illegal_option, not_your_turn
from engines.core.fast import event, fast_option, fast_prompt
from engines.core.rng import Rng, seed_state
from engines.core.undo import UndoWindow, undo_option

TURNS = 6
ACTIONS = 3


class CounterState(BaseModel):
    players: int = 2
    rng: int
    totals: list[int] = Field(default_factory=lambda: [0, 0])
    current: int = 0
    turn: int = 0
    actions: int = 0
    undo: UndoWindow = Field(default_factory=UndoWindow)


#: the game fields an undo window keeps (every field but the window itself)
GAME_FIELDS = tuple(f for f in CounterState.model_fields if f != "undo")


def take(st: CounterState) -> dict[str, Any]:
    return {k: copy.deepcopy(getattr(st, k)) for k in GAME_FIELDS}


def restore(st: CounterState, base: dict[str, Any]) -> None:
    for key, value in base.items():
        setattr(st, key, copy.deepcopy(value))


class CounterEngine(Engine[CounterState]):
    name: ClassVar[str] = "counter"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_type: ClassVar[type[BaseModel]] = CounterState

    def new_game(self, players: int, seed: int,
                 options: dict[str, str] | None = None) -> CounterState:
        st = CounterState(rng=seed_state(seed))
        st.undo.open(0, take(st))
        return st

    def prompts(self, state: CounterState) -> list[Prompt]:
        st = state
        if st.turn >= TURNS:
            return []
        options = []
        if st.actions < ACTIONS:
            options += [fast_option("add:1", "add", {"n": 1}, None, None, "act"),
                        fast_option("add:2", "add", {"n": 2}, None, None, "act"),
                        fast_option("draw", "draw", {}, None, None, "act")]
        options.append(fast_option("end", "end", {}, None, None, "turn"))
        if st.undo.can_undo(st.current):
            options.append(undo_option())
        return [fast_prompt(st.current, "turn", options, {}, False, "panel")]

    def apply(self, state: CounterState, seat: int, option_id: str) -> list[Event]:
        st = state
        if st.turn >= TURNS:
            raise IllegalAnswer("game_over", "The game is over.")
        if seat != st.current:
            raise not_your_turn()
        if option_id == UNDO:
            if not st.undo.can_undo(seat):
                raise illegal_option(option_id)
            return [st.undo.undo(st, restore, lambda s, oid: self.step(s, seat, oid))]
        return self.step(st, seat, option_id)

    def step(self, st: CounterState, seat: int, option_id: str) -> list[Event]:
        """One answer other than ``undo`` (what an undo re-applies)."""
        if option_id in ("add:1", "add:2") and st.actions < ACTIONS:
            n = int(option_id[4:])
            st.totals[seat] += n
            st.actions += 1
            st.undo.record(option_id)
            return [event("added", seat, {"n": n}, [seat], True)]
        if option_id == "draw" and st.actions < ACTIONS:
            st.undo.close()  # the roll is news to everybody: no way back past it
            rng = Rng(st.rng)
            n = rng.below(6) + 1
            st.rng = rng.state
            st.totals[seat] += n
            st.actions += 1
            st.undo.open(seat, take(st))  # the same seat goes on: a fresh window
            return [event("drew", seat, {"n": n})]
        if option_id == "end":
            st.undo.close()
            st.turn += 1
            st.current = 1 - seat
            st.actions = 0
            if st.turn < TURNS:
                st.undo.open(st.current, take(st))
            return [event("ended", seat, {"totals": list(st.totals)})]
        raise illegal_option(option_id)

    def copy(self, state: CounterState) -> CounterState:
        return state.model_copy(update={"totals": state.totals[:], "undo": state.undo.clone()})

    def view(self, state: CounterState, seat: int | None) -> BaseModel:
        return state.model_copy(update={"rng": 0, "undo": UndoWindow()})

    def result(self, state: CounterState) -> GameResult | None:
        if state.turn < TURNS:
            return None
        totals = state.totals
        best = max(totals)
        winners = [s for s in (0, 1) if totals[s] == best]
        return GameResult(victory="points", winners=winners, scores=[
            SeatScore(seat=s, total=totals[s], rank=1 if s in winners else 2) for s in (0, 1)])

    def catalogue(self) -> dict[str, Any]:
        return {}


ENGINE = CounterEngine()
