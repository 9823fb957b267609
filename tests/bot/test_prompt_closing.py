"""Old panels lose their components once their question is over, even when the bot
restarted in between: the panels still showing answers are kept with the game (its notes
``panel:<seat>``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
import simcord

from bot.delivery.ledger import LEDGER_NOTE, PANEL_NOTE
from tests.bot.bot_harness import Factory, World
from tests.bot.bot_helpers import answer_controls, latest_panel
from tests.bot.sw_driver import SimultaneousDriver, open_game, replies


def _fresh(channel: simcord.ChannelHandle, message_id: int) -> Any:
    """``message_id`` as the channel shows it now (history holds snapshots)."""
    return next(m for m in channel.history() if m.id == message_id)


async def panel_note(bot: Any, seat: int) -> str:
    return await bot.service.get_note(1, f"{PANEL_NOTE}:{seat}") or ""


@pytest.mark.bot_settings(board_images=False)
async def test_panel_closed_after_a_restart(world: World, bot_factory: Factory) -> None:
    thread = await open_game(world.channel, [world.alice, world.bob], "duel")
    found = latest_panel([world.alice, world.bob], seat_of=True)
    assert found is not None and answer_controls(found[0])
    old, player = found
    seat = (await bot_factory.bots[-1].service.prompts(1))[0].seat
    assert player is [world.alice, world.bob][seat]

    await world.env.restart_bot(bot_factory())  # forgets everything held in memory
    # answered with /play, not from the panel: only the delivery can close it
    choices = await player.autocomplete(thread, "play", "option", "")
    await player.slash(thread, "play", option=choices[0]["value"])

    assert not answer_controls(_fresh(player.user.dm_channel, old.id))
    new = latest_panel([world.alice, world.bob], seat_of=True)
    assert new is not None and new[0].id != old.id  # the next question is asked
    other = 1 - seat
    bot = bot_factory.bots[-1]
    assert str(old.id) not in await panel_note(bot, seat)
    assert str(new[0].id) in await panel_note(bot, other)


@pytest.mark.bot_settings(board_images=False)
async def test_dm_hands_closed_after_a_restart(world: World, bot_factory: Factory) -> None:
    players = world.members(3)
    thread = await open_game(world.channel, players, "seven_wonders")
    driver = SimultaneousDriver(bot_factory.bots, thread, players, rng=random.Random(3))
    hands = [driver.dm_prompt(seat) for seat in range(3)]
    assert all(h is not None for h in hands)

    await world.env.restart_bot(bot_factory())
    # one old hand was deleted meanwhile: closing it fails, and is not in the way
    gone = players[1].user.dm_channel
    world.env.inject_error(
        "PATCH", f"/channels/{gone.id}/messages/{hands[1].id}", status=404, code=10008
    )
    assert await driver.play_round()

    for seat, hand in enumerate(hands):
        dms = players[seat].user.dm_channel
        shown = answer_controls(_fresh(dms, hand.id))
        assert shown if seat == 1 else not shown  # the deleted one: its edit failed
        new = driver.dm_prompt(seat)
        assert new is not None and new.id != hand.id  # the next turn's hand
    note = await panel_note(bot_factory.bots[-1], 1)
    assert str(hands[1].id) not in note  # not tried again
    # a hand that could not be closed is still refused as out of date (what it shows now:
    # the change-of-mind menu its seat's own click left on it)
    stale = _fresh(players[1].user.dm_channel, hands[1].id)
    control = answer_controls(stale)[0]
    user = players[1].user
    if control["type"] == 2:
        result = await user.click(stale, custom_id=control["custom_id"])
    else:
        value = control["options"][0]["value"]
        result = await user.select(stale, [value], custom_id=control["custom_id"])
    assert "out of date" in replies(result)[-1].content


@pytest.mark.bot_settings(board_images=False)
async def test_questions_pinned_by_an_older_bot_are_asked_once_more(
    world: World, bot_factory: Factory
) -> None:
    """The upgrade to questions named by the engine: the ledger and the panels of a
    running game carry pins of the older bot (here a CRC-32 stamp). After the restart each
    open question is asked once more (its panel shows the buttons of the question now
    asked), on one message a seat, and the game goes on."""
    players = world.members(3)
    thread = await open_game(world.channel, players, "seven_wonders")
    driver = SimultaneousDriver(bot_factory.bots, thread, players, rng=random.Random(5))
    hands: list[Any] = [driver.dm_prompt(seat) for seat in range(3)]
    assert all(h is not None for h in hands)
    service = bot_factory.bots[-1].service
    pins = {await driver.current_pin(seat) for seat in range(3)}
    for note in (LEDGER_NOTE, *(f"{PANEL_NOTE}:{seat}" for seat in range(3))):
        raw = await service.get_note(1, note)
        assert raw
        for pinned in pins:
            raw = raw.replace(f'"{pinned}"', '"t1x2y3z"')
        await service.set_note(1, note, raw)

    await world.env.restart_bot(bot_factory())
    await bot_factory.bots[-1].redelivery

    for seat in range(3):
        dms = players[seat].user.dm_channel
        live = [m for m in dms.history() if answer_controls(m)]
        assert len(live) == 1  # one panel a seat
        assert await driver.pinned_prompt(seat) is not None  # its buttons answer it
    assert await driver.play_round()
    assert not bot_factory.bots[-1].delivery.pending()
