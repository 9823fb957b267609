"""A question raised by a seat's own answer is asked anew (issue "Defects first" #5).

The short game's keep question (book L2237-L2239, ruling C11) goes to every player at once
when Age I ends, which happens in the current player's own end of turn: that seat is asked
too, outside its turn panel. It must be told like the others (mentioned in the thread), and
its clock (reminder, deadline) must start from that question, not from its turn's start.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pytest

from engines.tta.engine import TtaEngine
from engines.tta.state import TtaState
from tests.bot.bot_harness import Factory, World
from tests.bot.bot_helpers import pinged_since
from tests.bot.sw_driver import open_game
from tests.bot.test_tta_game import GAME_ID, play_script, state_of
from tests.bot.tta_driver import TtaDriver

ENGINE = TtaEngine()


def keep_follows(state: TtaState) -> str | None:
    """An answer of the current seat after which it is asked the keep question (with every
    other player), or None."""
    prompts = ENGINE.prompts(state)
    if len(prompts) != 1 or prompts[0].seat != state.current:
        return None
    for option in prompts[0].options:
        trial = ENGINE.copy(state)
        ENGINE.apply(trial, state.current, option.id)
        asked = {p.seat: p.kind for p in ENGINE.prompts(trial)}
        if asked.get(state.current) == "short_keep" and len(asked) == state.players:
            return option.id
    return None


@pytest.mark.bot_settings(board_images=False, reminder_delay_minutes=600)
async def test_the_seat_whose_discard_ends_age_i_is_asked_its_keep_question_anew(
    world: World, bot_factory: Factory
) -> None:
    now = [1_000_000.0]
    clock: Callable[[], float] = lambda: now[0]  # noqa: E731
    await world.env.restart_bot(bot_factory(clock=clock))
    players = world.members(2)
    thread = await open_game(world.channel, players, "tta", ["mode=short", "reaction_deadline=1h"])
    await play_script(world, bot_factory, players, lambda s: keep_follows(s) is not None,
                      clock=clock)
    bot = bot_factory.bots[-1]
    state = await state_of(bot)
    seat, option = state.current, keep_follows(state)
    assert option is not None
    driver = TtaDriver(world.env, bot_factory.bots, thread, players, random.Random(1))
    now[0] += 50 * 60  # 50 minutes since the seat was last asked something
    mark = max(m.id for m in thread.history())
    await driver.answer_option(seat, option)
    prompts = {p.seat: p for p in await bot.service.prompts(GAME_ID)}
    # (the turn has passed on meanwhile: asked out of turn, on the reaction deadline)
    assert prompts[seat].kind == "short_keep" and prompts[seat].reaction
    version = (await bot.service.get(GAME_ID)).version
    # told: called back like every other seat asked (a new panel message in its DMs)
    dms = driver.stored(players[seat].user.dm_channel)
    assert dms and dms[0].id > mark and driver.carries(seat, driver.waiting[seat][0],
                                                        dms[0].components)
    # its clock starts now
    notices = {n.seat: n for n in await bot.store.turn_notices(math.inf) if n.game_id == GAME_ID}
    assert notices[seat].version == version and notices[seat].mentioned_at == now[0]
    cog = bot.get_cog("AdminCog")
    assert cog is not None
    now[0] += 20 * 60  # past an hour from its turn's start, not from the question
    await cog.reminders.check()  # type: ignore[attr-defined]
    assert (await bot.service.get(GAME_ID)).version == version  # nobody chosen for
    now[0] += 15 * 60  # past half the hour: reminded
    mark = max(m.id for m in thread.history())
    await cog.reminders.check()  # type: ignore[attr-defined]
    reminded = [m for m in thread.history() if m.id > mark and "reminder" in m.content.lower()
                or m.id > mark and players[seat].mention in m.content]
    assert reminded, [m.content for m in thread.history() if m.id > mark]
    now[0] += 30 * 60  # an hour after the question: the bot keeps an event for it
    await cog.reminders.check()  # type: ignore[attr-defined]
    assert seat not in {p.seat for p in await bot.service.prompts(GAME_ID)
                        if p.kind == "short_keep"}


@pytest.mark.slow
@pytest.mark.bot_settings(board_images=False)
async def test_every_question_of_its_own_is_mentioned_and_starts_its_clock(
    world: World, bot_factory: Factory
) -> None:
    """Over a random full game at three players: whenever a seat gets a new question that
    is not its turn going on on its panel (a reaction, a defence, a bid, an event's
    question, the keep question — whoever's answer raised it, its own included), its turn
    notice is recorded then, and, unless it follows the seat's own answer (its panel,
    edited through its click) or comes back to the seat whose turn it is (its panel showed
    whom it waited for, and is edited: a new message only when a turn begins or a question
    comes out of turn), it is called back: a new panel message in its DMs."""
    players = world.members(3)
    thread = await open_game(world.channel, players, "tta", ["mode=short"])
    driver = TtaDriver(world.env, bot_factory.bots, thread, players, random.Random(11),
                       haste=0.3)
    bot = bot_factory.bots[-1]
    shown: dict[int, str] = {}  # seat -> the question it was last seen asked
    panelled: dict[int, str] = {}  # seat -> the turn its panel last showed a question of
    own: set[str] = set()  # kinds asked as questions of their own after a seat's answer
    for _ in range(400):
        mark = driver.newest_id()
        before = {s: p for s, (p, _pin) in (await driver.questions()).items()}
        if not await driver.step():
            break
        version = (await bot.service.get(GAME_ID)).version
        turn = (await bot.service.view(GAME_ID, None)).table_key  # type: ignore[attr-defined]
        notices = {n.seat: n for n in await bot.store.turn_notices(math.inf)
                   if n.game_id == GAME_ID}
        for seat, (prompt, pinned) in (await driver.questions()).items():
            if shown.get(seat) == pinned:
                continue
            shown[seat] = pinned
            on_panel = prompt.panel and not prompt.reaction
            if on_panel and panelled.get(seat) == turn:
                continue  # its turn goes on on its panel (after its answer, or a rival's)
            if on_panel:
                panelled[seat] = turn
            if seat in before:
                own.add(prompt.kind)
            assert notices[seat].version == version, (seat, prompt.kind)
            if seat in before:
                continue  # right after its own answer: the panel it looks at, edited
            if seat == (await bot.service.view(GAME_ID, None)).current and not prompt.reaction:  # type: ignore[attr-defined]
                continue  # its own turn's panel, which showed whom it waits for: edited
            # called back: a new panel message in its DMs (or a mention in the thread)
            dms = driver.stored(players[seat].user.dm_channel)
            called = bool(dms) and dms[0].id > mark
            assert called or pinged_since(driver.stored(thread), players[seat].user.id, mark), (
                seat, prompt.kind)
    # the keep question follows its asker's own answer; the others follow rivals' answers
    assert "short_keep" in own, own
