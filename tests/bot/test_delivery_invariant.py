"""No game ever stalls: after every accepted answer, every seat with an open question has
live components for it (its panel in its DMs, the ephemeral panel "Show my hand / act"
opened, or the "Show my hand" note it was mentioned in), was called back when its turn
began (a new panel message, which notifies, or a mention in the thread when no DM reaches
it), and its turn notice (reminders, deadline) was recorded when the question reached it.

Checked over whole random games of every game at every player count, with injected
failures (the thread lost to a 403, DMs refused) and restarts between a commit and its
delivery."""

from __future__ import annotations

import logging
import math
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
import simcord
from simcord.components import walk_components
from simcord.results import to_discord_message

from bot import ids
from bot.client import CivBot
from bot.delivery.table import BOARD_NOTE, Board, table_key
from bot.sandbox import main as sandbox_main
from engines.core.contract import Prompt
from engines.registry import get_engine
from tests.bot.bot_harness import Factory, World
from tests.bot.bot_helpers import accepted, answer_controls, hand_note, pinged_since
from tests.bot.sw_driver import open_game, replies

PINNED = re.compile(r"cb:[os]:(?P<game>\d+):(?P<pin>\d+|t[0-9a-z]+):(?P<seat>\d+):")
GAME_ID = 1
MISSING_ACCESS = 50001
#: answers played on after an injected failure (whole games: test_every_question_is_delivered)
TAIL = 40


@dataclass
class Table:
    """Drives one game through the bot and checks the delivery invariant after each answer."""

    world: World
    bots: list[CivBot]
    thread: simcord.ChannelHandle
    players: list[simcord.MemberActor]  # by seat
    rng: random.Random
    closed: set[int] = field(default_factory=set)  # seats whose DMs are closed
    thread_ok: bool = True  # False while the thread refuses the bot's posts
    #: replies only one seat sees (follow-ups under its answer, "Show my hand"), newest
    #: last, with who may press them (the user in DMs, the member in the guild)
    ephemeral: dict[int, list[tuple[Any, Any]]] = field(default_factory=dict)
    #: seat -> (pin, newest message id before it was asked, whether its turn began then and
    #: its call (a new panel, a mention) is still to be seen, the game's version when asked)
    asked: dict[int, tuple[str, int, bool, int]] = field(default_factory=dict)
    #: seat -> the stretch of play (``table_key``) it was last asked in: a panel lasts a
    #: stretch, so the first question of a stretch is a new panel message
    stretch: dict[int, str] = field(default_factory=dict)
    answers: int = 0

    @property
    def bot(self) -> CivBot:
        return self.bots[-1]

    def places(self) -> list[simcord.ChannelHandle]:
        return [self.thread, *(p.user.dm_channel for p in self.players)]

    def stored(self, channel: simcord.ChannelHandle) -> list[Any]:
        """The channel's messages as the simulated Discord holds them now, newest first
        (read raw: converting whole histories after every answer would be quadratic)."""
        messages = self.world.env.backend.messages.get(channel.id, {}).values()
        return sorted(messages, key=lambda m: -m.id)

    def newest_id(self) -> int:
        return max((m.id for c in self.places() for m in self.stored(c)[:1]), default=0)

    async def questions(self) -> dict[int, tuple[Prompt, str]]:
        """The seats the game waits on, with their question and its pin (the service's view:
        what the players were supposed to be shown)."""
        info = await self.bot.service.get(GAME_ID)
        if info.status != "active":
            return {}
        asked = [p for p in await self.bot.service.prompts(GAME_ID) if p.blocking]
        pins = await self.bot.delivery.question_pins(info, asked)
        return {p.seat: (p, pins[p.seat]) for p in asked}

    @staticmethod
    def carries(seat: int, pinned: str, rows: list[dict[str, Any]]) -> bool:
        for control in walk_components(rows):
            m = PINNED.match(str(control.get("custom_id", "")))
            if m and int(m["seat"]) == seat and m["pin"] == pinned:
                return True
        return False

    def find(self, seat: int, pinned: str) -> tuple[Any, Any] | None:
        """(message, clicker) of live components answering ``pinned``: a reply only the
        seat sees, else the newest in its DMs, else the newest in the thread."""
        member = self.players[seat]
        for reply, clicker in reversed(self.ephemeral.get(seat, [])):
            if self.carries(seat, pinned, reply.components):
                return reply, clicker
        for channel, clicker in ((member.user.dm_channel, member.user), (self.thread, member)):
            for raw in self.stored(channel):
                if self.carries(seat, pinned, raw.components):
                    return to_discord_message(self.world.env, raw), clicker
        return None

    def hand_note(self, seat: int, since: int) -> Any | None:
        """The newest "Show my hand / act" note mentioning ``seat``, posted after ``since``."""
        raw = hand_note(self.stored(self.thread), self.players[seat].user.id, since)
        return None if raw is None else to_discord_message(self.world.env, raw)

    def mentioned(self, seat: int, since: int) -> bool:
        """Whether the seat was called back after ``since``: a new message in its DMs (a
        new panel notifies; an edit does not) or a thread message that pinged it."""
        member = self.players[seat]
        dms = self.stored(member.user.dm_channel)
        return bool(dms and dms[0].id > since) or pinged_since(
            self.stored(self.thread), member.user.id, since
        )

    async def begins(self, seat: int, prompt: Prompt) -> bool:
        """Whether ``prompt``, asked of a seat that was asked nothing, begins a turn of its
        own (it must be called back, and its turn notice recorded): the first question of
        a stretch of play for it, or a question out of its own turn (a demand, a bid). A
        step of its own turn asked again in the same stretch (after another seat's
        answer) is its panel edited."""
        view: Any = await self.bot.service.view(GAME_ID, None)
        key = str(getattr(view, "table_key", ""))
        if self.stretch.get(seat) != key:
            return True
        info = await self.bot.service.get(GAME_ID)
        if get_engine(info.game).pacing == "turn":
            return not prompt.panel
        current = getattr(view, "current", None)
        return prompt.reaction or (current is not None and current != seat)

    async def check(self, mark: int) -> None:
        """The invariant; ``mark``: the newest message id before the last answer."""
        info = await self.bot.service.get(GAME_ID)
        questions = await self.questions()
        notices = {
            n.seat: n
            for n in await self.bot.store.turn_notices(math.inf)
            if n.game_id == GAME_ID
        }
        for seat in [s for s in self.asked if s not in questions]:
            del self.asked[seat]
        view: Any = await self.bot.service.view(GAME_ID, None)
        for seat, (prompt, pinned) in questions.items():
            known = self.asked.get(seat)
            if known is None or known[0] != pinned:
                begins = known is None and await self.begins(seat, prompt)
                known = self.asked[seat] = (pinned, mark, begins, info.version)
                notice = notices.get(seat)
                assert not known[2] or (notice is not None and notice.version >= info.version), (
                    f"seat {seat}: its turn began without a turn notice"
                )
            _, since, unmentioned, version = known
            live = self.find(seat, pinned) is not None
            told = seat in self.closed and self.hand_note(seat, since) is not None
            assert live or told, f"seat {seat} cannot answer its question {pinned}"
            if unmentioned and (self.thread_ok or seat not in self.closed):
                # checked once: a later edit of the panel must not hide it
                assert self.mentioned(seat, since), f"seat {seat} was not called back"
                self.asked[seat] = (pinned, since, False, version)
            self.stretch[seat] = str(getattr(view, "table_key", ""))
        assert not self.bot.delivery.pending() or not self.thread_ok

    async def owed(self) -> bool:
        """Whether the game still owes a delivery: a question or its call (the ledger), or
        the telling of a committed answer (its board: the database records it)."""
        delivery = self.bot.delivery
        return GAME_ID in delivery.pending() or GAME_ID in await self.bot.service.undelivered()

    async def board_is_current(self) -> None:
        """The live board is the thread's newest message and shows the current stretch."""
        board = Board.load(await self.bot.service.get_note(GAME_ID, BOARD_NOTE))
        assert board is not None
        view: Any = await self.bot.service.view(GAME_ID, None)
        assert board.key == table_key(view)
        newest = next(m for m in self.stored(self.thread) if not m.is_ephemeral)
        assert newest.id == board.message

    async def step(self, *, check: bool = True) -> bool:
        """A random waiting seat answers from where the bot asked it; False once over.
        ``check``: the delivery invariant right after (not when the answer's telling is
        meant to fail)."""
        questions = await self.questions()
        if not questions:
            return False
        mark = self.newest_id()
        seat = self.rng.choice(sorted(questions))
        _prompt, pinned = questions[seat]
        found = self.find(seat, pinned)
        if found is None:
            assert seat in self.closed, f"seat {seat} was not asked anywhere"
            note = self.hand_note(seat, 0)
            assert note is not None
            shown = await self.players[seat].click(note, custom_id=f"cb:h:{GAME_ID}")
            self.ephemeral.setdefault(seat, []).append((replies(shown)[-1], self.players[seat]))
            found = self.find(seat, pinned)
            assert found is not None, f"seat {seat}: Show my hand does not answer {pinned}"
        message, clicker = found
        controls = answer_controls(message)
        control = self.rng.choice(controls)
        if control["type"] == 2:
            result = await clicker.click(message, custom_id=control["custom_id"])
        else:
            value = self.rng.choice(control["options"])["value"]
            result = await clicker.select(message, [value], custom_id=control["custom_id"])
        shown = replies(result)
        # a telling meant to fail (``check`` False) is told "saved, but ..." instead
        saved = not check and any("was saved" in r.content for r in shown)
        assert accepted(result) or saved, [r.content for r in shown]
        # an ephemeral panel (DMs closed) is edited through its click: what it shows now
        self.ephemeral[seat] = [(r, clicker) for r in shown if r.ephemeral and answer_controls(r)]
        self.answers += 1
        if check:
            await self.check(mark)
        return True

    async def play(self, limit: int = 3000, steps: int | None = None) -> int:
        for moves in range(limit if steps is None else steps):
            if not await self.step():
                return moves
        if steps is None:
            raise AssertionError("the game did not end")
        return steps


async def new_table(
    world: World,
    bot_factory: Factory,
    game: str,
    count: int,
    seed: int,
    closed: set[int] | None = None,
    options: list[str] | None = None,
    quiet: set[int] | None = None,
) -> Table:
    """``closed``: seats whose DMs are closed; ``quiet``: seats that turned "DM me on my
    turn" off (``/settings``), told through the same "Show my hand / act" note."""
    bot_factory.renderer = None  # pictures are not what is checked here: keep games fast
    for bot in bot_factory.bots:
        bot.renderer = None
    players = world.members(count)
    for seat in closed or set():
        world.close_dms(players[seat])
    for seat in quiet or set():
        await players[seat].slash(world.channel, "settings", dm_on_turn=False)
    thread = await open_game(world.channel, players, game, options)
    unreached = (closed or set()) | (quiet or set())
    table = Table(world, bot_factory.bots, thread, players, random.Random(seed), unreached)
    await table.check(0)
    return table


def lose_thread(table: Table) -> None:
    """The bot loses access to the thread: every post there fails with 403 Missing Access."""
    table.world.env.inject_error(
        "POST",
        f"/channels/{table.thread.id}/messages",
        status=403,
        code=MISSING_ACCESS,
        message="Missing Access",
        times=None,
    )
    table.thread_ok = False


def heal(table: Table) -> None:
    """Every injected failure ends."""
    table.world.env.backend.faults.clear()
    table.thread_ok = True


def fail_dms(table: Table, seat: int) -> None:
    """Every DM to ``seat`` fails with a server error (not the DMs-closed code)."""
    dm = table.players[seat].user.dm_channel
    table.world.env.inject_error("POST", f"/channels/{dm.id}/messages", status=500, times=None)


async def reminder_pass(table: Table) -> None:
    """One pass of the reminder loop (retries, deadlines, reminders)."""
    cog = table.bot.get_cog("AdminCog")
    assert cog is not None
    await cog.reminders.check()  # type: ignore[attr-defined]


# -- whole random games ------------------------------------------------------------------
GAMES = [
    pytest.param("duel", 2, 1, set(), id="duel-2"),
    pytest.param("duel", 2, 2, {1}, id="duel-2-closed"),
    pytest.param("seven_wonders", 3, 1, set(), id="seven_wonders-3"),
    pytest.param("seven_wonders", 4, 2, {2}, id="seven_wonders-4-closed", marks=pytest.mark.slow),
    pytest.param("seven_wonders", 5, 3, set(), id="seven_wonders-5", marks=pytest.mark.slow),
    pytest.param("seven_wonders", 6, 4, set(), id="seven_wonders-6", marks=pytest.mark.slow),
    pytest.param("seven_wonders", 7, 5, {0}, id="seven_wonders-7-closed", marks=pytest.mark.slow),
    pytest.param("innovation", 2, 1, set(), id="innovation-2", marks=pytest.mark.slow),
    pytest.param("innovation", 3, 2, {1}, id="innovation-3-closed", marks=pytest.mark.slow),
    pytest.param("innovation", 4, 3, set(), id="innovation-4", marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("game", "count", "seed", "closed"), GAMES)
@pytest.mark.bot_settings(board_images=False)
async def test_every_question_is_delivered(
    world: World, bot_factory: Factory, game: str, count: int, seed: int, closed: set[int]
) -> None:
    table = await new_table(world, bot_factory, game, count, seed, closed)
    moves = await table.play()
    assert moves > 10
    assert any("is over" in m.content for m in table.thread.history())
    delivery = table.bot.delivery
    assert not delivery.pending()


QUIET = [
    pytest.param("duel", 2, 2, {1}, id="duel-2-quiet"),
    pytest.param("innovation", 2, 4, {0}, id="innovation-2-quiet"),
    pytest.param("seven_wonders", 3, 1, {2}, id="seven_wonders-3-quiet"),
]


@pytest.mark.parametrize(("game", "count", "seed", "quiet"), QUIET)
@pytest.mark.bot_settings(board_images=False)
async def test_no_dm_for_a_seat_that_turned_them_off(
    world: World, bot_factory: Factory, game: str, count: int, seed: int, quiet: set[int]
) -> None:
    """A seat with "DM me on my turn" off (``/settings``) gets no DM at all, yet every
    question of the whole game reaches it (the thread's calm "your turn" note with
    "Show my hand / act", answered ephemerally), mentioned once; never told its DMs are
    closed."""
    table = await new_table(world, bot_factory, game, count, seed, quiet=quiet)
    moves = await table.play()
    assert moves > 10
    assert any("is over" in m.content for m in table.thread.history())
    assert not table.bot.delivery.pending()
    private = True  # every game asks its questions on DM panels
    for seat in quiet:
        user = table.players[seat].user
        assert table.stored(user.dm_channel) == []  # not one DM
        notes = [m for m in table.stored(table.thread) if user.id in m.ping_user_ids]
        calm = [m for m in notes if "your turn — press **Show my hand / act**" in m.content]
        assert bool(calm) == private
        assert not any("they are closed" in m.content for m in notes)
    others = [p for s, p in enumerate(table.players) if s not in quiet]
    assert any(table.stored(p.user.dm_channel) for p in others) == private


# -- a question answered and asked again ------------------------------------------------
def test_a_question_asked_again_is_a_new_question() -> None:
    """Same options, same words: after the seat answered, it is another question with new
    buttons (the Innovation sandbox stalled at turn 71 on Rocketry's second return), while
    another seat's answer leaves it as it is (7 Wonders: a hand stays answerable)."""
    for game, players in (("innovation", 2), ("seven_wonders", 3)):
        engine = get_engine(game)
        state = engine.new_game(players, 4)
        rng = random.Random(4)
        renewed = kept = 0
        for version in range(1, 120):
            prompts = [p for p in engine.prompts(state) if p.blocking]
            if not prompts:
                break
            before = {p.seat: ids.pin(p.question, version - 1) for p in prompts}
            prompt = rng.choice(prompts)
            state, _ = engine.answer(state, prompt.seat, rng.choice(prompt.options).id)
            after = {p.seat: ids.pin(p.question, version) for p in engine.prompts(state)
                     if p.blocking}
            if prompt.seat in after:  # asked again: never the buttons just pressed
                assert after[prompt.seat] != before[prompt.seat]
                renewed += 1
            kept += sum(after.get(s) == pinned for s, pinned in before.items() if s != prompt.seat)
        assert renewed and (kept or game == "innovation")


@pytest.mark.slow
def test_the_innovation_game_that_stalled_finishes(
    tmp_path: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sandbox game that stalled at turn 71 in every language (one suffices here)."""
    monkeypatch.setenv("BOARD_IMAGES", "false")  # the same game, faster
    argv = ["--auto", "--game", "innovation", "--players", "2", "--seed", "9"]
    assert sandbox_main([*argv, "--language", "zh-TW", "--out", str(tmp_path)]) == 0
    assert "moves;" in capsys.readouterr().out


# -- failed posts ------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["duel", "innovation", "seven_wonders"])
@pytest.mark.bot_settings(board_images=False)
async def test_thread_lost_mid_game(
    world: World, bot_factory: Factory, game: str, caplog: pytest.LogCaptureFixture
) -> None:
    count = 3 if game == "seven_wonders" else 2
    table = await new_table(world, bot_factory, game, count, seed=5)
    await table.play(steps=6)
    before = Board.load(await table.bot.service.get_note(GAME_ID, BOARD_NOTE))
    assert before is not None
    lose_thread(table)
    with caplog.at_level(logging.WARNING, logger="bot.delivery"):
        await table.play(steps=8)  # every question reaches its seat by DM meanwhile
        await reminder_pass(table)  # retried, and not told again
    creator = table.players[0].user.dm_channel
    told = [m for m in creator.history() if "can't post in the thread of game #1" in m.content]
    assert len(told) == 1 and "Missing Access" in told[0].content
    logged = [r for r in caplog.records if "could not post to thread" in r.getMessage()]
    assert len(logged) == 1
    # The thread still owes its board, even when the table came back to a key the last
    # board posted had (Duel's "<age>:<seat>" alternate): that board is another turn's.
    assert await table.owed()
    heal(table)
    await reminder_pass(table)
    assert not await table.owed()
    await table.board_is_current()  # caught up: the board of the stretch being played
    after = Board.load(await table.bot.service.get_note(GAME_ID, BOARD_NOTE))
    assert after is not None and after.message != before.message
    await table.check(table.newest_id())
    await table.play(steps=TAIL)


@pytest.mark.bot_settings(board_images=False)
async def test_failing_dms_fall_back_to_the_hand_button(
    world: World, bot_factory: Factory, caplog: pytest.LogCaptureFixture
) -> None:
    table = await new_table(world, bot_factory, "innovation", 2, seed=3)
    fail_dms(table, 1)
    table.closed.add(1)  # told to use "Show my hand", as with closed DMs
    with caplog.at_level(logging.WARNING, logger="bot.delivery"):
        await table.play(steps=30)
    logged = [r for r in caplog.records if "could not post to dm:" in r.getMessage()]
    assert len(logged) == 1  # once, not once per question


@pytest.mark.bot_settings(board_images=False)
async def test_nothing_reachable_is_retried(world: World, bot_factory: Factory) -> None:
    """The thread and the players' DMs all fail: the answer is kept, the next question
    waits in the ledger and is delivered (and mentioned) by the next pass that can."""
    table = await new_table(world, bot_factory, "innovation", 2, seed=8)
    await table.play(steps=4)
    lose_thread(table)
    for seat in range(2):
        fail_dms(table, seat)
    mark = table.newest_id()
    # A step of the same turn is still shown: the panel is edited through its click.
    # Answer until one needs a new message (a new board, a new panel): it is then owed.
    for _ in range(12):
        questions = await table.questions()
        seat = next(iter(questions))
        found = table.find(seat, questions[seat][1])
        assert found is not None
        message, clicker = found
        before = await table.bot.service.get(GAME_ID)
        result = await clicker.click(message, custom_id=answer_controls(message)[0]["custom_id"])
        assert accepted(result)  # saved, though nobody could be told
        assert (await table.bot.service.get(GAME_ID)).version == before.version + 1
        if await table.owed():
            break
    else:
        raise AssertionError("no answer needed a new message")
    await reminder_pass(table)
    assert await table.owed()  # still unreachable: still owed
    heal(table)
    await reminder_pass(table)
    assert not await table.owed()
    await table.board_is_current()
    await table.check(mark)
    await table.play(steps=TAIL)


@pytest.mark.bot_settings(board_images=False)
async def test_deadline_runs_from_the_delivery(world: World, bot_factory: Factory) -> None:
    """7 Wonders: a turn whose hands could not be delivered is not timed out from the
    previous turn's mention (nobody is chosen for unseen); its hour runs from the delivery."""
    now = [1_000_000.0]
    await world.env.restart_bot(bot_factory(clock=lambda: now[0]))
    table = await new_table(world, bot_factory, "seven_wonders", 3, 2, options=["deadline=1h"])
    while len(await table.questions()) > 1:  # all but one choose
        await table.step()
    (last, (prompt, _pinned)), = (await table.questions()).items()
    sell = next(o for o in prompt.options if o.key == "sell")
    lose_thread(table)
    for seat in range(3):
        fail_dms(table, seat)
    now[0] += 3000
    await table.players[last].slash(table.thread, "play", option=sell.id)  # the turn resolves
    now[0] += 3600  # past an hour from the previous turn's mention
    await reminder_pass(table)
    assert not any("deadline in game #1 passed" in m.content for m in table.thread.history())
    assert len(await table.questions()) == 3  # nobody was chosen for
    heal(table)
    await reminder_pass(table)  # delivered now: the hour starts now
    assert not table.bot.delivery.pending()
    now[0] += 1800
    await reminder_pass(table)
    assert len(await table.questions()) == 3
    now[0] += 1801
    await reminder_pass(table)
    assert any("deadline in game #1 passed" in m.content for m in table.thread.history())


# -- restarts ----------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["duel", "innovation", "seven_wonders"])
@pytest.mark.bot_settings(board_images=False)
async def test_restart_between_commit_and_delivery(
    world: World, bot_factory: Factory, game: str
) -> None:
    count = 3 if game == "seven_wonders" else 2
    table = await new_table(world, bot_factory, game, count, seed=6)
    await table.play(steps=5)
    questions = await table.questions()
    seat = sorted(questions)[0]
    prompt, _pinned = questions[seat]
    showing = {s: table.find(s, p) for s, (_, p) in questions.items() if s != seat}
    mark = table.newest_id()
    # the answer is committed, then the bot dies before telling anyone
    user_id = table.players[seat].user.id
    await table.bot.service.answer(GAME_ID, user_id, prompt.options[0].id)
    await world.env.restart_bot(bot_factory())
    await table.bot.redelivery
    await table.check(mark)
    after = await table.questions()
    for other, found in showing.items():  # what was still showing is not posted again
        if found is not None and other in after and after[other][1] == questions[other][1]:
            again = table.find(other, after[other][1])
            assert again is not None and again[0].id == found[0].id
    await table.play(steps=TAIL)


# -- memory ------------------------------------------------------------------------------
@pytest.mark.bot_settings(board_images=False)
async def test_prompt_lists_pruned_when_games_end(world: World, bot_factory: Factory) -> None:
    table = await new_table(world, bot_factory, "duel", 2, seed=4)
    delivery = table.bot.delivery
    assert delivery.remembers(GAME_ID)
    await table.play()
    assert not delivery.remembers(GAME_ID)
    # an abandoned game too
    await world.alice.slash(world.channel, "game new", game="innovation")
    second = world.channel.threads[-1]
    await world.bob.click(second.history()[0], label="Join")
    await world.alice.click(second.history()[0], label="Start")
    assert delivery.remembers(2)
    await world.alice.slash(second, "game abandon")
    assert not delivery.remembers(2)
