"""Games are unchanged by speed work: random games recorded before it replay identically.

``unchanged_games.json.gz`` holds random games played with the core playout loop (every
prompt, ``waiting`` included, so changes of mind, ``back`` and payments are all there)
before the engine was made faster: per game the seat count, options, seed, every answer
``(seat, option id)`` and, after each answer, the first 16 hex digits of the sha256 of the
serialized state and the answer's events. Replaying the answers by id must give the same
digests after every answer, so a faster engine plays exactly the same games.

The digest leaves out the state fields named in ``NEW_FIELDS`` (fields added after the
recording, which the recorded games could not have had).

Record again (only when the rules themselves change, never for speed work)::

    PYTHONPATH=. python tests/engines/seven_wonders/test_sw_unchanged_games.py
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from engines.core.contract import Event
from engines.core.playout import playout
from engines.core.rng import Rng
from engines.seven_wonders.engine import SevenWondersEngine
from engines.seven_wonders.state import SevenWondersState

FIXTURE = Path(__file__).with_name("unchanged_games.json.gz")
ENGINE = SevenWondersEngine()
#: state fields added after the recording: left out of the digest
NEW_FIELDS: frozenset[str] = frozenset()
#: (players, options, games): every seat count, every option value
PLAN: tuple[tuple[int, dict[str, str], int], ...] = (
    (3, {}, 10),
    (7, {}, 10),
    (3, {"wonders": "choose", "sides": "choose"}, 2),
    (4, {"sides": "night"}, 2),
    (5, {"sides": "mixed"}, 2),
    (6, {"wonders": "choose", "sides": "night"}, 2),
    (7, {"sides": "mixed"}, 2),
    (7, {"wonders": "choose", "sides": "choose"}, 2),
)


def digest(state: SevenWondersState, events: list[Event]) -> str:
    """The first 16 hex digits of the sha256 of the state (minus ``NEW_FIELDS``) and the
    events."""
    data = state.model_dump(mode="json", exclude=set(NEW_FIELDS) or None)
    text = json.dumps([data, [e.model_dump(mode="json") for e in events]], sort_keys=True,
                      separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def record() -> list[dict[str, Any]]:
    """Play the games of ``PLAN`` and return them with their digests."""
    games = []
    seed = 1000
    for players, options, count in PLAN:
        for _ in range(count):
            seed += 1
            game = playout(ENGINE, players, seed, Rng.from_seed(seed), options=options or None)
            state = ENGINE.new_game(players, seed, options or None)
            digests = []
            for seat, option_id in game.answers:
                events = ENGINE.apply(state, seat, option_id)
                digests.append(digest(state, events))
            games.append({"players": players, "options": options, "seed": seed,
                          "answers": [[s, o] for s, o in game.answers],
                          "digests": digests})
    return games


def _games() -> list[dict[str, Any]]:
    if not FIXTURE.exists():  # being recorded
        return []
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as f:
        return json.load(f)  # type: ignore[no-any-return]


GAMES = _games()


def test_every_planned_game_is_recorded() -> None:
    assert len(GAMES) == sum(count for _, _, count in PLAN)


@pytest.mark.parametrize("game", GAMES,
                         ids=lambda g: f"{g['players']}p-{g['seed']}")
def test_recorded_game_replays_identically(game: dict[str, Any]) -> None:
    state = ENGINE.new_game(game["players"], game["seed"], game["options"] or None)
    for i, ((seat, option_id), expected) in enumerate(
            zip(game["answers"], game["digests"], strict=True)):
        events = ENGINE.apply(state, seat, option_id)
        assert digest(state, events) == expected, f"answer {i}: {seat} {option_id}"
    assert ENGINE.result(state) is not None


if __name__ == "__main__":
    with gzip.open(FIXTURE, "wt", encoding="utf-8") as out:
        json.dump(record(), out, separators=(",", ":"))
