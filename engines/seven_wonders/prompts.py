"""The open questions of a position and their options (vocabulary: README.md).

The options of a hand only change when a city or a hand changes (``state.step``), so they
are computed once per seat and step and kept in ``state.cache`` (never serialised) together
with what ``apply`` needs to validate an answer; identical ``Option`` objects are shared.
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Option, Prompt
from engines.core.fast import OptionCache, fast_option, fast_prompt
from engines.seven_wonders.costs import market, power_applies
from engines.seven_wonders.facts import CARD, SELL_COINS, STAGE, TWIN
from engines.seven_wonders.state import SevenWondersState
from engines.seven_wonders.trading import FREE, Payment, memo, payments
from engines.seven_wonders.turn import CHANGING, CHOSEN, revivable

#: option id -> (action, card, via, bank, affordable payments)
Info = dict[str, tuple[str, str, str, int, tuple[Payment, ...]]]

BACK = fast_option("back", "back", {}, None, None)


def _build(key: tuple[Any, ...]) -> Option:
    kind = key[0]
    if kind == "build":
        _, card, cost, via, count = key
        opt = fast_option(f"build:{card}", "build",
                          {"card": card, "cost": cost, "via": via, "payments": count}, card, cost)
    elif kind == "wonder":
        _, card, stage, cost, count = key
        opt = fast_option(f"wonder:{card}", "wonder",
                          {"card": card, "stage": stage, "cost": cost, "payments": count},
                          card, cost)
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
#: the sell option and its facts, per card
SELL: dict[str, Option] = {c: _opt(("sell", c)) for c in CARD}
SELL_INFO: dict[str, tuple[str, str, str, int, tuple[Payment, ...]]] = {
    c: ("sell", c, "sell", 0, FREE) for c in CARD}
#: per card, what ``hand_options`` looks up: facts, twin, option ids, sell option and facts
_ROW = {c: (f, TWIN.get(c), BUILD_ID[c], WONDER_ID[c], SELL_ID[c], SELL[c], SELL_INFO[c])
        for c, f in CARD.items()}


def _cache(st: SevenWondersState) -> dict[Any, Any]:
    cache = st.cache
    if cache.get("step") != st.step:
        cache.clear()
        cache["step"] = st.step
    return cache


def hand_options(st: SevenWondersState, seat: int) -> tuple[list[Option], Info]:
    """The options of ``seat``'s hand (build / wonder / sell each card) and their facts.

    Same rules as ``costs.card_cost`` / ``costs.stage_cost`` (a test keeps them equal),
    inlined for the hot path.
    """
    cache = st.cache
    key = (seat, st.phase)
    if cache.get("step") == st.step:
        hit = cache.get(key)
        if hit is not None:
            return hit  # type: ignore[no-any-return]
    else:
        cache.clear()
        cache["step"] = st.step
    mk = market(st, seat)
    mem = memo(mk)
    coins = st.coins[seat]
    # the next wonder stage (as costs.stage_cost)
    stages = STAGE[(st.board[seat], st.side[seat])]
    built = len(st.stage_cards[seat])
    s_pays: tuple[Payment, ...] = ()
    if built < len(stages):
        sf = stages[built]
        s_pays = mem.get(sf.need_key)  # type: ignore[assignment]
        if s_pays is None:
            s_pays = mem[sf.need_key] = payments(sf.need, mk, sf.need_idx)
        if s_pays is FREE and not sf.coins:
            s_info: tuple[Any, ...] = ("free", 0, FREE)
        else:
            budget = coins - sf.coins
            if s_pays and s_pays[-1][0] + s_pays[-1][1] > budget:
                s_pays = tuple(p for p in s_pays if p[0] + p[1] <= budget)
            s_info = ("pay", sf.coins, s_pays)
        if s_pays:
            s_key = (sf.stage, sf.coins + s_pays[0][0] + s_pays[0][1], len(s_pays))
    owned = st.buildings[seat]
    chains = st.chains[seat]
    rules = st.free_rules[seat]
    opts: list[Option] = []
    append = opts.append
    info: Info = {}
    shared = _OPTS
    for card in dict.fromkeys(st.hands[seat]):
        f, twin, build_id, wonder_id, sell_id, sell, sell_info = _ROW[card]
        if card in owned or (twin is not None and twin in owned):  # owns_same_name
            pays: tuple[Payment, ...] = ()
        elif f.chain_in is not None and f.chain_in in chains:
            via, bank, pays = "chain", 0, FREE
        else:
            if f.needs_any:
                pays = mem.get(f.need_key)  # type: ignore[assignment]
                if pays is None:
                    pays = mem[f.need_key] = payments(f.need, mk, f.need_idx)
            else:
                pays = FREE
            if pays is FREE and not f.coins:
                via, bank = "free", 0
            elif rules and power_applies(st, seat, f.color):
                via, bank, pays = "power", 0, FREE
            else:
                via, bank = "pay", f.coins
                budget = coins - bank
                if not pays or pays[0][0] + pays[0][1] > budget:
                    pays = ()
                elif pays[-1][0] + pays[-1][1] > budget:
                    pays = tuple(p for p in pays if p[0] + p[1] <= budget)
        if pays:
            p0 = pays[0]
            append(shared[("build", card, bank + p0[0] + p0[1], via, len(pays))])
            info[build_id] = ("build", card, via, bank, pays)
        if s_pays:
            append(shared[("wonder", card, *s_key)])
            info[wonder_id] = ("wonder", card, *s_info)
        append(sell)
        info[sell_id] = sell_info
    cache[key] = (opts, info)
    return opts, info


def payment_options(st: SevenWondersState, seat: int) -> list[Option]:
    action, card = st.choice[seat][-2:]  # [action, card] or a change (CHANGING)
    _, info = hand_options(st, seat)
    _, _, _, bank, pays = info[f"{action}:{card}"]
    return [_opt(("pay", left, right, bank)) for left, right in pays] + [BACK]


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


def _seat_prompt(st: SevenWondersState, seat: int, first: str, choice: list[Any]) -> Prompt:
    # Questions (README "Pacing"): the hand of a turn is one question, chosen or not (the
    # hand's buttons stay valid while the seat may change its mind); each payment is one.
    if len(choice) == 2 or len(choice) == CHANGING:
        action, card = choice[-2:]
        changing = len(choice) == CHANGING
        return fast_prompt(seat, "payment", payment_options(st, seat),
                           {"action": action, "card": card, "changing": changing}, True,
                           question=f"payment.{st.phase}.{st.age}.{st.turn}.{action}:{card}"
                           + (".change" if changing else ""),
                           discreet=changing)
    opts, _ = hand_options(st, seat)
    question = f"{first}.{st.age}.{st.turn}"
    if len(choice) == CHOSEN:
        return fast_prompt(seat, "waiting", opts, _choice_params(choice), True,
                           question=question, blocking=False)
    return fast_prompt(seat, first, opts, {"age": st.age, "turn": st.turn}, True,
                       question=question)


def prompts(st: SevenWondersState) -> list[Prompt]:
    phase = st.phase
    if phase == "play":
        cache = st.cache
        if cache.get("step") != st.step:
            cache.clear()
            cache["step"] = st.step
        held: tuple[list[Any], list[Any]] | None = cache.get("play")
        if held is None:
            held = ([None] * st.players, [None] * st.players)
            cache["play"] = held
        made: list[Any] = held[0]
        seen: list[Any] = held[1]
        choice = st.choice
        for s in range(st.players):
            # a choice is replaced (never mutated) when it changes: identity tells
            ch = choice[s]
            if seen[s] is not ch:
                prev = made[s]
                if len(ch) == CHOSEN and prev is not None and prev.kind == "hand":
                    # chosen straight from the hand: the same options, now waiting
                    made[s] = fast_prompt(s, "waiting", prev.options, _choice_params(ch), True,
                                          question=prev.question, blocking=False)
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
