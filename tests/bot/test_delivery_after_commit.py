"""Telling a committed answer is a duty that survives any failure (issue "Defects first" #4).

After an answer is committed, the bot writes its notes (the ledger, open prompt messages,
turn notices, the turn and round notes, the panels) while it tells the table. Each of those
writes is failed in turn, once per answer: the answer stays saved, and the next reminder
pass (or, after a restart, the start-up) delivers every question it left untold, with its
mention and its turn notice, so the game never waits on a question nobody saw.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from games.storage.base import Store
from tests.bot.bot_harness import Factory, World
from tests.bot.sw_driver import open_game
from tests.bot.test_delivery_invariant import GAME_ID, Table, new_table, reminder_pass
from tests.bot.tta_driver import TtaDriver

#: the store's writes a telling makes after the commit
WRITES = ("set_note", "record_mention", "mark_reminded", "mark_delivered")


class FailingWrites:
    """Makes the ``nth`` store write named ``name`` after ``arm`` fail, as a full disk or
    a lock timeout would."""

    def __init__(self, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
        self.target: tuple[str, int] | None = None
        self.count = 0
        self.failed: str | None = None
        for name in WRITES:
            monkeypatch.setattr(store, name, self._wrap(name, getattr(store, name)))

    def _wrap(self, name: str, write: Callable[..., Awaitable[Any]]) -> Callable[..., Any]:
        async def failing(*args: Any, **kwargs: Any) -> Any:
            if self.target is not None and self.target[0] == name:
                self.count += 1
                if self.count == self.target[1]:
                    self.failed = name
                    raise sqlite3.OperationalError("database or disk is full")
            return await write(*args, **kwargs)

        return failing

    def arm(self, name: str, nth: int) -> None:
        self.target, self.count, self.failed = (name, nth), 0, None

    def heal(self) -> None:
        self.target = None


#: the writes failed in turn, one per answer: each kind's first call, and the later notes
#: (the ledger, the open prompt messages, the turn and round notes, the panels)
FAULTS = [("set_note", 1), ("record_mention", 1), ("mark_delivered", 1), ("set_note", 2),
          ("set_note", 3), ("set_note", 4)]


async def fail_each_write(table: Table, faults: FailingWrites, answers: int) -> list[str]:
    """Fail the ``FAULTS`` one at a time after the commits of the next answers (a fault an
    answer did not reach waits for the next); after each failure one reminder pass must
    leave every question delivered, mentioned and its notice recorded. Returns the faults
    never reached in ``answers`` answers."""
    todo = list(FAULTS)
    for _ in range(answers):
        before = await table.bot.service.get(GAME_ID)
        if before.status != "active" or not todo:
            break
        mark = table.newest_id()
        faults.arm(*todo[0])
        assert await table.step(check=False)
        faults.heal()
        assert (await table.bot.service.get(GAME_ID)).version == before.version + 1
        if faults.failed is None:
            await table.check(mark)
            continue
        todo.pop(0)
        assert await table.bot.service.undelivered() == [GAME_ID]
        await reminder_pass(table)
        await table.check(mark)
        assert not await table.bot.service.undelivered()
    return [f"{name} #{nth}" for name, nth in todo]


@pytest.mark.parametrize(
    ("game", "count", "answers"),
    [("duel", 2, 40), pytest.param("innovation", 2, 40, marks=pytest.mark.slow),
     ("seven_wonders", 3, 40)],
)
@pytest.mark.bot_settings(board_images=False)
async def test_a_failed_write_after_a_commit_is_caught_up_by_the_next_pass(
    world: World,
    bot_factory: Factory,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    count: int,
    answers: int,
) -> None:
    table = await new_table(world, bot_factory, game, count, seed=7)
    faults = FailingWrites(table.bot.store, monkeypatch)
    await table.play(steps=3)
    assert await fail_each_write(table, faults, answers) == []
    await table.play()  # and the game goes on to its end


@pytest.mark.bot_settings(board_images=False)
async def test_a_failed_write_then_a_restart_is_caught_up_at_start_up(
    world: World, bot_factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot dies after the failed write (its memory of the duty with it): the database
    still says the answer is untold, and the new process tells it at start-up."""
    table = await new_table(world, bot_factory, "innovation", 2, seed=4)
    await table.play(steps=3)
    faults = FailingWrites(table.bot.store, monkeypatch)
    mark = table.newest_id()
    faults.arm("set_note", 1)
    await table.step(check=False)
    assert faults.failed is not None
    assert await table.bot.service.undelivered() == [GAME_ID]
    await world.env.restart_bot(bot_factory())
    await table.bot.redelivery
    assert not await table.bot.service.undelivered()
    await table.check(mark)
    await table.play(steps=20)


@pytest.mark.bot_settings(board_images=False)
async def test_the_end_of_a_game_is_told_even_when_its_telling_failed(
    world: World, bot_factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last answer's writes fail: the next pass posts the result."""
    table = await new_table(world, bot_factory, "duel", 2, seed=3)
    faults = FailingWrites(table.bot.store, monkeypatch)
    while True:
        info = await table.bot.service.get(GAME_ID)
        prompts = await table.bot.service.prompts(GAME_ID)
        engine = table.bot.service.engine(info.game)
        _info, state = await table.bot.service.load(GAME_ID)
        last = False
        if len(prompts) == 1:
            trial = engine.copy(state)
            # the game ends on this answer whatever is chosen? then fail its telling
            last = all(
                engine.result(engine.answer(trial, p.seat, o.id)[0]) is not None
                for p in prompts
                for o in p.options
            )
        if last:
            break
        assert await table.step()
    faults.arm("set_note", 1)
    await table.step(check=False)
    faults.heal()
    assert (await table.bot.service.get(GAME_ID)).status == "finished"
    assert not any("is over" in m.content for m in table.thread.history())
    await reminder_pass(table)
    assert any("is over" in m.content for m in table.thread.history())
    assert not await table.bot.service.undelivered()


#: Through the Ages' telling writes more notes (the turn note, the status line, each seat's
#: panel with its "Last:" events and private events): the 1st to 5th in turn
TTA_FAULTS = [("record_mention", 1)] + [("set_note", n) for n in range(1, 6)]


@pytest.mark.bot_settings(board_images=False)
async def test_through_the_ages_catches_up_each_failed_write_after_a_commit(
    world: World, bot_factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Turn panels: the answer is committed and told by ``publish`` as a deadline's answer
    would be (no click to edit through); each write of it fails in turn; the next
    reminder pass leaves every seat with a live question and its mention."""
    players = world.members(3)
    thread = await open_game(world.channel, players, "tta")
    driver = TtaDriver(world.env, bot_factory.bots, thread, players, random.Random(5))
    for _ in range(6):
        assert await driver.step()
    bot = driver.bot
    faults = FailingWrites(bot.store, monkeypatch)
    todo = list(TTA_FAULTS)
    for _ in range(60):
        if not todo:
            break
        prompts = await bot.service.prompts(GAME_ID)
        prompt = prompts[0]
        option = driver.rng.choice(
            [o.id for o in prompt.options if o.id not in ("undo", "resign", "resign:confirm")]
        )
        user_id = players[prompt.seat].user.id
        driver.mark = driver.newest_id()
        outcome = await bot.service.answer(GAME_ID, user_id, option)
        faults.arm(*todo[0])
        try:
            await bot.delivery.publish(outcome, before=prompts, actor=prompt.seat)
        except sqlite3.OperationalError:
            assert faults.failed is not None
        faults.heal()
        if faults.failed is None:
            await driver.check_delivered()
            continue
        todo.pop(0)
        assert await bot.service.undelivered() == [GAME_ID]
        await reminder_pass_of(bot)
        assert not await bot.service.undelivered()
        await driver.check_delivered()
    assert not todo, todo
    for _ in range(10):  # and the players go on from what they were shown
        assert await driver.step()


async def reminder_pass_of(bot: Any) -> None:
    cog = bot.get_cog("AdminCog")
    assert cog is not None
    await cog.reminders.check()
