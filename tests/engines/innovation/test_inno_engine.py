"""The engine contract for Innovation: registry, catalogue, CLI, views, events, suspension."""

from __future__ import annotations

import json

import pytest

from engines.__main__ import main as cli
from engines.innovation.catalogue import CARDS, SPECIAL_IDS, names
from engines.registry import get_engine
from tests.engines.innovation.inno_helpers import ENGINE, answer, dogma, position, prompt


def test_registered_for_two_to_four_players() -> None:
    engine = get_engine("innovation")
    assert (engine.min_players, engine.max_players) == (2, 4)
    with pytest.raises(ValueError):
        engine.new_game(5, 1)
    with pytest.raises(ValueError):
        engine.new_game(2, 1, {"variant": "x"})


def test_catalogue_and_names() -> None:
    cat = ENGINE.catalogue()
    assert len(cat["cards"]) == 105 and len(cat["special_achievements"]) == 5
    assert sum(len(c["effects"]) for c in cat["cards"]) == 157
    assert sum(1 for c in cat["cards"] if c["has_demand"]) == 34
    nm = names()
    for item in (*CARDS, *SPECIAL_IDS, "crown", "splay_up", "age_3", "score_pile"):
        assert set(nm[item]) == {"en", "zh-TW", "zh-CN"}
    assert nm["empire"]["zh-TW"] == "Military領域"


def test_cli_cards_and_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["cards", "innovation", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["cards"]) == 105
    assert cli(["simulate", "innovation", "--players", "3", "--games", "5", "--seed", "2",
                "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["completed"] == 5 and summary["errors"] == 0
    assert summary["execution_counts"] and set(summary["execution_counts"]) <= set(CARDS)
    assert set(summary["never_executed"]) == set(CARDS) - set(summary["execution_counts"])
    assert cli(["simulate", "innovation", "--games", "2"]) == 0
    assert "executions:" in capsys.readouterr().out


def test_views_hide_hands_scores_and_covered_cards() -> None:
    st = position(boards={0: ["pottery", "tools"], 1: ["archery"]},
                  hands={0: ["optics", "sailing"]}, scores={0: ["coal", "writing"]},
                  splays={0: {"blue": "left"}})
    mine = ENGINE.view(st, 0).players[0]
    theirs = ENGINE.view(st, 1).players[0]
    public = ENGINE.view(st, None).players[0]
    assert mine.hand == ["sailing", "optics"] and mine.hand_ages == [1, 3]
    assert theirs.hand is None and theirs.hand_ages == [1, 3] and theirs.hand_count == 2
    assert mine.score_total == 6 and theirs.score_total is None and public.score is None
    assert theirs.score_ages == [1, 5]
    assert mine.piles[0].cards == ["pottery", "tools"] and theirs.piles[0].cards is None
    assert theirs.piles[0].top == "tools" and theirs.piles[0].covered_icons == [["leaf"]]
    assert theirs.piles[0].splay == "left"
    dump = json.dumps(ENGINE.view(st, 1).model_dump(mode="json"))
    for hidden in ("optics", "sailing", "coal", "writing", "pottery"):
        assert f'"{hidden}"' not in dump


def test_draw_events_are_private_in_detail() -> None:
    st = position(supply_top={1: ["sailing"]})
    events = answer(st, "draw")
    draws = [e for e in events if e.kind == "draw"]
    assert draws[0].visible_to is None and "card" not in draws[0].params
    assert draws[1].visible_to == [0] and draws[1].params["card"] == "sailing"


def test_board_moves_are_public_hidden_moves_show_the_age_only() -> None:
    """A card tucked onto a board is named publicly (placed face up); a card scored from
    the hand only shows its age publicly, its identity to the owner."""
    st = position(boards={0: ["monotheism"]}, hands={0: ["tools"]},
                  supply_top={1: ["sailing"]})
    events = dogma(st, "monotheism")
    tucks = [e for e in events if e.kind == "tuck"]
    assert len(tucks) == 1 and tucks[0].visible_to is None
    assert tucks[0].params["card"] == "sailing" and tucks[0].params["to"] == "board"
    st = position(boards={0: ["refrigeration"]}, hands={0: ["tools", "oars"]})
    events = dogma(st, "refrigeration", "card:oars")
    scores = [e for e in events if e.kind == "score"]
    assert "card" not in scores[0].params and scores[0].visible_to is None
    assert scores[1].params["card"] == "oars" and scores[1].visible_to == [0]


def test_private_prompt_and_pending_view() -> None:
    st = position(boards={0: ["agriculture"]}, hands={0: ["optics"]})
    ENGINE.apply(st, 0, "dogma:agriculture")
    ENGINE.apply(st, 0, "confirm")
    p = prompt(st)
    assert p.kind == "return" and p.private and [o.id for o in p.options] == [
        "card:optics", "decline", "undo"]
    assert p.params["source"] == "agriculture" and p.params["effect"] == 1
    assert ENGINE.view(st, 1).pending.params == {}  # type: ignore[union-attr]
    assert ENGINE.view(st, 0).pending.kind == "return"  # type: ignore[union-attr]
    assert ENGINE.view(st, None).dogma.card == "agriculture"  # type: ignore[union-attr]
    assert ENGINE.timeout_option(st, 0) == "decline"


def test_json_round_trip_mid_dogma() -> None:
    st = position(boards={0: ["pottery"]}, hands={0: ["tools", "writing", "archery"]},
                  supply_top={2: ["calendar"], 1: ["sailing"]})
    dogma(st, "pottery", "card:tools")
    assert st.question is not None and st.snapshot is not None
    saved = ENGINE.dump(st)
    clone = ENGINE.load(json.loads(saved))
    a = answer(st, "card:writing") + answer(st, "done")
    b = ENGINE.apply(clone, 0, "card:writing") + ENGINE.apply(clone, 0, "done")
    assert ENGINE.dump(st) == ENGINE.dump(clone)
    assert [e.model_dump() for e in a] == [e.model_dump() for e in b]
    assert st.scores[0] == ["calendar"] and st.question is None and st.snapshot is None


def test_resume_returns_only_new_events() -> None:
    st = position(boards={0: ["pottery"]}, hands={0: ["tools", "writing"]},
                  supply_top={2: ["calendar"], 1: ["sailing"]})
    first = dogma(st, "pottery")
    assert [e.kind for e in first].count("dogma") == 1
    more = answer(st, "card:tools")
    assert all(e.kind != "dogma" for e in more)
    assert [e.kind for e in more][:1] == []  # still asking: nothing happened yet
    # nothing was shown yet: the undo window held these events back from the table
    assert [e.kind for e in first][0] == "dogma_preview" and not first[0].provisional
    held = first[1:] + more  # from ``confirm`` on, nothing shown yet: all held back
    assert held and all(e.provisional for e in held)
    end = answer(st, "done")  # the draw shows a card: the window closes and tells them
    assert not any(e.provisional for e in end)
    told, own = end[:len(held)], end[len(held):]
    assert [e.model_dump(exclude={"provisional"}) for e in told] == [
        e.model_dump(exclude={"provisional"}) for e in held]
    assert [e.kind for e in own][:2] == ["return", "return"]


def test_answer_leaves_original_untouched() -> None:
    st = position(hands={0: ["tools"]})
    before = ENGINE.dump(st)
    new, events = ENGINE.answer(st, 0, "meld:tools")
    assert ENGINE.dump(st) == before and new.boards[0][0] == ["tools"] and events


def test_setup_timeout_melds_first_card() -> None:
    st = ENGINE.new_game(2, 4)
    assert ENGINE.timeout_option(st, 1) == f"initial:{st.hands[1][0]}"
    assert ENGINE.timeout_option(position(), 0) == "draw"  # a turn action: draw


def test_timeout_option_is_always_a_legal_answer() -> None:
    """Whatever the question, a passed deadline answers it legally: decline / done / back /
    draw when offered, else the first option; the game goes on to its end."""
    import random

    asked_forced = 0
    for seed in range(12):
        st = ENGINE.new_game(2 + seed % 3, seed)
        rnd = random.Random(seed)
        while ENGINE.result(st) is None:
            p = rnd.choice(ENGINE.prompts(st))
            chosen = ENGINE.timeout_option(st, p.seat)
            ids = [o.id for o in p.options]
            assert chosen in ids
            if not {"decline", "done", "back", "draw"} & set(ids) and p.kind != "initial_meld":
                asked_forced += 1
                assert chosen == ids[0]
            ENGINE.apply(st, p.seat, chosen if rnd.random() < 0.3 else rnd.choice(ids))
    assert asked_forced > 0


def test_game_over_refuses_answers() -> None:
    from engines.core.errors import IllegalAnswer

    st = position(boards={0: ["software"]}, empty_ages=(10,))
    answer(st, "draw")
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 0, "draw")
    assert err.value.key == "game_over"
    assert ENGINE.view(st, None).result is not None
    assert ENGINE.view(st, 1).players[0].score_total == 0


def test_wrong_answers_to_a_question_change_nothing() -> None:
    from engines.core.errors import IllegalAnswer

    st = position(boards={0: ["archery"]}, hands={1: ["optics", "alchemy"]},
                  supply_top={1: ["sailing"]})
    ENGINE.apply(st, 0, "dogma:archery")
    ENGINE.apply(st, 0, "confirm")
    assert prompt(st).seat == 1 and prompt(st).kind == "transfer"
    before = ENGINE.dump(st)
    for seat, opt, key in [(0, "card:optics", "not_your_turn"),
                           (1, "card:sailing", "illegal_option"),
                           (1, "draw", "illegal_option")]:
        with pytest.raises(IllegalAnswer) as err:
            ENGINE.apply(st, seat, opt)
        assert err.value.key == key
    assert ENGINE.dump(st) == before
    ENGINE.apply(st, 1, "card:optics")
    assert st.hands[0] == ["optics"]
