"""Large option sets on Discord: grouped menus that page inside their select and fold when
there are too many, number pickers with a "type a number" modal, pick tiles, and the words
of questions put out of turn (``Prompt.reaction``) in mentions and reminders.

Played through SimCord with a small fake engine ("menus", registered for these tests only)
whose prompts use every layout: a 64-option grouped action prompt, a bid of 38 numbers
(buttons and the modal), pick tiles, and a bid of 10 numbers (a plain select).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from typing import Any, ClassVar

import discord
import pytest
import simcord
from pydantic import BaseModel

from bot import ids
from bot.client import CivBot
from bot.components.prompt import menu_plan, menu_room, prompt_items
from bot.games._base import GameWords
from engines.core.contract import Engine, Event, GameResult, Option, Prompt, SeatScore
from tests.bot.bot_harness import Factory, World
from tests.bot.bot_helpers import accepted, components, texts
from tests.bot.sw_driver import open_game, replies
from tests.bot.test_access import HUGE, Elsewhere, forge, only_reply

GAME = "menus"
#: the action prompt's groups and sizes, in order (``turn`` is drawn as buttons)
GROUPS = {"take": 40, "build": 7, "upgrade": 5, "play": 4, "other": 3, "extra": 2}
TURN = ("grow", "end", "undo")
BIG_BID = range(3, 41)  # 38 numbers: buttons and the modal
SMALL_BID = range(1, 11)  # 10 numbers: a select
UNITS = ("a", "b", "c", "d", "e")


class MenusState(BaseModel):
    phase: str = "act"
    moves: int = 0
    bid: int = 0
    picked: list[str] = []


class MenusView(BaseModel):
    phase: str
    current: int
    moves: int
    bid: int
    table_key: str


class MenusEngine(Engine[MenusState]):
    """Seat 0 acts from a grouped panel; ``end`` asks seat 1 for a bid out of turn; seat 0
    then picks units one at a time; seat 1 makes a last, small bid and the game ends."""

    name: ClassVar[str] = GAME
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_type: ClassVar[type[BaseModel]] = MenusState
    has_reactions: ClassVar[bool] = True

    def new_game(
        self, players: int, seed: int, options: dict[str, str] | None = None
    ) -> MenusState:
        return MenusState()

    def prompts(self, state: MenusState) -> list[Prompt]:
        if state.phase == "act":
            options = [
                Option(id=f"{group}:{i}", key=group, group=group)
                for group, size in GROUPS.items()
                for i in range(size)
            ]
            options += [Option(id=name, key=name, group="turn") for name in TURN]
            return [Prompt(seat=0, kind="act", options=options, layout="panel")]
        if state.phase in ("bid", "small_bid"):
            values = BIG_BID if state.phase == "bid" else SMALL_BID
            options = [Option(id=f"bid:{n}", key="bid", params={"n": n}) for n in values]
            options.append(Option(id="pass", key="pass"))
            return [
                Prompt(seat=1, kind="bid", options=options, layout="number", reaction=True)
            ]
        if state.phase == "pick":
            options = [Option(id="auto", key="auto")]
            options += [Option(id=f"unit:{u}", key="unit") for u in UNITS if u not in state.picked]
            if state.picked:
                options.append(Option(id="done", key="done"))
            return [Prompt(seat=0, kind="force", options=options, layout="pick")]
        return []

    def apply(self, state: MenusState, seat: int, option_id: str) -> list[Event]:
        prompt = self.check_answer(state, seat, option_id)
        if prompt.kind == "act":
            state.moves += 1
            if option_id == "end":
                state.phase = "bid"
        elif prompt.kind == "bid":
            state.bid = int(option_id[4:]) if option_id != "pass" else 0
            state.phase = "pick" if state.phase == "bid" else "over"
        elif option_id.startswith("unit:"):
            state.picked.append(option_id[5:])
        else:
            state.phase = "small_bid"
        return [Event(kind="moved", seat=seat, params={"option": option_id})]

    def copy(self, state: MenusState) -> MenusState:
        return state.model_copy(deep=True)

    def view(self, state: MenusState, seat: int | None) -> MenusView:
        asked = "over" if state.phase == "over" else "1" if "bid" in state.phase else "0"
        return MenusView(
            phase=state.phase, current=0, moves=state.moves, bid=state.bid, table_key=asked
        )

    def result(self, state: MenusState) -> GameResult | None:
        if state.phase != "over":
            return None
        scores = [SeatScore(seat=0, total=state.moves), SeatScore(seat=1, total=state.bid)]
        return GameResult(victory="test", winners=[0], scores=scores)

    def catalogue(self) -> dict[str, Any]:
        return {}

    def timeout_option(self, state: MenusState, seat: int) -> str | None:
        prompt = self.prompt_for(state, seat)
        if prompt is None:
            return None
        return "pass" if prompt.option("pass") else prompt.options[0].id


class MenusWords(GameWords[MenusView]):
    """The default words. The engine names no questions (its components carry versions)
    and puts none on a turn panel (tested elsewhere): these tests are about the
    components, wherever they are shown."""


@pytest.fixture(autouse=True)
def menus_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The fake engine, known to the registry and offered by ``/game new`` (tests only)."""
    from discord import app_commands

    from bot import games
    from bot.cogs.lobby import LobbyCog
    from engines import registry

    registry.engine_names()  # loads the real engines first
    monkeypatch.setitem(registry._ENGINES, GAME, MenusEngine())
    words = MenusWords()
    words.game = GAME
    monkeypatch.setitem(games._HOOKS, GAME, words)
    param = LobbyCog.new._params["game"]  # type: ignore[attr-defined]
    choice = app_commands.Choice(name=GAME, value=GAME)
    monkeypatch.setattr(param, "choices", [*param.choices, choice])
    yield


def controls(message: Any) -> list[dict[str, Any]]:
    return [c for c in components(message) if c.get("custom_id", "").startswith("cb:")]


def selects(message: Any) -> list[dict[str, Any]]:
    return [c for c in controls(message) if c["type"] == 3]


def buttons(message: Any) -> list[dict[str, Any]]:
    return [c for c in controls(message) if c["type"] == 2]


def fresh(world: World, message_id: int) -> Any:
    """The panel ``message_id`` as its seat's DMs hold it now."""
    for member in (world.alice, world.bob):
        for message in member.user.dm_channel.history():
            if message.id == message_id:
                return message
    raise AssertionError(f"no message {message_id} in the players' DMs")


def newest_prompt(world: World) -> Any:
    """The newest panel with answer components, in the players' DMs (every question is
    asked on its seat's panel)."""
    found = [
        message
        for member in (world.alice, world.bob)
        for message in member.user.dm_channel.history()
        if any(c["custom_id"].startswith(("cb:o:", "cb:s:", "cb:g:")) for c in controls(message))
    ]
    if not found:
        raise AssertionError("no open prompt")
    return max(found, key=lambda m: m.id)


async def state_of(bot: CivBot) -> MenusState:
    _, state = await bot.service.load(1)
    assert isinstance(state, MenusState)
    return state


async def start(world: World, options: list[str] | None = None) -> simcord.ChannelHandle:
    return await open_game(world.channel, [world.alice, world.bob], GAME, options)


# -- grouped menus -----------------------------------------------------------------------------
@pytest.mark.bot_settings(board_images=False)
async def test_groups_are_menus_that_page_in_place_and_fold(
    world: World, simcord_bot: CivBot
) -> None:
    thread = await start(world)
    panel = newest_prompt(world)
    menus = selects(panel)
    assert [m["placeholder"] for m in menus] == [
        "Take (40) · 1–24",
        "Build (7)",
        "Upgrade (5)",
        "More actions (9)",  # play, other, extra: the smallest, folded
    ]
    take, more = menus[0], menus[3]
    assert [o["value"] for o in take["options"][:24]] == [f"=take:{i}" for i in range(24)]
    assert take["options"][24] == {**take["options"][24], "label": "More: 25–40 →", "value": "&1"}
    assert [o.get("description") for o in more["options"]] == (
        ["Play (4)"] * 4 + ["Other (3)"] * 3 + ["Extra (2)"] * 2
    )
    assert [b["label"] for b in buttons(panel)] == ["grow", "end", "undo"]  # a DM: no hand button
    assert [b["style"] for b in buttons(panel)[:3]] == [1, 1, 2]  # undo: a quiet button
    dm = world.alice.user.dm_channel
    count = len(dm.history())

    # the 25th entry turns the same select to its next page, on the same message
    turned = await world.alice.user.select(panel, ["&1"], custom_id=take["custom_id"])
    assert not turned.followups and [r.id for r in replies(turned)] == [panel.id]
    assert len(dm.history()) == count  # no new message
    panel = fresh(world, panel.id)
    take2 = selects(panel)[0]
    assert take2["custom_id"].endswith(":1") and take2["placeholder"] == "Take (40) · 25–40"
    assert [o["value"] for o in take2["options"]] == [f"=take:{i}" for i in range(24, 40)] + [
        "&0"
    ]
    assert take2["options"][-1]["label"] == "↩ Back to 1–24"
    assert selects(panel)[1:] == menus[1:]  # the other menus are untouched

    # someone else may not turn the pages of alice's menus (a copy in bob's DMs)
    copy = await forge(simcord_bot, world.bob.user, {take2["custom_id"]: "&0"})
    refused = await world.bob.user.select(copy, ["&0"], custom_id=take2["custom_id"])
    assert "alice" in only_reply(refused).content
    assert selects(fresh(world, panel.id))[0] == take2

    # an option of the second page answers: the panel is edited, asking alice again
    before = [c["custom_id"] for c in controls(panel)]
    chosen = await world.alice.user.select(panel, ["=take:33"], custom_id=take2["custom_id"])
    assert accepted(chosen)
    assert (await state_of(simcord_bot)).moves == 1
    panel = fresh(world, panel.id)
    assert "✅ You chose: take:33" in panel.content

    # the answered question's menus are gone; a copy left elsewhere is out of date
    assert not set(before) & {c["custom_id"] for c in controls(panel)}
    old = await forge(simcord_bot, thread, {take2["custom_id"]: "&0"})
    stale = await world.alice.select(old, ["&0"], custom_id=take2["custom_id"])
    assert "out of date" in only_reply(stale).content


@pytest.mark.bot_settings(board_images=False)
async def test_folded_and_paged_options_stay_answerable_with_play(
    world: World, simcord_bot: CivBot
) -> None:
    thread = await start(world)
    found = await world.alice.autocomplete(thread, "play", "option", "extra")
    assert [c["name"] for c in found] == ["extra:0", "extra:1"]
    typed = await world.alice.autocomplete(thread, "play", "option", "take:3")
    assert [c["name"] for c in typed][:2] == ["take:3", "take:30"]
    result = await world.alice.slash(thread, "play", option=typed[1]["value"])
    assert replies(result)[-1].content == "✅ You chose: take:30"
    more = selects(newest_prompt(world))[3]
    result = await world.alice.user.select(
        newest_prompt(world), ["=extra:1"], custom_id=more["custom_id"]
    )
    assert accepted(result) and "✅ You chose: extra:1" in newest_prompt(world).content
    assert (await state_of(simcord_bot)).moves == 2


def _prompt(groups: dict[str, int], turn: int) -> Prompt:
    options = [
        Option(id=f"{g}:{i}", key=g, group=g) for g, size in groups.items() for i in range(size)
    ]
    options += [Option(id=f"t{i}", key="t", group="turn") for i in range(turn)]
    return Prompt(seat=0, kind="act", options=options, layout="panel")


def test_rows_left_for_menus_follow_the_buttons() -> None:
    assert menu_room(0) == 4 and menu_room(5) == 4 and menu_room(6) == 3
    prompt = _prompt({"a": 3, "b": 9, "c": 1, "d": 2, "e": 4}, 5)
    # 5 turn buttons and the hand button: two rows of buttons, three menus
    items = prompt_items(GAME, 1, 2, prompt, "en", {})
    kinds = [type(i).__name__ for i in items]
    assert kinds == ["GroupSelect"] * 3 + ["AnswerButton"] * 5 + ["HandButton"]
    plan = menu_plan(GAME, prompt, "en", 3)
    assert [m.label for m in plan.menus] == ["B (9)", "E (4)", "More actions (6)"]
    assert [prompt.options[i].id for i in plan.menus[2].indexes] == [
        "a:0", "a:1", "a:2", "c:0", "d:0", "d:1"
    ]
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)  # fits Discord's five rows
    # without the hand button (a DM) the buttons take one row: four menus
    assert len(prompt_items(GAME, 1, 2, prompt, "en", {}, hand_button=False)) == 4 + 5
    # ...unless the caller adds buttons of its own (a city per neighbour): they get a row
    kept = prompt_items(GAME, 1, 2, prompt, "en", {}, hand_button=False, reserve=3)
    assert len(kept) == 3 + 5
    view = discord.ui.View(timeout=None)
    for item in [*kept, *(discord.ui.Button(label=f"c{i}") for i in range(3))]:
        view.add_item(item)
    # more than five turn options: a menu like the others
    wide = _prompt({"a": 2}, 7)
    assert [type(i).__name__ for i in prompt_items(GAME, 1, 2, wide, "en", {})] == [
        "GroupSelect",
        "GroupSelect",
        "HandButton",
    ]


def test_plain_prompts_keep_their_layout() -> None:
    plain = Prompt(seat=0, kind="x", options=[Option(id=f"o{i}", key="o") for i in range(30)])
    items = prompt_items(GAME, 1, 2, plain, "en", {})
    assert [type(i).__name__ for i in items] == ["AnswerSelect", "AnswerSelect", "HandButton"]


def test_group_labels_come_from_the_catalogue_then_the_common_words() -> None:
    from bot.games import words_for

    assert words_for("tta").group_label("en", "zzz_new", 2) == "Zzz new (2)"
    assert words_for(GAME).group_label("en", "take", 13) == "Take (13)"
    assert words_for(GAME).group_label("zh-TW", "other", 3) == "其他（3）"


# -- numbers and picks -------------------------------------------------------------------------
async def _to_bid(world: World, thread: simcord.ChannelHandle) -> Any:
    panel = newest_prompt(world)
    end = next(b for b in buttons(panel) if b["label"] == "end")
    await world.alice.user.click(panel, custom_id=end["custom_id"])
    return newest_prompt(world)


@pytest.mark.bot_settings(board_images=False)
async def test_numbers_as_buttons_and_a_checked_modal(world: World, simcord_bot: CivBot) -> None:
    thread = await start(world)
    bid = await _to_bid(world, thread)
    # asked out of turn: bob's panel says who asks
    assert bid.channel.id == world.bob.user.dm_channel.id
    assert "❗ alice asks you, out of turn:" in bid.content
    labels = [b["label"] for b in buttons(bid)]
    assert labels == ["bid:3", "bid:4", "bid:5", "bid:8", "bid:40", "pass", "Type a number…"]
    assert buttons(bid)[5]["style"] == 2  # pass: a quiet button
    typed = next(b for b in buttons(bid) if b["label"] == "Type a number…")
    assert re.fullmatch(ids.NUMBER_TEMPLATE, typed["custom_id"])
    before = (await simcord_bot.service.get(1)).version

    # alice may not type bob's bid (a copy in her DMs)
    copy = await forge(simcord_bot, world.alice.user, {typed["custom_id"]: ""})
    refused = await world.alice.user.click(copy, custom_id=typed["custom_id"])
    assert refused.modal is None and "bob" in only_reply(refused).content

    shown = await world.bob.user.click(bid, custom_id=typed["custom_id"])
    assert shown.modal is not None
    field_id = shown.modal["components"][0]["components"][0]["custom_id"]
    assert field_id == "number" and shown.modal["title"] == "Choose a number"
    bad = await world.bob.user.submit_modal(shown, {field_id: "99"})
    text = only_reply(bad).content
    assert "“99” is not one of your choices" in text and "from 3 to 40" in text
    assert (await simcord_bot.service.get(1)).version == before  # nothing changed

    shown = await world.bob.user.click(bid, custom_id=typed["custom_id"])
    good = await world.bob.user.submit_modal(shown, {field_id: " １７ "})  # full-width too
    assert accepted(good)
    assert (await state_of(simcord_bot)).bid == 17
    assert not controls(fresh(world, bid.id))  # the answered question is closed


@pytest.mark.bot_settings(board_images=False)
async def test_a_number_typed_after_a_restart_is_still_answered(
    world: World, bot_factory: Factory
) -> None:
    """The modal carries the question it was opened for, not a handle on a modal kept in
    memory: a restart between opening and submitting loses nothing."""
    thread = await start(world)
    bid = await _to_bid(world, thread)
    typed = next(b for b in buttons(bid) if b["label"] == "Type a number…")
    shown = await world.bob.user.click(bid, custom_id=typed["custom_id"])
    assert shown.modal is not None
    await world.env.restart_bot(bot_factory())

    result = await world.bob.user.submit_modal(shown, {"number": "17"})
    assert accepted(result)
    assert (await state_of(bot_factory.bots[-1])).bid == 17


@pytest.mark.bot_settings(board_images=False)
async def test_a_modal_nobody_routes_is_told_it_expired(
    world: World, simcord_bot: CivBot, caplog: pytest.LogCaptureFixture
) -> None:
    """A modal id from an older version of the bot (``cb:nm:<game>:<interaction>``), or
    any other, is answered (and logged) rather than left without an answer."""
    thread = await start(world)
    bid = await _to_bid(world, thread)
    typed = next(b for b in buttons(bid) if b["label"] == "Type a number…")
    before = (await simcord_bot.service.get(1)).version
    caplog.set_level(logging.INFO, logger="bot.play")
    for modal_id in ("cb:nm:1:1456074443980800099", "feedback:1"):
        shown = await world.bob.user.click(bid, custom_id=typed["custom_id"])
        assert shown.modal is not None
        # what the client sends back: the form as an older bot (or an altered client) named it
        shown._interaction.modal["custom_id"] = modal_id
        caplog.clear()
        result = await world.bob.user.submit_modal(shown, {"number": "17"})
        text = only_reply(result).content
        assert "This form has expired" in text and "Press the button again" in text
        assert any(modal_id in r.getMessage() for r in caplog.records), modal_id
    assert (await simcord_bot.service.get(1)).version == before


@pytest.mark.bot_settings(board_images=False)
async def test_a_forged_number_button_cannot_answer_another_question(
    world: World, simcord_bot: CivBot
) -> None:
    """alice's question is the grouped action panel (``take:0``..``take:39``...), not a
    number: a "Type a number…" forged for it, with the right game, version and seat, opens a
    form whose "1" must not be read as ``take:1``."""
    thread = await start(world)
    take = selects(newest_prompt(world))[0]["custom_id"]
    version = take.split(":")[3]
    forged = f"cb:n:1:{version}:0:3:40"
    message = await forge(simcord_bot, thread, {forged: ""})
    shown = await world.alice.click(message, custom_id=forged)
    assert shown.modal is not None
    before = (await simcord_bot.service.get(1)).version

    result = await world.alice.submit_modal(shown, {"number": "1"})
    assert "This button or menu is not valid" in only_reply(result).content
    assert (await simcord_bot.service.get(1)).version == before
    state = await state_of(simcord_bot)
    assert (state.phase, state.moves) == ("act", 0)


@pytest.mark.bot_settings(board_images=False)
async def test_pick_tiles_and_a_small_number_select(world: World, simcord_bot: CivBot) -> None:
    thread = await start(world)
    bid = await _to_bid(world, thread)
    await world.bob.user.click(bid, custom_id=buttons(bid)[0]["custom_id"])  # bid:3
    picks = newest_prompt(world)
    tiles = {b["label"]: b["style"] for b in buttons(picks)}
    assert tiles == {
        "auto": 3, "unit:a": 1, "unit:b": 1, "unit:c": 1, "unit:d": 1, "unit:e": 1,
    }
    unit = next(b for b in buttons(picks) if b["label"] == "unit:c")
    await world.alice.user.click(picks, custom_id=unit["custom_id"])
    picks = newest_prompt(world)
    assert {b["label"]: b["style"] for b in buttons(picks)}["done"] == 3  # highlighted
    done = next(b for b in buttons(picks) if b["label"] == "done")
    await world.alice.user.click(picks, custom_id=done["custom_id"])

    small = newest_prompt(world)
    (menu,) = selects(small)
    assert menu["placeholder"] == "Choose a number (1–10)"
    assert [o["value"] for o in menu["options"]] == [f"=bid:{n}" for n in SMALL_BID]
    assert [b["label"] for b in buttons(small)] == ["pass"]
    result = await world.bob.user.select(small, ["=bid:7"], custom_id=menu["custom_id"])
    assert accepted(result)
    assert (await state_of(simcord_bot)).phase == "over"


# -- forged and old components ----------------------------------------------------------------
@pytest.mark.bot_settings(board_images=False)
async def test_forged_menu_and_number_ids_get_clear_replies(
    world: World, simcord_bot: CivBot
) -> None:
    thread = await start(world)
    take = selects(newest_prompt(world))[0]["custom_id"]
    head = take.rsplit(":", 3)[0]
    for custom_id, value, expected in [
        (f"{head}:4:3:0", "&99", "page of options does not exist"),  # beyond the menu's pages
        (f"{head}:1:3:0", "&0", "page of options does not exist"),  # one row: one menu
        (f"{head}:4:0:0", f"&{HUGE}", "is not valid"),
        (f"cb:g:{HUGE}:0:0:4:0:0", "&1", "is not valid"),
        (f"{head}:4:0:{HUGE}", "=take:1", "is not valid"),
        (f"cb:n:1:0:1:{HUGE}:5", "", "is not valid"),
        ("cb:n:9:0:1:3:5", "", "Game #9 does not exist"),
    ]:
        message = await forge(simcord_bot, thread, {custom_id: value})
        if value:
            result = await world.alice.select(message, [value], custom_id=custom_id)
        else:
            result = await world.bob.click(message, custom_id=custom_id)
        assert expected in only_reply(result).content, custom_id
    assert (await simcord_bot.service.get(1)).version == 0
    assert len(take) <= 100


@pytest.fixture
def elsewhere(world: World) -> Elsewhere:
    """A second server, where mallory manages the server but plays in no game."""
    guild = world.env.create_guild("Elsewhere")
    channel = guild.create_text_channel("games")
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    mallory = guild.add_member(world.env.create_user("mallory"), roles=[managers])
    return Elsewhere(guild, channel, mallory)


@pytest.mark.bot_settings(board_images=False)
async def test_menus_and_numbers_of_another_servers_game_are_refused(
    world: World, elsewhere: Elsewhere, simcord_bot: CivBot
) -> None:
    thread = await start(world)
    take = selects(newest_prompt(world))[0]["custom_id"]
    bid = await _to_bid(world, thread)
    typed = next(b for b in buttons(bid) if b["label"] == "Type a number…")["custom_id"]
    version = (await simcord_bot.service.get(1)).version
    for custom_id, value in [(take, "&1"), (take, "=take:1"), (typed, "")]:
        places: list[tuple[Any, Any, str]] = [
            (elsewhere.channel, elsewhere.mallory, "is not a game of this server"),
            (elsewhere.mallory.user, elsewhere.mallory.user, "You are not playing in game #1"),
        ]
        for where, who, expected in places:
            message = await forge(simcord_bot, where, {custom_id: value})
            if value:
                result = await who.select(message, [value], custom_id=custom_id)
            else:
                result = await who.click(message, custom_id=custom_id)
            assert result.modal is None and expected in only_reply(result).content
    assert (await simcord_bot.service.get(1)).version == version


def test_menu_and_number_ids_fit_and_route() -> None:
    big = 2**63 - 1
    for custom in (
        ids.group_select(big, big, big, 4, 3, 999),
        ids.group_select(big, "t" + "z" * 7, 3, 4, 3, 9),
        ids.number_button(big, big, 3, big, big),
    ):
        assert len(custom) <= 100
        assert any(re.fullmatch(template, custom) for template in ids.TEMPLATES)
    assert not re.fullmatch(ids.GROUP_TEMPLATE, "cb:g:1:2:0:5:0:0")  # at most four rows
    assert not re.fullmatch(ids.GROUP_TEMPLATE, "cb:g:1:2:0:4:4:0")  # menus 0-3


# -- questions out of turn: mentions and reminders ---------------------------------------------
@pytest.mark.bot_settings(board_images=False, reminder_check_seconds=60)
async def test_reminders_of_a_question_out_of_turn_say_who_asks(
    world: World, bot_factory: Factory
) -> None:
    now = [1_000_000.0]
    bot = bot_factory(clock=lambda: now[0])
    await world.env.restart_bot(bot)
    thread = await start(world)
    await _to_bid(world, thread)
    now[0] += 13 * 3600  # past the reminder delay (12 hours)
    await world.env.advance_time(61)
    reminders = [m for m in texts(thread) if m.startswith("⏰")]
    assert reminders == [
        f"⏰ <@{world.bob.user.id}>, game #1 is still waiting for your answer: alice asks you: bid"
    ]


# -- Through the Ages, end to end (registered for this test only) ------------------------------
@pytest.fixture
def tta_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """TTA in the registry and ``/game new`` (before the bot syncs its commands)."""
    from discord import app_commands

    from bot.cogs.lobby import LobbyCog
    from engines import registry
    from engines.tta.engine import TtaEngine

    monkeypatch.setitem(registry._ENGINES, "tta", TtaEngine())
    param = LobbyCog.new._params["game"]  # type: ignore[attr-defined]
    choice = app_commands.Choice(name="tta", value="tta")
    monkeypatch.setattr(param, "choices", [*param.choices, choice])


@pytest.mark.bot_settings(board_images=False)
async def test_tta_menus_and_reaction_deadline_smoke(
    tta_game: None, world: World, simcord_bot: CivBot
) -> None:
    thread = await open_game(
        world.channel, [world.alice, world.bob], "tta", ["deadline=24h", "reaction_deadline=1h"]
    )
    lobby = thread.history()[0]
    assert "Deadline for answers out of turn: 1 hour" in str(lobby.embeds[0].fields[1].value)
    info = await simcord_bot.service.get(1)
    (prompt,) = await simcord_bot.service.prompts(1)
    member = [world.alice, world.bob][prompt.seat]
    dm = member.user.dm_channel
    panel = next(m for m in reversed(dm.history()) if selects(m))
    take = selects(panel)[0]
    assert take["placeholder"].startswith("Take a card (")
    card = take["options"][0]["value"]
    result = await member.user.select(panel, [card], custom_id=take["custom_id"])
    assert replies(result)
    assert (await simcord_bot.service.get(1)).version == info.version + 1
