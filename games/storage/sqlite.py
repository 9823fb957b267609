"""SQLite backend (aiosqlite): the embedded default.

One connection per store, guarded by an ``asyncio.Lock`` because a transaction on a shared
connection must not interleave with another coroutine's statements. Writes open with
``BEGIN IMMEDIATE`` so a second *process* on the same file waits (busy timeout) instead of
failing half-way; WAL lets readers in other processes proceed meanwhile.
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

from games.storage.base import DatabaseUnavailable
from games.storage.sql import Backend, Cursor, Row, SqlStore, UniqueViolation

BUSY_TIMEOUT_MS = 10_000

log = logging.getLogger(__name__)


async def _run(conn: aiosqlite.Connection, sql: str) -> None:
    """Execute and finalise at once: a statement left with unread rows (``PRAGMA
    journal_mode`` returns one) stays active and would make the next COMMIT fail."""
    async with conn.execute(sql) as cursor:
        await cursor.fetchall()


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

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()

    @classmethod
    async def connect(cls, path: str) -> SqliteBackend:
        """Open ``path`` (or ``:memory:``) with WAL, foreign keys and a busy timeout.

        Anything that fails on the way raises :class:`DatabaseUnavailable` after closing the
        connection: an open aiosqlite connection owns a non-daemon worker thread, so one left
        behind by a failed PRAGMA ("file is not a database") kept the process from exiting.
        """
        if path != ":memory:":
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
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise DatabaseUnavailable(f"cannot open the SQLite database {path}: {exc}") from exc
        pragmas = [f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}", "PRAGMA foreign_keys = ON"]
        if path != ":memory:":
            pragmas.append("PRAGMA journal_mode = WAL")
        # FULL: an acknowledged answer survives a power cut, not only a process crash.
        pragmas.append("PRAGMA synchronous = FULL")
        try:
            for pragma in pragmas:
                await _run(conn, pragma)
        except BaseException as exc:
            with contextlib.suppress(Exception):
                await conn.close()
            if isinstance(exc, sqlite3.Error):
                raise DatabaseUnavailable(f"cannot open the SQLite database {path}: {exc}") from exc
            raise
        return cls(conn)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Cursor]:
        async with self._lock:
            await _run(self._conn, "BEGIN IMMEDIATE")
            try:
                yield _SqliteCursor(self._conn)
            except BaseException:
                await self._rollback()
                raise
            try:
                await _run(self._conn, "COMMIT")
            except BaseException:
                await self._rollback()
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
        async with self._lock:
            yield _SqliteCursor(self._conn)

    def migration_transaction(self) -> AbstractAsyncContextManager[Cursor]:
        # BEGIN IMMEDIATE already excludes every other writer, migrators included.
        return self.transaction()

    async def schema_version(self, cur: Cursor) -> int:
        exists = await cur.fetchone(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
        )
        if not exists:
            return 0
        row = await cur.fetchone("SELECT MAX(version) FROM schema_version")
        return int(row[0]) if row and row[0] is not None else 0

    async def close(self) -> None:
        await self._conn.close()


async def open_sqlite(path: str) -> SqlStore:
    """A store over an SQLite file (not yet migrated: :func:`games.storage.open_store` does)."""
    return SqlStore(await SqliteBackend.connect(path))
