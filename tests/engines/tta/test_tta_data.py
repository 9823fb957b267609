"""Data and catalogue: deck sizes per player count, names, the first game's entries
(reference README "Deck sizes"; scope §2, §32)."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.tta import catalogue as cat
from engines.tta.facts import KIND, TACTIC, civil_deck, military_deck


@pytest.mark.parametrize(("age", "sizes"), [
    (0, (20, 20, 20)), (1, (44, 50, 53)), (2, (44, 50, 53)), (3, (44, 50, 53))])
def test_civil_deck_sizes_by_player_count_L194_L199(age: int, sizes: tuple[int, ...]) -> None:
    """3 players drop the "4" cards, 2 players the "3+" and "4" cards (Age A never)."""
    assert tuple(len(civil_deck(age, p)) for p in (2, 3, 4)) == sizes


@pytest.mark.parametrize(("age", "sizes"), [
    (0, (10, 10, 10)), (1, (43, 45, 45)), (2, (46, 50, 50)), (3, (41, 45, 45))])
def test_military_deck_sizes_full_game_L2035(age: int, sizes: tuple[int, ...]) -> None:
    """Only pacts leave, at 2 players (L2035)."""
    assert tuple(len(military_deck(age, p)) for p in (2, 3, 4)) == sizes


@pytest.mark.parametrize("age", [1, 2])
def test_first_game_military_decks_keep_events_territories_tactics_bonus_L184_L190(
        age: int) -> None:
    kinds = {KIND[c] for c in military_deck(age, 4, "first")}
    assert kinds == {"event", "territory", "tactic", "bonus"}


def test_corner_marks_six_three_plus_and_three_four_per_age_L194_L199() -> None:
    for age in ("I", "II", "III"):
        cards = [c for c in cat.CIVIL.values() if c.age == age and c.corner_marks]
        assert sum(c.corner_marks.three_plus for c in cards if c.corner_marks) == 6
        assert sum(c.corner_marks.four for c in cards if c.corner_marks) == 3


def test_every_id_has_an_english_name_and_three_locales() -> None:
    names = cat.names()
    for cid, card in cat.CARDS.items():
        assert names[cid]["en"] == card.name
        assert cat.name(cid, "zh-CN") and cat.name(cid, "zh-TW")
    assert cat.name("A_agriculture", "zh-CN") == "农业"
    # no Chinese name known: English shown (reference README "Chinese names")
    assert cat.name("A_cultural_heritage", "zh-CN") == "Cultural Heritage"


def test_first_game_entry_counts_scope_32() -> None:
    """T1: 18 leaders, 12 wonders, 37 technologies, 25 action variants (Ages A-II); 40
    events, 12 territories, 11 tactics, 2 bonus cards."""
    civil = Counter(c.tech_type and "technology" or c.category
                    for c in cat.CIVIL.values() if c.level <= 2)
    assert civil == {"leader": 18, "wonder": 12, "technology": 37, "action": 25}
    mil = Counter(c.category for c in cat.MILITARY.values() if c.level <= 2
                  and c.category in ("event", "territory", "tactic", "bonus"))
    assert mil == {"event": 40, "territory": 12, "tactic": 11, "bonus": 2}


def test_physical_totals_179_civil_150_military() -> None:
    assert sum(len(civil_deck(a, 4)) for a in range(4)) == 179
    assert sum(len(military_deck(a, 4)) for a in range(4)) == 150


def test_catalogue_models_refuse_unknown_keys() -> None:
    raw = cat.CIVIL["I_iron"].model_dump(by_alias=True, exclude_none=True)
    raw["typo"] = 1
    with pytest.raises(ValueError, match="typo"):
        cat.CivilCard.model_validate(raw)


@pytest.mark.parametrize(
    ("model", "card", "change"),
    [
        (cat.CivilCard, cat.CIVIL["I_iron"], {"level": 2}),
        (cat.CivilCard, cat.CIVIL["I_iron"], {"id": "II_iron"}),
        (cat.MilitaryCard, cat.MILITARY["I_phalanx"], {"level": 0}),
        (cat.MilitaryCard, cat.MILITARY["I_phalanx"], {"id": "A_phalanx"}),
    ],
)
def test_both_decks_refuse_an_age_its_level_or_id_prefix_disagrees_with(
    model: type[cat.Card], card: cat.Card, change: dict[str, object]
) -> None:
    raw = card.model_dump(by_alias=True, exclude_none=True)
    model.model_validate(raw)  # as printed: accepted
    with pytest.raises(ValueError, match="age, level and id prefix disagree"):
        model.model_validate({**raw, **change})


def test_tactics_flattened_for_the_army_optimiser() -> None:
    assert TACTIC["II_conquistadors"].needs == (1, 2, 0)
    assert (TACTIC["II_conquistadors"].bonus, TACTIC["II_conquistadors"].obsolete_bonus) == (5, 3)
    assert TACTIC["I_phalanx"].obsolete_bonus is None


def test_catalogue_lists_every_card() -> None:
    data = cat.catalogue()
    assert len(data["civil"]) == 127 and len(data["military"]) == 109
