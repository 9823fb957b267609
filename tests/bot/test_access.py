"""Who may touch which game, and every interaction answered.

A game id is a small sequential number and a custom id comes from the client, so neither
proves anything: every command and component that names a game is tried here from another
server (by a member with Manage Server) and from the DMs of someone not seated in it, through
messages that carry copied or forged components. Each must be refused with a clear, ephemeral
message and change nothing. Interactions delivered twice, numbers too large for the database,
and callbacks that fail must all end in one quiet, clean answer.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import discord
import pytest
import simcord

from bot import ids
from bot.client import CivBot
from bot.components import static_view
from tests.bot.bot_harness import World
from tests.bot.bot_helpers import (
    accepted,
    answer_controls,
    latest_panel,
    only_reply,
    replies,
    texts,
)

HUGE = 10**20  # > 2**63: no database column holds it


@dataclass
class Elsewhere:
    """A second server, where mallory can manage the server but plays in no game."""

    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    mallory: simcord.MemberActor


@pytest.fixture
def elsewhere(world: World) -> Elsewhere:
    guild = world.env.create_guild("Elsewhere")
    channel = guild.create_text_channel("games")
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    mallory = guild.add_member(world.env.create_user("mallory"), roles=[managers])
    return Elsewhere(guild, channel, mallory)


@dataclass
class Table:
    """Game #1 (Duel, alice and bob, started) and game #2 (a Duel lobby), both in ``world``."""

    thread: simcord.ChannelHandle
    prompt: Any  # the open question's message: its seat's panel, in its DMs
    actor: simcord.MemberActor  # whose turn it is
    clicker: simcord.UserHandle  # who presses its panel (the actor, in its DMs)
    seat: int
    pin: int | str  # what its components carry (``ids.pin``)
    version: int  # the game's version then


async def setup_table(world: World) -> Table:
    await world.alice.slash(world.channel, "game new", game="duel")
    thread = world.channel.threads[-1]
    await world.bob.click(thread.history()[0], custom_id="cb:l:1:join")
    await world.alice.click(thread.history()[0], custom_id="cb:l:1:start")
    await world.alice.slash(world.channel, "game new", game="duel")  # game #2 stays a lobby
    found = latest_panel([world.alice, world.bob], seat_of=True)
    assert found is not None
    prompt, member = found
    _, _, game, version, seat = answer_controls(prompt)[0]["custom_id"].split(":", 5)[:5]
    assert game == "1"
    actor = [world.alice, world.bob][int(seat)]
    assert member is actor  # asked on its own panel
    bot: Any = world.env.bot
    info = await bot.service.get(1)
    return Table(
        thread, prompt, actor, actor.user, int(seat), ids.parse_version(version), info.version
    )


def no_errors_logged(caplog: pytest.LogCaptureFixture) -> None:
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert bad == [], [r.getMessage() for r in bad]


async def forge(
    bot: CivBot, where: simcord.ChannelHandle | simcord.UserHandle, controls: Mapping[str, str]
) -> Any:
    """A bot message in ``where`` (a channel, or a user's DMs) carrying components with the
    given custom ids (``id -> select value``, ``""`` for a button): what a leftover message or
    an altered client would present. Returns the message as the clicker's client shows it."""
    items: list[discord.ui.Item[Any]] = []
    for custom_id, value in controls.items():
        if value:
            option = discord.SelectOption(label="pick", value=value)
            items.append(discord.ui.Select(custom_id=custom_id, options=[option]))
        else:
            items.append(discord.ui.Button(label="press", custom_id=custom_id))
    view = static_view(*items)
    if isinstance(where, simcord.UserHandle):
        user = await bot.fetch_user(where.id)
        await user.send("old message", view=view)
        return where.dm_channel.history()[-1]
    channel = bot.get_channel(where.id)
    assert isinstance(channel, discord.abc.Messageable)
    await channel.send("old message", view=view)
    return where.history()[-1]


async def press(
    actor: simcord.MemberActor | simcord.UserHandle, message: Any, custom_id: str, value: str
) -> Any:
    if value:
        return await actor.select(message, [value], custom_id=custom_id)
    return await actor.click(message, custom_id=custom_id)


async def snapshot(bot: CivBot, table: Table) -> tuple[Any, ...]:
    """Everything a refused request must leave as it was."""
    one, two = await bot.service.get(1), await bot.service.get(2)
    return (
        one.status,
        one.version,
        two.status,
        [s.user_id for s in two.seats],
        two.options,
        texts(table.thread),
    )


def controls_of_game(table: Table) -> dict[str, dict[str, str]]:
    """Every kind of component naming games #1/#2, as copied from their real messages."""
    answer = answer_controls(table.prompt)[0]["custom_id"]
    ref = answer.split(":", 5)[5]
    v, s = table.pin, table.seat
    return {
        "lobby button": {ids.lobby(2, "join"): ""},
        "lobby option": {ids.lobby_option(2): "wonders=first_game"},
        "answer button": {answer: ""},
        "answer select": {ids.select(1, v, s, 0): ref},
        "more options": {ids.page(1, v, s, 1): ""},
        "hand button": {ids.hand(1): ""},
        "seat view": {ids.seat_view(1, 0): ""},
    }


KINDS = [
    "lobby button",
    "lobby option",
    "answer button",
    "answer select",
    "more options",
    "hand button",
    "seat view",
]


# -- 1. another server's game ---------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
async def test_components_of_another_servers_game_are_refused(
    world: World, elsewhere: Elsewhere, simcord_bot: CivBot, kind: str
) -> None:
    table = await setup_table(world)
    (custom_id, value), *_ = controls_of_game(table)[kind].items()
    message = await forge(simcord_bot, elsewhere.channel, {custom_id: value})
    before = await snapshot(simcord_bot, table)

    result = await press(elsewhere.mallory, message, custom_id, value)

    reply = only_reply(result)
    assert "is not a game of this server" in reply.content
    assert not reply.attachments and not reply.components  # no board, no hand, no buttons
    assert await snapshot(simcord_bot, table) == before


@pytest.mark.parametrize("kind", KINDS)
async def test_components_in_dms_need_a_seat_in_the_game(
    world: World, elsewhere: Elsewhere, simcord_bot: CivBot, kind: str
) -> None:
    table = await setup_table(world)
    (custom_id, value), *_ = controls_of_game(table)[kind].items()
    message = await forge(simcord_bot, elsewhere.mallory.user, {custom_id: value})
    before = await snapshot(simcord_bot, table)

    result = await press(elsewhere.mallory.user, message, custom_id, value)

    reply = only_reply(result)
    assert "You are not playing in game #" in reply.content
    assert not reply.attachments and not reply.components
    assert await snapshot(simcord_bot, table) == before


async def test_the_right_people_still_get_through(world: World, simcord_bot: CivBot) -> None:
    """The checks refuse by place, not by kind: a seated player's DM and a member of the
    game's own server are served as before."""
    table = await setup_table(world)
    message = await forge(simcord_bot, world.alice.user, {ids.hand(1): ""})
    hand = only_reply(await world.alice.user.click(message, custom_id=ids.hand(1)))
    assert "Your view of game #1" in hand.content
    message = await forge(simcord_bot, world.channel, {ids.seat_view(1, 1): ""})
    seat = only_reply(await world.carol.click(message, custom_id=ids.seat_view(1, 1)))
    assert "bob" in seat.content and "not a game" not in seat.content
    answered = await table.clicker.click(
        table.prompt, custom_id=controls_of_game(table)["answer button"].popitem()[0]
    )
    assert accepted(answered)


async def test_abandon_needs_the_games_own_server(
    world: World, elsewhere: Elsewhere, simcord_bot: CivBot
) -> None:
    table = await setup_table(world)
    before = await snapshot(simcord_bot, table)
    remote = await elsewhere.mallory.slash(elsewhere.channel, "game abandon", game_id=1)
    assert "is not a game of this server" in only_reply(remote).content
    dm = await elsewhere.mallory.user.slash("game abandon", game_id=1)
    assert "You are not playing in game #1" in only_reply(dm).content
    assert await snapshot(simcord_bot, table) == before

    # Manage Server in the game's own server still may.
    ok = await world.admin.slash(world.channel, "game abandon", game_id=1)
    assert "Game #1 was abandoned" in replies(ok)[-1].content
    assert (await simcord_bot.service.get(1)).status == "abandoned"


async def test_hand_and_play_by_id_need_the_games_own_server(
    world: World, elsewhere: Elsewhere, simcord_bot: CivBot
) -> None:
    table = await setup_table(world)
    # bob plays game #1 and is in the other server too: still not from there.
    bob_elsewhere = elsewhere.guild.add_member(world.bob.user)
    before = await snapshot(simcord_bot, table)
    ref = answer_controls(table.prompt)[0]["custom_id"].split(":", 5)[5]
    value = f"1|{table.pin}|{ref}"

    for actor in (elsewhere.mallory, bob_elsewhere):
        hand = await actor.slash(elsewhere.channel, "hand", game_id=1)
        assert "is not a game of this server" in only_reply(hand).content
        play = await actor.slash(elsewhere.channel, "play", option=value)
        assert "is not a game of this server" in only_reply(play).content
        assert await actor.autocomplete(elsewhere.channel, "play", "option", "") == []
    hand = await elsewhere.mallory.user.slash("hand", game_id=1)
    assert "You are not playing in game #1" in only_reply(hand).content
    play = await elsewhere.mallory.user.slash("play", option=value)
    assert "You are not playing in game #1" in only_reply(play).content
    assert await snapshot(simcord_bot, table) == before

    mine = await world.alice.user.slash("hand", game_id=1)  # seated: DMs are fine
    assert "Your view of game #1" in only_reply(mine).content


async def test_status_and_list_show_only_this_servers_games(
    world: World, elsewhere: Elsewhere, simcord_bot: CivBot
) -> None:
    await setup_table(world)
    status = await elsewhere.mallory.slash(elsewhere.channel, "game status")
    assert "There is no game in this thread" in only_reply(status).content
    listed = await elsewhere.mallory.slash(elsewhere.channel, "game list")
    assert "No games are running in this server" in only_reply(listed).content
    status = await elsewhere.mallory.user.slash("game status")
    assert "There is no game in this thread" in only_reply(status).content
    # Subcommands cannot be limited to servers, and a guild id of None lists every server.
    listed = await elsewhere.mallory.user.slash("game list")
    assert "works in a server only" in only_reply(listed).content
    home = await world.carol.slash(world.channel, "game list")
    assert "#1" in (replies(home)[-1].embeds[0].description or "")


# -- 2. the same interaction twice --------------------------------------------------------
@pytest.fixture
def delivered_twice(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every interaction reaches the bot twice, as after a gateway resume."""
    backend = world.env.backend
    emit = backend.emit

    def twice(event: str, payload: Mapping[str, Any]) -> None:
        emit(event, payload)
        if event == "INTERACTION_CREATE":
            emit(event, payload)

    monkeypatch.setattr(backend, "emit", twice)


async def test_an_interaction_delivered_twice_is_answered_once(
    world: World, simcord_bot: CivBot, caplog: pytest.LogCaptureFixture, request: Any
) -> None:
    table = await setup_table(world)
    caplog.clear()
    request.getfixturevalue("delivered_twice")

    answer = answer_controls(table.prompt)[0]["custom_id"]
    answered = await table.clicker.click(table.prompt, custom_id=answer)
    assert accepted(answered)
    assert (await simcord_bot.service.get(1)).version == table.version + 1  # applied once

    joined = await world.carol.click(world.channel.threads[-1].history()[0], label="Join")
    assert joined.acknowledged
    assert [s.name for s in (await simcord_bot.service.get(2)).seats] == ["alice", "carol"]

    hand = await world.alice.slash(table.thread, "hand")  # her turn now: her panel
    assert "Game #1 (7 Wonders Duel)" in replies(hand)[-1].content
    no_errors_logged(caplog)


async def test_a_repeat_the_bot_does_not_remember_is_still_quiet(
    world: World,
    simcord_bot: CivBot,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    request: Any,
) -> None:
    """After a restart the repeat is not recognised: Discord refuses its second answer
    ("already acknowledged"), which is the sign of a repeat, not a failure to log."""
    table = await setup_table(world)
    monkeypatch.setattr(simcord_bot, "first_delivery", lambda interaction_id: True)
    caplog.clear()
    request.getfixturevalue("delivered_twice")

    answer = answer_controls(table.prompt)[0]["custom_id"]
    answered = await table.clicker.click(table.prompt, custom_id=answer)
    assert accepted(answered)
    assert (await simcord_bot.service.get(1)).version == table.version + 1
    joined = await world.carol.click(world.channel.threads[-1].history()[0], label="Join")
    assert joined.acknowledged
    assert [s.name for s in (await simcord_bot.service.get(2)).seats] == ["alice", "carol"]
    no_errors_logged(caplog)


# -- 3. every interaction answered --------------------------------------------------------
FORGED_NUMBERS = [
    f"cb:l:{HUGE}:join",
    f"cb:lo:{HUGE}",
    f"cb:o:{HUGE}:0:0:=x",
    f"cb:o:1:{HUGE}:0:=x",
    f"cb:o:1:0:{HUGE}:=x",
    f"cb:s:1:0:0:{HUGE}",
    f"cb:p:1:0:0:{HUGE}",
    f"cb:h:{HUGE}",
    f"cb:c:1:{HUGE}",
]


@pytest.mark.parametrize("custom_id", FORGED_NUMBERS)
async def test_numbers_too_large_for_the_database_are_refused(
    world: World, simcord_bot: CivBot, caplog: pytest.LogCaptureFixture, custom_id: str
) -> None:
    table = await setup_table(world)
    value = "wonders=first_game" if custom_id.startswith("cb:lo:") else ""
    value = "=x" if custom_id.startswith("cb:s:") else value
    message = await forge(simcord_bot, world.channel, {custom_id: value})
    before = await snapshot(simcord_bot, table)
    caplog.clear()

    result = await press(world.alice, message, custom_id, value)

    assert "is not valid" in only_reply(result).content
    assert await snapshot(simcord_bot, table) == before
    no_errors_logged(caplog)


@pytest.mark.parametrize(
    ("custom_id", "value"),
    [("cb:l:1:explode", ""), ("cb:zz", ""), ("cb:c:1:x", ""), ("cb:lo:x", "wonders=draft")],
)
async def test_ids_no_component_claims_are_answered(
    world: World,
    simcord_bot: CivBot,
    caplog: pytest.LogCaptureFixture,
    custom_id: str,
    value: str,
) -> None:
    """An older scheme or an altered id gets a refusal, not "This interaction failed"."""
    message = await forge(simcord_bot, world.channel, {custom_id: value})
    caplog.clear()
    result = await press(world.alice, message, custom_id, value)
    assert "is not valid" in only_reply(result).content
    no_errors_logged(caplog)


async def test_huge_option_index_and_play_value_are_refused(
    world: World, simcord_bot: CivBot, caplog: pytest.LogCaptureFixture
) -> None:
    table = await setup_table(world)
    before = await snapshot(simcord_bot, table)
    caplog.clear()
    index = f"cb:o:1:{table.pin}:{table.seat}:#{HUGE}"
    message = await forge(simcord_bot, world.channel, {index: ""})
    refused = await table.actor.click(message, custom_id=index)
    assert "not one of your options" in only_reply(refused).content

    typed = await world.alice.slash(table.thread, "play", option="99999999999999999999|0|=x")
    assert "No open choice matches" in only_reply(typed).content
    version = await world.alice.slash(table.thread, "play", option=f"1|{HUGE}|=x")
    assert "No open choice matches" in only_reply(version).content
    assert await snapshot(simcord_bot, table) == before
    no_errors_logged(caplog)


def test_number_parsing_bounds() -> None:
    assert ids.number("0") == 0 and ids.number(str(ids.MAX_NUMBER)) == ids.MAX_NUMBER
    assert ids.number(str(ids.MAX_NUMBER + 1)) is None
    assert ids.number("") is None and ids.number("-1") is None and ids.number("١") is None
    assert ids.resolve_ref("#²", ["a"]) is None  # a digit int() cannot read
    assert ids.resolve_ref(f"#{HUGE}", ["a"]) is None
    assert not ids.in_range(-1) and ids.in_range(0, ids.MAX_NUMBER)


def error_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_failing_callback_is_answered_and_logged_once(
    world: World,
    simcord_bot: CivBot,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await setup_table(world)
    message = await forge(simcord_bot, table.thread, {ids.hand(1): ""})

    async def boom(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("boom")

    # Before anything was answered...
    monkeypatch.setattr(simcord_bot.looking, "show_hand", boom)
    caplog.clear()
    result = await world.alice.click(message, custom_id=ids.hand(1))
    assert "Something went wrong" in only_reply(result).content
    assert "nothing was changed" in only_reply(result).content
    assert len(error_records(caplog)) == 1
    monkeypatch.undo()

    # ...and after the interaction was deferred.
    monkeypatch.setattr(simcord_bot.service, "view", boom)
    caplog.clear()
    result = await world.alice.click(message, custom_id=ids.hand(1))
    assert "Something went wrong" in replies(result)[-1].content
    assert len(error_records(caplog)) == 1


async def test_a_failure_after_the_answer_was_saved_says_so(
    world: World,
    simcord_bot: CivBot,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await setup_table(world)

    async def boom(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("publishing failed")

    monkeypatch.setattr(simcord_bot.delivery, "publish", boom)
    caplog.clear()
    answer = answer_controls(table.prompt)[0]["custom_id"]
    result = await table.clicker.click(table.prompt, custom_id=answer)
    last = replies(result)[-1]
    assert last.ephemeral and "was saved" in last.content and "nothing" not in last.content
    assert (await simcord_bot.service.get(1)).version == table.version + 1
    assert len(error_records(caplog)) == 1


async def test_a_failing_command_is_answered_and_logged_once(
    world: World,
    simcord_bot: CivBot,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await setup_table(world)

    async def boom(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(simcord_bot.looking, "show_hand", boom)
    caplog.clear()
    result = await world.alice.slash(table.thread, "hand")
    assert "nothing was changed" in only_reply(result).content
    assert len(error_records(caplog)) == 1
    assert len(world.env.errors) == 1  # simcord saw it too; acknowledged here


# -- 3b. buttons of an older bot ---------------------------------------------------------------
async def test_buttons_of_an_older_bot_are_refused_as_stale(
    world: World, simcord_bot: CivBot, caplog: pytest.LogCaptureFixture
) -> None:
    """Before the engines named their questions, components carried the game version
    (Duel, and every game's slash suggestions) or ``t`` + a CRC-32 stamp of up to 7
    digits: pressed after the upgrade, each is refused as out of date, never applied to
    the question now asked (which the bot delivers again with new buttons), never a crash."""
    table = await setup_table(world)
    assert isinstance(table.pin, str) and len(table.pin) == 9  # Duel names its questions
    ref = answer_controls(table.prompt)[0]["custom_id"].split(":", 5)[5]
    version, s = table.version, table.seat
    old = {
        f"cb:o:1:{version}:{s}:{ref}": "",  # the version pin, still the game's version
        f"cb:o:1:t1x2y3z:{s}:{ref}": "",  # a stamp
        ids.select(1, "t0", s, 0): ref,
        ids.page(1, version, s, 1): "",
        ids.confirm(1, "tzzzzzzz", s, "", 0): "",
    }
    message = await forge(simcord_bot, table.thread, old)
    before = await snapshot(simcord_bot, table)
    caplog.clear()
    for custom_id, value in old.items():
        reply = only_reply(await press(table.actor, message, custom_id, value))
        assert "out of date" in reply.content, (custom_id, reply.content)
        assert reply.ephemeral and not reply.components
    assert await snapshot(simcord_bot, table) == before
    no_errors_logged(caplog)
    play = await table.actor.slash(table.thread, "play", option=f"1|{version}|{ref}")
    assert "out of date" in only_reply(play).content
    live = answer_controls(table.prompt)[0]["custom_id"]
    answered = await table.clicker.click(table.prompt, custom_id=live)
    assert accepted(answered)  # the live buttons still answer


# -- 4. clear replies -----------------------------------------------------------------------
async def test_forged_seat_and_page_numbers_get_clear_replies(
    world: World, simcord_bot: CivBot
) -> None:
    table = await setup_table(world)
    v, s = table.pin, table.seat
    ref = answer_controls(table.prompt)[0]["custom_id"].split(":", 5)[5]
    forged = {
        f"cb:o:1:{v}:7:{ref}": "",  # a seat the game does not have
        ids.page(1, v, s, 1_000_000): "",  # a page the prompt does not have
        ids.seat_view(1, 7): "",
    }
    message = await forge(simcord_bot, table.thread, forged)
    wrong_seat, page, seat_view = [
        only_reply(await press(table.actor, message, custom_id, "")).content for custom_id in forged
    ]
    assert "Game #1 has no such player" in wrong_seat and "?" not in wrong_seat
    assert "That page of options does not exist" in page and "100000001" not in page
    assert "Game #1 has no such player" in seat_view and seat_view.strip() != "?"
