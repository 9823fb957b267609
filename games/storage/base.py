"""The Store interface: small repository methods the service calls; no SQL outside storage.

Every method is one transaction. Methods that change a game re-check, inside that
transaction, the condition the service checked before calling (status, version, seat
count), so two processes sharing a database cannot both win a race: the loser gets a
:class:`Conflict` and nothing is written.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

from games.models import GameInfo, GameStatus, PlayerSettings

ConflictReason = Literal[
    "not_in_lobby",  # the game left the lobby meanwhile
    "already_joined",  # the user holds a seat already
    "seat_taken",  # another process took that seat number first
    "seat_count",  # the seats changed between reading and starting
    "stale_version",  # another answer was committed at that version first
    "duplicate_interaction",  # the interaction id was processed before
    "thread_taken",  # another game already uses this thread
    "not_found",  # no such game (or seat)
]


def redact_url(url: str) -> str:
    """``url`` with its password replaced by ``***``, safe to print and log."""
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:
        return url
    if password is None:
        return url
    netloc = parts.netloc.replace(f":{password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


class StorageError(Exception):
    """Base of every error the storage layer raises itself."""


class Conflict(StorageError):
    """A conditional write lost a race or found its precondition false; nothing was written."""

    def __init__(self, reason: ConflictReason, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason: ConflictReason = reason


class DatabaseUnavailable(StorageError):
    """The database cannot be opened (bad path or URL, not a database, server unreachable).

    Its message is one sentence an operator can act on; the connection was closed, so no
    worker thread keeps the process alive after it.
    """


class DatabaseBusy(StorageError):
    """A write gave up waiting for the database's write lock (another process, or a slow
    write of this one, held it past the bounded wait); nothing was written, so the request
    may simply be tried again. Waiting longer would hold up every other game."""


class OutcomeUnknown(StorageError):
    """The connection was lost while the transaction was committing: the server may or may
    not have applied it. Not a refusal ("nothing was changed" could be false); the caller
    re-reads the state, and a retry of the same interaction is refused as a duplicate if
    the first one was applied."""


class DatabaseTooNew(StorageError):
    """The database was migrated by newer code; running older code on it could lose data."""

    def __init__(self, database_version: int, code_version: int) -> None:
        super().__init__(
            f"database schema is at version {database_version}, but this code only knows "
            f"migrations up to version {code_version}; upgrade the bot before starting it"
        )
        self.database_version = database_version
        self.code_version = code_version


@dataclass(frozen=True, slots=True)
class NewGame:
    """The row a lobby starts as (the creator takes seat 0 in the same transaction)."""

    game: str
    guild_id: int | None
    channel_id: int
    creator_id: int
    creator_name: str
    language: str
    options_json: str
    seed: int
    now: float


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One accepted answer from the append-only log."""

    seq: int
    seat: int
    user_id: int
    choice: str
    created_at: float


@dataclass(frozen=True, slots=True)
class Snapshot:
    version: int
    state_json: str


@dataclass(frozen=True, slots=True)
class Notice:
    """A mention waiting for its reminder."""

    game_id: int
    seat: int
    version: int
    mentioned_at: float


class Store(abc.ABC):
    """Persistence for games, seats, the action log, snapshots and turn notices."""

    #: "sqlite" or "postgresql"
    dialect: str

    @abc.abstractmethod
    async def close(self) -> None: ...

    @abc.abstractmethod
    async def schema_version(self) -> int:
        """The highest applied migration (0 for an empty database)."""

    # -- games ------------------------------------------------------------------------
    @abc.abstractmethod
    async def create_game(self, new: NewGame) -> int:
        """Insert a lobby and its creator's seat 0; returns the game id."""

    @abc.abstractmethod
    async def get_game(self, game_id: int) -> GameInfo | None: ...

    @abc.abstractmethod
    async def game_for_thread(self, thread_id: int) -> GameInfo | None: ...

    @abc.abstractmethod
    async def list_games(
        self, guild_id: int | None, statuses: tuple[GameStatus, ...]
    ) -> list[GameInfo]:
        """Games of a guild (``None``: every guild) in the given statuses, oldest first."""

    @abc.abstractmethod
    async def game_ids(self) -> list[int]: ...

    @abc.abstractmethod
    async def set_thread(
        self, game_id: int, thread_id: int | None, lobby_message_id: int | None, now: float
    ) -> None:
        """Raises ``Conflict('thread_taken')`` or ``Conflict('not_found')``."""

    @abc.abstractmethod
    async def set_options(self, game_id: int, options_json: str, now: float) -> None:
        """Only while in the lobby, else ``Conflict('not_in_lobby')``."""

    @abc.abstractmethod
    async def set_status(
        self, game_id: int, status: GameStatus, from_statuses: tuple[GameStatus, ...], now: float
    ) -> None:
        """Move to ``status`` only from ``from_statuses``, else ``Conflict('not_in_lobby')``.
        Ending a game (finished, abandoned) deletes its processed interaction ids."""

    # -- seats ------------------------------------------------------------------------
    @abc.abstractmethod
    async def add_seat(self, game_id: int, seat: int, user_id: int, name: str, now: float) -> None:
        """Take ``seat`` in a lobby; ``Conflict`` not_in_lobby / already_joined / seat_taken."""

    @abc.abstractmethod
    async def remove_seat(self, game_id: int, user_id: int, now: float) -> None:
        """Leave a lobby; later seats move down one so seats stay 0..n-1."""

    # -- play -------------------------------------------------------------------------
    @abc.abstractmethod
    async def start_game(self, game_id: int, players: int, state_json: str, now: float) -> None:
        """Lobby -> active with snapshot version 0, if exactly ``players`` seats are taken."""

    @abc.abstractmethod
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
        """Append the action (seq ``version + 1``), write its snapshot, bump the version and
        record the interaction, all or nothing. ``Conflict`` stale_version or
        duplicate_interaction when another writer or delivery got there first. An answer
        that finishes the game also deletes the game's processed interaction ids."""

    @abc.abstractmethod
    async def latest_snapshot(self, game_id: int) -> Snapshot | None: ...

    @abc.abstractmethod
    async def actions(self, game_id: int) -> list[ActionRecord]: ...

    @abc.abstractmethod
    async def interaction_seen(self, interaction_id: int) -> bool: ...

    @abc.abstractmethod
    async def prune_interactions(self) -> int:
        """Delete the processed interaction ids of finished and abandoned games (an ended
        game refuses every answer, so they guard nothing); returns how many were deleted.
        ``commit_answer`` and ``set_status`` already do it for the game they end."""

    # -- turn notices -----------------------------------------------------------------
    @abc.abstractmethod
    async def record_mention(self, game_id: int, seat: int, version: int, now: float) -> bool:
        """Remember that ``seat`` was mentioned for the prompt of ``version``; False if that
        exact mention was already recorded (so it is not made twice)."""

    @abc.abstractmethod
    async def pending_notices(self, mentioned_before: float) -> list[Notice]:
        """Unreminded mentions older than the cutoff, in active games, for seats that have not
        answered since."""

    @abc.abstractmethod
    async def mark_reminded(self, game_id: int, seat: int, version: int, now: float) -> None: ...

    @abc.abstractmethod
    async def turn_notices(self, mentioned_before: float) -> list[Notice]:
        """Every mention older than the cutoff in active games (reminded or not, answered
        since or not): the deadline check decides from the game's state."""

    # -- notes ------------------------------------------------------------------------
    @abc.abstractmethod
    async def get_note(self, game_id: int, name: str) -> str | None: ...

    @abc.abstractmethod
    async def set_note(self, game_id: int, name: str, value: str) -> None:
        """Insert or replace the note ``name`` of a game."""

    # -- deliveries owed ----------------------------------------------------------------
    @abc.abstractmethod
    async def mark_delivered(self, game_id: int, version: int) -> None:
        """Record that ``version`` of a game (and every earlier one) has been told."""

    @abc.abstractmethod
    async def undelivered(self, updated_before: float) -> list[int]:
        """Started games (active or finished) whose latest committed version has not been
        told, last changed before the cutoff (a younger one may still be being told)."""

    # -- player settings --------------------------------------------------------------
    @abc.abstractmethod
    async def get_player_settings(self, user_id: int) -> PlayerSettings | None:
        """A user's settings, or None when they never changed any (the defaults)."""

    @abc.abstractmethod
    async def set_player_settings(
        self,
        user_id: int,
        dm_on_turn: bool | None,
        reminder_pings: bool | None,
        now: float,
    ) -> PlayerSettings:
        """Change the settings given (None: left as they are, the default for a new row)
        in one statement; returns the settings now stored."""
