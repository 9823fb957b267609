"""Action cards (scope §16; L1198-L1264) and the worked example X22, one test per variant.

Book = shared/rules/002_226be1480c28be9b.txt. The start after round 1 (2 players): 4 CA and
2 MA, Agriculture 2 workers / 2 food tokens, Bronze 2 workers / 2 resource tokens,
Philosophy 1, Warriors 1, one unused worker, 16 - 4 = 12 blue tokens in the bank.
"""

from __future__ import annotations

import pytest

from engines.tta.actions.action_cards import EFFECT, FOLD
from engines.tta.facts import AGE, STR
from engines.tta.ratings import civil_left, military_hand_limit, military_left, ratings
from engines.tta.state import Civ, TtaState
from tests.engines.tta.tta_helpers import (
    ENGINE,
    answer,
    check_tokens,
    give,
    new,
    option_ids,
    set_tokens,
    to_round_two,
)


def _turn(players: int = 2, seed: int = 1) -> tuple[TtaState, Civ]:
    st = to_round_two(new(players, seed))
    assert st.step == "action"
    return st, st.civs[st.current]


def _ids(st: TtaState, card: str) -> list[str]:
    return [o for o in option_ids(st) if o.startswith(f"action:{card}")]


def _blue(civ: Civ) -> dict[str, int]:
    return dict(civ.blue)


# -- the general rules -------------------------------------------------------------------
def test_x22_not_playable_the_turn_it_was_taken_L1202() -> None:
    st, civ = _turn()
    civ.hand = ["A_stockpile"]
    civ.taken = ["A_stockpile"]
    assert _ids(st, "A_stockpile") == []
    civ.hand.append("A_stockpile")  # a second copy, taken on an earlier turn
    assert _ids(st, "A_stockpile") == ["action:A_stockpile"]
    answer(st, "action:A_stockpile")
    assert civ.hand == ["A_stockpile"] and _ids(st, "A_stockpile") == []  # the new copy stays


def test_costs_one_civil_action_and_leaves_the_game_L1204_L1210() -> None:
    st, civ = _turn()
    civ.hand = ["II_revolutionary_idea"]
    events = answer(st, "action:II_revolutionary_idea")
    assert civil_left(civ) == 3 and civ.hand == [] and st.removed[-1] == "II_revolutionary_idea"
    assert events[0].kind == "action_card" and events[0].params["gained"] == {"science": 4}
    civ.hand = ["II_revolutionary_idea"]
    civ.ca_spent = 4
    assert _ids(st, "II_revolutionary_idea") == []  # no civil action left


def test_not_offered_in_the_first_round_L363() -> None:
    st = new(2, 1)
    st.civs[st.current].hand = ["A_stockpile"]
    assert not _ids(st, "A_stockpile")


# -- gains (L1214-L1228) -----------------------------------------------------------------
@pytest.mark.parametrize(("option", "science", "culture", "food", "res"), [
    ("action:A_cultural_heritage", 1, 4, 0, 0),
    ("action:I_cultural_heritage", 2, 2, 0, 0),
    ("action:II_revolutionary_idea", 4, 0, 0, 0),
    ("action:A_stockpile", 0, 0, 1, 1),
    ("action:I_reserves:food", 0, 0, 2, 0),
    ("action:I_reserves:resources", 0, 0, 0, 2),
    ("action:II_reserves:food", 0, 0, 3, 0),
    ("action:II_reserves:resources", 0, 0, 0, 3),
])
def test_gain_cards_L1214_L1228(option: str, science: int, culture: int, food: int,
                                res: int) -> None:
    """Points are scored without moving the advance markers (L1216); food and resources
    come from the blue bank onto farms and mines (L1220-L1226)."""
    st, civ = _turn()
    card = option.split(":")[1]
    civ.hand = [card]
    before = (civ.science, civ.culture, civ.blue["A_agriculture"], civ.blue["A_bronze"])
    r = ratings(civ)
    answer(st, option)
    assert (civ.science - before[0], civ.culture - before[1]) == (science, culture)
    assert (civ.blue["A_agriculture"] - before[2], civ.blue["A_bronze"] - before[3]) == (
        food, res)
    assert ratings(civ) == r  # the rates do not move (L1216)
    check_tokens(st)


def test_reserves_offers_both_choices_folded_platform_4_3() -> None:
    st, civ = _turn()
    civ.hand = ["I_reserves"]
    assert _ids(st, "I_reserves") == ["action:I_reserves:food", "action:I_reserves:resources"]


def test_x22_gains_never_move_tokens_up_L1226_L1228() -> None:
    """Gaining resources adds tokens from the bank; the tokens already on Bronze stay
    there (never traded for a token on Iron)."""
    st, civ = _turn()
    give(civ, "I_iron", 1)
    set_tokens(civ, "A_bronze", 3)
    civ.hand = ["II_reserves"]
    before = _blue(civ)
    answer(st, "action:II_reserves:resources")
    after = _blue(civ)
    assert all(after[t] >= before[t] for t in before)
    assert (after["I_iron"] - before["I_iron"]) * 2 + (after["A_bronze"] - before["A_bronze"]) \
        == 3
    check_tokens(st)


def test_gain_only_what_the_blue_bank_holds_B5() -> None:
    st, civ = _turn()
    set_tokens(civ, "A_bronze", 2 + civ.blue_bank - 1)  # one token left in the bank
    civ.hand = ["II_reserves"]
    food = civ.blue["A_agriculture"]
    events = answer(st, "action:II_reserves:food")
    assert civ.blue["A_agriculture"] == food + 1 and civ.blue_bank == 0
    assert events[0].params["gained"] == {"food": 1}


# -- discounted ordered actions (L1230-L1240) ---------------------------------------------
@pytest.mark.parametrize(("card", "discount"), [
    ("A_rich_land", 1), ("I_rich_land", 2), ("II_rich_land", 3)])
def test_rich_land_builds_a_farm_or_mine_for_less_L1230_L1236(card: str,
                                                              discount: int) -> None:
    st, civ = _turn()
    give(civ, "I_iron")
    set_tokens(civ, "A_bronze", 5)
    civ.hand = [card]
    ids = _ids(st, card)
    assert f"action:{card}:build:I_iron" in ids and f"action:{card}:build:A_agriculture" in ids
    assert not any("philosophy" in i for i in ids)  # farms and mines only
    answer(st, f"action:{card}:build:I_iron")
    assert civ.workers["I_iron"] == 1 and civ.pool == 0
    assert civ.blue["A_bronze"] == 5 - (5 - discount)  # Iron costs 5
    assert civil_left(civ) == 3  # the card's action only (L1206)
    check_tokens(st)


def test_rich_land_upgrades_a_mine_for_less_and_not_below_zero_L1236() -> None:
    st, civ = _turn()
    give(civ, "I_iron")
    set_tokens(civ, "A_bronze", 0)
    civ.hand = ["II_rich_land"]
    # Bronze -> Iron costs 5 - 2 = 3, minus 3 = 0: playable with no resources at all
    assert "action:II_rich_land:upgrade:A_bronze:I_iron" in _ids(st, "II_rich_land")
    answer(st, "action:II_rich_land:upgrade:A_bronze:I_iron")
    assert (civ.workers["A_bronze"], civ.workers["I_iron"]) == (1, 1)


@pytest.mark.parametrize(("card", "discount"), [
    ("A_urban_growth", 1), ("I_urban_growth", 2), ("II_urban_growth", 3)])
def test_urban_growth_builds_an_urban_building_for_less(card: str, discount: int) -> None:
    st, civ = _turn()
    set_tokens(civ, "A_bronze", 3)
    civ.hand = [card]
    ids = _ids(st, card)
    assert f"action:{card}:build:A_religion" in ids
    assert not any(":build:A_bronze" in i or ":build:A_agriculture" in i for i in ids)
    answer(st, f"action:{card}:build:A_religion")
    assert civ.workers["A_religion"] == 1 and civ.blue["A_bronze"] == discount  # 3 - (3 - d)


def test_x22_discounts_stack_floor_zero_L1234_L1236() -> None:
    """Urban Growth's discount adds to Masonry's (Alchemy: 6 - 1 - 3 = 2), never below 0
    (Printing Press: 3 - 1 - 3 → 0)."""
    st, civ = _turn()
    give(civ, "I_masonry")
    give(civ, "I_alchemy")
    give(civ, "I_printing_press")
    set_tokens(civ, "A_bronze", 2)
    civ.pool = 2
    civ.yellow_bank -= 1
    civ.hand = ["II_urban_growth", "II_urban_growth"]
    prompt = ENGINE.prompts(st)[0]
    res = {o.id: o.params["res"] for o in prompt.options if o.id.startswith("action:")}
    assert res["action:II_urban_growth:build:I_alchemy"] == 2
    assert res["action:II_urban_growth:build:I_printing_press"] == 0
    answer(st, "action:II_urban_growth:build:I_printing_press")
    assert civ.blue["A_bronze"] == 2
    answer(st, "action:II_urban_growth:build:I_alchemy")  # the second copy
    assert civ.blue["A_bronze"] == 0 and civ.workers["I_alchemy"] == 1
    check_tokens(st)


def test_urban_growth_respects_the_urban_limit_L741_L751() -> None:
    st, civ = _turn()
    set_tokens(civ, "A_bronze", 9)
    civ.workers["A_philosophy"] = 2
    civ.yellow_bank -= 1
    civ.hand = ["A_urban_growth"]
    assert not any(":build:A_philosophy" in i for i in _ids(st, "A_urban_growth"))


def test_efficient_upgrade_upgrades_only_for_3_less() -> None:
    st, civ = _turn()
    give(civ, "I_alchemy")
    give(civ, "I_irrigation")
    set_tokens(civ, "A_bronze", 1)
    civ.hand = ["II_efficient_upgrade"]
    ids = _ids(st, "II_efficient_upgrade")
    assert not any(":build:" in i for i in ids)
    # Philosophy -> Alchemy 3, Agriculture -> Irrigation 2: both at most 1 after -3
    assert "action:II_efficient_upgrade:upgrade:A_philosophy:I_alchemy" in ids
    assert "action:II_efficient_upgrade:upgrade:A_agriculture:I_irrigation" in ids
    answer(st, "action:II_efficient_upgrade:upgrade:A_philosophy:I_alchemy")
    assert civ.workers["I_alchemy"] == 1 and civ.blue["A_bronze"] == 1  # 0 to pay
    check_tokens(st)


@pytest.mark.parametrize(("card", "discount"), [
    ("A_engineering_genius", 2), ("I_engineering_genius", 3), ("II_engineering_genius", 4)])
def test_engineering_genius_one_stage_for_less(card: str, discount: int) -> None:
    st, civ = _turn()
    civ.wonder = "I_great_wall"  # stages 2, 2, 3, 2
    set_tokens(civ, "A_bronze", 5)
    civ.hand = [card]
    answer(st, f"action:{card}:wonder")
    assert civ.stages == 1 and civ.blue["A_bronze"] == 5 - max(0, 2 - discount)
    assert civil_left(civ) == 3
    check_tokens(st)


def test_x22_engineering_genius_one_stage_even_with_masonry_L1240() -> None:
    st, civ = _turn()
    give(civ, "I_masonry")  # 2 stages per civil action otherwise
    civ.wonder = "A_pyramids"  # stages 3, 2, 1
    set_tokens(civ, "A_bronze", 6)
    civ.hand = ["A_engineering_genius"]
    assert _ids(st, "A_engineering_genius") == ["action:A_engineering_genius:wonder"]
    answer(st, "action:A_engineering_genius:wonder")
    assert civ.stages == 1 and civ.blue["A_bronze"] == 5  # 3 - 2
    assert "wonder:2" in option_ids(st)  # the normal action still builds two


def test_x22_unplayable_when_the_action_is_impossible_L1242_L1252() -> None:
    st, civ = _turn()
    civ.hand = ["A_engineering_genius", "A_frugality", "I_breakthrough", "A_urban_growth"]
    set_tokens(civ, "A_agriculture", 1)  # population costs 2
    set_tokens(civ, "A_bronze", 0)
    civ.pool = 0
    civ.yellow_bank += 1
    assert [o for o in option_ids(st) if o.startswith("action:")] == []  # no wonder, no
    # food, no technology in hand, no unused worker and nothing to upgrade to


# -- an action then a reward (L1244-L1254) ------------------------------------------------
@pytest.mark.parametrize(("card", "food"), [
    ("A_frugality", 1), ("I_frugality", 2), ("II_frugality", 3)])
def test_frugality_increases_population_then_gives_food_B18(card: str, food: int) -> None:
    st, civ = _turn()
    set_tokens(civ, "A_agriculture", 2)
    civ.hand = [card]
    answer(st, f"action:{card}:pop")
    assert civ.pool == 2 and civ.yellow_bank == 17
    assert civ.blue["A_agriculture"] == food  # 2 paid in full, then the reward
    assert civil_left(civ) == 3
    check_tokens(st)


def test_frugality_reward_cannot_pay_the_population_B18_L1250() -> None:
    st, civ = _turn()
    set_tokens(civ, "A_agriculture", 1)
    civ.hand = ["II_frugality"]
    assert _ids(st, "II_frugality") == []


@pytest.mark.parametrize(("card", "science"), [("I_breakthrough", 2), ("II_breakthrough", 3)])
def test_breakthrough_develops_then_scores_science_B18(card: str, science: int) -> None:
    st, civ = _turn()
    civ.hand = [card, "I_alchemy"]
    civ.science = 4
    answer(st, f"action:{card}:develop:I_alchemy")
    assert "I_alchemy" in civ.techs and civ.science == science
    assert civil_left(civ) == 3  # one civil action in all (L1206)
    civ.hand = [card, "I_drama"]  # 3 science: the reward cannot pay for it (L1250)
    civ.science = 2
    assert _ids(st, card) == []


def test_x22_breakthrough_pays_a_revolution_with_all_civil_actions_L1254() -> None:
    st, civ = _turn()
    civ.hand = ["I_breakthrough", "I_monarchy"]
    civ.science = 2  # Monarchy's revolution cost
    ids = _ids(st, "I_breakthrough")
    assert "action:I_breakthrough:revolution:I_monarchy" in ids
    assert "action:I_breakthrough:develop:I_monarchy" not in ids  # 8 science
    answer(st, "action:I_breakthrough:revolution:I_monarchy")
    assert civ.government == "I_monarchy" and civil_left(civ) == 0
    assert civ.science == 2 and military_left(civ) == 3  # Monarchy: 3 MA, usable (L1040)
    check_tokens(st)


def test_breakthrough_revolution_only_with_no_civil_action_spent_L1254() -> None:
    st, civ = _turn()
    civ.hand = ["I_breakthrough", "I_monarchy"]
    civ.science = 2
    civ.ca_spent = 1
    assert _ids(st, "I_breakthrough") == []


# -- temporary military resources and action (L1256-L1264) --------------------------------
@pytest.mark.parametrize(("card", "credit"), [
    ("A_patriotism", 1), ("I_patriotism", 2), ("II_patriotism", 3)])
def test_patriotism_gives_a_military_action_and_unit_resources(card: str,
                                                               credit: int) -> None:
    st, civ = _turn()
    civ.hand = [card]
    answer(st, f"action:{card}")
    assert military_left(civ) == 3 and civ.marks["mil_credit"] == credit
    assert military_hand_limit(civ) == 2  # no red token (L1262): the hand limit stays


def test_x22_patriotism_credit_used_first_and_lost_at_the_end_of_turn_L1258_L1264() -> None:
    st, civ = _turn()
    seat = st.current
    civ.hand = ["II_patriotism"]
    set_tokens(civ, "A_bronze", 2)
    civ.pool = 3
    civ.yellow_bank -= 2
    answer(st, "action:II_patriotism")
    answer(st, "build:A_warriors")  # 2 resources: both from the credit of 3
    assert civ.blue["A_bronze"] == 2 and civ.marks["mil_credit"] == 1
    answer(st, "build:A_warriors")  # 1 from the credit, 1 from Bronze
    assert civ.blue["A_bronze"] == 1 and civ.marks["mil_credit"] == 0
    assert military_left(civ) == 1  # 3 MA with the temporary one, 2 spent
    st.military_decks[st.age] = ["I_legion", "I_legion", "I_legion"]
    answer(st, "end")
    assert civ.military == ["I_legion"]  # the unused action drew a card (L1262)
    assert "temp_ma" not in civ.marks and "mil_credit" not in civ.marks
    assert st.current != seat


def test_patriotism_temporary_action_draws_a_card_when_unused_L1262() -> None:
    st, civ = _turn()
    civ.hand = ["A_patriotism"]
    answer(st, "action:A_patriotism")
    st.military_decks[st.age] = ["I_legion"] * 5
    answer(st, "end")
    assert len(civ.military) == 3  # 2 red tokens + the temporary one
    assert military_hand_limit(civ) == 2


@pytest.mark.parametrize(("players", "stronger", "credit"), [
    (2, 1, 6), (3, 2, 6), (3, 1, 3), (4, 3, 6), (4, 1, 2), (2, 0, 0)])
def test_wave_of_nationalism_per_stronger_civilization(players: int, stronger: int,
                                                       credit: int) -> None:
    st, civ = _turn(players)
    seat = st.current
    others = [i for i in range(players) if i != seat]
    for i in others[:stronger]:
        st.civs[i].workers["A_warriors"] = 3  # strength 3 > 1
    civ.hand = ["II_wave_of_nationalism"]
    answer(st, "action:II_wave_of_nationalism")
    assert civ.marks.get("mil_credit", 0) == credit
    assert ratings(civ)[STR] == 1


def test_endowment_for_the_arts_per_civilization_with_more_culture() -> None:
    """Age III (T2), but its effect is data-driven like the others: 3 players, 3 each."""
    st, civ = _turn(3)
    civ.culture = 5
    st.civs[(st.current + 1) % 3].culture = 6
    civ.hand = ["III_endowment_for_the_arts"]
    answer(st, "action:III_endowment_for_the_arts")
    assert civ.culture == 8


# -- the follow-up prompt (platform §4.3) -------------------------------------------------
def _many_targets(st: TtaState, civ: Civ) -> None:
    for t in ("I_iron", "I_irrigation", "II_coal", "II_selective_breeding"):
        give(civ, t)
    set_tokens(civ, "A_bronze", 9)
    civ.hand = ["II_rich_land"]


def test_many_targets_open_a_follow_up_with_back() -> None:
    st, civ = _turn()
    _many_targets(st, civ)
    assert _ids(st, "II_rich_land") == ["action:II_rich_land"]
    bronze = civ.blue["A_bronze"]
    answer(st, "action:II_rich_land")
    (prompt,) = ENGINE.prompts(st)
    assert prompt.kind == "action_card" and prompt.params["card"] == "II_rich_land"
    ids = [o.id for o in prompt.options]
    targets = [i for i in ids if i.startswith("action:")]
    assert len(targets) == 10 > FOLD and "back" in ids
    assert "action:II_rich_land:build:II_coal" in ids
    assert ENGINE.timeout_option(st, st.current) == "back"
    answer(st, "back")
    assert st.step == "action" and civ.hand == ["II_rich_land"] and civ.ca_spent == 0
    assert civ.blue["A_bronze"] == bronze  # nothing paid
    answer(st, "action:II_rich_land")
    answer(st, "action:II_rich_land:build:II_coal")
    assert civ.workers["II_coal"] == 1 and civ.blue["A_bronze"] == bronze - 5  # 8 - 3
    assert st.step == "action" and civ.hand == [] and civil_left(civ) == 3
    check_tokens(st)


def test_follow_up_lists_only_legal_targets() -> None:
    """4 resources: Coal (8 - 3 = 5) is out; 9 targets remain, so a follow-up."""
    st, civ = _turn()
    _many_targets(st, civ)
    set_tokens(civ, "A_bronze", 4)
    answer(st, "action:II_rich_land")
    options = ENGINE.prompts(st)[0].options
    ids = [o.id for o in options]
    targets = [o for o in options if o.id.startswith("action:")]
    assert "action:II_rich_land:build:II_coal" not in ids and len(targets) == 9
    assert all(o.params["res"] <= 4 for o in targets)


def test_every_action_card_of_ages_a_to_ii_has_a_known_effect() -> None:
    cards = [c for c in EFFECT if AGE[c] <= 2]
    assert len(cards) == 25  # scope §16: 25 variants in Ages A-II
