"""Innovation through the bot: hands and questions on DM panels, the effect log and boards
in the thread, dogma previews, demands asking several players in turn, restarts while a question
is pending, closed DMs, and ``/card``."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
import simcord

from tests.bot.bot_harness import Factory, World
from tests.bot.bot_helpers import texts
from tests.bot.sw_driver import SimultaneousDriver, open_game, replies

GAME = "innovation"


class Watcher:
    """Who was asked during each dogma (from the service, to check what players saw)."""

    def __init__(self, driver: SimultaneousDriver) -> None:
        self.driver = driver
        self.asked: dict[tuple[int, str], list[int]] = defaultdict(list)

    async def note(self) -> None:
        view = await self.driver.bot.service.view(self.driver.game_id, None)
        if view.dogma is not None and view.pending is not None:
            for seat in view.pending.seats:
                if seat != view.dogma.seat:
                    key = (view.turn, view.dogma.card)
                    if seat not in self.asked[key]:
                        self.asked[key].append(seat)

    def several_asked(self) -> bool:
        return any(len(seats) >= 2 for seats in self.asked.values())


async def play_out(driver: SimultaneousDriver, watcher: Watcher, limit: int = 1500) -> int:
    for moves in range(limit):
        await watcher.note()
        if not await driver.step():
            return moves
    raise AssertionError("the game did not end")


def check_log(thread: simcord.ChannelHandle) -> None:
    lines = "\n".join(texts(thread))
    assert "activates" in lines and "sharing:" in lines  # the dogma log
    assert "melds" in lines and "draws a" in lines
    assert "is over" in lines


@pytest.mark.bot_settings(board_images=False)
async def test_full_game_two_players(world: World, bot_factory: Factory) -> None:
    players = world.members(2)
    thread = await open_game(world.channel, players, GAME)
    driver = SimultaneousDriver(
        bot_factory.bots, thread, players, rng=random.Random(21), play_every=5
    )
    # the first meld is chosen by everyone at once, from the hand in their DMs
    for member in players:
        dm = driver.dm_prompt(players.index(member))
        assert dm is not None and "Your hand" in dm.content
    watcher = Watcher(driver)
    moves = await play_out(driver, watcher)
    assert moves > 50 and driver.via_play > 5
    check_log(thread)
    # hands never reach the thread: the private twin of a draw names the card in DMs only
    assert not any(m.startswith("You draw") for m in texts(thread))
    dms = [m.content for p in players for m in p.user.dm_channel.history()]
    assert any("You draw" in m for m in dms)


@pytest.mark.slow
@pytest.mark.bot_settings(board_images=False)
async def test_three_players_restart_while_a_question_is_pending(
    world: World, bot_factory: Factory
) -> None:
    players = world.members(3)
    thread = await open_game(world.channel, players, GAME)
    driver = SimultaneousDriver(bot_factory.bots, thread, players, rng=random.Random(4))
    watcher = Watcher(driver)
    # play until someone other than the active player must answer in the middle of a dogma
    places = [thread, *(p.user.dm_channel for p in players)]
    mark = 0
    for _ in range(1500):
        await watcher.note()
        view = await driver.bot.service.view(1, None)
        if view.dogma is not None and view.pending and view.pending.seats[0] != view.dogma.seat:
            break
        mark = max((m.id for c in places for m in c.history()[-1:]), default=0)
        assert await driver.step()
    else:
        raise AssertionError("no question for another player came up")
    seat = view.pending.seats[0]
    # they were called back like an active player: a new panel message in their DMs
    found = await driver.pinned_prompt(seat)
    assert found is not None and found[0].channel.id != thread.id and found[0].id > mark
    await world.env.restart_bot(bot_factory())
    assert await driver.pinned_prompt(seat) == found  # still answerable after the restart
    await driver.choose(seat)
    await play_out(driver, watcher)
    check_log(thread)
    assert watcher.several_asked(), "no demand asked two players in turn"


@pytest.mark.slow
@pytest.mark.bot_settings(board_images=False)
async def test_four_players_with_closed_dms(world: World, bot_factory: Factory) -> None:
    players = world.members(4)
    world.close_dms(world.carol)
    thread = await open_game(world.channel, players, GAME)
    assert any("can't send you direct messages" in m for m in texts(thread))
    driver = SimultaneousDriver(
        bot_factory.bots, thread, players, rng=random.Random(8), closed={2}, play_every=6
    )
    watcher = Watcher(driver)
    await play_out(driver, watcher)
    check_log(thread)
    assert driver.via_ephemeral >= 3
    assert watcher.several_asked()


async def test_dogma_preview_status_and_card(world: World, bot_factory: Factory) -> None:
    players = world.members(2)
    thread = await open_game(world.channel, players, GAME)
    driver = SimultaneousDriver(bot_factory.bots, thread, players, rng=random.Random(1))
    for _ in range(400):  # until a dogma is about to be confirmed
        prompts = await driver.bot.service.prompts(1)
        if prompts and prompts[0].kind == "dogma_confirm":
            break
        if prompts and prompts[0].kind == "turn":
            dogma = next((o for o in prompts[0].options if o.key == "dogma"), None)
            if dogma is not None:
                member = players[prompts[0].seat]
                await member.slash(thread, "play", option=dogma.id)
                continue
        assert await driver.step()
    # the preview is the confirmation question, on the active seat's panel
    panel = driver.dm_prompt(prompts[0].seat)
    assert panel is not None and "Will share:" in panel.content
    assert "Will be demanded of:" in panel.content
    status = await world.carol.slash(thread, "game status")
    message = replies(status)[-1]
    assert "achievements win" in message.content and message.attachments
    choices = await world.carol.autocomplete(world.channel, "card", "name", "arch")
    assert any(c["value"] == "archery" for c in choices)
    shown = await world.carol.slash(world.channel, "card", name="archery")
    card = replies(shown)[-1]
    assert card.ephemeral and "Archery" in (card.embeds[0].title or "")
    assert "demand" in (card.embeds[0].description or "").lower()
    assert card.attachments
    unknown = await world.carol.slash(world.channel, "card", name="no such card")
    assert "no card called" in replies(unknown)[-1].content
