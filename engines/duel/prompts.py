"""The open question of a position and its options (see README.md for the vocabulary).

Options are shared objects (``options.py``); a turn's are listed from the seat's cached
offers (``offers.py``).
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Option, Prompt
from engines.core.undo import undo_option
from engines.duel.draft import picker
from engines.duel.facts import CARD, COLOR_IDS, COLOR_INDEX, WONDER, fast_prompt
from engines.duel.offers import turn_options, wonders_open
from engines.duel.options import option as _opt
from engines.duel.state import DuelState

__all__ = ["asked_seat", "prompts", "table_key", "turn_options", "wonders_open"]

#: colour -> the wonder whose effect discards an opponent card of that colour
DESTROYER = {COLOR_IDS[w.destroy]: w.id for w in WONDER.values() if w.destroy >= 0}


def _prompt(st: DuelState, seat: int, kind: str, options: list[Option],
            params: dict[str, Any], private: bool = False) -> Prompt:
    # one seat is asked at a time and every answer ends its question: the question is
    # named by the number of answers so far (README "Pacing")
    if st.undo.base is not None and st.undo.can_undo(seat):  # window.py
        options = [*options, undo_option(None)]
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
