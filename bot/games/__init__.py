"""Per-game words and layout hooks: the only game-specific code in ``bot/``.

Everything else (lobby, prompts, answers, delivery) is generic over the engine contract;
a game whose catalogue entries suffice needs no hook at all.
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Event, Option


class GameWords:
    """Default hooks: use the engine's keys and params as they are."""

    def option(
        self, lang: str, option: Option, params: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """The catalogue key suffix and params that word ``option``."""
        return option.key, params

    def event(self, lang: str, event: Event, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """The catalogue key suffix and params that word ``event``."""
        return event.kind, params

    def hand_lines(
        self, lang: str, view: Any, seat: int | None, names: dict[int, str]
    ) -> list[str]:
        """A few text lines summing up ``view`` for ``/hand`` beside the image."""
        return []


_HOOKS: dict[str, GameWords] = {}


def words_for(game: str) -> GameWords:
    """The hooks of ``game`` (the defaults when it has none)."""
    if not _HOOKS:
        from bot.games.duel import DuelWords

        _HOOKS["duel"] = DuelWords()
    return _HOOKS.get(game) or GameWords()
