"""/game list, /game abandon permissions, reminders, restart with persistent buttons."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord

from tests.bot.bot_harness import Factory, World
from tests.bot.bot_helpers import accepted, answer_controls, latest_panel, texts


def replies(result: Any) -> list[Any]:
    return [r for r in [result.response, *result.followups] if r is not None]


async def new_game(world: World, creator: simcord.MemberActor) -> simcord.ChannelHandle:
    await creator.slash(world.channel, "game new", game="duel")
    return world.channel.threads[-1]


async def start(
    world: World,
    thread: simcord.ChannelHandle,
    joiner: simcord.MemberActor,
    creator: simcord.MemberActor,
) -> None:
    lobby = thread.history()[0]
    await joiner.click(lobby, label="Join")
    await creator.click(thread.history()[0], label="Start")


async def test_list_shows_running_games(world: World) -> None:
    empty = await world.carol.slash(world.channel, "game list")
    assert "No games" in replies(empty)[-1].content
    first = await new_game(world, world.alice)
    await start(world, first, world.bob, world.alice)
    await new_game(world, world.carol)
    listed = await world.carol.slash(world.channel, "game list")
    embed = replies(listed)[-1].embeds[0]
    body = embed.description or ""
    assert "#1" in body and "#2" in body
    assert "In progress" in body and "Waiting for players" in body
    assert "waiting for" in body


async def test_abandon_permissions(world: World) -> None:
    thread = await new_game(world, world.alice)
    await start(world, thread, world.bob, world.alice)
    refused = await world.carol.slash(thread, "game abandon")
    assert "Only the game's creator" in replies(refused)[-1].content
    assert replies(refused)[-1].ephemeral
    refused_player = await world.bob.slash(thread, "game abandon")
    assert replies(refused_player)[-1].ephemeral
    done = await world.admin.slash(thread, "game abandon")  # Manage Server
    assert "abandoned" in replies(done)[-1].content
    assert any("was abandoned by admin" in m for m in texts(thread))
    assert latest_panel([world.alice, world.bob]) is None  # the panels lost their buttons
    again = await world.alice.slash(thread, "game abandon")
    assert replies(again)[-1].ephemeral
    # the creator may abandon their own game, by number, from the channel
    other = await new_game(world, world.carol)
    del other
    own = await world.carol.slash(world.channel, "game abandon", game_id=2)
    assert "#2 was abandoned" in replies(own)[-1].content
    listed = await world.carol.slash(world.channel, "game list")
    assert "No games" in replies(listed)[-1].content


@pytest.mark.bot_settings(reminder_delay_minutes=0, reminder_check_seconds=60)
async def test_reminder_after_delay_once(world: World) -> None:
    thread = await new_game(world, world.alice)
    await start(world, thread, world.bob, world.alice)
    await world.env.advance_time(61)
    reminders = [m for m in texts(thread) if m.startswith("⏰")]
    assert len(reminders) == 1 and "still waiting for you" in reminders[0]
    await world.env.advance_time(61)
    assert len([m for m in texts(thread) if m.startswith("⏰")]) == 1


async def test_buttons_survive_restart(world: World, bot_factory: Factory) -> None:
    thread = await new_game(world, world.alice)
    await start(world, thread, world.bob, world.alice)
    found = latest_panel([world.alice, world.bob], seat_of=True)
    assert found is not None  # the first question, on its seat's panel
    panel, actor = found
    await world.env.restart_bot(bot_factory())
    result = await actor.user.click(panel, custom_id=answer_controls(panel)[0]["custom_id"])
    assert accepted(result)  # the panel a former process sent still answers
    # the next question was asked by the new client
    assert latest_panel([world.alice, world.bob]) is not None


async def test_help(world: World) -> None:
    result = await world.carol.slash(world.channel, "help")
    embed = replies(result)[-1].embeds[0]
    assert "/game new" in (embed.description or "")
    assert "7 Wonders" in (embed.description or "") and "/card" in (embed.description or "")
    # each game's own paragraph comes from its locale file (``<game>.help``)
    assert "**Through the Ages**" in (embed.description or "")
    assert "**Innovation**" in (embed.description or "")
    assert len(embed.description or "") <= 4096  # Discord's limit for an embed description
    footer = embed.footer.text or ""
    assert all(game in footer for game in ("7 Wonders Duel", "7 Wonders", "Innovation"))


README_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)


async def test_the_documented_permissions_suffice(world: World) -> None:
    """The bot plays with exactly the permissions the README asks for, no more."""
    backend = world.env.backend
    guild = backend.get_guild(world.guild.id)
    members = discord.Permissions(
        view_channel=True, read_message_history=True, use_application_commands=True
    )
    backend.edit_role(guild.id, guild.id, {"permissions": members.value})
    bot_role = next(r for r in guild.roles.values() if r.managed)
    backend.edit_role(guild.id, bot_role.id, {"permissions": README_PERMISSIONS.value})
    await world.env.settle()
    thread = await new_game(world, world.alice)
    await start(world, thread, world.bob, world.alice)
    for _ in range(3):
        found = latest_panel([world.alice, world.bob], seat_of=True)
        assert found is not None
        panel, actor = found
        custom = answer_controls(panel)[0]["custom_id"]
        result = await actor.user.click(panel, custom_id=custom)
        assert accepted(result)
    assert len([m for m in thread.history() if m.attachments]) >= 1  # the live board
    status = await world.carol.slash(thread, "game status")
    assert replies(status)[-1].attachments
    assert README_PERMISSIONS.value == 309237763072
