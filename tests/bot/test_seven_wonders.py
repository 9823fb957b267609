"""7 Wonders through the bot: hands on DM panels, simultaneous choices (changed, paid,
restarted), one board a round in the thread that never shows a hand, closed DMs,
neighbours' cities, and turn deadlines on an injected clock."""

from __future__ import annotations

import random

import pytest
import simcord

from bot.i18n import catalogue, name
from engines.seven_wonders.catalogue import CARDS
from tests.bot.bot_harness import Factory, World
from tests.bot.bot_helpers import answer_controls, components, texts
from tests.bot.sw_driver import SimultaneousDriver, open_game, replies

GAME = "seven_wonders"


def card_names() -> dict[str, str]:
    return {card: name("en", GAME, card) for card in CARDS}


async def assert_no_hand_in_thread(driver: SimultaneousDriver) -> None:
    """No thread message names a card that is still in someone's hand, unless a copy of
    it was already built (a duplicate at 5+ players) — the public view says which."""
    _info, state = await driver.bot.service.load(driver.game_id)
    names = card_names()
    built = {names[b] for city in state.buildings for b in city}  # (same-named cards of
    thread_text = "\n".join(texts(driver.thread))  # other Ages or player counts)
    boilerplate = "\n".join(catalogue("en").values())  # "Press Show my hand" is no card
    for hand in state.hands:
        for card in hand:
            if names[card] in built or names[card] in boilerplate:
                continue
            assert names[card] not in thread_text, f"{names[card]} leaked into the thread"


def boards(thread: simcord.ChannelHandle) -> list[str]:
    """The thread's boards and log entries: one a round (the lobby left out)."""
    return [m for m in texts(thread)[1:] if m.strip()]


@pytest.mark.bot_settings(board_images=False)
async def test_full_game_three_players(world: World, bot_factory: Factory) -> None:
    players = world.members(3)
    thread = await open_game(world.channel, players, GAME)
    driver = SimultaneousDriver(
        bot_factory.bots, thread, players, rng=random.Random(3), play_every=4
    )
    lobby = thread.history()[0]
    assert "7 Wonders" in (lobby.embeds[0].title or "")
    # every player got a hand by DM: a picture-free text list marking each card, and a menu
    for member in players:
        dm = driver.dm_prompt(players.index(member))
        assert dm is not None and "Your hand" in dm.content
        assert any(w in dm.content for w in ("free", "costs", "cannot be built"))
        assert any(c.get("custom_id", "").startswith("cb:c:") for c in _controls(dm))
    # the board says who is choosing, never what
    assert "⏳ Waiting for" in texts(thread)[-1]
    rounds = await driver.play(after_round=lambda: assert_no_hand_in_thread(driver))
    assert rounds >= 18
    lines = texts(thread)
    assert any("built" in m for m in lines) and any(
        "sold a card" in m or "stage" in m for m in lines
    )
    assert any("is over" in m for m in lines)
    assert driver.changes >= 3 and driver.via_play >= 5
    # one board per round, edited in place, not a message per answer
    assert len(boards(thread)) <= rounds + 2
    final = "\n".join(lines[-6:])
    assert "points" in final and "Winner" in final


def _controls(message: object) -> list[dict[str, object]]:

    return components(message)


async def test_full_game_seven_players_with_restart(world: World, bot_factory: Factory) -> None:
    """Seven players; a restart in the middle of a turn keeps the choices already made."""
    bot_factory.renderer = None  # 7 hands a turn: keep the test fast (images: other tests)
    bot_factory.bots[0].renderer = None
    players = world.members(7)
    thread = await open_game(world.channel, players, GAME)
    driver = SimultaneousDriver(bot_factory.bots, thread, players, rng=random.Random(11))
    for _ in range(4):
        assert await driver.play_round()
    waiting = await driver.waiting()
    assert len(waiting) == 7
    first, second = waiting[0], waiting[1]
    await driver.choose(first)
    await driver.choose(second)
    _info, state = await driver.bot.service.load(1)
    chosen = [list(state.choice[first]), list(state.choice[second])]
    await world.env.restart_bot(bot_factory())
    _info, state = await driver.bot.service.load(1)
    assert [list(state.choice[first]), list(state.choice[second])] == chosen
    assert set(await driver.waiting()) == set(waiting) - {first, second}
    for seat in await driver.waiting():  # the others choose with the pre-restart DMs
        await driver.choose(seat)
    rounds = await driver.play(after_round=lambda: assert_no_hand_in_thread(driver))
    assert rounds >= 12
    assert driver.payments >= 1  # a card with several ways to pay asked how, then was paid
    assert any("is over" in m for m in texts(thread))


@pytest.mark.bot_settings(board_images=False)
async def test_closed_dms_fall_back_to_ephemeral(world: World, bot_factory: Factory) -> None:
    players = world.members(3)
    world.close_dms(world.bob)
    thread = await open_game(world.channel, players, GAME)
    notes = [m for m in texts(thread) if "can't send you direct messages" in m]
    assert notes and world.bob.mention in notes[-1]
    driver = SimultaneousDriver(bot_factory.bots, thread, players, rng=random.Random(5), closed={1})
    for _ in range(3):
        assert await driver.play_round()
    assert driver.via_ephemeral >= 3
    assert not world.bob.user.dm_channel.history()
    await assert_no_hand_in_thread(driver)


async def test_neighbour_city_and_status(world: World, bot_factory: Factory) -> None:
    players = world.members(3)
    thread = await open_game(world.channel, players, GAME)
    driver = SimultaneousDriver(bot_factory.bots, thread, players)
    dm = driver.dm_prompt(0)
    assert dm is not None and dm.attachments  # the hand picture
    city_buttons = [c for c in _controls(dm) if str(c.get("custom_id", "")).startswith("cb:c:")]
    assert len(city_buttons) == 2
    shown = await world.alice.user.click(dm, custom_id=str(city_buttons[0]["custom_id"]))
    city = replies(shown)[-1]
    assert "Buildings" in city.content and city.attachments
    status = await world.carol.slash(thread, "game status", player=world.bob)
    assert "bob" in replies(status)[-1].content and replies(status)[-1].attachments
    table = await world.carol.slash(thread, "game status")
    message = replies(table)[-1]
    assert "Waiting for" in message.content and "private choice" in message.content
    assert message.attachments
    # once the turn resolves, last turn's hand loses its menu, after a restart too (the
    # messages to close are kept with the game)
    await driver.play_round()
    old = next(m for m in world.alice.user.dm_channel.history() if m.id == dm.id)
    assert not answer_controls(old)
    dm = driver.dm_prompt(0)
    assert dm is not None
    await world.env.restart_bot(bot_factory())
    await driver.play_round()
    old = next(m for m in world.alice.user.dm_channel.history() if m.id == dm.id)
    assert not answer_controls(old)


@pytest.mark.bot_settings(board_images=False, reminder_check_seconds=60)
async def test_deadline_chooses_for_the_late_player(world: World, bot_factory: Factory) -> None:
    now = [1_000_000.0]
    players = world.members(3)
    bot = bot_factory(clock=lambda: now[0])
    await world.env.restart_bot(bot)
    thread = await open_game(world.channel, players, GAME, options=["deadline=1h"])
    lobby = thread.history()[0]
    assert "1 hour" in str(lobby.embeds[0].fields[1].value)
    driver = SimultaneousDriver(bot_factory.bots, thread, players)
    await driver.choose(0)
    await driver.choose(1)
    now[0] += 1800
    await world.env.advance_time(61)
    assert await driver.waiting() == [2]  # not yet
    # a restart does not forget the deadline: it is counted from the stored mention
    await world.env.restart_bot(bot_factory(clock=lambda: now[0]))
    now[0] += 1801
    await world.env.advance_time(61)
    assert any("deadline in game #1 passed" in m for m in texts(thread))
    told = [
        m.content for m in world.carol.user.dm_channel.history() if "I chose for you" in m.content
    ]
    assert told and ("Sell" in told[0] or "Pay" in told[0])  # what was chosen: privately
    assert len(await driver.waiting()) == 3  # the turn resolved; new hands are out
    await assert_no_hand_in_thread(driver)


@pytest.mark.bot_settings(board_images=False)
async def test_boards_and_sides_chosen_by_the_players(world: World, bot_factory: Factory) -> None:
    bot_factory.bots[0].renderer = None
    players = world.members(3)
    options = ["wonders=choose", "sides=choose"]
    thread = await open_game(world.channel, players, GAME, options=options)
    driver = SimultaneousDriver(bot_factory.bots, thread, players, rng=random.Random(9))
    rounds = await driver.play()
    lines = texts(thread)
    assert sum(" takes " in m for m in lines) >= 1  # boards picked in turn
    assert any(" side of " in m for m in lines)  # sides chosen at once, told as chosen
    assert rounds >= 18 and any("is over" in m for m in lines)
