"""Whole-game properties over thousands of seeded random games."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from engines.core.contract import UNDO
from engines.core.errors import IllegalAnswer
from engines.core.rng import Rng
from engines.duel.catalogue import CARDS, TOKENS, WONDERS
from engines.duel.state import DuelState
from engines.duel.trading import card_cost, wonder_cost
from tests.engines.duel.duel_helpers import ENGINE, Telling, random_game

GAMES = 2000
DETAILED = 150  # games whose every position is also checked for leaks / immutability


def card_places(st: DuelState) -> Counter[str]:
    places: Counter[str] = Counter()
    places.update(c for c in st.structure if c is not None)
    for deck in st.decks[st.age:]:
        places.update(deck)
    places.update(st.removed)
    places.update(st.unused_guilds)
    places.update(st.discard)
    for seat in (0, 1):
        places.update(st.buildings[seat])
        places.update(st.wonder_cards[seat].values())
    return places


def hidden_ids(st: DuelState, seat: int | None) -> set[str]:
    hidden = set(st.removed) | set(st.unused_guilds) | set(st.wonder_deck)
    for deck in st.decks[st.age:]:
        hidden |= set(deck)
    hidden |= {c for i, c in enumerate(st.structure) if c is not None and not st.face_up[i]}
    library_seat = st.pending[0][1] if st.pending and st.pending[0][0] == "great_library" else None
    hidden |= set(st.box_tokens) - (set(st.library_offer) if seat == library_seat else set())
    # a card still face down may also be public elsewhere (never: each card exists once)
    return hidden


def strings_of(obj: object) -> set[str]:
    out: set[str] = set()
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out |= strings_of(k) | strings_of(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= strings_of(v)
    return out


def check_position(st: DuelState) -> None:
    assert st.coins[0] >= 0 and st.coins[1] >= 0
    places = card_places(st)
    assert set(places) == set(CARDS) and all(n == 1 for n in places.values())
    assert -9 <= st.military <= 9
    tokens = Counter(st.board_tokens + st.box_tokens + st.tokens[0] + st.tokens[1])
    assert set(tokens) == set(TOKENS) and all(n == 1 for n in tokens.values())
    built = len(st.wonder_cards[0]) + len(st.wonder_cards[1])
    assert built <= 7
    wonders = Counter(st.wonders[0] + st.wonders[1] + st.wonder_offer + st.wonder_deck
                      + st.returned_wonders)
    assert set(wonders) == set(WONDERS) and all(n == 1 for n in wonders.values())


def check_views(st: DuelState) -> None:
    for seat in (None, 0, 1):
        view = ENGINE.view(st, seat).model_dump(mode="json")
        leaked = strings_of(view) & hidden_ids(st, seat)
        assert not leaked, (seat, leaked)


def check_turn_options(st: DuelState, options: list) -> None:  # type: ignore[type-arg]
    """Offered builds are exactly the affordable accessible cards, at ``card_cost``."""
    seat = st.current
    offered = {o.id: o for o in options}
    for slot in st.accessible:
        card = st.structure[slot]
        assert card is not None
        total, trade, chained = card_cost(st, seat, card)
        opt = offered.get(f"build:{card}")
        if total <= st.coins[seat]:
            assert opt is not None and opt.cost == total
            assert opt.params == {"card": card, "cost": total, "trade": trade, "chain": chained}
        else:
            assert opt is None
        assert f"discard:{card}" in offered
        for w in st.wonders[seat]:
            wid = f"wonder:{card}:{w}"
            if wid in offered:
                assert offered[wid].cost == wonder_cost(st, seat, w) <= st.coins[seat]


@pytest.mark.slow
def test_random_games_end_properly_and_keep_invariants() -> None:
    victories: Counter[str] = Counter()
    rng = Rng.from_seed(2024)
    for seed in range(GAMES):
        st = ENGINE.new_game(2, seed, {"wonders": "first_game"} if seed % 5 == 0 else None)
        answers: list[tuple[int, str]] = []
        detailed = seed < DETAILED
        while True:
            prompts = ENGINE.prompts(st)
            if not prompts:
                break
            assert len(prompts) == 1 and prompts[0].options
            p = prompts[0]
            assert p.private == (p.kind == "great_library")
            opt = p.options[rng.below(len(p.options))]
            if detailed:
                check_views(st)
                if p.kind == "turn":
                    check_turn_options(st, p.options)
                snapshot = st.model_dump_json()
                # an illegal answer changes nothing
                for seat, oid in ((1 - p.seat, opt.id), (p.seat, "build:nothing"),
                                  (p.seat, "nonsense")):
                    with pytest.raises(IllegalAnswer):
                        ENGINE.apply(st, seat, oid)
                    assert st.model_dump_json() == snapshot
                new, _ = ENGINE.answer(st, p.seat, opt.id)
                assert st.model_dump_json() == snapshot  # answer() never mutates its input
                st = new
            else:
                ENGINE.apply(st, p.seat, opt.id)
            answers.append((p.seat, opt.id))
            check_position(st)
        res = ENGINE.result(st)
        assert res is not None and res.victory in ("military", "science", "civilian")
        assert st.phase == "over" and res.winners
        victories[res.victory] += 1
        if seed % 10 == 0:
            options = {"wonders": "first_game"} if seed % 5 == 0 else None
            assert ENGINE.replay(2, seed, options, answers) == st
            assert ENGINE.load(ENGINE.dump(st)) == st
        if detailed:
            check_views(st)
    assert victories["civilian"] > 0 and victories["military"] > 0
    assert sum(victories.values()) == GAMES


@settings(max_examples=60, deadline=None, database=None)
@given(seed=hst.integers(min_value=0, max_value=2**63 - 1), cut=hst.integers(0, 80))
def test_replay_and_json_round_trip_mid_game(seed: int, cut: int) -> None:
    final, answers = random_game(seed)
    st = ENGINE.replay(2, seed, None, answers[:cut])
    again = ENGINE.load(ENGINE.dump(st))
    assert again == st
    assert ENGINE.load(json.loads(ENGINE.dump(st))) == st
    assert ENGINE.copy(st) == st
    for seat, oid in answers[cut:]:
        ENGINE.apply(again, seat, oid)
    assert again == final


def _shares_mutable(a: object, b: object) -> bool:
    if isinstance(a, (list, dict)):
        if a is b:
            return True
        items_a = a.values() if isinstance(a, dict) else a
        items_b = b.values() if isinstance(b, dict) else b  # type: ignore[union-attr]
        return any(_shares_mutable(x, y) for x, y in zip(items_a, items_b, strict=True))
    return False


def test_copy_shares_no_mutable_part() -> None:
    st, answers = random_game(3)
    mid = ENGINE.replay(2, 3, None, answers[:40])
    for state in (st, mid):
        cp = ENGINE.copy(state)
        assert cp == state
        for field in type(state).model_fields:
            assert not _shares_mutable(getattr(cp, field), getattr(state, field)), field


def test_copy_is_independent() -> None:
    st = ENGINE.new_game(2, 3)
    cp = ENGINE.copy(st)
    p = ENGINE.prompts(cp)[0]
    ENGINE.apply(cp, p.seat, p.options[0].id)
    assert cp != st and st == ENGINE.new_game(2, 3)


def _recount(st: DuelState) -> None:
    """Recompute every derived fact of both cities from scratch and compare."""
    from engines.duel.facts import CARD, COVERED_BY, TOKEN_SYMBOL, WONDER

    for seat in (0, 1):
        prod, colors, sci, flex, mask, chains = [0] * 5, [0] * 7, [0] * 7, [0, 0], 0, []
        for card in st.buildings[seat]:
            f = CARD[card]
            colors[f.color] += 1
            if f.color <= 1:  # only brown and grey production raises prices
                prod = [p + q for p, q in zip(prod, f.produce, strict=True)]
            flex[0] += f.flex_raw
            flex[1] += f.flex_man
            mask |= f.fixed_mask
            if f.symbol >= 0:
                sci[f.symbol] += 1
            if f.chain_to:
                chains.append(f.chain_to)
        for w in st.wonder_cards[seat]:
            flex[0] += WONDER[w].flex_raw
            flex[1] += WONDER[w].flex_man
        for t in st.tokens[seat]:
            if t in TOKEN_SYMBOL:
                sci[TOKEN_SYMBOL[t]] += 1
        assert (prod, colors, sci, flex, mask) == (
            st.production[seat], st.colors[seat], st.science[seat], st.flexible[seat],
            st.fixed_mask[seat])
        assert sorted(chains) == sorted(st.chains[seat])
        if st.victory is None:
            assert sum(1 for n in sci if n) < 6  # no missed science supremacy
    if st.phase in ("play", "choose_start") and st.structure:  # the next Age is dealt first
        covered = COVERED_BY[st.age]
        free = [s for s in range(20) if st.structure[s] is not None
                and all(st.structure[c] is None for c in covered[s])]
        assert free == st.accessible and all(st.face_up[s] for s in free)
        assert st.cards_left == sum(c is not None for c in st.structure)
    if len(st.wonder_cards[0]) + len(st.wonder_cards[1]) >= 7:
        assert all(w in st.wonder_cards[s] for s in (0, 1) for w in st.wonders[s])


def _coin_change(events: list, seat: int) -> int:  # type: ignore[type-arg]
    change = 0
    for e in events:
        if e.seat != seat:
            continue
        if e.kind == "coins_gained" or e.kind == "card_discarded":
            change += e.params["amount" if e.kind == "coins_gained" else "coins"]
        elif e.kind == "coins_lost":
            change -= e.params["amount"]
        elif e.kind == "military_token_looted":
            change -= e.params["coins"]
        elif e.kind in ("building_built", "wonder_built"):
            change -= e.params["cost"]
    return change


def test_derived_facts_and_coin_events_match_a_recount() -> None:
    """Every coin movement is announced by an event; derived city facts never drift."""
    rng = Rng.from_seed(77)
    for seed in range(400):
        st = ENGINE.new_game(2, seed, {"wonders": "first_game"} if seed % 3 == 0 else None)
        telling = Telling()
        while True:
            prompts = ENGINE.prompts(st)
            if not prompts:
                break
            p = prompts[0]
            choices = [o for o in p.options if o.id != UNDO]  # undo: test_duel_undo
            opt = choices[rng.below(len(choices))]
            coins, position = list(st.coins), st.military
            events = telling.own(ENGINE.apply(st, p.seat, opt.id))
            for seat in (0, 1):
                assert st.coins[seat] - coins[seat] == _coin_change(events, seat), opt.id
            moved = [e for e in events if e.kind == "pawn_moved"]
            if moved:
                assert st.military == moved[-1].params["position"]
            else:
                assert st.military == position
            _recount(st)
