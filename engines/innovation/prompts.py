"""The open questions of a position and their options (vocabulary: README.md)."""

from __future__ import annotations

from typing import Any

from engines.core.contract import Option, Prompt
from engines.core.fast import fast_option, fast_prompt
from engines.core.undo import undo_option
from engines.innovation.achievements import achievable
from engines.innovation.catalogue import CARD_IDS, ICONS
from engines.innovation.dogma import affected
from engines.innovation.draw import draw_age
from engines.innovation.facts import DOGMA_ICON
from engines.innovation.icons import counts_of, highest_top
from engines.innovation.state import InnovationState

_CACHE: dict[tuple[str, Any], Option] = {}
_DRAW: dict[int, Option] = {}
#: the turn's card options, built once per card (options are shared, never changed)
_MELD: dict[str, Option] = {c: fast_option(f"meld:{c}", "meld", {"card": c}, c, None)
                            for c in CARD_IDS}
_DOGMA: dict[str, Option] = {c: fast_option(f"dogma:{c}", "dogma", {"card": c}, c, None)
                             for c in CARD_IDS}
_CONFIRM: dict[str, Option] = {c: fast_option("confirm", "confirm", {"card": c}, c, None)
                               for c in CARD_IDS}
_BACK = fast_option("back", "back", {}, None, None)
#: the reserved ``undo`` (``undo_window.py``), last on the prompt of a seat that may take
#: an answer back
UNDO_OPTION = undo_option(None)
#: a question's options whose params follow from their id (``card:x``, ``color:x``, …),
#: built once per id; ``done`` (its ``picked`` varies) is built each time
_ROWS: dict[str, Option] = {}


def _row_option(row: list[Any]) -> Option:
    """The option of a stored question's row ``[id, key, params, card]``."""
    oid = row[0]
    opt = _ROWS.get(oid)
    if opt is None:
        opt = fast_option(oid, row[1], row[2], row[3], None)
        if oid != "done":
            _ROWS[oid] = opt
    return opt


def _opt(oid: str, key: str, params: dict[str, Any], card: str | None) -> Option:
    return fast_option(oid, key, params, card, None)


def _card_opt(kind: str, card: str) -> Option:
    ck = (kind, card)
    opt = _CACHE.get(ck)
    if opt is None:
        opt = _CACHE[ck] = fast_option(f"{kind}:{card}", kind, {"card": card}, card, None)
    return opt


def _achieve_opt(age: int) -> Option:
    ck = ("achieve", age)
    opt = _CACHE.get(ck)
    if opt is None:
        opt = _CACHE[ck] = fast_option(f"achieve:{age}", "achieve", {"age": age}, None, None)
    return opt


def dogma_preview(st: InnovationState, seat: int, card: str) -> dict[str, Any]:
    """Who will share and who will be demanded of if ``seat`` activates ``card`` now."""
    icon = DOGMA_ICON[card]
    counts = [counts_of(st, s)[icon] for s in range(st.players)]
    sharers, demanded = affected(st, seat, card, counts)
    return {"card": card, "icon": ICONS[icon], "sharers": sharers, "demanded": demanded,
            "counts": counts}


def asked_seats(st: InnovationState) -> list[int]:
    """The seats ``prompts`` asks, in seat order (none once the game is over)."""
    if st.phase == "over":
        return []
    if st.phase == "setup":
        return [s for s in range(st.players) if st.initial[s] is None]
    if st.question is not None:
        return [st.question["seat"]]
    return [st.current]


def table_key(st: InnovationState) -> str:
    """``InnovationView.table_key``: ``"setup"``, the turn number, ``"over"`` (README)."""
    if st.phase == "over":
        return "over"
    if st.phase == "setup":
        return "setup"
    return str(st.turn)


#: the question of the setup meld: each seat is asked it once, all at once
INITIAL_QUESTION = "initial_meld"


def prompts(st: InnovationState) -> list[Prompt]:
    if st.phase == "over":
        return []
    if st.phase == "setup":
        return [fast_prompt(s, "initial_meld",
                            [_card_opt("initial", c) for c in st.hands[s]], {}, True,
                            question=INITIAL_QUESTION)
                for s in range(st.players) if st.initial[s] is None]
    # after the setup one seat is asked at a time and every answer ends its question: a
    # question is named by the number of answers so far (README "Pacing")
    window = st.undo
    q = st.question
    if q is not None:
        options = [_row_option(r) for r in q["options"]]
        if window.answers and window.seat == q["seat"]:
            options.append(UNDO_OPTION)
        return [fast_prompt(q["seat"], q["kind"], options, q["params"], q["private"],
                            question=f"{q['kind']}.{st.answers_count}")]
    seat = st.current
    question = f".{st.answers_count}"
    undo = bool(window.answers) and window.seat == seat  # undo_window.py: offered last
    if st.confirm is not None:
        return [fast_prompt(seat, "dogma_confirm",
                            [_CONFIRM[st.confirm], _BACK, UNDO_OPTION] if undo
                            else [_CONFIRM[st.confirm], _BACK],
                            st.preview or dogma_preview(st, seat, st.confirm), False,
                            question="dogma_confirm" + question)]
    age = draw_age(st.supply, max(1, highest_top(st, seat)))
    draw = _DRAW.get(age)
    if draw is None:
        draw = _DRAW[age] = fast_option("draw", "draw", {"age": age}, None, None)
    hand = st.hands[seat]
    options = [draw, *map(_MELD.__getitem__, hand)]
    if st.scores[seat]:
        for a in achievable(st, seat):
            options.append(_achieve_opt(a))
    dogmas = _DOGMA
    options += [dogmas[pile[-1]] for pile in st.boards[seat] if pile]
    if undo:
        options.append(UNDO_OPTION)
    return [fast_prompt(seat, "turn", options,
                        {"actions_left": st.actions_left, "turn": st.turn}, bool(hand),
                        question="turn" + question)]
