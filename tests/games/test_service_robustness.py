"""Robustness of the service: one unreadable game never stops reminders or deadlines of the
others (and is reported once), lost races back off before retrying, ended games leave no
interaction ids or locks behind — on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import pytest

from games.models import ServiceError
from games.service import MAX_ANSWER_ATTEMPTS, RETRY_MAX_SECONDS, GameService, retry_delay
from games.storage import SqlStore, open_store
from tests.games.service_doubles import FakeClock
from tests.games.test_service_deadlines import lookup

ALICE, BOB, CAROL = 11, 12, 13


async def _started(service: GameService, game: str = "count", **options: str) -> int:
    info = await service.create(game, 100, 200, ALICE, "Alice", "en", options)
    await service.join(info.id, BOB, "Bob")
    await service.start(info.id, ALICE)
    return info.id


async def _break_snapshot(store: SqlStore, game_id: int) -> None:
    """A snapshot the engine's model refuses (as after a bad manual edit or a model change)."""
    async with store.backend.transaction() as cur:
        await cur.execute(
            "UPDATE snapshots SET state = ? WHERE game_id = ?", '{"totals": "oops"}', game_id
        )


# -- one unreadable game ------------------------------------------------------------------


async def test_unreadable_game_does_not_stop_reminders_of_the_others(
    store: SqlStore,
    clock: FakeClock,
    make_service: Callable[..., GameService],
    caplog: pytest.LogCaptureFixture,
) -> None:
    writer = make_service()
    bad, good = await _started(writer), await _started(writer)
    for game_id in (bad, good):
        await writer.record_mention(game_id, 0, 0)
    await _break_snapshot(store, bad)
    service = make_service()  # a restart: nothing cached, the snapshot must be read
    clock.advance(301)
    caplog.set_level(logging.ERROR, logger="games.service")
    due = await service.due_reminders(300)
    assert [(info.id, seat) for info, seat, _ in due] == [(good, 0)]
    failures = service.take_failures()
    assert [(f.game_id, f.info.id if f.info else None) for f in failures] == [(bad, bad)]
    assert "ValidationError" in failures[0].reason and "\n" not in failures[0].reason
    assert service.unreadable_games.keys() == {bad}
    logged = [r for r in caplog.records if f"game {bad} cannot be read" in r.getMessage()]
    assert len(logged) == 1
    # the next pass skips it again, without a second log line or a second report
    assert [info.id for info, _, _ in await service.due_reminders(300)] == [good]
    assert service.take_failures() == []
    assert len([r for r in caplog.records if f"game {bad} cannot be read" in r.getMessage()]) == 1


async def test_unreadable_game_does_not_stop_deadlines_of_the_others(
    store: SqlStore, clock: FakeClock
) -> None:
    service = GameService(store, clock=clock, engines=lookup)
    bad = await _started(service, "timed", deadline="1h")
    good = await _started(service, "timed", deadline="1h")
    for game_id in (bad, good):
        await service.record_mention(game_id, 0, 0)
    await _break_snapshot(store, bad)
    service = GameService(store, clock=clock, engines=lookup)
    clock.advance(3601)
    assert [(info.id, seat) for info, seat in await service.due_timeouts()] == [(good, 0)]
    assert [f.game_id for f in service.take_failures()] == [bad]
    assert [(info.id, seat) for info, seat in await service.due_timeouts()] == [(good, 0)]
    assert service.take_failures() == []  # reported once


async def test_a_repaired_game_is_read_again_and_a_new_failure_reported_again(
    store: SqlStore, clock: FakeClock, make_service: Callable[..., GameService]
) -> None:
    writer = make_service()
    game_id = await _started(writer)
    await writer.record_mention(game_id, 0, 0)
    good_state = await store.latest_snapshot(game_id)
    assert good_state is not None
    await _break_snapshot(store, game_id)
    service = make_service()
    clock.advance(301)
    assert await service.due_reminders(300) == []
    assert len(service.take_failures()) == 1
    async with store.backend.transaction() as cur:  # the operator repairs it
        await cur.execute(
            "UPDATE snapshots SET state = ? WHERE game_id = ?", good_state.state_json, game_id
        )
    assert [info.id for info, _, _ in await service.due_reminders(300)] == [game_id]
    assert service.unreadable_games == {}
    service._states.clear()  # breaks again after a restart of the cache
    await _break_snapshot(store, game_id)
    assert await service.due_reminders(300) == []
    assert len(service.take_failures()) == 1


# -- lost races -----------------------------------------------------------------------------


class RivalStore(SqlStore):
    """Before each of its first ``times`` commits, another process (``rival``, on its own
    connection) commits an answer first, so this writer's conditional update loses."""

    def __init__(self, inner: SqlStore, rival: GameService, times: int) -> None:
        super().__init__(inner.backend)
        self.rival, self.times, self.lost = rival, times, 0

    async def commit_answer(self, game_id: int, *args: Any, **kwargs: Any) -> None:
        if self.times:
            self.times -= 1
            self.lost += 1
            await self.rival.answer(game_id, BOB, "add1")
        await super().commit_answer(game_id, *args, **kwargs)


@pytest.mark.parametrize("losses", [1, MAX_ANSWER_ATTEMPTS - 1])
async def test_lost_races_are_retried_on_fresh_state_after_a_backoff(
    store: SqlStore, db_url: str, clock: FakeClock, losses: int
) -> None:
    setup = GameService(store, clock=clock, engines=lookup)
    game_id = await _started(setup, "count", order="any", target="20")
    other = await open_store(db_url)
    try:
        rival = GameService(other, clock=clock, engines=lookup)
        sleeps: list[float] = []

        async def sleep(seconds: float) -> None:
            sleeps.append(seconds)

        racing = RivalStore(store, rival, losses)
        service = GameService(racing, clock=clock, engines=lookup, sleep=sleep)
        outcome = await service.answer(game_id, ALICE, "add3")
    finally:
        await other.close()
    assert racing.lost == losses
    assert outcome.info.version == losses + 1  # applied on top of every rival answer
    actions = await store.actions(game_id)
    assert [(a.seat, a.choice) for a in actions] == [(1, "add1")] * losses + [(0, "add3")]
    assert len(sleeps) == losses and all(0 < s <= RETRY_MAX_SECONDS for s in sleeps)


async def test_busy_only_after_every_attempt_lost(
    store: SqlStore, db_url: str, clock: FakeClock
) -> None:
    setup = GameService(store, clock=clock, engines=lookup)
    game_id = await _started(setup, "count", order="any", target="20")
    other = await open_store(db_url)
    try:
        sleeps: list[float] = []

        async def sleep(seconds: float) -> None:
            sleeps.append(seconds)

        racing = RivalStore(store, GameService(other, clock=clock, engines=lookup), 99)
        service = GameService(racing, clock=clock, engines=lookup, sleep=sleep)
        with pytest.raises(ServiceError) as err:
            await service.answer(game_id, ALICE, "add3")
    finally:
        await other.close()
    assert err.value.key == "busy"
    assert racing.lost == MAX_ANSWER_ATTEMPTS == len(sleeps)
    assert all(a.seat == 1 for a in await store.actions(game_id))  # nothing of Alice's


def test_retry_delays_grow_are_capped_and_jittered() -> None:
    for attempt in range(MAX_ANSWER_ATTEMPTS):
        delays = {retry_delay(attempt) for _ in range(20)}
        ceiling = min(RETRY_MAX_SECONDS, 0.005 * 2**attempt)
        assert all(ceiling / 2 <= d <= ceiling for d in delays)
        assert len(delays) > 1  # randomized: racers do not retry in lockstep
    total = sum(min(RETRY_MAX_SECONDS, 0.005 * 2**a) for a in range(MAX_ANSWER_ATTEMPTS))
    assert total < 1.0  # well inside Discord's interaction deadline


# -- pruning ------------------------------------------------------------------------------


async def _interaction_rows(store: SqlStore, game_id: int) -> int:
    async with store.backend.reader() as cur:
        row = await cur.fetchone(
            "SELECT COUNT(*) FROM processed_interactions WHERE game_id = ?", game_id
        )
    return int(row[0]) if row else 0


async def test_finished_game_forgets_its_interaction_ids(
    service: GameService, store: SqlStore
) -> None:
    game_id = await _started(service)
    click = 1000
    while prompts := await service.prompts(game_id):
        click += 1
        user = ALICE if prompts[0].seat == 0 else BOB
        outcome = await service.answer(game_id, user, "add3", interaction_id=click)
        if outcome.result is None:  # while the game runs, every id is kept
            assert await _interaction_rows(store, game_id) == click - 1000
    assert (await service.get(game_id)).status == "finished"
    assert await _interaction_rows(store, game_id) == 0
    with pytest.raises(ServiceError) as err:  # a redelivered last click is still refused
        await service.answer(game_id, ALICE, "add1", interaction_id=click)
    assert err.value.key == "game_over"


async def test_abandoned_game_forgets_its_interaction_ids_and_prune_clears_old_rows(
    service: GameService, store: SqlStore
) -> None:
    running, abandoned, legacy = [await _started(service) for _ in range(3)]
    for n, game_id in enumerate((running, abandoned, legacy)):
        await service.answer(game_id, ALICE, "add1", interaction_id=100 + n)
    await service.abandon(abandoned, ALICE, can_manage=False)
    assert await _interaction_rows(store, abandoned) == 0
    # a game ended by older code (or by hand) still has its rows: the periodic pass prunes
    async with store.backend.transaction() as cur:
        await cur.execute("UPDATE games SET status = 'finished' WHERE id = ?", legacy)
    assert await _interaction_rows(store, legacy) == 1
    assert await service.prune() == 1
    assert await _interaction_rows(store, legacy) == 0
    assert await _interaction_rows(store, running) == 1  # still guards against redelivery
    with pytest.raises(ServiceError) as err:
        await service.answer(running, BOB, "add1", interaction_id=100)
    assert err.value.key == "duplicate_interaction"
    assert await service.prune() == 0


async def test_locks_of_ended_games_are_dropped(service: GameService) -> None:
    game_id = await _started(service)
    await service.abandon(game_id, ALICE, can_manage=False)
    finished = await _started(service)
    while prompts := await service.prompts(finished):
        await service.answer(finished, ALICE if prompts[0].seat == 0 else BOB, "add3")
    assert service._locks == {} and service._lock_users == {}


async def test_a_lock_is_not_dropped_while_held_or_awaited(service: GameService) -> None:
    """Dropping an idle lock must never let two holders in at once: the holder and the
    waiters keep it alive, and a newcomer queues behind them on the same lock."""
    inside: list[str] = []
    overlaps: list[tuple[str, ...]] = []
    first_in = asyncio.Event()
    release = asyncio.Event()

    async def hold(name: str, gate: asyncio.Event | None = None) -> None:
        async with service._lock(7):
            if inside:
                overlaps.append((*inside, name))
            inside.append(name)
            first_in.set()
            if gate is not None:
                await gate.wait()
            await asyncio.sleep(0)
            inside.remove(name)

    a = asyncio.create_task(hold("a", release))
    await first_in.wait()
    release_b = asyncio.Event()
    b = asyncio.create_task(hold("b", release_b))
    await asyncio.sleep(0)
    assert service._lock_users[7] == 2
    release.set()
    await a  # a left while b was waiting: the lock must stay, b gets it
    c = asyncio.create_task(hold("c"))
    for _ in range(5):  # c must queue behind b rather than take a fresh lock
        await asyncio.sleep(0)
    assert inside == ["b"]
    release_b.set()
    await asyncio.gather(b, c)
    assert overlaps == []
    assert 7 not in service._locks and 7 not in service._lock_users


async def test_a_cancelled_waiter_does_not_leak_its_lock(service: GameService) -> None:
    release = asyncio.Event()

    async def holder() -> None:
        async with service._lock(8):
            await release.wait()

    async def waiter() -> None:
        async with service._lock(8):
            pass

    a = asyncio.create_task(holder())
    await asyncio.sleep(0)
    b = asyncio.create_task(waiter())
    await asyncio.sleep(0)
    b.cancel()
    with pytest.raises(asyncio.CancelledError):
        await b
    release.set()
    await a
    assert service._locks == {} and service._lock_users == {}
