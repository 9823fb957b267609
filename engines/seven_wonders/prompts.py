"""The open questions of a position and their options (vocabulary: README.md).

The options of a hand only change when a city or a hand changes (``state.step``), so they
are computed once per seat and step and kept in ``state.cache`` (never serialised) together
with what ``apply`` needs to validate an answer; identical ``Option`` objects are shared.
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Option, Prompt
from engines.core.fast import OptionCache, fast_option, fast_prompt
from engines.core.undo import undo_option
from engines.seven_wonders.costs import affordable, market, power_applies
from engines.seven_wonders.effects import next_stage
from engines.seven_wonders.facts import CARD, GUARD, SELL_COINS, STAGE, TWIN, pack
from engines.seven_wonders.state import SevenWondersState
from engines.seven_wonders.trading import (
    FREE,
    SEARCH,
    FullMarket,
    Memo,
    Payment,
    cached_payments,
    least,
    memo,
)
from engines.seven_wonders.turn import CHANGING, CHOSEN, revivable

#: option id -> (action, card, via, bank, affordable payments: None until the seat picks
#: it, see ``action_payments``)
Info = dict[str, tuple[str, str, str, int, tuple[Payment, ...] | None]]

#: the reserved ``undo``: on a payment prompt it takes back the pick being paid for (what
#: ``back`` did, still accepted), on a ``waiting`` prompt the choice made
UNDO_OPTION = undo_option(None)


def _build(key: tuple[Any, ...]) -> Option:
    kind = key[0]
    if kind == "build":
        _, card, cost, via = key
        opt = fast_option(f"build:{card}", "build", {"card": card, "cost": cost, "via": via},
                          card, cost)
    elif kind == "wonder":
        _, card, stage, cost = key
        opt = fast_option(f"wonder:{card}", "wonder", {"card": card, "stage": stage,
                                                       "cost": cost}, card, cost)
    elif kind == "sell":
        _, card = key
        opt = fast_option(f"sell:{card}", "sell", {"card": card, "coins": SELL_COINS}, card, 0)
    elif kind == "pay":
        _, left, right, bank = key
        total = left + right + bank
        opt = fast_option(f"pay:{left}:{right}", "pay",
                          {"left": left, "right": right, "bank": bank, "total": total},
                          None, total)
    elif kind == "board":
        opt = fast_option(f"board:{key[1]}", "board", {"board": key[1]}, key[1], None)
    elif kind == "side":
        opt = fast_option(f"side:{key[1]}", "side", {"side": key[1]}, None, None)
    else:  # revive
        opt = fast_option(f"revive:{key[1]}", "revive", {"card": key[1]}, key[1], 0)
    return opt


#: every option by its key, built once and shared
_OPTS = OptionCache(_build)
_opt = _OPTS.__getitem__


#: option ids per card
BUILD_ID = {c: f"build:{c}" for c in CARD}
WONDER_ID = {c: f"wonder:{c}" for c in CARD}
SELL_ID = {c: f"sell:{c}" for c in CARD}
#: the sell option, per card
SELL: dict[str, Option] = {c: _opt(("sell", c)) for c in CARD}


class _ByCard(dict[str, Option]):
    """The options of one kind and cost, by card, each built on first use and shared."""

    def __init__(self, key: tuple[Any, ...]) -> None:
        super().__init__()
        self._key = key

    def __missing__(self, card: str) -> Option:
        kind, *rest = self._key
        opt = self[card] = _opt((kind, card, *rest))
        return opt


class _Kinds(dict[tuple[Any, ...], _ByCard]):
    """``_BY[(kind, *cost)][card]``: a shared option without building its key per card."""

    def __missing__(self, key: tuple[Any, ...]) -> _ByCard:
        by = self[key] = _ByCard(key)
        return by


_BY = _Kinds()
#: per card, what ``hand_options`` reads in one unpacking: twin, chain symbol needed,
#: packed need, bank coins, need, its resources, its key, colour, build / wonder / sell ids,
#: the sell option, then the facts of a build for free, by chain, by power and paid (with no
#: trade, with some: ``None`` until the seat picks it)
_ROW = {c: (TWIN.get(c), f.chain_in, f.packed, f.coins, f.need, f.need_idx, f.need_key,
            f.color, BUILD_ID[c], WONDER_ID[c], SELL_ID[c], SELL[c], ("sell", c, "sell", 0, FREE),
            ("build", c, "free", 0, FREE), ("build", c, "chain", 0, FREE),
            ("build", c, "power", 0, FREE), ("build", c, "pay", f.coins, FREE),
            ("build", c, "pay", f.coins, None))
        for c, f in CARD.items()}
_FREE = _BY[("build", 0, "free")]
_CHAIN = _BY[("build", 0, "chain")]
_POWER = _BY[("build", 0, "power")]


def _cache(st: SevenWondersState) -> dict[Any, Any]:
    cache = st.cache
    if cache.get("step") != st.step:
        cache.clear()
        cache["step"] = st.step
    return cache


def _first(pays: tuple[Payment, ...]) -> int | None:
    """The least total of ``pays`` (cheapest first), None when there is none."""
    return pays[0][0] + pays[0][1] if pays else None


def hand_options(st: SevenWondersState, seat: int) -> tuple[list[Option], Info]:
    """The options of ``seat``'s hand (build / wonder / sell each card) and their facts.

    Same rules as ``costs.card_cost`` / ``costs.stage_cost`` (a test keeps them equal),
    inlined for the hot path. Only what a hand shows is computed: whether each card and the
    next stage can be paid for and the least they cost (``trading.least``, from fixed
    production; when a one-of producer may help, the first of the memoised ``payments``);
    the payments of the others are listed when the seat picks one (``action_payments``).
    """
    cache = st.cache
    # one key per seat and phase (Olympia's power depends on the phase), built cheaply
    key = seat if st.phase == "play" else 1000 + seat
    if cache.get("step") == st.step:
        hit = cache.get(key)
        if hit is not None:
            return hit  # type: ignore[no-any-return]
    else:
        cache.clear()
        cache["step"] = st.step
    mk: FullMarket | None = None
    mem: Memo = {}
    fixed = st.fixed[seat]
    have = pack(fixed) | GUARD
    coins = st.coins[seat]
    n = st.players
    left, right = (seat + 1) % n, (seat - 1) % n  # state.left_of / right_of
    lf, rf = st.fixed[left], st.fixed[right]
    disc_l, disc_r = st.disc_left[seat], st.disc_right[seat]
    union = 0  # every one-of producer that may help (as costs.market)
    for group in (st.choices[seat], st.trade_choices[left], st.trade_choices[right]):
        for mask in group:
            union |= mask
    # the next wonder stage (as costs.stage_cost)
    stages = STAGE[(st.board[seat], st.side[seat])]
    built = len(st.stage_cards[seat])
    s_key: tuple[int, int] | None = None
    if built < len(stages):
        sf = stages[built]
        budget = coins - sf.coins
        if budget >= 0:
            if (have - sf.packed) & GUARD == GUARD:
                cost: int | None = 0
            else:
                cost = least(sf.need, sf.need_idx, fixed, lf, rf, disc_l, disc_r, union)
                if cost == SEARCH:  # a one-of producer may help: every payment (memo)
                    mk = market(st, seat)
                    mem = memo(mk)
                    cost = _first(cached_payments(sf.need_key, sf.need, mk, mem, sf.need_idx))
            if cost is not None and cost <= budget:
                s_key = (sf.stage, sf.coins + cost)
                s_info = ("free" if cost == 0 and not sf.coins else "pay", sf.coins,
                          FREE if cost == 0 else None)
    owned = st.buildings[seat]
    chains = st.chains[seat]
    rules = st.free_rules[seat]
    opts: list[Option] = []
    append = opts.append
    info: Info = {}
    rows = _ROW
    wonders = _BY[("wonder", *s_key)] if s_key is not None else None
    paid = _BY
    for card in dict.fromkeys(st.hands[seat]):
        (twin, chain_in, packed, bank, need, idx, need_key, color, build_id, wonder_id, sell_id,
         sell, sell_info, free_info, chain_info, power_info, pay_free_info, pay_info) = rows[card]
        if card in owned or (twin is not None and twin in owned):  # owns_same_name
            pass
        elif chain_in is not None and chain_in in chains:
            append(_CHAIN[card])
            info[build_id] = chain_info
        else:
            if (have - packed) & GUARD == GUARD:
                cost = 0
            else:
                cost = least(need, idx, fixed, lf, rf, disc_l, disc_r, union)
                if cost == SEARCH:  # a one-of producer may help: every payment (memo)
                    if mk is None:
                        mk = market(st, seat)
                        mem = memo(mk)
                    cost = _first(cached_payments(need_key, need, mk, mem, idx))
            if cost == 0 and not bank:
                append(_FREE[card])
                info[build_id] = free_info
            elif rules and power_applies(st, seat, color):
                append(_POWER[card])
                info[build_id] = power_info
            elif cost is not None and cost + bank <= coins:
                append(paid[("build", cost + bank, "pay")][card])
                info[build_id] = pay_free_info if cost == 0 else pay_info
        if wonders is not None:
            append(wonders[card])
            info[wonder_id] = ("wonder", card, *s_info)
        append(sell)
        info[sell_id] = sell_info
    cache[key] = (opts, info)
    return opts, info


def action_payments(st: SevenWondersState, seat: int, action: str, card: str
                    ) -> tuple[Payment, ...]:
    """Every affordable payment of ``action:card`` (an option of the seat's hand), cheapest
    first: listed only when the seat picks it, then kept with the hand's options. The same
    payments as ``costs.card_cost`` / ``costs.stage_cost`` (tests compare them)."""
    _, info = hand_options(st, seat)
    _, _, _, bank, pays = info[f"{action}:{card}"]
    if pays is not None:
        return pays
    cache = st.cache
    key = ("pays", seat, action, card)
    hit: tuple[Payment, ...] | None = cache.get(key)
    if hit is None:
        f = CARD[card] if action == "build" else next_stage(st, seat)
        assert f is not None
        mk = market(st, seat)
        hit = cache[key] = affordable(cached_payments(f.need_key, f.need, mk, memo(mk),
                                                      f.need_idx), st.coins[seat] - bank)
    return hit


def payment_options(st: SevenWondersState, seat: int) -> list[Option]:
    action, card = st.choice[seat][-2:]  # [action, card] or a change (CHANGING)
    _, info = hand_options(st, seat)
    bank = info[f"{action}:{card}"][3]
    return [_opt(("pay", left, right, bank))
            for left, right in action_payments(st, seat, action, card)] + [UNDO_OPTION]


def _choice_params(choice: list[Any]) -> dict[str, Any]:
    action, card, left, right, bank, via = choice
    return {"action": action, "card": card, "left": left, "right": right, "bank": bank,
            "via": via}


def seat_prompt(st: SevenWondersState, seat: int, first: str) -> Prompt:
    """The prompt of a seat in the ``play`` or ``last_card`` phase (cached per position)."""
    choice = st.choice[seat]
    cache = _cache(st)
    key = ("prompt", seat)
    hit = cache.get(key)
    # a choice is replaced (never mutated) when it changes: identity tells if it is the same
    if hit is None or hit[0] is not choice or hit[1] != first:
        hit = cache[key] = (choice, first, _seat_prompt(st, seat, first, choice))
    return hit[2]  # type: ignore[no-any-return]


def waiting_options(st: SevenWondersState, seat: int) -> list[Option]:
    """A seat that has chosen: its hand's options (to change its mind) and ``undo``."""
    cache = _cache(st)
    key = -1 - seat  # ("waiting", seat), without building a key
    opts: list[Option] | None = cache.get(key)
    if opts is None:
        opts = cache[key] = [*hand_options(st, seat)[0], UNDO_OPTION]
    return opts


def _seat_prompt(st: SevenWondersState, seat: int, first: str, choice: list[Any]) -> Prompt:
    # Questions (README "Pacing"): the hand of a turn is one question until the seat
    # chooses, and again if it takes its choice back; waiting with a choice made is another
    # (its options add ``undo``); each payment is one.
    if len(choice) == 2 or len(choice) == CHANGING:
        action, card = choice[-2:]
        changing = len(choice) == CHANGING
        return fast_prompt(seat, "payment", payment_options(st, seat),
                           {"action": action, "card": card, "changing": changing}, True,
                           question=f"payment.{st.phase}.{st.age}.{st.turn}.{action}:{card}"
                           + (".change" if changing else ""),
                           discreet=changing)
    if len(choice) == CHOSEN:
        return fast_prompt(seat, "waiting", waiting_options(st, seat), _choice_params(choice),
                           True, question=f"waiting.{st.age}.{st.turn}", blocking=False)
    opts, _ = hand_options(st, seat)
    return fast_prompt(seat, first, opts, {"age": st.age, "turn": st.turn}, True,
                       question=f"{first}.{st.age}.{st.turn}")


def prompts(st: SevenWondersState) -> list[Prompt]:
    phase = st.phase
    if phase == "play":
        cache = st.cache
        if cache.get("step") != st.step:
            cache.clear()
            cache["step"] = st.step
        held: tuple[list[Any], list[Any], list[str]] | None = cache.get("play")
        if held is None:
            held = ([None] * st.players, [None] * st.players,
                    [f"waiting.{st.age}.{st.turn}"] * st.players)
            cache["play"] = held
        made, seen, waiting = held
        choice = st.choice
        for s in range(st.players):
            # a choice is replaced (never mutated) when it changes: identity tells
            ch = choice[s]
            if seen[s] is not ch:
                if len(ch) == CHOSEN:  # waiting: the hand's options and undo
                    made[s] = fast_prompt(s, "waiting", waiting_options(st, s),
                                          _choice_params(ch), True, question=waiting[s],
                                          blocking=False)
                else:
                    made[s] = _seat_prompt(st, s, "hand", ch)
                seen[s] = ch
        return made[:]
    if phase == "over":
        return []
    if phase == "last_card":
        return [seat_prompt(st, st.last_queue[0], "last_card")]
    if phase == "revive":
        seat = st.revive_queue[0]
        opts = [_opt(("revive", c)) for c in revivable(st, seat)]
        return [fast_prompt(seat, "revive", opts, {"discard_size": len(st.discard)}, True,
                            question=f"revive.{st.age}.{st.turn}")]
    # a board and a side are chosen once per seat and game
    if phase == "choose_board":
        opts = [_opt(("board", b)) for b in st.boards_offered]
        return [fast_prompt(st.board_picker, "board", opts, {}, False, question="board")]
    # choose_side
    return [fast_prompt(s, "side", [_opt(("side", "day")), _opt(("side", "night"))],
                        {"board": st.board[s]}, False, question="side")
            for s in range(st.players) if not st.side[s]]


def table_key(st: SevenWondersState) -> str:
    """``SevenWondersView.table_key``: the round of simultaneous choices the table is in,
    ``"<phase>:<age>:<turn>"``; in the phases where seats act one after another
    (``last_card``, ``revive``, ``choose_board``) also the seats waited for,
    ``"<phase>:<age>:<turn>:[<seat>]"`` (README "Pacing")."""
    phase = st.phase
    if phase in ("play", "over", "choose_side"):
        return f"{phase}:{st.age}:{st.turn}"
    return f"{phase}:{st.age}:{st.turn}:{waiting_for(st)}"


def waiting_for(st: SevenWondersState) -> list[int]:
    """Seats that must still act (never what anybody chose)."""
    phase = st.phase
    if phase == "play":
        return [s for s in range(st.players) if len(st.choice[s]) < CHOSEN]
    if phase == "last_card":
        return [st.last_queue[0]]
    if phase == "revive":
        return [st.revive_queue[0]]
    if phase == "choose_board":
        return [st.board_picker]
    if phase == "choose_side":
        return [s for s in range(st.players) if not st.side[s]]
    return []
