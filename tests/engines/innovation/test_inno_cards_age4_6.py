"""Dogmas of the age 4-6 cards (classic text, reference `cards.json` paraphrases and FAQ)."""

from __future__ import annotations

from tests.engines.innovation.inno_helpers import asking, dogma, kinds, pile, position, top


# -- Age 4 -------------------------------------------------------------------------------
def test_experimentation() -> None:
    st = position(boards={0: ["experimentation"]}, supply_top={5: ["coal"]})
    dogma(st, "experimentation")
    assert top(st, 0, "red") == "coal"


def test_printing_press_uses_top_purple_value() -> None:
    st = position(boards={0: ["pottery", "printing_press", "enterprise"]},
                  scores={0: ["tools"]}, supply_top={6: ["canning"]})
    dogma(st, "printing_press", "card:tools", "color:blue")
    assert st.hands[0] == ["canning"] and st.splays[0][0] == 2


def test_colonialism_repeats_on_crowns() -> None:
    st = position(boards={0: ["colonialism"]},
                  supply_top={3: ["optics", "translation", "alchemy", "paper"]})
    dogma(st, "colonialism")
    assert pile(st, 0, "blue") == ["alchemy", "translation"]
    assert pile(st, 0, "red") == ["optics", "colonialism"]
    assert st.tucked[0] == 3


def test_gunpowder_demand_then_score_a_two() -> None:
    st = position(boards={0: ["gunpowder"], 1: ["archery", "pottery"]},
                  supply_top={2: ["calendar"]})
    dogma(st, "gunpowder")
    assert st.scores[0] == ["archery", "calendar"]
    st = position(boards={0: ["gunpowder"], 1: ["pottery"]})
    dogma(st, "gunpowder")
    assert st.scores[0] == []


def test_invention_left_to_right_and_wonder() -> None:
    board = ["pottery", "tools", "archery", "oars", "sailing", "invention", "agriculture",
             "masonry", "mysticism", "city_states"]
    splays = {0: {"blue": "left", "red": "right", "green": "up", "yellow": "right",
                  "purple": "up"}}
    st = position(boards={0: board}, splays=splays, supply_top={4: ["anatomy"]})
    dogma(st, "invention", "color:blue")
    assert st.splays[0] == [2, 2, 3, 2, 3]
    assert st.scores[0] == ["anatomy"]
    # all five right/up: Wonder by condition as soon as the splay happened
    events_wonder = st.achievements[0]
    assert events_wonder == ["wonder"]


def test_invention_claims_wonder_with_left_splays() -> None:
    board = ["pottery", "tools", "archery", "oars", "sailing", "invention", "agriculture",
             "masonry", "mysticism", "city_states"]
    splays = {0: {"blue": "left", "red": "left", "green": "left", "yellow": "left",
                  "purple": "left"}}
    st = position(boards={0: board}, splays=splays)
    dogma(st, "invention", "decline")
    assert st.achievements[0] == ["wonder"]


def test_navigation() -> None:
    st = position(boards={0: ["navigation"]}, scores={1: ["optics", "sailing", "anatomy"]})
    dogma(st, "navigation")
    assert st.scores[0] == ["optics"]


def test_anatomy_returns_score_card_and_same_value_top_card() -> None:
    st = position(boards={0: ["anatomy"], 1: ["optics", "tools"]},
                  scores={1: ["alchemy", "sailing"]})
    dogma(st, "anatomy", (1, "card:alchemy"))
    assert st.scores[1] == ["sailing"] and top(st, 1, "red") is None
    st = position(boards={0: ["anatomy"], 1: ["optics"]}, scores={1: ["sailing"]})
    dogma(st, "anatomy")
    assert top(st, 1, "red") == "optics" and st.scores[1] == []


def test_perspective_scores_per_two_lightbulbs() -> None:
    st = position(boards={0: ["perspective", "writing"]},
                  hands={0: ["oars", "optics", "sailing", "tools"]})
    dogma(st, "perspective", "card:oars", "card:optics", "card:sailing")
    assert sorted(st.scores[0]) == ["optics", "sailing"] and st.hands[0] == ["tools"]


def test_enterprise() -> None:
    st = position(boards={0: ["enterprise", "sailing", "mapmaking"], 1: ["translation"]},
                  supply_top={4: ["anatomy"]})
    dogma(st, "enterprise", "color:green")
    assert top(st, 0, "blue") == "translation" and top(st, 1, "yellow") == "anatomy"
    assert st.splays[0][2] == 2


def test_reformation_must_tuck_full_number_if_choosing_to() -> None:
    st = position(boards={0: ["reformation", "pottery"]},
                  hands={0: ["tools", "oars", "optics", "sailing"]})
    dogma(st, "reformation", "yes", "card:tools", "card:oars", "card:optics")
    assert st.hands[0] == ["sailing"]  # 6 leaves: three cards
    assert pile(st, 0, "blue") == ["tools", "pottery"]
    assert pile(st, 0, "red") == ["optics", "oars"]
    st = position(boards={0: ["reformation", "pottery"]}, hands={0: ["tools"]})
    dogma(st, "reformation", "decline")
    assert st.hands[0] == ["tools"]


# -- Age 5 -------------------------------------------------------------------------------
def test_chemistry() -> None:
    st = position(boards={0: ["pottery", "chemistry"]}, scores={0: ["tools"]},
                  supply_top={6: ["canning"]})
    dogma(st, "chemistry", "color:blue", "card:tools")
    assert st.splays[0][0] == 2 and st.scores[0] == ["canning"]


def test_physics_returns_all_on_repeated_colour() -> None:
    st = position(boards={0: ["physics"]}, hands={0: ["tools"]},
                  supply_top={6: ["canning", "vaccination", "democracy"]})
    dogma(st, "physics", "card:democracy", "card:canning")
    assert st.hands[0] == [] and st.supply[5][:3] == ["vaccination", "canning", "democracy"]
    st = position(boards={0: ["physics"]}, hands={0: ["tools"]},
                  supply_top={6: ["canning", "atomic_theory", "democracy"]})
    dogma(st, "physics")
    assert st.hands[0] == ["tools", "canning", "atomic_theory", "democracy"]


def test_coal_three_effects() -> None:
    st = position(boards={0: ["archery", "coal", "pottery", "tools"]},
                  supply_top={5: ["the_pirate_code"]})
    dogma(st, "coal", "color:red", "card:tools")
    assert pile(st, 0, "red") == ["the_pirate_code", "archery", "coal"]
    assert st.splays[0][1] == 2
    assert st.scores[0] == ["tools", "pottery"]


def test_the_pirate_code() -> None:
    st = position(boards={0: ["the_pirate_code", "sailing", "translation"]},
                  scores={1: ["tools", "optics", "coal", "writing"]})
    dogma(st, "the_pirate_code", (1, "card:tools"), (1, "card:optics"))
    assert st.scores[0] == ["tools", "optics", "sailing"]
    st = position(boards={0: ["the_pirate_code", "sailing"]}, scores={1: ["coal"]})
    dogma(st, "the_pirate_code")
    assert st.scores[0] == [] and top(st, 0, "green") == "sailing"


def test_banking() -> None:
    st = position(boards={0: ["banking"], 1: ["chemistry", "the_wheel"]},
                  supply_top={5: ["coal"]})
    dogma(st, "banking")
    assert top(st, 0, "blue") == "chemistry" and st.scores[1] == ["coal"]


def test_measurement_draws_pile_size() -> None:
    st = position(boards={0: ["measurement", "sailing", "clothing"]} and
                  {0: ["sailing", "clothing", "measurement"]},
                  hands={0: ["tools"]}, supply_top={3: ["optics"]})
    dogma(st, "measurement", "card:tools", "color:green")
    assert st.splays[0][2] == 2 and st.hands[0] == ["optics"]
    st = position(boards={0: ["measurement"]}, hands={0: ["tools"]},
                  supply_top={1: ["sailing"]})
    dogma(st, "measurement", "card:tools", "color:red")  # empty pile: value 0 → a 1
    assert st.hands[0] == ["sailing"]


def test_statistics_repeats_while_one_card_in_hand() -> None:
    st = position(boards={0: ["statistics"]}, scores={1: ["coal", "optics", "sailing"]})
    dogma(st, "statistics")
    # coal → exactly one card in hand: repeat → optics → two cards: stop
    assert st.hands[1] == ["coal", "optics"] and st.scores[1] == ["sailing"]
    st = position(boards={0: ["statistics"]}, scores={1: ["coal", "optics"]},
                  hands={1: ["tools"]})
    dogma(st, "statistics")
    assert st.hands[1] == ["tools", "coal"]


def test_steam_engine_scores_bottom_yellow() -> None:
    st = position(boards={0: ["steam_engine"]}, supply_top={4: ["anatomy", "perspective"]})
    dogma(st, "steam_engine")
    assert st.scores[0] == ["perspective"]
    assert pile(st, 0, "yellow") == ["anatomy", "steam_engine"]


def test_astronomy_repeats_on_green_blue_and_universe() -> None:
    st = position(boards={0: ["astronomy", "chemistry", "coal"]},
                  supply_top={6: ["atomic_theory", "classification", "canning"]})
    dogma(st, "astronomy")
    assert top(st, 0, "blue") == "atomic_theory" and top(st, 0, "green") == "classification"
    assert st.hands[0] == ["canning"]
    assert "universe" not in st.achievements[0]  # coal is a 5
    st = position(boards={0: ["astronomy", "atomic_theory"]}, supply_top={6: ["canning"]})
    dogma(st, "astronomy")
    assert "universe" in st.achievements[0]


def test_astronomy_needs_a_non_purple_top_card_for_universe() -> None:
    """Only purple top cards: the values referred to count as 0 (rulebook 數值)."""
    st = position(boards={0: ["astronomy"]}, supply_top={6: ["canning"]})
    dogma(st, "astronomy")
    assert "universe" not in st.achievements[0] and "universe" in st.specials
    st = position(boards={0: ["astronomy"]}, supply_top={6: ["atomic_theory", "canning"]})
    dogma(st, "astronomy")  # melds a blue 6: every non-purple top card is a 6
    assert "universe" in st.achievements[0]


def test_societies() -> None:
    st = position(boards={0: ["societies"], 1: ["tools"]}, supply_top={5: ["coal"]})
    dogma(st, "societies")
    assert top(st, 0, "blue") == "tools" and st.hands[1] == ["coal"]


# -- Age 6 -------------------------------------------------------------------------------
def test_atomic_theory() -> None:
    st = position(boards={0: ["pottery", "atomic_theory"]}, supply_top={7: ["evolution"]})
    dogma(st, "atomic_theory", "decline")
    assert top(st, 0, "blue") == "evolution" and st.splays[0][0] == 0


def test_encyclopedia_melds_highest_score_cards() -> None:
    st = position(boards={0: ["encyclopedia"]}, scores={0: ["coal", "banking", "tools"]})
    dogma(st, "encyclopedia", "yes")
    assert top(st, 0, "red") == "coal" and top(st, 0, "green") == "banking"
    assert st.scores[0] == ["tools"]


def test_industrialization() -> None:
    st = position(boards={0: ["industrialization", "canning"]}, supply_top={6: ["vaccination",
                                                                              "democracy"]})
    dogma(st, "industrialization")  # 4 factories: two 6s; no pile can be splayed
    assert pile(st, 0, "yellow")[0] == "vaccination" and pile(st, 0, "purple") == ["democracy"]


def test_machine_tools_highest_score_value() -> None:
    st = position(boards={0: ["machine_tools"]}, scores={0: ["optics", "tools"]},
                  supply_top={3: ["paper"]})
    dogma(st, "machine_tools")
    assert st.scores[0][-1] == "paper"


def test_classification_takes_colour_from_hands_and_melds() -> None:
    st = position(3, boards={0: ["classification"]},
                  hands={0: ["tools", "oars"], 1: ["pottery", "sailing"], 2: ["writing"]})
    dogma(st, "classification", "card:tools", "card:pottery", "card:writing")
    assert st.hands[1] == ["sailing"] and st.hands[2] == [] and st.hands[0] == ["oars"]
    assert sorted(pile(st, 0, "blue")) == ["pottery", "tools", "writing"]


def test_metric_system() -> None:
    st = position(boards={0: ["sailing", "metric_system", "archery", "oars"]},
                  splays={0: {"green": "right"}})
    dogma(st, "metric_system", "color:red")
    assert st.splays[0][1] == 2
    st = position(boards={0: ["sailing", "metric_system", "archery", "oars"]})
    dogma(st, "metric_system", "color:green")
    assert st.splays[0][1] == 0 and st.splays[0][2] == 2


def test_canning() -> None:
    st = position(boards={0: ["canning", "pottery", "archery"]}, supply_top={6: ["vaccination"]})
    dogma(st, "canning", "yes")
    assert sorted(st.scores[0]) == ["archery", "pottery"]
    assert pile(st, 0, "yellow") == ["vaccination", "canning"]


def test_vaccination() -> None:
    st = position(boards={0: ["vaccination"]}, scores={1: ["tools", "sailing", "optics"]},
                  supply_top={6: ["canning"], 7: ["evolution"]})
    dogma(st, "vaccination", (1, "card:sailing"))
    assert st.supply[0][:2] == ["tools", "sailing"]
    assert st.scores[1] == ["optics"] and top(st, 1, "yellow") == "canning"
    assert top(st, 0, "blue") == "evolution"


def test_democracy_must_beat_earlier_counts() -> None:
    st = position(boards={0: ["democracy"], 1: ["education"]},
                  hands={0: ["tools", "oars"], 1: ["optics", "sailing"]},
                  supply_top={8: ["flight", "mobility"], 1: ["writing"]})
    events = dogma(st, "democracy", (1, "card:optics"), (1, "card:sailing"),
                   (0, "card:tools"), (0, "card:oars"))
    assert st.scores[1] == ["flight"] and st.scores[0] == []
    assert "share_bonus" in kinds(events)


def test_emancipation() -> None:
    st = position(boards={0: ["emancipation"]}, hands={1: ["optics"]},
                  supply_top={6: ["canning"]})
    dogma(st, "emancipation")
    assert st.scores[0] == ["optics"] and st.hands[1] == ["canning"]
    assert asking(st) is None
