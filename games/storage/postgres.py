"""PostgreSQL backend (asyncpg pool), for several bot processes sharing one database.

Queries are written once with ``?`` placeholders (see :mod:`games.storage.sql`); this module
rewrites them to asyncpg's ``$1, $2, ...``. The default READ COMMITTED isolation suffices:
every conditional ``UPDATE games ... WHERE`` takes the game's row lock, so concurrent writers
of one game queue behind each other and re-check their condition on the committed row.

A connection lost while COMMIT is under way leaves the outcome unknown (the server may have
committed before the connection broke): that is :class:`OutcomeUnknown`, never a plain
failure, so nobody is told "nothing was changed" about a write that may have landed.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import asyncpg
from asyncpg.transaction import Transaction

from games.storage.base import DatabaseUnavailable, OutcomeUnknown, redact_url
from games.storage.sql import Backend, Cursor, Row, SqlStore, UniqueViolation

#: pg_advisory_xact_lock key that serialises migrations across processes ("civbot" in ASCII).
MIGRATION_LOCK_KEY = 0x636976626F74
#: What a connection lost mid-COMMIT raises: asyncpg's connection errors (class 08, e.g.
#: ``ConnectionDoesNotExistError``), its ``InterfaceError`` ("the underlying connection is
#: closed"), and the socket's own (``ConnectionResetError`` is an ``OSError``).
CONNECTION_LOST = (asyncpg.PostgresConnectionError, asyncpg.InterfaceError, OSError)

log = logging.getLogger(__name__)


@functools.lru_cache(maxsize=512)
def to_dollar(sql: str) -> str:
    """Rewrite ``?`` placeholders to ``$n`` (our SQL never contains a literal ``?``)."""
    parts = sql.split("?")
    out = [parts[0]]
    for i, part in enumerate(parts[1:], start=1):
        out.append(f"${i}{part}")
    return "".join(out)


def _rowcount(status: str) -> int:
    """asyncpg returns the command tag, e.g. ``UPDATE 3`` or ``INSERT 0 1``."""
    tail = status.rsplit(" ", 1)[-1]
    return int(tail) if tail.isdigit() else 0


class _PgCursor(Cursor):
    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, *args: Any) -> int:
        try:
            status = await self._conn.execute(to_dollar(sql), *args)
        except asyncpg.UniqueViolationError as exc:
            raise UniqueViolation(str(exc)) from exc
        return _rowcount(status)

    async def fetchall(self, sql: str, *args: Any) -> list[Row]:
        try:
            return list(await self._conn.fetch(to_dollar(sql), *args))
        except asyncpg.UniqueViolationError as exc:
            raise UniqueViolation(str(exc)) from exc


async def _rollback(tx: Transaction) -> None:
    """Roll back after an error, never hiding it: on a lost connection the ROLLBACK fails
    too (the server rolls back the open transaction itself)."""
    try:
        await tx.rollback()
    except (*CONNECTION_LOST, asyncpg.PostgresError):
        log.warning("rollback failed after an error", exc_info=True)


class PostgresBackend(Backend):
    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @classmethod
    async def connect(cls, url: str, *, min_size: int = 1, max_size: int = 10) -> PostgresBackend:
        """A pool over ``url``; :class:`DatabaseUnavailable` (password hidden) if the server
        cannot be reached or refuses us."""
        try:
            pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise DatabaseUnavailable(
                f"cannot connect to the PostgreSQL database {redact_url(url)}: "
                f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"
            ) from exc
        assert pool is not None
        return cls(pool)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Cursor]:
        async with self._pool.acquire() as conn:
            tx = conn.transaction()
            await tx.start()
            try:
                yield _PgCursor(conn)
            except BaseException:
                await _rollback(tx)
                raise
            try:
                await tx.commit()
            except CONNECTION_LOST as exc:
                raise OutcomeUnknown(
                    "the connection to PostgreSQL was lost while committing, so the write may "
                    f"or may not have been applied: {type(exc).__name__}: {exc}"
                ) from exc

    @asynccontextmanager
    async def reader(self) -> AsyncIterator[Cursor]:
        async with self._pool.acquire() as conn:
            yield _PgCursor(conn)

    @asynccontextmanager
    async def _migration_transaction(self) -> AsyncIterator[Cursor]:
        async with self._pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK_KEY)
            yield _PgCursor(conn)

    def migration_transaction(self) -> AbstractAsyncContextManager[Cursor]:
        return self._migration_transaction()

    async def schema_version(self, cur: Cursor) -> int:
        exists = await cur.fetchone("SELECT to_regclass('schema_version') IS NOT NULL")
        if not exists or not exists[0]:
            return 0
        row = await cur.fetchone("SELECT MAX(version) FROM schema_version")
        return int(row[0]) if row and row[0] is not None else 0

    async def close(self) -> None:
        await self._pool.close()


async def open_postgres(url: str, *, min_size: int = 1, max_size: int = 10) -> SqlStore:
    """A store over a PostgreSQL database (not yet migrated: ``open_store`` does)."""
    return SqlStore(await PostgresBackend.connect(url, min_size=min_size, max_size=max_size))
