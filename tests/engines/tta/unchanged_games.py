"""Golden random games of Through the Ages recorded from the engine before it was made
fast (issue 19): replaying their stored answers must give the same positions, events and
prompts after every answer.

One game is a lobby game (``ENGINE.new_game`` with its options) answered by a seeded random
policy (:func:`record`): a uniformly random open prompt, then a uniformly random option of
it; never resigning unless the game says so (then rarely), and in the games marked ``undo``
taking an answer back now and then (the undo window is where the engine's caches are most
exposed). After every answer the position is hashed (:func:`position_hash`): the saved
state (``ENGINE.dump``: undo window included), the answer's events, the open prompts with
every option and its parameters (the end-of-turn forecast, ``final`` marks), the result;
every ``VIEW_EVERY`` answers also the public view and each seat's view. The replay goes
through the same doors as the bot: every ``COPY_EVERY``-th answer by ``ENGINE.answer`` (a
copy), every ``ROUND_TRIP_EVERY``-th position is saved to JSON and loaded again.

``python tests/engines/tta/unchanged_games.py`` records the fixtures (``unchanged_games/``)
again: only ever from an engine known to play the games of before.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engines.core.contract import UNDO, Event, Prompt
from engines.tta import undo_window
from engines.tta.engine import TtaEngine
from engines.tta.state import TtaState

ENGINE = TtaEngine()
FIXTURES = Path(__file__).resolve().parent / "unchanged_games"
#: hex digits kept of each sha256 (a wrong position passing by chance: 2**-48)
DIGITS = 12
COPY_EVERY = 5
ROUND_TRIP_EVERY = 37
VIEW_EVERY = 16
#: a game asked for undo takes back an offered answer with this probability
UNDO_RATE = 0.08
#: a game asked for resignations asks to resign when offered with this probability, and
#: confirms with ``CONFIRM_RATE``
RESIGN_RATE = 0.03
CONFIRM_RATE = 0.5
RESIGN_IDS = frozenset({"resign", "resign:confirm"})


@dataclass(frozen=True)
class Game:
    """One recorded game's set-up: what :func:`record` plays."""

    name: str
    players: int
    seed: int
    options: dict[str, str]
    undo: bool = False
    resign: bool = False


def _games() -> list[Game]:
    full, peaceful = {"mode": "full"}, {"mode": "peaceful"}
    conflict = {"global_conflict": "on"}
    out: list[Game] = []
    for players in (2, 3, 4):
        p = players
        out += [
            Game(f"full_{p}p_a", p, 100 + p, full),
            Game(f"full_{p}p_undo", p, 200 + p, full, undo=True),
            Game(f"full_{p}p_conflict", p, 300 + p, {**full, **conflict}, undo=p == 3),
            # seed 411 at 2 players: a resignation in round 6 (it ends a 2-player game)
            Game(f"full_{p}p_resign", p, 411 if p == 2 else 400 + p, full, resign=True),
            Game(f"first_{p}p", p, 500 + p, {"mode": "first"}, undo=p == 2),
            Game(f"peaceful_{p}p", p, 600 + p, {**peaceful, **conflict}, undo=p == 4),
            Game(f"short_{p}p", p, 700 + p, {"mode": "short"}, undo=p == 2),
            Game(f"short_{p}p_conflict", p, 800 + p, {"mode": "short", **conflict}),
        ]
        if p > 2:
            out.append(Game(f"peaceful_pacts_{p}p", p, 900 + p,
                            {**peaceful, "peaceful_pacts": "on"}, undo=p == 3))
    return out


GAMES: list[Game] = _games()
#: one game per mode, replayed in the quick suite (the rest is marked ``slow``)
QUICK: frozenset[str] = frozenset({"full_2p_undo", "first_3p", "short_2p", "peaceful_pacts_3p"})


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:DIGITS]


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def position_hash(st: TtaState, events: list[Event], prompts: list[Prompt],
                  views: bool) -> str:
    """The digest of the position after an answer (module docstring)."""
    result = ENGINE.result(st)
    parts = [ENGINE.dump(st),
             _dumps([e.model_dump(mode="json") for e in events]),
             _dumps([p.model_dump(mode="json") for p in prompts]),
             _dumps(result.model_dump(mode="json") if result is not None else None)]
    if views:
        for seat in (None, *range(st.players)):
            parts.append(_dumps(ENGINE.view(st, seat).model_dump(mode="json")))
    return _digest("\n".join(parts))


def _pick(game: Game, prompts: list[Prompt], rnd: random.Random) -> tuple[int, str]:
    """The random policy of :func:`record` (module docstring)."""
    prompt = prompts[rnd.randrange(len(prompts))]
    ids = [o.id for o in prompt.options]
    if game.undo and UNDO in ids and rnd.random() < UNDO_RATE:
        return prompt.seat, UNDO
    if game.resign:
        if "resign:confirm" in ids:
            return prompt.seat, "resign:confirm" if rnd.random() < CONFIRM_RATE else "resign:back"
        if "resign" in ids and rnd.random() < RESIGN_RATE:
            return prompt.seat, "resign"
    others = [i for i in ids if i != UNDO and i not in RESIGN_IDS] or \
        [i for i in ids if i != UNDO]
    return prompt.seat, others[rnd.randrange(len(others))]


def play(game: Game, answers: list[tuple[int, str]] | None = None
         ) -> Iterator[tuple[int, str, str]]:
    """Play ``game``: the stored ``answers`` one by one, or (``None``) the random policy
    until the game ends; yields ``(seat, option id, position hash)`` after every answer.
    Run with ``undo_window.CACHING`` on: the engine as the bot runs it."""
    st = ENGINE.new_game(game.players, game.seed, game.options)
    rnd = random.Random(game.seed)
    n = 0
    while True:
        prompts = ENGINE.prompts(st)
        if answers is not None:
            if n >= len(answers):
                return
            seat, oid = answers[n]
        elif not prompts:
            return
        else:
            seat, oid = _pick(game, prompts, rnd)
        n += 1
        if n % COPY_EVERY == 0:
            st, events = ENGINE.answer(st, seat, oid)
        else:
            events = ENGINE.apply(st, seat, oid)
        if n % ROUND_TRIP_EVERY == 0:
            st = ENGINE.load(ENGINE.dump(st))
        prompts = ENGINE.prompts(st)
        yield seat, oid, position_hash(st, events, prompts, n % VIEW_EVERY == 0 or not prompts)


def fixture_path(game: Game) -> Path:
    return FIXTURES / f"{game.name}.json"


def load(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(fixture_path(game).read_text())
    return data


def record(game: Game) -> dict[str, Any]:
    """The fixture of ``game``: its set-up, then ``"<seat> <option id> <hash>"`` per answer."""
    steps = [f"{seat} {oid} {h}" for seat, oid, h in play(game)]
    return {"players": game.players, "seed": game.seed, "options": game.options,
            "undo": game.undo, "resign": game.resign, "steps": steps}


def steps_of(data: dict[str, Any]) -> list[tuple[int, str, str]]:
    """The stored ``(seat, option id, hash)`` of every answer."""
    out = []
    for line in data["steps"]:
        seat, oid, h = line.split(" ")
        out.append((int(seat), oid, h))
    return out


def main() -> None:
    undo_window.CACHING = True  # the engine as the bot runs it (the TTA conftest turns it off)
    FIXTURES.mkdir(exist_ok=True)
    for game in GAMES:
        data = record(game)
        fixture_path(game).write_text(json.dumps(data, indent=0) + "\n")
        print(f"{game.name}: {len(data['steps'])} answers", file=sys.stderr)


if __name__ == "__main__":
    main()
