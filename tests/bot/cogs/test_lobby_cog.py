"""/game new, the lobby buttons and option select, /game list and /game abandon."""

from __future__ import annotations

import pytest
import simcord

from tests.bot.bot_harness import World
from tests.bot.bot_helpers import components, custom_ids, latest_panel, only_reply


async def open_game(world: World, **options: str) -> simcord.ChannelHandle:
    result = await world.alice.slash(world.channel, "game new", game="duel", **options)
    assert result.response is not None and "#1" in result.response.content
    return world.channel.threads[-1]


async def test_new_game_opens_thread_with_lobby(world: World) -> None:
    thread = await open_game(world)
    lobby = thread.history()[0]
    assert lobby.embeds and "7 Wonders Duel" in (lobby.embeds[0].title or "")
    assert {"cb:l:1:join", "cb:l:1:leave", "cb:l:1:start", "cb:lo:1"} <= set(custom_ids(lobby))
    result = await world.bob.click(lobby, label="Join")
    assert result.acknowledged
    lobby = thread.history()[0]
    seats = lobby.embeds[0].fields[0].value or ""
    assert "alice" in seats and "bob" in seats


async def test_join_refusals_and_start(world: World) -> None:
    thread = await open_game(world)
    lobby = thread.history()[0]
    again = await world.alice.click(lobby, label="Join")
    assert "already have a seat" in only_reply(again).content
    early = await world.alice.click(lobby, label="Start")
    assert "players are needed" in only_reply(early).content
    await world.bob.click(lobby, label="Join")
    full = await world.carol.click(thread.history()[0], label="Join")
    assert "full" in only_reply(full).content
    not_creator = await world.bob.click(thread.history()[0], label="Start")
    assert "creator" in only_reply(not_creator).content
    await world.alice.click(thread.history()[0], label="Start")
    board = thread.history()[-1]  # the first board, headed by the start
    assert "has started" in board.content and "⏳ Waiting for" in board.content
    assert board.attachments
    assert latest_panel([world.alice, world.bob]) is not None  # the first question


async def test_creator_changes_option(world: World) -> None:
    thread = await open_game(world)
    lobby = thread.history()[0]
    refused = await world.bob.select(lobby, ["wonders=first_game"])
    assert "creator" in only_reply(refused).content
    await world.alice.select(lobby, ["wonders=first_game"])
    assert "first game" in (thread.history()[0].embeds[0].fields[1].value or "")


@pytest.mark.guild_locale("zh-TW")
async def test_chinese_server_gets_chinese_lobby(world: World) -> None:
    thread = await open_game(world)
    embed = thread.history()[0].embeds[0]
    assert "七大奇蹟" in (embed.title or "") or "遊戲" in (embed.title or "")
    assert "加入" in custom_labels(thread.history()[0])


async def test_language_option_zh_cn(world: World) -> None:
    thread = await open_game(world, language="zh-CN")
    assert "加入" in custom_labels(thread.history()[0])


def custom_labels(message: object) -> list[str]:

    return [c.get("label", "") for c in components(message)]


async def test_leave_and_misplaced_commands(world: World) -> None:
    thread = await open_game(world)
    await world.bob.click(thread.history()[0], label="Join")
    await world.bob.click(thread.history()[0], label="Leave")
    assert "bob" not in (thread.history()[0].embeds[0].fields[0].value or "")
    creator = await world.alice.click(thread.history()[0], label="Leave")
    assert "abandon" in only_reply(creator).content
    inside = await world.alice.slash(thread, "game new", game="duel")
    assert inside.response is not None and "text channel" in inside.response.content
    nowhere = await world.alice.slash(world.channel, "game status")
    assert nowhere.response is not None and nowhere.response.ephemeral


async def test_new_game_without_thread_permission_explains(world: World) -> None:
    world.env.inject_error(
        "POST",
        f"/channels/{world.channel.id}/threads",
        status=403,
        code=50013,
        message="Missing Permissions",
    )
    result = await world.alice.slash(world.channel, "game new", game="duel")
    replies = [r for r in [result.response, *result.followups] if r is not None]
    assert "Create Public Threads" in replies[-1].content
    listed = await world.alice.slash(world.channel, "game list")
    assert listed.response is not None and "No games" in listed.response.content


async def test_every_registered_game_can_be_opened(world: World) -> None:
    from engines.registry import engine_names

    assert {"duel", "seven_wonders", "innovation"} <= set(engine_names())
    for number, game in enumerate(("seven_wonders", "innovation"), start=1):
        result = await world.alice.slash(world.channel, "game new", game=game)
        assert result.response is not None and f"#{number}" in result.response.content
        lobby = world.channel.threads[-1].history()[0]
        options = lobby.embeds[0].fields[1].value or ""
        assert "Turn deadline: none" in options  # the engine can choose for a late player
