"""Whole 7 Wonders Duel games through the service: every answer committed, the finished game
replays to its snapshot, and a restart in the middle changes nothing."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from games.service import GameService
from games.storage import open_store
from games.verify import verify_replays
from tests.games.service_doubles import engine_lookup

ALICE, BOB = 21, 22
USERS = {0: ALICE, 1: BOB}


async def _new_duel(service: GameService, wonders: str = "draft") -> int:
    info = await service.create("duel", 100, 200, ALICE, "Alice", "en", {"wonders": wonders})
    await service.join(info.id, BOB, "Bob")
    outcome = await service.start(info.id, ALICE)
    assert outcome.info.status == "active" and outcome.prompts
    return info.id


async def _play(
    service: GameService, game_id: int, rng: random.Random, moves: int | None = None
) -> int:
    """Random legal answers, each with the version it was shown at; returns answers made."""
    made = 0
    while moves is None or made < moves:
        info = await service.get(game_id)
        prompts = await service.prompts(game_id)
        if not prompts:
            assert info.status == "finished"
            return made
        prompt = rng.choice(prompts)
        option = rng.choice(prompt.options)
        outcome = await service.answer(
            game_id,
            USERS[prompt.seat],
            option.id,
            expected_version=info.version,
            interaction_id=game_id * 10_000 + info.version,
        )
        assert outcome.info.version == info.version + 1
        made += 1
    return made


@pytest.mark.parametrize("seed", [1, 2])
async def test_full_duel_games_finish_and_replay(service: GameService, seed: int) -> None:
    game_id = await _new_duel(service, "draft" if seed % 2 else "first_game")
    made = await _play(service, game_id, random.Random(seed))
    info, _ = await service.load(game_id)
    assert info.status == "finished" and info.version == made
    assert len(await service.store.actions(game_id)) == made
    (report,) = await verify_replays(service.store, game_id, engines=engine_lookup)
    assert report.ok, report.line()


async def test_duel_survives_a_restart_midgame(
    service: GameService, db_url: str, make_service: Callable[..., GameService]
) -> None:
    rng = random.Random(7)
    game_id = await _new_duel(service)
    await _play(service, game_id, rng, moves=15)
    public_before = (await service.view(game_id, None)).model_dump()
    await service.store.close()

    store = await open_store(db_url)
    try:
        fresh = make_service(store)
        assert (await fresh.view(game_id, None)).model_dump() == public_before
        await _play(fresh, game_id, rng)
        assert (await fresh.get(game_id)).status == "finished"
        (report,) = await verify_replays(store, game_id, engines=engine_lookup)
        assert report.ok, report.line()
    finally:
        await store.close()
