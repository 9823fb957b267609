"""The engine contract, the registry, the catalogue and the command line."""

from __future__ import annotations

import json

import pytest

from engines.__main__ import main, simulate
from engines.core.errors import IllegalAnswer
from engines.duel.catalogue import CARDS, TOKENS, WONDERS, name, names
from engines.duel.view import DuelView
from engines.registry import engine_names, get_engine
from tests.engines.duel.duel_helpers import ENGINE, act, position, prompt


def test_registry() -> None:
    assert "duel" in engine_names()
    eng = get_engine("duel")
    assert eng.name == "duel" and eng.min_players == eng.max_players == 2
    assert eng.game_options == {"wonders": (("draft", "first_game"), "draft")}


def test_names_cover_every_id_and_term() -> None:
    nm = names()
    for item in list(CARDS) + list(WONDERS) + list(TOKENS) + ["token_a2", "token_b5"]:
        assert set(nm[item]) == {"en", "zh-TW", "zh-CN"}
        assert all(nm[item].values())
    assert nm["the_colossus"]["zh-TW"] == "羅德島太陽神巨像"
    assert nm["civilian_victory"]["zh-TW"] == "文化勝利"
    assert name("circus", "zh-TW") == "Circus"  # no Chinese name known: English
    assert name("unknown_id") == "unknown_id"


def test_catalogue_lists_everything() -> None:
    data = ENGINE.catalogue()
    assert len(data["cards"]) == 73 and len(data["wonders"]) == 12
    assert len(data["progress_tokens"]) == 10
    aqueduct = next(c for c in data["cards"] if c["id"] == "aqueduct")
    assert aqueduct["chain_from"] == "water_drop" and aqueduct["cost"]["resources"] == {"stone": 3}
    assert aqueduct["effects"][0]["text"] == "5 victory points"


def test_cli_cards_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "duel", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"cards", "wonders", "progress_tokens"} <= set(data)


def test_cli_cards_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "duel"]) == 0
    out = capsys.readouterr().out
    assert "aqueduct — Aqueduct" in out and "== wonders (12) ==" in out


def test_cli_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "duel", "--games", "20", "--seed", "4", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["completed"] == 20 and summary["errors"] == 0
    assert sum(summary["victories"].values()) == 20 and summary["mean_answers"] > 50
    assert main(["simulate", "duel", "--games", "5"]) == 0
    assert "games completed" in capsys.readouterr().out


def test_simulate_is_seeded() -> None:
    a = simulate(ENGINE, 10, 7, 2)
    b = simulate(ENGINE, 10, 7, 2)
    assert a["victories"] == b["victories"] and a["mean_answers"] == b["mean_answers"]


def test_view_is_a_duel_view_and_public_has_no_private_offer() -> None:
    st = ENGINE.new_game(2, 1)
    view = ENGINE.view(st, None)
    assert isinstance(view, DuelView) and view.phase == "draft" and view.age == 0
    assert view.structure == [] and len(view.wonder_offer) == 4
    assert view.active_seat == st.first_player and view.prompt_kind == "draft"


def test_illegal_answers_keep_state() -> None:
    st = position(structure=["altar"], wonders=(("the_pyramids",), ()))
    before = st.model_copy(deep=True)
    cases = [
        (1, "build:altar", "not_your_turn"),
        (0, "token:law", "illegal_option"),
        (0, "build:palace", "card_not_accessible"),
        (0, "discard:palace", "card_not_accessible"),
        (0, "wonder:altar:the_sphinx", "wonder_not_available"),
        (0, "wonder:altar:the_pyramids", "cannot_afford"),
        (0, "", "illegal_option"),
    ]
    for seat, oid, key in cases:
        with pytest.raises(IllegalAnswer) as err:
            ENGINE.apply(st, seat, oid)
        assert err.value.key == key, oid
        assert str(err.value)
    assert st == before


def test_answer_returns_new_state_and_events() -> None:
    st = position(structure=["altar"])
    new, events = ENGINE.answer(st, 0, "build:altar")
    assert st.buildings[0] == [] and new.buildings[0] == ["altar"]
    assert events[0].kind == "building_built" and events[0].params["card"] == "altar"
    assert prompt(new).seat == 1
    assert act(new, "discard:lumber_yard")


def test_fast_built_prompts_and_events_behave_like_validated_models() -> None:
    from engines.core.contract import Event, Prompt

    st = ENGINE.new_game(2, 1)
    p = ENGINE.prompts(st)[0]
    assert Prompt.model_validate_json(p.model_dump_json()) == p
    assert p.option(p.options[0].id) is p.options[0]
    _, events = ENGINE.answer(st, p.seat, p.options[0].id)
    assert all(Event.model_validate(e.model_dump()) == e for e in events)
    assert events[0].visible_for(None)
