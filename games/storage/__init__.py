"""Persistence: the :class:`Store` interface, its SQLite and PostgreSQL backends, migrations.

``open_store(url)`` is the one entry point the bot needs: it connects and brings the schema
to the newest version before returning.
"""

from __future__ import annotations

from importlib.resources.abc import Traversable

from games.storage.base import (
    ActionRecord,
    Conflict,
    DatabaseBusy,
    DatabaseTooNew,
    DatabaseUnavailable,
    NewGame,
    Notice,
    OutcomeUnknown,
    Snapshot,
    StorageError,
    Store,
    redact_url,
)
from games.storage.migrate import MigrationError, latest_version, migrate
from games.storage.sql import SqlStore

__all__ = [
    "ActionRecord",
    "Conflict",
    "DatabaseBusy",
    "DatabaseTooNew",
    "DatabaseUnavailable",
    "MigrationError",
    "NewGame",
    "Notice",
    "OutcomeUnknown",
    "Snapshot",
    "SqlStore",
    "StorageError",
    "Store",
    "latest_version",
    "migrate",
    "open_store",
]

SQLITE_PREFIX = "sqlite:///"


async def open_store(
    url: str, *, run_migrations: bool = True, migrations_dir: Traversable | None = None
) -> SqlStore:
    """Connect to ``url`` and migrate it.

    ``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db``, ``sqlite:///:memory:``,
    or ``postgresql://user@host:port/db`` (also ``postgres://``). A database that cannot be
    opened raises :class:`DatabaseUnavailable` (one sentence, nothing left running); bad or
    missing migration files :class:`MigrationError`; a newer schema :class:`DatabaseTooNew`.
    """
    store: SqlStore
    if url.startswith(SQLITE_PREFIX):
        from games.storage.sqlite import open_sqlite

        store = await open_sqlite(url[len(SQLITE_PREFIX) :])
    elif url.startswith(("postgresql://", "postgres://")):
        from games.storage.postgres import open_postgres

        store = await open_postgres(url)
    else:
        raise DatabaseUnavailable(
            f"unsupported database url {redact_url(url)!r} (want sqlite:///path.db or postgresql://...)"
        )
    if run_migrations:
        try:
            await migrate(store, directory=migrations_dir)
        except BaseException:
            await store.close()
            raise
    return store
