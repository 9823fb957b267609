"""The open question of a position and its options (see README.md for the vocabulary).

Options are frozen pydantic objects; identical ones are cached and shared, which keeps
``prompts()`` cheap enough for fast random playouts.
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Option, Prompt
from engines.core.fast import OptionCache
from engines.duel.catalogue import MAX_WONDERS_BUILT
from engines.duel.draft import picker
from engines.duel.facts import (
    BLUE,
    BLUE_DISCOUNT,
    CARD,
    COLOR_IDS,
    COLOR_INDEX,
    MASONRY,
    WONDER,
    fast_option,
    fast_prompt,
)
from engines.duel.state import DuelState
from engines.duel.trading import prices, trade_cost, wonder_cost
from engines.duel.turn import discard_value

#: colour -> the wonder whose effect discards an opponent card of that colour
DESTROYER = {COLOR_IDS[w.destroy]: w.id for w in WONDER.values() if w.destroy >= 0}


def _build(key: tuple[Any, ...]) -> Option:
    kind = key[0]
    if kind == "build":
        _, card, total, trade, chained = key
        opt = fast_option(f"build:{card}", "build",
                          {"card": card, "cost": total, "trade": trade, "chain": chained},
                          card, total)
    elif kind == "discard":
        _, card, coins = key
        opt = fast_option(f"discard:{card}", "discard", {"card": card, "coins": coins}, card, 0)
    elif kind == "wonder":
        _, card, wonder, total = key
        opt = fast_option(f"wonder:{card}:{wonder}", "wonder",
                          {"card": card, "wonder": wonder, "cost": total, "trade": total},
                          card, total)
    elif kind == "start":
        _, seat, chooser = key
        opt = fast_option(f"start:{seat}", "start", {"seat": seat, "me": seat == chooser},
                          None, 0)
    else:  # draft, token, library, destroy, revive: one id field
        _, item, extra = key
        params: dict[str, Any] = {"draft": {"wonder": item}, "token": {"token": item},
                                  "library": {"token": item}, "revive": {"card": item},
                                  "destroy": {"card": item, "color": extra}}[kind]
        opt = fast_option(f"{kind}:{item}", kind, params, item, 0)
    return opt


#: every option by its key, built once and shared
_CACHE = OptionCache(_build)
_opt = _CACHE.__getitem__


def wonders_open(st: DuelState, seat: int) -> list[str]:
    """``seat``'s unbuilt wonders that may still be built (7-wonder limit)."""
    built = st.wonder_cards
    if len(built[0]) + len(built[1]) >= MAX_WONDERS_BUILT:
        return []
    mine = built[seat]
    return [w for w in st.wonders[seat] if w not in mine]


def turn_options(st: DuelState) -> list[Option]:
    """Every legal, affordable action of the active player (the hot path of playouts)."""
    seat = st.current
    coins = st.coins[seat]
    price = prices(st, seat)
    wonders = []
    for w in wonders_open(st, seat):
        cost = wonder_cost(st, seat, w, price)
        if cost <= coins:
            wonders.append((w, cost))
    gain = discard_value(st, seat)
    structure = st.structure
    chains = st.chains[seat]
    have = st.production[seat]
    flexible = st.flexible[seat]
    blue_discount = BLUE_DISCOUNT if MASONRY in st.tokens[seat] else 0
    cache = _CACHE
    out: list[Option] = []
    for slot in st.accessible:
        card: str = structure[slot]  # type: ignore[assignment]
        f = CARD[card]
        # same result as trading.card_cost, inlined for speed
        if f.chain_from is not None and f.chain_from in chains:
            total, trade, chained = 0, 0, True
        elif not f.needs_any:
            total, trade, chained = f.coins, 0, False
        else:
            trade = trade_cost(f.need, have, flexible,
                               blue_discount if f.color == BLUE else 0, price)
            total, chained = f.coins + trade, False
        if total <= coins:
            key: tuple[Any, ...] = ("build", card, total, trade, chained)
            out.append(cache[key])
        key = ("discard", card, gain)
        out.append(cache[key])
        for w, cost in wonders:
            key = ("wonder", card, w, cost)
            out.append(cache[key])
    return out


def _prompt(st: DuelState, seat: int, kind: str, options: list[Option],
            params: dict[str, Any], private: bool = False) -> Prompt:
    # one seat is asked at a time and every answer ends its question: the question is
    # named by the number of answers so far (README "Pacing")
    return fast_prompt(seat, kind, options, params, private, question=f"{kind}.{st.answers}")


def asked_seat(st: DuelState) -> int | None:
    """The seat the one open prompt asks (None once the game is over), as ``prompts``."""
    phase = st.phase
    if phase == "over":
        return None
    if st.pending:
        return st.pending[0][1]
    return picker(st) if phase == "draft" else st.current


def table_key(st: DuelState) -> str:
    """``DuelView.table_key``: the Age (1 during the draft) and the seat asked; "over"
    (README "Pacing")."""
    seat = asked_seat(st)
    return "over" if seat is None else f"{max(st.age, 1)}:{seat}"


def prompts(st: DuelState) -> list[Prompt]:
    phase = st.phase
    if phase == "over":
        return []
    if st.pending:
        kind, seat, detail = st.pending[0]
        if kind == "token":
            opts = [_opt(("token", t, "")) for t in st.board_tokens]
            return [_prompt(st, seat, kind, opts, {"symbol": detail})]
        if kind == "great_library":
            opts = [_opt(("library", t, "")) for t in st.library_offer]
            return [_prompt(st, seat, kind, opts, {}, private=True)]
        if kind == "destroy":
            color = COLOR_INDEX[detail]
            opts = [_opt(("destroy", c, detail)) for c in st.buildings[1 - seat]
                    if CARD[c].color == color]
            return [_prompt(st, seat, kind, opts,
                            {"color": detail, "wonder": DESTROYER[detail]})]
        # revive
        opts = [_opt(("revive", c, "")) for c in sorted(set(st.discard))]
        return [_prompt(st, seat, kind, opts, {})]
    if phase == "play":
        return [_prompt(st, st.current, "turn", turn_options(st), {"age": st.age})]
    if phase == "draft":
        seat = picker(st)
        opts = [_opt(("draft", w, "")) for w in st.wonder_offer]
        return [_prompt(st, seat, "draft", opts, {"pick": st.draft_pick + 1})]
    # choose_start: the next Age is already laid out (``turn.end_age``)
    chooser = st.current
    opts = [_opt(("start", s, chooser)) for s in (chooser, 1 - chooser)]
    return [_prompt(st, chooser, "start", opts, {"age": st.age})]
