"""The database under strain: a write lock held by another process (SQLite) and a
connection lost in the middle of COMMIT (PostgreSQL).

SQLite: reads go on beside a waiting write (WAL readers, not the writers' lock), and a write
that cannot get the lock gives up after a short, bounded wait with ``DatabaseBusy``, having
changed nothing. PostgreSQL: a COMMIT whose connection breaks is ``OutcomeUnknown`` (never a
plain failure), and the interaction id recorded with the answer keeps a retry of the same
interaction from applying twice.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from asyncpg.transaction import Transaction

from games.models import ServiceError
from games.service import GameService
from games.storage import DatabaseBusy, NewGame, OutcomeUnknown, SqlStore, open_store
from games.storage import sqlite as sqlite_backend
from tests.games.service_doubles import FakeClock, engine_lookup

ALICE, BOB = 11, 12
#: far above the bounded wait (about 0.6 s with the test's settings below): only a hang fails
GENEROUS = 8.0


def _new_game(now: float = 1.0) -> NewGame:
    return NewGame("count", 1, 2, ALICE, "Alice", "en", '{"target": "10"}', 42, now)


# -- SQLite: another process holds the write lock -------------------------------------------
@pytest.fixture
def quick_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same bounded waits, shorter, so the tests do not sit out the real ones."""
    monkeypatch.setattr(sqlite_backend, "BUSY_TIMEOUT_MS", 300)
    monkeypatch.setattr(sqlite_backend, "WRITE_WAIT_SECONDS", 0.3, raising=False)


@pytest.fixture
async def sqlite_store(tmp_path: Path, quick_waits: None) -> AsyncIterator[SqlStore]:
    store = await open_store(f"sqlite:///{tmp_path / 'games.db'}")
    yield store
    await store.close()


@pytest.fixture
def other_process(tmp_path: Path) -> Iterator[Callable[[], sqlite3.Connection]]:
    """Opens a second connection on the store's file (as another process would) that takes
    the write lock with ``BEGIN IMMEDIATE``; released at the end."""
    opened: list[sqlite3.Connection] = []

    def lock() -> sqlite3.Connection:
        conn = sqlite3.connect(tmp_path / "games.db", isolation_level=None)
        conn.execute("BEGIN IMMEDIATE")
        opened.append(conn)
        return conn

    yield lock
    for conn in opened:
        if conn.in_transaction:
            conn.rollback()
        conn.close()


async def test_reads_go_on_while_a_write_waits_for_another_process(
    sqlite_store: SqlStore, other_process: Callable[[], sqlite3.Connection]
) -> None:
    game_id = await sqlite_store.create_game(_new_game())
    other_process()
    # A write of this process waits on the lock (and holds the writers' lock meanwhile)...
    write = asyncio.create_task(sqlite_store.set_note(game_id, "n", "v"))
    await asyncio.sleep(0.05)
    assert not write.done()
    # ...and reads are served all the same, from the last commit.
    info = await asyncio.wait_for(sqlite_store.get_game(game_id), 0.25)
    assert info is not None and [s.user_id for s in info.seats] == [ALICE]
    assert await asyncio.wait_for(sqlite_store.list_games(1, ("lobby",)), 0.25)
    assert await asyncio.wait_for(sqlite_store.get_note(game_id, "n"), 0.25) is None
    with pytest.raises(DatabaseBusy):
        await asyncio.wait_for(write, GENEROUS)


async def test_a_write_gives_up_after_a_bounded_wait_having_changed_nothing(
    sqlite_store: SqlStore, other_process: Callable[[], sqlite3.Connection]
) -> None:
    game_id = await sqlite_store.create_game(_new_game())
    await sqlite_store.start_game(game_id, 1, "{}", 2.0)
    other = other_process()
    started = time.monotonic()
    # several writes queue behind each other: each gives up within the bound, not in a line
    writes = [
        sqlite_store.commit_answer(game_id, 0, 0, ALICE, "add1", "{}", "active", 77, 3.0),
        sqlite_store.set_note(game_id, "n", "v"),
        sqlite_store.add_seat(game_id, 1, BOB, "Bob", 3.0),
    ]
    results = await asyncio.wait_for(
        asyncio.gather(*writes, return_exceptions=True), GENEROUS
    )
    assert all(isinstance(r, DatabaseBusy) for r in results), results
    assert time.monotonic() - started < GENEROUS
    info = await sqlite_store.get_game(game_id)
    assert info is not None and info.version == 0 and len(info.seats) == 1
    assert await sqlite_store.actions(game_id) == []
    assert not await sqlite_store.interaction_seen(77)
    assert await sqlite_store.get_note(game_id, "n") is None
    # the lock released, the same write goes through
    other.rollback()
    await sqlite_store.commit_answer(game_id, 0, 0, ALICE, "add1", "{}", "active", 77, 4.0)
    assert [a.choice for a in await sqlite_store.actions(game_id)] == ["add1"]


async def test_the_service_passes_a_busy_database_on_and_answers_once_it_is_free(
    sqlite_store: SqlStore, other_process: Callable[[], sqlite3.Connection]
) -> None:
    service = GameService(sqlite_store, clock=FakeClock(), engines=engine_lookup)
    info = await service.create("count", 1, 2, ALICE, "Alice", "en", {})
    await service.join(info.id, BOB, "Bob")
    await service.start(info.id, ALICE)
    other = other_process()
    with pytest.raises(DatabaseBusy):
        await service.answer(info.id, ALICE, "add1", interaction_id=5)
    assert (await service.get(info.id)).version == 0  # read beside the held lock
    other.rollback()
    outcome = await service.answer(info.id, ALICE, "add1", interaction_id=5)
    assert outcome.info.version == 1


async def test_an_in_memory_database_keeps_one_connection(quick_waits: None) -> None:
    """``:memory:`` cannot be shared by a second connection: reads use the writers' one."""
    store = await open_store("sqlite:///:memory:")
    try:
        game_id = await store.create_game(_new_game())
        await store.set_note(game_id, "n", "v")
        assert await store.get_note(game_id, "n") == "v"
        info = await store.get_game(game_id)
        assert info is not None and info.seats[0].user_id == ALICE
    finally:
        await store.close()


# -- PostgreSQL: the connection is lost during COMMIT ----------------------------------------
@pytest.fixture
async def pg_service(postgres_test_url: str) -> AsyncIterator[GameService]:
    conn = await asyncpg.connect(postgres_test_url)
    try:
        await conn.execute("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public")
    finally:
        await conn.close()
    store = await open_store(postgres_test_url)
    yield GameService(store, clock=FakeClock(), engines=engine_lookup)
    await store.close()


async def _started(service: GameService) -> int:
    info = await service.create("count", 1, 2, ALICE, "Alice", "en", {})
    await service.join(info.id, BOB, "Bob")
    await service.start(info.id, ALICE)
    return info.id


def _break_next_commit(monkeypatch: pytest.MonkeyPatch, *, applied: bool) -> list[str]:
    """The next COMMIT loses its connection: after the server applied it (``applied``: the
    reply was lost) or before it was sent (the server rolls the transaction back)."""
    commit = Transaction.commit
    seen: list[str] = []

    async def broken(self: Transaction) -> None:
        if seen:
            return await commit(self)
        seen.append("commit")
        if applied:
            await commit(self)
            raise asyncpg.ConnectionDoesNotExistError("connection was closed in the middle")
        self._connection.terminate()  # the socket closes: nothing was committed
        await commit(self)

    monkeypatch.setattr(Transaction, "commit", broken)
    return seen


async def test_a_commit_that_landed_but_lost_its_reply_is_outcome_unknown(
    pg_service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await _started(pg_service)
    seen = _break_next_commit(monkeypatch, applied=True)
    with pytest.raises(OutcomeUnknown):
        await pg_service.answer(game_id, ALICE, "add2", interaction_id=901)
    assert seen == ["commit"]
    info = await pg_service.get(game_id)
    assert info.version == 1  # it did land
    # the same interaction again (a retry) cannot apply twice
    with pytest.raises(ServiceError) as refused:
        await pg_service.answer(game_id, ALICE, "add2", interaction_id=901)
    assert refused.value.key == "duplicate_interaction"
    assert [a.choice for a in await pg_service.store.actions(game_id)] == ["add2"]
    assert (await pg_service.get(game_id)).version == 1


async def test_a_commit_cut_before_it_reached_the_server_is_outcome_unknown_too(
    pg_service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await _started(pg_service)
    _break_next_commit(monkeypatch, applied=False)
    with pytest.raises(OutcomeUnknown) as unknown:
        await pg_service.answer(game_id, ALICE, "add2", interaction_id=902)
    assert not isinstance(unknown.value, ServiceError)  # never worded as a refusal
    assert (await pg_service.get(game_id)).version == 0
    assert not await pg_service.store.interaction_seen(902)
    # the pool replaced the lost connection; the retry is applied exactly once
    outcome = await pg_service.answer(game_id, ALICE, "add2", interaction_id=902)
    assert outcome.info.version == 1
    with pytest.raises(ServiceError) as again:
        await pg_service.answer(game_id, ALICE, "add2", interaction_id=902)
    assert again.value.key == "duplicate_interaction"
    assert len(await pg_service.store.actions(game_id)) == 1


async def test_a_statement_failing_on_a_lost_connection_keeps_its_own_error(
    pg_service: GameService,
) -> None:
    """The rollback after a lost connection fails too; the caller still sees the cause."""
    game_id = await _started(pg_service)
    store: Any = pg_service.store
    with pytest.raises((asyncpg.PostgresConnectionError, asyncpg.InterfaceError)):
        async with store.backend.transaction() as cur:
            await cur.execute("UPDATE games SET version = 99 WHERE id = ?", game_id)
            await cur.execute("SELECT pg_terminate_backend(pg_backend_pid())")
    assert (await pg_service.get(game_id)).version == 0
