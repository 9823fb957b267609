"""Answers: committed before they are acknowledged; concurrent writers of one version cannot
both win; redelivered interactions and out-of-date prompts are refused without change."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from engines.core.errors import IllegalAnswer
from games.models import ServiceError
from games.service import GameService
from games.storage import SqlStore, open_store

ALICE, BOB, CAROL = 11, 12, 13


async def _started(service: GameService, **options: str) -> int:
    info = await service.create("count", 100, 200, ALICE, "Alice", "en", options)
    await service.join(info.id, BOB, "Bob")
    await service.start(info.id, ALICE)
    return info.id


class GatedStore(SqlStore):
    """Holds its first commit until the other writer has also read the game, forcing the
    race that two bot processes would run into by chance."""

    def __init__(self, inner: SqlStore, barrier: asyncio.Barrier) -> None:
        super().__init__(inner.backend)
        self._barrier: asyncio.Barrier | None = barrier

    async def commit_answer(self, *args: Any, **kwargs: Any) -> None:
        if self._barrier is not None:
            barrier, self._barrier = self._barrier, None
            await barrier.wait()
        await super().commit_answer(*args, **kwargs)


class FailingStore(SqlStore):
    """A store whose commit fails (disk full, connection lost)."""

    def __init__(self, inner: SqlStore) -> None:
        super().__init__(inner.backend)

    async def commit_answer(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("disk full")


async def test_answer_is_committed_before_it_returns(service: GameService, db_url: str) -> None:
    game_id = await _started(service)
    outcome = await service.answer(game_id, ALICE, "add2", interaction_id=9001)
    assert outcome.info.version == 1 and outcome.info.status == "active"
    assert outcome.events[0].kind == "added" and outcome.events[0].seat == 0
    assert [p.seat for p in outcome.prompts] == [1]
    # Another connection (another process) sees all of it already.
    other = await open_store(db_url)
    try:
        info = await other.get_game(game_id)
        assert info is not None and info.version == 1
        actions = await other.actions(game_id)
        assert [(a.seq, a.seat, a.user_id, a.choice) for a in actions] == [(1, 0, ALICE, "add2")]
        snap = await other.latest_snapshot(game_id)
        assert snap is not None and snap.version == 1
        assert f'"totals":[{outcome.events[0].params["amount"]},0]' in snap.state_json
        assert await other.interaction_seen(9001)
    finally:
        await other.close()


async def test_failed_commit_changes_nothing(
    service: GameService, store: SqlStore, make_service: Callable[..., GameService]
) -> None:
    game_id = await _started(service)
    broken = make_service(FailingStore(store))
    with pytest.raises(RuntimeError, match="disk full"):
        await broken.answer(game_id, ALICE, "add1", interaction_id=1)
    assert (await service.get(game_id)).version == 0
    assert await store.actions(game_id) == []
    assert not await store.interaction_seen(1)
    assert (await service.answer(game_id, ALICE, "add1", interaction_id=1)).info.version == 1


async def test_engine_refusals_pass_through_unchanged(service: GameService) -> None:
    game_id = await _started(service)
    with pytest.raises(IllegalAnswer) as err:
        await service.answer(game_id, BOB, "add1")
    assert err.value.key == "not_your_turn"
    with pytest.raises(IllegalAnswer) as err:
        await service.answer(game_id, ALICE, "add9")
    assert err.value.key == "illegal_option"
    assert (await service.get(game_id)).version == 0
    with pytest.raises(ServiceError) as serr:
        await service.answer(game_id, CAROL, "add1")
    assert serr.value.key == "not_a_player"


async def test_duplicate_interaction_is_refused(service: GameService) -> None:
    game_id = await _started(service)
    await service.answer(game_id, ALICE, "add1", interaction_id=555)
    with pytest.raises(ServiceError) as err:
        await service.answer(game_id, BOB, "add1", interaction_id=555)
    assert err.value.key == "duplicate_interaction"
    assert (await service.get(game_id)).version == 1
    assert (await service.answer(game_id, BOB, "add1", interaction_id=556)).info.version == 2


async def test_stale_version_is_refused(service: GameService, store: SqlStore) -> None:
    game_id = await _started(service)
    await service.answer(game_id, ALICE, "add1", expected_version=0)
    with pytest.raises(ServiceError) as err:
        await service.answer(game_id, BOB, "add1", expected_version=0, interaction_id=7)
    assert err.value.key == "stale_prompt"
    assert err.value.params == {"expected": 0, "current": 1}
    assert (await service.get(game_id)).version == 1
    assert not await store.interaction_seen(7)  # a refused click may be retried
    assert (await service.answer(game_id, BOB, "add1", expected_version=1)).info.version == 2


async def test_two_concurrent_answers_in_one_process_exactly_one_wins(
    service: GameService,
) -> None:
    game_id = await _started(service)
    results = await asyncio.gather(
        service.answer(game_id, ALICE, "add1", expected_version=0, interaction_id=1),
        service.answer(game_id, ALICE, "add2", expected_version=0, interaction_id=2),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, BaseException)]
    assert len(errors) == 1 and isinstance(errors[0], ServiceError)
    assert errors[0].key == "stale_prompt"
    assert (await service.get(game_id)).version == 1


@contextlib.asynccontextmanager
async def _two_processes(
    db_url: str, make_service: Callable[..., GameService]
) -> AsyncIterator[tuple[GameService, GameService]]:
    """Two services on their own stores, whose writes meet at a barrier; closed after."""
    barrier = asyncio.Barrier(2)
    stores = [await open_store(db_url), await open_store(db_url)]
    a, b = (make_service(GatedStore(s, barrier)) for s in stores)
    try:
        yield a, b
    finally:
        for s in stores:
            await s.close()


async def test_two_processes_same_version_exactly_one_wins(
    service: GameService, db_url: str, make_service: Callable[..., GameService]
) -> None:
    game_id = await _started(service)
    async with _two_processes(db_url, make_service) as (a, b):
        results = await asyncio.gather(
            a.answer(game_id, ALICE, "add1", expected_version=0, interaction_id=1),
            b.answer(game_id, ALICE, "add3", expected_version=0, interaction_id=2),
            return_exceptions=True,
        )
    wins = [r for r in results if not isinstance(r, BaseException)]
    errors = [r for r in results if isinstance(r, ServiceError)]
    assert len(wins) == 1 and len(errors) == 1, results
    assert errors[0].key == "stale_prompt"
    info, state = await service.load(game_id)
    assert info.version == 1 and len(await service.store.actions(game_id)) == 1
    assert state.totals[0] == wins[0].events[0].params["amount"]


async def test_two_processes_without_version_retry_on_fresh_state(
    service: GameService, db_url: str, make_service: Callable[..., GameService]
) -> None:
    game_id = await _started(service, order="any")
    async with _two_processes(db_url, make_service) as (a, b):
        results = await asyncio.gather(
            a.answer(game_id, ALICE, "add1"), b.answer(game_id, BOB, "add2")
        )
    assert sorted(r.info.version for r in results) == [1, 2]
    actions = await service.store.actions(game_id)
    assert sorted((x.seat, x.choice) for x in actions) == [(0, "add1"), (1, "add2")]


async def test_two_processes_same_interaction_processed_once(
    service: GameService, db_url: str, make_service: Callable[..., GameService]
) -> None:
    game_id = await _started(service, order="any")
    async with _two_processes(db_url, make_service) as (a, b):
        results = await asyncio.gather(
            a.answer(game_id, ALICE, "add1", interaction_id=42),
            b.answer(game_id, ALICE, "add1", interaction_id=42),
            return_exceptions=True,
        )
    errors = [r for r in results if isinstance(r, ServiceError)]
    assert len(errors) == 1 and errors[0].key == "duplicate_interaction", results
    assert (await service.get(game_id)).version == 1


async def test_game_finishes_and_refuses_further_answers(service: GameService) -> None:
    game_id = await _started(service)
    outcome = None
    while True:
        prompts = await service.prompts(game_id)
        if not prompts:
            break
        user = ALICE if prompts[0].seat == 0 else BOB
        outcome = await service.answer(game_id, user, "add3")
    assert outcome is not None and outcome.result is not None and outcome.prompts == []
    assert outcome.info.status == "finished"
    assert outcome.result.winners == [outcome.events[0].seat]  # who reached the target
    info = await service.get(game_id)
    assert info.status == "finished" and info.version == outcome.info.version
    with pytest.raises(ServiceError) as err:
        await service.answer(game_id, BOB, "add1")
    assert err.value.key == "game_over"
    assert [g.id for g in await service.list_games(100)] == []
    assert [g.id for g in await service.list_games(100, include_finished=True)] == [game_id]


async def test_views_pass_the_seat_through(service: GameService) -> None:
    game_id = await _started(service)
    public = await service.view(game_id, None)
    mine = await service.view(game_id, 1)
    assert public.my_secret is None and isinstance(mine.my_secret, int)


async def test_abandoned_game_refuses_answers(service: GameService) -> None:
    game_id = await _started(service)
    await service.abandon(game_id, ALICE, can_manage=False)
    with pytest.raises(ServiceError) as err:
        await service.answer(game_id, ALICE, "add1")
    assert err.value.key == "game_abandoned"
    assert await service.prompts(game_id) == []


async def test_a_repeated_identical_choice_is_not_logged(
    make_service: Callable[..., GameService], store: SqlStore
) -> None:
    """A double click in 7 Wonders (two interactions, the same sell) changes nothing the second
    time: no second log row, no new version, no event to announce."""
    service = make_service()
    info = await service.create("seven_wonders", 100, 200, ALICE, "Alice", "en")
    await service.join(info.id, BOB, "Bob")
    await service.join(info.id, CAROL, "Carol")
    await service.start(info.id, ALICE)
    prompt = next(p for p in await service.prompts(info.id) if p.seat == 0)
    sell = next(o.id for o in prompt.options if o.id.startswith("sell:"))
    first = await service.answer(info.id, ALICE, sell, interaction_id=1001)
    second = await service.answer(info.id, ALICE, sell, interaction_id=1002)
    assert second.events == [] and second.info.version == first.info.version
    assert [a.choice for a in await store.actions(info.id)] == [sell]
