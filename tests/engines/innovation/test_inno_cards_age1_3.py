"""Dogmas of the age 1-3 cards (classic text, reference `cards.json` paraphrases and FAQ)."""

from __future__ import annotations

from tests.engines.innovation.inno_helpers import (
    asking,
    dogma,
    kinds,
    option_ids,
    pile,
    position,
    top,
)


# -- Age 1 -------------------------------------------------------------------------------
def test_pottery_returns_up_to_three_and_scores_that_value() -> None:
    st = position(boards={0: ["pottery"]}, hands={0: ["tools", "writing", "archery", "oars"]},
                  supply_top={3: ["optics"], 1: ["sailing"]})
    dogma(st, "pottery", "card:tools", "card:writing", "card:archery")
    assert st.scores[0] == ["optics"]
    assert st.hands[0] == ["oars", "sailing"]


def test_pottery_may_return_nothing() -> None:
    st = position(boards={0: ["pottery"]}, hands={0: ["tools"]}, supply_top={1: ["sailing"]})
    dogma(st, "pottery", "done")
    assert st.scores[0] == [] and st.hands[0] == ["tools", "sailing"]


def test_tools_both_effects() -> None:
    st = position(boards={0: ["tools"]}, hands={0: ["pottery", "writing", "archery", "optics"]},
                  supply_top={3: ["alchemy"], 1: ["sailing", "the_wheel", "clothing"]})
    dogma(st, "tools", "yes", "card:pottery", "card:writing", "card:archery", "card:optics")
    assert top(st, 0, "blue") == "alchemy"
    assert st.hands[0] == ["sailing", "the_wheel", "clothing"]


def test_tools_needs_three_cards_and_a_three() -> None:
    st = position(boards={0: ["tools"]}, hands={0: ["pottery", "writing"]})
    events = dogma(st, "tools")
    assert asking(st) is None and "return" not in kinds(events)


def test_writing_draws_a_two_or_higher() -> None:
    st = position(boards={0: ["writing"]}, supply_top={2: ["calendar"]})
    dogma(st, "writing")
    assert st.hands[0] == ["calendar"]
    st = position(boards={0: ["writing"]}, empty_ages=(2,), supply_top={3: ["optics"]})
    dogma(st, "writing")
    assert st.hands[0] == ["optics"]


def test_archery_victim_draws_then_gives_highest_choosing_ties() -> None:
    st = position(boards={0: ["archery"]}, hands={1: ["optics", "alchemy"]},
                  supply_top={1: ["sailing"]})
    dogma(st, "archery", (1, "card:alchemy"))
    assert st.hands[0] == ["alchemy"] and sorted(st.hands[1]) == ["optics", "sailing"]


def test_metalworking_repeats_while_castles() -> None:
    st = position(boards={0: ["metalworking"]},
                  supply_top={1: ["archery", "oars", "pottery", "tools"]})
    events = dogma(st, "metalworking")
    assert st.scores[0] == ["archery", "oars"] and st.hands[0] == ["pottery"]
    assert kinds(events).count("reveal") == 3


def test_oars_demand_and_second_effect() -> None:
    st = position(boards={0: ["oars"]}, hands={1: ["sailing", "pottery"]},
                  supply_top={1: ["tools", "writing"]})
    dogma(st, "oars")
    assert st.scores[0] == ["sailing"] and st.hands[1] == ["pottery", "tools"]
    assert st.hands[0] == []  # a card was transferred: no draw
    st = position(boards={0: ["oars"]}, hands={1: ["pottery"]}, supply_top={1: ["tools"]})
    dogma(st, "oars")
    assert st.scores[0] == [] and st.hands[0] == ["tools"]


def test_clothing_melds_new_colour_and_scores_unique_colours() -> None:
    st = position(boards={0: ["clothing", "writing"], 1: ["tools"]},
                  hands={0: ["pottery", "agriculture"]},
                  supply_top={1: ["sailing", "the_wheel"]})
    dogma(st, "clothing")  # only agriculture is a new colour: forced, not asked
    assert top(st, 0, "yellow") == "agriculture"
    assert st.scores[0] == ["sailing", "the_wheel"]  # green and yellow are unique


def test_sailing_the_wheel() -> None:
    st = position(boards={0: ["sailing"]}, supply_top={1: ["archery", "oars", "tools"]})
    dogma(st, "sailing")
    assert top(st, 0, "red") == "archery"
    st = position(boards={0: ["the_wheel"]}, supply_top={1: ["oars", "tools"]})
    dogma(st, "the_wheel")
    assert st.hands[0] == ["oars", "tools"]


def test_agriculture_returns_and_scores_one_higher_or_declines() -> None:
    st = position(boards={0: ["agriculture"]}, hands={0: ["optics"]},
                  supply_top={4: ["anatomy"]})
    dogma(st, "agriculture", "card:optics")
    assert st.scores[0] == ["anatomy"] and st.supply[2][0] == "optics"
    st = position(boards={0: ["agriculture"]}, hands={0: ["optics"]})
    dogma(st, "agriculture", "decline")
    assert st.hands[0] == ["optics"] and st.scores[0] == []


def test_domestication_melds_lowest_then_draws() -> None:
    st = position(boards={0: ["domestication"]}, hands={0: ["optics", "sailing", "pottery"]},
                  supply_top={1: ["tools"]})
    dogma(st, "domestication", "card:pottery")
    assert top(st, 0, "blue") == "pottery" and st.hands[0] == ["optics", "sailing", "tools"]
    st = position(boards={0: ["domestication"]}, supply_top={1: ["tools"]})
    dogma(st, "domestication")
    assert st.hands[0] == ["tools"]


def test_masonry_four_castle_cards_claim_monument() -> None:
    hand = ["archery", "oars", "metalworking", "domestication", "pottery"]
    st = position(boards={0: ["masonry"]}, hands={0: hand})
    assert option_ids(st)[-1] == "dogma:masonry"
    dogma(st, "masonry", "card:archery", "card:oars", "card:metalworking",
          "card:domestication")
    assert "monument" in st.achievements[0] and st.hands[0] == ["pottery"]
    st = position(boards={0: ["masonry"]}, hands={0: hand})
    dogma(st, "masonry", "card:archery", "done")
    assert "monument" not in st.achievements[0] and len(st.hands[0]) == 4


def test_city_states_needs_four_castles() -> None:
    st = position(boards={0: ["city_states"], 1: ["archery", "masonry"]},
                  supply_top={1: ["tools"]})
    dogma(st, "city_states", (1, "card:masonry"))
    assert top(st, 0, "yellow") == "masonry" and st.hands[1] == ["tools"]
    st = position(boards={0: ["city_states"], 1: ["masonry"]})
    dogma(st, "city_states")
    assert top(st, 1, "yellow") == "masonry" and st.hands[1] == []


def test_code_of_laws_tucks_then_may_splay_left() -> None:
    st = position(boards={0: ["code_of_laws"]}, hands={0: ["mysticism", "pottery"]})
    dogma(st, "code_of_laws", "card:mysticism", "yes")
    assert pile(st, 0, "purple") == ["mysticism", "code_of_laws"]
    assert st.splays[0][4] == 1
    st = position(boards={0: ["code_of_laws"]}, hands={0: ["pottery"]})
    dogma(st, "code_of_laws")  # no card of a colour on the board: nothing asked
    assert st.hands[0] == ["pottery"]


def test_mysticism_melds_same_colour_and_draws() -> None:
    st = position(boards={0: ["mysticism"]}, supply_top={1: ["city_states", "sailing"]})
    dogma(st, "mysticism")
    assert top(st, 0, "purple") == "city_states" and st.hands[0] == ["sailing"]
    st = position(boards={0: ["mysticism"]}, supply_top={1: ["pottery", "sailing"]})
    dogma(st, "mysticism")
    assert st.hands[0] == ["pottery"]


# -- Age 2 -------------------------------------------------------------------------------
def test_calendar() -> None:
    st = position(boards={0: ["calendar"]}, scores={0: ["tools", "writing"]},
                  hands={0: ["oars"]}, supply_top={3: ["optics", "paper"]})
    dogma(st, "calendar")
    assert st.hands[0] == ["oars", "optics", "paper"]
    st = position(boards={0: ["calendar"]}, scores={0: ["tools"]}, hands={0: ["oars"]})
    dogma(st, "calendar")
    assert st.hands[0] == ["oars"]


def test_mathematics() -> None:
    st = position(boards={0: ["mathematics"]}, hands={0: ["currency"]},
                  supply_top={3: ["optics"]})
    dogma(st, "mathematics", "card:currency")
    assert top(st, 0, "red") == "optics"


def test_construction_demand_then_draw_even_with_one_card() -> None:
    st = position(boards={0: ["construction"]}, hands={1: ["sailing", "optics", "pottery"]},
                  supply_top={2: ["calendar", "currency"]})
    dogma(st, "construction", (1, "card:optics"), (1, "card:pottery"))
    assert st.hands[0] == ["optics", "pottery"] and st.hands[1] == ["sailing", "calendar"]
    st = position(boards={0: ["construction"]}, hands={1: ["sailing"]},
                  supply_top={2: ["calendar"]})
    dogma(st, "construction")
    assert st.hands[0] == ["sailing"] and st.hands[1] == ["calendar"]


def test_road_building_one_card_no_transfer() -> None:
    st = position(boards={0: ["road_building"], 1: ["sailing"]}, hands={0: ["pottery"]})
    dogma(st, "road_building")
    assert top(st, 0, "blue") == "pottery" and top(st, 1, "green") == "sailing"


def test_road_building_two_cards_swap_red_for_green() -> None:
    st = position(3, boards={0: ["road_building"], 1: ["sailing"], 2: ["clothing"]},
                  hands={0: ["pottery", "writing"]})
    dogma(st, "road_building", "card:pottery", "card:writing", "player:2")
    assert top(st, 2, "red") == "road_building" and top(st, 0, "green") == "clothing"
    assert top(st, 1, "green") == "sailing"


def test_currency_scores_a_two_per_distinct_value() -> None:
    st = position(boards={0: ["currency"]}, hands={0: ["pottery", "tools", "optics", "oars"]},
                  supply_top={2: ["calendar", "mathematics"]})
    dogma(st, "currency", "card:pottery", "card:tools", "card:optics", "done")
    assert st.scores[0] == ["calendar", "mathematics"] and st.hands[0] == ["oars"]


def test_mapmaking_demand_and_follow_up() -> None:
    st = position(boards={0: ["mapmaking"]}, scores={1: ["optics", "sailing"]},
                  supply_top={1: ["tools"]})
    dogma(st, "mapmaking")
    assert st.scores[0] == ["sailing", "tools"] and st.scores[1] == ["optics"]
    st = position(boards={0: ["mapmaking"]}, scores={1: ["optics"]})
    dogma(st, "mapmaking")
    assert st.scores[0] == []


def test_canal_building_swaps_highest_cards() -> None:
    st = position(boards={0: ["canal_building"]}, hands={0: ["optics", "alchemy", "sailing"]},
                  scores={0: ["calendar", "writing"]})
    dogma(st, "canal_building", "yes")
    assert sorted(st.hands[0]) == ["calendar", "sailing"]
    assert sorted(st.scores[0]) == ["alchemy", "optics", "writing"]


def test_fermenting_draws_a_two_per_two_leaves() -> None:
    st = position(boards={0: ["fermenting", "pottery"]}, supply_top={2: ["calendar",
                                                                         "currency"]})
    dogma(st, "fermenting")  # 2 + 3 leaves
    assert st.hands[0] == ["calendar", "currency"]


def test_monotheism_demand_and_tuck() -> None:
    st = position(boards={0: ["monotheism", "metalworking"], 1: ["archery", "clothing"]},
                  supply_top={1: ["pottery", "sailing"]})
    dogma(st, "monotheism")
    assert st.scores[0] == ["clothing"]
    assert pile(st, 1, "blue") == ["pottery"]  # victim drew and tucked
    assert pile(st, 0, "green") == ["sailing"]  # effect 2: tuck a 1


def test_philosophy() -> None:
    st = position(boards={0: ["code_of_laws", "philosophy", "pottery"]}, hands={0: ["tools"]})
    dogma(st, "philosophy", "color:purple", "card:tools")
    assert st.splays[0][4] == 1 and st.scores[0] == ["tools"]
    st = position(boards={0: ["code_of_laws", "philosophy"]}, hands={0: ["tools"]})
    dogma(st, "philosophy", "decline", "decline")
    assert st.splays[0][4] == 0 and st.hands[0] == ["tools"]


# -- Age 3 -------------------------------------------------------------------------------
def test_alchemy_red_returns_everything() -> None:
    st = position(boards={0: ["alchemy", "archery", "masonry"]}, hands={0: ["oars"]},
                  supply_top={4: ["experimentation", "colonialism"]})
    dogma(st, "alchemy", (0, "card:colonialism"))  # 7 castles: two 4s, one red → return all
    assert st.hands[0] == [] and "oars" in st.supply[0]  # effect 2 has no cards
    assert st.supply[3][:2] == ["experimentation", "colonialism"]  # colonialism first


def test_alchemy_keeps_without_red_then_melds_and_scores() -> None:
    st = position(boards={0: ["alchemy", "metalworking"]},
                  supply_top={4: ["experimentation"]})
    dogma(st, "alchemy")  # 5 castles: one 4; effect 2: meld it (forced), nothing to score
    assert top(st, 0, "blue") == "experimentation"
    assert st.hands[0] == [] and st.scores[0] == []


def test_translation_melds_score_pile_and_claims_world() -> None:
    st = position(boards={0: ["translation"]}, scores={0: ["sailing", "code_of_laws"]})
    dogma(st, "translation", "yes")
    assert top(st, 0, "green") == "sailing" and top(st, 0, "purple") == "code_of_laws"
    assert "world" in st.achievements[0]
    st = position(boards={0: ["translation", "archery"]})
    dogma(st, "translation")
    assert "world" not in st.achievements[0]


def test_engineering_takes_castle_top_cards_only() -> None:
    st = position(boards={0: ["metalworking", "engineering", "the_wheel", "domestication"],
                          1: ["archery", "pottery", "masonry"]})
    dogma(st, "engineering", "color:red")
    assert sorted(st.scores[0]) == ["archery", "masonry"]
    assert top(st, 1, "blue") == "pottery" and st.splays[0][1] == 1


def test_optics_crown_scores_a_four_otherwise_gives_points() -> None:
    st = position(boards={0: ["optics"]}, supply_top={3: ["paper"], 4: ["anatomy"]})
    dogma(st, "optics")
    assert top(st, 0, "green") == "paper" and st.scores[0] == ["anatomy"]
    st = position(3, boards={0: ["optics"]},
                  scores={0: ["tools", "calendar"], 1: ["sailing"], 2: ["writing"]},
                  supply_top={3: ["alchemy"]})
    dogma(st, "optics", "player:2", "card:calendar")
    assert st.scores[2] == ["writing", "calendar"] and st.scores[0] == ["tools"]


def test_compass_victim_chooses_both_cards() -> None:
    st = position(boards={0: ["compass", "archery"], 1: ["agriculture", "pottery"]})
    dogma(st, "compass", (1, "card:agriculture"))
    assert top(st, 0, "yellow") == "agriculture" and top(st, 1, "red") == "archery"


def test_paper_splays_and_draws_per_left_splay() -> None:
    st = position(boards={0: ["sailing", "paper", "pottery", "tools", "archery", "oars"]},
                  splays={0: {"red": "left"}}, supply_top={4: ["anatomy", "invention"]})
    dogma(st, "paper", "color:blue")
    assert st.splays[0][0] == 1 and st.hands[0] == ["anatomy", "invention"]


def test_machinery_swap_then_score_castle_and_splay() -> None:
    st = position(boards={0: ["machinery", "oars", "metalworking"]},
                  hands={0: ["optics", "alchemy", "archery"], 1: ["pottery"]})
    dogma(st, "machinery", "color:red")
    assert st.hands[1] == ["optics", "alchemy"]
    assert st.scores[0] == ["archery"] and st.hands[0] == ["pottery"]
    assert st.splays[0][1] == 1


def test_medicine_swaps_highest_for_lowest() -> None:
    st = position(boards={0: ["medicine"]}, scores={0: ["tools", "optics"],
                                                    1: ["anatomy", "sailing"]})
    dogma(st, "medicine")
    assert sorted(st.scores[0]) == ["anatomy", "optics"]
    assert sorted(st.scores[1]) == ["sailing", "tools"]


def test_education_empty_pile_draws_a_two() -> None:
    st = position(boards={0: ["education"]}, scores={0: ["optics"]},
                  supply_top={2: ["calendar"]})
    dogma(st, "education", "card:optics")
    assert st.hands[0] == ["calendar"]
    st = position(boards={0: ["education"]}, scores={0: ["optics", "anatomy"]},
                  supply_top={5: ["coal"]})
    dogma(st, "education", "card:anatomy")
    assert st.hands[0] == ["coal"]


def test_feudalism() -> None:
    st = position(boards={0: ["feudalism", "masonry", "agriculture"]},
                  hands={1: ["archery", "pottery"]})
    dogma(st, "feudalism", "color:yellow")
    assert st.hands[0] == ["archery"] and st.splays[0][3] == 1
    st = position(boards={0: ["feudalism"]}, hands={1: ["pottery"]})
    dogma(st, "feudalism")
    assert st.hands[0] == [] and st.hands[1] == ["pottery"]
