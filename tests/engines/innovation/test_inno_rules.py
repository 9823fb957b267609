"""Core rules (rulebook 遊戲設置, 遊戲機制, 行動, 教義的類型, 領域, 遊戲結束, 遊戲術語) and the
rulebook's worked examples."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalAnswer
from engines.innovation.catalogue import CARDS
from engines.innovation.facts import AGE, NAME
from tests.engines.innovation.inno_helpers import (
    ENGINE,
    answer,
    dogma,
    kinds,
    option_ids,
    pile,
    position,
    prompt,
    top,
)


# -- setup -----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_and_sets_aside(players: int) -> None:
    st = ENGINE.new_game(players, 42)
    assert [AGE[c] for c in st.age_achievements if c] == list(range(1, 10))
    assert all(len(h) == 2 and all(AGE[c] == 1 for c in h) for h in st.hands)
    assert len(st.supply[0]) == 15 - 1 - 2 * players
    assert [len(p) for p in st.supply[1:]] == [9] * 8 + [10]
    assert st.specials == ["monument", "empire", "world", "wonder", "universe"]
    prompts = ENGINE.prompts(st)
    assert [p.seat for p in prompts] == list(range(players))
    assert all(p.kind == "initial_meld" and p.private for p in prompts)


def test_initial_meld_is_simultaneous_and_alphabetical_first_starts() -> None:
    st = ENGINE.new_game(3, 5)
    choice = [sorted(h, key=lambda c: NAME[c])[-1] for h in st.hands]
    events = ENGINE.apply(st, 2, f"initial:{choice[2]}")
    assert kinds(events) == ["initial_choice"] and "card" not in events[0].params
    assert ENGINE.view(st, 0).players[2].initial_choice is None
    assert ENGINE.view(st, 2).players[2].initial_choice == choice[2]
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 2, f"initial:{choice[2]}")
    assert err.value.key == "not_your_turn"
    ENGINE.apply(st, 0, f"initial:{choice[0]}")
    assert st.phase == "setup"
    ENGINE.apply(st, 1, f"initial:{choice[1]}")
    assert st.phase == "play"
    first = min(range(3), key=lambda s: NAME[choice[s]])
    assert st.current == first == st.first_player
    assert st.actions_left == 1
    assert all(top(st, s, CARDS[choice[s]].color) == choice[s] for s in range(3))


@pytest.mark.parametrize("players,singles", [(2, 1), (3, 1), (4, 2)])
def test_opening_turns_have_one_action(players: int, singles: int) -> None:
    st = ENGINE.new_game(players, 9)
    for s in range(players):
        ENGINE.apply(st, s, f"initial:{st.hands[s][0]}")
    actions = []
    for _ in range(players + 1):
        actions.append(st.actions_left)
        seat = st.current
        for _ in range(st.actions_left):
            ENGINE.apply(st, seat, "draw")
    assert actions == [1] * singles + [2] * (players + 1 - singles)


# -- draw --------------------------------------------------------------------------------
def test_draw_uses_highest_top_card_and_empty_board_draws_a_1() -> None:
    st = position(boards={0: ["writing", "optics"]})
    answer(st, "draw")
    assert [AGE[c] for c in st.hands[0]] == [3]
    st = position()
    assert prompt(st).options[0].params == {"age": 1}


def test_rulebook_draw_skipping_example() -> None:
    """Top card 4, piles 4, 5, 6 exhausted: the draw takes a 7 (rulebook 抽牌 範例)."""
    st = position(boards={0: ["anatomy"]}, empty_ages=(4, 5, 6))
    assert prompt(st).options[0].params == {"age": 7}
    answer(st, "draw")
    assert [AGE[c] for c in st.hands[0]] == [7]


def test_draw_above_ten_ends_game_by_score() -> None:
    st = position(boards={0: ["software"]}, scores={0: ["writing"], 1: ["optics"]},
                  empty_ages=(10,))
    events = answer(st, "draw")
    assert kinds(events)[-2:] == ["draw_above_ten", "game_over"]
    res = ENGINE.result(st)
    assert res is not None and res.victory == "score" and res.winners == [1]
    assert ENGINE.prompts(st) == []


def test_score_tie_broken_by_achievements_then_shared() -> None:
    st = position(boards={0: ["software"]}, scores={0: ["optics"], 1: ["alchemy"]},
                  achievements={1: ["monument"]}, empty_ages=(10,))
    answer(st, "draw")
    assert ENGINE.result(st).winners == [1]  # type: ignore[union-attr]
    st = position(boards={0: ["software"]}, scores={0: ["optics"], 1: ["alchemy"]},
                  empty_ages=(10,))
    answer(st, "draw")
    assert ENGINE.result(st).winners == [0, 1]  # type: ignore[union-attr]


# -- meld / splay ------------------------------------------------------------------------
def test_meld_any_value_on_top_keeps_splay() -> None:
    st = position(boards={0: ["the_wheel", "sailing"]}, hands={0: ["genetics", "clothing"]},
                  splays={0: {"green": "right"}})
    answer(st, "meld:clothing")
    assert pile(st, 0, "green") == ["the_wheel", "sailing", "clothing"]
    assert st.splays[0][2] == 2
    assert st.actions_left == 1


def test_splay_needs_two_cards_and_is_lost_at_one() -> None:
    # Philosophy: blue has 2 cards and is offered; red has 1 and is not
    st = position(boards={0: ["philosophy", "pottery", "tools", "archery"]})
    ENGINE.apply(st, 0, "dogma:philosophy")
    ENGINE.apply(st, 0, "confirm")
    assert option_ids(st) == ["color:blue", "decline", "undo"]
    answer(st, "color:blue")
    assert st.splays[0][0] == 1
    # returning the top card leaves one card: the splay goes
    st2 = position(boards={0: ["pottery", "tools"]}, splays={0: {"blue": "left"}})
    from engines.innovation.context import Ctx
    from engines.innovation.zones import return_card

    return_card(Ctx(st2), 0, "tools", "board")
    assert st2.splays[0][0] == 0


def test_splay_direction_replaced_and_icons_counted() -> None:
    st = position(boards={0: ["pottery", "tools", "writing"]}, splays={0: {"blue": "left"}})
    v = ENGINE.view(st, 1).players[0]
    # left: bottom right of covered cards (tools: castle, pottery: leaf)
    assert v.piles[0].covered_icons == [["castle"], ["leaf"]]
    assert v.icons["lightbulb"] == 2 and v.icons["crown"] == 1 and v.icons["castle"] == 1
    st.splays[0][0] = 3  # up: bottom row of covered cards
    v = ENGINE.view(st, 1).players[0]
    assert v.icons["lightbulb"] == 4 and v.icons["leaf"] == 3
    st.splays[0][0] = 2  # right: top left + bottom left (hex never counts)
    v = ENGINE.view(st, 1).players[0]
    assert v.piles[0].covered_icons == [["lightbulb"], ["leaf"]]


# -- achieve -----------------------------------------------------------------------------
def test_achieve_needs_score_and_top_card() -> None:
    st = position(boards={0: ["optics"]}, scores={0: ["writing"] * 0 + ["alchemy", "paper",
                                                                     "medicine", "tools"]})
    # 3+3+3+1 = 10 points, top 3: ages 1 and 2 only
    assert [o.id for o in prompt(st).options if o.key == "achieve"] == ["achieve:1",
                                                                       "achieve:2"]
    events = answer(st, "achieve:2")
    assert kinds(events) == ["action", "achieve"]
    assert st.age_achievements[1] is None and len(st.achievements[0]) == 1
    assert st.scores[0] == ["alchemy", "paper", "medicine", "tools"]  # points are not spent
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 0, "achieve:3")
    assert err.value.key == "cannot_achieve"


@pytest.mark.parametrize("players,needed", [(2, 6), (3, 5), (4, 4)])
def test_achievement_victory(players: int, needed: int) -> None:
    have = ["monument", "empire", "world", "wonder", "universe"][: needed - 1]
    st = position(players, boards={0: ["optics"]}, scores={0: ["alchemy", "paper"]},
                  achievements={0: have})
    answer(st, "achieve:1")
    res = ENGINE.result(st)
    assert res is not None and res.victory == "achievements" and res.winners == [0]


# -- special achievements ----------------------------------------------------------------
def test_military_domain_empire_claimed_immediately_on_meld() -> None:
    """Rulebook 領域: three of each of the six icons → Military領域 (Empire) at once, during
    the meld action itself (no action spent)."""
    from engines.innovation.icons import icon_counts

    st = position(boards={0: ["experimentation", "software", "explosives", "coal",
                              "clothing", "bicycle", "ecology", "canal_building"]},
                  splays={0: {"blue": "up", "red": "up", "green": "up", "yellow": "up"}},
                  hands={0: ["mysticism", "tools"]})
    assert icon_counts(st, 0) == [5, 3, 5, 0, 6, 4]
    events = answer(st, "meld:mysticism")
    assert kinds(events) == ["action", "meld", "special_achievement"]
    assert events[-1].params == {"achievement": "empire", "via": None}
    assert st.achievements[0] == ["empire"] and "empire" not in st.specials
    assert st.actions_left == 1


def test_construction_claims_empire_only_for_the_single_five_colour_player() -> None:
    board = ["construction", "pottery", "clothing", "agriculture", "code_of_laws"]
    st = position(boards={0: board, 1: ["tools", "archery", "sailing", "masonry"]})
    dogma(st, "construction")
    assert "empire" in st.achievements[0]
    st = position(boards={0: board, 1: ["tools", "archery", "sailing", "masonry",
                                        "mysticism"]})
    dogma(st, "construction")
    assert "empire" not in st.achievements[0]


def test_special_achievement_claimed_on_another_players_turn() -> None:
    # Seat 1 gets World (12 clocks) when a card is transferred to its board by seat 0's
    # Road Building.
    st = position(boards={0: ["road_building", "software"], 1: ["quantum_theory",
                  "rocketry", "databases", "satellites"]},
                  splays={1: {"blue": "up", "green": "up"}},
                  hands={0: ["fission", "robotics"]})
    from engines.innovation.icons import icon_count

    before = icon_count(st, 1, 5)
    assert before < 12
    events = dogma(st, "road_building", "card:robotics", "card:fission", "player:1")
    # 11 + Fission's 3 clocks = 14: World at once, on seat 0's turn, before seat 1's green
    # top card leaves (the count then falls back, the achievement stays)
    assert "world" in st.achievements[1]
    claim = kinds(events).index("special_achievement")
    assert claim < len(events) - 1 and events[claim + 1].params["card"] == "satellites"
    assert icon_count(st, 1, 5) == 11


def test_monument_for_six_scores_in_one_turn() -> None:
    st = position(boards={0: ["pottery", "tools", "writing", "calendar", "mathematics",
                              "genetics"]}, supply_top={10: ["software"]})
    dogma(st, "genetics")
    assert "monument" in st.achievements[0]
    assert len(st.scores[0]) == 6


# -- dogma: sharing and demands ----------------------------------------------------------
def test_dogma_confirm_back_and_preview() -> None:
    st = position(3, boards={0: ["archery"], 1: ["metalworking"], 2: ["pottery"]})
    events = ENGINE.apply(st, 0, "dogma:archery")
    assert events[0].kind == "dogma_preview"
    p = prompt(st)
    # ``back`` is the way back from here (choosing the card opens no undo window)
    assert p.kind == "dogma_confirm" and [o.id for o in p.options] == ["confirm", "back"]
    assert p.params["sharers"] == [1] and p.params["demanded"] == [2]
    assert p.params["counts"] == [2, 3, 0]
    assert ENGINE.dogma_preview(st, 0, "archery")["demanded"] == [2]
    answer(st, "back")
    assert prompt(st).kind == "turn" and st.actions_left == 2
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 0, "dogma:metalworking")
    assert err.value.key == "not_a_top_card"


def test_demands_in_turn_order_from_the_left() -> None:
    st = position(4, boards={2: ["archery"]}, current=2,
                  supply_top={1: ["tools", "writing", "sailing"]})
    events = dogma(st, "archery", seat=2)
    assert [e.seat for e in events if e.kind == "demand"] == [3, 0, 1]
    assert sorted(st.hands[2]) == ["sailing", "tools", "writing"]


def test_sharing_order_then_activator_and_bonus_draw() -> None:
    st = position(3, boards={0: ["writing"], 1: ["pottery"], 2: ["tools"]},
                  supply_top={2: ["calendar", "mathematics"], 1: ["sailing"]})
    events = dogma(st, "writing")
    assert [e.seat for e in events if e.kind in ("share", "effect")] == [2, 0]
    assert st.hands[2] == ["calendar"]
    assert "share_bonus" in kinds(events)
    assert st.hands[0] == ["mathematics", "sailing"]  # effect, then the free draw (age 1)


def test_no_bonus_when_sharer_changes_nothing() -> None:
    st = position(3, boards={0: ["writing"], 1: ["tools"], 2: ["pottery"]}, current=1)
    events = dogma(st, "tools", seat=1)
    assert "share" in kinds(events) and "share_bonus" not in kinds(events)


def test_bonus_requires_a_change_rulebook_example() -> None:
    """Sharing a "meld a card" effect with an empty hand changes nothing: no bonus."""
    st = position(boards={0: ["alchemy"], 1: ["archery"]}, hands={0: ["oars", "tools"]})
    events = dogma(st, "alchemy", "card:oars")
    assert "share" in kinds(events)
    assert "share_bonus" not in kinds(events)


def test_rulebook_banking_system_turn() -> None:
    """Rulebook 玩家回合的範例 (four players, André = seat 0)."""
    st = position(
        4,
        boards={0: ["evolution", "mapmaking", "banking"],
                1: ["chemistry"],
                2: ["clothing", "sailing"],
                3: ["translation"]},
        supply_top={5: ["coal", "physics"]},
        empty_ages=(),
    )
    # keep exactly two cards in the age-5 pile (Bill's draw-and-score and the bonus)
    st.removed.extend(c for c in st.supply[4] if c not in ("coal", "physics"))
    st.supply[4] = ["physics", "coal"]
    ENGINE.apply(st, 0, "dogma:banking")
    p = prompt(st)
    assert p.params["demanded"] == [1] and p.params["sharers"] == [2, 3]
    events = ENGINE.apply(st, 0, "confirm")
    # Bill transfers Chemistry (his only non-green factory top card), scores a 5
    assert top(st, 0, "blue") == "chemistry"
    assert st.scores[1] == ["coal"]
    # Charles may splay green right
    assert prompt(st).seat == 2 and prompt(st).kind == "splay_right"
    events += answer(st, "color:green")
    # Dominique has no green: not asked; André splays his green right
    assert prompt(st).seat == 0
    events += answer(st, "color:green")
    assert st.splays[2][2] == 2 and st.splays[0][2] == 2 and st.splays[3][2] == 0
    assert "share_bonus" in kinds(events)
    assert st.hands[0] == ["physics"]  # free draw of a 5 (highest top card)
    # second action: the 5 pile is empty → a 6
    answer(st, "draw")
    assert AGE[st.hands[0][-1]] == 6


def test_value_zero_rules() -> None:
    """Values of missing cards count as 0 (rulebook 數值)."""
    st = position(boards={0: ["printing_press"]}, scores={0: ["tools"]},
                  supply_top={2: ["calendar"]})
    dogma(st, "printing_press", "card:tools")  # no purple top card: 0 + 2
    assert st.hands[0] == ["calendar"]
    st = position(boards={0: ["machine_tools"]}, supply_top={1: ["sailing"]})
    dogma(st, "machine_tools")  # empty score pile: a 1
    assert st.scores[0] == ["sailing"]


def test_illegal_answers_leave_state_unchanged() -> None:
    st = position(hands={0: ["tools"]})
    before = st.model_dump_json()
    for seat, opt, key in [(1, "draw", "not_your_turn"), (0, "meld:writing", "card_not_in_hand"),
                           (0, "fly", "illegal_option"), (0, "achieve:1", "cannot_achieve")]:
        with pytest.raises(IllegalAnswer) as err:
            ENGINE.apply(st, seat, opt)
        assert err.value.key == key
    assert st.model_dump_json() == before


# -- Recycle (教義效果: 假如你必須回收數張卡片，你可選擇擺放順序) ------------------------------
def test_recycle_several_cards_player_chooses_order() -> None:
    """Several cards returned at once: the player orders those of the same age (the last
    one returned is the new bottom card of the pile)."""
    st = position(boards={0: ["railroad"]}, hands={0: ["tools", "optics", "oars"]},
                  supply_top={6: ["canning", "vaccination", "democracy"]})
    ENGINE.apply(st, 0, "dogma:railroad")
    ENGINE.apply(st, 0, "confirm")
    p = prompt(st)
    assert p.kind == "return_order" and p.private and p.params["age"] == 1
    assert sorted(o.id for o in p.options) == ["card:oars", "card:tools", "undo"]
    answer(st, "card:oars")  # oars first, then tools under it
    assert st.supply[0][:2] == ["tools", "oars"] and st.supply[2][0] == "optics"
    assert st.hands[0] == ["canning", "vaccination", "democracy"]
    st = position(boards={0: ["railroad"]}, hands={0: ["tools", "oars"]})
    dogma(st, "railroad", "card:tools")
    assert st.supply[0][:2] == ["oars", "tools"]


def test_recycle_order_not_asked_when_ages_differ() -> None:
    st = position(boards={0: ["railroad"]}, hands={0: ["tools", "optics", "calendar"]})
    events = dogma(st, "railroad")
    assert st.question is None and "return_order" not in str(events)
    assert st.supply[0][0] == "tools" and st.supply[2][0] == "optics"
    assert st.supply[1][0] == "calendar"


def test_recycle_picked_cards_go_back_in_picking_order() -> None:
    """When the player picks the returned cards one at a time the picking order is the
    return order (no second question)."""
    st = position(boards={0: ["tools"]}, hands={0: ["pottery", "writing", "archery", "optics"]},
                  supply_top={3: ["alchemy"]})
    dogma(st, "tools", "yes", "card:writing", "card:pottery", "card:archery")
    assert st.supply[0][:3] == ["archery", "pottery", "writing"]
    st = position(boards={0: ["tools"]}, hands={0: ["pottery", "writing", "archery"]},
                  supply_top={3: ["alchemy"]})
    dogma(st, "tools", "yes", "card:archery", "card:pottery")  # all three must go: ordered
    assert st.supply[0][:3] == ["writing", "pottery", "archery"]


def test_rulebook_higher_lower_example_two_sevens_three_fives() -> None:
    """遊戲術語 Higher/Lower: with two 7s and three 5s, "all the highest" are the two 7s;
    "the three highest" are the two 7s and one 5 (the owner picks which)."""
    sevens, fives = ["lighting", "bicycle"], ["coal", "banking", "measurement"]
    st = position(boards={0: ["explosives"]}, hands={1: sevens + fives})
    ENGINE.apply(st, 0, "dogma:explosives")
    ENGINE.apply(st, 0, "confirm")
    p = prompt(st)
    assert p.seat == 1 and sorted(o.id for o in p.options) == [f"card:{c}" for c in sorted(fives)]
    answer(st, "card:banking")
    assert sorted(st.hands[0]) == ["banking", "bicycle", "lighting"]
    assert sorted(st.hands[1]) == ["coal", "measurement"]
    st = position(boards={0: ["services"]}, scores={1: sevens + fives})
    dogma(st, "services")
    assert sorted(st.hands[0]) == ["bicycle", "lighting"] and st.scores[1] == fives


def test_archive_several_cards_no_order_question() -> None:
    """The book gives the order only for Recycle: tucking a whole hand (Socialism) asks
    nothing more than the "you may"; picked tucks go in picking order (Lighting)."""
    st = position(boards={0: ["socialism"]}, hands={0: ["tools", "pottery"]})
    dogma(st, "socialism", "yes")
    assert st.question is None and pile(st, 0, "blue") == ["pottery", "tools"]
    st = position(boards={0: ["lighting"]}, hands={0: ["tools", "pottery", "writing"]},
                  supply_top={7: ["bicycle"]})
    dogma(st, "lighting", "card:writing", "card:tools", "done")
    assert pile(st, 0, "blue") == ["tools", "writing"] and st.scores[0] == ["bicycle"]
