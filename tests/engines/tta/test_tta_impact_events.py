"""The fifteen Age III events, "Impact of …" (scope §19, §28; L2081-L2103; X38): the culture
each card gives every seat on a hand-built position, the ranked cards' ties (the current
player, then clockwise, L2099; the starting player at game end, L2101), the reveal during
play (everyone scores now, the card goes to the past events) and the cards the final
scoring picks up (both event decks, older events ignored, L2083-L2085)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engines.tta import economy
from engines.tta.event_cards.age_iii import IMPACT, final_scores, produced
from engines.tta.events import RESOLVERS
from engines.tta.facts import AGE, KIND, MILITARY_IDS, RES
from engines.tta.ratings import ratings
from engines.tta.state import Civ, TtaState
from tests.engines.tta.politics_helpers import pool, pull, reveal, set_units, strengths
from tests.engines.tta.tta_helpers import ENGINE, check_invariants, to_round_two

AGRICULTURE = "III_impact_of_agriculture"
ARCHITECTURE = "III_impact_of_architecture"
BALANCE = "III_impact_of_balance"
COLONIES = "III_impact_of_colonies"
COMPETITION = "III_impact_of_competition"
GOVERNMENT = "III_impact_of_government"
HAPPINESS = "III_impact_of_happiness"
INDUSTRY = "III_impact_of_industry"
POPULATION = "III_impact_of_population"
PROGRESS = "III_impact_of_progress"
SCIENCE = "III_impact_of_science"
STRENGTH = "III_impact_of_strength"
TECHNOLOGY = "III_impact_of_technology"
VARIETY = "III_impact_of_variety"
WONDERS = "III_impact_of_wonders"

#: gives seat ``i`` a rating of ``values[i]`` (science or strength)
Setter = Callable[..., None]


def peaceful(players: int = 2, current: int = 0, start: int = 0) -> TtaState:
    """A peaceful full game in round 2 (every civilization as at the start: Agriculture 2,
    Bronze 2, Philosophy 1, Warriors 1, one unused worker, 18 yellow), ``current`` to act."""
    st = to_round_two(ENGINE.new_game(players, 1, {"mode": "peaceful"}))
    st.current, st.start, st.step = current, start, "action"
    return st


def score(card: str, civ: Civ) -> int:
    """What ``card`` gives ``civ`` alone (the per-civilization cards)."""
    st = peaceful(2)
    st.civs[0] = civ
    return IMPACT[card](st, 0)[0]


def start_civ() -> Civ:
    return peaceful(2).civs[0]


def test_every_age_iii_event_has_an_impact_and_a_resolver() -> None:
    events = {c for c in MILITARY_IDS if KIND[c] == "event" and AGE[c] == 3}
    assert len(events) == 15 and set(IMPACT) == events and events <= set(RESOLVERS)


@pytest.mark.parametrize(("card", "culture"), [
    (AGRICULTURE, 2 + 4),  # 2 food > consumption 0
    (ARCHITECTURE, 0),  # Philosophy is level 0
    (BALANCE, 0),  # culture rating 0
    (COLONIES, 0),
    (COMPETITION, 0),  # Warriors are level 0
    (GOVERNMENT, 2 * 4 + 2),  # Despotism: 4 white, 2 red tokens
    (HAPPINESS, 0),
    (INDUSTRY, 2),
    (POPULATION, 0),  # 7 workers
    (PROGRESS, 0),  # Despotism is level 0
    (TECHNOLOGY, 0),
    (VARIETY, 2 * 2),  # infantry, lab
    (WONDERS, 0),
])
def test_the_starting_civilization_scores(card: str, culture: int) -> None:
    assert score(card, start_civ()) == culture


# -- one card at a time --------------------------------------------------------------------


def test_agriculture_farms_food_plus_4_only_above_consumption() -> None:
    civ = start_civ()
    set_units(civ, "I_irrigation", 2)  # 2 x 2 + 2 x 1 = 6 food; bank 16: consumption 1
    assert economy.consumption(civ.yellow_bank) == 1
    assert score(AGRICULTURE, civ) == 6 + 4
    civ.yellow_bank = 0  # consumption 6: not more than it, no bonus
    assert economy.consumption(0) == 6 and score(AGRICULTURE, civ) == 6
    civ.yellow_bank = 1  # consumption 4 < 6
    assert score(AGRICULTURE, civ) == 10


def test_industry_mines_only_railroad_counts_not_capped_by_the_bank() -> None:
    civ = start_civ()
    set_units(civ, "II_coal", 2)  # 2 x 3 + 2 x 1
    civ.blue["II_coal"] = 0
    assert score(INDUSTRY, civ) == 8
    civ.wonders.append("II_transcontinental_railroad")  # one Coal worker produces twice
    assert score(INDUSTRY, civ) == 11 == ratings(civ)[RES] == produced(civ, "mine")
    civ.blue_bank = 0  # the production rating, not what a short bank would let through
    assert score(INDUSTRY, civ) == 11


def test_architecture_one_per_level_of_each_urban_building_arenas_included() -> None:
    civ = start_civ()
    set_units(civ, "I_theology", 2)
    set_units(civ, "II_opera", 1)
    set_units(civ, "I_bread_and_circuses", 1)
    set_units(civ, "I_drama", 0)  # a technology without buildings
    assert score(ARCHITECTURE, civ) == 2 * 1 + 2 + 1  # Philosophy: level 0


def test_balance_twice_the_lowest_production() -> None:
    civ = start_civ()  # food 2, resources 2, science 1, culture 0
    set_units(civ, "II_opera", 2)  # culture 6
    assert score(BALANCE, civ) == 2 * 1  # science is now the lowest
    set_units(civ, "III_computers", 1)  # science 6
    assert score(BALANCE, civ) == 2 * 2  # food and resources 2


def test_colonies_three_each() -> None:
    civ = start_civ()
    civ.colonies = ["I_wealthy_territory", "II_historic_territory"]
    assert score(COLONIES, civ) == 6


def test_competition_one_per_level_of_each_unit_and_arena() -> None:
    civ = start_civ()
    set_units(civ, "I_swordsmen", 2)
    set_units(civ, "II_cannon", 1)
    set_units(civ, "III_air_forces", 1)
    set_units(civ, "I_bread_and_circuses", 1)
    set_units(civ, "I_theology", 3)  # not an arena
    assert score(COMPETITION, civ) == 2 * 1 + 2 + 3 + 1  # Warriors: level 0


def test_government_two_per_white_one_per_red_token_L1262() -> None:
    civ = start_civ()
    civ.government = "I_monarchy"  # 5 white, 3 red
    civ.wonders.append("A_pyramids")  # +1 white
    assert score(GOVERNMENT, civ) == 2 * 6 + 3
    civ.ca_spent, civ.ma_spent = 3, 2  # spent tokens are still owned
    civ.marks["temp_ma"] = 1  # Patriotism's temporary action is no red token
    assert score(GOVERNMENT, civ) == 2 * 6 + 3


def test_happiness_two_per_face_capped_at_16_minus_2_per_discontent() -> None:
    civ = start_civ()
    set_units(civ, "I_theology", 2)  # 4 faces, bank 16 needs 1
    assert score(HAPPINESS, civ) == 8
    set_units(civ, "I_theology", 5)  # 10 faces: the rating is 8
    civ.yellow_bank = 18
    assert ratings(civ)[4] == 8 and score(HAPPINESS, civ) == 16
    set_units(civ, "I_theology", 1)  # 2 faces; bank 0 needs 8: 6 discontent
    civ.yellow_bank = 0
    assert economy.discontent(0, 2) == 6
    assert score(HAPPINESS, civ) == 4 - 12  # may be negative (applied: culture ≥ 0)


def test_population_two_per_content_worker_beyond_ten_L72() -> None:
    civ = start_civ()  # 6 workers on cards + 1 unused
    pool(civ, 6)  # 12 workers (unused ones are workers, L72-L76); bank 13 needs 1 face
    set_units(civ, "A_religion", 1)  # 13 workers, 1 face
    assert civ.yellow_bank == 12 and economy.discontent(12, 1) == 1
    assert score(POPULATION, civ) == 2 * (13 - 1 - 10)
    set_units(civ, "A_religion", 2)  # 14 workers, 2 faces: content
    assert score(POPULATION, civ) == 2 * 4
    pool(civ, 1)  # 9 workers
    assert score(POPULATION, civ) == 0


def test_progress_two_per_level_of_government_and_special_technologies() -> None:
    civ = start_civ()
    civ.government = "I_monarchy"
    civ.techs += ["I_code_of_laws", "II_navigation", "III_engineering"]
    assert score(PROGRESS, civ) == 2 * (1 + 1 + 2 + 3)


def test_technology_four_per_age_iii_technology_in_play_government_included_L936() -> None:
    civ = start_civ()
    civ.government = "III_democracy"
    set_units(civ, "III_computers", 1)
    set_units(civ, "III_oil", 0)  # in play without a worker: still a technology
    civ.techs.append("III_satellites")
    set_units(civ, "II_coal", 1)  # Age II: nothing
    civ.hand.append("III_tanks")  # in hand: not in play
    assert score(TECHNOLOGY, civ) == 4 * 4


def test_variety_two_per_unit_type_urban_type_and_special_technology() -> None:
    civ = start_civ()  # Warriors (infantry), Philosophy (lab)
    set_units(civ, "I_swordsmen", 1)  # infantry again
    set_units(civ, "I_knights", 2)  # cavalry
    set_units(civ, "I_drama", 1)  # theater
    set_units(civ, "II_cannon", 0)  # no unit: no artillery
    set_units(civ, "A_religion", 0)  # no temple
    civ.techs += ["I_code_of_laws", "I_cartography"]
    assert score(VARIETY, civ) == 2 * (4 + 2)


def test_wonders_by_age_a_flipped_wonder_still_counts_C1() -> None:
    civ = start_civ()
    civ.wonders = ["A_pyramids", "I_great_wall", "II_eiffel_tower", "III_internet"]
    assert score(WONDERS, civ) == 5 + 4 + 3 + 2
    civ.flipped = ["I_great_wall"]  # Ravages of Time: no effects, still completed
    assert score(WONDERS, civ) == 14
    civ.wonder, civ.stages = "III_hollywood", 2  # unfinished: nothing
    assert score(WONDERS, civ) == 14


# -- ranked: Science and Strength (L2099-L2101, X38) ---------------------------------------


def _science(st: TtaState, *labs: int) -> None:
    """Seat ``i`` gets ``labs[i]`` Philosophy workers (1 science each)."""
    for seat, n in enumerate(labs):
        set_units(st.civs[seat], "A_philosophy", n)


@pytest.mark.parametrize(("card", "setter"), [(SCIENCE, _science), (STRENGTH, strengths)])
def test_ranked_two_players_10_0_tie_to_the_current_player(card: str, setter: Setter) -> None:
    st = peaceful(2, current=1)
    setter(st, 3, 2)
    assert IMPACT[card](st, 1) == [10, 0]
    setter(st, 2, 2)
    assert IMPACT[card](st, 1) == [0, 10] and IMPACT[card](st, 0) == [10, 0]


@pytest.mark.parametrize(("card", "setter"), [(SCIENCE, _science), (STRENGTH, strengths)])
def test_ranked_three_players_14_7_0_ties_clockwise_from_the_current(
        card: str, setter: Setter) -> None:
    st = peaceful(3, current=2)
    setter(st, 1, 3, 2)
    assert IMPACT[card](st, 2) == [0, 14, 7]
    setter(st, 2, 2, 2)
    assert IMPACT[card](st, 2) == [7, 0, 14]  # 2, then 0, then 1
    setter(st, 3, 1, 3)
    assert IMPACT[card](st, 1) == [7, 0, 14]  # tie of 0 and 2: 2 is nearer after 1
    assert IMPACT[card](st, 0) == [14, 0, 7]


@pytest.mark.parametrize(("card", "setter"), [(SCIENCE, _science), (STRENGTH, strengths)])
def test_ranked_four_players_15_10_5_0_ties_clockwise_from_the_current(
        card: str, setter: Setter) -> None:
    st = peaceful(4, current=2)
    setter(st, 4, 3, 2, 1)
    assert IMPACT[card](st, 2) == [15, 10, 5, 0]
    setter(st, 2, 2, 2, 2)
    assert IMPACT[card](st, 2) == [5, 0, 15, 10]  # 2, 3, 0, 1
    setter(st, 1, 3, 1, 3)
    assert IMPACT[card](st, 2) == [0, 10, 5, 15]  # 3 before 1, 2 before 0
    assert IMPACT[card](st, 0) == [5, 15, 0, 10]  # 1 before 3, 0 before 2
    assert IMPACT[card](st, 1) == [0, 15, 5, 10]  # 1 before 3, 2 before 0


def test_x38_science_14_7_0_with_the_starting_player_as_current_at_game_end_L2101() -> None:
    st = peaceful(3, current=0, start=1)  # the last turn was seat 0's (right of the start)
    _science(st, 2, 2, 2)
    st.current_events = [SCIENCE]
    st.future_events = []
    assert final_scores(st) == [(SCIENCE, [0, 14, 7])]
    _science(st, 5, 2, 2)
    assert final_scores(st) == [(SCIENCE, [14, 7, 0])]


# -- revealed during play; the final scoring's cards ---------------------------------------


def test_revealed_during_play_everyone_scores_now_and_it_goes_to_past_events_L2089() -> None:
    st = peaceful(3, current=1)
    _science(st, 1, 2, 2)  # science: seat 1 wins the tie with seat 2 (current, L2099)
    before = [c.culture for c in st.civs]
    events = reveal(st, SCIENCE)
    assert [c.culture - b for c, b in zip(st.civs, before, strict=True)] == [0, 14, 7]
    assert [(e.kind, e.params) for e in events if e.kind in ("event_revealed",
                                                             "impact_scored")] == [
        ("event_revealed", {"card": SCIENCE, "resolved": True}),
        ("impact_scored", {"card": SCIENCE, "culture": [0, 14, 7]})]
    scored = next(e for e in events if e.kind == "impact_scored")
    assert scored.seat is None and scored.visible_to is None  # public
    assert st.past_events[-1] == SCIENCE and st.revealed is None and st.interrupt is None
    check_invariants(st)
    reveal(st, GOVERNMENT)
    assert [c.culture - b for c, b in zip(st.civs, before, strict=True)] == [10, 24, 17]
    check_invariants(st)


def test_preparing_an_event_reveals_an_age_iii_one_through_the_engine_L1336_L2089() -> None:
    st = peaceful(2, current=1)
    civ = st.civs[1]
    civ.military = [pull(st, COLONIES)]
    st.current_events.append(pull(st, GOVERNMENT))  # the top current event
    st.step = "politics"
    before = [c.culture for c in st.civs]
    events = ENGINE.apply(st, 1, f"event:{COLONIES}")
    # seat 1: 3 for preparing an Age III event (L1346) + 2 x 4 + 2 (Despotism)
    assert [c.culture - b for c, b in zip(st.civs, before, strict=True)] == [10, 13]
    assert [e.params for e in events if e.kind == "impact_scored"] == [
        {"card": GOVERNMENT, "culture": [10, 10]}]
    assert st.past_events[-1] == GOVERNMENT and st.future_events == [COLONIES]
    assert st.step == "action"
    check_invariants(st)


def test_revealed_happiness_loss_never_takes_culture_below_0() -> None:
    st = peaceful(2)
    for civ in st.civs:  # bank 0 (8 faces needed), 25 workers, no face: 8 discontent
        pool(civ, civ.pool + civ.yellow_bank)
    st.civs[0].culture, st.civs[1].culture = 3, 40
    events = reveal(st, HAPPINESS)
    assert next(e for e in events if e.kind == "impact_scored").params["culture"] == [-16, -16]
    assert [c.culture for c in st.civs] == [0, 24]
    check_invariants(st)


def test_final_scores_both_decks_top_first_older_events_ignored_L2083_L2085() -> None:
    st = peaceful(2, current=1, start=0)
    for card in (COLONIES, WONDERS, VARIETY, "II_cold_war", "I_rats"):
        pull(st, card)
    st.civs[1].colonies = ["I_wealthy_territory"]
    st.current_events = ["II_cold_war", COLONIES]  # top = last
    st.future_events = [VARIETY, "I_rats", WONDERS]
    culture = [c.culture for c in st.civs]
    assert final_scores(st) == [(COLONIES, [0, 3]), (WONDERS, [0, 0]), (VARIETY, [4, 4])]
    assert [c.culture for c in st.civs] == culture  # nothing applied
    assert st.current_events == ["II_cold_war", COLONIES]
    st.current_events, st.future_events = [], []
    assert final_scores(st) == []


def _rich(players: int) -> TtaState:
    """Age III: seats 0 and 1 hold the same large civilization (farms, mines, every urban
    type, units with an air force, special technologies, Democracy, wonders, a colony); the
    others are as at the start."""
    from tests.engines.tta.tta_helpers import give

    st = peaceful(players)
    st.age = 3
    civ = st.civs[0]
    for card, workers in (("I_irrigation", 2), ("III_oil", 1), ("I_alchemy", 2),
                          ("III_computers", 1), ("I_theology", 1), ("II_journalism", 1),
                          ("III_movies", 1), ("III_professional_sports", 1),
                          ("I_knights", 2), ("III_tanks", 1), ("III_air_forces", 1),
                          ("III_civil_service", 0), ("III_satellites", 0)):
        give(civ, card, workers)
    civ.government = "III_democracy"
    civ.wonders = ["A_pyramids", "II_eiffel_tower", "III_internet"]
    civ.colonies = ["I_vast_territory"]
    st.civs[1] = civ.model_copy(deep=True)  # seats 0 and 1 tie on everything
    return st


EACH = sorted(set(IMPACT) - {SCIENCE, STRENGTH})


@pytest.mark.parametrize("card", EACH)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_tied_civilizations_score_alike_whoever_is_current_L1408(card: str,
                                                                 players: int) -> None:
    """The per-civilization cards break no tie: two identical civilizations score the same,
    whichever seat counts as current, and each scores what it would score alone."""
    st = _rich(players)
    results = [IMPACT[card](st, first) for first in range(players)]
    assert all(r == results[0] for r in results)
    assert results[0][0] == results[0][1] == score(card, st.civs[0].model_copy(deep=True))
    alone = [score(card, c.model_copy(deep=True)) for c in st.civs]
    assert results[0] == alone
    assert results[0][0] > 0  # the position scores on every card
