"""The Duel components (cards, wonders, progress tokens, military track, layouts, names).

Loaded once at import from ``engines/duel/data/*.json`` and validated with pydantic, so a
typo in a data file fails loudly at start-up. Other packages (renderer, bot) import the
module-level accessors: ``CARDS``, ``WONDERS``, ``TOKENS``, ``MILITARY``, ``LAYOUTS``,
``RESOURCES``, ``SCIENCE_SYMBOLS``, ``CHAIN_SYMBOLS``, ``FIRST_GAME_WONDERS`` and ``names()``.
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

Resource = Literal["wood", "clay", "stone", "glass", "papyrus"]
Color = Literal["brown", "grey", "blue", "green", "yellow", "red", "purple"]
Deck = Literal["age1", "age2", "age3", "guild"]
EffectType = Literal[
    "produce",
    "produce_one_of",
    "fixed_trade_price",
    "shields",
    "science_symbol",
    "vp",
    "coins",
    "coins_per",
    "vp_per",
    "extra_turn",
    "opponent_loses_coins",
    "destroy_opponent_card",
    "build_from_discard",
    "progress_token_from_box",
    "resource_discount",
    "receive_opponent_trade_payments",
    "extra_shields_on_red",
    "wonders_grant_extra_turn",
    "coins_on_chain_build",
]


class Counter(_Frozen):
    """What a ``coins_per`` / ``vp_per`` effect counts."""

    what: Literal["cards", "wonders_built", "coin_sets_of_3", "progress_tokens"]
    colors: tuple[Color, ...] = ()


class Effect(_Frozen):
    """One effect of a card, wonder or token (see ``engines/duel/README.md``)."""

    type: EffectType
    when: Literal["on_build", "ongoing", "end_game"]
    resource: Resource | None = None
    resources: tuple[Resource, ...] = ()
    amount: int | None = None
    price: int | None = None
    symbol: str | None = None
    color: Color | None = None
    counter: Counter | None = None
    city: Literal["own", "max"] | None = None
    applies_to: Literal["wonder", "blue"] | None = None
    draw: int | None = None
    keep: int | None = None


class Cost(_Frozen):
    coins: int = 0
    resources: dict[Resource, int] = Field(default_factory=dict)


class CardDef(_Frozen):
    id: str
    name: str
    age: Literal[1, 2, 3]
    deck: Deck
    color: Color
    cost: Cost
    chain_from: str | None = None
    chain_to: str | None = None
    effects: tuple[Effect, ...]


class WonderDef(_Frozen):
    id: str
    name: str
    cost: Cost
    effects: tuple[Effect, ...]


class TokenDef(_Frozen):
    id: str
    name: str
    effects: tuple[Effect, ...]


class MilitaryTokenDef(_Frozen):
    id: str
    victim: Literal[0, 1]  # seat that loses the coins (a = seat 0)
    spaces: tuple[int, ...]
    coins: int


class MilitaryDef(_Frozen):
    supremacy_distance: int
    vp_by_distance: tuple[int, ...]  # index = |pawn position| 0..8
    tokens: tuple[MilitaryTokenDef, ...]


class SlotDef(_Frozen):
    slot: int
    row: int
    col: int
    face_up: bool
    covered_by: tuple[int, ...]
    covers: tuple[int, ...]


class LayoutDef(_Frozen):
    age: Literal[1, 2, 3]
    row_sizes: tuple[int, ...]
    slots: tuple[SlotDef, ...]

    @model_validator(mode="after")
    def _check(self) -> LayoutDef:
        if len(self.slots) != 20 or sum(self.row_sizes) != 20:
            raise ValueError(f"age {self.age} layout must have 20 slots")
        for s in self.slots:
            for c in s.covered_by:
                if s.slot not in self.slots[c].covers:
                    raise ValueError(f"age {self.age}: slot {s.slot} covering graph mismatch")
        return self


def _read(name: str) -> Any:
    return read_json(DATA_DIR, name)


def _load() -> tuple[
    dict[str, CardDef],
    dict[str, WonderDef],
    dict[str, TokenDef],
    MilitaryDef,
    dict[int, LayoutDef],
    dict[str, Any],
    dict[str, Any],
]:
    cards_raw = _read("cards.json")
    cards = {c["id"]: CardDef.model_validate(c) for c in cards_raw["cards"]}
    wonders_raw = _read("wonders.json")
    wonders = {w["id"]: WonderDef.model_validate(w) for w in wonders_raw["wonders"]}
    tokens = {t["id"]: TokenDef.model_validate(t) for t in _read("progress_tokens.json")["tokens"]}
    military = MilitaryDef.model_validate(_read("military.json"))
    layouts = {a["age"]: LayoutDef.model_validate(a) for a in _read("layouts.json")["ages"]}
    decks = ("age1", "age2", "age3", "guild")
    counts = {d: sum(1 for c in cards.values() if c.deck == d) for d in decks}
    if counts != {"age1": 23, "age2": 23, "age3": 20, "guild": 7}:
        raise ValueError(f"unexpected deck sizes {counts}")
    if len(wonders) != 12 or len(tokens) != 10:
        raise ValueError("expected 12 wonders and 10 progress tokens")
    for c in cards.values():
        if c.chain_from and not any(o.chain_to == c.chain_from for o in cards.values()):
            raise ValueError(f"{c.id}: no card carries chain symbol {c.chain_from}")
    return cards, wonders, tokens, military, layouts, cards_raw, wonders_raw


(
    CARDS,
    WONDERS,
    TOKENS,
    MILITARY,
    LAYOUTS,
    _CARDS_RAW,
    _WONDERS_RAW,
) = _load()

RESOURCES: tuple[str, ...] = tuple(_CARDS_RAW["resources"])
SCIENCE_SYMBOLS: tuple[str, ...] = tuple(_CARDS_RAW["science_symbols"])
CHAIN_SYMBOLS: tuple[str, ...] = tuple(_CARDS_RAW["chain_symbols"])
#: the rulebook's fixed split for a first game: index 0 = player 1 (the first player).
FIRST_GAME_WONDERS: tuple[tuple[str, ...], tuple[str, ...]] = (
    tuple(_WONDERS_RAW["first_game"]["player_1"]),
    tuple(_WONDERS_RAW["first_game"]["player_2"]),
)
#: who picks each drafted wonder: "A" = the first player, "B" = the other.
DRAFT_PICK_ORDER: tuple[str, ...] = tuple(_WONDERS_RAW["draft_pick_order"])
MAX_WONDERS_BUILT: int = int(_WONDERS_RAW["max_built"])
MILITARY_TOKENS: tuple[str, ...] = tuple(t.id for t in MILITARY.tokens)


@cache
def names() -> dict[str, dict[str, str]]:
    """``{id: {"en", "zh-TW", "zh-CN"}}`` for every card, wonder, token and game term."""
    return validated_names(DATA_DIR)


def name(item_id: str, locale: str = "en") -> str:
    """Display name of ``item_id`` in ``locale`` (``en``, ``zh-TW``, ``zh-CN``)."""
    return name_in(names(), item_id, locale)


def deck_cards(deck: str) -> list[str]:
    """Card ids of one deck (``age1``, ``age2``, ``age3``, ``guild``) in data order (a new
    list: every game shuffles its own)."""
    return list(_DECKS[deck])


_DECKS: dict[str, tuple[str, ...]] = {
    deck: tuple(c.id for c in CARDS.values() if c.deck == deck)
    for deck in ("age1", "age2", "age3", "guild")
}


def _counter_words(counter: Counter | None) -> str:
    if counter is None:
        return ""
    if counter.what == "cards":
        return "+".join(counter.colors) + " card"
    return {
        "wonders_built": "wonder built",
        "coin_sets_of_3": "3 coins",
        "progress_tokens": "progress token",
    }[counter.what]


def describe(effect: Effect) -> str:
    """A short English description of an effect, in our own words."""
    t = effect.type
    if t == "produce":
        return f"produces {effect.amount} {effect.resource}"
    if t == "produce_one_of":
        return "produces one of " + "/".join(effect.resources) + " each turn"
    if t == "fixed_trade_price":
        return "buy " + "/".join(effect.resources) + f" for {effect.price} coin each"
    if t == "shields":
        return f"{effect.amount} shield(s): pawn moves toward the opponent"
    if t == "science_symbol":
        return f"science symbol: {effect.symbol}"
    if t == "vp":
        return f"{effect.amount} victory points"
    if t == "coins":
        return f"take {effect.amount} coins"
    if t == "coins_per":
        where = "your city" if effect.city == "own" else "the city with the most"
        return f"take {effect.amount} coin(s) per {_counter_words(effect.counter)} in {where}"
    if t == "vp_per":
        where = "your city" if effect.city == "own" else "the city with the most"
        return f"{effect.amount} VP per {_counter_words(effect.counter)} in {where} at the end"
    if t == "extra_turn":
        return "play again"
    if t == "opponent_loses_coins":
        return f"opponent loses {effect.amount} coins"
    if t == "destroy_opponent_card":
        return f"discard one {effect.color} card of the opponent"
    if t == "build_from_discard":
        return "build one discarded card for free"
    if t == "progress_token_from_box":
        return f"draw {effect.draw} set-aside progress tokens, keep {effect.keep}"
    if t == "resource_discount":
        what = "wonders" if effect.applies_to == "wonder" else "blue cards"
        return f"{what} cost {effect.amount} resources less (your choice)"
    if t == "receive_opponent_trade_payments":
        return "receive the coins the opponent pays for trading"
    if t == "extra_shields_on_red":
        return f"+{effect.amount} shield on each red card built later"
    if t == "wonders_grant_extra_turn":
        return "every wonder built later lets you play again"
    if t == "coins_on_chain_build":
        return f"take {effect.amount} coins whenever you build through a chain"
    raise ValueError(t)  # pragma: no cover - the Literal covers every type


def catalogue() -> dict[str, Any]:
    """Every card, wonder and progress token with its facts (for ``python -m engines cards``)."""

    def cost(c: Cost) -> dict[str, Any]:
        return {"coins": c.coins, "resources": dict(c.resources)}

    def effects(effs: tuple[Effect, ...]) -> list[dict[str, Any]]:
        return [
            {**e.model_dump(exclude_none=True, exclude_defaults=True), "type": e.type,
             "when": e.when, "text": describe(e)}
            for e in effs
        ]

    nm = names()
    return {
        "game": "duel",
        "cards": [
            {
                "id": c.id,
                "name": c.name,
                "names": nm.get(c.id),
                "age": c.age,
                "deck": c.deck,
                "color": c.color,
                "cost": cost(c.cost),
                "chain_from": c.chain_from,
                "chain_to": c.chain_to,
                "effects": effects(c.effects),
            }
            for c in CARDS.values()
        ],
        "wonders": [
            {
                "id": w.id,
                "name": w.name,
                "names": nm.get(w.id),
                "cost": cost(w.cost),
                "effects": effects(w.effects),
            }
            for w in WONDERS.values()
        ],
        "progress_tokens": [
            {"id": t.id, "name": t.name, "names": nm.get(t.id), "effects": effects(t.effects)}
            for t in TOKENS.values()
        ],
        "military_tokens": [t.model_dump() for t in MILITARY.tokens],
    }
