"""The bot's translation layer: the neutral :mod:`i18n` package, re-exported unchanged.

The catalogue loader lives in the top-level ``i18n`` package so that renderers (which must
not import the bot) read the same catalogues; the locale files stay here in
``bot/i18n/locales``. Existing ``from bot.i18n import t`` callers keep working.
"""

from __future__ import annotations

from i18n import (
    DEFAULT,
    LANGUAGES,
    catalogue,
    files,
    has,
    language_for,
    name,
    raw,
    t,
)

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "catalogue",
    "files",
    "has",
    "language_for",
    "name",
    "raw",
    "t",
]
