"""Games are unchanged by the engine's speed work (issue 19): seeded random games recorded
from the engine before it changed are replayed answer by answer, and after every answer the
game fields, the open prompts and the events must hash as they did then.

What is hashed after each answer: the state's game fields (every field but the dogma
suspension's own bookkeeping, ``BOOKKEEPING``, which is how the engine resumes a dogma,
not the game, and the undo window, which did not exist when the games were recorded),
the open prompts and the events the answer returned, as sorted JSON. A truncated sha256
(16 hex digits) of that is stored per answer, with the answers by option id, in
``data/unchanged_games.json.gz``.

Record again (only for a deliberate change of the rules, never to make this pass):

    PYTHONPATH=. python tests/engines/innovation/test_unchanged_games.py
"""

from __future__ import annotations

import gzip
import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engines.core.contract import Event, Prompt
from engines.core.playout import game_seed, playout, random_choice
from engines.core.rng import Rng
from engines.innovation.engine import InnovationEngine
from engines.innovation.state import InnovationState

ENGINE = InnovationEngine()
DATA = Path(__file__).parent / "data" / "unchanged_games.json.gz"
#: games recorded per player count, and the seed their game seeds are drawn from
GAMES = {2: 10, 3: 10, 4: 10}
SEED = 19
#: state fields left out of the hash: how a dogma waiting on a question is resumed (the
#: engine's bookkeeping, free to change) and the undo window (added after the recording)
BOOKKEEPING = frozenset({"snapshot", "answers", "emitted", "question", "undo"})


def fingerprint(state: InnovationState, prompts: list[Prompt], events: list[Event]) -> str:
    """16 hex digits of the sha256 of the game fields, the prompts and the events."""
    fields = state.model_dump(mode="json", exclude=set(BOOKKEEPING))
    blob = json.dumps([fields, [p.model_dump(mode="json") for p in prompts],
                       [e.model_dump(mode="json") for e in events]],
                      sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def replay(players: int, seed: int, answers: list[str]) -> list[str]:
    """The fingerprint after each of ``answers`` (``"<seat> <option id>"``)."""
    state = ENGINE.new_game(players, seed)
    out = []
    for line in answers:
        seat, _, option_id = line.partition(" ")
        events = ENGINE.apply(state, int(seat), option_id)
        out.append(fingerprint(state, ENGINE.prompts(state), events))
    return out


def record() -> list[dict[str, Any]]:
    """Play the games and fingerprint every answer (the recording)."""
    games = []
    for players, count in GAMES.items():
        rng = Rng.from_seed(SEED * 10 + players)
        for _ in range(count):
            seed = game_seed(rng)
            done = playout(ENGINE, players, seed, rng, choose=random_choice)
            answers = [f"{seat} {oid}" for seat, oid in done.answers]
            games.append({"players": players, "seed": seed, "answers": answers,
                          "hashes": "".join(replay(players, seed, answers))})
    return games


@cache
def _load() -> list[dict[str, Any]]:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        games: list[dict[str, Any]] = json.load(f)
    return games


@pytest.mark.parametrize("index", range(sum(GAMES.values())))
def test_recorded_game_unchanged(index: int) -> None:
    game = _load()[index]
    hashes = game["hashes"]
    expected = [hashes[i:i + 16] for i in range(0, len(hashes), 16)]
    got = replay(game["players"], game["seed"], game["answers"])
    assert len(got) == len(expected) == len(game["answers"])
    for i, (a, b) in enumerate(zip(got, expected, strict=True)):
        assert a == b, (f"{game['players']} players, seed {game['seed']}: answer {i} "
                        f"({game['answers'][i]}) differs")
    assert ENGINE.result(ENGINE.replay(game["players"], game["seed"], None, [
        (int(line.partition(" ")[0]), line.partition(" ")[2]) for line in game["answers"]
    ])) is not None


if __name__ == "__main__":
    DATA.parent.mkdir(exist_ok=True)
    blob = json.dumps(record(), separators=(",", ":")).encode()
    DATA.write_bytes(gzip.compress(blob, compresslevel=9, mtime=0))
    print(f"recorded {sum(GAMES.values())} games in {DATA}")
