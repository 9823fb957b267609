"""Games are unchanged by the speed work (issue 19): stored random games replay to the same
states, events and offered options after every answer.

``data/unchanged_games.json`` was recorded from the engine *before* any speed change
(``PYTHONPATH=. python tests/engines/duel/test_duel_unchanged_games.py --record``; never
re-record it to make this test pass): per game its seed, wonders option, the answers'
option ids and, per answer, the first 16 hex digits of a sha256 over the state, the
answer's events and the next prompt's options. Replay goes by option id (not by
index), so options added later (``undo``) do not shift the games.

What the digest leaves out, and why:

- the state's ``undo`` and ``held`` fields (the undo window and the events of its answers,
  added after the recording: a copy of the state and events told already, not rules);
- the ``undo`` option and the ``provisional`` flag of events;
- events retold at the close of an undo window: an answer kept in the window has its events
  told to its seat only (provisional), and the answer that closes the window tells them to
  the table again first. They are compared once, at the answer that caused them.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from engines.core.contract import UNDO, Event
from engines.core.playout import playout
from engines.core.rng import Rng
from engines.duel.engine import DuelEngine
from engines.duel.state import DuelState

DATA = Path(__file__).parent / "data" / "unchanged_games.json"
ENGINE = DuelEngine()
GAMES = 30
FIRST_GAME_EVERY = 5  # every fifth game uses the first-game wonders (no draft)
DIGITS = 16


def _digest(st: DuelState, events: list[dict[str, Any]]) -> str:
    state = st.model_dump(mode="json", exclude={"undo", "held"})
    prompts = ENGINE.prompts(st)
    options = [[o.id, o.key, o.params, o.card, o.cost]
               for p in prompts for o in p.options if o.id != UNDO]
    blob = json.dumps([state, events, options], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:DIGITS]


class Teller:
    """The events of each answer as compared: without the provisional flag, and without the
    retelling of a closed undo window's events (see the module docstring)."""

    def __init__(self) -> None:
        self.held: list[dict[str, Any]] = []

    def told(self, events: list[Event]) -> list[dict[str, Any]]:
        dumps = [e.model_dump(mode="json", exclude={"provisional"}) for e in events]
        if events and all(e.provisional for e in events):
            self.held.extend(dumps)
            return dumps
        if self.held:
            assert dumps[:len(self.held)] == self.held, "a closed window retells its events"
            dumps = dumps[len(self.held):]
            self.held = []
        return dumps


def _game_setup(index: int, rng: Rng) -> tuple[int, str]:
    seed = rng.next64() & 0x7FFFFFFF
    return seed, "first_game" if index % FIRST_GAME_EVERY == FIRST_GAME_EVERY - 1 else "draft"


def record() -> None:
    """Play and store the games (run once, before the engine changes)."""
    rng = Rng.from_seed(19)
    games = []
    for index in range(GAMES):
        seed, wonders = _game_setup(index, rng)
        played = playout(ENGINE, 2, seed, rng, options={"wonders": wonders})
        answers = [oid for _, oid in played.answers]
        games.append({"seed": seed, "wonders": wonders, "answers": answers,
                      "digests": replay_digests(seed, wonders, answers)})
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(games, separators=(",", ":")) + "\n")


def replay_digests(seed: int, wonders: str, answers: list[str]) -> list[str]:
    """The digest after every answer of a replay by option ids."""
    st = ENGINE.new_game(2, seed, {"wonders": wonders})
    teller = Teller()
    out = []
    for oid in answers:
        (prompt,) = ENGINE.prompts(st)
        events = ENGINE.apply(st, prompt.seat, oid)
        out.append(_digest(st, teller.told(events)))
    assert ENGINE.result(st) is not None
    return out


def _games() -> list[dict[str, Any]]:
    return json.loads(DATA.read_text()) if DATA.exists() else []


@pytest.mark.parametrize("game", _games(), ids=lambda g: f"{g['wonders']}-{g['seed']}")
def test_stored_game_replays_identically(game: dict[str, Any]) -> None:
    got = replay_digests(game["seed"], game["wonders"], game["answers"])
    for i, (want, have) in enumerate(zip(game["digests"], got, strict=True)):
        assert have == want, f"answer {i} ({game['answers'][i]}) differs"


def test_the_stored_games_are_there() -> None:
    games = _games()
    assert len(games) == GAMES
    assert {g["wonders"] for g in games} == {"draft", "first_game"}


if __name__ == "__main__":
    if sys.argv[1:] == ["--record"]:
        record()
