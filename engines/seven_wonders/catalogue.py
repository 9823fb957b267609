"""The 7 Wonders (2nd edition) components: 148 Age cards, 7 two-sided wonder boards, names.

Loaded once at import from ``engines/seven_wonders/data/*.json`` and validated with
pydantic, so a typo in a data file fails loudly at start-up. Other packages (renderer, bot)
import the module-level accessors: ``CARDS``, ``WONDERS``, ``RESOURCES``, ``RAW``,
``MANUFACTURED``, ``SCIENCE_SYMBOLS``, ``COLORS``, ``RULES`` and ``names()``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from engines.core.catalogue import Frozen as _Frozen
from engines.core.catalogue import Name as Name  # re-exported: the names.json entry
from engines.core.catalogue import name_in, read_json, validated_names

DATA_DIR = Path(__file__).parent / "data"

Resource = Literal["wood", "stone", "clay", "ore", "glass", "papyrus", "textile"]
Color = Literal["brown", "grey", "blue", "yellow", "red", "green", "purple"]
Symbol = Literal["compass", "gear", "tablet"]
Side = Literal["day", "night"]
Who = Literal["left", "self", "right"]
EffectType = Literal[
    "produce",
    "produce_choice",
    "vp",
    "shields",
    "science",
    "science_wildcard",
    "coins",
    "coins_per",
    "vp_per",
    "trade_discount",
    "vp_if_wonder_complete",
    "free_build",
    "play_last_card_each_age",
    "build_from_discard",
]
FreeBuildRule = Literal["first_card_of_each_color", "first_card_of_each_age",
                        "last_card_of_each_age"]


class Count(_Frozen):
    """What a ``coins_per`` / ``vp_per`` effect counts."""

    kind: Literal["card", "wonder_stage"]
    colors: tuple[Color, ...] = ()


class Effect(_Frozen):
    """One effect of a card or wonder stage (vocabulary: ``engines/seven_wonders/README.md``)."""

    type: EffectType
    resources: dict[Resource, int] | tuple[Resource, ...] | None = None
    choice: tuple[Resource, ...] = ()
    tradable: bool | None = None
    amount: int | None = None
    symbol: Symbol | None = None
    count: Count | None = None
    who: tuple[Who, ...] = ()
    when: Literal["on_build", "end_of_game"] | None = None
    neighbours: tuple[Literal["left", "right"], ...] = ()
    price: int | None = None
    rule: FreeBuildRule | None = None
    cost: Literal["free"] | None = None
    timing: str | None = None

    @model_validator(mode="after")
    def _check(self) -> Effect:
        t = self.type
        if t == "produce" and not isinstance(self.resources, dict):
            raise ValueError("produce needs a {resource: n} map")
        if t == "trade_discount" and not (isinstance(self.resources, tuple) and self.neighbours):
            raise ValueError("trade_discount needs resources and neighbours")
        if t == "produce_choice" and len(self.choice) < 2:
            raise ValueError("produce_choice needs two or more resources")
        if t in ("coins_per", "vp_per") and (self.count is None or not self.who):
            raise ValueError(f"{t} needs count and who")
        if t == "science" and self.symbol is None:
            raise ValueError("science needs a symbol")
        if t == "free_build" and self.rule is None:
            raise ValueError("free_build needs a rule")
        if t in ("vp", "shields", "coins", "coins_per", "vp_per", "vp_if_wonder_complete") \
                and not self.amount:
            raise ValueError(f"{t} needs an amount")
        return self


class Cost(_Frozen):
    coins: int = 0
    resources: dict[Resource, int] = Field(default_factory=dict)


class CardDef(_Frozen):
    id: str
    name: str
    age: Literal[1, 2, 3]
    color: Color
    guild: bool
    #: one entry per physical copy: the player count from which it is used (None: guild)
    copies_min_players: tuple[int, ...] | None
    cost: Cost
    chain_in: str | None = None
    chain_out: tuple[str, ...] = ()
    effects: tuple[Effect, ...]

    def copies(self, players: int) -> int:
        """Physical copies used at ``players`` players (guilds: drawn, so 0 here)."""
        if self.copies_min_players is None:
            return 0
        return sum(1 for m in self.copies_min_players if m <= players)


class StageDef(_Frozen):
    cost: Cost
    effects: tuple[Effect, ...]


class SideDef(_Frozen):
    stages: tuple[StageDef, ...]


class WonderDef(_Frozen):
    id: str
    name: str
    city: str
    starting_resource: Resource
    sides: dict[Side, SideDef]


class RulesDef(_Frozen):
    starting_coins: int
    sell_coins: int
    trade_price: int
    #: Age -> victory token value
    military_victory: dict[int, int]
    military_defeat: int


def _read(name: str) -> Any:
    return read_json(DATA_DIR, name)


def _load() -> tuple[dict[str, CardDef], dict[str, WonderDef], dict[str, Any], RulesDef]:
    raw = _read("cards.json")
    cards = {c["id"]: CardDef.model_validate(c) for c in raw["cards"]}
    wonders = {w["id"]: WonderDef.model_validate(w) for w in _read("wonders.json")["wonders"]}
    rules = RulesDef.model_validate({k: raw[k] for k in RulesDef.model_fields})
    guilds = [c for c in cards.values() if c.guild]
    if len(guilds) != 10 or any(c.age != 3 or c.color != "purple" for c in guilds):
        raise ValueError("expected 10 purple Age III guilds")
    for n in range(3, 8):
        for age in (1, 2, 3):
            size = sum(c.copies(n) for c in cards.values() if c.age == age)
            if size + (n + 2 if age == 3 else 0) != 7 * n:
                raise ValueError(f"Age {age} at {n} players has {size} cards")
    physical = sum(c.copies(7) for c in cards.values()) + len(guilds)
    if physical != 148:
        raise ValueError(f"{physical} physical cards, expected 148")
    chain_out = {s for c in cards.values() for s in c.chain_out}
    for c in cards.values():
        if c.chain_in and c.chain_in not in chain_out:
            raise ValueError(f"{c.id}: no card carries chain symbol {c.chain_in}")
    if len(wonders) != 7 or len({w.starting_resource for w in wonders.values()}) != 7:
        raise ValueError("expected 7 wonders, one per starting resource")
    return cards, wonders, raw, rules


CARDS, WONDERS, _RAW, RULES = _load()

RESOURCES: tuple[str, ...] = tuple(_RAW["resources"]["raw"] + _RAW["resources"]["manufactured"])
RAW: tuple[str, ...] = tuple(_RAW["resources"]["raw"])
MANUFACTURED: tuple[str, ...] = tuple(_RAW["resources"]["manufactured"])
SCIENCE_SYMBOLS: tuple[str, ...] = tuple(_RAW["science_symbols"])
COLORS: tuple[str, ...] = tuple(_RAW["colors"])
GUILDS: tuple[str, ...] = tuple(c.id for c in CARDS.values() if c.guild)
SIDES: tuple[str, ...] = ("day", "night")


@cache
def names() -> dict[str, dict[str, str]]:
    """``{id: {"en", "zh-TW", "zh-CN"}}`` for every card, wonder and game term.

    Where no Chinese name is known the English name stands in.
    """
    return validated_names(DATA_DIR)


def name(item_id: str, locale: str = "en") -> str:
    """Display name of ``item_id`` in ``locale`` (``en``, ``zh-TW``, ``zh-CN``)."""
    return name_in(names(), item_id, locale)


def age_cards(age: int, players: int) -> list[str]:
    """The non-guild card ids of ``age`` used at ``players`` players, one per physical copy."""
    return list(_age_cards(age, players))


@cache
def _age_cards(age: int, players: int) -> tuple[str, ...]:
    out: list[str] = []
    for c in CARDS.values():
        if c.age == age and not c.guild:
            out.extend([c.id] * c.copies(players))
    return tuple(out)


def _count_words(e: Effect) -> str:
    assert e.count is not None
    what = ("wonder stage" if e.count.kind == "wonder_stage"
            else "/".join(e.count.colors) + " card")
    where = {("self",): "in your city", ("left", "right"): "in both neighbouring cities",
             ("left", "self", "right"): "in your city and both neighbouring cities"}
    return f"{what} {where.get(tuple(e.who), '+'.join(e.who))}"


def describe(e: Effect) -> str:
    """A short English description of an effect, in our own words."""
    t = e.type
    if t == "produce":
        assert isinstance(e.resources, dict)
        return "produces " + ", ".join(f"{n} {r}" for r, n in e.resources.items())
    if t == "produce_choice":
        who = "" if e.tradable else " (for the owner only: neighbours cannot buy it)"
        return "produces one of " + "/".join(e.choice) + " each turn" + who
    if t == "vp":
        return f"{e.amount} victory point(s)"
    if t == "shields":
        return f"{e.amount} shield(s)"
    if t == "science":
        return f"science symbol: {e.symbol}"
    if t == "science_wildcard":
        return "a science symbol of your choice (chosen at the end for the best score)"
    if t == "coins":
        return f"take {e.amount} coins from the bank once"
    if t == "coins_per":
        return f"take {e.amount} coin(s) per {_count_words(e)}, once, when built"
    if t == "vp_per":
        return f"{e.amount} VP per {_count_words(e)} at the end of the game"
    if t == "trade_discount":
        sides = " and ".join(e.neighbours)
        return f"buy {'/'.join(e.resources or ())} from the {sides} neighbour for {e.price} coin"
    if t == "vp_if_wonder_complete":
        return f"{e.amount} VP if every stage of your wonder is built"
    if t == "free_build":
        return {
            "first_card_of_each_color": "the first card of each colour you build costs nothing",
            "first_card_of_each_age": "the card you build on the first turn of each Age is free",
            "last_card_of_each_age": "the card you build on the last turn of each Age is free",
        }[e.rule or ""]
    if t == "play_last_card_each_age":
        return "play the 7th card of each Age (build, wonder stage or sell) instead of discarding"
    if t == "build_from_discard":
        return "at the end of this turn, build one card of the discard pile for free"
    raise ValueError(t)  # pragma: no cover - the Literal covers every type


def _cost(c: Cost) -> dict[str, Any]:
    return {"coins": c.coins, "resources": dict(c.resources)}


def _effects(effs: tuple[Effect, ...]) -> list[dict[str, Any]]:
    return [{**e.model_dump(exclude_none=True, exclude_defaults=True), "type": e.type,
             "text": describe(e)} for e in effs]


def catalogue() -> dict[str, Any]:
    """Every card and wonder (both sides) with its facts (``python -m engines cards``)."""
    nm = names()
    return {
        "game": "seven_wonders",
        "rules": RULES.model_dump(),
        "cards": [
            {
                "id": c.id,
                "name": c.name,
                "names": nm.get(c.id),
                "age": c.age,
                "color": c.color,
                "guild": c.guild,
                "copies_min_players": list(c.copies_min_players or []),
                "cost": _cost(c.cost),
                "chain_in": c.chain_in,
                "chain_out": list(c.chain_out),
                "effects": _effects(c.effects),
            }
            for c in CARDS.values()
        ],
        "wonders": [
            {
                "id": w.id,
                "name": w.name,
                "names": nm.get(w.id),
                "city": w.city,
                "starting_resource": w.starting_resource,
                "sides": {
                    side: [
                        {"stage": i + 1, "cost": _cost(s.cost), "effects": _effects(s.effects)}
                        for i, s in enumerate(w.sides[side].stages)  # type: ignore[index]
                    ]
                    for side in SIDES
                },
            }
            for w in WONDERS.values()
        ],
    }
