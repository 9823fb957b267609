"""Games are unchanged (issue 19): the random games recorded from the engine before it was
made fast (``unchanged_games.py``, fixtures in ``unchanged_games/``) replay to identical
states, events, prompts and views after every answer. One game per mode runs in the quick
suite; the rest is marked ``slow``."""

from __future__ import annotations

import pytest

from engines.tta import undo_window
from tests.engines.tta.unchanged_games import GAMES, QUICK, Game, load, play, steps_of


def _replay(game: Game) -> None:
    stored = steps_of(load(game))
    answers = [(seat, oid) for seat, oid, _ in stored]
    got = list(play(game, answers))
    assert len(got) == len(stored)
    for i, ((seat, oid, want), (_, _, h)) in enumerate(zip(stored, got, strict=True)):
        assert h == want, f"{game.name}: answer {i + 1} ({seat} {oid}) differs"


@pytest.fixture(autouse=True)
def _caching(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine as the bot runs it: the prompt cache on (the TTA conftest turns it off)."""
    monkeypatch.setattr(undo_window, "CACHING", True)


@pytest.mark.parametrize("game", [g for g in GAMES if g.name in QUICK], ids=lambda g: g.name)
def test_quick_games_unchanged(game: Game) -> None:
    _replay(game)


@pytest.mark.slow
@pytest.mark.parametrize("game", [g for g in GAMES if g.name not in QUICK],
                         ids=lambda g: g.name)
def test_games_unchanged(game: Game) -> None:
    _replay(game)


def test_every_mode_recorded() -> None:
    """The fixtures cover every lobby mode at 2, 3 and 4 players, with undo and resignation."""
    modes = {(g.options["mode"], g.players) for g in GAMES}
    assert modes == {(m, p) for m in ("first", "peaceful", "full", "short") for p in (2, 3, 4)}
    assert any(g.undo for g in GAMES) and any(g.resign for g in GAMES)
    assert {g.name for g in GAMES} >= QUICK
