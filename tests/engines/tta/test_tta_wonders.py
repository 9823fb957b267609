"""Wonders of Ages A-II: every effect (scope §15; X13, X14, C1, B18).

A wonder acts from its completion (L881) and stays for the rest of the game (L1849); an
unfinished one gives nothing and leaves at the end of the age after its own (L1845)."""

from __future__ import annotations

import pytest

from engines.core.contract import Event
from engines.tta import ages, end_of_turn, row, wonder_scores, wonders
from engines.tta.actions.wonder import build_stages
from engines.tta.facts import COLONIZATION, CUL, HAPPY, RES, SCI, STAGES, STATIC, STR
from engines.tta.ratings import (
    civil_hand_limit,
    civil_left,
    military_hand_limit,
    military_left,
    ratings,
)
from engines.tta.state import Civ, TtaState
from tests.engines.tta.tta_helpers import (
    action_turn,
    answer,
    check_tokens,
    give,
    option_ids,
    set_tokens,
)


def _complete(st: TtaState, card: str) -> Civ:
    """The current seat builds every stage of ``card`` (resources given for it)."""
    civ = st.civs[st.current]
    civ.wonder = card
    civ.stages = 0
    cost = sum(STAGES[card])
    civ.blue["A_bronze"] += cost
    civ.blue_bank -= cost
    build_stages(st, st.current, len(STAGES[card]), cost)
    assert card in civ.wonders
    return civ


def test_an_unfinished_wonder_gives_nothing_L881() -> None:
    st, civ = action_turn()
    before = ratings(civ)
    civ.wonder = "II_eiffel_tower"
    civ.stages = 2
    civ.blue_bank -= 2
    assert ratings(civ) == before


def test_x13_pyramids_give_a_civil_action_at_once_L881() -> None:
    st, civ = action_turn()
    ca = civil_left(civ)
    _complete(st, "A_pyramids")
    assert civil_left(civ) == ca + 1


@pytest.mark.parametrize(("card", "pos", "gain"), [
    ("A_hanging_gardens", CUL, 1), ("A_hanging_gardens", HAPPY, 2),
    ("A_colossus", STR, 2), ("I_universitas_carolina", CUL, 1),
    ("I_universitas_carolina", SCI, 2), ("II_eiffel_tower", CUL, 4),
    ("II_eiffel_tower", HAPPY, 1), ("II_kremlin", CUL, 2), ("I_taj_mahal", CUL, 3),
    ("A_library_of_alexandria", CUL, 1), ("A_library_of_alexandria", SCI, 1),
    ("I_great_wall", CUL, 1), ("I_st_peter_s_basilica", CUL, 2),
    ("II_transcontinental_railroad", STR, 4),
])
def test_printed_symbols_once_completed(card: str, pos: int, gain: int) -> None:
    st, civ = action_turn()
    civ.workers["A_religion"] = 1  # one happy face to start from
    civ.yellow_bank -= 1
    before = ratings(civ)[pos]
    _complete(st, card)
    assert ratings(civ)[pos] == before + gain


def test_colossus_colonization_symbol_for_the_colonization_module() -> None:
    assert STATIC["A_colossus"][COLONIZATION] == 1


def test_library_of_alexandria_raises_both_hand_limits_L1797() -> None:
    st, civ = action_turn()
    civil, mil = civil_hand_limit(civ), military_hand_limit(civ)
    _complete(st, "A_library_of_alexandria")
    assert (civil_hand_limit(civ), military_hand_limit(civ)) == (civil + 1, mil + 1)


def test_kremlin_actions_and_a_face_less() -> None:
    st, civ = action_turn()
    civ.workers["A_religion"] = 2
    civ.yellow_bank -= 2
    ca, ma, happy = civil_left(civ), military_left(civ), ratings(civ)[HAPPY]
    _complete(st, "II_kremlin")
    assert (civil_left(civ), military_left(civ), ratings(civ)[HAPPY]) == (
        ca + 1, ma + 1, happy - 1)


def test_great_wall_1_strength_per_infantry_and_artillery() -> None:
    st, civ = action_turn()
    give(civ, "II_cannon", 2)
    give(civ, "I_knights", 1)
    before = ratings(civ)[STR]
    _complete(st, "I_great_wall")
    assert ratings(civ)[STR] == before + 3  # warriors + 2 cannon, not the knights


def test_st_peters_one_more_face_per_other_face_source() -> None:
    st, civ = action_turn()
    civ.workers["A_religion"] = 2  # two workers: two sources
    civ.yellow_bank -= 2
    civ.wonders = ["A_hanging_gardens"]  # one source
    civ.government = "I_monarchy"  # no face: not a source
    before = ratings(civ)[HAPPY]
    assert before == 4
    civ.wonders.append(wonders.ST_PETERS)
    assert ratings(civ)[HAPPY] == 4 + 1 + 3  # its own face + one per source
    assert wonders.happy_by_source(civ) == {"A_religion": 4, "A_hanging_gardens": 3,
                                            wonders.ST_PETERS: 1}


def test_taj_mahal_blue_token_and_cheaper_after_a_leader_replacement() -> None:
    st, civ = action_turn()
    blue = civ.blue_bank
    box = civ.blue_box
    _complete(st, "I_taj_mahal")
    assert civ.blue_box == box + 1 and civ.blue_bank > blue - sum(STAGES["I_taj_mahal"])
    check_tokens(st)

    st, civ = action_turn()
    st.row = [None] * 9 + ["I_taj_mahal"] + [None] * 3
    assert row.take_cost(st, st.current, 9) == 3
    civ.leader = "A_moses"
    civ.hand = ["I_joan_of_arc"]
    answer(st, "leader:I_joan_of_arc")
    assert row.take_cost(st, st.current, 9) == 1
    st.row[9] = "I_great_wall"
    assert row.take_cost(st, st.current, 9) == 3  # only the Taj Mahal itself


def test_transcontinental_railroad_one_worker_on_the_best_mine_twice_B18() -> None:
    st, civ = action_turn()
    give(civ, "I_iron", 1)
    civ.workers["A_bronze"] = 2
    res = ratings(civ)[RES]
    assert res == 2 + 2
    _complete(st, "II_transcontinental_railroad")
    assert ratings(civ)[RES] == res + 2  # one more Iron worker's worth
    iron, bronze = civ.blue["I_iron"], civ.blue["A_bronze"]
    end_of_turn.production_phase(st, st.current)
    assert (civ.blue["I_iron"], civ.blue["A_bronze"]) == (iron + 2, bronze + 2)
    check_tokens(st)


def test_transcontinental_railroad_without_a_mine_worker_gives_nothing() -> None:
    st, civ = action_turn()
    civ.pool += civ.workers["A_bronze"]
    civ.workers["A_bronze"] = 0
    civ.wonders = [wonders.RAILROAD]
    assert ratings(civ)[RES] == 0
    assert wonders.best_mine(civ) is None


def test_ocean_liner_free_population_once_per_turn() -> None:
    st, civ = action_turn()
    assert "liner" not in option_ids(st)
    civ.wonders = [wonders.OCEAN_LINER]
    set_tokens(civ, "A_agriculture", 0)
    bank, pool, ca = civ.yellow_bank, civ.pool, civil_left(civ)
    answer(st, "liner")
    assert (civ.yellow_bank, civ.pool, civil_left(civ)) == (bank - 1, pool + 1, ca)
    assert "liner" not in option_ids(st)
    check_tokens(st)


def test_completed_wonders_stay_at_the_age_end_unfinished_ones_leave_L1845_L1849() -> None:
    st, civ = action_turn()
    civ.wonders = ["A_colossus"]
    civ.wonder = "A_pyramids"
    civ.stages = 1
    civ.blue_bank -= 1
    st.age = 1
    ages.end_age(st)
    assert civ.wonders == ["A_colossus"] and civ.wonder is None and civ.stages == 0
    assert "A_pyramids" in st.removed
    assert ratings(civ)[STR] >= 2
    check_tokens(st)


def test_c1_a_flipped_wonder_still_counts_for_the_surcharge_L424() -> None:
    st, civ = action_turn()
    st.row = ["A_pyramids"] + [None] * 12
    civ.wonders = ["A_colossus", "A_hanging_gardens"]
    civ.flipped = ["A_colossus"]
    assert row.take_cost(st, st.current, 0) == 3


def test_a_flipped_st_peters_or_tucked_wonder_gives_no_face() -> None:
    st, civ = action_turn()
    civ.wonders = [wonders.ST_PETERS, "A_colossus"]
    civ.tucked = "A_colossus"
    with_all = ratings(civ)[HAPPY]
    civ.flipped = ["A_colossus"]
    assert ratings(civ)[HAPPY] == with_all - 2  # Homer's face and St. Peter's extra one
    civ.flipped = ["A_colossus", wonders.ST_PETERS]
    assert ratings(civ)[HAPPY] == with_all - 2 - 1
    assert wonders.happy_by_source(civ) == {}


def test_x14_michelangelo_ignores_the_surcharge_of_every_completed_wonder_L424_C1() -> None:
    """C1: every completed wonder in ``wonders`` counts for the surcharge (a flipped one
    too, as long as it stays there); Michelangelo cancels exactly that surcharge."""
    st, civ = action_turn()
    st.row = ["A_pyramids"] + [None] * 12
    civ.wonders = ["A_colossus", "A_hanging_gardens"]
    assert row.take_cost(st, st.current, 0) == 3
    civ.leader = "I_michelangelo"
    assert row.take_cost(st, st.current, 0) == 1


# -- the Age III wonders' one-time culture (L1951-L1955; engines/tta/wonder_scores.py) -----
def _age_iii(st: TtaState, civ: Civ) -> None:
    """An Age III position: Iron, Coal and Oil mines, a Computers lab and a Movies theater
    besides the start (Agriculture 2, Bronze 2, Philosophy 1, Warriors 1), Democracy."""
    st.age = 3
    civ.government = "III_democracy"
    give(civ, "I_iron", 1)
    give(civ, "II_coal", 0)
    give(civ, "III_oil", 1)
    give(civ, "III_computers", 1)
    give(civ, "III_movies", 2)
    give(civ, "III_air_forces", 1)


def _scored(st: TtaState, card: str) -> tuple[int, list[Event]]:
    """Culture the current seat scores by completing ``card`` (every stage at once)."""
    civ = st.civs[st.current]
    culture = civ.culture
    civ.wonder = card
    civ.stages = 0
    cost = sum(STAGES[card])
    civ.blue["A_bronze"] += cost
    civ.blue_bank -= cost
    events = build_stages(st, st.current, len(STAGES[card]), cost)
    assert card in civ.wonders and civ.wonder is None
    check_tokens(st)
    return civ.culture - culture, events


def test_fast_food_chains_1_per_urban_or_unit_worker_2_per_farm_or_mine_worker() -> None:
    """Start: Agriculture 2 + Bronze 2 (×2) + Philosophy 1 + Warriors 1 = 10; the Age III
    position adds Iron 1, Oil 1 (×2), Computers 1, Movies 2, Air Forces 1 (×1): 10 + 4 + 4
    = 18. Coal without a worker counts nothing; unused workers neither; workers, not
    production: the Railroad's doubled mine worker and a leader's bonuses add nothing."""
    st, civ = action_turn()
    assert wonder_scores.fast_food_chains(civ) == 10
    _age_iii(st, civ)
    civ.wonders = [wonders.RAILROAD]
    civ.leader = "II_napoleon_bonaparte"
    culture, events = _scored(st, wonder_scores.FAST_FOOD_CHAINS)
    assert culture == 18
    assert events[-1].kind == "ability" and events[-1].params == {
        "card": wonder_scores.FAST_FOOD_CHAINS, "culture": 18}
    assert [e.kind for e in events] == ["wonder_stage", "wonder_completed", "ability"]


def test_first_space_flight_total_level_of_technology_cards_with_the_government() -> None:
    """Technology cards in play, workers or not: Iron 1 + Coal 2 + Oil 3 + Computers 3 +
    Movies 3 + Air Forces 3 + Democracy 3 = 18; the board's Age A cards are level 0; a
    special technology counts (Satellites +3), a leader or a wonder does not."""
    st, civ = action_turn()
    assert wonder_scores.first_space_flight(civ) == 0
    _age_iii(st, civ)
    assert wonder_scores.first_space_flight(civ) == 18
    give(civ, "III_satellites")
    civ.leader = "III_albert_einstein"
    civ.wonders = ["II_eiffel_tower"]
    culture, events = _scored(st, wonder_scores.FIRST_SPACE_FLIGHT)
    assert culture == 21
    assert events[-1].params == {"card": wonder_scores.FIRST_SPACE_FLIGHT, "culture": 21}


def test_hollywood_twice_the_culture_of_theaters_and_libraries() -> None:
    """Movies 2 (4 each) + Journalism 1 (2) = 10 culture, twice: 20. Temples (Religion),
    labs and the government's culture (Democracy +3) are not theaters or libraries."""
    st, civ = action_turn()
    _age_iii(st, civ)
    give(civ, "II_journalism", 1)
    civ.workers["A_religion"] = 1
    civ.yellow_bank -= 1
    culture, _ = _scored(st, wonder_scores.HOLLYWOOD)
    assert culture == 20


@pytest.mark.parametrize(("leader", "culture"), [
    ("II_william_shakespeare", 2 * (10 + 2)),  # one library-and-theater pair: +2
    ("II_j_s_bach", 2 * (10 + 2)),  # +1 per theater: 2 theaters
    ("III_charlie_chaplin", 2 * (10 + 4)),  # the best theater (Movies, 4) doubled
    ("II_isaac_newton", 2 * 10),  # science only
    ("III_albert_einstein", 2 * 10),  # science only
    ("III_sid_meier", 2 * 10),  # labs' culture: not theaters or libraries
    ("I_michelangelo", 2 * 10),  # his culture is per happy face, not the buildings'
])
def test_hollywood_counts_the_leader_modifiers_of_theater_and_library_culture(
        leader: str, culture: int) -> None:
    """The leader's modifiers to the theaters' and libraries' culture count (reference,
    BGA: Shakespeare, Bach, Chaplin); other culture does not."""
    st, civ = action_turn()
    _age_iii(st, civ)
    give(civ, "II_journalism", 1)
    civ.leader = leader
    assert wonder_scores.hollywood(civ) == culture


def test_internet_culture_and_science_of_urban_buildings_plus_their_strength() -> None:
    """Philosophy 1 sci + Computers 5 sci + Movies 2 × 4 cul + Professional Sports 1 × 3
    strength + Journalism 2 sci 2 cul = 1 + 5 + 8 + 3 + 4 = 21. Happy faces, the
    government's culture and units' strength are not counted."""
    st, civ = action_turn()
    _age_iii(st, civ)
    give(civ, "III_professional_sports", 1)
    give(civ, "II_journalism", 1)
    culture, events = _scored(st, wonder_scores.INTERNET)
    assert culture == 21
    assert events[-1].params == {"card": wonder_scores.INTERNET, "culture": 21}


@pytest.mark.parametrize(("leader", "culture"), [
    ("II_isaac_newton", 21 + 3),  # best lab or library: Computers, level 3 science
    ("III_albert_einstein", 21 + 3),  # the same bonus
    ("II_william_shakespeare", 21 + 2),  # a library-and-theater pair: 2 culture
    ("II_j_s_bach", 21 + 2),  # 1 culture per theater
    ("III_charlie_chaplin", 21 + 4),  # the best theater's culture once more
    ("III_sid_meier", 21 + 3 - 2),  # labs: culture = level (0 + 3), 1 science less each
    ("III_bill_gates", 21),  # the labs' resources are not culture, science or strength
    ("II_napoleon_bonaparte", 21),  # strength per unit type: not the buildings'
])
def test_internet_counts_the_leader_modifiers_of_urban_buildings(leader: str,
                                                                 culture: int) -> None:
    st, civ = action_turn()
    _age_iii(st, civ)
    give(civ, "III_professional_sports", 1)
    give(civ, "II_journalism", 1)
    civ.leader = leader
    assert wonder_scores.internet(civ) == culture


def test_an_age_iii_wonder_scores_once_through_the_wonder_option_L987() -> None:
    """Completed by the ordinary ``wonder:<n>`` action (Engineering: 4 stages for one civil
    action); nothing is scored for a stage that does not complete it."""
    st, civ = action_turn()
    _age_iii(st, civ)
    give(civ, "III_engineering")
    civ.wonder = wonder_scores.FAST_FOOD_CHAINS  # stages 4, 4, 4, 4
    set_tokens(civ, "A_bronze", 12)
    civ.blue["III_oil"] = 1  # 5 resources
    civ.blue_bank -= 1
    culture = civ.culture
    events = answer(st, "wonder:3")
    assert civ.culture == culture and civ.stages == 3
    assert not any(e.kind == "ability" for e in events)
    events = answer(st, "wonder:1")
    assert civ.culture == culture + 18 and civ.wonders == [wonder_scores.FAST_FOOD_CHAINS]
    assert [e.kind for e in events if e.kind == "ability"] == ["ability"]
    check_tokens(st)


def test_an_age_iii_wonder_completed_by_engineering_genius_scores() -> None:
    """Engineering Genius builds the last stage (L1240): the completion scores all the
    same (Hollywood's last stage 5, Age III Engineering Genius 5 less: free)."""
    st, civ = action_turn()
    _age_iii(st, civ)
    civ.wonder = wonder_scores.HOLLYWOOD  # stages 5, 6, 5
    civ.stages = 2
    civ.blue_bank -= 2
    civ.hand = ["III_engineering_genius"]
    culture = civ.culture
    events = answer(st, "action:III_engineering_genius:wonder")
    assert civ.wonders == [wonder_scores.HOLLYWOOD]
    assert civ.culture == culture + 16  # Movies 2 × 4, twice
    assert {"card": wonder_scores.HOLLYWOOD, "culture": 16} in [
        e.params for e in events if e.kind == "ability"]
    check_tokens(st)
