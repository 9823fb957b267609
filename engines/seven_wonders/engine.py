"""SevenWondersEngine: the 7 Wonders (2nd edition) rules behind the engine contract."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from engines.core.contract import BACK, UNDO, Engine, Event, GameResult, Pacing, Prompt
from engines.core.errors import IllegalAnswer, illegal_option, not_your_turn
from engines.seven_wonders import catalogue as cat
from engines.seven_wonders import setup, turn
from engines.seven_wonders.effects import next_stage
from engines.seven_wonders.facts import owns_same_name
from engines.seven_wonders.prompts import action_payments, hand_options, prompts
from engines.seven_wonders.scoring import result
from engines.seven_wonders.setup import SIDE_OPTIONS, WONDER_OPTIONS, new_state
from engines.seven_wonders.state import SevenWondersState, fast_copy
from engines.seven_wonders.view import SevenWondersView
from engines.seven_wonders.views import build_view


class SevenWondersEngine(Engine[SevenWondersState]):
    name: ClassVar[str] = "seven_wonders"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 7
    state_type: ClassVar[type[BaseModel]] = SevenWondersState
    game_options: ClassVar[dict[str, tuple[tuple[str, ...], str]]] = {
        "wonders": (WONDER_OPTIONS, "random"),
        "sides": (SIDE_OPTIONS, "day"),
    }
    #: every seat chooses at once: a turn's choices are told together once it resolves
    #: (README "Pacing")
    pacing: ClassVar[Pacing] = "round"

    # -- life cycle -------------------------------------------------------------------
    def new_game(self, players: int, seed: int,
                 options: dict[str, str] | None = None) -> SevenWondersState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("7 Wonders is played by 3 to 7 players")
        opts = self.chosen_options(options)
        return new_state(players, seed, opts["wonders"], opts["sides"])

    def prompts(self, state: SevenWondersState) -> list[Prompt]:
        return prompts(state)

    def copy(self, state: SevenWondersState) -> SevenWondersState:
        return fast_copy(state)

    def view(self, state: SevenWondersState, seat: int | None) -> SevenWondersView:
        return build_view(state, seat)

    def result(self, state: SevenWondersState) -> GameResult | None:
        return result(state)

    def catalogue(self) -> dict[str, Any]:
        return cat.catalogue()

    def timeout_option(self, state: SevenWondersState, seat: int) -> str | None:
        """The safe default when ``seat``'s deadline passes (documented in README.md).

        Hand / last card: sell the first card of the hand (always legal). Payment: the
        cheapest payment (the first option). Halikarnassos: the first card offered. Board:
        the first board offered; side: day. A seat that has already chosen (also while it
        picks the payment of a change: its choice stands): nothing.
        """
        for prompt in prompts(state):
            if prompt.seat != seat:
                continue
            if prompt.kind in ("hand", "last_card"):
                return f"sell:{state.hands[seat][0]}"
            if prompt.kind == "waiting" or prompt.params.get("changing"):
                return None
            if prompt.kind == "side":
                return "side:day"
            return prompt.options[0].id
        return None

    # -- answers ----------------------------------------------------------------------
    def apply(self, state: SevenWondersState, seat: int, option_id: str) -> list[Event]:
        st = state
        phase = st.phase
        if phase == "over":
            raise IllegalAnswer("game_over", "The game is over.")
        if not 0 <= seat < st.players:
            raise not_your_turn()
        kind, _, rest = option_id.partition(":")
        events: list[Event] = []
        if phase == "play" or phase == "last_card":
            if phase == "last_card" and seat != st.last_queue[0]:
                raise not_your_turn()
            if not self._play(st, seat, kind, rest, option_id, events):
                return []  # a no-op: the state is left exactly as it was (not even counted)
        elif phase == "revive":
            if seat != st.revive_queue[0]:
                raise not_your_turn()
            if kind != "revive":
                raise illegal_option(option_id)
            if rest not in turn.revivable(st, seat):
                raise IllegalAnswer("card_not_available", f"{rest} cannot be built from the "
                                    "discard pile.", card=rest)
            turn.revive(st, seat, rest, events)
        elif phase == "choose_board":
            if seat != st.board_picker:
                raise not_your_turn()
            if kind != "board":
                raise illegal_option(option_id)
            if rest not in st.boards_offered:
                raise IllegalAnswer("board_not_available", f"{rest} is not offered.",
                                    board=rest)
            setup.choose_board(st, seat, rest, events)
        else:  # choose_side
            if st.side[seat]:
                raise not_your_turn()
            if kind != "side" or rest not in ("day", "night"):
                raise illegal_option(option_id)
            setup.choose_side(st, seat, rest, events)
        st.__dict__["answers"] += 1
        return events

    @staticmethod
    def _play(st: SevenWondersState, seat: int, kind: str, rest: str, option_id: str,
              events: list[Event]) -> bool:
        """A hand, waiting or payment answer; False when it repeats the choice made.

        ``undo``: on the payment prompt the pick being paid for is taken back (the hand
        again, or during a change the choice made, which stands); on the ``waiting`` prompt
        the choice made is taken back (the hand again). Never once the turn resolved: the
        last seat's choice resolves it at once.
        """
        choice = st.choice[seat]
        if len(choice) == 2 or len(choice) == turn.CHANGING:  # the payment prompt
            if option_id in (UNDO, BACK):  # ``back``: its former name
                turn.withdraw(st, seat, events, told=option_id == UNDO)
                return True
            if kind != "pay":
                raise illegal_option(option_id)
            action, card = choice[-2:]
            _, info = hand_options(st, seat)
            _, _, via, bank, _ = info[f"{action}:{card}"]
            pays = action_payments(st, seat, action, card)
            left_s, _, right_s = rest.partition(":")
            try:
                pay = (int(left_s), int(right_s))
            except ValueError:
                raise illegal_option(option_id) from None
            if pay not in pays:
                raise IllegalAnswer("invalid_payment", f"'{option_id}' is not a payment "
                                    "offered for this card.", option=option_id)
            turn.set_choice(st, seat, [action, card, pay[0], pay[1], bank, via], events)
            return True
        if option_id == UNDO and len(choice) == turn.CHOSEN:
            turn.take_back(st, seat, events)
            return True
        if kind not in ("build", "wonder", "sell"):
            raise illegal_option(option_id)
        _, info = hand_options(st, seat)
        found = info.get(option_id)
        if found is None:
            if rest not in st.hands[seat]:
                raise IllegalAnswer("card_not_in_hand", f"{rest} is not in your hand.",
                                    card=rest)
            if kind == "build" and owns_same_name(st.buildings[seat], rest):
                raise IllegalAnswer("already_built", f"You already have {rest}.", card=rest)
            if kind == "wonder" and next_stage(st, seat) is None:
                raise IllegalAnswer("wonder_complete", "Every stage of your wonder is built.")
            raise IllegalAnswer("cannot_afford", f"You cannot pay for {option_id}.", card=rest)
        action, card, via, bank, known = found
        pays = known if known is not None else action_payments(st, seat, action, card)
        if len(pays) > 1:  # several payments: the payment prompt comes next
            turn.set_choice(st, seat, [action, card], events)
            return True
        left, right = pays[0]
        complete: list[object] = [action, card, left, right, bank, via]
        if choice == complete:
            # The same choice again (a double click, or the choice made pressed on the
            # waiting prompt, which offers the hand's options) is no change: no "changed"
            # event for the table.
            return False
        turn.set_choice(st, seat, complete, events)
        return True
