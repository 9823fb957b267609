"""The database in trouble, as players meet it: a write lock held by another process (the
press is still answered in time, and told to try again) and a commit whose connection broke
(the player hears it may have been saved and sees the game as it now is, never "nothing was
changed")."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
import simcord

from bot.client import CivBot
from games.storage import OutcomeUnknown
from tests.bot.bot_harness import Factory, World
from tests.bot.bot_helpers import accepted, answer_controls, latest_panel, only_reply, replies
from tests.bot.test_access import forge, setup_table

BUSY = "The database is busy; nothing was changed. Please try again."
MAYBE = "Your answer may have been saved"


@pytest.fixture
def write_lock(bot_factory: Factory) -> Iterator[sqlite3.Connection]:
    """Another process on the bot's database file holding the write lock (released at the
    end, or earlier by the test)."""
    conn = sqlite3.connect(bot_factory.db_path, isolation_level=None)
    try:
        yield conn
    finally:
        if conn.in_transaction:
            conn.rollback()
        conn.close()


def lobby_of(thread: simcord.ChannelHandle) -> Any:
    return thread.history()[0]


async def test_lobby_presses_while_the_database_is_write_locked_are_answered(
    world: World, simcord_bot: CivBot, write_lock: sqlite3.Connection
) -> None:
    await world.alice.slash(world.channel, "game new", game="duel")
    thread = world.channel.threads[-1]
    write_lock.execute("BEGIN IMMEDIATE")

    join = await world.bob.click(lobby_of(thread), custom_id="cb:l:1:join")
    assert join.acknowledged and join.deferred  # answered before the database was touched
    assert only_reply(join).content == BUSY
    option = await world.alice.select(lobby_of(thread), ["wonders=first_game"])
    assert option.deferred and only_reply(option).content == BUSY
    # reads are not held up by the lock: the game is still there to look at
    assert [s.name for s in (await simcord_bot.service.get(1)).seats] == ["alice"]

    write_lock.rollback()
    assert [s.name for s in (await simcord_bot.service.get(1)).seats] == ["alice"]
    again = await world.bob.click(lobby_of(thread), custom_id="cb:l:1:join")
    assert not replies(again)  # the lobby message is the answer
    assert "bob" in (lobby_of(thread).embeds[0].fields[0].value or "")


async def test_an_answer_while_the_database_is_write_locked_is_told_to_try_again(
    world: World, simcord_bot: CivBot, write_lock: sqlite3.Connection
) -> None:
    table = await setup_table(world)
    answer = answer_controls(table.prompt)[0]["custom_id"]
    write_lock.execute("BEGIN IMMEDIATE")
    result = await table.clicker.click(table.prompt, custom_id=answer)
    assert only_reply(result).content == BUSY
    write_lock.rollback()
    assert (await simcord_bot.service.get(1)).version == table.version
    result = await table.clicker.click(table.prompt, custom_id=answer)
    assert accepted(result)  # the panel's own edit acknowledges it


def _lose_the_commit(bot: CivBot, monkeypatch: pytest.MonkeyPatch, *, applied: bool) -> None:
    """The next commit of an answer loses its connection: after it was applied (its reply
    lost) or before."""
    store = bot.service.store
    commit = store.commit_answer

    async def lost(*args: Any, **kwargs: Any) -> None:
        monkeypatch.setattr(store, "commit_answer", commit)  # once
        if applied:
            await commit(*args, **kwargs)
        raise OutcomeUnknown("the connection to PostgreSQL was lost while committing")

    monkeypatch.setattr(store, "commit_answer", lost)


async def test_a_commit_that_may_have_landed_is_told_so_with_the_game_as_it_is(
    world: World, simcord_bot: CivBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await setup_table(world)
    answer = answer_controls(table.prompt)[0]["custom_id"]
    _lose_the_commit(simcord_bot, monkeypatch, applied=True)

    result = await table.clicker.click(table.prompt, custom_id=answer)
    texts = [r.content for r in replies(result)]
    assert texts[0].startswith(MAYBE) and "nothing was changed" not in " ".join(texts)
    assert all(r.ephemeral for r in replies(result))
    # the current state follows: the clicker's view of the game, as it now is
    assert any("game #1" in text for text in texts[1:]), texts
    assert (await simcord_bot.service.get(1)).version == table.version + 1
    # what the game now asks was delivered, as after any answer
    prompt = latest_panel([world.alice, world.bob])
    assert prompt is not None and prompt.id != table.prompt.id
    # the old question lost its buttons; a copy of one pressed again changes nothing
    dms = table.clicker.dm_channel.history()
    assert not answer_controls(next(m for m in dms if m.id == table.prompt.id))
    copy = await forge(simcord_bot, table.clicker, {answer: ""})
    again = await table.clicker.click(copy, custom_id=answer)
    assert "out of date" in only_reply(again).content
    assert (await simcord_bot.service.get(1)).version == table.version + 1


async def test_a_commit_that_did_not_land_is_never_told_nothing_changed_and_can_be_retried(
    world: World, simcord_bot: CivBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await setup_table(world)
    answer = answer_controls(table.prompt)[0]["custom_id"]
    _lose_the_commit(simcord_bot, monkeypatch, applied=False)

    result = await table.clicker.click(table.prompt, custom_id=answer)
    texts = [r.content for r in replies(result)]
    assert texts[0].startswith(MAYBE) and "nothing was changed" not in " ".join(texts)
    assert (await simcord_bot.service.get(1)).version == table.version
    retry = await table.clicker.click(table.prompt, custom_id=answer)
    assert accepted(retry)
    assert (await simcord_bot.service.get(1)).version == table.version + 1
