"""Games are discovered: a package under ``engines/`` exporting ``ENGINE`` is a game."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import pytest

import engines
from engines.registry import discover, engine_names, get_engine


def _package(root: Path, name: str, children: dict[str, str]) -> ModuleType:
    """A package ``name`` under ``root`` whose sub-packages have the given ``__init__``."""
    (root / name).mkdir()
    (root / name / "__init__.py").write_text("")
    (root / name / "helpers.py").write_text("ENGINE = 'a module, not a package'\n")
    for child, init in children.items():
        (root / name / child).mkdir()
        (root / name / child / "__init__.py").write_text(init)
    return importlib.import_module(name)


TOY = "from tests.engines.core.core_toy import ENGINE\n"


def test_a_package_is_a_game_iff_it_exports_engine(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    pkg = _package(tmp_path, "found_games", {
        "counter": TOY,
        "core": TOY,  # never a game, whatever it exports
        "_private": TOY,
        "half_written": "STATE = None\n",  # no ENGINE yet: not a game, not an error
    })
    found = discover(pkg)
    assert list(found) == ["counter"] and found["counter"].name == "counter"


@pytest.mark.parametrize(("init", "error", "match"), [
    (TOY, ValueError, "named 'counter', not 'other'"),
    ("ENGINE = 3\n", TypeError, "not an Engine"),
    ("import not_a_module_anywhere\n", ModuleNotFoundError, "not_a_module_anywhere"),
])
def test_a_broken_game_package_fails_loudly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            init: str, error: type[Exception],
                                            match: str) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    pkg = _package(tmp_path, f"broken_games_{error.__name__.lower()}", {"other": init})
    with pytest.raises(error, match=match):
        discover(pkg)


def test_the_registry_lists_every_exported_engine() -> None:
    names = engine_names()
    assert {"duel", "innovation", "seven_wonders"} <= set(names)
    for name in names:
        package = importlib.import_module(f"engines.{name}")
        assert get_engine(name) is package.ENGINE and "ENGINE" in package.__all__
    assert discover(engines) == {name: get_engine(name) for name in names}
    assert "core" not in names
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        get_engine("chess")
