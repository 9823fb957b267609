"""Through the Ages played through the real discord.py client (SimCord): whole first games
(``mode=first``; ``/game new tta`` is the full game) to the final scores, each seat
answering from the components the bot posts (``tta_driver``), with a restart in the middle
of a turn; a peaceful full game; a full game with an aggression, a pact, a war and a
resignation; an undo; a colonization auction among three players; an event asking everyone
at once; a reaction deadline; and closed DMs.

Every answer also checks the delivery invariant (``TtaDriver.check_delivered``): each seat
with an open question can answer it and has been mentioned. The points a test needs (an
auction, an event for everyone) are reached by playing the engine
itself from the game's stored state with a seeded random policy, then answering those
moves through the service, and restarting the bot: its start-up redelivery asks the
questions (the same path as a crash between a commit and its delivery).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.client import CivBot
from bot.sandbox import Sandbox
from engines.core.contract import Event
from engines.core.playout import avoided
from engines.tta import catalogue, colonization
from engines.tta.engine import TtaEngine
from engines.tta.facts import KIND
from engines.tta.state import TtaState
from tests.bot.bot_harness import Factory, World
from tests.bot.sw_driver import open_game
from tests.bot.tta_driver import Knowledge, TtaDriver, military_names, unknown_names

GAME_ID = 1


def bot_messages(channel: simcord.ChannelHandle) -> list[Any]:
    return [m for m in channel.history() if m.author.bot]


async def state_of(bot: CivBot) -> TtaState:
    _, state = await bot.service.load(GAME_ID)
    assert isinstance(state, TtaState)
    return state


def final_scores(thread: simcord.ChannelHandle) -> str:
    """The result, on the final board (its title, then the result's lines)."""
    over = [m.content for m in thread.history() if "\n🏁" in m.content]
    assert len(over) == 1, over
    return over[0]


async def assert_scores_posted(
    bot: CivBot, thread: simcord.ChannelHandle, names: list[str]
) -> None:
    """The thread's last word: every seat with the engine's final total, winner first."""
    info, state = await bot.service.load(GAME_ID)
    assert info.status != "active"
    result = TtaEngine().result(state)
    assert result is not None
    text = final_scores(thread)
    for score in result.scores:
        assert re.search(rf"\*\*{names[score.seat]}\*\* — {score.total} points", text), text
    assert f"Winner: {names[result.winners[0]]}" in text


async def restart_mid_turn(world: World, bot_factory: Factory, driver: TtaDriver) -> None:
    """Plays on until a seat has taken an action of its turn and has more to take, restarts
    the bot there, and checks that its panel is the same message, edited and not sent again,
    before and after its next answer."""
    for _ in range(400):
        state = await state_of(driver.bot)
        questions = await driver.questions()
        asked = questions.get(state.current)
        if (state.round >= 2 and state.undo.answers and asked is not None
                and asked[0].kind == "action" and len(questions) == 1):
            break
        assert await driver.step()
    else:
        raise AssertionError("no turn with an action taken")
    seat = state.current
    dms = driver.players[seat].user.dm_channel
    panel = driver.find(seat, asked[1])
    assert panel is not None and panel[0].channel.id == dms.id  # the turn's panel, in DMs
    before = len(bot_messages(dms))
    await world.env.restart_bot(bot_factory())
    await driver.bot.redelivery
    assert len(bot_messages(dms)) == before  # not sent again
    again = await driver.questions()
    assert again[seat][1] == asked[1]
    assert driver.find(seat, asked[1])[0].id == panel[0].id  # type: ignore[index]
    assert await driver.step(seat=seat, keep_turn=True)
    after = await driver.questions()
    if seat in after and after[seat][0].kind == "action":  # still its turn: the same panel
        found = driver.find(seat, after[seat][1])
        assert found is not None and found[0].id == panel[0].id
        assert len(bot_messages(dms)) == before


async def whole_game(
    world: World, bot_factory: Factory, count: int, seed: int, closed: frozenset[int] = frozenset()
) -> TtaDriver:
    players = world.members(count)
    for seat in closed:
        world.close_dms(players[seat])
    thread = await open_game(world.channel, players, "tta", ["mode=first"])
    driver = TtaDriver(world.env, bot_factory.bots, thread, players, random.Random(seed),
                       haste=0.3)
    await restart_mid_turn(world, bot_factory, driver)
    await driver.play()
    await assert_scores_posted(driver.bot, thread, [p.name for p in players])
    assert not driver.leaks, driver.leaks[:3]
    # every question came with components: no answer had to be typed with /play
    assert not driver.fallbacks, driver.fallbacks
    assert driver.used["menu"] and driver.used["button"] and driver.used["confirm"]
    assert {"action", "politics", "discard"} <= set(driver.kinds)
    return driver


# -- 1-2. whole first games -------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.bot_settings(board_images=False)
async def test_a_first_game_at_two_players_to_the_final_scores(
    world: World, bot_factory: Factory, simcord_bot: CivBot
) -> None:
    """Join, Start, every question answered from the bot's components, a restart in the
    middle of a turn (the panel edited, never duplicated), the final scores in the thread,
    no military card named there while it is hidden."""
    await whole_game(world, bot_factory, 2, seed=1)


@pytest.mark.slow
@pytest.mark.bot_settings(board_images=False)
async def test_a_first_game_at_four_players_to_the_final_scores(
    world: World, bot_factory: Factory, simcord_bot: CivBot
) -> None:
    """The same at four players (more events, auctions and colonies)."""
    await whole_game(world, bot_factory, 4, seed=2)


@pytest.mark.slow
@pytest.mark.bot_settings(board_images=False)
async def test_a_first_game_at_three_players_with_closed_dms(
    world: World, bot_factory: Factory, simcord_bot: CivBot
) -> None:
    """Three players, one of them with closed DMs, who plays every turn from the ephemeral
    panel of "Show my hand / act": the delivery invariant holds after every answer."""
    driver = await whole_game(world, bot_factory, 3, seed=3, closed=frozenset({1}))
    assert driver.used["hand"]


# -- 2b. a whole peaceful full game ---------------------------------------------------------
#: "Final scoring — <what>: <rest>." (``impact_scored`` with ``final``, ``final_scored``)
FINAL_LINE = re.compile(r"^Final scoring — (?P<what>[^:]+): (?P<rest>.+)\.$")
#: one seat's culture in an impact line ("alice +14", "bob −2": some impacts cost culture)
SEAT_CULTURE = re.compile(r"(?P<name>\w+) (?P<sign>[+−])(?P<n>\d+)")


def thread_lines(thread: simcord.ChannelHandle) -> list[str]:
    """Every line the bot posted in the thread, oldest first (a board's moves without their
    bullets)."""
    return [line.removeprefix("• ") for m in sorted(bot_messages(thread), key=lambda m: m.id)
            for line in m.content.splitlines()]


def final_scoring_told(lines: list[str], names: list[str]) -> tuple[list[int], list[int]]:
    """The culture each seat got, told in the thread's final scoring lines: from the Age III
    events' impacts and from the lines after them (Bill Gates…); checks their order: every
    impact before every other line, all of them before the result ("🏁")."""
    over = next(i for i, line in enumerate(lines) if line.startswith("🏁"))
    impacts, others = [0] * len(names), [0] * len(names)
    kinds: list[str] = []
    for i, line in enumerate(lines):
        found = FINAL_LINE.match(line)
        if found is None:
            continue
        assert i < over, line  # told before the result
        if found["what"] in names:  # "Final scoring — bob: Bill Gates +12 culture points."
            seat = names.index(found["what"])
            others[seat] += int(re.search(r"\+(\d+) culture", found["rest"])[1])  # type: ignore[index]
            kinds.append("line")
        else:  # "Final scoring — Impact of Science: alice +14, bob +7, carol +0."
            told = {m["name"]: int(m["n"]) * (-1 if m["sign"] == "−" else 1)
                    for m in SEAT_CULTURE.finditer(found["rest"])}
            assert list(told) == names, line  # every seat, in seat order
            for seat, name in enumerate(names):
                impacts[seat] += told[name]
            kinds.append("impact")
    assert kinds == sorted(kinds), kinds  # "impact" < "line": the events first
    return impacts, others


@pytest.mark.slow
@pytest.mark.bot_settings(board_images=False)
async def test_a_peaceful_full_game_at_three_players_to_the_final_scoring(
    world: World, bot_factory: Factory, simcord_bot: CivBot
) -> None:
    """The lobby's ``mode=peaceful`` (L2249-L2255): Ages A-III, then Age IV's last round
    (L1946-L1949), every question answered from the bot's components with a restart
    mid-turn; the thread tells the final scoring line by line (each Age III event left in
    the event decks, L2081-L2101, then Bill Gates), their culture adding up to the
    result's breakdown, then the result naming the winner; no hidden card leaks.

    To keep the test near half a minute, Age I is played through the service (the
    engine's own random moves, then a restart: the start-up redelivery asks the open
    questions, as after a crash), the rest through the bot's components."""
    players = world.members(3)
    names = [p.name for p in players]
    thread = await open_game(world.channel, players, "tta", ["mode=peaceful"])
    state = await state_of(simcord_bot)
    assert state.mode == "peaceful" and not state.global_conflict
    assert state.civil_decks[3] and state.military_decks[3]  # Age III is a full age
    driver = TtaDriver(world.env, bot_factory.bots, thread, players, random.Random(8),
                       haste=0.3)
    await restart_mid_turn(world, bot_factory, driver)
    await play_script(world, bot_factory, players,
                      lambda st: st.age == 2 and st.interrupt is None)
    driver = TtaDriver(world.env, bot_factory.bots, thread, players, random.Random(9),
                       haste=0.3)
    await driver.play()
    await assert_scores_posted(driver.bot, thread, names)
    assert not driver.leaks, driver.leaks[:3]
    assert not driver.fallbacks, driver.fallbacks
    assert {"action", "politics", "discard"} <= set(driver.kinds)
    lines = thread_lines(thread)
    assert "Age III begins." in lines and any(
        line == "Age IV begins: no new cards from now on; the game ends after the last round."
        for line in lines)
    state = await state_of(driver.bot)
    impacts, others = final_scoring_told(lines, names)
    assert impacts == [f["age_iii_events"] for f in state.final]
    assert others == [sum(v for k, v in f.items()
                          if k not in ("culture_before", "age_iii_events", "total"))
                      for f in state.final]
    assert any(FINAL_LINE.match(line) for line in lines), "no final scoring line"
    for f in state.final:
        assert f["total"] == f["culture_before"] + f["age_iii_events"] + sum(
            v for k, v in f.items() if k not in ("culture_before", "age_iii_events", "total"))


# -- 3. the moments in between ----------------------------------------------------------------
def script_to(
    state: TtaState, goal: Callable[[TtaState], bool], tries: int = 300
) -> list[tuple[int, str]]:
    """Moves (seat, option id) from ``state`` to a state meeting ``goal``, found by playing
    the engine with seeded random policies (deterministic: the same moves reach it again);
    like the engine's random players, they never resign (``playout_avoid``)."""
    engine = TtaEngine()
    for seed in range(tries):
        rng = random.Random(seed)
        current = engine.copy(state)
        moves: list[tuple[int, str]] = []
        while engine.result(current) is None:
            if goal(current):
                return moves
            prompt = rng.choice(engine.prompts(current))
            option = rng.choice([o.id for o in prompt.options if o.id != "undo"
                                 and not avoided(o.id, engine.playout_avoid)])
            engine.apply(current, prompt.seat, option)
            moves.append((prompt.seat, option))
    raise AssertionError("no random game reaches the goal")


async def play_script(
    world: World, bot_factory: Factory, players: list[simcord.MemberActor],
    goal: Callable[[TtaState], bool], clock: Callable[[], float] | None = None,
) -> int:
    """Answers the scripted moves through the service, then restarts the bot, whose
    start-up redelivery asks the questions now open; the id of the thread's newest message
    before that."""
    bot = bot_factory.bots[-1]
    thread = world.channel.threads[-1]
    mark = max(m.id for m in thread.history())
    for seat, option in script_to(await state_of(bot), goal):
        await bot.service.answer(GAME_ID, players[seat].user.id, option)
    await world.env.restart_bot(bot_factory(clock=clock))
    await bot_factory.bots[-1].redelivery
    assert goal(await state_of(bot_factory.bots[-1]))
    return mark


def auction_for_all(state: TtaState) -> bool:
    """A territory is up for auction and every player has a unit to send (all are asked)."""
    prompts = TtaEngine().prompts(state)
    return (any(p.kind == "bid" for p in prompts) and state.players >= 3
            and all(colonization.unit_cards(civ) for civ in state.civs))


def everyone_asked(state: TtaState) -> bool:
    """An event's question is open to every seat at once."""
    prompts = TtaEngine().prompts(state)
    return len({p.seat for p in prompts}) == state.players and any(p.reaction for p in prompts)


@pytest.mark.bot_settings(board_images=False)
async def test_an_undo_from_the_panel_takes_the_action_back(
    world: World, simcord_bot: CivBot
) -> None:
    """Round 1: a card taken from the panel's menu, then Undo: the row and the hand are as
    before, the panel is the same DM message, the thread never heard of the take."""
    players = world.members(2)
    thread = await open_game(world.channel, players, "tta")
    driver = TtaDriver(world.env, [simcord_bot], thread, players, random.Random(3))
    before = await state_of(simcord_bot)
    seat = before.current
    prompt, pinned = (await driver.questions())[seat]
    assert prompt.kind == "action" and prompt.layout == "panel"
    dms = players[seat].user.dm_channel
    panel, clicker = driver.find(seat, pinned)  # type: ignore[misc]
    menu = next(c for c in driver.controls(panel, seat) if c["custom_id"].startswith("cb:g:"))
    take = next(o["value"] for o in menu["options"] if not o["value"].startswith("&"))
    await clicker.select(panel, [take], custom_id=menu["custom_id"])
    taken = await state_of(simcord_bot)
    assert taken.civs[seat].hand != before.civs[seat].hand and taken.undo.answers
    prompt, pinned = (await driver.questions())[seat]
    assert "undo" in {o.id for o in prompt.options}
    panel, clicker = driver.find(seat, pinned)  # type: ignore[misc]
    undo = next(c for c in driver.controls(panel, seat) if c["custom_id"].endswith(":=undo"))
    await clicker.click(panel, custom_id=undo["custom_id"])
    after = await state_of(simcord_bot)
    assert after.row == before.row and after.civs[seat].hand == before.civs[seat].hand
    assert (await simcord_bot.service.get(GAME_ID)).version == 2
    assert len(bot_messages(dms)) == 1  # one panel, edited in place
    assert (await driver.questions())[seat][0].kind == "action"  # the turn goes on
    card = next(c for c in taken.civs[seat].hand if c not in before.civs[seat].hand)
    name = catalogue.name(card)
    assert not any(name in m.content for m in thread.history())  # provisional: DMs only


@pytest.mark.bot_settings(board_images=False)
async def test_a_colonization_auction_asks_three_bidders_through_the_bot(
    world: World, bot_factory: Factory, simcord_bot: CivBot
) -> None:
    """A territory revealed with three players able to bid: each is asked in turn (a private
    number question in its DMs), answers from its components, and the thread says who
    colonizes (or that nobody does)."""
    players = world.members(3)
    thread = await open_game(world.channel, players, "tta")
    await play_script(world, bot_factory, players, auction_for_all)
    driver = TtaDriver(world.env, bot_factory.bots, thread, players, random.Random(4))
    bidders: set[int] = set()
    while (await state_of(driver.bot)).interrupt is not None:
        questions = await driver.questions()
        bidders |= {s for s, (p, _) in questions.items() if p.kind == "bid"}
        assert questions and await driver.step()
    assert bidders == {0, 1, 2}
    assert driver.kinds["bid"] >= 3 and not driver.fallbacks
    log = "\n".join(m.content for m in thread.history())
    assert "colonizes" in log or "unclaimed" in log or "nobody" in log.lower(), log[-600:]
    assert not driver.leaks
    await plants_leaks(driver, players)


async def plants_leaks(driver: TtaDriver, players: list[simcord.MemberActor]) -> None:
    """The leak check itself (``TtaDriver.check_hidden``): a card named in the thread the
    table was never shown, or in a seat's DMs one that seat was never shown, is caught —
    here written by the players, or edited into the bot's own DM by the test — also in
    the shapes of the lines it once flagged wrongly (issue "Defects first" 9): an
    aggression named to a seat it was not played against, a line edited into a DM
    message that was already read (a turn panel's "Last: You draw: ..."). The lines
    naming what their reader was shown are not flagged, nor read again once edited."""
    state = await state_of(driver.bot)
    knowledge = driver.knowledge
    held = {card for civ in state.civs[1:] for card in civ.military}  # bob's and carol's
    hidden = [n for n, cards in unknown_names(knowledge.of(None)).items() if held & set(cards)]
    assert hidden, "bob and carol hold no military card by the first auction"
    await players[0].send(driver.thread, f"I think someone holds {hidden[0]}")
    secret = [n for n, cards in unknown_names(knowledge.of(0)).items() if held & set(cards)]
    assert secret, "bob and carol hold no military card alice was never shown"
    await players[0].send_dm(f"bob has {secret[0]}")
    # an aggression alice was never shown, all its cards still in a military deck
    decks = {card for deck in state.military_decks for card in deck}
    aggression = next((n for n, cards in unknown_names(knowledge.of(0)).items()
                       if set(cards) <= decks and KIND[cards[0]] == "aggression"), None)
    assert aggression, "every aggression has left the decks by the first auction"
    await players[0].send_dm(f"bob plays {aggression} against you")
    await driver.check_hidden()
    assert len(driver.leaks) == 3, driver.leaks
    assert caught(driver) == {f"the thread: I think someone holds {hidden[0]}",
                              f"seat 0's DMs: bob has {secret[0]}",
                              f"seat 0's DMs: bob plays {aggression} against you"}
    assert any(aggression in leak and "in a military deck" in leak for leak in driver.leaks)
    # the bot's newest DM to alice edited in place, as her turn panel is: its lines are not
    # judged again, the line edited in is: a card she was shown alone is not flagged, best
    # one she no longer holds while a card of its name is hidden from her (the false leak
    # the check once reported), one bob or carol holds is
    alice = players[0].user
    raw = next(m for m in driver.stored(alice.dm_channel) if m.author_id != alice.id)
    ids = military_names()[1]

    def preferred(card: str) -> tuple[bool, bool, bool]:
        copies = set(ids[catalogue.name(card)])
        return (card in state.civs[0].military, held.isdisjoint(copies), decks.isdisjoint(copies))

    shown = sorted(knowledge.seats[0] - knowledge.of(None), key=preferred)
    assert shown, "alice was shown no military card by the first auction"
    mine = catalogue.name(shown[0])
    driver.leaks.clear()
    driver.env.backend.edit_message(raw.channel_id, raw.id, {
        "content": f"{raw.content}\nLast: You draw: {mine}, {secret[-1]}."})
    await driver.check_hidden()
    assert len(driver.leaks) == 1 and driver.leaks[0].startswith(f"{secret[-1]} ("), driver.leaks
    assert caught(driver) == {f"seat 0's DMs: Last: You draw: {mine}, {secret[-1]}."}


def caught(driver: TtaDriver) -> set[str]:
    """Where each leak the driver caught was and its line ("seat 0's DMs: bob has ...")."""
    return {leak.split(") in ", 1)[1] for leak in driver.leaks}


def test_the_leak_check_judges_a_name_by_what_its_reader_was_shown() -> None:
    """The two lines the leak check once flagged wrongly (issue "Defects first" 9), on a
    new game's state changed by hand, followed as ``Knowledge`` follows a game: a card a
    seat was shown stays known after it moved, also with a card of the same name now
    hidden from it (its turn panel, edited later, still says "Last: You draw: Plunder");
    an aggression played face up is known to all, its defender included. A name no card
    of which a reader was shown stays unknown to it (``plants_leaks``: such lines are
    caught)."""
    engine = TtaEngine()
    state = engine.new_game(3, 7, {"mode": "full"})
    knowledge = Knowledge(seats={0: set(), 1: set(), 2: set()})
    first, second = military_names()[1]["Plunder"][:2]  # one name, two ages
    state.civs[0].military.append(first)  # alice draws a Plunder
    knowledge.see(engine, state, [], 0)
    state.civs[0].military.remove(first)  # she discards it; bob draws the other one
    state.civs[1].military.append(second)
    knowledge.see(engine, state, [], 1)
    assert "Plunder" not in unknown_names(knowledge.of(0))
    assert "Plunder" in unknown_names(knowledge.of(2))  # carol was never shown one
    assert "Plunder" in unknown_names(knowledge.of(None))
    # bob plays it against carol: face up, the thread and every seat may name it
    state.civs[1].military.remove(second)
    played = Event(kind="aggression", seat=1, params={"card": second, "target_seat": 2})
    knowledge.see(engine, state, [played], 1)
    assert not any("Plunder" in unknown_names(knowledge.of(s)) for s in (None, 0, 1, 2))


@pytest.mark.bot_settings(board_images=False)
async def test_an_event_asks_every_player_at_once(
    world: World, bot_factory: Factory, simcord_bot: CivBot
) -> None:
    """A revealed event asks all three seats at once: each is asked on its panel (those out
    of turn called back by a new one) and can answer from where it was asked, in any order,
    and the event's outcome reaches the thread."""
    players = world.members(3)
    # the first game: its events tell each seat's gain in the same words ("bob: +2 food")
    thread = await open_game(world.channel, players, "tta", ["mode=first"])
    mark = await play_script(world, bot_factory, players, everyone_asked)
    driver = TtaDriver(world.env, bot_factory.bots, thread, players, random.Random(5))
    questions = await driver.questions()
    assert set(questions) == {0, 1, 2}
    questions_text: list[str] = []
    for seat, (_prompt, pinned) in questions.items():  # each can answer where it was asked
        found = driver.find(seat, pinned)
        assert found is not None, seat
        questions_text.append(found[0].content)
    state = await state_of(driver.bot)
    for seat, member in enumerate(players):  # those asked out of turn: a new panel message
        if seat != state.current:
            dms = driver.stored(member.user.dm_channel)
            assert dms and dms[0].id > mark, member.name
    version = (await driver.bot.service.get(GAME_ID)).version
    event = state.revealed
    assert event is not None
    # out of turn, the event of the seat whose turn it is asks ("Ana's event … asks you")
    source = f"{players[state.current].name}'s event {catalogue.name(event)} asks you"
    for seat, (_prompt, pinned) in questions.items():
        if seat != state.current:
            found = driver.find(seat, pinned)
            assert found is not None and source in found[0].content, seat
    seen = {line for m in thread.history() for line in m.content.splitlines()}
    for seat in (2, 0, 1):  # not in seat order: the answers are independent
        assert await driver.step(seat=seat)
    assert (await driver.bot.service.get(GAME_ID)).version == version + 3
    assert not driver.fallbacks and not driver.leaks
    assert (await state_of(driver.bot)).revealed != event  # resolved
    # told on the board (edited, or the next one): the lines new in the thread
    told = [line for m in thread.history() for line in m.content.splitlines()
            if line not in seen]
    told = [line.removeprefix("• ") for line in told]
    for member in players:  # what the event did to each ("bob: +2 food.")
        assert any(line.startswith(f"{member.name}: ") for line in told), told
    for text in questions_text:  # each question names the event that asks it
        assert catalogue.name(event) in text, text


@pytest.mark.bot_settings(board_images=False, reminder_check_seconds=60)
async def test_a_reaction_deadline_answers_for_the_late_seats(
    world: World, bot_factory: Factory
) -> None:
    """With a reaction deadline of 1 hour and none for turns: two hours after an event asked
    everyone, the reminder pass answers for the seats asked out of turn (each told so in the
    thread) and leaves the current seat's question open."""
    now = [1_000_000.0]
    clock: Callable[[], float] = lambda: now[0]  # noqa: E731
    await world.env.restart_bot(bot_factory(clock=clock))
    players = world.members(3)
    thread = await open_game(world.channel, players, "tta", ["reaction_deadline=1h"])
    await play_script(world, bot_factory, players, everyone_asked, clock=clock)
    bot = bot_factory.bots[-1]
    asked = await bot.service.prompts(GAME_ID)
    late = {p.seat for p in asked if p.reaction}
    assert late
    version = (await bot.service.get(GAME_ID)).version
    now[0] += 2 * 3600
    cog = bot.get_cog("AdminCog")
    assert cog is not None
    await cog.reminders.check()  # type: ignore[attr-defined]
    left = {p.seat for p in await bot.service.prompts(GAME_ID)}
    assert not late & left  # the bot chose for every late seat ...
    assert (await bot.service.get(GAME_ID)).version == version + len(late)
    passed = [m.content for m in thread.history() if m.content.startswith("⌛")]
    assert sorted(passed) == sorted(
        f"⌛ {players[s].mention}, your deadline in game #1 passed: I chose for you." for s in late
    )
    # ... and the seat whose turn it is, without a turn deadline, still has its question
    current = (await state_of(bot)).current
    assert current not in late and current in left


@pytest.mark.bot_settings(board_images=False)
async def test_closed_dms_play_from_the_ephemeral_panel(
    world: World, bot_factory: Factory, simcord_bot: CivBot
) -> None:
    """Bob refuses DMs: his questions reach him through "Show my hand / act" in the thread,
    whose private reply carries the panel he answers from."""
    players = world.members(2)
    world.close_dms(players[1])
    thread = await open_game(world.channel, players, "tta")
    driver = TtaDriver(world.env, bot_factory.bots, thread, players, random.Random(6), haste=0.3)
    while driver.used["hand"] < 3:  # bob's questions, from "Show my hand / act" three times
        assert await driver.step()
    assert not driver.fallbacks and not driver.leaks
    assert not bot_messages(players[1].user.dm_channel)  # every DM refused: nothing there
    assert driver.kinds["action"] >= 2


# -- the sandbox's automatic players ----------------------------------------------------------
@pytest.mark.slow
@pytest.mark.bot_settings(board_images=False)
async def test_the_sandbox_plays_a_whole_game(simcord_env: simcord.Env, tmp_path: Path) -> None:
    """``python -m bot sandbox --auto --game tta``: its players press what they see (the
    panel's grouped menus, buttons and Confirm) until the final scores."""
    out: list[str] = []
    box = Sandbox(simcord_env, tmp_path, out.append)
    moves = await box.auto(seed=3, language=None, game="tta", players=2)
    assert moves > 40
    assert any("is over" in line for line in out)


# -- 4. the full game: aggression, pact, war, resignation (issue 10) --------------------------
def asked_kind(kind: str, by_age: int = 4) -> Callable[[TtaState], bool]:
    """A question of ``kind`` is open (to any seat), by Age ``by_age`` at the latest."""
    return lambda st: st.age <= by_age and any(p.kind == kind for p in TtaEngine().prompts(st))


def offered(key: str, by_age: int = 4) -> Callable[[TtaState], bool]:
    """The current seat's political phase offers an option of ``key`` (by ``by_age``)."""
    return lambda st: st.age <= by_age and any(
        p.kind == "politics" and any(o.key == key for o in p.options)
        for p in TtaEngine().prompts(st))


def in_dms(driver: TtaDriver, seat: int, pinned: str) -> Any:
    """The message ``seat`` answers ``pinned`` from: in its DMs."""
    found = driver.find(seat, pinned)
    assert found is not None, seat
    assert found[0].channel.id == driver.players[seat].user.dm_channel.id, found[0].channel
    return found[0]


def after(driver: TtaDriver, seed: int, haste: float) -> TtaDriver:
    """A driver for the questions the start-up redelivery asked after a script (a new turn
    for the delivery invariant, as at the start), that has read the lines ``driver`` read
    (each judged once, when it appeared) and goes on from what ``driver`` knew each reader
    was shown (the script's answers are replayed at its first check)."""
    return TtaDriver(driver.env, driver.bots, driver.thread, driver.players,
                     random.Random(seed), haste=haste, checked=driver.checked,
                     knowledge=driver.knowledge)


def told_since(thread: simcord.ChannelHandle, mark: int) -> list[str]:
    """The thread's lines from the board that was live at message ``mark`` on (it gains
    its stretch's moves by edits), a board's moves without their bullets."""
    posted = sorted(bot_messages(thread), key=lambda m: m.id)
    live = max((m.id for m in posted if m.id <= mark), default=0)  # the board then
    return [line.removeprefix("• ") for m in posted if m.id >= live
            for line in m.content.splitlines()]


@pytest.mark.slow
@pytest.mark.bot_settings(board_images=False)
async def test_a_full_game_at_four_players_with_conflict_and_a_resignation(
    world: World, bot_factory: Factory, simcord_bot: CivBot
) -> None:
    """``/game new tta`` is the full game (L1936-L2111): an aggression defended from the
    defender's DMs (bonus cards, discards, done), a pact offered and accepted by the
    partner (a public question: in the thread, mentioning them), a war declared from the
    panel and resolved at the declarer's next turn (told in the thread), then a player
    resigns from the panel (Other → Resign → the engine's question → the panel's
    confirmation, L2066-L2073) and the three others play on to the final scoring, the
    resigned seat never asked again and ranked last.

    The situations are reached as the other tests reach theirs (the engine's random moves
    through the service, then a restart: the start-up redelivery asks the open questions);
    every answer in between is pressed on the bot's components, with the delivery
    invariant and the leak checks after each."""
    players = world.members(4)
    names = [p.name for p in players]
    thread = await open_game(world.channel, players, "tta")
    assert (await state_of(simcord_bot)).mode == "full"
    leaks: list[str] = []

    # an aggression: its target defends from its DMs
    mark = await play_script(world, bot_factory, players, asked_kind("defend", by_age=2))
    driver = TtaDriver(world.env, bot_factory.bots, thread, players, random.Random(21),
                       haste=0.5)
    questions = await driver.questions()
    defender = next(s for s, (p, _) in questions.items() if p.kind == "defend")
    prompt, pinned = questions[defender]
    assert prompt.reaction and prompt.private
    attacker = prompt.params["attacker_seat"]
    # told which aggression: the card was played face up (not a leak, issue "Defects
    # first" 9, also once the question is asked again with the defense added)
    aggression = catalogue.name(prompt.params["card"])
    assert (f"{names[attacker]} plays {aggression} against you"
            in in_dms(driver, defender, pinned).content)
    # one card added (a bonus card, else one discarded face down), then "done"
    added = next((o for o in prompt.options if o.key in ("bonus", "defense_discard")), None)
    if added is not None:
        await driver.answer_option(defender, added.id)
    prompt, pinned = (await driver.questions())[defender]
    assert prompt.kind == "defend"
    assert in_dms(driver, defender, pinned)  # asked again where it was, in its DMs
    done = next(o for o in prompt.options if o.key == "defend_done")
    await driver.answer_option(defender, done.id)
    assert driver.kinds["defend"] == (2 if added is not None else 1)
    told = told_since(thread, mark)
    held = [line for line in told if line.startswith(f"{names[defender]} holds against ")
            or line.startswith(f"{names[defender]} cannot hold against ")]
    assert held, told
    if added is not None and added.key == "defense_discard":
        assert "1 card discarded" in held[0], held
    elif added is not None:
        assert f"bonus cards: {catalogue.name(added.params['card'])}" in held[0], held
    assert not driver.leaks, driver.leaks
    # the same words naming an aggression the defender was never shown are a leak
    unknown = unknown_names(driver.knowledge.of(defender))
    other = next((n for n, cards in unknown.items() if KIND[cards[0]] == "aggression"), None)
    assert other, "the defender was shown every aggression"
    await players[defender].send_dm(f"{names[attacker]} plays {other} against you")
    await driver.check_hidden()
    assert len(driver.leaks) == 1 and other in driver.leaks[0], driver.leaks
    assert f"seat {defender}'s DMs" in driver.leaks[0], driver.leaks

    # a pact: the partner accepts it where the bot asked it
    mark = await play_script(world, bot_factory, players, asked_kind("pact_offer", by_age=2))
    driver = after(driver, 22, haste=0.5)
    questions = await driver.questions()
    partner = next(s for s, (p, _) in questions.items() if p.kind == "pact_offer")
    prompt, pinned = questions[partner]
    card = catalogue.name(prompt.params["card"])
    offerer = names[prompt.params["offerer_seat"]]
    # a question out of the partner's turn: on its panel, in its DMs (every question is)
    found = driver.find(partner, pinned)
    assert found is not None and found[0].channel.id != thread.id
    assert f"{offerer} offers you {card}" in found[0].content
    await driver.answer_option(partner, "accept")
    assert any(p["card"] == prompt.params["card"] for p in (await state_of(driver.bot)).pacts)
    assert f"{names[partner]} accepts {card} from {offerer}." in told_since(thread, mark)
    leaks += driver.leaks

    # a war: declared from the panel (confirmed: it cannot be undone), then resolved at the
    # start of the declarer's next turn
    mark = await play_script(world, bot_factory, players, offered("declare_war", by_age=2))
    driver = after(driver, 23, haste=0.5)
    state = await state_of(driver.bot)
    declarer = state.current
    prompt, _ = (await driver.questions())[declarer]
    declare = next(o for o in prompt.options if o.key == "declare_war")
    shown = await driver.answer_option(declarer, declare.id)
    assert "cannot be undone" in shown[-1], shown  # the panel's confirmation
    state = await state_of(driver.bot)
    war = state.wars[0]
    war_card = catalogue.name(war["card"])
    assert war["attacker"] == declarer
    assert any(line.startswith(f"{names[declarer]} declares {war_card} on ")
               for line in told_since(thread, mark)), told_since(thread, mark)
    for _ in range(600):
        state = await state_of(driver.bot)
        if war not in state.wars:
            break
        assert await driver.step()
    else:
        raise AssertionError("the war was never resolved")
    assert state.current == declarer  # at the start of the declarer's next turn
    resolved = [line for line in told_since(thread, mark) if line.startswith(f"{war_card}")]
    assert any(" wins by " in line or "equal strength" in line for line in resolved), resolved
    leaks += driver.leaks

    # a resignation from the panel: Other → Resign, the engine's question, the final
    # answer's confirmation on the panel
    mark = await play_script(world, bot_factory, players, offered("resign"))
    driver = after(driver, 24, haste=0.5)
    state = await state_of(driver.bot)
    quitter = state.current
    await driver.answer_option(quitter, "resign")
    prompt, pinned = (await driver.questions())[quitter]
    assert prompt.kind == "resign"
    panel = in_dms(driver, quitter, pinned)
    assert "Resign from the game? " in panel.content and "cannot be undone" in panel.content
    labels = {c.get("label") for c in driver.controls(panel, quitter)}
    assert {"Yes, resign for good (3 players play on)",
            "No, back to the political phase"} <= labels, labels
    shown = await driver.answer_option(quitter, "resign:confirm")
    assert len(shown) == 2 and "you leave the game for good" in shown[1], shown
    dms = players[quitter].user.dm_channel
    assert len([m for m in bot_messages(dms) if m.id > mark]) <= 1  # the panel, edited
    state = await state_of(driver.bot)
    assert state.civs[quitter].resigned and state.count_left() == 3
    told = told_since(thread, mark)
    assert any(line.startswith(f"{names[quitter]} resigns and leaves the game; 3 players "
                               "play on.") for line in told), told
    # the others play on to the next age; the resigned seat is never asked again
    age = state.age
    for _ in range(800):
        if (await state_of(driver.bot)).age > age:
            break
        assert quitter not in await driver.questions()
        assert await driver.step()
    else:
        raise AssertionError("the next age never began")
    leaks += driver.leaks

    # Age IV's last round through the bot, to the final scoring
    await play_script(world, bot_factory, players,
                      lambda st: st.age == 4 and st.interrupt is None)
    driver = after(driver, 25, haste=0.3)
    await driver.play()
    await assert_scores_posted(driver.bot, thread, names)
    result = TtaEngine().result(await state_of(driver.bot))
    assert result is not None and quitter not in result.winners
    last = max(score.rank for score in result.scores)
    assert next(s for s in result.scores if s.seat == quitter).rank == last
    assert "resigned (ranked last)" in final_scores(thread)
    leaks += driver.leaks
    assert not leaks, leaks[:3]
    assert not driver.fallbacks, driver.fallbacks
