"""The cached prices of a turn (``engines.duel.offers``) always equal a cache-free
recomputation: after every answer of many random games, in the state played on and in
copies that share its tables and then go their own way."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engines.core.contract import UNDO
from engines.duel import offers
from engines.duel.catalogue import MAX_WONDERS_BUILT
from engines.duel.engine import DuelEngine
from engines.duel.state import DuelState
from engines.duel.trading import card_cost, discard_value, prices, unchained_cost, wonder_cost

ENGINE = DuelEngine()
GAMES = 400


def _open_wonders(st: DuelState, seat: int) -> list[str]:
    built = st.wonder_cards
    if len(built[0]) + len(built[1]) >= MAX_WONDERS_BUILT:
        return []
    return [w for w in st.wonders[seat] if w not in built[seat]]


def reference_options(st: DuelState) -> list[tuple[str, dict[str, Any], int | None]]:
    """The turn's options computed from ``trading`` alone (no table, no memo)."""
    seat = st.current
    coins = st.coins[seat]
    wonders = [(w, wonder_cost(st, seat, w)) for w in _open_wonders(st, seat)]
    out: list[tuple[str, dict[str, Any], int | None]] = []
    for slot in st.accessible:
        card = st.structure[slot]
        assert card is not None
        total, trade, chained = card_cost(st, seat, card)
        if total <= coins:
            out.append((f"build:{card}",
                        {"card": card, "cost": total, "trade": trade, "chain": chained}, total))
        out.append((f"discard:{card}", {"card": card, "coins": discard_value(st, seat)}, 0))
        for w, cost in wonders:
            if cost <= coins:
                out.append((f"wonder:{card}:{w}",
                            {"card": card, "wonder": w, "cost": cost, "trade": cost}, cost))
    return out


def check_tables(st: DuelState) -> None:
    """Every table the state holds matches what its seat's economy gives now."""
    pair = st.__dict__.get(offers.KEY)
    for seat in (0, 1):
        table = pair[seat] if pair is not None else None
        if table is None:
            continue
        assert table.price == prices(st, seat)
        assert table.gain == discard_value(st, seat)
        assert table.wonders == [(w, wonder_cost(st, seat, w)) for w in _open_wonders(st, seat)]
        assert table.top == max([cost for _, cost in table.wonders], default=0)
        for card, (total, trade, opt) in table.cards.items():
            assert (total, trade) == unchained_cost(st, seat, card), card
            assert opt.id == f"build:{card}" and opt.cost == total
            assert opt.params == {"card": card, "cost": total, "trade": trade, "chain": False}


def check_listing(st: DuelState) -> None:
    if st.phase != "play" or st.pending:
        return
    (prompt,) = ENGINE.prompts(st)
    listed = [(o.id, o.params, o.cost) for o in prompt.options if o.id != UNDO]
    assert listed == reference_options(st)


def _answer(st: DuelState, rnd: random.Random) -> None:
    (prompt,) = ENGINE.prompts(st)
    choices = [o for o in prompt.options if o.id != UNDO]
    ENGINE.apply(st, prompt.seat, choices[rnd.randrange(len(choices))].id)


@pytest.mark.parametrize("chunk", range(4))
def test_cached_prices_match_a_fresh_computation(chunk: int) -> None:
    rnd = random.Random(chunk)
    for game in range(GAMES // 4):
        wonders = "first_game" if game % 5 == 0 else "draft"
        st = ENGINE.new_game(2, chunk * 1000 + game, {"wonders": wonders})
        while ENGINE.result(st) is None:
            check_listing(st)
            check_tables(st)
            if rnd.random() < 0.15:  # a copy shares the tables, then goes its own way
                fork = ENGINE.copy(st)
                for _ in range(3):
                    if ENGINE.result(fork) is not None:
                        break
                    _answer(fork, rnd)
                    check_tables(fork)
                    check_listing(fork)
                check_tables(st)
            _answer(st, rnd)
        check_tables(st)


def test_a_loaded_state_starts_without_tables() -> None:
    st = ENGINE.new_game(2, 7, {"wonders": "first_game"})
    ENGINE.prompts(st)
    assert offers.KEY in st.__dict__
    loaded = ENGINE.load(st.model_dump_json())
    assert offers.KEY not in loaded.__dict__
    assert offers.KEY not in st.model_dump()
    assert loaded == st  # the tables are not part of the game
