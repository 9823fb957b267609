"""Each game's words, found by name: ``words_for``. The words themselves: ``_base``."""

from __future__ import annotations

import importlib
from typing import Any

from bot.games._base import GameWords

__all__ = ["words_for"]

_HOOKS: dict[str, GameWords[Any]] = {}


def words_for(game: str) -> GameWords[Any]:
    """The words of ``game``: the ``GameWords`` subclass its module ``bot.games.<game>``
    defines (found by name, like ``renderers.<game>``), else the defaults."""
    words = _HOOKS.get(game)
    if words is None:
        words = _HOOKS[game] = _find_words(game)
        words.game = game
    return words


def _find_words(game: str) -> GameWords[Any]:
    name = f"{__name__}.{game}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the module exists but imports something missing: a bug, not "no words"
        return GameWords()
    found = [cls for cls in vars(module).values()
             if isinstance(cls, type) and issubclass(cls, GameWords)
             and cls.__module__ == name]
    # a game's words may be built of parts (TtaWords(TtaEventWords)): the most derived
    leaves = [c for c in found if not any(o is not c and issubclass(o, c) for o in found)]
    if len(leaves) > 1:
        raise TypeError(f"{name} defines several GameWords classes: "
                        f"{', '.join(c.__name__ for c in leaves)}")
    return leaves[0]() if leaves else GameWords()
