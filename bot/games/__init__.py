"""Per-game words and layout hooks: the only game-specific code in ``bot/``.

Everything else (lobby, prompts, answers, delivery) is generic over the engine contract;
a game whose catalogue entries suffice needs no hook at all.

Two layout choices a game may make here besides its words:

- ``stamped``: answer components are pinned to the *question* (a stamp of the prompt's
  kind, params and option ids) instead of the game's version, so a seat's buttons stay
  valid while other seats answer (simultaneous choices), and only the prompts that changed
  are delivered again.
- ``round_key``: a game played in simultaneous turns names its current turn from the public
  view; the thread then gets one summary per turn (events, image, a status message edited
  in place with who is still choosing) instead of a line per answer.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable
from typing import Any

from engines.core.contract import Event, Option, Prompt


class GameWords:
    """Default hooks: use the engine's keys and params as they are."""

    #: pin answer components to the question instead of the game version (see above).
    stamped = False
    #: the function of ``renderers.<game>`` that draws the public board.
    board_renderer = "render_board"
    #: simultaneous turns: one summary and status message per turn (see ``round_key``).
    rounds = False
    #: event kinds never worded for the thread (their news is told another way).
    silent_events: frozenset[str] = frozenset()

    def option(
        self, lang: str, option: Option, params: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """The catalogue key suffix and params that word ``option``."""
        return option.key, params

    def event(self, lang: str, event: Event, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """The catalogue key suffix and params that word ``event``."""
        return event.kind, params

    def prompt(
        self, lang: str, prompt: Prompt, params: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """The catalogue key suffix and params that word ``prompt``."""
        return prompt.kind, params

    def hand_lines(
        self, lang: str, view: Any, seat: int | None, names: dict[int, str]
    ) -> list[str]:
        """A few text lines summing up ``view`` for ``/hand`` beside the image."""
        return []

    def opening_lines(self, lang: str, view: Any, names: dict[int, str]) -> list[str]:
        """Text lines about the opening position, told with "the game has started"."""
        return []

    def status_lines(self, lang: str, view: Any, names: dict[int, str]) -> list[str]:
        """Text beside the public board image in ``/game status`` (e.g. every board)."""
        return []

    def question_key(self, prompt: Prompt) -> str:
        """What makes two prompts of a seat the same question (see ``stamped``)."""
        return prompt.kind + json.dumps(prompt.params, sort_keys=True, default=str)

    def round_key(self, view: Any) -> str | None:
        """The simultaneous turn the public ``view`` is in; None: no turn summaries."""
        return None

    def done(self, prompt: Prompt) -> bool:
        """Whether ``prompt`` only lets a seat that has chosen change its mind."""
        return False

    def still_choosing(self, prompt: Prompt) -> bool:
        """Whether the table may be told (status line, reminder) that this seat is choosing."""
        return not self.done(prompt)

    def round_title(self, lang: str, view: Any) -> str:
        """The heading of a turn's status message."""
        return ""

    def private_images(self, view: Any, seat: int) -> list[tuple[str, dict[str, Any], str]]:
        """Extra images for a seat's private message: (renderer function, kwargs, filename)."""
        return []

    def seat_image(self, seat: int) -> tuple[str, dict[str, Any]] | None:
        """The renderer function (and kwargs) drawing one seat's part of the public view."""
        return None

    def seat_lines(self, lang: str, view: Any, seat: int, names: dict[int, str]) -> list[str]:
        """Text lines about one seat's public position (beside ``seat_image``)."""
        return []

    def neighbours(self, view: Any, seat: int) -> list[int]:
        """Seats whose public position the seat may open with a button from its hand."""
        return []


def of_seat(entries: Iterable[Any], seat: int | None) -> Any | None:
    """The entry (a view's player or city) that belongs to ``seat``, if any."""
    if seat is None:
        return None
    return next((e for e in entries if e.seat == seat), None)


def stamp(game: str, prompt: Prompt) -> str:
    """``t`` + a short base-36 hash naming the question ``prompt`` asks (see ``stamped``)."""
    words = words_for(game)
    text = words.question_key(prompt) + "|" + ",".join(o.id for o in prompt.options)
    value = zlib.crc32(text.encode("utf-8"))
    digits = ""
    while True:
        value, rest = divmod(value, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[rest] + digits
        if not value:
            break
    return "t" + digits


def pin(game: str, prompt: Prompt, version: int) -> str:
    """What a component of ``prompt`` carries in its version slot: a stamp or the version."""
    return stamp(game, prompt) if words_for(game).stamped else str(version)


_HOOKS: dict[str, GameWords] = {}


def words_for(game: str) -> GameWords:
    """The hooks of ``game`` (the defaults when it has none)."""
    if not _HOOKS:
        from bot.games.duel import DuelWords
        from bot.games.innovation import InnovationWords
        from bot.games.seven_wonders import SevenWondersWords

        _HOOKS["duel"] = DuelWords()
        _HOOKS["seven_wonders"] = SevenWondersWords()
        _HOOKS["innovation"] = InnovationWords()
    return _HOOKS.get(game) or GameWords()
