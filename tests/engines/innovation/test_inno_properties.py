"""Thousands of seeded random games at 2, 3 and 4 players through the public API: every game
ends by a victory kind, all 105 cards stay accounted for, views never leak hidden cards,
a save/reload mid-dogma changes nothing, and across the run every card's dogma is executed
at least once. What every engine promises (replays match, ``answer`` leaves its input
alone, refused answers change nothing) is checked for all games in
``tests/engines/test_contract.py``."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from engines.core.contract import Event
from engines.core.rng import Rng
from engines.innovation.catalogue import CARDS
from engines.innovation.state import InnovationState
from tests.engines.innovation.inno_helpers import ENGINE, total_cards

GAMES = {2: 1200, 3: 900, 4: 800}
VICTORIES = {"achievements", "score", "dogma"}


def _strings(obj: Any, out: set[str]) -> set[str]:
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _strings(k, out)
            _strings(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _strings(v, out)
    return out


def _hidden_for(st: InnovationState, seat: int | None) -> set[str]:
    hidden: set[str] = set()
    for pile in st.supply:
        hidden.update(pile)
    hidden.update(c for c in st.age_achievements if c)
    hidden.update(st.removed)
    for s in range(st.players):
        hidden.update(a for a in st.achievements[s] if a in CARDS)
        if s == seat:
            continue
        hidden.update(st.hands[s])
        hidden.update(st.scores[s])
        for pile in st.boards[s]:
            hidden.update(pile[:-1])
        if st.initial[s]:
            hidden.add(st.initial[s])  # type: ignore[arg-type]
    # the card whose dogma is being executed was shown when activated: public knowledge
    if st.dogma:
        hidden.discard(st.dogma["card"])
    if st.question:
        hidden.discard(st.question["params"].get("source"))
        if st.question["kind"] == "collaboration_take":  # the two 9s were revealed
            hidden.difference_update(o[3] for o in st.question["options"])
    return hidden


def _check_views(st: InnovationState) -> None:
    for seat in [None, *range(st.players)]:
        view = ENGINE.view(st, seat).model_dump(mode="json")
        leaked = _strings(view, set()) & _hidden_for(st, seat)
        assert not leaked, (seat, leaked)
    for p in ENGINE.prompts(st):
        if not p.private:
            ids = {o.card for o in p.options if o.card}
            assert not ids & _hidden_for(st, None), (p.kind, ids)


_HIDDEN_ZONES = {"hand", "score", "supply", "removed"}


def _check_events(events: list[Event]) -> None:
    """Public events never name a card moving only between hidden zones (or drawn)."""
    for ev in events:
        if ev.kind == "undone":  # the core undo window's note to the seat that took back
            assert ev.provisional and ev.visible_to == [ev.seat], ev
            continue
        if ev.visible_to is not None:
            assert ev.params.get("private"), ev
            continue
        assert not ev.params.get("private"), ev
        if ev.kind == "draw" or (ev.params.get("from") in _HIDDEN_ZONES
                                 and ev.params.get("to") in _HIDDEN_ZONES):
            assert "card" not in ev.params, ev
        if ev.kind == "rearrange":
            assert "order" not in ev.params


def play(seed: int, players: int, *, views: bool = False,
         roundtrip: bool = False) -> InnovationState:
    rng = Rng.from_seed(seed * 7919 + players)
    st = ENGINE.new_game(players, seed)
    steps = 0
    while True:
        prompts = ENGINE.prompts(st)
        if not prompts:
            break
        p = prompts[rng.below(len(prompts))]
        opt = p.options[rng.below(len(p.options))].id
        if views and steps % 3 == 0:
            _check_views(st)
        if roundtrip and st.question is not None and steps % 2 == 0:
            clone = ENGINE.load(json.loads(ENGINE.dump(st)))
            ENGINE.apply(clone, p.seat, opt)
            ENGINE.apply(st, p.seat, opt)
            assert ENGINE.dump(clone) == ENGINE.dump(st)
        else:
            events = ENGINE.apply(st, p.seat, opt)
            if views:
                _check_events(events)
        steps += 1
        assert steps < 20000, "game does not end"
    return st


@pytest.fixture(scope="module")
def runs() -> dict[int, list[InnovationState]]:
    out: dict[int, list[InnovationState]] = {}
    for players, n in GAMES.items():
        out[players] = [play(1000 * players + i, players) for i in range(n)]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_by_a_victory_kind(runs: dict[int, list[InnovationState]],
                                            players: int) -> None:
    kinds: Counter[str] = Counter()
    for st in runs[players]:
        res = ENGINE.result(st)
        assert res is not None and res.victory in VICTORIES and res.winners
        assert ENGINE.prompts(st) == []
        kinds[res.victory] += 1
        assert total_cards(st) == 105
        placed = [c for pile in st.supply for c in pile] + st.removed
        placed += [c for c in st.age_achievements if c]
        for s in range(players):
            placed += st.hands[s] + st.scores[s] + [a for a in st.achievements[s] if a in CARDS]
            placed += [c for pile in st.boards[s] for c in pile]
        assert sorted(placed) == sorted(CARDS)
    assert set(kinds) == VICTORIES


@pytest.mark.slow
def test_every_card_dogma_executed(runs: dict[int, list[InnovationState]]) -> None:
    total: Counter[str] = Counter()
    for states in runs.values():
        for st in states:
            total.update(ENGINE.stats(st))
    assert [c for c in CARDS if total[c] == 0] == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_never_leak_hidden_cards(players: int) -> None:
    for i in range(12):
        play(50_000 + 100 * players + i, players, views=True)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_json_round_trip_mid_dogma(players: int) -> None:
    for i in range(25):
        play(70_000 + 100 * players + i, players, roundtrip=True)
