"""Age III civil cards of the full game, table-driven (scope §13, §16, §22; T2): the 17
technologies, the 8 action-card variants and the Age III bonus card's colonization value.

The tables are the printed cards (reference ``civil_cards.json`` / ``military_cards.json``)
written out, so a change of the card data or of the rules reading it fails here. Every
development, build, upgrade, revolution and action card goes through the engine's own options
and answers, on a peaceful full game (L1936-L1944, L2249-L2255) put in Age III by hand.
Book: develop L924-L942, revolution L1020-L1044, build L689-L770, urban limit L741-L751,
upgrade L1058-L1165, construction L987 / L1145-L1151, action cards L1198-L1264, colonization
force L1446-L1450, air forces L1957-L1961. The four Age III wonders are in
``test_tta_wonders.py``.
"""

from __future__ import annotations

import pytest

from engines.tta import colonization, tokens
from engines.tta.actions.action_cards import EFFECT
from engines.tta.actions.costs import build_cost, stages_per_action, upgrade_cost
from engines.tta.facts import AGE, BONUS, KIND, SCI
from engines.tta.ratings import (
    civil_left,
    civil_total,
    military_left,
    military_total,
    ratings,
    urban_limit,
)
from engines.tta.state import Civ, TtaState
from tests.engines.tta.technology_checks import (
    build_pays,
    develop_pays,
    revolution_pays,
    special_symbols_count_once,
)
from tests.engines.tta.tta_helpers import (
    ENGINE,
    answer,
    check_invariants,
    check_tokens,
    give,
    set_tokens,
)

#: buildings and units: science to develop, resources to build, per worker (food,
#: resources, science, culture, happy, strength)
PER_WORKER: dict[str, tuple[int, int, tuple[int, int, int, int, int, int]]] = {
    "III_mechanized_agriculture": (7, 8, (5, 0, 0, 0, 0, 0)),
    "III_oil": (9, 11, (0, 5, 0, 0, 0, 0)),
    "III_computers": (8, 11, (0, 0, 5, 0, 0, 0)),
    "III_multimedia": (9, 11, (0, 0, 3, 3, 0, 0)),
    "III_movies": (10, 11, (0, 0, 0, 4, 1, 0)),
    "III_professional_sports": (7, 8, (0, 0, 0, 0, 4, 3)),
    "III_modern_infantry": (10, 7, (0, 0, 0, 0, 0, 5)),
    "III_tanks": (9, 7, (0, 0, 0, 0, 0, 5)),
    "III_rockets": (8, 7, (0, 0, 0, 0, 0, 5)),
    "III_air_forces": (12, 7, (0, 0, 0, 0, 0, 5)),  # its own strength; doubling: AIR
}

#: special technologies: science, then (strength, civil actions, military actions, blue
#: tokens, colonization modifier)
SPECIAL: dict[str, tuple[int, tuple[int, int, int, int, int]]] = {
    "III_civil_service": (10, (0, 2, 0, 3, 0)),
    "III_military_theory": (11, (5, 0, 3, 0, 0)),
    "III_satellites": (8, (3, 0, 0, 0, 4)),
    "III_engineering": (9, (0, 0, 0, 0, 0)),
}

#: governments: peaceful change, revolution, (civil actions, military actions, urban
#: limit), (science, culture, happy, strength) printed on the card
GOVERNMENT: dict[str, tuple[int, int, tuple[int, int, int], tuple[int, int, int, int]]] = {
    "III_communism": (19, 5, (7, 5, 4), (0, 0, -1, 0)),
    "III_fundamentalism": (18, 7, (6, 5, 4), (-2, 0, 0, 5)),
    "III_democracy": (17, 9, (7, 3, 4), (0, 3, 0, 0)),
}

TECHNOLOGIES = (*PER_WORKER, *SPECIAL, *GOVERNMENT)
SCIENCE = {**{c: v[0] for c, v in PER_WORKER.items()}, **{c: v[0] for c, v in SPECIAL.items()},
           **{c: v[0] for c, v in GOVERNMENT.items()}}

#: the labs of every age, and Engineering's discount on each (A, I, II, III) (L1145-L1151)
LABS = ("A_philosophy", "I_alchemy", "II_scientific_method", "III_computers")
ENGINEERING_DISCOUNT = (0, 1, 2, 3)


def age_iii_turn(players: int = 2, seed: int = 1) -> tuple[TtaState, Civ]:
    """A peaceful full game in round 2, put in Age III, its current seat in the action
    phase with the starting civilization: (state, that civ)."""
    st = ENGINE.new_game(players, seed, {"mode": "peaceful"})
    while st.round == 1:
        answer(st, "end")
    if st.step == "politics":
        answer(st, "pass")
    assert st.step == "action"
    st.age = 3
    return st, st.civs[st.current]


def _params(st: TtaState, oid: str) -> dict[str, object]:
    opt = ENGINE.prompts(st)[0].option(oid)
    assert opt is not None, oid
    return dict(opt.params)


def _offered(st: TtaState, oid: str) -> bool:
    return ENGINE.prompts(st)[0].option(oid) is not None


# -- the 17 technologies ------------------------------------------------------------------
def test_the_tables_cover_the_17_technologies_of_age_iii() -> None:
    """Scope §13: 17 Age III technologies (a farm, a mine, 4 urban buildings, 4 units, 4
    special technologies, 3 governments)."""
    age_iii = sorted(c for c, a in AGE.items()
                     if a == 3 and KIND[c] in ("farm", "mine", "urban", "unit", "special",
                                               "government"))
    assert sorted(TECHNOLOGIES) == age_iii and len(age_iii) == 17


@pytest.mark.parametrize("card", TECHNOLOGIES)
def test_develop_pays_the_printed_science_and_1_civil_action_L924_L942(card: str) -> None:
    st, civ = age_iii_turn()
    develop_pays(st, civ, card, SCIENCE[card])


@pytest.mark.parametrize("card", list(PER_WORKER))
def test_build_pays_the_printed_cost_and_one_worker_gives_its_symbols_L689_L770(
        card: str) -> None:
    st, civ = age_iii_turn()
    _, cost, out = PER_WORKER[card]
    give(civ, card)
    give(civ, "III_oil")
    set_tokens(civ, "III_oil", 3)  # 15 resources
    civ.workers["A_philosophy"] -= 1  # room under Despotism's urban limit 2 for a lab
    civ.pool += 1
    build_pays(st, civ, card, cost, out)


def test_a_computers_lab_at_the_communism_urban_limit_L741_L751() -> None:
    """Communism allows 4 buildings of a type, whatever their levels: Philosophy + 2
    Alchemy leave room for one Computers lab, then none (X9)."""
    st, civ = age_iii_turn()
    civ.government = "III_communism"
    civ.ca_spent = 0
    give(civ, "I_alchemy", 2)
    give(civ, "III_computers")
    give(civ, "III_oil")
    set_tokens(civ, "III_oil", 5)  # 25 resources
    civ.pool = 2
    civ.yellow_bank -= 1
    assert urban_limit(civ) == 4
    assert _params(st, "build:III_computers")["res"] == 11
    answer(st, "build:III_computers")
    assert civ.workers["III_computers"] == 1
    assert not _offered(st, "build:III_computers") and not _offered(st, "build:A_philosophy")
    assert _offered(st, "build:III_oil")  # farms and mines have no limit (L753)
    assert _offered(st, "upgrade:I_alchemy:III_computers")  # the count stays (X19)
    check_tokens(st)


@pytest.mark.parametrize(("src", "dst", "cost"), [
    ("A_agriculture", "III_mechanized_agriculture", 8 - 2),
    ("A_bronze", "III_oil", 11 - 2),
    ("A_philosophy", "III_computers", 11 - 3),
    ("A_warriors", "III_modern_infantry", 7 - 2),  # a military action, units of one type
])
def test_upgrade_to_age_iii_pays_the_difference_L1058_L1165(src: str, dst: str,
                                                            cost: int) -> None:
    st, civ = age_iii_turn()
    give(civ, dst)
    give(civ, "III_oil")
    set_tokens(civ, "III_oil", 2)  # 10 resources
    params = _params(st, f"upgrade:{src}:{dst}")
    assert params["res"] == cost and params.get("ma" if KIND[dst] == "unit" else "ca") == 1
    stock, before = tokens.resources(civ), civ.workers[src]
    answer(st, f"upgrade:{src}:{dst}")
    assert (civ.workers[src], civ.workers[dst]) == (before - 1, 1)
    assert stock - tokens.resources(civ) == cost
    check_tokens(st)


def test_units_upgrade_only_within_their_type_L1153_L1165() -> None:
    st, civ = age_iii_turn()
    for unit in ("III_tanks", "III_rockets", "III_air_forces"):
        give(civ, unit)
    set_tokens(civ, "A_bronze", 9)
    assert not any(_offered(st, f"upgrade:A_warriors:{u}")
                   for u in ("III_tanks", "III_rockets", "III_air_forces"))


@pytest.mark.parametrize("card", list(SPECIAL))
def test_special_technology_symbols_count_once_L844_L851(card: str) -> None:
    st, civ = age_iii_turn()
    special_symbols_count_once(st, civ, card, *SPECIAL[card])


@pytest.mark.parametrize(("old", "new"), [
    ("II_justice_system", "III_civil_service"), ("II_strategy", "III_military_theory"),
    ("II_navigation", "III_satellites"), ("II_architecture", "III_engineering")])
def test_an_age_iii_special_technology_replaces_the_lower_one_L974_L987(old: str,
                                                                        new: str) -> None:
    """The lower one of a type leaves the game (its blue tokens with it, L1454-L1458)."""
    st, civ = age_iii_turn()
    civ.hand = [old, new]
    civ.science = SCIENCE[new] + 20
    answer(st, f"develop:{old}")
    totals = civil_total(civ), military_total(civ), civ.blue_box
    answer(st, f"develop:{new}")
    assert new in civ.techs and old not in civ.techs and old in st.removed
    if new == "III_civil_service":  # Justice System: +1 CA, 3 blue; Civil Service +2, 3
        assert (civil_total(civ), civ.blue_box) == (totals[0] + 1, totals[2])
    if new == "III_military_theory":  # Strategy: 2 MA; Military Theory: 3
        assert military_total(civ) == totals[1] + 1
    check_tokens(st)


def test_engineering_discounts_0_1_2_3_and_4_stages_per_action_L987_L1145_L1151() -> None:
    """Urban buildings cost 0/1/2/3 less by level (labs 3, 6, 8, 11 → 3, 5, 6, 8), farms,
    mines and units not; an upgrade pays the difference of the discounted costs; one
    civil action builds up to 4 wonder stages."""
    st, civ = age_iii_turn()
    printed = [build_cost(civ, c) for c in LABS]
    assert printed == [3, 6, 8, 11] and stages_per_action(civ) == 1
    give(civ, "III_engineering")
    assert [build_cost(civ, c) for c in LABS] == [
        p - d for p, d in zip(printed, ENGINEERING_DISCOUNT, strict=True)]
    assert [build_cost(civ, c) for c in ("III_oil", "III_mechanized_agriculture",
                                         "III_tanks")] == [11, 8, 7]
    assert upgrade_cost(civ, "A_philosophy", "III_computers") == 8 - 3
    assert stages_per_action(civ) == 4


def test_engineering_builds_four_wonder_stages_for_one_civil_action_L987() -> None:
    st, civ = age_iii_turn()
    give(civ, "III_engineering")
    civ.wonder = "III_internet"  # stages 2, 3, 4, 3, 2
    set_tokens(civ, "A_bronze", 12)
    ids = [o.id for o in ENGINE.prompts(st)[0].options if o.id.startswith("wonder:")]
    assert ids == ["wonder:1", "wonder:2", "wonder:3", "wonder:4"]
    assert _params(st, "wonder:4")["res"] == 12
    ca = civil_left(civ)
    answer(st, "wonder:4")
    assert civ.stages == 4 and civil_left(civ) == ca - 1 and tokens.resources(civ) == 0
    check_tokens(st)


@pytest.mark.parametrize("card", list(GOVERNMENT))
def test_peaceful_change_costs_the_higher_science_and_1_civil_action_L989_L1016(
        card: str) -> None:
    st, civ = age_iii_turn()
    civ.hand = [card]
    civ.science = GOVERNMENT[card][0]
    ca, ma, limit = GOVERNMENT[card][2]
    answer(st, f"develop:{card}")
    assert civ.government == card and civ.science == 0
    assert (civil_total(civ), military_total(civ), urban_limit(civ)) == (ca, ma, limit)
    assert civil_left(civ) == ca - 1  # the new tokens are usable at once (L1014, X15)
    assert "A_despotism" not in civ.techs
    check_tokens(st)


@pytest.mark.parametrize("card", list(GOVERNMENT))
def test_revolution_costs_the_lower_science_and_every_civil_action_L1020_L1044(
        card: str) -> None:
    """Symbols: a Communism face less, Fundamentalism 2 science less and 5 strength,
    Democracy 3 culture (with enough of each in play to see the change)."""
    st, civ = age_iii_turn()
    give(civ, "III_computers", 1)
    give(civ, "III_movies", 2)
    _, rev, actions, (sci, cul, happy, strength) = GOVERNMENT[card]
    revolution_pays(st, civ, card, rev, actions,
                    {SCI: sci, 3: cul, 4: happy, 5: strength})


def test_satellites_colonization_4_in_a_colonization_force_L1446_L1450() -> None:
    """Satellites' colonization modifier counts in a force (never its strength, L1460):
    one Warriors + 4 = 5; Military Theory's strength adds nothing to it."""
    st, civ = age_iii_turn()
    units = {"A_warriors": 1}
    base = colonization.force(civ, units, {})
    give(civ, "III_satellites")
    give(civ, "III_military_theory")
    assert colonization.force(civ, units, {}) == base + 4
    assert colonization.max_force(civ) == base + 4


# -- the 8 action-card variants of Age III (L1198-L1264) ----------------------------------
def test_the_8_age_iii_action_cards() -> None:
    assert sorted(c for c in EFFECT if AGE[c] == 3) == sorted(
        ["III_urban_growth", "III_efficient_upgrade", "III_engineering_genius",
         "III_patriotism", "III_reserves", "III_revolutionary_idea",
         "III_military_build_up", "III_endowment_for_the_arts"])


def test_urban_growth_iii_builds_or_upgrades_an_urban_building_for_4_less_L1230_L1236() -> None:
    """Computers 11 - 4 = 7; Philosophy -> Computers 8 - 4 = 4; not a farm or mine."""
    st, civ = age_iii_turn()
    give(civ, "III_computers")
    give(civ, "III_oil")
    set_tokens(civ, "III_oil", 1)
    set_tokens(civ, "A_bronze", 2)  # 7 resources
    civ.hand = ["III_urban_growth"]
    ids = [o.id for o in ENGINE.prompts(st)[0].options
           if o.id.startswith("action:III_urban_growth")]
    assert "action:III_urban_growth:build:III_computers" in ids
    assert "action:III_urban_growth:upgrade:A_philosophy:III_computers" in ids
    assert not any(":build:III_oil" in i or ":build:A_bronze" in i for i in ids)
    assert _params(st, "action:III_urban_growth:upgrade:A_philosophy:III_computers")[
        "res"] == 11 - 3 - 4
    answer(st, "action:III_urban_growth:build:III_computers")
    assert civ.workers["III_computers"] == 1 and tokens.resources(civ) == 0
    assert civil_left(civ) == 3  # the card's civil action only (L1206)
    check_tokens(st)


def test_efficient_upgrade_iii_upgrades_for_4_less_and_never_builds() -> None:
    """Agriculture -> Mechanized Agriculture 8 - 2 - 4 = 2."""
    st, civ = age_iii_turn()
    give(civ, "III_mechanized_agriculture")
    set_tokens(civ, "A_bronze", 2)
    civ.hand = ["III_efficient_upgrade"]
    ids = [o.id for o in ENGINE.prompts(st)[0].options
           if o.id.startswith("action:III_efficient_upgrade")]
    assert not any(":build:" in i for i in ids)
    oid = "action:III_efficient_upgrade:upgrade:A_agriculture:III_mechanized_agriculture"
    assert oid in ids and _params(st, oid)["res"] == 2
    answer(st, oid)
    assert civ.workers["III_mechanized_agriculture"] == 1 and tokens.resources(civ) == 0
    check_tokens(st)


def test_engineering_genius_iii_one_stage_for_5_less_L1240() -> None:
    """First Space Flight's last stage 9 - 5 = 4, one stage even with Engineering."""
    st, civ = age_iii_turn()
    give(civ, "III_engineering")
    civ.wonder = "III_first_space_flight"  # stages 1, 2, 4, 9
    civ.stages = 3
    civ.blue_bank -= 3
    set_tokens(civ, "A_bronze", 4)
    civ.hand = ["III_engineering_genius"]
    assert _params(st, "action:III_engineering_genius:wonder")["res"] == 4
    answer(st, "action:III_engineering_genius:wonder")
    assert civ.wonders == ["III_first_space_flight"] and tokens.resources(civ) == 0
    check_tokens(st)


def test_patriotism_iii_a_military_action_and_4_unit_resources_L1256_L1264() -> None:
    st, civ = age_iii_turn()
    give(civ, "III_tanks")
    set_tokens(civ, "A_bronze", 3)
    civ.hand = ["III_patriotism"]
    ma = military_left(civ)
    answer(st, "action:III_patriotism")
    assert military_left(civ) == ma + 1 and civ.marks["mil_credit"] == 4
    answer(st, "build:III_tanks")  # 7: 4 from the credit, 3 from Bronze
    assert civ.workers["III_tanks"] == 1 and tokens.resources(civ) == 0
    assert civ.marks["mil_credit"] == 0
    check_tokens(st)


@pytest.mark.parametrize(("option", "food", "res"), [
    ("action:III_reserves:food", 4, 0), ("action:III_reserves:resources", 0, 4)])
def test_reserves_iii_gains_4_food_or_4_resources_L1220_L1228(option: str, food: int,
                                                              res: int) -> None:
    st, civ = age_iii_turn()
    civ.hand = ["III_reserves"]
    before = tokens.food(civ), tokens.resources(civ)
    events = answer(st, option)
    assert (tokens.food(civ) - before[0], tokens.resources(civ) - before[1]) == (food, res)
    assert events[0].params["gained"] == ({"food": 4} if food else {"resources": 4})
    check_tokens(st)


def test_revolutionary_idea_iii_scores_6_science_L1214_L1218() -> None:
    st, civ = age_iii_turn()
    civ.hand = ["III_revolutionary_idea"]
    science, r = civ.science, ratings(civ)
    answer(st, "action:III_revolutionary_idea")
    assert civ.science == science + 6 and ratings(civ) == r


@pytest.mark.parametrize(("players", "stronger", "credit"), [
    (2, 1, 8), (2, 0, 0), (3, 2, 10), (3, 1, 5), (4, 3, 9), (4, 1, 3)])
def test_military_build_up_per_stronger_civilization_8_5_3(players: int, stronger: int,
                                                          credit: int) -> None:
    st, civ = age_iii_turn(players)
    seat = st.current
    others = [i for i in range(players) if i != seat]
    for i in others[:stronger]:
        st.civs[i].workers["A_warriors"] = 3  # strength 3 > 1
        st.civs[i].yellow_bank -= 2
    for i in others[stronger:]:
        st.civs[i].workers["A_warriors"] = 1  # equal: not stronger
    civ.hand = ["III_military_build_up"]
    answer(st, "action:III_military_build_up")
    assert civ.marks.get("mil_credit", 0) == credit
    check_tokens(st)


@pytest.mark.parametrize(("players", "ahead", "culture"), [
    (2, 1, 6), (2, 0, 0), (3, 2, 6), (3, 1, 3), (4, 3, 6), (4, 2, 4)])
def test_endowment_for_the_arts_per_civilization_with_more_culture_6_3_2(
        players: int, ahead: int, culture: int) -> None:
    """Equal culture is not more (the seats after ``ahead`` tie with the player)."""
    st, civ = age_iii_turn(players)
    seat = st.current
    civ.culture = 5
    others = [i for i in range(players) if i != seat]
    for n, i in enumerate(others):
        st.civs[i].culture = 6 if n < ahead else 5
    civ.hand = ["III_endowment_for_the_arts"]
    answer(st, "action:III_endowment_for_the_arts")
    assert civ.culture == 5 + culture


# -- the Age III bonus card --------------------------------------------------------------
def test_age_iii_bonus_card_defense_6_colonization_3_in_a_force_L1446_L1450() -> None:
    """The colonization value (3) adds to a force sent with at least one unit (L1462);
    the defense value (6) is for aggressions (issue 10)."""
    st, civ = age_iii_turn()
    card = "III_defense_colonization_bonus"
    assert BONUS[card] == (6, 3)
    pile = st.military_decks[3]
    pile.remove(card)
    civ.military.append(card)
    units = {"A_warriors": 1}
    assert colonization.force(civ, units, {card: 1}) == colonization.force(civ, units, {}) + 3
    assert colonization.bonus_cards(civ) == [card]
    assert colonization.max_force(civ) == 1 + 3
    check_invariants(st)
