"""Shared and demand paths, and the FAQ rulings recorded in the reference `cards.json`
(`clarifications`)."""

from __future__ import annotations

from tests.engines.innovation.inno_helpers import ENGINE, dogma, kinds, pile, position, top


def test_oars_second_effect_is_shared_when_nothing_was_transferred() -> None:
    st = position(3, boards={0: ["oars"], 1: ["archery"]}, hands={2: ["pottery"]},
                  supply_top={1: ["tools", "writing", "sailing"]})
    events = dogma(st, "oars")
    assert [e.seat for e in events if e.kind in ("demand", "share", "effect")] == [2, 1, 0]
    assert st.hands[1] == ["tools"] and st.hands[0] == ["writing", "sailing"]  # + bonus
    assert "share_bonus" in kinds(events)


def test_masonry_sharer_claims_monument_first() -> None:
    castles = ["archery", "oars", "metalworking", "domestication"]
    st = position(boards={0: ["masonry"], 1: ["mysticism"]},
                  hands={1: castles, 0: ["city_states", "the_wheel", "construction",
                                         "road_building"]})
    dogma(st, "masonry", *[(1, f"card:{c}") for c in castles],
          *[(0, f"card:{c}") for c in ["city_states", "the_wheel", "construction",
                                       "road_building"]])
    assert st.achievements[1] == ["monument"] and st.achievements[0] == []


def test_road_building_red_moves_even_without_target_green() -> None:
    st = position(boards={0: ["road_building"], 1: ["pottery"]}, hands={0: ["tools",
                                                                            "writing"]})
    dogma(st, "road_building", "card:tools", "card:writing", "player:1")
    assert top(st, 1, "red") == "road_building" and top(st, 0, "green") is None


def test_currency_single_card_scores_one_two() -> None:
    st = position(boards={0: ["currency"]}, hands={0: ["tools"]}, supply_top={2: ["calendar"]})
    dogma(st, "currency", "card:tools")
    assert st.scores[0] == ["calendar"]


def test_optics_no_poorer_opponent_no_transfer() -> None:
    st = position(boards={0: ["optics"]}, scores={0: ["tools"], 1: ["writing"]},
                  supply_top={3: ["alchemy"]})
    events = dogma(st, "optics")
    assert st.scores == [["tools"], ["writing"]] and "transfer" not in kinds(events)


def test_compass_second_half_even_if_first_impossible() -> None:
    st = position(boards={0: ["compass", "archery"], 1: ["tools"]})
    dogma(st, "compass")
    assert top(st, 1, "red") == "archery" and top(st, 1, "blue") == "tools"


def test_medicine_either_side_may_be_empty() -> None:
    st = position(boards={0: ["medicine"]}, scores={1: ["optics", "tools"]})
    dogma(st, "medicine")
    assert st.scores[0] == ["optics"] and st.scores[1] == ["tools"]


def test_construction_sharer_claims_empire_first() -> None:
    st = position(boards={0: ["construction", "pottery", "clothing", "agriculture"],
                          1: ["tools", "archery", "sailing", "masonry", "mysticism"]})
    events = dogma(st, "construction")
    assert [e.seat for e in events if e.kind in ("share", "effect")] == [1, 0]
    assert st.achievements[1] == ["empire"] and st.achievements[0] == []


def test_invention_sharer_claims_wonder_first() -> None:
    board = ["pottery", "tools", "archery", "oars", "sailing", "invention", "agriculture",
             "masonry", "mysticism", "city_states"]
    left = {"blue": "left", "red": "left", "green": "left", "yellow": "left",
            "purple": "left"}
    st = position(boards={0: board, 1: ["writing", "paper", "calendar", "education"]},
                  splays={0: left})
    st.boards[1] = [list(p) for p in st.boards[0]]
    st.boards[1][2] = ["clothing", "compass"]
    st.boards[1][0] = ["writing", "mathematics"]
    st.boards[1][1] = ["metalworking", "road_building"]
    st.boards[1][3] = ["domestication", "fermenting"]
    st.boards[1][4] = ["code_of_laws", "philosophy"]
    st.splays[1] = [1, 1, 1, 1, 1]
    events = dogma(st, "invention", (1, "decline"), (0, "decline"))
    assert "share" in kinds(events)
    assert st.achievements[1] == ["wonder"] and st.achievements[0] == []


def test_steam_engine_single_yellow_is_the_bottom_card() -> None:
    st = position(boards={0: ["steam_engine"]}, supply_top={4: ["experimentation",
                                                                "colonialism"]})
    dogma(st, "steam_engine")
    assert st.scores[0] == ["steam_engine"] and pile(st, 0, "yellow") == []


def test_lighting_one_card_one_seven_and_railroad_empty_hand() -> None:
    st = position(boards={0: ["lighting"]}, hands={0: ["tools"]}, supply_top={7: ["bicycle"]})
    dogma(st, "lighting", "card:tools")
    assert st.scores[0] == ["bicycle"]
    st = position(boards={0: ["railroad"]}, supply_top={6: ["canning", "vaccination",
                                                            "democracy"]})
    dogma(st, "railroad")
    assert st.hands[0] == ["canning", "vaccination", "democracy"]


def test_mobility_only_current_top_cards() -> None:
    st = position(boards={0: ["mobility"], 1: ["pottery", "tools", "sailing"]},
                  supply_top={8: ["flight"]})
    dogma(st, "mobility")
    assert sorted(st.scores[0]) == ["sailing", "tools"]
    assert top(st, 1, "blue") == "pottery"  # revealed underneath: not taken


def test_empiricism_sharer_with_twenty_lightbulbs_wins() -> None:
    board = ["writing", "tools", "mathematics", "philosophy", "education", "evolution",
             "empiricism", "paper", "perspective"]
    st = position(boards={0: ["empiricism"], 1: board},
                  splays={1: {"blue": "up", "purple": "up"}},
                  supply_top={9: ["fission", "genetics"]})
    dogma(st, "empiricism", (1, "color:red"), (1, "color:green"), (0, "color:yellow"),
          (0, "color:purple"))
    assert top(st, 1, "red") == "fission" and st.hands[0] == ["genetics"]
    res = ENGINE.result(st)
    assert res is not None and res.winners == [1] and res.victory == "dogma"


def test_victory_dogma_ties_continue_the_game() -> None:
    # A.I.: two players tie for the lowest score
    st = position(boards={0: ["a_i", "robotics"], 1: ["software"]},
                  supply_top={10: ["stem_cells"]})
    dogma(st, "a_i")
    # seat 0 scored a 10 → seat 1 alone lowest: wins
    assert ENGINE.result(st).winners == [1]  # type: ignore[union-attr]
    st = position(3, boards={0: ["a_i", "robotics"], 1: ["software"]},
                  scores={0: [], 1: [], 2: []}, supply_top={10: ["stem_cells"]})
    dogma(st, "a_i")
    assert ENGINE.result(st) is None  # seats 1 and 2 tie at 0


def test_bioengineering_single_most_leaves_wins_but_not_on_a_tie() -> None:
    st = position(boards={0: ["bioengineering", "agriculture"], 1: ["pottery"]})
    dogma(st, "bioengineering")
    assert st.scores[0] == ["pottery"]
    assert ENGINE.result(st).winners == [0]  # type: ignore[union-attr]
    st = position(3, boards={0: ["bioengineering", "agriculture"], 1: ["pottery"],
                             2: ["sanitation"]})
    dogma(st, "bioengineering", "card:pottery")
    assert st.scores[0] == ["pottery"]
    assert ENGINE.result(st) is None  # seats 0 and 2 tie with three leaves


def test_globalization_requires_no_more_leaves_than_factories() -> None:
    st = position(boards={0: ["globalization"], 1: ["tools"]}, scores={1: ["optics"]},
                  supply_top={6: ["canning"]})
    dogma(st, "globalization")
    # seat 0 scores 6 > seat 1's 3: factories ≥ leaves everywhere → seat 0 wins
    assert ENGINE.result(st).winners == [0]  # type: ignore[union-attr]
    st = position(boards={0: ["globalization"], 1: ["tools", "agriculture", "pottery"]},
                  supply_top={6: ["canning"]})
    dogma(st, "globalization", (1, "card:pottery"))
    assert ENGINE.result(st) is None  # seat 1 still has more leaves than factories


def test_computers_without_sharing_still_affects_others() -> None:
    st = position(boards={0: ["computers"], 1: ["tools", "agriculture"]},
                  supply_top={10: ["bioengineering"]})
    dogma(st, "computers")
    assert st.scores[0] == ["agriculture"]
    assert st.dogma_counts["bioengineering"] == 1
    assert ENGINE.result(st) is None  # both players have 0 leaves: no single winner


def test_demanded_player_executes_and_attacker_gets_no_bonus() -> None:
    st = position(boards={0: ["archery"]}, hands={1: ["optics"]}, supply_top={1: ["tools"]})
    events = dogma(st, "archery")
    assert "share_bonus" not in kinds(events) and st.hands[0] == ["optics"]
