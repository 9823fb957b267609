"""The neutral translation layer (``i18n/``): one catalogue loader for the bot and the
renderers (house-review §8.3); ``bot.i18n`` re-exports it unchanged."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import bot.i18n
import i18n

ROOT = Path(__file__).resolve().parents[2]


def test_bot_i18n_is_the_neutral_layer() -> None:
    for attr in ("t", "raw", "has", "name", "catalogue", "files", "language_for", "LANGUAGES",
                 "DEFAULT"):
        assert getattr(bot.i18n, attr) is getattr(i18n, attr), attr


def test_importing_the_layer_pulls_in_neither_the_bot_nor_discord() -> None:
    """A renderer may import ``i18n`` without starting the bot's world."""
    code = ("import sys, i18n, renderers.tta\n"
            "bad = [m for m in sys.modules if m == 'discord' or m.startswith(('bot.', 'discord.'))"
            " or m == 'bot']\n"
            "assert not bad, bad\n"
            "print(i18n.t('zh-TW', 'tta.render.card_row'))\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "卡牌列"


def test_renderer_words_and_card_names_come_from_the_catalogues() -> None:
    assert i18n.t("zh-CN", "tta.render.farms_mines") == "农场和矿山"
    assert i18n.name("zh-TW", "tta", "A_colossus") == "羅德島太陽神巨像"
    assert i18n.name("zh-TW", "tta", "III_movies") == "電影"  # a community name
    # no Chinese name: English
    assert i18n.name("zh-TW", "tta", "A_cultural_heritage") == "Cultural Heritage"
