"""The translation layer: zh catalogues cover what players read; fallbacks; command names."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from discord import app_commands

from bot.i18n import LANGUAGES, catalogue, language_for, name, t
from bot.i18n.translator import CommandTranslator
from games.models import ServiceError
from tests.bot.bot_harness import make_settings

LOCALES = Path(__file__).resolve().parents[3] / "bot" / "i18n" / "locales"
PLAYER_FACING = (
    "lobby.",
    "turn.",
    "errors.",
    "result.",
    "duel.",
    "seven_wonders.",
    "innovation.",
    "tta.",
    "list.",
    "status.",
    "help.",
    "game.",
    "abandon.",
    "settings.",
    "log.",
)


def raw(lang: str) -> dict[str, str]:
    data: dict[str, str] = {}
    for path in sorted((LOCALES / lang).glob("*.json")):
        part = json.loads(path.read_text(encoding="utf-8"))
        assert not set(part) & set(data), f"{path.name} repeats keys of another file"
        data.update(part)
    return data


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
def test_chinese_catalogues_cover_every_player_facing_key(lang: str) -> None:
    en = raw("en")
    zh = raw(lang)
    missing = sorted(k for k in en if k.startswith(PLAYER_FACING) and k not in zh)
    assert missing == []


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
def test_placeholders_match_english(lang: str) -> None:
    en, zh = raw("en"), raw(lang)
    for key, text in zh.items():
        if key in en:
            assert set(re.findall(r"{(\w+)}", text)) == set(re.findall(r"{(\w+)}", en[key])), key


def test_simplified_uses_no_traditional_forms() -> None:
    text = "".join(v for k, v in raw("zh-CN").items() if k != "language.zh-TW")
    assert not set(text) & set("遊戲對開選項輪錢幣棄擇們這個說時間")


def test_every_service_and_engine_error_key_is_worded() -> None:
    service = Path(__file__).resolve().parents[3] / "games" / "service.py"
    keys = set(re.findall(r'ServiceError\(\s*"(\w+)"', service.read_text(encoding="utf-8")))
    readme = Path(__file__).resolve().parents[3] / "engines" / "duel" / "README.md"
    section = readme.read_text(encoding="utf-8").split("IllegalAnswer keys")[1].split("##")[0]
    keys |= set(re.findall(r"^\| `(\w+)` \|", section, re.M))
    for lang in LANGUAGES:
        missing = sorted(k for k in keys if f"errors.{k}" not in catalogue(lang))
        assert missing == [], lang


def test_every_engine_refusal_is_worded() -> None:
    engines = Path(__file__).resolve().parents[3] / "engines"
    keys: set[str] = set()
    for path in engines.rglob("*.py"):
        keys |= set(re.findall(r'IllegalAnswer\(\s*"(\w+)"', path.read_text(encoding="utf-8")))
    assert keys
    for lang in LANGUAGES:
        missing = sorted(k for k in keys if f"errors.{k}" not in catalogue(lang))
        assert missing == [], lang


def test_every_game_has_a_title_in_every_language() -> None:
    from engines.registry import engine_names

    for lang in LANGUAGES:
        for game in engine_names():
            assert f"game.{game}" in catalogue(lang), (lang, game)


def test_fallbacks() -> None:
    assert t("zh-TW", "no.such.key") == "no.such.key"
    catalogue("zh-TW")  # loaded
    assert t("fr", "lobby.button.join") == "Join"  # unknown language: English
    assert t("en", "result.winner") == "Winner: {names}"  # missing params stay visible
    assert t("en", "result.winner", names="ann") == "Winner: ann"
    assert name("zh-TW", "duel", "lumber_yard") == "伐木場"
    assert name("en", "duel", "no_such_card") == "No Such Card"
    err = ServiceError("game_full", "full", max_players=2)
    assert t("zh-CN", f"errors.{err.key}", **err.params) == "这局游戏已满（2 人）。"


def test_language_for_discord_locales() -> None:
    assert language_for("zh-TW") == "zh-TW"
    assert language_for("zh-CN") == "zh-CN"
    assert language_for("en-US") == "en"
    assert language_for("fr") is None


async def test_command_translator_localises_names_and_descriptions() -> None:
    from discord import Locale

    from bot.client import CivBot

    bot = CivBot(make_settings(Path("/nonexistent.db")), renderer=None)
    for ext in ("bot.cogs.lobby", "bot.cogs.play", "bot.cogs.help"):
        await bot.load_extension(ext)
    translator = CommandTranslator()
    await bot.tree.set_translator(translator)
    payloads = {
        c.name: await c.get_translated_payload(bot.tree, translator)
        for c in bot.tree.get_commands()
    }
    game = payloads["game"]
    assert game["name_localizations"][Locale.taiwan_chinese.value] == "遊戲"
    assert game["name_localizations"][Locale.chinese.value] == "游戏"
    new = next(o for o in game["options"] if o["name"] == "new")
    assert "討論串" in new["description_localizations"]["zh-TW"]
    play = payloads["play"]
    assert play["options"][0]["name_localizations"]["zh-CN"] == "选项"
    assert isinstance(bot.tree.translator, app_commands.Translator)
    await bot.close()
