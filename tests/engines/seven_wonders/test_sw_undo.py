"""Undo in 7 Wonders: a seat takes back its choice (or the pick it is paying for) until the
turn resolves, exactly, and nobody else learns what it was."""

from __future__ import annotations

import json

import pytest

from engines.core.contract import UNDO, Option, Prompt
from engines.core.errors import IllegalAnswer
from engines.core.playout import Draws, playout
from engines.core.rng import Rng
from engines.seven_wonders.state import SevenWondersState, fast_copy
from engines.seven_wonders.turn import CHOSEN
from tests.engines.seven_wonders.sw_helpers import ENGINE, choose_all, kinds, option_ids, position

#: the state field an undo does not take back: the count of answers applied (an undo is
#: one)
COUNTED = {"answers"}


def game_fields(st: SevenWondersState) -> str:
    """The state as JSON without the answer count: what an undo must give back exactly."""
    return json.dumps(st.model_dump(mode="json", exclude=COUNTED), sort_keys=True)


def two_ways() -> SevenWondersState:
    """Seat 0 can buy Guard Tower's clay from either neighbour (two payments)."""
    hands = [["guard_tower", "altar", "theater"], ["altar", "theater", "baths"],
             ["altar", "theater", "baths"]]
    return position(turn=5, boards=["rhodos", "olympia", "olympia"], coins=9, hands=hands)


def prompt(st: SevenWondersState, seat: int) -> Prompt:
    found = ENGINE.prompt_for(st, seat)
    assert found is not None
    return found


def test_undo_after_a_choice_gives_back_the_position_before_it() -> None:
    st = two_ways()
    before = game_fields(st)
    hand = option_ids(prompt(st, 0))
    assert UNDO not in hand  # nothing to take back yet
    ENGINE.apply(st, 0, "sell:altar")
    waiting = prompt(st, 0)
    assert waiting.kind == "waiting" and not waiting.blocking
    assert option_ids(waiting) == [*hand, UNDO]  # change of mind from the hand, or undo
    assert ENGINE.timeout_option(st, 0) is None
    events = ENGINE.apply(st, 0, UNDO)
    assert kinds(events) == ["undone"] and events[0].visible_to == [0]
    assert events[0].params == {"action": "sell", "card": "altar"}
    assert game_fields(st) == before
    again = prompt(st, 0)
    assert again.kind == "hand" and again.blocking and option_ids(again) == hand
    assert again.question == prompt(two_ways(), 0).question
    assert ENGINE.view(st, None).waiting_for == [0, 1, 2]


def test_undo_after_a_paid_choice_and_from_its_payment_question() -> None:
    st = two_ways()
    before = game_fields(st)
    ENGINE.apply(st, 0, "build:guard_tower")
    paying = prompt(st, 0)
    assert paying.kind == "payment" and option_ids(paying) == ["pay:0:2", "pay:2:0", UNDO]
    ENGINE.apply(st, 0, UNDO)  # the pick being paid for
    assert game_fields(st) == before
    ENGINE.apply(st, 0, "build:guard_tower")
    ENGINE.apply(st, 0, "pay:2:0")
    assert prompt(st, 0).kind == "waiting"
    ENGINE.apply(st, 0, UNDO)  # the choice made
    assert game_fields(st) == before


def test_undo_after_a_change_of_mind_takes_back_the_choice() -> None:
    st = two_ways()
    before = game_fields(st)
    ENGINE.apply(st, 0, "sell:altar")
    ENGINE.apply(st, 0, "sell:theater")  # changed
    ENGINE.apply(st, 0, UNDO)
    assert game_fields(st) == before


def test_undo_while_others_choose_keeps_their_choices() -> None:
    st = two_ways()
    ENGINE.apply(st, 0, "sell:altar")
    ENGINE.apply(st, 1, "sell:baths")
    before = game_fields(st)
    ENGINE.apply(st, 1, UNDO)
    assert st.choice[0] == ["sell", "altar", 0, 0, 0, "sell"]
    ENGINE.apply(st, 1, "sell:baths")
    assert game_fields(st) == before


def test_undo_is_refused_when_there_is_nothing_to_take_back() -> None:
    st = two_ways()
    before = ENGINE.dump(st)
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 0, UNDO)
    assert err.value.key == "illegal_option"
    assert ENGINE.dump(st) == before


def test_undo_is_never_offered_once_the_turn_resolved() -> None:
    st = two_ways()
    choose_all(st, {0: "sell:altar", 1: "sell:altar", 2: "sell:altar"})
    assert st.turn == 6
    assert all(UNDO not in option_ids(p) for p in ENGINE.prompts(st))


# -- random games with random undos -------------------------------------------------------


def undoing(prompts: list[Prompt], draws: Draws,
            avoid: frozenset[str] = frozenset()) -> tuple[Prompt, Option]:
    """A random prompt; its ``undo`` one time in three when offered, else a random option."""
    p = prompts[draws.below(len(prompts))]
    undo = p.option(UNDO)
    if undo is not None and draws.below(3) == 0:
        return p, undo
    others = [o for o in p.options if o.id != UNDO]
    return p, others[draws.below(len(others))]


def masked(st: SevenWondersState, viewer: int | None) -> SevenWondersState:
    """``st`` with every choice but the viewer's replaced by a stand-in of the same kind
    (chosen or not): a view that equals the view of this copy reveals no choice."""
    out = fast_copy(st)
    for seat in range(st.players):
        if seat != viewer and st.phase in ("play", "last_card"):
            made = len(st.choice[seat]) >= CHOSEN
            out.choice[seat] = ["sell", "x", 0, 0, 0, "sell"] if made else []
    return out


def check_position(st: SevenWondersState, prompts: list[Prompt], p: Prompt,
                   option: Option) -> None:
    """Before each answer: no view (the public one, the answering seat's neighbours')
    tells another seat's choice."""
    if st.phase not in ("play", "last_card"):
        return
    for viewer in (None, (p.seat + 1) % st.players, (p.seat - 1) % st.players):
        assert (ENGINE.view(st, viewer).model_dump(mode="json")
                == ENGINE.view(masked(st, viewer), viewer).model_dump(mode="json"))


@pytest.mark.parametrize("players", [3, 5, 7])
def test_random_games_with_random_undos(players: int) -> None:
    """They end; a replay of the log (undos included) and a JSON round trip reach the same
    states; every undo that returns a seat to its hand gives exactly the position the game
    would be in had the seat never answered this turn (a replay without those answers);
    its event is the seat's own; and no view ever shows another seat's choice."""
    undos = compared = 0
    for seed in range(3):
        options = {"sides": "mixed"}
        game = playout(ENGINE, players, seed, Rng.from_seed(seed), choose=undoing,
                       options=options, inspect=check_position)
        undos += sum(oid == UNDO for _, oid in game.answers)
        replayed = ENGINE.replay(players, seed, options, game.answers)
        assert ENGINE.dump(replayed) == ENGINE.dump(game.state)
        st = ENGINE.new_game(players, seed, options)
        #: per seat, its answers (indices in the log) since it last chose from its hand
        since: dict[int, list[int]] = {}
        for k, (seat, oid) in enumerate(game.answers):
            step = st.step
            events = ENGINE.apply(st, seat, oid)
            since.setdefault(seat, []).append(k)
            if st.step != step:
                since.clear()
            elif oid == UNDO:
                assert [(e.kind, e.visible_to) for e in events] == [("undone", [seat])]
                if not st.choice[seat]:  # back at its hand
                    skip = set(since.pop(seat))
                    kept = [a for i, a in enumerate(game.answers[:k + 1]) if i not in skip]
                    alone = ENGINE.replay(players, seed, options, kept)
                    assert game_fields(alone) == game_fields(st)
                    compared += 1
            loaded = ENGINE.load(ENGINE.dump(st))
            assert ENGINE.dump(loaded) == ENGINE.dump(st)
    assert undos > 10 and compared > 5


def test_undo_in_a_replayed_log_reaches_the_same_state() -> None:
    st = two_ways()
    answers: list[tuple[int, str]] = [(0, "build:guard_tower"), (0, UNDO), (0, "sell:altar"),
                                      (1, "sell:altar"), (0, UNDO), (0, "build:guard_tower"),
                                      (0, "pay:0:2"), (2, "sell:altar")]
    for seat, oid in answers:
        ENGINE.apply(st, seat, oid)
    again = two_ways()
    for seat, oid in answers:
        ENGINE.apply(again, seat, oid)
    assert ENGINE.dump(again) == ENGINE.dump(st)
    assert st.turn == 6 and "guard_tower" in st.buildings[0]

