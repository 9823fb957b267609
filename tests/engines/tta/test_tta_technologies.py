"""The 37 technologies of Ages A-II, table-driven (scope §13, §32; L924-L1044, L689-L770).

The tables below are the printed cards (reference ``civil_cards.json``), written out here so
a change of the card data or of the rules that read it fails a test: science to develop
(L924-L942), the lower science of a revolution (L1029), resources to build (L689-L770),
what one worker gives (L844-L851), the symbols counted once (special technologies and
governments), construction discounts and wonder stages per action (L987, L1145-L1151, X20).
Every development and build goes through the engine's own options and answers.
"""

from __future__ import annotations

import pytest

from engines.tta.actions.costs import build_cost, stages_per_action
from engines.tta.facts import AGE
from engines.tta.play import PRINTED
from engines.tta.ratings import (
    civil_total,
    military_total,
    urban_limit,
)
from engines.tta.state import TtaState
from tests.engines.tta.technology_checks import (
    build_pays,
    develop_pays,
    revolution_pays,
    special_symbols_count_once,
)
from tests.engines.tta.tta_helpers import (
    ENGINE,
    action_turn,
    give,
    set_tokens,
)

#: buildings and units: science to develop (None: printed on the board), resources to
#: build, and per worker (food, resources, science, culture, happy, strength)
PER_WORKER: dict[str, tuple[int | None, int, tuple[int, int, int, int, int, int]]] = {
    "A_agriculture": (None, 2, (1, 0, 0, 0, 0, 0)),
    "I_irrigation": (3, 4, (2, 0, 0, 0, 0, 0)),
    "II_selective_breeding": (5, 6, (3, 0, 0, 0, 0, 0)),
    "A_bronze": (None, 2, (0, 1, 0, 0, 0, 0)),
    "I_iron": (5, 5, (0, 2, 0, 0, 0, 0)),
    "II_coal": (7, 8, (0, 3, 0, 0, 0, 0)),
    "A_philosophy": (None, 3, (0, 0, 1, 0, 0, 0)),
    "I_alchemy": (4, 6, (0, 0, 2, 0, 0, 0)),
    "II_scientific_method": (6, 8, (0, 0, 3, 0, 0, 0)),
    "A_religion": (None, 3, (0, 0, 0, 1, 1, 0)),
    "I_theology": (2, 5, (0, 0, 0, 1, 2, 0)),
    "II_organized_religion": (4, 7, (0, 0, 0, 1, 3, 0)),
    "I_printing_press": (3, 3, (0, 0, 1, 1, 0, 0)),
    "II_journalism": (6, 8, (0, 0, 2, 2, 0, 0)),
    "I_drama": (3, 4, (0, 0, 0, 2, 1, 0)),
    "II_opera": (7, 8, (0, 0, 0, 3, 1, 0)),
    "I_bread_and_circuses": (3, 3, (0, 0, 0, 0, 2, 1)),
    "II_team_sports": (5, 5, (0, 0, 0, 0, 3, 2)),
    "A_warriors": (None, 2, (0, 0, 0, 0, 0, 1)),
    "I_swordsmen": (4, 3, (0, 0, 0, 0, 0, 2)),
    "II_riflemen": (6, 5, (0, 0, 0, 0, 0, 3)),
    "I_knights": (5, 3, (0, 0, 0, 0, 0, 2)),
    "II_cavalrymen": (6, 5, (0, 0, 0, 0, 0, 3)),
    "II_cannon": (6, 5, (0, 0, 0, 0, 0, 3)),
}

#: special technologies: science, then (strength, civil actions, military actions, blue
#: tokens, colonization modifier)
SPECIAL: dict[str, tuple[int, tuple[int, int, int, int, int]]] = {
    "I_code_of_laws": (6, (0, 1, 0, 0, 0)),
    "II_justice_system": (7, (0, 1, 0, 3, 0)),
    "I_warfare": (5, (1, 0, 1, 0, 0)),
    "II_strategy": (8, (3, 0, 2, 0, 0)),
    "I_cartography": (4, (1, 0, 0, 0, 2)),
    "II_navigation": (6, (2, 0, 0, 0, 3)),
    "I_masonry": (3, (0, 0, 0, 0, 0)),
    "II_architecture": (6, (0, 0, 0, 0, 0)),
}

#: construction: urban build discount for Ages A, I, II, wonder stages per civil action
CONSTRUCTION: dict[str, tuple[tuple[int, int, int], int]] = {
    "I_masonry": ((0, 1, 1), 2),
    "II_architecture": ((0, 1, 2), 3),
}

#: governments: peaceful change, revolution, (civil actions, military actions, urban
#: limit), (culture, happy, strength)
GOVERNMENT: dict[str, tuple[int | None, int | None, tuple[int, int, int],
                            tuple[int, int, int]]] = {
    "A_despotism": (None, None, (4, 2, 2), (0, 0, 0)),
    "I_monarchy": (8, 2, (5, 3, 3), (0, 0, 0)),
    "I_theocracy": (6, 1, (4, 3, 3), (1, 1, 1)),
    "II_constitutional_monarchy": (12, 6, (6, 4, 3), (0, 0, 0)),
    "II_republic": (13, 3, (7, 2, 3), (0, 0, 0)),
}

TECHNOLOGIES = (*PER_WORKER, *SPECIAL, *GOVERNMENT)


def _option(st: TtaState, oid: str) -> dict[str, object]:
    opt = ENGINE.prompts(st)[0].option(oid)
    assert opt is not None, oid
    return dict(opt.params)


def test_the_tables_cover_the_37_technologies_of_ages_a_to_ii() -> None:
    """Scope §32: 37 technology entries in T1 (farms, mines, urban buildings, units,
    special technologies, governments of Ages A-II)."""
    assert len(set(TECHNOLOGIES)) == len(TECHNOLOGIES) == 37
    assert all(AGE[c] <= 2 for c in TECHNOLOGIES)
    assert {c for c in TECHNOLOGIES if AGE[c] == 0} == set(PRINTED)  # the board's (L94)


@pytest.mark.parametrize("card", [c for c in TECHNOLOGIES if AGE[c] > 0])
def test_develop_pays_the_printed_science_and_1_civil_action_L924_L942(card: str) -> None:
    st, civ = action_turn()
    sci = {**{c: v[0] for c, v in PER_WORKER.items()}, **{c: v[0] for c, v in SPECIAL.items()},
           **{c: v[0] for c, v in GOVERNMENT.items()}}[card]
    assert sci is not None
    develop_pays(st, civ, card, sci)


@pytest.mark.parametrize("card", list(PER_WORKER))
def test_build_pays_the_printed_cost_and_one_worker_gives_its_symbols_L689_L770(
        card: str) -> None:
    st, civ = action_turn()
    _, cost, out = PER_WORKER[card]
    if card not in civ.techs:
        give(civ, card)
    set_tokens(civ, "A_bronze", 10)
    civ.workers["A_philosophy"] -= 1  # room under the urban limit for a lab (L741-L751)
    civ.pool += 1
    build_pays(st, civ, card, cost, out)


@pytest.mark.parametrize("card", list(SPECIAL))
def test_special_technology_symbols_count_once_L844_L851(card: str) -> None:
    st, civ = action_turn()
    special_symbols_count_once(st, civ, card, *SPECIAL[card])


@pytest.mark.parametrize("card", list(CONSTRUCTION))
def test_construction_discounts_and_wonder_stages_per_action_L987_L1145_L1151(
        card: str) -> None:
    """Masonry / Architecture: urban buildings cheaper by level (X20), farms, mines and
    units not; 2 / 3 wonder stages for one civil action (L987)."""
    st, civ = action_turn()
    (da, d1, d2), stages = CONSTRUCTION[card]
    labs = ("A_philosophy", "I_alchemy", "II_scientific_method")
    printed = [PER_WORKER[c][1] for c in labs]
    assert stages_per_action(civ) == 1
    give(civ, card)
    assert [build_cost(civ, c) for c in labs] == [printed[0] - da, printed[1] - d1,
                                                  printed[2] - d2]
    assert [build_cost(civ, c) for c in ("I_iron", "I_swordsmen", "I_irrigation")] == [5, 3, 4]
    assert stages_per_action(civ) == stages


@pytest.mark.parametrize("card", [c for c in GOVERNMENT if c != "A_despotism"])
def test_government_by_revolution_costs_its_lower_science_L1029_L1042(card: str) -> None:
    st, civ = action_turn()
    _, rev, actions, (cul, happy, strength) = GOVERNMENT[card]
    assert rev is not None
    revolution_pays(st, civ, card, rev, actions, {3: cul, 4: happy, 5: strength})


def test_despotism_the_starting_government_L94() -> None:
    st, civ = action_turn()
    assert civ.government == "A_despotism"
    assert (civil_total(civ), military_total(civ), urban_limit(civ)) == GOVERNMENT[
        "A_despotism"][2]
