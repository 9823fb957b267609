"""Build 7 Wonders positions directly, and small shortcuts for the rule tests."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from engines.core.contract import Event, Prompt
from engines.seven_wonders.effects import rebuild_derived
from engines.seven_wonders.engine import SevenWondersEngine
from engines.seven_wonders.facts import RES_INDEX
from engines.seven_wonders.state import SevenWondersState

ENGINE = SevenWondersEngine()
#: a card nobody in these tests cares about, used to pad hands
FILLER = "altar"


def position(
    players: int = 3,
    *,
    boards: Sequence[str] | None = None,
    sides: Sequence[str] | str = "day",
    coins: Sequence[int] | int = 3,
    cities: Sequence[Iterable[str]] | None = None,
    stages: Sequence[int] | None = None,
    hands: Sequence[Sequence[str]] | None = None,
    age: int = 1,
    turn: int = 1,
    discard: Iterable[str] = (),
    seed: int = 0,
) -> SevenWondersState:
    """A ``play`` position: ``boards`` (default: gizah, babylon, ... by seat order of
    ``DEFAULT_BOARDS``), ``cities`` built without one-off income, ``stages`` built (with
    filler cards tucked under), ``hands`` (default: 7 - turn + 1 filler cards each).
    """
    st = ENGINE.new_game(players, seed)
    n = players
    st.board = list(boards) if boards is not None else list(DEFAULT_BOARDS[:n])
    st.side = [sides] * n if isinstance(sides, str) else list(sides)
    st.coins = [coins] * n if isinstance(coins, int) else list(coins)
    st.buildings = [list(c) for c in cities] if cities is not None else [[] for _ in range(n)]
    st.stage_cards = [[FILLER] * k for k in (stages or [0] * n)]
    st.stage_ages = [[1] * k for k in (stages or [0] * n)]
    st.age, st.turn, st.phase = age, turn, "play"
    size = 7 - turn + 1
    st.hands = [list(h) for h in hands] if hands is not None else [[FILLER] * size] * n
    st.hands = [list(h) for h in st.hands]
    st.choice = [[] for _ in range(n)]
    st.discard = list(discard)
    # later Ages: filler cards (enough to deal 7 each)
    st.decks = [[] if a <= age else [FILLER] * 7 * n for a in (1, 2, 3)]
    rebuild_derived(st)
    return st


DEFAULT_BOARDS = ("gizah", "ephesos", "rhodos", "alexandria", "babylon", "olympia",
                  "halikarnassos")


def vec(**resources: int) -> tuple[int, ...]:
    out = [0] * 7
    for r, k in resources.items():
        out[RES_INDEX[r]] = k
    return tuple(out)


def option_ids(prompt: Prompt | None) -> list[str]:
    assert prompt is not None
    return [o.id for o in prompt.options]


def play(st: SevenWondersState, answers: Iterable[tuple[int, str]]) -> list[Event]:
    events: list[Event] = []
    for seat, oid in answers:
        events += ENGINE.apply(st, seat, oid)
    return events


def choose_all(st: SevenWondersState, choices: dict[int, str],
               pay: dict[int, str] | None = None) -> list[Event]:
    """Every seat answers its hand prompt (``choices``), with a payment option if asked."""
    events: list[Event] = []
    for seat, oid in choices.items():
        events += ENGINE.apply(st, seat, oid)
        prompt = ENGINE.prompt_for(st, seat)
        if prompt is not None and prompt.kind == "payment":
            pid = (pay or {}).get(seat) or prompt.options[0].id
            events += ENGINE.apply(st, seat, pid)
    return events


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def public_strings(obj: Any) -> set[str]:
    return strings_of(json.loads(json.dumps(obj)))


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
