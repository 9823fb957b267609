"""Plain records the service hands to the bot (no engine state, no SQL rows)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from engines.core.contract import Event, GameResult, Prompt

GameStatus = Literal["lobby", "active", "finished", "abandoned"]


class ServiceError(Exception):
    """A request the service refuses; nothing was changed.

    ``key`` names a message in the bot's catalogue (``errors.<key>``); ``params`` fill it.
    """

    def __init__(self, key: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.message = message
        self.params = params


def describe_error(exc: BaseException, limit: int = 240) -> str:
    """One line naming an unexpected error, for logs, operators and the thread.

    A pydantic ``ValidationError``'s first line only says which model; its first error's
    location and message say what is wrong with the stored data.
    """
    if isinstance(exc, ValidationError) and exc.errors():
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "<root>"
        more = exc.error_count() - 1
        text = f"{exc.title}: {where}: {first['msg']}" + (f" (+{more} more)" if more else "")
    else:
        text = " ".join(str(exc).split())
    line = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return line if len(line) <= limit else line[: limit - 1] + "…"


class SeatInfo(BaseModel):
    seat: int
    user_id: int
    name: str


class GameInfo(BaseModel):
    id: int
    game: str  # engine name, e.g. "duel"
    status: GameStatus
    guild_id: int | None
    channel_id: int
    thread_id: int | None = None
    lobby_message_id: int | None = None
    creator_id: int
    language: str  # "en", "zh-TW" or "zh-CN"
    options: dict[str, str] = Field(default_factory=dict)
    seed: int
    version: int  # number of accepted answers; prompts are named by it
    seats: list[SeatInfo] = Field(default_factory=list)
    created_at: float
    updated_at: float

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def user_of(self, seat: int) -> int | None:
        for s in self.seats:
            if s.seat == seat:
                return s.user_id
        return None


class GameFailure(BaseModel):
    """A game the periodic passes (reminders, deadlines) could not read, reported once.

    ``info`` is None when even the game's row could not be read; ``reason`` is one line.
    """

    game_id: int
    info: GameInfo | None
    reason: str


class Outcome(BaseModel):
    """What an accepted start or answer produced, after it was committed."""

    info: GameInfo
    events: list[Event] = Field(default_factory=list)
    prompts: list[Prompt] = Field(default_factory=list)
    result: GameResult | None = None


class PlayerSettings(BaseModel, frozen=True):
    """A player's own settings (``/settings``), the same in every game and server."""

    #: the bot may DM them when their turn begins (off: the thread's "Show my hand / act")
    dm_on_turn: bool = True
    #: the reminder pass pings them when they are slow to answer
    reminder_pings: bool = True
