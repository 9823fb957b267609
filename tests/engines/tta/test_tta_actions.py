"""Civil and military actions (scope §6, §7) with the book's examples X6-X21."""

from __future__ import annotations

import pytest

from engines.tta import economy
from engines.tta.actions.costs import build_cost, upgrade_cost
from engines.tta.actions.wonder import build_stages
from engines.tta.facts import CUL, HAPPY, SCI, STR
from engines.tta.ratings import civil_left, military_left, ratings
from engines.tta.state import TtaState
from tests.engines.tta.tta_helpers import (
    action_turn,
    answer,
    check_tokens,
    give,
    new,
    option_ids,
    set_tokens,
)


def _ids(st: TtaState, prefix: str) -> list[str]:
    return [o for o in option_ids(st) if o.startswith(prefix)]


# -- increase population -----------------------------------------------------------------
def test_x6_population_costs_2_2_then_3_food_L661_L683() -> None:
    st, civ = action_turn()
    set_tokens(civ, "A_agriculture", 9)
    paid = []
    for _ in range(3):
        food = civ.blue["A_agriculture"]
        answer(st, "pop")
        paid.append(food - civ.blue["A_agriculture"])
    assert paid == [2, 2, 3]
    assert (civ.yellow_bank, civ.pool) == (15, 4)
    assert economy.consumption(civ.yellow_bank) == 1  # the section emptied: −1 (L677-L683)
    check_tokens(st)


def test_x6_population_refused_without_food_or_yellow_L669_L681() -> None:
    st, civ = action_turn()
    set_tokens(civ, "A_agriculture", 1)
    assert _ids(st, "pop") == []  # 2 food needed
    set_tokens(civ, "A_agriculture", 5)
    civ.pool += civ.yellow_bank
    civ.yellow_bank = 0
    assert _ids(st, "pop") == []
    assert civ.blue["A_agriculture"] == 5  # food is never paid with mines (L663-L667)


# -- builds ------------------------------------------------------------------------------
def test_x7_build_a_mine_with_2_resources_L705_L711() -> None:
    st, civ = action_turn()
    assert civ.blue["A_bronze"] == 2
    answer(st, "build:A_bronze")
    assert civ.workers["A_bronze"] == 3 and civ.blue["A_bronze"] == 0 and civ.pool == 0
    assert civil_left(civ) == 3


def test_x8_second_lab_and_temples_L737_L739() -> None:
    st, civ = action_turn()
    set_tokens(civ, "A_bronze", 12)
    civ.pool = 3
    civ.yellow_bank -= 2
    answer(st, "build:A_philosophy")
    assert ratings(civ)[SCI] == 2
    answer(st, "build:A_religion")
    assert (ratings(civ)[CUL], ratings(civ)[HAPPY]) == (1, 1)
    answer(st, "build:A_religion")
    assert (ratings(civ)[CUL], ratings(civ)[HAPPY]) == (2, 2)
    check_tokens(st)


def test_x9_urban_limit_under_despotism_L751_L753() -> None:
    st, civ = action_turn()
    set_tokens(civ, "A_bronze", 14)
    civ.pool = 4
    civ.yellow_bank -= 3
    give(civ, "I_alchemy")
    answer(st, "build:A_philosophy")  # second lab: the limit of 2
    assert "build:I_alchemy" not in option_ids(st)  # no third lab, whatever its level
    assert "build:A_religion" in option_ids(st)  # temples are another type
    answer(st, "build:A_agriculture")
    answer(st, "build:A_agriculture")  # farms have no limit (L753)
    assert civ.workers["A_agriculture"] == 4


def test_x10_second_warriors_strength_plus_one_L768() -> None:
    st, civ = action_turn()
    assert ratings(civ)[STR] == 1
    answer(st, "build:A_warriors")
    assert ratings(civ)[STR] == 2
    assert military_left(civ) == 1 and civil_left(civ) == 4  # a military action


def test_destroy_and_disband_return_the_worker_without_refund_L1167_L1185() -> None:
    st, civ = action_turn()
    answer(st, "destroy:A_philosophy")
    assert civ.workers["A_philosophy"] == 0 and civ.pool == 2 and civil_left(civ) == 3
    assert civ.blue["A_bronze"] == 2  # nothing refunded
    answer(st, "disband:A_warriors")
    assert civ.workers["A_warriors"] == 0 and civ.pool == 3 and military_left(civ) == 1


# -- leaders -----------------------------------------------------------------------------
def test_x11_caesar_military_action_and_strength_L790_L798() -> None:
    st, civ = action_turn()
    civ.hand = ["A_julius_caesar"]
    answer(st, "leader:A_julius_caesar")
    assert civ.leader == "A_julius_caesar"
    assert military_left(civ) == 3 and ratings(civ)[STR] == 2 and civil_left(civ) == 3


def test_x12_replacing_a_leader_gives_the_action_back_L806_L822() -> None:
    st, civ = action_turn()
    civ.leader = "A_moses"
    civ.hand = ["I_joan_of_arc"]
    answer(st, "leader:I_joan_of_arc")
    assert civ.leader == "I_joan_of_arc" and civil_left(civ) == 4  # 1 paid, 1 back
    assert "A_moses" in st.removed
    civ.hand = ["II_isaac_newton"]
    civ.ca_spent = 4
    assert _ids(st, "leader") == []  # with no civil action left: impossible (L818-L822)


def test_leaders_cannot_be_played_in_the_first_round_L402() -> None:
    st = new(2, 1)
    st.civs[st.current].hand = ["A_moses"]
    assert _ids(st, "leader") == []


# -- wonders -----------------------------------------------------------------------------
def test_x13_pyramids_stages_in_order_and_the_new_action_L834_L842_L881() -> None:
    st, civ = action_turn()
    civ.wonder = "A_pyramids"
    set_tokens(civ, "A_bronze", 6)
    bank = civ.blue_bank
    answer(st, "wonder:1")  # 3 resources; one token from the bank covers the stage
    assert (civ.stages, civ.blue["A_bronze"], civ.blue_bank) == (1, 3, bank + 3 - 1)
    answer(st, "wonder:1")
    assert civ.blue["A_bronze"] == 1
    assert civil_left(civ) == 2
    answer(st, "wonder:1")  # completed: tokens back, +1 CA usable now
    assert civ.wonders == ["A_pyramids"] and civ.wonder is None and civ.stages == 0
    assert civil_left(civ) == 2  # 5 actions, 3 spent
    check_tokens(st)


def test_wonder_stages_per_action_with_masonry_L987() -> None:
    st, civ = action_turn()
    civ.wonder = "A_hanging_gardens"
    set_tokens(civ, "A_bronze", 8)
    assert _ids(st, "wonder") == ["wonder:1"]
    give(civ, "I_masonry")
    assert _ids(st, "wonder") == ["wonder:1", "wonder:2"]
    answer(st, "wonder:2")
    assert civ.stages == 2 and civ.blue["A_bronze"] == 4 and civil_left(civ) == 3


def test_wonder_stage_with_an_empty_bank_takes_a_token_from_a_card_B6() -> None:
    """A stage costing nothing (an action card's discount) with every blue token on cards:
    the cover comes from a farm/mine card, lowest value first (PB blue_bank.rules[3])."""
    st, civ = action_turn()
    civ.wonder = "A_colossus"
    give(civ, "I_irrigation")
    set_tokens(civ, "I_irrigation", civ.blue_bank)
    assert civ.blue_bank == 0
    build_stages(st, st.current, 1, 0)
    assert civ.stages == 1 and civ.blue["A_agriculture"] == 1
    check_tokens(st)


# -- technologies and governments ---------------------------------------------------------
def test_develop_a_technology_L924_L942() -> None:
    st, civ = action_turn()
    civ.hand = ["I_iron"]
    civ.science = 5
    answer(st, "develop:I_iron")
    assert "I_iron" in civ.techs and civ.workers["I_iron"] == 0 and civ.science == 0
    assert civil_left(civ) == 3


def test_special_technology_higher_stays_lower_leaves_L979_L1054() -> None:
    st, civ = action_turn()
    civ.science = 20
    civ.hand = ["II_strategy", "I_warfare"]
    answer(st, "develop:II_strategy")
    answer(st, "develop:I_warfare")  # the lower one, just developed, leaves at once
    assert [t for t in civ.techs if t in ("II_strategy", "I_warfare")] == ["II_strategy"]
    assert "I_warfare" in st.removed
    assert military_left(civ) == 4 and ratings(civ)[STR] == 4
    check_tokens(st)


def test_x15_theocracy_by_peaceful_change_L1016() -> None:
    st, civ = action_turn()
    civ.hand = ["I_theocracy"]
    civ.science = 6
    before = ratings(civ)
    answer(st, "develop:I_theocracy")
    assert civ.government == "I_theocracy" and civ.science == 0
    assert civil_left(civ) == 3 and military_left(civ) == 3  # the new MA is usable now
    after = ratings(civ)
    assert [after[i] - before[i] for i in (CUL, STR, HAPPY)] == [1, 1, 1]


def test_x16_monarchy_by_revolution_L1036_L1042() -> None:
    st, civ = action_turn()
    civ.hand = ["I_monarchy"]
    civ.science = 2
    assert "revolution:I_monarchy" in option_ids(st)
    answer(st, "revolution:I_monarchy")
    assert civ.government == "I_monarchy" and civ.science == 0
    assert civil_left(civ) == 0 and military_left(civ) == 3  # the new white one spent too
    st2, civ2 = action_turn()
    civ2.hand = ["II_isaac_newton", "I_monarchy"]
    civ2.science = 20
    answer(st2, "leader:II_isaac_newton")
    assert "revolution:I_monarchy" not in option_ids(st2)  # not after any civil action


def test_revolution_allowed_after_a_replacement_gave_the_action_back_L1036() -> None:
    st, civ = action_turn()
    civ.leader = "A_moses"
    civ.hand = ["I_joan_of_arc", "I_monarchy"]
    civ.science = 2
    answer(st, "leader:I_joan_of_arc")
    assert "revolution:I_monarchy" in option_ids(st)


# -- upgrades ----------------------------------------------------------------------------
@pytest.mark.parametrize(("src", "dst", "cost"), [
    ("A_agriculture", "II_selective_breeding", 4), ("A_bronze", "I_iron", 3),
    ("I_iron", "II_coal", 3), ("A_bronze", "II_coal", 6)])
def test_x17_farm_and_mine_upgrade_costs_L1069_L1088(src: str, dst: str, cost: int) -> None:
    st, civ = action_turn()
    assert upgrade_cost(civ, src, dst) == cost


def test_x17_no_age_ii_mine_with_6_resources_and_iron_production_L1080_L1088() -> None:
    st, civ = action_turn()
    give(civ, "II_coal")
    give(civ, "I_iron", 2)
    set_tokens(civ, "A_bronze", 6)
    assert "build:II_coal" not in option_ids(st)  # costs 8
    assert ratings(civ)[1] == 2 * 2 + 2 * 1  # 2 Iron + 2 Bronze workers
    civ.workers["A_bronze"] = 1
    civ.pool += 1
    assert ratings(civ)[1] == 5  # 2 Iron + 1 Bronze produce 5 (L1088)


def test_x17_upgrade_moves_the_worker_and_pays_the_difference() -> None:
    st, civ = action_turn()
    give(civ, "I_iron")
    set_tokens(civ, "A_bronze", 3)
    answer(st, "upgrade:A_bronze:I_iron")
    assert (civ.workers["A_bronze"], civ.workers["I_iron"]) == (1, 1)
    assert civ.blue["A_bronze"] == 0 and civil_left(civ) == 3
    check_tokens(st)


@pytest.mark.parametrize(("src", "dst", "cost"), [
    ("A_philosophy", "I_alchemy", 3), ("A_philosophy", "II_scientific_method", 5),
    ("I_alchemy", "II_scientific_method", 2), ("I_bread_and_circuses", "II_team_sports", 2)])
def test_x19_urban_upgrade_costs_L1132_L1143(src: str, dst: str, cost: int) -> None:
    st, civ = action_turn()
    assert upgrade_cost(civ, src, dst) == cost


def test_x19_upgrade_allowed_at_the_urban_limit_build_refused_L1141_L1143() -> None:
    st, civ = action_turn()
    give(civ, "I_bread_and_circuses", 2)
    give(civ, "II_team_sports")
    set_tokens(civ, "A_bronze", 10)
    before = ratings(civ)
    assert "build:I_bread_and_circuses" not in option_ids(st)
    assert "build:II_team_sports" not in option_ids(st)
    answer(st, "upgrade:I_bread_and_circuses:II_team_sports")
    after = ratings(civ)
    assert (after[STR] - before[STR], after[HAPPY] - before[HAPPY]) == (1, 1)


def test_x20_masonry_discounts_L1151() -> None:
    st, civ = action_turn()
    give(civ, "I_alchemy")
    give(civ, "II_scientific_method")
    give(civ, "I_masonry")
    assert build_cost(civ, "I_alchemy") == 5
    assert build_cost(civ, "A_philosophy") == 3
    assert upgrade_cost(civ, "A_philosophy", "I_alchemy") == 2
    assert upgrade_cost(civ, "I_alchemy", "II_scientific_method") == 2
    assert build_cost(civ, "A_bronze") == 2  # mines: no discount


def test_x21_units_upgrade_within_their_type_L1165() -> None:
    st, civ = action_turn()
    give(civ, "I_swordsmen")
    give(civ, "I_knights")
    set_tokens(civ, "A_bronze", 6)
    ids = _ids(st, "upgrade:A_warriors")
    assert ids == ["upgrade:A_warriors:I_swordsmen"]
    answer(st, "upgrade:A_warriors:I_swordsmen")
    assert military_left(civ) == 1 and civ.workers["I_swordsmen"] == 1


def test_first_round_offers_only_takes_L363_L376() -> None:
    st = new(3, 5)
    assert {o.split(":")[0] for o in option_ids(st)} <= {"take", "end"}
