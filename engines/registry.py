"""Find an engine by its short name (``duel``, ...)."""

from __future__ import annotations

from typing import Any

from engines.core.contract import Engine

_ENGINES: dict[str, Engine[Any]] = {}


def _load() -> None:
    if _ENGINES:
        return
    from engines.duel.engine import DuelEngine
    from engines.seven_wonders.engine import SevenWondersEngine

    for engine in (DuelEngine(), SevenWondersEngine()):
        _ENGINES[engine.name] = engine
    from engines.innovation.engine import InnovationEngine

    _ENGINES["innovation"] = InnovationEngine()


def get_engine(name: str) -> Engine[Any]:
    _load()
    try:
        return _ENGINES[name]
    except KeyError:
        raise KeyError(f"unknown game '{name}' (known: {', '.join(sorted(_ENGINES))})") from None


def engine_names() -> list[str]:
    _load()
    return sorted(_ENGINES)
