"""The Innovation components: 105 cards, 5 special achievements, names.

Loaded once from ``engines/innovation/data/*.json`` and validated with pydantic, so a typo
in a data file fails loudly at start-up. The renderer and the bot import ``CARDS``
(id -> ``Card``), ``CARD_IDS`` (data order), ``SPECIALS`` (id -> ``SpecialAchievement``),
``COLORS``, ``ICONS``, ``POSITIONS``, ``SPLAYS``, ``SPLAY_VISIBLE`` and ``names()``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from engines.core.catalogue import name_in, read_json

DATA_DIR = Path(__file__).parent / "data"

Color = Literal["blue", "red", "green", "yellow", "purple"]
Icon = Literal["crown", "leaf", "lightbulb", "castle", "factory", "clock"]
Spot = Literal["crown", "leaf", "lightbulb", "castle", "factory", "clock", "hex"]
Position = Literal["top_left", "bottom_left", "bottom_middle", "bottom_right"]
Splay = Literal["none", "left", "right", "up"]

#: pile order on a board (index used everywhere in the state)
COLORS: tuple[Color, ...] = ("blue", "red", "green", "yellow", "purple")
ICONS: tuple[Icon, ...] = ("crown", "leaf", "lightbulb", "castle", "factory", "clock")
POSITIONS: tuple[Position, ...] = ("top_left", "bottom_left", "bottom_middle", "bottom_right")
SPLAYS: tuple[Splay, ...] = ("none", "left", "right", "up")
#: which icon positions of a covered card a splay shows
SPLAY_VISIBLE: dict[Splay, tuple[Position, ...]] = {
    "none": (),
    "left": ("bottom_right",),
    "right": ("top_left", "bottom_left"),
    "up": ("bottom_left", "bottom_middle", "bottom_right"),
}
#: achievements needed to win, by number of players
ACHIEVEMENTS_TO_WIN = {2: 6, 3: 5, 4: 4}


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")


class Icons(_Frozen):
    top_left: Spot
    bottom_left: Spot
    bottom_middle: Spot
    bottom_right: Spot

    def at(self, position: Position) -> Spot:
        return getattr(self, position)  # type: ignore[no-any-return]


class Dogma(_Frozen):
    index: int
    kind: Literal["demand", "cooperative"]
    summary: str
    has_may_choice: bool = False


class Card(_Frozen):
    id: str
    name: str
    age: int
    color: Color
    icons: Icons
    dogma_icon: Icon
    has_demand: bool
    dogmas: tuple[Dogma, ...]
    clarifications: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _check(self) -> Card:
        spots = [self.icons.at(p) for p in POSITIONS]
        if spots.count("hex") != 1:
            raise ValueError(f"{self.id}: exactly one hexagon expected")
        if self.dogma_icon not in spots:
            raise ValueError(f"{self.id}: dogma icon not printed on the card")
        if not 1 <= self.age <= 10:
            raise ValueError(f"{self.id}: age out of range")
        if self.has_demand != any(d.kind == "demand" for d in self.dogmas):
            raise ValueError(f"{self.id}: demand flag disagrees with its dogmas")
        return self

    def icon_counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for p in POSITIONS:
            spot = self.icons.at(p)
            if spot != "hex":
                out[spot] = out.get(spot, 0) + 1
        return out


class SpecialAchievement(_Frozen):
    id: str
    name_en: str
    condition: str
    alternate_claim: dict[str, Any]


def _read(name: str) -> Any:
    return read_json(DATA_DIR, name)


def _load() -> tuple[dict[str, Card], dict[str, SpecialAchievement]]:
    cards = [Card.model_validate(c) for c in _read("cards.json")["cards"]]
    by_id = {c.id: c for c in cards}
    if len(by_id) != 105:
        raise ValueError("Innovation needs 105 distinct cards")
    for age in range(1, 11):
        n = sum(1 for c in cards if c.age == age)
        if n != (15 if age == 1 else 10):
            raise ValueError(f"age {age} has {n} cards")
    specials = [SpecialAchievement.model_validate(s)
                for s in _read("achievements.json")["special_achievements"]]
    return by_id, {s.id: s for s in specials}


CARDS, SPECIALS = _load()
CARD_IDS: tuple[str, ...] = tuple(CARDS)
SPECIAL_IDS: tuple[str, ...] = ("monument", "empire", "world", "wonder", "universe")


@cache
def names() -> dict[str, dict[str, str]]:
    """``{id: {"en", "zh-TW", "zh-CN"}}`` for cards, special achievements and terms."""
    raw: dict[str, dict[str, str]] = _read("names.json")
    missing = [i for i in (*CARD_IDS, *SPECIAL_IDS) if i not in raw]
    if missing:
        raise ValueError(f"names.json lacks {missing}")
    return raw


def name(item_id: str, locale: str = "en") -> str:
    return name_in(names(), item_id, locale)


def catalogue() -> dict[str, Any]:
    """Everything ``python -m engines cards innovation`` prints."""
    nm = names()
    cards = []
    for c in CARDS.values():
        cards.append({
            "id": c.id,
            "name": c.name,
            "names": nm.get(c.id),
            "age": c.age,
            "color": c.color,
            "dogma_icon": c.dogma_icon,
            "icons": [c.icons.at(p) for p in POSITIONS],
            "icon_counts": c.icon_counts(),
            "has_demand": c.has_demand,
            "effects": [{"kind": d.kind, "text": f"[{d.kind}] {d.summary}"} for d in c.dogmas],
        })
    specials = [
        {"id": s.id, "name": s.name_en, "names": nm.get(s.id), "condition": s.condition,
         "card": s.alternate_claim.get("card")}
        for s in SPECIALS.values()
    ]
    return {
        "cards": cards,
        "special_achievements": specials,
        "achievements_to_win": {str(k): v for k, v in ACHIEVEMENTS_TO_WIN.items()},
        "colors": list(COLORS),
        "icons": list(ICONS),
    }
