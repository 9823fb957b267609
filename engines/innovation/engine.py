"""InnovationEngine: the Innovation rules behind the engine contract."""

from __future__ import annotations

import contextlib
from typing import Any, ClassVar

from pydantic import BaseModel

from engines.core.contract import Engine, Event, GameResult, Pacing, Prompt
from engines.core.errors import IllegalAnswer, illegal_option, not_your_turn
from engines.core.fast import event as fast_event
from engines.innovation import (
    cards,  # noqa: F401  (the card effects register on import)
    undo_window,
)
from engines.innovation import catalogue as cat
from engines.innovation.achievements import achievable
from engines.innovation.actions import (
    achieve_action,
    dogma_action,
    draw_action,
    end_action,
    meld_action,
)
from engines.innovation.context import RESUME, Ctx, GameOver
from engines.innovation.facts import COLOR
from engines.innovation.prompts import dogma_preview, prompts
from engines.innovation.scoring import result
from engines.innovation.setup import choose_initial, new_state
from engines.innovation.state import BEGUN, SNAPSHOT_ICONS, InnovationState, fast_copy
from engines.innovation.view import InnovationView
from engines.innovation.views import build_view


class InnovationEngine(Engine[InnovationState]):
    name: ClassVar[str] = "innovation"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    state_type: ClassVar[type[BaseModel]] = InnovationState
    #: one seat answers at a time (but for the setup meld): each answer is told as it
    #: comes (README "Pacing")
    pacing: ClassVar[Pacing] = "answer"

    # -- life cycle -------------------------------------------------------------------
    def new_game(self, players: int, seed: int,
                 options: dict[str, str] | None = None) -> InnovationState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Innovation is played by 2 to 4 players")
        self.chosen_options(options)  # Innovation has none: refuses any
        return new_state(players, seed)

    def prompts(self, state: InnovationState) -> list[Prompt]:
        return prompts(state)

    def copy(self, state: InnovationState) -> InnovationState:
        return fast_copy(state)

    def view(self, state: InnovationState, seat: int | None) -> InnovationView:
        return build_view(state, seat)

    def result(self, state: InnovationState) -> GameResult | None:
        return result(state)

    def catalogue(self) -> dict[str, Any]:
        return cat.catalogue()

    def timeout_option(self, state: InnovationState, seat: int) -> str | None:
        """What a seat whose turn deadline passed does, the least disruptive legal choice:
        setup melds the first card dealt; a turn action draws (always legal); a question is
        declined (or closed with ``done`` / ``back``) when it may be, else its first option."""
        prompt = self.prompt_for(state, seat)
        if prompt is None or not prompt.options:
            return None
        if prompt.kind == "initial_meld":
            return prompt.options[0].id
        for opt in prompt.options:
            if opt.id in ("decline", "done", "back", "draw"):
                return opt.id
        return prompt.options[0].id

    # -- engine hooks -----------------------------------------------------------------
    def dogma_preview(self, state: InnovationState, seat: int, card: str) -> dict[str, Any]:
        """Sharers and demanded players if ``seat`` activated ``card`` now (README)."""
        return dogma_preview(state, seat, card)

    def stats(self, state: InnovationState) -> dict[str, int]:
        """How many times each card's dogma was executed in this game."""
        return dict(state.dogma_counts)

    # -- answers ----------------------------------------------------------------------
    def apply(self, state: InnovationState, seat: int, option_id: str) -> list[Event]:
        st = state
        if st.phase == "over":
            raise IllegalAnswer("game_over", "The game is over.")
        if st.phase == "setup":
            events = self._setup(st, seat, option_id)
        else:  # inside the undo window (undo_window.py), which may take answers back
            events = undo_window.answer(st, seat, option_id, self.step, self._rerun)
        st.answers_count += 1
        return events

    def step(self, st: InnovationState, seat: int, option_id: str) -> list[Event]:
        """One answer after the setup (also what an undo applies again)."""
        if st.question is not None:
            return self._resume(st, seat, option_id)
        if seat != st.current:
            raise not_your_turn()
        return self._turn(st, seat, option_id)

    def _setup(self, st: InnovationState, seat: int, option_id: str) -> list[Event]:
        if not 0 <= seat < st.players or st.initial[seat] is not None:
            raise not_your_turn()
        kind, _, card = option_id.partition(":")
        if kind != "initial" or card not in st.hands[seat]:
            raise illegal_option(option_id)
        g = Ctx(st)
        with contextlib.suppress(GameOver):
            choose_initial(g, seat, card)
        return g.events

    def _turn(self, st: InnovationState, seat: int, option_id: str) -> list[Event]:
        kind, _, rest = option_id.partition(":")
        if st.confirm is not None:
            if option_id == "back":
                card = st.confirm
                st.confirm = None
                st.preview = None
                return [_ev("dogma_cancelled", seat, {"card": card})]
            if option_id != "confirm":
                raise illegal_option(option_id)
            card = st.confirm
            preview = st.preview or dogma_preview(st, seat, card)
            st.confirm = None
            st.preview = None
            # the affected players are fixed at activation (kept for the replays)
            st.action = ["dogma", seat, card, preview["sharers"], preview["demanded"]]
            RESUME.begin(st)
            st.__dict__[BEGUN] = st.snapshot  # the base of a window it opens
            return self._run(st, Ctx(st))
        if kind == "dogma":
            color = COLOR.get(rest)
            pile = st.boards[seat][color] if color is not None else None
            if not pile or pile[-1] != rest:
                raise IllegalAnswer("not_a_top_card", f"{rest} is not one of your top cards.",
                                    card=rest)
            st.confirm = rest
            st.preview = preview = dogma_preview(st, seat, rest)
            return [_ev("dogma_preview", seat, dict(preview))]
        g = Ctx(st)
        try:
            if kind == "draw" and not rest:
                draw_action(g, seat)
            elif kind == "meld":
                if rest not in st.hands[seat]:
                    raise IllegalAnswer("card_not_in_hand", f"{rest} is not in your hand.",
                                        card=rest)
                meld_action(g, seat, rest)
            elif kind == "achieve":
                if not rest.isdigit() or int(rest) not in achievable(st, seat):
                    raise IllegalAnswer("cannot_achieve", f"You cannot achieve age {rest}.",
                                        age=rest)
                achieve_action(g, seat, int(rest))
            else:
                raise illegal_option(option_id)
            end_action(g)
        except GameOver:
            pass
        return g.events

    def _resume(self, st: InnovationState, seat: int, option_id: str) -> list[Event]:
        snap = st.snapshot
        # claims only take specials away: as many left as at the start, none was claimed
        unclaimed = snap is not None and len(st.specials) == len(snap["specials"])
        answers, emitted = RESUME.resume(st, seat, option_id)
        return self._run(st, Ctx(st, answers, emitted, unclaimed))

    def _rerun(self, st: InnovationState, answers: list[str]) -> None:
        """The dogma in ``st.action`` run again from its start (restored by the caller) up
        to the question ``answers`` lead to (an undo's base, ``undo_window``)."""
        self._run(st, Ctx(st, answers))

    @staticmethod
    def _run(st: InnovationState, g: Ctx) -> list[Event]:
        """Run (or re-run) the dogma action in ``st.action``; the events it emitted."""
        action = st.action
        assert action is not None

        def dogma() -> None:
            with contextlib.suppress(GameOver):
                dogma_action(g, action[1], action[2], action[3], action[4])
                end_action(g)

        if RESUME.run(st, g, dogma):
            st.action = None
            st.dogma = None
            st.__dict__.pop(SNAPSHOT_ICONS, None)
        else:
            st.emitted += g.skipped  # the events re-emitted but not built count too
        return g.events


def _ev(kind: str, seat: int, params: dict[str, Any]) -> Event:
    return fast_event(kind, seat, params)
