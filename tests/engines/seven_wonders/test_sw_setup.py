"""Setup (rulebook "遊戲準備"): decks by player count, guilds, boards and sides, coins."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engines.core.errors import IllegalAnswer
from engines.registry import get_engine
from engines.seven_wonders.catalogue import GUILDS, WONDERS, age_cards
from engines.seven_wonders.facts import RES_INDEX
from tests.engines.seven_wonders.sw_helpers import ENGINE, kinds, option_ids

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_new_game_deals_seven_cards_and_three_coins(players: int) -> None:
    st = ENGINE.new_game(players, 11)
    assert st.coins == [3] * players
    assert all(len(h) == 7 for h in st.hands) and st.age == 1 and st.turn == 1
    assert Counter(c for h in st.hands for c in h) == Counter(age_cards(1, players))
    age3 = Counter(st.decks[2])
    guilds = [g for g in age3 if g in GUILDS]
    assert len(guilds) == players + 2 and len(st.unused_guilds) == 10 - players - 2
    assert sorted(guilds + st.unused_guilds) == sorted(GUILDS)
    assert len(set(st.board)) == players and st.side == ["day"] * players
    for s in range(players):  # the starting resource is produced
        res = WONDERS[st.board[s]].starting_resource
        assert st.fixed[s][RES_INDEX[res]] == 1


def test_registry_and_player_limits() -> None:
    assert get_engine("seven_wonders") is not None
    assert ENGINE.min_players == 3 and ENGINE.max_players == 7
    with pytest.raises(ValueError):
        ENGINE.new_game(2, 0)
    with pytest.raises(ValueError):
        ENGINE.new_game(8, 0)
    with pytest.raises(ValueError):
        ENGINE.new_game(3, 0, {"colour": "x"})
    with pytest.raises(ValueError):
        ENGINE.new_game(3, 0, {"sides": "dusk"})


def test_sides_night_and_mixed() -> None:
    assert ENGINE.new_game(5, 1, {"sides": "night"}).side == ["night"] * 5
    sides = {tuple(ENGINE.new_game(7, seed, {"sides": "mixed"}).side) for seed in range(20)}
    assert len(sides) > 1 and all(set(s) <= {"day", "night"} for s in sides)


def test_players_choose_boards_in_turn_then_sides_at_once() -> None:
    st = ENGINE.new_game(3, 5, {"wonders": "choose", "sides": "choose"})
    assert st.phase == "choose_board"
    prompt = ENGINE.prompts(st)[0]
    assert prompt.seat == 0 and prompt.kind == "board" and not prompt.private
    assert len(prompt.options) == 7
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 1, "board:gizah")
    assert err.value.key == "not_your_turn"
    ENGINE.apply(st, 0, "board:gizah")
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 1, "board:gizah")
    assert err.value.key == "board_not_available"
    ENGINE.apply(st, 1, "board:rhodos")
    events = ENGINE.apply(st, 2, "board:olympia")
    assert st.board == ["gizah", "rhodos", "olympia"] and st.phase == "choose_side"
    assert kinds(events) == ["board_chosen"]
    prompts = ENGINE.prompts(st)
    assert [p.seat for p in prompts] == [0, 1, 2] and all(p.kind == "side" for p in prompts)
    assert option_ids(prompts[0]) == ["side:day", "side:night"]
    ENGINE.apply(st, 1, "side:night")
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 1, "side:day")
    assert err.value.key == "not_your_turn"
    ENGINE.apply(st, 0, "side:day")
    events = ENGINE.apply(st, 2, "side:day")
    assert "age_started" in kinds(events)
    assert st.side == ["day", "night", "day"] and st.phase == "play"
    assert ENGINE.timeout_option(st, 0) == f"sell:{st.hands[0][0]}"


def test_timeout_during_setup() -> None:
    st = ENGINE.new_game(3, 5, {"wonders": "choose", "sides": "choose"})
    assert ENGINE.timeout_option(st, 0) == "board:alexandria"
    assert ENGINE.timeout_option(st, 1) is None


def test_cards_cli_lists_cards_and_both_sides() -> None:
    out = subprocess.run([sys.executable, "-m", "engines", "cards", "seven_wonders", "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert len(data["cards"]) == 80 and len(data["wonders"]) == 7
    assert all(set(w["sides"]) == {"day", "night"} for w in data["wonders"])
    assert all(e["text"] for c in data["cards"] for e in c["effects"])


def test_simulate_cli_players() -> None:
    out = subprocess.run([sys.executable, "-m", "engines", "simulate", "seven_wonders",
                          "--players", "6", "--games", "5", "--seed", "2", "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert data["players"] == 6 and data["completed"] == 5 and data["errors"] == 0


def test_rulebook_example_five_players_setup() -> None:
    """Book (遊戲準備): at 5 players every Age keeps the cards labelled 3+, 4+ and 5+, and
    5 + 2 = 7 guilds are drawn at random into Age III; 7 cards each per Age."""
    from engines.seven_wonders.catalogue import CARDS

    for age in (1, 2, 3):
        expected: Counter[str] = Counter()
        for cid, c in CARDS.items():
            if c.age == age and not c.guild:
                expected[cid] = sum(1 for m in c.copies_min_players or () if m <= 5)
        assert Counter(age_cards(age, 5)) == +expected
    st = ENGINE.new_game(5, 3)
    guilds = [c for c in st.decks[2] if c in GUILDS]
    assert len(guilds) == 7 and len(st.decks[2]) == 35 and len(st.decks[1]) == 35
    assert Counter(c for h in st.hands for c in h) == Counter(age_cards(1, 5))
    assert any(m == 6 for c in CARDS.values() for m in c.copies_min_players or ())
    assert all(cid not in st.decks[1] for cid, c in CARDS.items()
               if c.age == 2 and c.copies_min_players and min(c.copies_min_players) > 5)
