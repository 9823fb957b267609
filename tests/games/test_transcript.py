"""games.transcript: a game's log replayed into stretches of public events, and the action
log file that ``python -m engines replay`` plays again to the stored state.

Real engines over a real SQLite store (the transcript is read through the service like the
bot reads it); the store itself is tested on both backends elsewhere.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from engines.__main__ import replay_log
from engines.core.contract import Engine
from engines.core.playout import playout, random_choice
from engines.core.rng import Rng
from engines.registry import get_engine
from games.models import GameInfo, SeatInfo
from games.service import GameService
from games.storage import SqlStore, open_store
from games.storage.base import ActionRecord
from games.transcript import (
    LOG_FORMAT,
    action_log,
    log_is_public,
    public_events,
    read_record,
    replay,
)

#: (game, players, options) played by the tests: every registered game
GAMES = [
    ("duel", 2, {}),
    ("seven_wonders", 3, {}),
    ("innovation", 3, {}),
    ("tta", 3, {"deadline": "1h"}),  # a service option the engine never sees
]
USERS = [101, 102, 103, 104]


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    store: SqlStore = await open_store(f"sqlite:///{tmp_path / 'transcript.db'}")
    yield GameService(store)
    await store.close()


async def played(
    service: GameService, game: str, players: int, options: dict[str, str], answers: int
) -> GameInfo:
    """A game of ``players`` started through the service and ``answers`` random answers
    into it (each by its seat's user, as the bot would send them)."""
    info = await service.create(game, 1, 2, USERS[0], "alice", "en", options)
    for user, name in zip(USERS[1:players], ("bob", "carol", "dave"), strict=False):
        await service.join(info.id, user, name)
    await service.start(info.id, USERS[0])
    engine = service.engine(game)
    draws = Rng.from_seed(len(game))
    for _ in range(answers):
        prompts = await service.prompts(info.id)
        if not prompts:
            break
        prompt, option = random_choice(prompts, draws, engine.playout_avoid)
        await service.answer(info.id, USERS[prompt.seat], option.id)
    return await service.get(info.id)


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
async def test_action_log_round_trip_replays_to_the_stored_state(
    service: GameService, game: str, players: int, options: dict[str, str]
) -> None:
    info = await played(service, game, players, options, answers=30)
    record = await read_record(service, info.id)
    assert [a.seq for a in record.actions] == list(range(1, info.version + 1))
    data = json.loads(json.dumps(action_log(record.info, record.actions)))
    assert data["format"] == LOG_FORMAT and data["game"] == game
    assert [p["name"] for p in data["players"]] == ["alice", "bob", "carol"][:players]
    assert data["answers"][0].keys() == {"seq", "seat", "player", "choice"}
    assert "user_id" not in json.dumps(data) and str(USERS[0]) not in json.dumps(data["players"])

    replayed = replay_log(data)
    snapshot = await service.store.latest_snapshot(info.id)
    assert snapshot is not None and replayed.applied == info.version
    engine = service.engine(game)
    assert json.loads(engine.dump(replayed.state)) == json.loads(snapshot.state_json)

    # The transcript replays the same log: every answer once, in order, in its stretch.
    transcript = replay(engine, record.info, record.actions)
    seqs = [m.seq for s in transcript.stretches for m in s.moves]
    assert seqs == list(range(1, info.version + 1)) and transcript.moves == info.version
    assert transcript.view == engine.view(engine.load(snapshot.state_json), None)


async def test_the_log_is_cut_at_the_games_version(service: GameService) -> None:
    """An answer committed between reading the game and its log waits for the next look."""
    info = await played(service, "duel", 2, {}, answers=3)
    store = service.store

    class Racing:
        """The service, but the log already holds an answer the game row does not."""

        def __init__(self) -> None:
            self.store = self

        async def get(self, game_id: int) -> GameInfo:
            return info.model_copy(update={"version": 2})

        async def actions(self, game_id: int) -> list[ActionRecord]:
            return await store.actions(game_id)

    record = await read_record(Racing(), info.id)  # type: ignore[arg-type]
    assert [a.seq for a in record.actions] == [1, 2]


def test_only_an_ended_game_hands_out_its_log() -> None:
    info = seated("duel", 2, status="active")
    assert not log_is_public(info)
    assert log_is_public(info.model_copy(update={"status": "finished"}))
    assert log_is_public(info.model_copy(update={"status": "abandoned"}))


def seated(game: str, players: int, *, status: str = "finished", seed: int = 5) -> GameInfo:
    names = ["alice", "bob", "carol", "dave"]
    return GameInfo(
        id=7,
        game=game,
        status=status,  # type: ignore[arg-type]
        guild_id=1,
        channel_id=2,
        creator_id=USERS[0],
        language="en",
        seed=seed,
        version=0,
        seats=[SeatInfo(seat=i, user_id=USERS[i], name=names[i]) for i in range(players)],
        created_at=0.0,
        updated_at=0.0,
    )


def random_game(
    engine: Engine[Any], players: int, seed: int
) -> tuple[GameInfo, list[ActionRecord]]:
    """A whole random game as the store would hold it."""
    game = playout(engine, players, seed, Rng.from_seed(seed))
    info = seated(engine.name, players, seed=seed).model_copy(update={"version": len(game.answers)})
    actions = [
        ActionRecord(i + 1, seat, USERS[seat], choice, 0.0)
        for i, (seat, choice) in enumerate(game.answers)
    ]
    return info, actions


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_transcript_holds_public_events_only(
    game: str, players: int, options: dict[str, str]
) -> None:
    """Whole random games: every private or provisional event the engine produced is left
    out, every public one kept, and the result is the game's."""
    engine = get_engine(game)
    for seed in (1, 2):
        info, actions = random_game(engine, players, seed)
        transcript = replay(engine, info, actions)
        kept = [e for s in transcript.stretches for e in s.events]
        assert all(e.visible_to is None and not e.provisional for e in kept)
        # the same replay by hand: what a transcript must keep, and what it must not
        state = engine.new_game(players, seed, None)
        public, hidden = 0, 0
        for action in actions:
            events = engine.apply(state, action.seat, action.choice)
            public += len(public_events(events))
            hidden += len(events) - len(public_events(events))
        assert len(kept) == public
        assert transcript.result == engine.result(state) and transcript.result is not None
        if game != "duel":  # Duel has no hidden hands; the others tell seats things apart
            assert hidden > 0


def test_stretches_follow_the_table_key() -> None:
    """7 Wonders: one stretch per round of simultaneous choices, its resolving answer (and
    the reveal) inside it; every seat answers in each."""
    engine = get_engine("seven_wonders")
    info, actions = random_game(engine, 3, 4)
    transcript = replay(engine, info, actions)
    keys = [s.key for s in transcript.stretches]
    assert len(keys) == len(set(keys))  # a round is never split
    first = transcript.stretches[0]
    assert sorted(first.seats) == [0, 1, 2]
    assert any(e.kind != "chosen" for e in first.moves[-1].events)  # the round's reveal
    assert transcript.stretches[0].first_seq == 1
    assert transcript.stretches[-1].last_seq == len(actions)
