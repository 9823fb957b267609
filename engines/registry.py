"""Find an engine by its short name (``duel``, ...): every game package is found, none is listed.

The rule: a package directly under ``engines/`` (other than ``core``) is a game when its
``__init__`` exports ``ENGINE``, an :class:`~engines.core.contract.Engine` whose ``name``
is the package's name (the bot finds ``bot.games.<name>`` and ``renderers.<name>`` by the
same name). A package without ``ENGINE`` (a game still being written) is simply not one
yet; a package that fails to import, or exports something else as ``ENGINE``, is a bug and
fails loudly.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import Any

import engines
from engines.core.contract import Engine

#: packages under ``engines/`` that are never games
NOT_GAMES = frozenset({"core"})

_ENGINES: dict[str, Engine[Any]] = {}


def discover(package: ModuleType) -> dict[str, Engine[Any]]:
    """The engines exported by the sub-packages of ``package``, by name (see the rule above)."""
    found: dict[str, Engine[Any]] = {}
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg or info.name in NOT_GAMES or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        engine = getattr(module, "ENGINE", None)
        if engine is None:
            continue
        if not isinstance(engine, Engine):
            raise TypeError(f"{module.__name__}.ENGINE is not an Engine: {engine!r}")
        if engine.name != info.name:
            raise ValueError(f"{module.__name__}.ENGINE is named '{engine.name}', "
                             f"not '{info.name}' like its package")
        found[info.name] = engine
    return found


def _load() -> None:
    if not _ENGINES:
        _ENGINES.update(discover(engines))


def get_engine(name: str) -> Engine[Any]:
    _load()
    try:
        return _ENGINES[name]
    except KeyError:
        raise KeyError(f"unknown game '{name}' (known: {', '.join(sorted(_ENGINES))})") from None


def engine_names() -> list[str]:
    _load()
    return sorted(_ENGINES)
