"""Positions for the event and colonization tests: a revealed card resolved by hand."""

from __future__ import annotations

from engines.core.contract import Event, Prompt
from engines.tta import interrupts
from engines.tta.state import Civ, TtaState
from tests.engines.tta.tta_helpers import new, to_round_two


def table(players: int = 3, seed: int = 1, current: int = 0) -> TtaState:
    """Round 2, Age I, ``current`` to act; every civilization as at the start."""
    st = to_round_two(new(players, seed))
    st.current = current
    st.step = "action"
    return st


def pull(st: TtaState, card: str) -> str:
    """Take one copy of ``card`` out of the row, decks or piles (cards stay conserved)."""
    if card in st.row:
        st.row[st.row.index(card)] = None
        return card
    for pile in (st.current_events, st.boxed, *st.military_decks, *st.military_discards,
                 *st.civil_decks,
                 st.removed):
        if card in pile:
            pile.remove(card)
            return card
    raise AssertionError(f"{card} not found")


def reveal(st: TtaState, card: str) -> list[Event]:
    """``card`` is revealed for the current player (as ``politics.prepare_event`` does)."""
    pull(st, card)
    st.revealed = card
    return interrupts.start(st, "reveal", st.current, card)


def reply(st: TtaState, seat: int, option_id: str) -> list[Event]:
    return interrupts.answer(st, seat, option_id)


def asked(st: TtaState) -> dict[int, Prompt]:
    return {p.seat: p for p in interrupts.prompts(st)}


def set_units(civ: Civ, card: str, n: int) -> None:
    """``n`` units (or buildings) on ``card``, tokens from / to the yellow bank."""
    if card not in civ.workers:
        civ.techs.append(card)
        civ.workers[card] = 0
    civ.yellow_bank -= n - civ.workers[card]
    civ.workers[card] = n


def strengths(st: TtaState, *values: int) -> None:
    """Seat ``i`` gets ``values[i]`` Warriors (strength 1 each, no tactic)."""
    for seat, v in enumerate(values):
        set_units(st.civs[seat], "A_warriors", v)


def pool(civ: Civ, n: int) -> None:
    """``n`` unused workers (tokens from / to the yellow bank)."""
    civ.yellow_bank -= n - civ.pool
    civ.pool = n
