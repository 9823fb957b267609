"""Shared test pieces: settings over a temp SQLite file, a bot factory, the simulated server."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import simcord

from bot.client import CivBot
from bot.render import Renderer, default_renderer
from bot.settings import Settings


def make_settings(db_path: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "discord_token": "simcord",
        "database_url": f"sqlite:///{db_path}",
        "reminder_delay_minutes": 720,
        "reminder_check_seconds": 300,
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


@dataclass
class Factory:
    """Builds bots over one database file and closes their stores at the end."""

    db_path: Path
    bots: list[CivBot]
    renderer: Renderer | None = default_renderer
    overrides: dict[str, Any] | None = None

    def __call__(self, *, clock: Callable[[], float] | None = None, **overrides: Any) -> CivBot:
        settings = make_settings(self.db_path, **{**(self.overrides or {}), **overrides})
        bot = CivBot(settings, renderer=self.renderer, clock=clock)
        self.bots.append(bot)
        return bot


@dataclass
class World:
    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor
    admin: simcord.MemberActor

    def members(self, count: int) -> list[simcord.MemberActor]:
        """``count`` players: alice, bob, carol, then new members dave, erin, frank, grace."""
        out = [self.alice, self.bob, self.carol]
        for extra in ("dave", "erin", "frank", "grace")[: max(0, count - 3)]:
            out.append(self.guild.add_member(self.env.create_user(extra)))
        return out[:count]

    def close_dms(self, member: simcord.MemberActor) -> None:
        """Every DM to ``member`` fails as when they do not accept DMs (403, code 50007)."""
        dm = member.user.dm_channel
        self.env.inject_error(
            "POST",
            f"/channels/{dm.id}/messages",
            status=403,
            code=50007,
            message="Cannot send messages to this user",
            times=None,
        )
