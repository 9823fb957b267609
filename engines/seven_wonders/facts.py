"""Card and wonder facts flattened into plain tuples/ints for the hot path.

The pydantic catalogue is the validated source; this module reads it once at import so
that ``prompts``/``apply`` never touch pydantic objects. Resources are indices 0..6 in
``RESOURCE_IDS`` order (a set of resources is a bit mask), colours indices 0..6 in
``COLOR_IDS`` order, science symbols 0..2.
"""

from __future__ import annotations

from engines.seven_wonders.catalogue import (
    CARDS,
    COLORS,
    RESOURCES,
    RULES,
    SCIENCE_SYMBOLS,
    WONDERS,
    Cost,
    Effect,
)

RESOURCE_IDS: tuple[str, ...] = RESOURCES
RES_INDEX = {r: i for i, r in enumerate(RESOURCE_IDS)}
WOOD, STONE, CLAY, ORE, GLASS, PAPYRUS, TEXTILE = range(7)
RAW_MASK = 0b0001111
MANUFACTURED_MASK = 0b1110000

COLOR_IDS: tuple[str, ...] = COLORS
COLOR_INDEX = {c: i for i, c in enumerate(COLOR_IDS)}
BROWN, GREY, BLUE, YELLOW, RED, GREEN, PURPLE = (COLOR_INDEX[c] for c in (
    "brown", "grey", "blue", "yellow", "red", "green", "purple"))

SYMBOL_IDS: tuple[str, ...] = SCIENCE_SYMBOLS
SYMBOL_INDEX = {s: i for i, s in enumerate(SYMBOL_IDS)}

SELL_COINS = RULES.sell_coins
START_COINS = RULES.starting_coins
TRADE_PRICE = RULES.trade_price
VICTORY_TOKEN = RULES.military_victory  # age -> value
DEFEAT_TOKEN = RULES.military_defeat

# who codes of coins_per / vp_per
LEFT, SELF, RIGHT = 0, 1, 2
_WHO = {"left": LEFT, "self": SELF, "right": RIGHT}
STAGES = -1  # "colour" code for counting wonder stages

#: A counted effect: (amount, colour mask or STAGES, who codes)
Counted = tuple[int, int, tuple[int, ...]]


def _mask(resources: tuple[str, ...] | list[str]) -> int:
    m = 0
    for r in resources:
        m |= 1 << RES_INDEX[r]
    return m


#: resource counts packed 6 bits apart in one int (``pack``), the top bit of each field a
#: guard: ``(pack(have) | GUARD) - pack(need)`` keeps every guard bit set exactly when
#: ``have >= need`` for every resource (counts stay below 32), one subtraction instead of a
#: loop over the resources on the hot path
GUARD = sum(1 << (6 * i + 5) for i in range(7))


def pack(vec: tuple[int, ...] | list[int]) -> int:
    """Seven resource counts (each below 32) in one int, 6 bits apart (see ``GUARD``)."""
    return (vec[0] | vec[1] << 6 | vec[2] << 12 | vec[3] << 18 | vec[4] << 24 | vec[5] << 30
            | vec[6] << 36)


_NEED_KEYS: dict[tuple[int, ...], int] = {}


def need_key(need: tuple[int, ...]) -> int:
    """A small int naming a resource cost (cards and stages with equal costs share it)."""
    return _NEED_KEYS.setdefault(need, len(_NEED_KEYS))


def need_of(cost: Cost) -> tuple[int, ...]:
    return tuple(cost.resources.get(r, 0) for r in RESOURCE_IDS)  # type: ignore[call-overload]


def _counted(e: Effect) -> Counted:
    assert e.count is not None and e.amount is not None
    if e.count.kind == "wonder_stage":
        what = STAGES
    else:
        what = 0
        for c in e.count.colors:
            what |= 1 << COLOR_INDEX[c]
    return (e.amount, what, tuple(_WHO[w] for w in e.who))


class Powers:
    """Effects shared by cards and wonder stages, flattened."""

    __slots__ = (
        "produce", "choices", "shields", "symbol", "wildcard", "vp", "coins_gain",
        "coins_per", "vp_per", "disc_left", "disc_right", "decorators", "free_rule",
        "last_card", "revive", "produce_items", "special", "income",
    )

    def __init__(self, effects: tuple[Effect, ...], where: str) -> None:
        produce = [0] * 7
        #: one-of producers: (resource mask, tradable)
        self.choices: tuple[tuple[int, bool], ...] = ()
        self.shields = 0
        self.symbol = -1
        self.wildcard = 0
        self.vp = 0
        self.coins_gain = 0
        self.coins_per: tuple[Counted, ...] = ()
        self.vp_per: tuple[Counted, ...] = ()
        self.disc_left = 0  # resources bought for 1 coin from the left neighbour (mask)
        self.disc_right = 0
        self.decorators = 0  # VP if every stage of the owner's wonder is built
        self.free_rule = ""
        self.last_card = False
        self.revive = False
        for e in effects:
            t = e.type
            if t == "produce":
                assert isinstance(e.resources, dict)
                for r, n in e.resources.items():
                    produce[RES_INDEX[r]] += n
            elif t == "produce_choice":
                self.choices += ((_mask(e.choice), bool(e.tradable)),)
            elif t == "shields":
                self.shields += e.amount or 0
            elif t == "science":
                self.symbol = SYMBOL_INDEX[e.symbol]  # type: ignore[index]
            elif t == "science_wildcard":
                self.wildcard += 1
            elif t == "vp":
                self.vp += e.amount or 0
            elif t == "coins":
                self.coins_gain += e.amount or 0
            elif t == "coins_per":
                self.coins_per += (_counted(e),)
            elif t == "vp_per":
                self.vp_per += (_counted(e),)
            elif t == "trade_discount":
                assert isinstance(e.resources, tuple) and e.price == 1
                m = _mask(e.resources)
                if "left" in e.neighbours:
                    self.disc_left |= m
                if "right" in e.neighbours:
                    self.disc_right |= m
            elif t == "vp_if_wonder_complete":
                self.decorators = e.amount or 0
            elif t == "free_build":
                self.free_rule = e.rule or ""
            elif t == "play_last_card_each_age":
                self.last_card = True
            elif t == "build_from_discard":
                self.revive = True
            else:  # pragma: no cover - data check
                raise ValueError(f"{where}: unexpected effect {t}")
        self.produce = tuple(produce)
        #: the non-zero entries of ``produce``: (resource, amount)
        self.produce_items = tuple((i, k) for i, k in enumerate(produce) if k)
        #: anything beyond production, shields and science for ``effects._add_powers``
        #: one-off coins when built (``effects.immediate_coins``)
        self.income = bool(self.coins_gain or self.coins_per)
        self.special = bool(self.disc_left or self.disc_right or self.free_rule
                            or self.last_card or self.wildcard)


class CardFacts(Powers):
    __slots__ = ("id", "age", "color", "coins", "need", "need_key", "need_idx", "need_mask",
                 "needs_any", "chain_in", "chain_out", "guild", "twins", "packed")

    def __init__(self, card_id: str) -> None:
        c = CARDS[card_id]
        super().__init__(c.effects, card_id)
        self.id = card_id
        self.age = c.age
        self.color = COLOR_INDEX[c.color]
        self.guild = c.guild
        self.coins = c.cost.coins
        self.need = need_of(c.cost)
        self.need_key = need_key(self.need)
        self.need_idx = tuple(i for i in range(7) if self.need[i])
        self.need_mask = sum(1 << i for i in self.need_idx)
        self.needs_any = any(self.need)
        self.packed = pack(self.need)
        self.chain_in = c.chain_in
        self.chain_out = c.chain_out
        #: every card id with this card's name (Loom, Glassworks and Press exist in Ages I
        #: and II): a city never holds two buildings of the same name.
        self.twins = tuple(other for other, o in CARDS.items() if o.name == c.name)


class StageFacts(Powers):
    __slots__ = ("wonder", "side", "stage", "coins", "need", "need_key", "need_idx", "packed")

    def __init__(self, wonder: str, side: str, index: int) -> None:
        s = WONDERS[wonder].sides[side].stages[index]  # type: ignore[index]
        super().__init__(s.effects, f"{wonder}:{side}:{index + 1}")
        self.wonder = wonder
        self.side = side
        self.stage = index + 1
        self.coins = s.cost.coins
        self.need = need_of(s.cost)
        self.need_key = need_key(self.need)
        self.need_idx = tuple(i for i in range(7) if self.need[i])
        self.packed = pack(self.need)


CARD: dict[str, CardFacts] = {cid: CardFacts(cid) for cid in CARDS}
#: (wonder, side) -> its stages in order
STAGE: dict[tuple[str, str], tuple[StageFacts, ...]] = {
    (w, side): tuple(StageFacts(w, side, i) for i in range(len(WONDERS[w].sides[side].stages)))
    for w in WONDERS
    for side in ("day", "night")
}


#: card id -> the other card id of the same name (Loom, Glassworks, Press: Ages I and II)
TWIN: dict[str, str] = {cid: other for cid, f in CARD.items() for other in f.twins
                        if other != cid}


def owns_same_name(owned: list[str], card: str) -> bool:
    """Whether ``owned`` already holds a building named like ``card`` (never two alike)."""
    if card in owned:
        return True
    twin = TWIN.get(card)
    return twin is not None and twin in owned


STARTING: dict[str, int] = {w: RES_INDEX[d.starting_resource] for w, d in WONDERS.items()}
WONDER_IDS: tuple[str, ...] = tuple(WONDERS)
