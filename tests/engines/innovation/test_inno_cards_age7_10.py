"""Dogmas of the age 7-10 cards (classic text, reference `cards.json` paraphrases and FAQ)."""

from __future__ import annotations

from tests.engines.innovation.inno_helpers import (
    ENGINE,
    asking,
    dogma,
    kinds,
    pile,
    position,
    prompt,
    top,
)


def _won(st: object, seat: int) -> bool:
    res = ENGINE.result(st)  # type: ignore[arg-type]
    return res is not None and res.victory == "dogma" and res.winners == [seat]


# -- Age 7 -------------------------------------------------------------------------------
def test_evolution_both_branches() -> None:
    st = position(boards={0: ["evolution"]}, scores={0: ["tools"]}, supply_top={8: ["flight"]})
    dogma(st, "evolution", "score_8", "card:tools")
    assert st.scores[0] == ["flight"]
    st = position(boards={0: ["evolution"]}, scores={0: ["optics"]},
                  supply_top={4: ["anatomy"]})
    dogma(st, "evolution", "draw_higher")
    assert st.hands[0] == ["anatomy"]


def test_publications_rearranges_a_pile() -> None:
    st = position(boards={0: ["publications", "archery", "oars", "metalworking"]})
    dogma(st, "publications", "color:red", "card:archery", "card:metalworking")
    assert pile(st, 0, "red") == ["oars", "metalworking", "archery"]


def test_combustion() -> None:
    st = position(boards={0: ["combustion"]}, scores={1: ["tools", "optics", "coal"]})
    dogma(st, "combustion", (1, "card:coal"), (1, "card:tools"))
    assert st.scores[0] == ["coal", "tools"] and st.scores[1] == ["optics"]


def test_explosives_three_highest_and_draw_when_emptied() -> None:
    st = position(boards={0: ["explosives"]}, hands={1: ["coal", "optics", "alchemy", "tools"]})
    dogma(st, "explosives")
    assert sorted(st.hands[0]) == ["alchemy", "coal", "optics"] and st.hands[1] == ["tools"]
    st = position(boards={0: ["explosives"]}, hands={1: ["coal", "optics"]},
                  supply_top={7: ["bicycle"]})
    dogma(st, "explosives")
    assert st.hands[1] == ["bicycle"]


def test_bicycle_swaps_hand_and_score_pile() -> None:
    st = position(boards={0: ["bicycle"]}, hands={0: ["tools"]}, scores={0: ["coal", "optics"]})
    events = dogma(st, "bicycle", "yes")
    assert st.hands[0] == ["coal", "optics"] and st.scores[0] == ["tools"]
    assert st.scored[0] == 0 and "score" not in kinds(events)


def test_electricity() -> None:
    st = position(boards={0: ["electricity", "pottery", "archery"]},
                  supply_top={8: ["flight", "mobility"]})
    dogma(st, "electricity", "card:archery")
    assert st.supply[0][:2] == ["pottery", "archery"]
    assert st.hands[0] == ["flight", "mobility"] and top(st, 0, "blue") is None


def test_refrigeration() -> None:
    st = position(boards={0: ["refrigeration"]}, hands={0: ["tools"],
                  1: ["coal", "optics", "oars", "sailing", "writing"]})
    dogma(st, "refrigeration", (1, "card:coal"), (1, "card:oars"), (0, "card:tools"))
    assert st.hands[1] == ["optics", "sailing", "writing"] and st.scores[0] == ["tools"]


def test_sanitation_exchange() -> None:
    st = position(boards={0: ["sanitation"]}, hands={0: ["tools", "coal"],
                  1: ["optics", "anatomy", "sailing"]})
    dogma(st, "sanitation")
    assert sorted(st.hands[0]) == ["anatomy", "coal", "optics"]
    assert sorted(st.hands[1]) == ["sailing", "tools"]


def test_lighting() -> None:
    st = position(boards={0: ["lighting"]}, hands={0: ["tools", "oars", "optics"]},
                  supply_top={7: ["bicycle", "combustion"]})
    dogma(st, "lighting", "card:tools", "card:oars", "card:optics")
    assert st.scores[0] == ["bicycle", "combustion"]


def test_railroad() -> None:
    st = position(boards={0: ["railroad", "pottery", "tools"]}, hands={0: ["coal"]},
                  splays={0: {"blue": "right"}},
                  supply_top={6: ["canning", "vaccination", "democracy"]})
    dogma(st, "railroad", "color:blue")
    assert st.hands[0] == ["canning", "vaccination", "democracy"]
    assert st.splays[0][0] == 3 and "coal" in st.supply[4]


# -- Age 8 -------------------------------------------------------------------------------
def test_quantum_theory_only_with_two_returned() -> None:
    st = position(boards={0: ["quantum_theory"]}, hands={0: ["tools", "oars"]},
                  supply_top={10: ["software", "robotics"]})
    dogma(st, "quantum_theory", "card:tools", "card:oars")
    assert st.hands[0] == ["software"] and st.scores[0] == ["robotics"]
    st = position(boards={0: ["quantum_theory"]}, hands={0: ["tools", "oars"]})
    dogma(st, "quantum_theory", "card:tools", "done")
    assert st.hands[0] == ["oars"] and st.scores[0] == []


def test_rocketry_returns_from_other_score_piles_by_age() -> None:
    st = position(3, boards={0: ["rocketry"]}, scores={1: ["optics", "tools"], 2: ["coal"]})
    ENGINE.apply(st, 0, "dogma:rocketry")
    ENGINE.apply(st, 0, "confirm")
    p = prompt(st)
    assert p.kind == "rocketry_return" and not p.private
    # nothing was shown since the turn began: the activator may still take it back
    assert [o.id for o in p.options] == ["pile:1:1", "pile:1:3", "pile:2:5", "undo"]
    assert all(o.card is None for o in p.options)
    ENGINE.apply(st, 0, "pile:1:3")
    assert st.scores[1] == ["tools"] and "optics" in st.supply[2]


def test_flight() -> None:
    st = position(boards={0: ["archery", "flight", "pottery", "tools"]},
                  splays={0: {"red": "up"}})
    dogma(st, "flight", "color:blue")
    assert st.splays[0][0] == 3


def test_mobility_two_highest_non_red_without_factory() -> None:
    st = position(boards={0: ["mobility"], 1: ["optics", "tools", "paper", "anatomy"]},
                  supply_top={8: ["flight"]})
    dogma(st, "mobility")
    assert sorted(st.scores[0]) == ["anatomy", "paper"]
    assert st.hands[1] == ["flight"] and top(st, 1, "red") == "optics"


def test_corporations() -> None:
    st = position(boards={0: ["corporations", "industrialization"], 1: ["coal"]},
                  supply_top={8: ["flight", "mass_media"]})
    dogma(st, "corporations")
    assert st.scores[0] == ["coal"] and top(st, 1, "red") == "flight"
    assert top(st, 0, "green") == "mass_media"


def test_mass_media_returns_a_value_everywhere() -> None:
    st = position(boards={0: ["mass_media"]}, hands={0: ["tools"]},
                  scores={0: ["optics", "coal"], 1: ["alchemy", "sailing"]})
    dogma(st, "mass_media", "card:tools", "value:3")
    assert st.scores[0] == ["coal"] and st.scores[1] == ["sailing"]


def test_mass_media_own_cards_ordered_by_the_player_others_in_seat_order() -> None:
    st = position(3, boards={0: ["mass_media"]}, hands={0: ["tools"]},
                  scores={0: ["optics", "compass", "coal"], 1: ["alchemy"], 2: ["paper"]})
    dogma(st, "mass_media", "card:tools", "value:3", (0, "card:compass"))
    assert st.supply[2][:4] == ["paper", "alchemy", "optics", "compass"]
    assert st.scores[0] == ["coal"] and st.scores[1] == [] and st.scores[2] == []


def test_antibiotics() -> None:
    st = position(boards={0: ["antibiotics"]}, hands={0: ["tools", "oars", "optics"]},
                  supply_top={8: ["flight", "mobility", "rocketry", "corporations"]})
    dogma(st, "antibiotics", "card:tools", "card:oars", "card:optics")
    assert st.hands[0] == ["flight", "mobility", "rocketry", "corporations"]


def test_skyscrapers() -> None:
    st = position(boards={0: ["skyscrapers"], 1: ["pottery", "tools", "writing", "publications"]},
                  )
    dogma(st, "skyscrapers", (1, "card:pottery"))
    assert st.supply[0][:2] == ["tools", "pottery"]
    assert top(st, 0, "blue") == "publications"
    assert st.scores[1] == ["writing"] and pile(st, 1, "blue") == []


def test_empiricism() -> None:
    st = position(boards={0: ["empiricism", "pottery"]}, supply_top={9: ["computers"]})
    dogma(st, "empiricism", "color:blue", "color:red", "yes")
    assert top(st, 0, "blue") == "computers" and st.splays[0][0] == 3


def test_empiricism_twenty_lightbulbs_wins() -> None:
    board = ["writing", "tools", "mathematics", "philosophy", "education", "evolution",
             "empiricism", "paper", "perspective"]
    st = position(boards={0: board}, splays={0: {"blue": "up", "purple": "up"}},
                  supply_top={9: ["fission"]})
    from engines.innovation.icons import icon_count

    assert icon_count(st, 0, 2) >= 20
    dogma(st, "empiricism", "color:blue", "color:green")
    assert _won(st, 0)


def test_socialism() -> None:
    st = position(3, boards={0: ["socialism"]}, hands={0: ["mysticism", "tools"],
                  1: ["optics", "oars", "sailing"], 2: ["coal"]})
    dogma(st, "socialism", "yes")
    assert sorted(st.hands[0]) == ["coal", "oars", "sailing"]
    assert pile(st, 0, "purple") == ["mysticism", "socialism"]


# -- Age 9 -------------------------------------------------------------------------------
def test_computers_executes_the_melded_ten() -> None:
    st = position(boards={0: ["computers"]}, hands={0: ["tools"]},
                  supply_top={10: ["stem_cells"]})
    events = dogma(st, "computers", "yes")
    assert st.scores[0] == ["tools"]
    assert "execute" in kinds(events)
    assert st.dogma_counts["stem_cells"] == 1 and st.dogma_counts["computers"] == 1


def test_genetics() -> None:
    st = position(boards={0: ["pottery", "genetics"]}, supply_top={10: ["software"]})
    dogma(st, "genetics")
    assert pile(st, 0, "blue") == ["software"] and sorted(st.scores[0]) == ["genetics",
                                                                            "pottery"]


def test_composites() -> None:
    st = position(boards={0: ["composites"]}, hands={1: ["tools", "oars", "optics"]},
                  scores={1: ["coal", "sailing"]})
    dogma(st, "composites", (1, "card:optics"))
    assert st.hands[1] == ["optics"] and sorted(st.hands[0]) == ["oars", "tools"]
    assert st.scores[0] == ["coal"]


def test_fission_red_removes_everything_and_ends_dogma() -> None:
    st = position(boards={0: ["fission", "pottery"], 1: ["tools"]}, hands={0: ["oars"]},
                  scores={1: ["optics"]}, achievements={0: ["monument"]},
                  supply_top={10: ["robotics"]})
    events = dogma(st, "fission")
    assert "dogma_ended" in kinds(events)
    assert all(not any(p) for b in st.boards for p in b)
    assert st.hands == [[], []] and st.scores == [[], []]
    assert st.achievements[0] == ["monument"] and "robotics" in st.removed


def test_fission_non_red_then_return_a_top_card() -> None:
    st = position(boards={0: ["fission", "pottery"], 1: ["tools"]},
                  supply_top={10: ["software"]})
    dogma(st, "fission", "card:tools")
    assert st.hands[1] == ["software"] and top(st, 1, "blue") is None


def test_collaboration_attacker_chooses() -> None:
    st = position(boards={0: ["collaboration"]}, supply_top={9: ["computers", "ecology"]})
    dogma(st, "collaboration", (0, "card:ecology"))
    assert top(st, 0, "yellow") == "ecology" and top(st, 1, "blue") == "computers"


def test_collaboration_ten_greens_win() -> None:
    greens = ["clothing", "sailing", "the_wheel", "currency", "mapmaking", "compass", "paper",
              "invention", "navigation", "collaboration"]
    st = position(boards={0: greens}, supply_top={9: ["computers", "ecology"]})
    dogma(st, "collaboration", (0, "card:computers"))
    assert _won(st, 0)


def test_satellites() -> None:
    st = position(boards={0: ["satellites"]}, hands={0: ["tools"]},
                  supply_top={8: ["flight", "mobility", "antibiotics"], 1: ["sailing"]})
    dogma(st, "satellites", "card:flight")
    assert st.hands[0] == ["mobility", "antibiotics"] and "tools" in st.supply[0]
    assert top(st, 0, "red") == "flight"
    assert st.dogma_counts.get("flight") == 1


def test_ecology() -> None:
    st = position(boards={0: ["ecology"]}, hands={0: ["tools", "oars"]},
                  supply_top={10: ["software", "robotics"]})
    dogma(st, "ecology", "card:tools")
    assert st.scores[0] == ["oars"] and st.hands[0] == ["software", "robotics"]


def test_suburbia() -> None:
    st = position(boards={0: ["suburbia"]}, hands={0: ["tools", "oars"]},
                  supply_top={1: ["sailing", "writing"]})
    dogma(st, "suburbia", "card:tools", "card:oars")
    assert st.scores[0] == ["sailing", "writing"]


def test_services() -> None:
    st = position(boards={0: ["services", "archery"]}, scores={1: ["optics", "alchemy", "tools"]})
    dogma(st, "services")
    assert sorted(st.hands[0]) == ["alchemy", "optics"]
    assert st.hands[1] == ["archery"]  # the only top card without a leaf


def test_specialization() -> None:
    st = position(3, boards={0: ["specialization"], 1: ["tools"], 2: ["pottery", "writing"]},
                  hands={0: ["calendar"]})
    dogma(st, "specialization")  # one card to reveal: forced; nothing can be splayed
    assert sorted(st.hands[0]) == ["calendar", "tools", "writing"]


# -- Age 10 ------------------------------------------------------------------------------
def test_bioengineering_takes_leaf_card_and_win_check() -> None:
    st = position(boards={0: ["bioengineering", "stem_cells"], 1: ["agriculture", "tools"]})
    dogma(st, "bioengineering")
    assert st.scores[0] == ["agriculture"]
    assert _won(st, 0)  # seat 1 has < 3 leaves; seat 0 has the most


def test_software() -> None:
    st = position(boards={0: ["software"]}, hands={0: ["tools"]},
                  supply_top={10: ["a_i", "robotics", "stem_cells"]})
    dogma(st, "software", "yes")
    assert st.scores[0] == ["a_i", "tools"]
    assert top(st, 0, "red") == "robotics" and top(st, 0, "yellow") == "stem_cells"


def test_miniaturization() -> None:
    st = position(boards={0: ["miniaturization"]}, hands={0: ["software"]},
                  scores={0: ["tools", "writing", "optics"]}, supply_top={10: ["a_i", "robotics"]})
    dogma(st, "miniaturization", "card:software")
    assert st.hands[0] == ["a_i", "robotics"]


def test_robotics() -> None:
    st = position(boards={0: ["robotics", "sailing"]},
                  supply_top={10: ["the_internet", "a_i", "software"]})
    events = dogma(st, "robotics")
    assert st.scores[0] == ["sailing", "a_i"]
    assert top(st, 0, "purple") == "the_internet" and top(st, 0, "blue") == "software"
    assert kinds(events).count("execute") == 1


def test_databases() -> None:
    st = position(boards={0: ["databases"]}, scores={1: ["tools", "optics", "coal"]})
    dogma(st, "databases", (1, "card:tools"), (1, "card:optics"))
    assert st.scores[1] == ["coal"]


def test_self_service() -> None:
    st = position(boards={0: ["self_service", "writing"]}, supply_top={2: ["calendar"]},
                  achievements={0: ["monument"]})
    dogma(st, "self_service")
    assert st.hands[0] == ["calendar"]
    assert _won(st, 0)


def test_globalization() -> None:
    st = position(boards={0: ["globalization"], 1: ["agriculture"]},
                  supply_top={6: ["canning"]}, scores={1: ["tools"]})
    dogma(st, "globalization")
    assert top(st, 1, "yellow") is None and st.scores[0] == ["canning"]
    assert _won(st, 0)


def test_stem_cells() -> None:
    st = position(boards={0: ["stem_cells"]}, hands={0: ["tools", "coal"]})
    dogma(st, "stem_cells", "yes")
    assert sorted(st.scores[0]) == ["coal", "tools"]


def test_a_i_lowest_score_wins_with_robotics_and_software() -> None:
    st = position(boards={0: ["a_i", "robotics"], 1: ["software"]},
                  scores={1: ["tools"]}, supply_top={10: ["stem_cells"]})
    dogma(st, "a_i")
    assert _won(st, 1)


def test_the_internet() -> None:
    st = position(boards={0: ["the_internet", "sailing", "mass_media"]},
                  supply_top={10: ["software", "stem_cells"]})
    dogma(st, "the_internet", "color:green")
    assert st.scores[0] == ["software"]
    assert asking(st) is None
