"""DuelEngine: the 7 Wonders Duel rules behind the engine contract."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from engines.core.contract import Engine, Event, GameResult, Pacing, Prompt
from engines.core.errors import IllegalAnswer, illegal_option, not_your_turn
from engines.duel import catalogue as cat
from engines.duel import draft, turn, window
from engines.duel.facts import CARD, COLOR_INDEX
from engines.duel.offers import build_cost, offers
from engines.duel.prompts import prompts
from engines.duel.scoring import result
from engines.duel.setup import WONDER_OPTIONS, new_state
from engines.duel.state import DuelState, fast_copy
from engines.duel.structure import slot_of
from engines.duel.view import DuelView
from engines.duel.views import build_view

#: pending decision kind -> the prefix of its option ids (when they differ)
_OPTION_PREFIX = {"great_library": "library"}


class DuelEngine(Engine[DuelState]):
    name: ClassVar[str] = "duel"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_type: ClassVar[type[BaseModel]] = DuelState
    game_options: ClassVar[dict[str, tuple[tuple[str, ...], str]]] = {
        "wonders": (WONDER_OPTIONS, "draft"),
    }
    #: one seat answers at a time: each answer is told as it comes (README "Pacing")
    pacing: ClassVar[Pacing] = "answer"

    # -- life cycle -------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: dict[str, str] | None = None) -> DuelState:
        if players != 2:
            raise ValueError("7 Wonders Duel is played by exactly 2 players")
        return new_state(seed, self.chosen_options(options)["wonders"])

    def prompts(self, state: DuelState) -> list[Prompt]:
        return prompts(state)

    def copy(self, state: DuelState) -> DuelState:
        return fast_copy(state)

    def view(self, state: DuelState, seat: int | None) -> DuelView:
        return build_view(state, seat)

    def result(self, state: DuelState) -> GameResult | None:
        return result(state)

    def catalogue(self) -> dict[str, Any]:
        return cat.catalogue()

    def load(self, data: str | bytes | dict[str, Any]) -> DuelState:
        """A stored state; one saved mid starter-choice by an older engine gets its next
        Age laid out (see ``turn.upgrade_legacy_choice``)."""
        st = super().load(data)
        turn.upgrade_legacy_choice(st)
        return st

    # -- answers ----------------------------------------------------------------------
    def apply(self, state: DuelState, seat: int, option_id: str) -> list[Event]:
        """One answer, ``undo`` included, through the undo window (``window.py``)."""
        stay = window.may_stay(state, option_id)
        if not stay and state.undo.base is None:
            events = self._step(state, seat, option_id)  # closed, and it stays closed
            state.answers += 1
            return events
        return window.answer(state, seat, option_id, self._step, stay)

    def _step(self, state: DuelState, seat: int, option_id: str) -> list[Event]:
        """The rules' application of one answer other than ``undo``: ``IllegalAnswer``
        before any change; neither counts the answer nor keeps the window."""
        st = state
        kind, _, rest = option_id.partition(":")
        events: list[Event] = []
        phase = st.phase
        if phase == "play" and not st.pending:  # most answers: a turn's action
            if seat != st.current:
                raise not_your_turn()
            self._play(st, seat, kind, rest, option_id, events)
            return events
        if phase == "over":
            raise IllegalAnswer("game_over", "The game is over.")
        if st.pending:
            p_kind, p_seat, detail = st.pending[0]
            self._check_seat(seat, p_seat)
            if kind != _OPTION_PREFIX.get(p_kind, p_kind):
                raise illegal_option(option_id)
            if kind == "token":
                if rest not in st.board_tokens:
                    raise IllegalAnswer("token_not_available", f"{rest} is not on the board.",
                                        token=rest)
                turn.choose_token(st, seat, rest, events)
            elif kind == "library":
                if rest not in st.library_offer:
                    raise IllegalAnswer("token_not_available", f"{rest} was not drawn.",
                                        token=rest)
                turn.choose_library(st, seat, rest, events)
            elif kind == "destroy":
                if rest not in st.buildings[1 - seat] or CARD[rest].color != COLOR_INDEX[detail]:
                    raise IllegalAnswer("card_not_available", f"{rest} cannot be destroyed.",
                                        card=rest)
                turn.destroy(st, seat, rest, events)
            else:  # revive
                if rest not in st.discard:
                    raise IllegalAnswer("card_not_available", f"{rest} is not discarded.",
                                        card=rest)
                turn.revive(st, seat, rest, events)
        elif phase == "draft":
            self._check_seat(seat, draft.picker(st))
            if kind != "draft" or rest not in st.wonder_offer:
                raise illegal_option(option_id)
            draft.pick(st, seat, rest, events)
        else:  # choose_start
            self._check_seat(seat, st.current)
            if kind != "start":
                raise illegal_option(option_id)
            if rest not in ("0", "1"):
                raise IllegalAnswer("invalid_seat", f"'{rest}' is not a seat.", seat=rest)
            turn.choose_start(st, seat, int(rest), events)
        return events

    @staticmethod
    def _check_seat(seat: int, expected: int) -> None:
        if seat != expected:
            raise not_your_turn()

    @staticmethod
    def _play(
        st: DuelState, seat: int, kind: str, rest: str, option_id: str, events: list[Event]
    ) -> None:
        if kind == "wonder":
            card, _, wonder = rest.partition(":")
        elif kind in ("build", "discard"):
            card, wonder = rest, ""
        else:
            raise illegal_option(option_id)
        slot = slot_of(st, card)
        if slot < 0:
            raise IllegalAnswer("card_not_accessible", f"{card} is not accessible.", card=card)
        if kind == "discard":
            turn.discard_card(st, seat, slot, events)
            return
        if kind == "build":
            total, trade, chained = build_cost(st, seat, card)
            if total > st.coins[seat]:
                raise IllegalAnswer("cannot_afford", f"{card} costs {total} coins.",
                                    card=card, cost=total)
            turn.build_card(st, seat, slot, total, trade, chained, events)
            return
        cost = next((c for w, c in offers(st, seat).wonders if w == wonder), None)
        if cost is None:
            raise IllegalAnswer("wonder_not_available", f"{wonder} cannot be built.",
                                wonder=wonder)
        if cost > st.coins[seat]:
            raise IllegalAnswer("cannot_afford", f"{wonder} costs {cost} coins.",
                                card=wonder, cost=cost)
        turn.build_wonder(st, seat, slot, wonder, cost, events)
