"""SQLite backend (aiosqlite): the embedded default.

Writes go through one connection guarded by an ``asyncio.Lock`` (a transaction on a shared
connection must not interleave with another coroutine's statements) and open with ``BEGIN
IMMEDIATE``, so a second *process* on the same file waits instead of failing half-way. That
wait is bounded: ``BUSY_TIMEOUT_MS`` at the database, ``WRITE_WAIT_SECONDS`` for the lock,
then :class:`DatabaseBusy` (nothing written, try again), because every game of the bot
queues behind a waiting write.

Reads never take the writers' lock: a file database (WAL) has a small pool of read-only
connections whose readers see the last commit while a write waits or runs. ``:memory:`` is
one connection per database (another would open a different, empty one), so there reads
share the writers' connection and lock as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from games.storage.base import DatabaseBusy, DatabaseUnavailable
from games.storage.sql import Backend, Cursor, Row, SqlStore, UniqueViolation

#: How long one statement waits on another process's lock before SQLITE_BUSY.
BUSY_TIMEOUT_MS = 2_000
#: How long a write waits for this process's writer lock (held by a write that may itself be
#: waiting on another process) before it gives up with :class:`DatabaseBusy`.
WRITE_WAIT_SECONDS = 3.0
#: Migrations run at start-up, when nobody waits on them: they may wait longer.
MIGRATION_BUSY_TIMEOUT_MS = 60_000
#: Read-only connections of a file database (reads run side by side, and beside a write).
READERS = 2
MEMORY = ":memory:"

log = logging.getLogger(__name__)


async def _run(conn: aiosqlite.Connection, sql: str) -> None:
    """Execute and finalise at once: a statement left with unread rows (``PRAGMA
    journal_mode`` returns one) stays active and would make the next COMMIT fail."""
    async with conn.execute(sql) as cursor:
        await cursor.fetchall()


def _is_busy(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite's "database is locked" (SQLITE_BUSY or SQLITE_LOCKED, with
    any extended code): another connection held the lock past the busy timeout."""
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None:
        return "locked" in str(exc) or "busy" in str(exc)
    return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _busy(exc: BaseException) -> DatabaseBusy:
    return DatabaseBusy(f"the SQLite database stayed locked by another writer: {exc}")


async def _close_quietly(*conns: aiosqlite.Connection) -> None:
    for conn in conns:
        with contextlib.suppress(Exception):
            await conn.close()


class _SqliteCursor(Cursor):
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, *args: Any) -> int:
        try:
            cursor = await self._conn.execute(sql, args)
        except sqlite3.IntegrityError as exc:
            if "UNIQUE" in str(exc) or "PRIMARY KEY" in str(exc):
                raise UniqueViolation(str(exc)) from exc
            raise
        count = cursor.rowcount
        await cursor.close()
        return count

    async def fetchall(self, sql: str, *args: Any) -> list[Row]:
        async with self._conn.execute(sql, args) as cursor:
            return list(await cursor.fetchall())


class SqliteBackend(Backend):
    dialect = "sqlite"

    def __init__(
        self, conn: aiosqlite.Connection, readers: list[aiosqlite.Connection] | None = None
    ) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        #: every read-only connection (none for ``:memory:``), and those not in use
        self._readers = list(readers or [])
        self._idle: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        for reader in self._readers:
            self._idle.put_nowait(reader)

    @classmethod
    async def connect(cls, path: str, *, readers: int = READERS) -> SqliteBackend:
        """Open ``path`` (or ``:memory:``) with WAL, foreign keys and a busy timeout, plus
        ``readers`` read-only connections for a file.

        Anything that fails on the way raises :class:`DatabaseUnavailable` after closing the
        connections: an open aiosqlite connection owns a non-daemon worker thread, so one
        left behind by a failed PRAGMA ("file is not a database") kept the process from
        exiting.
        """
        memory = path in (MEMORY, "")
        if not memory:
            if Path(path).is_dir():
                raise DatabaseUnavailable(
                    f"cannot open the SQLite database {path}: it is a directory, not a file"
                )
            try:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise DatabaseUnavailable(
                    f"cannot open the SQLite database {path}: {exc.strerror or exc}"
                ) from exc
        pragmas = [f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}", "PRAGMA foreign_keys = ON"]
        if not memory:
            pragmas.append("PRAGMA journal_mode = WAL")
        # FULL: an acknowledged answer survives a power cut, not only a process crash.
        pragmas.append("PRAGMA synchronous = FULL")
        conn = await cls._open(path, pragmas)
        opened: list[aiosqlite.Connection] = []
        try:
            for _ in range(0 if memory else readers):
                # Opened after the writer switched the file to WAL (which persists in it).
                opened.append(
                    await cls._open(
                        path, [f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}", "PRAGMA query_only = ON"]
                    )
                )
        except BaseException:
            await _close_quietly(*opened, conn)
            raise
        return cls(conn, opened)

    @staticmethod
    async def _open(path: str, pragmas: list[str]) -> aiosqlite.Connection:
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise DatabaseUnavailable(f"cannot open the SQLite database {path}: {exc}") from exc
        try:
            for pragma in pragmas:
                await _run(conn, pragma)
        except BaseException as exc:
            await _close_quietly(conn)
            if isinstance(exc, sqlite3.Error):
                raise DatabaseUnavailable(f"cannot open the SQLite database {path}: {exc}") from exc
            raise
        return conn

    @asynccontextmanager
    async def _writer(self) -> AsyncIterator[None]:
        """Hold the writers' lock, waiting at most ``WRITE_WAIT_SECONDS`` for it."""
        try:
            async with asyncio.timeout(WRITE_WAIT_SECONDS):
                await self._lock.acquire()
        except TimeoutError:
            raise DatabaseBusy(
                f"another write held the database for over {WRITE_WAIT_SECONDS:g} s"
            ) from None
        try:
            yield
        finally:
            self._lock.release()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Cursor]:
        async with self._writer(), self._immediate() as cur:
            yield cur

    @asynccontextmanager
    async def _immediate(self) -> AsyncIterator[Cursor]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT`` on the writer connection (its lock held); a
        lock that another process kept past the busy timeout is :class:`DatabaseBusy`, after
        everything was rolled back."""
        try:
            await _run(self._conn, "BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if _is_busy(exc):
                raise _busy(exc) from exc
            raise
        try:
            yield _SqliteCursor(self._conn)
        except BaseException as exc:
            await self._rollback()
            if _is_busy(exc):
                raise _busy(exc) from exc
            raise
        try:
            await _run(self._conn, "COMMIT")
        except BaseException as exc:
            await self._rollback()
            if _is_busy(exc):
                raise _busy(exc) from exc
            raise

    async def _rollback(self) -> None:
        """Roll back what is still open, never hiding the error being handled.

        On some errors (SQLITE_FULL "database or disk is full", SQLITE_IOERR, SQLITE_NOMEM)
        SQLite has already rolled the whole transaction back; a ROLLBACK then fails with "no
        transaction is active" and that message would replace the real one.
        """
        if not self._conn.in_transaction:
            return
        try:
            await _run(self._conn, "ROLLBACK")
        except sqlite3.Error:
            log.warning("rollback failed after an error", exc_info=True)

    @asynccontextmanager
    async def reader(self) -> AsyncIterator[Cursor]:
        if not self._readers:  # :memory:: the one connection there is
            async with self._lock:
                yield _SqliteCursor(self._conn)
            return
        conn = await self._idle.get()
        try:
            if conn.in_transaction:  # a read cancelled while it ended its snapshot
                await _run(conn, "ROLLBACK")
            # One read transaction: the statements of a read (a game, then its seats) see
            # one snapshot, whatever commits meanwhile.
            await _run(conn, "BEGIN")
            try:
                yield _SqliteCursor(conn)
            finally:
                if conn.in_transaction:
                    await _run(conn, "ROLLBACK")  # nothing was written: ends the snapshot
        except sqlite3.OperationalError as exc:
            if _is_busy(exc):  # rare in WAL (a recovery under way): like a busy write
                raise _busy(exc) from exc
            raise
        finally:
            self._idle.put_nowait(conn)

    @asynccontextmanager
    async def _migration_transaction(self) -> AsyncIterator[Cursor]:
        # BEGIN IMMEDIATE already excludes every other writer, migrators included; at
        # start-up the wait for another process's migration may be long.
        async with self._writer():
            await _run(self._conn, f"PRAGMA busy_timeout = {MIGRATION_BUSY_TIMEOUT_MS}")
            try:
                async with self._immediate() as cur:
                    yield cur
            finally:
                await _run(self._conn, f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")

    def migration_transaction(self) -> AbstractAsyncContextManager[Cursor]:
        return self._migration_transaction()

    async def schema_version(self, cur: Cursor) -> int:
        exists = await cur.fetchone(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
        )
        if not exists:
            return 0
        row = await cur.fetchone("SELECT MAX(version) FROM schema_version")
        return int(row[0]) if row and row[0] is not None else 0

    async def close(self) -> None:
        await _close_quietly(*self._readers)
        await self._conn.close()


async def open_sqlite(path: str) -> SqlStore:
    """A store over an SQLite file (not yet migrated: :func:`games.storage.open_store` does)."""
    return SqlStore(await SqliteBackend.connect(path))
