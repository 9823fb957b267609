"""SimCord harness: the real bot (real service, engine, SQLite file) against a virtual Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
import pytest_asyncio
import simcord

from bot.client import CivBot
from tests.bot.bot_harness import Factory, World


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games draw their seed from ``secrets``; tests fix it so every run deals the same cards."""
    counter = iter(range(1000, 100000))
    monkeypatch.setattr("games.service.secrets.randbits", lambda bits: next(counter))


@pytest_asyncio.fixture
async def bot_factory(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Factory]:
    marker = request.node.get_closest_marker("bot_settings")
    factory = Factory(tmp_path / "civbot.db", [], overrides=dict(marker.kwargs) if marker else {})
    yield factory
    for bot in factory.bots:
        store = getattr(bot, "store", None)
        if store is not None:
            await store.close()


@pytest.fixture
def simcord_bot(bot_factory: Factory) -> CivBot:
    return bot_factory()


@pytest.fixture
def world(simcord_env: simcord.Env, request: pytest.FixtureRequest) -> World:
    marker = request.node.get_closest_marker("guild_locale")
    kwargs = {"preferred_locale": marker.args[0]} if marker else {}
    guild = simcord_env.create_guild("Table", **kwargs)
    channel = guild.create_text_channel("games")
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    env = simcord_env
    return World(
        env=env,
        guild=guild,
        channel=channel,
        alice=guild.add_member(env.create_user("alice")),
        bob=guild.add_member(env.create_user("bob")),
        carol=guild.add_member(env.create_user("carol")),
        admin=guild.add_member(env.create_user("admin"), roles=[managers]),
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "bot_settings(**kw): Settings overrides for the bot")
    config.addinivalue_line("markers", "guild_locale(locale): the guild's preferred locale")

