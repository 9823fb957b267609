"""A game's words are found by name: the ``GameWords`` subclass of ``bot.games.<game>``."""

from __future__ import annotations

import sys
from types import ModuleType

import pytest

import bot.games as games
from bot.games import words_for
from bot.games._base import GameWords
from engines.registry import engine_names


def test_each_engine_gets_the_hooks_its_module_defines() -> None:
    for game in engine_names():
        words = words_for(game)
        if type(words).__module__ == f"bot.games.{game}":
            assert words_for(game) is words  # built once
        else:  # a game without a hooks module gets the defaults
            assert type(words) is GameWords
    assert {type(words_for(g)).__name__ for g in ("duel", "innovation", "seven_wonders")} == {
        "DuelWords", "InnovationWords", "SevenWondersWords"}
    assert type(words_for("no_such_game")) is GameWords


def _module(name: str, monkeypatch: pytest.MonkeyPatch, *classes: str) -> None:
    module = ModuleType(name)
    for cls in classes:
        setattr(module, cls, type(cls, (GameWords,), {"__module__": name}))
    module.GameWords = GameWords  # type: ignore[attr-defined]  # imported, not defined here
    monkeypatch.setitem(sys.modules, name, module)


def test_a_module_is_searched_for_the_class_it_defines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "_HOOKS", {})
    _module("bot.games.one_words", monkeypatch, "OneWords")
    assert type(words_for("one_words")).__name__ == "OneWords"
    _module("bot.games.two_words", monkeypatch, "AWords", "BWords")
    with pytest.raises(TypeError, match="several GameWords classes"):
        words_for("two_words")


def test_a_hooks_module_that_fails_to_import_is_not_hidden(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "_HOOKS", {})

    def broken(name: str) -> ModuleType:
        raise ModuleNotFoundError("No module named 'pillow_extras'", name="pillow_extras")

    monkeypatch.setattr(games.importlib, "import_module", broken)
    with pytest.raises(ModuleNotFoundError, match="pillow_extras"):
        words_for("duel")


def test_words_leave_the_pacing_to_the_engine() -> None:
    """How a game is told comes from its engine (``Engine.pacing``, ``Prompt.blocking`` /
    ``discreet`` / ``question`` / ``panel``, the views' ``table_key``), never its words."""
    gone = {"done", "still_choosing", "question_key", "stamped", "renewed_by_answer", "rounds",
            "round_key", "on_panel", "turn_key", "stage_kinds"}
    for game in engine_names():
        assert not gone & set(dir(words_for(game))), game
