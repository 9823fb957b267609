"""Undo in Innovation (issue 17; ``engines/innovation/undo_window.py``): a seat takes back its
own answers until a card is shown to anyone who could not see it or another seat is asked.

Targeted positions show where it is offered and where not; random games with random undos
check that an undo restores the exact position before the answer it takes back, that it is
never offered after a shown card or another seat's answer, that a game replays to the same
state undos included (also from JSON mid-window), and that nothing crashes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engines.core.contract import UNDO, Event
from engines.core.errors import IllegalAnswer
from engines.core.rng import Rng
from engines.innovation.state import InnovationState
from tests.engines.innovation.inno_helpers import ENGINE, answer, option_ids, position, prompt

#: what an undo leaves as it is (``undo_window.NOT_TAKEN_BACK``)
KEPT = {"undo", "untold", "answers_count"}
SHOWING = {"draw", "reveal", "draw_above_ten", "rearrange"}


def where(st: InnovationState) -> dict[str, Any]:
    """The position an undo must return to: the whole state but the window's own fields."""
    return st.model_dump(mode="json", exclude=KEPT)


def test_achieve_is_taken_back_and_the_table_told_only_what_stands() -> None:
    st = position(boards={0: ["archery"]}, scores={0: ["coal"]}, hands={0: ["tools"]},
                  supply_top={1: ["oars"]})
    before = where(st)
    assert UNDO not in option_ids(st)  # nothing to take back at the start of a turn
    events = answer(st, "achieve:1")
    assert events and all(e.provisional for e in events)  # not told to the table yet
    assert option_ids(st)[-1] == UNDO and st.actions_left == 1
    undone = answer(st, UNDO)
    assert [(e.kind, e.visible_to, e.provisional) for e in undone] == [("undone", [0], True)]
    assert where(st) == before and UNDO not in option_ids(st)
    # achieve again, then draw: the drawn card is shown to its drawer, the window closes
    held = answer(st, "achieve:1")
    drew = answer(st, "draw")
    assert not any(e.provisional for e in drew)
    told = [e.model_dump(exclude={"provisional"}) for e in drew[:len(held)]]
    assert told == [e.model_dump(exclude={"provisional"}) for e in held]
    assert [e.kind for e in drew[len(held):]][:2] == ["action", "draw"]
    assert prompt(st).seat == 1 and UNDO not in option_ids(st)
    with pytest.raises(IllegalAnswer):
        ENGINE.apply(st, 0, UNDO)


@pytest.mark.parametrize("action", ["draw", "meld:tools"])
def test_a_draw_or_a_meld_shows_a_card_and_cannot_be_taken_back(action: str) -> None:
    st = position(boards={0: ["archery"]}, hands={0: ["tools"]})
    events = answer(st, action)
    assert not any(e.provisional for e in events)
    assert prompt(st).seat == 0 and st.actions_left == 1 and UNDO not in option_ids(st)
    dumped = ENGINE.dump(st)
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 0, UNDO)
    assert err.value.key == "illegal_option" and ENGINE.dump(st) == dumped


def test_dogma_choices_on_public_things_are_taken_back_one_by_one() -> None:
    # Philosophy: "you may splay left any one colour", then "you may score a card from your
    # hand" (none here): nothing hidden is shown, so the whole dogma may be taken back
    st = position(boards={0: ["philosophy", "pottery", "tools", "archery"]})
    answer(st, "dogma:philosophy")
    assert option_ids(st) == ["confirm", "back"]  # ``back`` is the way back from here
    at_confirm = where(st)
    answer(st, "confirm")
    assert option_ids(st) == ["color:blue", "decline", UNDO]
    at_question = where(st)
    answer(st, "color:blue")
    assert st.splays[0][0] == 1 and prompt(st).kind == "turn" and st.actions_left == 1
    assert option_ids(st)[-1] == UNDO
    answer(st, UNDO)  # back to the splay question, the dogma stopped on it as it was
    assert where(st) == at_question and prompt(st).kind == "splay_left"
    answer(st, UNDO)
    assert where(st) == at_confirm and option_ids(st) == ["confirm", "back"]
    with pytest.raises(IllegalAnswer):
        ENGINE.apply(st, 0, UNDO)


def test_another_seat_asked_closes_the_window() -> None:
    # Archery demands seat 1 draw a 1 (shown to seat 1) and transfer its highest hand card:
    # seat 1 is asked, so seat 0's achieve and dogma before it stand, and are told
    st = position(boards={0: ["archery"], 1: ["pottery"]}, scores={0: ["coal"]},
                  hands={1: ["oars", "tools"]}, supply_top={1: ["sailing"]})
    held = answer(st, "achieve:1") + answer(st, "dogma:archery")
    assert option_ids(st) == ["confirm", "back", UNDO]
    events = answer(st, "confirm")
    assert not any(e.provisional for e in events) and not st.undo.is_open
    assert [e.kind for e in events][:4] == ["action", "achieve", "dogma_preview", "action"]
    assert all(e.provisional for e in held)  # inside the open window, held back until now
    assert prompt(st).seat == 1 and UNDO not in option_ids(st)
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 0, UNDO)
    assert err.value.key == "not_your_turn"
    answer(st, "card:oars")  # to seat 0's hand: shown to seat 0, nothing to take back
    assert UNDO not in option_ids(st)


# -- random games with random undos ---------------------------------------------------------
def _play(players: int, seed: int, draws: Rng, undo_rate: int = 3,
          reload_at: int = -1) -> tuple[InnovationState, list[tuple[int, str]]]:
    """A random game where a seat offered ``undo`` takes it one time in ``undo_rate``;
    checks every guarantee on the way; returns the final state and the answers."""
    st = ENGINE.new_game(players, seed)
    answers: list[tuple[int, str]] = []
    stack: list[dict[str, Any]] = []  # the position before each answer the window holds
    last: tuple[int, list[Event]] | None = None
    while ENGINE.result(st) is None:
        prompts = ENGINE.prompts(st)
        p = prompts[draws.below(len(prompts))]
        ids = [o.id for o in p.options]
        if UNDO in ids:
            # offered only right after the same seat's own answer, which showed nothing
            assert last is not None and last[0] == p.seat and ids[-1] == UNDO
            assert all(e.provisional and e.kind not in SHOWING for e in last[1])
            assert len(stack) == len(st.undo.answers) > 0
        if UNDO in ids and draws.below(undo_rate) == 0:
            events = ENGINE.apply(st, p.seat, UNDO)
            assert [e.kind for e in events] == ["undone"]
            expected = stack.pop()
            assert where(st) == expected
            assert len(stack) == len(st.undo.answers)
            answers.append((p.seat, UNDO))
            last = (p.seat, []) if stack else None
        else:
            choices = [i for i in ids if i != UNDO]
            oid = choices[draws.below(len(choices))]
            before = where(st)
            events = ENGINE.apply(st, p.seat, oid)
            stack.append(before)
            del stack[:len(stack) - len(st.undo.answers)]
            answers.append((p.seat, oid))
            last = (p.seat, events)
        if len(answers) == reload_at:  # a save and reload mid-game changes nothing
            clone = ENGINE.load(json.loads(ENGINE.dump(st)))
            assert ENGINE.dump(clone) == ENGINE.dump(st)
            assert [q.model_dump() for q in ENGINE.prompts(clone)] == [
                q.model_dump() for q in ENGINE.prompts(st)]
            st = clone
        assert len(answers) < 20_000
    assert not st.undo.is_open and not st.untold  # the game over closed the window
    return st, answers


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_random_undos(players: int) -> None:
    draws = Rng.from_seed(17 * players)
    undos = 0
    for game in range(12 if players == 2 else 8):
        seed = draws.below(1 << 30)
        st, answers = _play(players, seed, draws, reload_at=40 + 7 * game)
        undos += sum(1 for _, oid in answers if oid == UNDO)
        replayed = ENGINE.replay(players, seed, None, answers)  # undos replay as answers
        assert ENGINE.dump(replayed) == ENGINE.dump(st)
    assert undos > 20
