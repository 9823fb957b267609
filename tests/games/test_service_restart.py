"""A restart (a new service and store over the same database) continues every game exactly
where the acknowledged answers left it; the in-memory state cache never serves stale data."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.service import GameService
from games.storage import SqlStore, open_store
from tests.games.service_doubles import COUNTING

ALICE, BOB = 11, 12


async def test_new_service_over_same_database_continues(
    service: GameService, db_url: str, make_service: Callable[..., GameService]
) -> None:
    info = await service.create("count", 100, 200, ALICE, "Alice", "en", {"target": "20"})
    await service.join(info.id, BOB, "Bob")
    await service.set_thread(info.id, 77, 78)
    await service.start(info.id, ALICE)
    await service.answer(info.id, ALICE, "add2")
    _, before = await service.load(info.id)
    await service.store.close()

    store = await open_store(db_url)
    try:
        fresh = make_service(store)
        again = await fresh.game_for_thread(77)
        assert again is not None and again.id == info.id and again.version == 1
        _, state = await fresh.load(info.id)
        assert state == before
        assert [p.seat for p in await fresh.prompts(info.id)] == [1]
        outcome = await fresh.answer(info.id, BOB, "add1", expected_version=1)
        assert outcome.info.version == 2
    finally:
        await store.close()


async def test_cache_follows_commits_from_another_process(
    service: GameService, db_url: str, make_service: Callable[..., GameService]
) -> None:
    info = await service.create("count", 100, 200, ALICE, "Alice", "en", {})
    await service.join(info.id, BOB, "Bob")
    await service.start(info.id, ALICE)
    await service.answer(info.id, ALICE, "add1")
    _, cached = await service.load(info.id)  # now cached at version 1

    other_store: SqlStore = await open_store(db_url)
    try:
        other = make_service(other_store)
        await other.answer(info.id, BOB, "add3")
        _, theirs = await other.load(info.id)
    finally:
        await other_store.close()

    got, mine = await service.load(info.id)
    assert got.version == 2 and mine == theirs and mine != cached
    # and this process can go on playing from there
    assert (await service.answer(info.id, ALICE, "add1", expected_version=2)).info.version == 3


async def test_answers_reuse_the_parsed_state(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = await service.create("count", 100, 200, ALICE, "Alice", "en", {})
    await service.join(info.id, BOB, "Bob")
    await service.start(info.id, ALICE)
    loads: list[object] = []
    original = COUNTING.load
    monkeypatch.setattr(COUNTING, "load", lambda data: loads.append(data) or original(data))
    for i in range(4):
        await service.answer(info.id, ALICE if i % 2 == 0 else BOB, "add1")
        await service.view(info.id, None)
    assert loads == []  # every answer and view came from the cache
    service._states.clear()  # as after a restart
    await service.view(info.id, None)
    assert len(loads) == 1
