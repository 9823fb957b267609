"""/settings: a player's own settings, shown only to them, toggled by persistent buttons or
set by the command's arguments, kept in the database (a restart keeps them); reminder pings
off means no reminder for that player."""

from __future__ import annotations

import math
from typing import Any

import pytest
import simcord

from bot.components.settings import settings_items, settings_text
from bot.i18n import t
from games.models import PlayerSettings
from tests.bot.bot_harness import Factory, World
from tests.bot.bot_helpers import custom_ids, only_reply, texts


def replies(result: Any) -> list[Any]:
    return [r for r in [result.response, *result.followups] if r is not None]


def shown(result: Any) -> Any:
    """The settings message an interaction answered with (a reply, or the message it
    edited in place)."""
    return replies(result)[-1]


async def test_settings_in_dms_toggle_and_survive_a_restart(
    world: World, bot_factory: Factory
) -> None:
    alice = world.alice.user
    first = only_reply(await alice.slash("settings"))
    assert "DM me on my turn: **on**" in first.content
    assert "Reminder pings: **on**" in first.content
    assert custom_ids(first) == ["cb:st:dm:0", "cb:st:pings:0"]
    turned = shown(await alice.click(first, custom_id="cb:st:dm:0"))
    assert "DM me on my turn: **off**" in turned.content
    assert "Reminder pings: **on**" in turned.content
    assert custom_ids(turned) == ["cb:st:dm:1", "cb:st:pings:0"]
    bot = bot_factory.bots[-1]
    assert await bot.service.player_settings(alice.id) == PlayerSettings(dm_on_turn=False)

    await world.env.restart_bot(bot_factory())
    again = only_reply(await alice.slash("settings"))
    assert "DM me on my turn: **off**" in again.content
    # the message's buttons work after the restart too (persistent components)
    pinged = shown(await alice.click(first, custom_id="cb:st:pings:0"))
    assert "DM me on my turn: **off**" in pinged.content  # kept from before the restart
    assert "Reminder pings: **off**" in pinged.content
    bot = bot_factory.bots[-1]
    assert await bot.service.player_settings(alice.id) == PlayerSettings(
        dm_on_turn=False, reminder_pings=False
    )
    # the others keep the defaults
    assert await bot.service.player_settings(world.bob.user.id) == PlayerSettings()


async def test_settings_arguments_in_a_server(world: World, bot_factory: Factory) -> None:
    reply = only_reply(await world.bob.slash(world.channel, "settings", reminder_pings=False))
    assert "Reminder pings: **off**" in reply.content
    assert "DM me on my turn: **on**" in reply.content
    assert custom_ids(reply) == ["cb:st:dm:0", "cb:st:pings:1"]
    both = only_reply(
        await world.bob.slash(world.channel, "settings", dm_on_turn=False, reminder_pings=True)
    )
    assert "DM me on my turn: **off**" in both.content and "Reminder pings: **on**" in both.content
    bot = bot_factory.bots[-1]
    assert await bot.service.player_settings(world.bob.user.id) == PlayerSettings(
        dm_on_turn=False
    )
    assert texts(world.channel) == []  # nothing public


@pytest.mark.parametrize(
    ("lang", "words"), [("zh-TW", "輪到我時私訊：**關**"), ("zh-CN", "轮到我时私信：**关**")]
)
def test_settings_in_chinese(lang: str, words: str) -> None:
    settings = PlayerSettings(dm_on_turn=False)
    assert words in settings_text(lang, settings)
    labels = [item.item.label for item in settings_items(lang, settings)]  # type: ignore[attr-defined]
    assert labels == [t(lang, "settings.button.dm_on"), t(lang, "settings.button.pings_off")]


async def new_duel(world: World) -> simcord.ChannelHandle:
    await world.alice.slash(world.channel, "game new", game="duel")
    thread = world.channel.threads[-1]
    await world.bob.click(thread.history()[0], label="Join")
    await world.alice.click(thread.history()[0], label="Start")
    return thread


@pytest.mark.bot_settings(reminder_delay_minutes=0, reminder_check_seconds=60)
async def test_no_reminder_for_a_player_with_pings_off(
    world: World, bot_factory: Factory
) -> None:
    for member in (world.alice, world.bob):
        await member.user.slash("settings", reminder_pings=False)
    thread = await new_duel(world)
    await world.env.advance_time(61)
    assert not [m for m in texts(thread) if m.startswith("⏰")]
    bot = bot_factory.bots[-1]
    # marked reminded all the same: not tried again at every pass
    assert await bot.store.pending_notices(math.inf) == []
    assert len(await bot.store.turn_notices(math.inf)) == 1  # its deadline clock still runs


@pytest.mark.bot_settings(reminder_delay_minutes=0, reminder_check_seconds=60)
async def test_reminder_for_a_player_who_keeps_pings_on(world: World) -> None:
    await world.bob.user.slash("settings", dm_on_turn=False)  # another setting, another user
    thread = await new_duel(world)
    await world.env.advance_time(61)
    assert len([m for m in texts(thread) if m.startswith("⏰")]) == 1
