"""Card names in Chinese: every card, wonder and token of 7 Wonders, 7 Wonders Duel and
Innovation reads with the Chinese name the reference knows, else in English (DEVELOPERS
guide: the best Chinese name that exists, English where none does). Through the Ages has
the same test in ``test_tta_words.py``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.cogs.help import card_choices, find_card
from bot.i18n import name
from engines.duel import catalogue as duel
from engines.innovation import catalogue as innovation
from engines.seven_wonders import catalogue as seven_wonders

#: the shared reference beside the repository (absent in CI)
REFERENCE = Path(__file__).resolve().parents[3].parent / "shared" / "reference"
#: every id each game names, as the engines know them
IDS: dict[str, tuple[str, ...]] = {
    "seven_wonders": (*seven_wonders.CARDS, *seven_wonders.WONDERS),
    "duel": (*duel.CARDS, *duel.WONDERS, *duel.TOKENS, *duel.MILITARY_TOKENS),
    "innovation": (*innovation.CARDS, *innovation.SPECIAL_IDS),
}


def reference(game: str) -> dict[str, dict[str, Any]]:
    """``names`` of the reference's ``<game>/names_zh.json`` (``None`` where none is known)."""
    path = REFERENCE / game / "names_zh.json"
    data: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["names"]
    return data


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
@pytest.mark.parametrize("game", [
    pytest.param(game, marks=pytest.mark.skipif(
        not (REFERENCE / game / "names_zh.json").exists(),
        reason="the reference's names are not here"))
    for game in IDS])
def test_every_card_has_the_reference_s_chinese_name_else_english(game: str, lang: str) -> None:
    names = reference(game)
    script = lang.replace("-", "_")
    assert set(IDS[game]) == set(names)
    wrong = {card: name(lang, game, card) for card in IDS[game]
             if name(lang, game, card) != (names[card][script] or names[card]["en"])}
    assert wrong == {}
    for card in IDS[game]:  # the English names are the reference's too
        assert name("en", game, card) == names[card]["en"], card


def test_the_community_names_fill_the_gaps_and_the_rest_stays_english() -> None:
    """The fan names agreed on (reference ``names_zh_sources.md``) are shown; Circus, which
    the sources disagree on, and Innovation's titles, which its Chinese edition keeps in
    English, are not."""
    assert name("zh-CN", "duel", "school") == "学校"
    assert name("zh-TW", "seven_wonders", "lighthouse") == "燈塔"
    assert name("zh-TW", "duel", "circus") == "Circus"
    assert name("zh-CN", "seven_wonders", "marketplace") == "Marketplace"
    assert name("zh-TW", "innovation", "pottery") == "Pottery"
    assert name("zh-TW", "innovation", "empire") == "Military領域"


@pytest.mark.parametrize("lang", ["en", "zh-TW", "zh-CN"])
@pytest.mark.parametrize(
    ("typed", "game", "card_id"),
    [("圣女贞德", "tta", "I_joan_of_arc"), ("聖女貞德", "tta", "I_joan_of_arc"),
     ("Joan of Arc", "tta", "I_joan_of_arc")],
)
def test_card_is_found_by_any_of_its_names_in_every_client(
    lang: str, typed: str, game: str, card_id: str
) -> None:
    """``/card`` and its autocomplete find a card by its name in any language, whatever
    the player's client speaks; the list shows it in the client's language."""
    assert find_card(typed) == (game, card_id)
    choices = card_choices(lang, typed[:3])
    assert any(value.endswith(card_id) for _, value in choices)
    label = next(label for label, value in choices if value.endswith(card_id))
    assert name(lang, game, card_id) in label
