"""What the thread is told about the opening position when a game starts."""

from __future__ import annotations

import pytest
import simcord

from bot.i18n import name, t
from tests.bot.bot_harness import Factory, World
from tests.bot.bot_helpers import texts
from tests.bot.sw_driver import open_game


def started(thread: simcord.ChannelHandle, lang: str = "en") -> str:
    """The message saying the game has started, with its opening lines: the first board."""
    head = t(lang, "lobby.started", players="")
    return next(m for m in texts(thread) if m.startswith(head))


@pytest.mark.bot_settings(board_images=False)
async def test_duel_names_the_wonders_on_offer(world: World, bot_factory: Factory) -> None:
    thread = await open_game(world.channel, [world.alice, world.bob], "duel")
    view = await bot_factory.bots[-1].service.view(1, None)
    assert len(view.wonder_offer) == 4
    text = started(thread)
    wonders = ", ".join(name("en", "duel", w) for w in view.wonder_offer)
    first = ["alice", "bob"][view.active_seat]
    assert f"Wonders on offer: {wonders}. {first} picks first." in text


@pytest.mark.bot_settings(board_images=False)
async def test_duel_opening_in_the_games_language(world: World, bot_factory: Factory) -> None:
    await world.alice.slash(world.channel, "game new", game="duel", language="zh-CN")
    thread = world.channel.threads[-1]
    await world.bob.click(thread.history()[0], custom_id="cb:l:1:join")
    await world.alice.click(thread.history()[0], custom_id="cb:l:1:start")
    view = await bot_factory.bots[-1].service.view(1, None)
    text = started(thread, "zh-CN")
    assert "可选的奇迹：" in text
    assert all(name("zh-CN", "duel", w) in text for w in view.wonder_offer)
    assert "Wonders on offer" not in text


@pytest.mark.bot_settings(board_images=False)
async def test_seven_wonders_tells_each_board_and_side(world: World, bot_factory: Factory) -> None:
    players = world.members(3)
    thread = await open_game(world.channel, players, "seven_wonders")
    view = await bot_factory.bots[-1].service.view(1, None)
    text = started(thread)
    for city in view.cities:
        side = t("en", f"seven_wonders.side.{city.side}")
        board = name("en", "seven_wonders", city.board)
        assert f"{players[city.seat].user.name}: {board}, {side} side" in text


@pytest.mark.bot_settings(board_images=False)
async def test_seven_wonders_sides_still_to_choose(world: World, bot_factory: Factory) -> None:
    players = world.members(3)
    thread = await open_game(world.channel, players, "seven_wonders", options=["sides=choose"])
    text = started(thread)
    assert text.count("(side still to choose)") == 3


@pytest.mark.bot_settings(board_images=False)
async def test_seven_wonders_boards_on_offer(world: World, bot_factory: Factory) -> None:
    players = world.members(3)
    options = ["wonders=choose", "sides=choose"]
    thread = await open_game(world.channel, players, "seven_wonders", options=options)
    view = await bot_factory.bots[-1].service.view(1, None)
    text = started(thread)
    boards = ", ".join(name("en", "seven_wonders", b) for b in view.boards_offered)
    assert f"Wonder boards on offer: {boards}" in text
    assert "side" not in text.split("Wonder boards on offer")[1].split("\n")[0]


@pytest.mark.bot_settings(board_images=False)
async def test_innovation_adds_nothing(world: World) -> None:
    players = world.members(2)
    thread = await open_game(world.channel, players, "innovation")
    text = started(thread)
    head = text.partition("\n**")[0]  # what precedes the first board's title
    assert "\n" not in head
    assert not any(line.startswith("• ") for line in text.splitlines())  # no opening lines
