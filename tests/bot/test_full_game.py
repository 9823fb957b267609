"""A whole game of 7 Wonders Duel through the bot: buttons, selects and /play, with a restart
of the client in the middle continuing the same game from the same database file."""

from __future__ import annotations

import random

import simcord

from tests.bot.bot_driver import Driver
from tests.bot.bot_harness import Factory, World
from tests.bot.bot_helpers import texts


async def start_duel(world: World) -> simcord.ChannelHandle:
    await world.alice.slash(world.channel, "game new", game="duel")
    thread = world.channel.threads[-1]
    await world.bob.click(thread.history()[0], label="Join")
    await world.alice.click(thread.history()[0], label="Start")
    return thread


async def test_full_duel_game_with_restart(world: World, bot_factory: Factory) -> None:
    thread = await start_duel(world)
    driver = Driver(world.env, thread, [world.alice, world.bob], random.Random(2026))
    for _ in range(30):  # the draft and part of Age I
        assert await driver.step()
    assert any("takes" in m for m in texts(thread))  # wonders were drafted

    await world.env.restart_bot(bot_factory())  # same DB file, fresh process state
    moves = await driver.play()

    lines = texts(thread)
    assert moves > 40
    assert driver.via_play >= 5 and driver.via_button >= 5 and driver.via_select >= 3
    final = "\n".join(lines[-4:])
    assert "is over" in final and "Winner" in final
    assert "points" in final and "coins" in final  # score lines with their breakdown
    assert any(word in final for word in ("military", "scientific", "civilian"))
    assert any(m.attachments for m in thread.history())  # board images were posted
