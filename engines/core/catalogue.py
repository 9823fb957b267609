"""What the engines' catalogues share: reading a data file, frozen pydantic models and the
display names (``names.json``: ``{id: {"en", "zh-TW", "zh-CN"}}``).

Each engine's ``catalogue`` module keeps its own models, checks and public accessors
(``names()``, ``name()``, ``CARDS`` …); this module only holds what is the same for all.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Frozen(BaseModel):
    """A catalogue entry: immutable, and a key the data file does not define is an error."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Name(BaseModel):
    """One entry of ``names.json``."""

    model_config = ConfigDict(frozen=True, populate_by_name=True)

    en: str
    zh_TW: str = Field(alias="zh-TW")
    zh_CN: str = Field(alias="zh-CN")


def read_json(data_dir: Path, name: str) -> Any:
    """The parsed JSON file ``data_dir / name`` (UTF-8)."""
    return json.loads((data_dir / name).read_text(encoding="utf-8"))


def validated_names(data_dir: Path) -> dict[str, dict[str, str]]:
    """``names.json`` of ``data_dir``, every entry validated as a ``Name``."""
    raw = read_json(data_dir, "names.json")
    return {k: Name.model_validate(v).model_dump(by_alias=True) for k, v in raw.items()}


def name_in(names: dict[str, dict[str, str]], item_id: str, locale: str) -> str:
    """Display name of ``item_id`` in ``locale``; English where that locale has none, the
    id itself where the item has no entry."""
    entry = names.get(item_id)
    if entry is None:
        return item_id
    return entry.get(locale) or entry["en"]
