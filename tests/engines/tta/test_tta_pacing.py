"""What Through the Ages tells the bot to pace it (``engines/core/contract.py``, "Pacing";
README "Pacing"): a turn of many answers on the seat's turn panel, the table told once per
turn, a question renewed by every answer of its seat (``undo`` included), the economy the
panel shows. The comparison with the bot's former hooks over random games is in
``tests/engines/test_pacing.py``."""

from __future__ import annotations

from engines.core.contract import UNDO, Prompt
from engines.tta import economy
from engines.tta.state import TtaState
from tests.engines.tta.politics_helpers import reveal, table
from tests.engines.tta.tta_helpers import ENGINE, action_turn, answer, new, option_ids, to_round_two


def _own(st: TtaState) -> Prompt:
    return next(p for p in ENGINE.prompts(st) if p.seat == st.current)


def test_the_game_is_paced_by_turns() -> None:
    assert ENGINE.pacing == "turn"


def test_every_answer_of_the_seat_renews_its_question_an_undo_too() -> None:
    """The same options asked again after an answer are a new question; an undo takes the
    answer back but is an answer itself: the question it reopens is new again, and the one
    after the answer given again too (a button shown before never answers it)."""
    st, _ = action_turn()
    seat = st.current
    answered = st.answered[seat]
    first = _own(st)
    assert first.kind == "action" and first.panel and first.blocking and not first.discreet
    take = next(o for o in option_ids(st) if o.startswith("take:"))
    answer(st, take)
    after = _own(st)
    assert UNDO in option_ids(st)
    answer(st, UNDO)
    reopened = _own(st)
    answer(st, take)
    again = _own(st)
    names = [first.question, after.question, reopened.question, again.question]
    assert len(set(names)) == 4, names
    assert [o.id for o in reopened.options] == [o.id for o in first.options]
    assert st.answered[seat] == answered + 3  # take, undo, take
    loaded = ENGINE.load(ENGINE.dump(st))
    assert _own(loaded).question == again.question


def test_the_questions_of_an_event_asking_every_seat_stay_while_the_others_answer() -> None:
    """Development of Markets asks the three seats at once (L1378): one seat's answer ends
    its own question only; each is a message of its own (a plain list, put to every seat,
    not a step of the turn: not on the panel, even the current seat's); the table key
    stays the turn's."""
    st = table(3, current=1)
    key = ENGINE.view(st, None).table_key
    reveal(st, "A_development_of_markets")
    asked = {p.seat: p for p in ENGINE.prompts(st)}
    assert sorted(asked) == [0, 1, 2]
    assert [(asked[s].reaction, asked[s].panel) for s in (0, 1, 2)] == [
        (True, False), (False, False), (True, False)]
    ENGINE.apply(st, 2, "resources")
    left = {p.seat: p for p in ENGINE.prompts(st)}
    assert sorted(left) == [0, 1]
    assert all(left[s].question == asked[s].question for s in (0, 1))
    assert ENGINE.view(st, None).table_key == key == f"{st.round}:1"


def test_the_resignation_is_confirmed_on_the_panel() -> None:
    """The confirmation has no layout (two buttons) yet is a step of the seat's own turn."""
    st = to_round_two(new(3, 1, "full"))
    assert "resign" in option_ids(st)  # the political phase of the full game
    answer(st, "resign")
    prompt = _own(st)
    assert prompt.kind == "resign" and prompt.layout is None
    assert prompt.panel and prompt.blocking and not prompt.reaction


def test_the_turn_is_the_table_key_of_every_view() -> None:
    st, _ = action_turn()
    keys = {ENGINE.view(st, seat).table_key for seat in (None, 0, 1)}
    assert keys == {f"{st.round}:{st.current}"}
    before = st.current
    answer(st, "end")
    while st.current == before:  # discards, if any
        answer(st, option_ids(st)[0])
    assert ENGINE.view(st, None).table_key == f"{st.round}:{st.current}"


def test_views_tell_consumption_and_discontent_L1630_L1742() -> None:
    """The panel's food eaten at the end of the turn and discontent workers, from the
    yellow bank and the happiness rating (``economy``), for every civilization."""
    st, civ = action_turn()
    for left in (18, 12, 6, 2, 0):
        civ.yellow_bank = left
        player = ENGINE.view(st, None).players[st.current]
        assert player.consumption == economy.consumption(left)
        assert player.discontent == economy.discontent(left, player.ratings[4])
    civ.yellow_bank = 0  # every worker out of the bank: food eaten, faces wanted
    player = ENGINE.view(st, None).players[st.current]
    assert player.consumption > 0 and player.discontent > 0
