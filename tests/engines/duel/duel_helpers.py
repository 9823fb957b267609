"""Build Duel positions directly, and small shortcuts for the rule tests."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from engines.core.contract import Event, Prompt
from engines.core.rng import Rng
from engines.duel.catalogue import CARDS
from engines.duel.effects import record_building
from engines.duel.engine import DuelEngine
from engines.duel.facts import CARD, COVERED_BY, COVERS, TOKEN_SYMBOL, WONDER
from engines.duel.state import DuelState

ENGINE = DuelEngine()
#: a card nobody in these tests cares about, used to keep an Age from ending
FILLER = "lumber_yard"


def position(
    *,
    age: int = 1,
    structure: Sequence[str] = (),
    slots: Sequence[int] | None = None,
    filler: bool = True,
    current: int = 0,
    coins: tuple[int, int] = (7, 7),
    cities: tuple[Iterable[str], Iterable[str]] = ((), ()),
    tokens: tuple[Iterable[str], Iterable[str]] = ((), ()),
    wonders: tuple[Iterable[str], Iterable[str]] = ((), ()),
    built: tuple[Iterable[str], Iterable[str]] = ((), ()),
    board_tokens: Iterable[str] | None = None,
    box_tokens: Iterable[str] | None = None,
    military: int = 0,
    discard: Iterable[str] = (),
    seed: int = 0,
) -> DuelState:
    """A position in the ``play`` phase of ``age``.

    ``structure`` cards are put in accessible slots (``slots`` or the first free ones);
    every other slot is empty, except one accessible ``FILLER`` card (unless
    ``filler=False``) so that taking a test card does not end the Age. ``cities`` are
    built through ``record_building`` (derived facts, no immediate effect); ``built``
    wonders are built with a filler card tucked under them (their ongoing production
    counts); ``wonders`` are owned and unbuilt.
    """
    st = ENGINE.new_game(2, seed, {"wonders": "first_game"})
    st.phase = "play"
    st.age = age
    st.current = current
    st.last_taker = current
    st.coins = list(coins)
    st.military = military
    st.discard = list(discard)
    if board_tokens is not None:
        st.board_tokens = list(board_tokens)
    if box_tokens is not None:
        st.box_tokens = list(box_tokens)
    st.buildings = [[], []]
    st.production = [[0] * 5, [0] * 5]
    st.flexible = [[0, 0], [0, 0]]
    st.fixed_mask = [0, 0]
    st.colors = [[0] * 7, [0] * 7]
    st.science = [[0] * 7, [0] * 7]
    st.chains = [[], []]
    st.tokens = [list(tokens[0]), list(tokens[1])]
    st.wonders = [[], []]
    st.wonder_cards = [{}, {}]
    for seat in (0, 1):
        for card in cities[seat]:
            record_building(st, seat, card)
            sym = _symbol(card)
            if sym is not None:
                st.science[seat][sym] += 1
        for w in built[seat]:
            st.wonders[seat].append(w)
            st.wonder_cards[seat][w] = FILLER
            st.flexible[seat][0] += WONDER[w].flex_raw
            st.flexible[seat][1] += WONDER[w].flex_man
        st.wonders[seat].extend(wonders[seat])
        for token in st.tokens[seat]:
            if token in TOKEN_SYMBOL:
                st.science[seat][TOKEN_SYMBOL[token]] += 1
    set_structure(st, structure, slots, filler)
    return st


def _symbol(card: str) -> int | None:
    sym = CARD[card].symbol
    return sym if sym >= 0 else None


def set_structure(
    st: DuelState, cards: Sequence[str], slots: Sequence[int] | None = None, filler: bool = True
) -> None:
    """Only ``cards`` (+ a filler) in the structure, all accessible and face up."""
    cards = list(cards) + ([FILLER] if filler else [])
    chosen = list(slots or [])
    covered, covers = COVERED_BY[st.age], COVERS[st.age]
    for s in range(20):
        if len(chosen) >= len(cards):
            break
        if s not in chosen and not any(c in chosen for c in covered[s] + covers[s]):
            chosen.append(s)
    slots = chosen
    st.structure = [None] * 20
    st.face_up = [True] * 20
    for slot, card in zip(slots, cards, strict=True):
        st.structure[slot] = card
    st.accessible = sorted(
        s for s in range(20)
        if st.structure[s] is not None and all(st.structure[c] is None for c in covered[s])
    )
    assert len(st.accessible) == len(cards), "test structure cards must all be accessible"
    st.cards_left = len(cards)


def options(st: DuelState) -> dict[str, Any]:
    """``{option id: option}`` of the single open prompt."""
    (prompt,) = ENGINE.prompts(st)
    return {o.id: o for o in prompt.options}


def prompt(st: DuelState) -> Prompt:
    (p,) = ENGINE.prompts(st)
    return p


def act(st: DuelState, option_id: str, seat: int | None = None) -> list[Event]:
    """Answer the open prompt in place (its seat unless given)."""
    if seat is None:
        seat = prompt(st).seat
    return ENGINE.apply(st, seat, option_id)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def random_game(seed: int, options: dict[str, str] | None = None) -> tuple[
    DuelState, list[tuple[int, str]]
]:
    """Play a seeded random legal game; return the final state and the answers."""
    rng = Rng.from_seed(seed)
    st = ENGINE.new_game(2, seed, options)
    answers: list[tuple[int, str]] = []
    while True:
        open_prompts = ENGINE.prompts(st)
        if not open_prompts:
            return st, answers
        p = open_prompts[0]
        opt = p.options[rng.below(len(p.options))]
        ENGINE.apply(st, p.seat, opt.id)
        answers.append((p.seat, opt.id))


def public_json(st: DuelState, seat: int | None = None) -> str:
    return json.dumps(ENGINE.view(st, seat).model_dump(mode="json"), sort_keys=True)


def all_card_ids() -> list[str]:
    return list(CARDS)


class Telling:
    """Each answer's own events (no undo answered): when an undo window closes, the events
    its answers told their seat only (``provisional``) are told again, to the table, at the
    head of the closing answer's events; :meth:`own` leaves that retelling out."""

    def __init__(self) -> None:
        self.held = 0

    def own(self, events: list[Event]) -> list[Event]:
        if events and all(e.provisional for e in events):
            self.held += len(events)
            return events
        out = events[self.held:]
        self.held = 0
        return out
