"""Wonders of Ages A-II: every effect (scope §15; X13, X14, C1, B18).

A wonder acts from its completion (L881) and stays for the rest of the game (L1849); an
unfinished one gives nothing and leaves at the end of the age after its own (L1845)."""

from __future__ import annotations

import pytest
from tta_helpers import (
    action_turn,
    answer,
    check_tokens,
    give,
    option_ids,
    set_tokens,
)

from engines.tta import ages, end_of_turn, row, wonders
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
