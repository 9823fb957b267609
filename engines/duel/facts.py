"""Card, wonder and token facts precomputed into plain tuples/ints for the hot path.

The pydantic catalogue is the validated source; this module flattens it once at import
so that ``prompts``/``apply`` never touch pydantic objects.
"""

from __future__ import annotations

from typing import Any

from engines.core.fast import event, fast_option, fast_prompt  # noqa: F401 (re-exported)
from engines.duel.catalogue import CARDS, LAYOUTS, MILITARY, SCIENCE_SYMBOLS, TOKENS, WONDERS, Cost

# Resource indices (the order of every 5-long production/cost tuple).
WOOD, CLAY, STONE, GLASS, PAPYRUS = range(5)
RESOURCE_IDS: tuple[str, ...] = ("wood", "clay", "stone", "glass", "papyrus")
RES_INDEX = {r: i for i, r in enumerate(RESOURCE_IDS)}

# Colour indices (the order of every 7-long colour-count list).
BROWN, GREY, BLUE, GREEN, YELLOW, RED, PURPLE = range(7)
COLOR_IDS: tuple[str, ...] = ("brown", "grey", "blue", "green", "yellow", "red", "purple")
COLOR_INDEX = {c: i for i, c in enumerate(COLOR_IDS)}

SYMBOL_IDS: tuple[str, ...] = SCIENCE_SYMBOLS
SYMBOL_INDEX = {s: i for i, s in enumerate(SYMBOL_IDS)}

# Counter codes for coins_per / vp_per.
COUNT_COLORS, COUNT_WONDERS, COUNT_COIN_SETS, COUNT_TOKENS = range(4)


class Counted:
    """A ``coins_per``/``vp_per`` rule: ``amount`` x count of ``what`` in own/max city."""

    __slots__ = ("amount", "what", "colors", "max_city")

    def __init__(self, amount: int, what: int, colors: tuple[int, ...], max_city: bool) -> None:
        self.amount = amount
        self.what = what
        self.colors = colors
        self.max_city = max_city


def _counted(effect: Any) -> Counted:
    what = {
        "cards": COUNT_COLORS,
        "wonders_built": COUNT_WONDERS,
        "coin_sets_of_3": COUNT_COIN_SETS,
        "progress_tokens": COUNT_TOKENS,
    }[effect.counter.what]
    colors = tuple(COLOR_INDEX[c] for c in effect.counter.colors)
    return Counted(effect.amount, what, colors, effect.city == "max")


def _need(cost: Cost) -> tuple[int, ...]:
    return tuple(cost.resources.get(r, 0) for r in RESOURCE_IDS)  # type: ignore[call-overload]


def need_items(need: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """``need`` as ((resource index, units), ...) for the resources it needs at all, raw
    materials first (what ``trading.trade_cost`` walks)."""
    return tuple((r, n) for r, n in enumerate(need) if n)


class CardFacts:
    """Everything the rules need to know about one building card."""

    __slots__ = (
        "id", "age", "deck", "color", "coins", "need", "items", "needs_any", "chain_from",
        "chain_to",
        "produce", "flex_raw", "flex_man", "fixed_mask", "shields", "symbol", "vp",
        "coins_gain", "coins_per", "vp_per",
    )

    def __init__(self, card_id: str) -> None:
        c = CARDS[card_id]
        self.id = card_id
        self.age = c.age
        self.deck = c.deck
        self.color = COLOR_INDEX[c.color]
        self.coins = c.cost.coins
        self.need = _need(c.cost)
        self.items = need_items(self.need)
        self.needs_any = any(self.need)
        self.chain_from = c.chain_from
        self.chain_to = c.chain_to
        produce = [0] * 5
        self.flex_raw = 0
        self.flex_man = 0
        self.fixed_mask = 0
        self.shields = 0
        self.symbol = -1
        self.vp = 0
        self.coins_gain = 0
        self.coins_per: Counted | None = None
        self.vp_per: Counted | None = None
        for e in c.effects:
            t = e.type
            if t == "produce":
                produce[RES_INDEX[e.resource]] += e.amount or 0  # type: ignore[index]
            elif t == "produce_one_of":
                if set(e.resources) <= {"wood", "clay", "stone"}:
                    self.flex_raw += 1
                else:
                    self.flex_man += 1
            elif t == "fixed_trade_price":
                for r in e.resources:
                    self.fixed_mask |= 1 << RES_INDEX[r]
            elif t == "shields":
                self.shields = e.amount or 0
            elif t == "science_symbol":
                self.symbol = SYMBOL_INDEX[e.symbol]  # type: ignore[index]
            elif t == "vp":
                self.vp = e.amount or 0
            elif t == "coins":
                self.coins_gain = e.amount or 0
            elif t == "coins_per":
                self.coins_per = _counted(e)
            elif t == "vp_per":
                self.vp_per = _counted(e)
            else:  # pragma: no cover - data check
                raise ValueError(f"{card_id}: unexpected card effect {t}")
        self.produce = tuple(produce)


class WonderFacts:
    __slots__ = (
        "id", "need", "items", "coins_gain", "opp_loses", "extra_turn", "shields", "destroy",
        "revive", "library", "flex_raw", "flex_man", "vp",
    )

    def __init__(self, wonder_id: str) -> None:
        w = WONDERS[wonder_id]
        self.id = wonder_id
        self.need = _need(w.cost)
        self.items = need_items(self.need)
        self.coins_gain = 0
        self.opp_loses = 0
        self.extra_turn = False
        self.shields = 0
        self.destroy = -1  # colour index of the opponent card to discard
        self.revive = False
        self.library = 0  # tokens drawn from the box
        self.flex_raw = 0
        self.flex_man = 0
        self.vp = 0
        for e in w.effects:
            t = e.type
            if t == "coins":
                self.coins_gain = e.amount or 0
            elif t == "opponent_loses_coins":
                self.opp_loses = e.amount or 0
            elif t == "extra_turn":
                self.extra_turn = True
            elif t == "shields":
                self.shields = e.amount or 0
            elif t == "destroy_opponent_card":
                self.destroy = COLOR_INDEX[e.color]  # type: ignore[index]
            elif t == "build_from_discard":
                self.revive = True
            elif t == "progress_token_from_box":
                self.library = e.draw or 0
            elif t == "produce_one_of":
                if set(e.resources) <= {"wood", "clay", "stone"}:
                    self.flex_raw += 1
                else:
                    self.flex_man += 1
            elif t == "vp":
                self.vp = e.amount or 0
            else:  # pragma: no cover - data check
                raise ValueError(f"{wonder_id}: unexpected wonder effect {t}")


CARD: dict[str, CardFacts] = {cid: CardFacts(cid) for cid in CARDS}
WONDER: dict[str, WonderFacts] = {wid: WonderFacts(wid) for wid in WONDERS}
TOKEN_IDS: tuple[str, ...] = tuple(TOKENS)

# Progress token rule constants (ids are the facts; the effects live in effects.py).
TOKEN_COINS = {
    t.id: sum(e.amount or 0 for e in t.effects if e.type == "coins") for t in TOKENS.values()
}
TOKEN_VP = {t.id: sum(e.amount or 0 for e in t.effects if e.type == "vp") for t in TOKENS.values()}
TOKEN_VP_PER_TOKEN = {
    t.id: sum(e.amount or 0 for e in t.effects if e.type == "vp_per") for t in TOKENS.values()
}
TOKEN_SYMBOL = {
    t.id: SYMBOL_INDEX[e.symbol]  # type: ignore[index]
    for t in TOKENS.values()
    for e in t.effects
    if e.type == "science_symbol"
}


def _token_with(effect_type: str) -> str:
    found = [t.id for t in TOKENS.values() if any(e.type == effect_type for e in t.effects)]
    assert len(found) == 1, effect_type
    return found[0]


def _token_discount(applies_to: str) -> tuple[str, int]:
    for t in TOKENS.values():
        for e in t.effects:
            if e.type == "resource_discount" and e.applies_to == applies_to:
                return t.id, e.amount or 0
    raise ValueError(applies_to)  # pragma: no cover


ECONOMY = _token_with("receive_opponent_trade_payments")
STRATEGY = _token_with("extra_shields_on_red")
THEOLOGY = _token_with("wonders_grant_extra_turn")
URBANISM = _token_with("coins_on_chain_build")
ARCHITECTURE, WONDER_DISCOUNT = _token_discount("wonder")
MASONRY, BLUE_DISCOUNT = _token_discount("blue")
URBANISM_BONUS = next(
    e.amount or 0 for e in TOKENS[URBANISM].effects if e.type == "coins_on_chain_build"
)
STRATEGY_BONUS = next(
    e.amount or 0 for e in TOKENS[STRATEGY].effects if e.type == "extra_shields_on_red"
)

# Structure geometry per age: covered_by / covers / initial face-up / row & col.
COVERED_BY: dict[int, tuple[tuple[int, ...], ...]] = {
    a: tuple(s.covered_by for s in lay.slots) for a, lay in LAYOUTS.items()
}
COVERS: dict[int, tuple[tuple[int, ...], ...]] = {
    a: tuple(s.covers for s in lay.slots) for a, lay in LAYOUTS.items()
}
FACE_UP: dict[int, tuple[bool, ...]] = {
    a: tuple(s.face_up for s in lay.slots) for a, lay in LAYOUTS.items()
}
INITIALLY_ACCESSIBLE: dict[int, tuple[int, ...]] = {
    a: tuple(s.slot for s in lay.slots if not s.covered_by) for a, lay in LAYOUTS.items()
}

# Military track.
VP_BY_DISTANCE: tuple[int, ...] = MILITARY.vp_by_distance
SUPREMACY = MILITARY.supremacy_distance
#: (token id, victim seat, coins lost, |position| from which its zone starts)
MILITARY_TOKEN_FACTS: tuple[tuple[str, int, int, int], ...] = tuple(
    (t.id, t.victim, t.coins, min(abs(s) for s in t.spaces)) for t in MILITARY.tokens
)
