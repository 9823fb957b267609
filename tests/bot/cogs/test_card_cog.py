"""``/card`` over every game's catalogue: names in any language, ids several games share,
``game:`` to narrow the search, each game's own embed (TTA's only once it is registered)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.cogs import help as card_cog
from bot.games.tta import TtaWords
from engines import registry
from engines.tta.engine import TtaEngine
from tests.bot.bot_harness import World
from tests.bot.sw_driver import replies


@pytest.fixture(autouse=True)
def fresh_entries() -> Iterator[None]:
    """The cog caches each game's entries: start and end every test without them."""
    card_cog.entries.cache_clear()
    yield
    card_cog.entries.cache_clear()


@pytest.fixture
def tta_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """TTA as the lead will switch it on: in the registry beside the other games."""
    registry.engine_names()  # loads the registry first
    monkeypatch.setitem(registry._ENGINES, "tta", TtaEngine())


def test_innovation_cards_keep_their_bare_ids_and_their_dogmas() -> None:
    choices = card_cog.card_choices("en", "arch")
    assert ("Archery (1) — Innovation", "archery") in choices
    assert card_cog.find_card("archery") == ("innovation", "archery")
    embed = card_cog.card_embed("en", "innovation", "archery")
    assert "Archery" in (embed.title or "") and "demand" in (embed.description or "").lower()


def test_an_id_several_games_share_carries_its_game() -> None:
    values = [v for _, v in card_cog.card_choices("en", "lumber yard")]
    assert "duel:lumber_yard" in values and "seven_wonders:lumber_yard" in values
    assert card_cog.find_card("seven_wonders:lumber_yard") == ("seven_wonders", "lumber_yard")
    # the first game in name order wins a bare id or a name
    assert card_cog.find_card("lumber_yard") == ("duel", "lumber_yard")
    assert card_cog.find_card("伐木場") == ("duel", "lumber_yard")


def test_game_narrows_the_search_and_its_labels() -> None:
    choices = card_cog.card_choices("en", "lumber", "seven_wonders")
    assert choices == [("Lumber Yard (1)", "lumber_yard")]
    assert card_cog.find_card("Lumber Yard", "seven_wonders") == ("seven_wonders", "lumber_yard")
    assert card_cog.find_card("no such card") is None


def test_a_game_without_a_hook_shows_its_catalogue_texts() -> None:
    embed = card_cog.card_embed("en", "duel", "lumber_yard")
    assert embed.title == "Lumber Yard (1)"
    assert "produces 1 wood" in (embed.description or "")


def test_tta_is_found_as_a_discovered_game() -> None:
    """No registration by hand: exporting ``ENGINE`` from ``engines/tta`` is what puts its
    cards under /card."""
    assert "tta" in registry.engine_names()
    assert card_cog.find_card("Swordsmen") == ("tta", "I_swordsmen")


def test_tta_cards_when_registered(tta_registered: None) -> None:
    assert card_cog.find_card("Swordsmen", "tta") == ("tta", "I_swordsmen")
    assert card_cog.find_card("剑士", "tta") == ("tta", "I_swordsmen")
    assert ("Swordsmen (I)", "I_swordsmen") in card_cog.card_choices("en", "swords", "tta")
    assert ("Swordsmen (I) — Through the Ages", "I_swordsmen") in card_cog.card_choices(
        "en", "swords")
    embed = card_cog.card_embed("en", "tta", "I_swordsmen")
    assert embed.title == "Swordsmen — Age I · Infantry"
    text = embed.description or ""
    assert "each unit costs 3 resources" in text  # the paraphrase
    assert "Science cost: 4" in text and "Build cost: 3 resources" in text
    assert "Each worker on it: +2 strength" in text
    assert "Copies with 2 / 3 / 4 players: 2 / 2 / 2" in text


def test_tta_hook_words_wonders_tactics_governments_and_bonus_cards() -> None:
    words = TtaWords()
    entries = words.card_entries(TtaEngine().catalogue())
    peter = "I_st_peter_s_basilica"
    title, lines = words.card_text("en", peter, entries[peter])
    assert title == "St. Peter's Basilica — Age I · Wonder"
    assert "Wonder stages: 4 + 4 resources" in lines
    assert "In play: +2 culture points, +1 happy face" in lines
    _, lines = words.card_text("en", "I_legion", entries["I_legion"])
    assert "Army: 3× infantry → +2" in lines
    _, lines = words.card_text("zh-TW", "A_despotism", entries["A_despotism"])
    assert "在場時：內政行動點 +4、軍事行動點 +2、城市建築上限 +2" in lines
    assert "印在每位玩家的版圖上。" in lines
    _, lines = words.card_text("en", "I_defense_colonization_bonus",
                               entries["I_defense_colonization_bonus"])
    assert "Defense +2 · colonization +1" in lines


async def test_slash_card_finds_a_tta_card_with_game(world: World, tta_registered: None,
                                                    simcord_bot: object) -> None:
    choices = await world.carol.autocomplete(world.channel, "card", "name", "swords")
    assert any(c["value"] == "I_swordsmen" for c in choices)
    shown = await world.carol.slash(world.channel, "card", name="Swordsmen", game="tta")
    card = replies(shown)[-1]
    assert card.ephemeral and card.embeds[0].title == "Swordsmen — Age I · Infantry"
