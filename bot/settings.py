"""Settings read from the environment and ``.env`` (pydantic-settings).

One object, built once at start-up, so every knob is documented in one place
(``.env.example``) and validated before the bot connects.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

Language = Literal["en", "zh-TW", "zh-CN"]
LANGUAGES: tuple[str, ...] = ("en", "zh-TW", "zh-CN")


class Settings(BaseSettings):
    """Everything the bot needs to run; see ``.env.example`` for the meaning of each."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: str = Field(default="", repr=False)
    database_url: str = "sqlite:///civbot.db"
    log_level: str = "INFO"
    reminder_delay_minutes: float = Field(default=720, ge=0)
    reminder_check_seconds: float = Field(default=300, gt=0)
    default_language: Language = "en"
    dev_guild_id: int | None = None
    #: post a board image whenever the turn passes to another seat (off: only on /game status).
    board_images: bool = True


def load_settings(**overrides: object) -> Settings:
    """Build settings from the environment; ``overrides`` win (tests, the sandbox)."""
    return Settings(**overrides)  # type: ignore[arg-type]
