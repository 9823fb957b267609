"""TtaEngine: Through the Ages behind the engine contract: the book's first game, the full
game (the lobby's default) and its peaceful variant (lobby ``mode``; ``peaceful_pacts`` keeps
the four pacts without war in it), with the global conflict variant (``global_conflict``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from pydantic import BaseModel

from engines.core.contract import Engine, Event, GameResult, Pacing, Prompt
from engines.core.errors import IllegalAnswer, not_your_turn
from engines.core.fast import event
from engines.tta import (
    aggressions,  # noqa: F401 (registers the aggressions)
    interrupts,
    leaders,
    pacts,  # noqa: F401 (registers the pacts)
    politics,
    resignation,  # noqa: F401 (registers the resignation)
    short_game,  # noqa: F401 (registers the short game's war and scoring)
    turn,
    undo_window,
    wonders,
)
from engines.tta import catalogue as cat
from engines.tta.prompts import RULE_ACTIONS, options
from engines.tta.scoring import result
from engines.tta.setup import LOBBY_MODES, new_state
from engines.tta.state import TtaState, fast_copy
from engines.tta.view import TtaView
from engines.tta.views import build_view

#: option id prefix -> what applies it: the rules' actions (``prompts.RULE_ACTIONS``), then
#: leaders' and wonders' powers (they register their seams at import)
ACTIONS: dict[str, Callable[[TtaState, int, str], list[Event]]] = {
    **RULE_ACTIONS,
    **leaders.ACTIONS,
    **wonders.ACTIONS,
}


class TtaEngine(Engine[TtaState]):
    name: ClassVar[str] = "tta"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    state_type: ClassVar[type[BaseModel]] = TtaState
    game_options: ClassVar[dict[str, tuple[tuple[str, ...], str]]] = {
        "mode": (LOBBY_MODES, "full"),
        "global_conflict": (("off", "on"), "off"),
        #: ``mode: peaceful`` only (ignored otherwise): keep the four pacts without war
        #: (L2253, ruling C9) in the military decks at 3-4 players
        "peaceful_pacts": (("off", "on"), "off"),
    }
    #: events and auctions ask other seats mid-turn (``Prompt.reaction``)
    has_reactions: ClassVar[bool] = True
    #: a turn is many answers of one seat: asked on its turn panel (``Prompt.panel``),
    #: told to the table once per turn (``TtaView.table_key``; README "Pacing")
    pacing: ClassVar[Pacing] = "turn"
    #: random players never resign while they may do anything else (a random resignation
    #: would end most random games early; resignation is tested on its own)
    playout_avoid: ClassVar[frozenset[str]] = frozenset({"resign", "resign:confirm"})

    def new_game(self, players: int, seed: int,
                 options: dict[str, str] | None = None) -> TtaState:
        opts = self.chosen_options(options)
        st = new_state(players, seed, opts["mode"], opts["global_conflict"] == "on",
                       opts["peaceful_pacts"] == "on")
        turn.begin_turn(st)
        undo_window.open_if_acting(st)
        return st

    def prompts(self, state: TtaState) -> list[Prompt]:
        return undo_window.prompts(state)

    def copy(self, state: TtaState) -> TtaState:
        return fast_copy(state)

    def view(self, state: TtaState, seat: int | None) -> TtaView:
        return build_view(state, seat)

    def result(self, state: TtaState) -> GameResult | None:
        return result(state)

    def catalogue(self) -> dict[str, Any]:
        return cat.catalogue()

    def stats(self, state: TtaState) -> dict[str, int]:
        return dict(state.counts)

    def timeout_option(self, state: TtaState, seat: int) -> str | None:
        """Politics: pass; action phase: end it; discards: the first in the documented
        order (oldest age first; events, bonus cards, tactics) — platform §4.5."""
        if state.phase == "over":
            return None
        if state.interrupt is not None:  # an event or auction asks (platform §4.5)
            return interrupts.timeout_option(state, seat)
        if seat != state.current:
            return None
        if state.step == "politics":
            return "pass"
        if state.step == "action":
            return "end"
        if state.step == "action_card":
            return "back"
        if state.step == "resign":  # never resign by a timeout
            return "resign:back"
        opts = options(state)
        return opts[0].id if opts else None

    def apply(self, state: TtaState, seat: int, option_id: str) -> list[Event]:
        """Checked against the open prompts, applied by ``step``, inside the undo window
        (``undo_window.answer``: ``undo``, provisional events, the turn summary)."""
        return undo_window.answer(state, seat, option_id, self.step)

    def step(self, state: TtaState, seat: int, option_id: str) -> list[Event]:
        """One answer that ``apply`` found legal (also what an undo re-applies)."""
        st = state
        if st.phase == "over":
            raise IllegalAnswer("game_over", "The game is over.")
        if st.interrupt is not None:  # an event or auction asks, maybe another seat
            answered = interrupts.answer(st, seat, option_id)
            st.answers += 1
            return answered
        if seat != st.current:
            raise not_your_turn()
        kind, _, arg = option_id.partition(":")
        if st.step == "politics":
            # the next step first: a revealed event may ask, and the answers replay it from
            # a snapshot taken inside the action (interrupts.py), losing later changes
            st.step = politics.next_step(st, seat, kind)
            if kind == "pass":
                events: list[Event] = [event("politics_passed", seat, {})]
            elif kind in politics.ACTIONS:
                events = politics.ACTIONS[kind](st, seat, arg)
            else:
                events = politics.prepare_event(st, seat, arg)
            politics.skip_empty_second(st, seat)
        elif st.step == "discard":
            civ = st.civs[seat]
            civ.military.remove(arg)
            st.military_discards[st.age if st.age < 4 else 3].append(arg)
            events = [event("discarded", seat, {})]
            if turn.discards_needed(st) == 0:
                events.extend(turn.finish_turn(st))
        elif kind == "end":
            events = turn.end_action_phase(st)
        else:
            events = ACTIONS[kind](st, seat, arg)
        st.answers += 1
        return events


#: what ``undo_window.rebuild`` replays: the rules' step of one legal answer
undo_window.REPLAY = TtaEngine().step
