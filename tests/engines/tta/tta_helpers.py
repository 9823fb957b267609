"""Shared helpers for the TTA engine tests: positions built by hand, answers, invariants."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from engines.core.contract import Event
from engines.tta.engine import TtaEngine
from engines.tta.facts import KIND, civil_deck, military_deck
from engines.tta.play import PRINTED
from engines.tta.state import Civ, TtaState

ENGINE = TtaEngine()


def new(players: int = 2, seed: int = 1, mode: str = "first") -> TtaState:
    """A new game, the book's first game unless ``mode`` says otherwise (the engine's own
    default is the full game)."""
    return ENGINE.new_game(players, seed, {"mode": mode})


def game_json(st: TtaState) -> str:
    """The state as JSON but the seats' answer counts (``TtaState.answered``): what an undo
    takes back (it is an answer too, and the question it reopens is a new one)."""
    return st.model_dump_json(exclude={"answered"})


def option_ids(st: TtaState) -> list[str]:
    return [o.id for o in ENGINE.prompts(st)[0].options]


def answer(st: TtaState, option_id: str) -> list[Event]:
    return ENGINE.apply(st, st.current, option_id)


def to_round_two(st: TtaState) -> TtaState:
    """Everyone ends the first round without taking anything."""
    while st.round == 1:
        answer(st, "end")
    return st


def action_turn(seed: int = 1) -> tuple[TtaState, Civ]:
    """A 2-player game in round 2, its current seat in the action phase: (state, that civ)."""
    st = to_round_two(new(2, seed))
    assert st.step == "action"
    return st, st.civs[st.current]


def play_turn_to_action(st: TtaState) -> None:
    """Pass the politics phase if it is asked."""
    if st.step == "politics":
        answer(st, "pass")


def set_row(st: TtaState, cards: Sequence[str | None]) -> None:
    st.row = list(cards) + [None] * (13 - len(cards))


def give(civ: Civ, card: str, workers: int = 0) -> None:
    """Put a technology into play with ``workers`` on it (tokens from the yellow bank)."""
    civ.techs.append(card)
    if KIND[card] in ("farm", "mine", "urban", "unit"):
        civ.workers[card] = workers
        civ.yellow_bank -= workers
        if KIND[card] in ("farm", "mine"):
            civ.blue[card] = 0


def set_tokens(civ: Civ, card: str, n: int) -> None:
    """Place ``n`` blue tokens on a farm/mine card, from the bank."""
    civ.blue_bank -= n - civ.blue[card]
    civ.blue[card] = n


def yellow_total(civ: Civ) -> int:
    return civ.yellow_bank + civ.pool + sum(civ.workers.values())


def blue_total(civ: Civ) -> int:
    return civ.blue_bank + sum(civ.blue.values()) + civ.stages


def all_cards(st: TtaState) -> Counter[str]:
    """Every tracked card wherever it is (scope §8 / brief: each card in one place)."""
    out: Counter[str] = Counter()
    for pile in (st.row, st.current_events, st.future_events, st.past_events,
                 st.common_tactics, st.removed, st.boxed):
        out.update(c for c in pile if c is not None)
    if st.revealed is not None:  # an event being resolved (engines/tta/interrupts.py)
        out[st.revealed] += 1
    # declared wars, face up until resolved (wars.py); the short game's War over Culture
    # declared from the table is the face-up card, counted once below (short_game.py)
    out.update(w["card"] for w in st.wars if "played" not in w)
    out.update(st.short_face_up)  # the short game's face-up Age III events (L2229)
    if st.short_war is not None:
        out[st.short_war] += 1
    out.update(p["card"] for p in st.pacts)  # pacts in play, in the owner's area (pacts.py)
    for piles in (st.civil_decks, st.military_decks, st.military_discards):
        for pile in piles:
            out.update(pile)
    for civ in st.civs:
        out.update(c for c in civ.techs if c not in PRINTED)
        if civ.government not in PRINTED:
            out[civ.government] += 1
        if civ.leader is not None:
            out[civ.leader] += 1
        if civ.wonder is not None:
            out[civ.wonder] += 1
        out.update(civ.wonders)
        out.update(civ.colonies)
        out.update(civ.hand)
        out.update(civ.military)
        out.update(civ.short_events)  # dealt face down (short game, L2227)
        if civ.tactic is not None and civ.tactic_exclusive:
            out[civ.tactic] += 1  # played this turn: still in the player's area (L1525)
    return out


def initial_cards(players: int, mode: str = "first", peaceful_pacts: bool = False
                  ) -> Counter[str]:
    ages = 3 if mode == "first" else 4
    out: Counter[str] = Counter()
    for a in range(ages):
        out.update(civil_deck(a, players))
        out.update(military_deck(a, players, mode, peaceful_pacts))
    return out


@cache
def _initial(players: int, mode: str, peaceful_pacts: bool = False) -> dict[str, int]:
    """``initial_cards`` once per table (the property runs check after every answer)."""
    return dict(initial_cards(players, mode, peaceful_pacts))


def check_invariants(st: TtaState) -> None:
    """Token conservation per player (scope §8) and every card in exactly one place."""
    check_tokens(st)
    cards = all_cards(st)
    if not dict.__eq__(cards, _initial(st.players, st.mode, st.peaceful_pacts)):  # fast
        assert cards == initial_cards(st.players, st.mode, st.peaceful_pacts)  # the diff


def check_tokens(st: TtaState) -> None:
    """Yellow and blue tokens conserved per player (scope §8, L1458); nothing negative."""
    for seat, civ in enumerate(st.civs):
        assert yellow_total(civ) == 25 + civ.yellow_box, seat
        assert blue_total(civ) == 16 + civ.blue_box, seat
        assert min(civ.yellow_bank, civ.pool, civ.blue_bank, *civ.workers.values(),
                   *civ.blue.values()) >= 0, seat
        assert civ.culture >= 0 and civ.science >= 0, seat
