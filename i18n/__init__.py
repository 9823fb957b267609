"""The one translation layer: every string a player reads comes from ``t(lang, key, **params)``.

A neutral package (no discord, no bot) so both the bot and the renderers read the same
catalogues; ``bot.i18n`` re-exports it for the bot's callers. Catalogues are flat JSON files
with dotted keys, one folder per language and one file per concern, kept beside the bot
(``bot/i18n/locales/<lang>/common.json`` for the lobby, turns and errors, then one file per
game: ``duel.json``, ``seven_wonders.json``, ``innovation.json``, ``tta.json``), merged at
load; a key belongs to exactly one file. Card/wonder/token names come from each engine's
``names.json`` and are exposed as ``<game>.name.<id>``. A missing key falls back to
English, then to the key itself, so a gap shows up as readable text instead of a crash.
"""

from __future__ import annotations

import json
import logging
import re
import string
from functools import cache
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

LANGUAGES: tuple[str, ...] = ("en", "zh-TW", "zh-CN")
DEFAULT = "en"
_ROOT = Path(__file__).resolve().parents[1]
_LOCALES = _ROOT / "bot" / "i18n" / "locales"
_ENGINES = _ROOT / "engines"


class _SafeDict(dict[str, Any]):
    """Leaves an unknown ``{placeholder}`` visible instead of raising KeyError."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def language_for(locale: object | None) -> str | None:
    """Map a Discord locale (``zh-TW``, ``zh-CN``, ``en-US``...) to a catalogue, or None."""
    if locale is None:
        return None
    value = str(getattr(locale, "value", locale))
    if value in ("zh-TW", "zh-HK"):
        return "zh-TW"
    if value.startswith("zh"):
        return "zh-CN"
    if value.startswith("en"):
        return "en"
    return None


@cache
def _names(game: str) -> dict[str, dict[str, str]]:
    """``{id: {lang: name}}`` from ``engines/<game>/data/names.json`` (empty if absent)."""
    path = _ENGINES / game / "data" / "names.json"
    if not path.exists():
        return {}
    data: dict[str, dict[str, str]] = json.loads(path.read_text(encoding="utf-8"))
    return data


def files(lang: str) -> dict[str, str]:
    """Every key of ``locales/<lang>/*.json`` merged (the translators' files, no names)."""
    data: dict[str, str] = {}
    folder = _LOCALES / lang
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        data.update(json.loads(path.read_text(encoding="utf-8")))
    return data


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The flat catalogue of ``lang`` with every engine's names merged in."""
    data = files(lang)
    for engine_dir in sorted(_ENGINES.iterdir()) if _ENGINES.exists() else []:
        for ident, names in _names(engine_dir.name).items():
            if lang in names:
                data.setdefault(f"{engine_dir.name}.name.{ident}", names[lang])
    return data


def has(lang: str, key: str) -> bool:
    """Whether ``key`` exists in ``lang`` or in English."""
    return key in catalogue(lang) or key in catalogue(DEFAULT)


def raw(lang: str, key: str) -> str | None:
    """The unformatted template for ``key`` (English fallback), or None."""
    cat = catalogue(lang if lang in LANGUAGES else DEFAULT)
    if key in cat:
        return cat[key]
    return catalogue(DEFAULT).get(key)


def t(lang: str, key: str, /, **params: Any) -> str:
    """Translate ``key`` into ``lang`` and fill ``{placeholders}`` from ``params``."""
    template = raw(lang, key)
    if template is None:
        log.debug("missing translation key %s", key)
        return key
    if not params:
        return template
    try:
        text = string.Formatter().vformat(template, (), _SafeDict(params))
    except (ValueError, IndexError, AttributeError):
        return template
    return _singular_after_one(text) if lang == DEFAULT else text


#: English catalogue strings are written in the plural ("{cost} coins"); after the number 1
#: the noun is made singular here rather than doubling every template. The nouns so written,
#: per game (a multi-word noun counts as one: "1 civil actions" -> "1 civil action").
PLURAL_NOUNS: tuple[str, ...] = (
    # every game
    "coin", "point", "shield", "card", "turn", "move", "answer", "game", "player",
    # Through the Ages
    "resource", "culture point", "science point", "worker", "civil action",
    "military action", "military card", "stage", "yellow token", "blue token", "choice",
    "discontent worker", "happy face",
)
_ONE_PLURAL = re.compile(
    r"(?<![\d.\-])\b1 (" + "|".join(sorted(PLURAL_NOUNS, key=len, reverse=True)) + r")s\b"
)


def _singular_after_one(text: str) -> str:
    return _ONE_PLURAL.sub(r"1 \1", text)


def name(lang: str, game: str, ident: str) -> str:
    """A card/wonder/token name in ``lang``; the id made readable if unknown."""
    key = f"{game}.name.{ident}"
    if has(lang, key):
        return t(lang, key)
    return ident.replace("_", " ").title()
