"""A game whose snapshot cannot be read: the reminder loop tells its thread once and keeps
reminding the players of every other game (games/service.py ``take_failures``)."""

from __future__ import annotations

import pytest
import simcord

from bot.client import CivBot
from games.storage import SqlStore
from tests.bot.bot_harness import World
from tests.bot.bot_helpers import texts


async def _started_duel(world: World, creator: simcord.MemberActor) -> simcord.ChannelHandle:
    await creator.slash(world.channel, "game new", game="duel")
    thread = world.channel.threads[-1]
    await world.bob.click(thread.history()[0], label="Join")
    await creator.click(thread.history()[0], label="Start")
    return thread


@pytest.mark.bot_settings(reminder_delay_minutes=0, reminder_check_seconds=60, board_images=False)
async def test_unreadable_game_is_told_once_and_others_are_still_reminded(
    world: World, simcord_bot: CivBot
) -> None:
    broken = await _started_duel(world, world.alice)
    healthy = await _started_duel(world, world.carol)
    info = await simcord_bot.service.game_for_thread(broken.id)
    store = simcord_bot.store
    assert info is not None and isinstance(store, SqlStore)
    broken_id = info.id
    async with store.backend.transaction() as cur:
        await cur.execute("UPDATE snapshots SET state = '{}' WHERE game_id = ?", broken_id)
    simcord_bot.service._states.clear()  # as after a restart: the snapshot must be read
    for _ in range(3):
        await world.env.advance_time(61)
    told = [m for m in texts(broken) if "cannot be read" in m]
    assert len(told) == 1 and f"#{broken_id}" in told[0]
    assert not any(m.startswith("⏰") for m in texts(broken))
    assert len([m for m in texts(healthy) if m.startswith("⏰")]) == 1
    assert simcord_bot.service.unreadable_games.keys() == {broken_id}
