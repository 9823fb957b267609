"""The repository written once in portable SQL, over a thin per-database backend.

SQLite and PostgreSQL differ in drivers, placeholders and how a transaction is opened, not
in the queries we need; so ``SqlStore`` holds every query (written with ``?`` placeholders,
rewritten to ``$n`` by the PostgreSQL backend) and a :class:`Backend` supplies connections.
One implementation means the tests run against both databases exercise the same logic.
"""

from __future__ import annotations

import abc
import json
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from games.models import GameInfo, GameStatus, PlayerSettings, SeatInfo
from games.storage.base import (
    ActionRecord,
    Conflict,
    NewGame,
    Notice,
    Snapshot,
    Store,
)

Row = Sequence[Any]


class UniqueViolation(Exception):
    """A backend's unique/primary-key violation, in one type for both drivers."""


class Cursor(abc.ABC):
    """Statements inside one transaction (or one read) on one connection."""

    @abc.abstractmethod
    async def execute(self, sql: str, *args: Any) -> int:
        """Run a statement; returns the number of rows it changed."""

    @abc.abstractmethod
    async def fetchall(self, sql: str, *args: Any) -> list[Row]: ...

    async def fetchone(self, sql: str, *args: Any) -> Row | None:
        rows = await self.fetchall(sql, *args)
        return rows[0] if rows else None


class Backend(abc.ABC):
    """Connections for one database: SQLite (one guarded connection) or PostgreSQL (a pool)."""

    dialect: str

    @abc.abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Cursor]:
        """A write transaction: commits on normal exit, rolls back on any exception."""

    @abc.abstractmethod
    def reader(self) -> AbstractAsyncContextManager[Cursor]:
        """A connection for reads that need no transaction."""

    @abc.abstractmethod
    def migration_transaction(self) -> AbstractAsyncContextManager[Cursor]:
        """A transaction that also excludes other processes migrating at the same time."""

    @abc.abstractmethod
    async def schema_version(self, cur: Cursor) -> int:
        """The highest applied migration, 0 when ``schema_version`` does not exist yet."""

    @abc.abstractmethod
    async def close(self) -> None: ...


_GAME_COLUMNS = (
    "id, game, status, guild_id, channel_id, thread_id, lobby_message_id, creator_id, "
    "language, options, seed, version, created_at, updated_at"
)


def _game_info(row: Row, seats: list[SeatInfo]) -> GameInfo:
    return GameInfo(
        id=row[0],
        game=row[1],
        status=row[2],
        guild_id=row[3],
        channel_id=row[4],
        thread_id=row[5],
        lobby_message_id=row[6],
        creator_id=row[7],
        language=row[8],
        options=json.loads(row[9]),
        seed=row[10],
        version=row[11],
        created_at=float(row[12]),
        updated_at=float(row[13]),
        seats=seats,
    )


#: statuses of games that refuse every answer
ENDED: tuple[GameStatus, ...] = ("finished", "abandoned")


def _placeholders(n: int) -> str:
    return ", ".join("?" for _ in range(n))


async def _not_in_lobby(cur: Cursor, game_id: int) -> Conflict:
    """The refusal when a lobby-only update matched no row: not in the lobby, or no game."""
    exists = await cur.fetchone("SELECT 1 FROM games WHERE id = ?", game_id)
    return Conflict("not_in_lobby" if exists else "not_found", f"game {game_id}")


async def _forget_interactions(cur: Cursor, game_id: int) -> None:
    """An ended game refuses every answer, so its processed interaction ids guard nothing."""
    await cur.execute("DELETE FROM processed_interactions WHERE game_id = ?", game_id)


class SqlStore(Store):
    """:class:`Store` over any :class:`Backend`."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self.dialect = backend.dialect

    async def close(self) -> None:
        await self.backend.close()

    async def schema_version(self) -> int:
        async with self.backend.reader() as cur:
            return await self.backend.schema_version(cur)

    # -- helpers ----------------------------------------------------------------------
    async def _games(self, cur: Cursor, where: str, *args: Any) -> list[GameInfo]:
        rows = await cur.fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE {where} ORDER BY id", *args
        )
        if not rows:
            return []
        seat_rows = await cur.fetchall(
            "SELECT game_id, seat, user_id, name FROM seats WHERE game_id IN "
            f"(SELECT id FROM games WHERE {where}) ORDER BY game_id, seat",
            *args,
        )
        seats: dict[int, list[SeatInfo]] = {}
        for g, seat, user_id, name in seat_rows:
            seats.setdefault(g, []).append(SeatInfo(seat=seat, user_id=user_id, name=name))
        return [_game_info(r, seats.get(r[0], [])) for r in rows]

    @staticmethod
    async def _lock_lobby(cur: Cursor, game_id: int, now: float) -> None:
        """Touch a lobby row: in PostgreSQL this row lock serialises every lobby change."""
        n = await cur.execute(
            "UPDATE games SET updated_at = ? WHERE id = ? AND status = 'lobby'", now, game_id
        )
        if n == 0:
            raise await _not_in_lobby(cur, game_id)

    # -- games ------------------------------------------------------------------------
    async def create_game(self, new: NewGame) -> int:
        async with self.backend.transaction() as cur:
            row = await cur.fetchone(
                "INSERT INTO games (game, status, guild_id, channel_id, creator_id, language, "
                "options, seed, version, created_at, updated_at) "
                "VALUES (?, 'lobby', ?, ?, ?, ?, ?, ?, 0, ?, ?) RETURNING id",
                new.game,
                new.guild_id,
                new.channel_id,
                new.creator_id,
                new.language,
                new.options_json,
                new.seed,
                float(new.now),
                float(new.now),
            )
            assert row is not None
            game_id = int(row[0])
            await cur.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                game_id,
                new.creator_id,
                new.creator_name,
            )
            return game_id

    async def get_game(self, game_id: int) -> GameInfo | None:
        async with self.backend.reader() as cur:
            games = await self._games(cur, "id = ?", game_id)
        return games[0] if games else None

    async def game_for_thread(self, thread_id: int) -> GameInfo | None:
        async with self.backend.reader() as cur:
            games = await self._games(cur, "thread_id = ?", thread_id)
        return games[0] if games else None

    async def list_games(
        self, guild_id: int | None, statuses: tuple[GameStatus, ...]
    ) -> list[GameInfo]:
        if not statuses:
            return []
        where = f"status IN ({_placeholders(len(statuses))})"
        args: list[Any] = list(statuses)
        if guild_id is not None:
            where += " AND guild_id = ?"
            args.append(guild_id)
        async with self.backend.reader() as cur:
            return await self._games(cur, where, *args)

    async def game_ids(self) -> list[int]:
        async with self.backend.reader() as cur:
            return [int(r[0]) for r in await cur.fetchall("SELECT id FROM games ORDER BY id")]

    async def set_thread(
        self, game_id: int, thread_id: int | None, lobby_message_id: int | None, now: float
    ) -> None:
        try:
            async with self.backend.transaction() as cur:
                n = await cur.execute(
                    "UPDATE games SET thread_id = ?, lobby_message_id = ?, updated_at = ? "
                    "WHERE id = ?",
                    thread_id,
                    lobby_message_id,
                    float(now),
                    game_id,
                )
        except UniqueViolation:
            raise Conflict("thread_taken", f"thread {thread_id}") from None
        if n == 0:
            raise Conflict("not_found", f"game {game_id}")

    async def set_options(self, game_id: int, options_json: str, now: float) -> None:
        async with self.backend.transaction() as cur:
            await self._lock_lobby(cur, game_id, float(now))
            await cur.execute("UPDATE games SET options = ? WHERE id = ?", options_json, game_id)

    async def set_status(
        self, game_id: int, status: GameStatus, from_statuses: tuple[GameStatus, ...], now: float
    ) -> None:
        async with self.backend.transaction() as cur:
            n = await cur.execute(
                f"UPDATE games SET status = ?, updated_at = ? WHERE id = ? "
                f"AND status IN ({_placeholders(len(from_statuses))})",
                status,
                float(now),
                game_id,
                *from_statuses,
            )
            if n == 0:
                raise await _not_in_lobby(cur, game_id)
            if status in ENDED:
                await _forget_interactions(cur, game_id)

    # -- seats ------------------------------------------------------------------------
    async def add_seat(self, game_id: int, seat: int, user_id: int, name: str, now: float) -> None:
        async with self.backend.transaction() as cur:
            await self._lock_lobby(cur, game_id, float(now))
            if await cur.fetchone(
                "SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?", game_id, user_id
            ):
                raise Conflict("already_joined", f"user {user_id}")
            try:
                await cur.execute(
                    "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                    game_id,
                    seat,
                    user_id,
                    name,
                )
            except UniqueViolation:
                raise Conflict("seat_taken", f"seat {seat}") from None

    async def remove_seat(self, game_id: int, user_id: int, now: float) -> None:
        async with self.backend.transaction() as cur:
            await self._lock_lobby(cur, game_id, float(now))
            row = await cur.fetchone(
                "SELECT seat FROM seats WHERE game_id = ? AND user_id = ?", game_id, user_id
            )
            if row is None:
                raise Conflict("not_found", f"user {user_id} has no seat")
            seat = int(row[0])
            await cur.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", game_id, seat)
            # Two steps, because unique (game_id, seat) is checked row by row.
            await cur.execute(
                "UPDATE seats SET seat = -seat WHERE game_id = ? AND seat > ?", game_id, seat
            )
            await cur.execute(
                "UPDATE seats SET seat = -seat - 1 WHERE game_id = ? AND seat < 0", game_id
            )

    # -- play -------------------------------------------------------------------------
    async def start_game(self, game_id: int, players: int, state_json: str, now: float) -> None:
        async with self.backend.transaction() as cur:
            n = await cur.execute(
                "UPDATE games SET status = 'active', version = 0, updated_at = ? "
                "WHERE id = ? AND status = 'lobby'",
                float(now),
                game_id,
            )
            if n == 0:
                raise await _not_in_lobby(cur, game_id)
            row = await cur.fetchone("SELECT COUNT(*) FROM seats WHERE game_id = ?", game_id)
            if row is None or int(row[0]) != players:
                raise Conflict("seat_count", f"expected {players} seats")
            await cur.execute(
                "INSERT INTO snapshots (game_id, version, state) VALUES (?, 0, ?)",
                game_id,
                state_json,
            )

    async def commit_answer(
        self,
        game_id: int,
        version: int,
        seat: int,
        user_id: int,
        choice: str,
        state_json: str,
        status: GameStatus,
        interaction_id: int | None,
        now: float,
    ) -> None:
        new_version = version + 1
        async with self.backend.transaction() as cur:
            # The conditional update is the race arbiter: of two writers of one version, the
            # second finds version already moved on (PostgreSQL: after waiting on the row lock).
            n = await cur.execute(
                "UPDATE games SET version = ?, status = ?, updated_at = ? "
                "WHERE id = ? AND version = ? AND status = 'active'",
                new_version,
                status,
                float(now),
                game_id,
                version,
            )
            if n == 0:
                raise Conflict("stale_version", f"game {game_id} is no longer at v{version}")
            if interaction_id is not None:
                try:
                    await cur.execute(
                        "INSERT INTO processed_interactions (interaction_id, game_id, created_at) "
                        "VALUES (?, ?, ?)",
                        interaction_id,
                        game_id,
                        float(now),
                    )
                except UniqueViolation:
                    raise Conflict("duplicate_interaction", str(interaction_id)) from None
            await cur.execute(
                "INSERT INTO actions (game_id, seq, seat, user_id, choice, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                game_id,
                new_version,
                seat,
                user_id,
                choice,
                float(now),
            )
            await cur.execute(
                "INSERT INTO snapshots (game_id, version, state) VALUES (?, ?, ?)",
                game_id,
                new_version,
                state_json,
            )
            await cur.execute(
                "DELETE FROM snapshots WHERE game_id = ? AND version < ?", game_id, new_version
            )
            if status in ENDED:
                await _forget_interactions(cur, game_id)

    async def latest_snapshot(self, game_id: int) -> Snapshot | None:
        async with self.backend.reader() as cur:
            row = await cur.fetchone(
                "SELECT version, state FROM snapshots WHERE game_id = ? "
                "ORDER BY version DESC LIMIT 1",
                game_id,
            )
        return Snapshot(int(row[0]), row[1]) if row else None

    async def actions(self, game_id: int) -> list[ActionRecord]:
        async with self.backend.reader() as cur:
            rows = await cur.fetchall(
                "SELECT seq, seat, user_id, choice, created_at FROM actions "
                "WHERE game_id = ? ORDER BY seq",
                game_id,
            )
        return [ActionRecord(int(r[0]), int(r[1]), int(r[2]), r[3], float(r[4])) for r in rows]

    async def interaction_seen(self, interaction_id: int) -> bool:
        async with self.backend.reader() as cur:
            row = await cur.fetchone(
                "SELECT 1 FROM processed_interactions WHERE interaction_id = ?", interaction_id
            )
        return row is not None

    async def prune_interactions(self) -> int:
        async with self.backend.transaction() as cur:
            return await cur.execute(
                "DELETE FROM processed_interactions WHERE game_id IN "
                f"(SELECT id FROM games WHERE status IN ({_placeholders(len(ENDED))}))",
                *ENDED,
            )

    # -- turn notices -----------------------------------------------------------------
    async def record_mention(self, game_id: int, seat: int, version: int, now: float) -> bool:
        async with self.backend.transaction() as cur:
            n = await cur.execute(
                "INSERT INTO turn_notices (game_id, seat, version, mentioned_at, reminded_at) "
                "VALUES (?, ?, ?, ?, NULL) "
                "ON CONFLICT (game_id, seat) DO UPDATE SET version = excluded.version, "
                "mentioned_at = excluded.mentioned_at, reminded_at = NULL "
                "WHERE turn_notices.version <> excluded.version",
                game_id,
                seat,
                version,
                float(now),
            )
        return n > 0

    async def pending_notices(self, mentioned_before: float) -> list[Notice]:
        async with self.backend.reader() as cur:
            rows = await cur.fetchall(
                "SELECT t.game_id, t.seat, t.version, t.mentioned_at FROM turn_notices t "
                "JOIN games g ON g.id = t.game_id "
                "WHERE t.reminded_at IS NULL AND t.mentioned_at <= ? AND g.status = 'active' "
                "AND NOT EXISTS (SELECT 1 FROM actions a WHERE a.game_id = t.game_id "
                "AND a.seat = t.seat AND a.seq > t.version) "
                "ORDER BY t.mentioned_at, t.game_id, t.seat",
                float(mentioned_before),
            )
        return [Notice(int(r[0]), int(r[1]), int(r[2]), float(r[3])) for r in rows]

    async def mark_reminded(self, game_id: int, seat: int, version: int, now: float) -> None:
        async with self.backend.transaction() as cur:
            await cur.execute(
                "UPDATE turn_notices SET reminded_at = ? "
                "WHERE game_id = ? AND seat = ? AND version = ?",
                float(now),
                game_id,
                seat,
                version,
            )

    async def turn_notices(self, mentioned_before: float) -> list[Notice]:
        async with self.backend.reader() as cur:
            rows = await cur.fetchall(
                "SELECT t.game_id, t.seat, t.version, t.mentioned_at FROM turn_notices t "
                "JOIN games g ON g.id = t.game_id "
                "WHERE t.mentioned_at <= ? AND g.status = 'active' "
                "ORDER BY t.mentioned_at, t.game_id, t.seat",
                float(mentioned_before),
            )
        return [Notice(int(r[0]), int(r[1]), int(r[2]), float(r[3])) for r in rows]

    # -- notes ------------------------------------------------------------------------
    async def get_note(self, game_id: int, name: str) -> str | None:
        async with self.backend.reader() as cur:
            row = await cur.fetchone(
                "SELECT value FROM game_notes WHERE game_id = ? AND name = ?", game_id, name
            )
        return str(row[0]) if row else None

    async def set_note(self, game_id: int, name: str, value: str) -> None:
        async with self.backend.transaction() as cur:
            await cur.execute(
                "INSERT INTO game_notes (game_id, name, value) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id, name) DO UPDATE SET value = excluded.value",
                game_id,
                name,
                value,
            )

    # -- deliveries owed ----------------------------------------------------------------
    async def mark_delivered(self, game_id: int, version: int) -> None:
        async with self.backend.transaction() as cur:
            await cur.execute(
                "UPDATE games SET delivered_version = ? WHERE id = ? AND delivered_version < ?",
                version,
                game_id,
                version,
            )

    async def undelivered(self, updated_before: float) -> list[int]:
        async with self.backend.reader() as cur:
            rows = await cur.fetchall(
                "SELECT id FROM games WHERE status IN ('active', 'finished') "
                "AND delivered_version < version AND updated_at <= ? ORDER BY id",
                float(updated_before),
            )
        return [int(r[0]) for r in rows]

    # -- player settings --------------------------------------------------------------
    async def get_player_settings(self, user_id: int) -> PlayerSettings | None:
        async with self.backend.reader() as cur:
            row = await cur.fetchone(
                "SELECT dm_on_turn, reminder_pings FROM player_settings WHERE user_id = ?",
                user_id,
            )
        if row is None:
            return None
        return PlayerSettings(dm_on_turn=bool(row[0]), reminder_pings=bool(row[1]))

    async def set_player_settings(
        self,
        user_id: int,
        dm_on_turn: bool | None,
        reminder_pings: bool | None,
        now: float,
    ) -> PlayerSettings:
        dm = None if dm_on_turn is None else int(dm_on_turn)
        pings = None if reminder_pings is None else int(reminder_pings)
        async with self.backend.transaction() as cur:
            await cur.execute(
                "INSERT INTO player_settings (user_id, dm_on_turn, reminder_pings, updated_at) "
                "VALUES (?, COALESCE(?, 1), COALESCE(?, 1), ?) "
                "ON CONFLICT (user_id) DO UPDATE SET "
                "dm_on_turn = COALESCE(?, player_settings.dm_on_turn), "
                "reminder_pings = COALESCE(?, player_settings.reminder_pings), "
                "updated_at = excluded.updated_at",
                user_id,
                dm,
                pings,
                float(now),
                dm,
                pings,
            )
            row = await cur.fetchone(
                "SELECT dm_on_turn, reminder_pings FROM player_settings WHERE user_id = ?",
                user_id,
            )
        assert row is not None
        return PlayerSettings(dm_on_turn=bool(row[0]), reminder_pings=bool(row[1]))
