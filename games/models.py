"""Plain records the service hands to the bot (no engine state, no SQL rows)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

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


class Outcome(BaseModel):
    """What an accepted start or answer produced, after it was committed."""

    info: GameInfo
    events: list[Event] = Field(default_factory=list)
    prompts: list[Prompt] = Field(default_factory=list)
    result: GameResult | None = None
