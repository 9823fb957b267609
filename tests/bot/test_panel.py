"""The turn panel: a seat's whole turn on one DM message edited in place, provisional events
shown there only, the table image and a status line once per turn, the end-turn
confirmation, restarts, closed DMs; and Duel's image of a newly laid-out Age.

Played through SimCord with a small fake engine ("panelgame", registered for these tests
only): the current seat acts on a panel (``build``/``take`` are provisional, ``ask`` puts a
reaction question to the other seat, ``pick`` opens a follow-up pick, ``end`` forecasts
unused actions and ends the turn with a public ``turn_actions`` summary).
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from typing import Any, ClassVar

import discord
import pytest
import simcord
from pydantic import BaseModel

from bot import ids
from bot.client import CivBot
from bot.components.panel import ConfirmButton, confirm_items
from bot.components.prompt import AnswerButton
from bot.delivery import hand
from bot.delivery.table import BOARD_NOTE, Board
from bot.games._base import GameWords
from engines.core.contract import (
    Engine,
    Event,
    GameResult,
    Option,
    Pacing,
    Prompt,
    SeatScore,
)
from games.models import Outcome
from tests.bot.bot_harness import Factory, World
from tests.bot.bot_helpers import components
from tests.bot.sw_driver import open_game, replies
from tests.bot.test_access import HUGE, forge, only_reply
from tests.bot.test_delivery_invariant import Table

GAME = "panelgame"
ACTIONS = 5
TURNS = 3


class PanelState(BaseModel):
    turn: int = 1
    current: int = 0
    left: int = ACTIONS
    phase: str = "act"
    done: list[str] = []
    answers: int = 0


class PanelView(BaseModel):
    turn: int
    current: int
    left: int
    table_key: str


class PanelEngine(Engine[PanelState]):
    name: ClassVar[str] = GAME
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_type: ClassVar[type[BaseModel]] = PanelState
    pacing: ClassVar[Pacing] = "turn"

    def new_game(
        self, players: int, seed: int, options: dict[str, str] | None = None
    ) -> PanelState:
        return PanelState()

    def prompts(self, state: PanelState) -> list[Prompt]:
        me, asked = state.current, f"{state.phase}.{state.answers}"
        if state.phase == "act":
            options = [Option(id=f"build:{i}", key="build", params={"n": i}) for i in range(3)]
            options += [Option(id="take", key="take"), Option(id="ask", key="ask")]
            options += [Option(id="pick", key="pick")]
            options.append(Option(id="end", key="end", params={"unused_ca": state.left}))
            return [Prompt(seat=me, kind="act", options=options, layout="panel", question=asked,
                           panel=True)]
        if state.phase == "pick":
            options = [Option(id=f"card:{c}", key="card") for c in "xyz"]
            options.append(Option(id="done", key="done"))
            return [Prompt(seat=me, kind="pick", options=options, layout="pick", private=True,
                           question=asked, panel=True)]
        if state.phase == "react":
            options = [Option(id="yes", key="yes"), Option(id="no", key="no")]
            return [Prompt(seat=1 - me, kind="react", options=options, reaction=True,
                           question=asked)]
        return []

    def apply(self, state: PanelState, seat: int, option_id: str) -> list[Event]:
        prompt = self.check_answer(state, seat, option_id)
        state.answers += 1
        if prompt.kind == "react":
            state.phase = "act"
            return [Event(kind="reacted", seat=seat, params={"answer": option_id})]
        if prompt.kind == "pick":
            state.phase = "act"
            return [Event(kind="picked", seat=seat, provisional=True)]
        if option_id == "ask":
            state.phase = "react"
            return [Event(kind="asked", seat=seat)]
        if option_id == "pick":
            state.phase = "pick"
            return []
        if option_id == "end":
            summary = Event(kind="turn_actions", seat=seat, params={"count": len(state.done)})
            state.done = []
            state.turn += 1
            state.current = 1 - state.current
            state.left = ACTIONS
            if state.turn > TURNS:
                state.phase = "over"
            return [summary]
        state.left = max(0, state.left - 1)
        state.done.append(option_id)
        return [Event(kind="built", seat=seat, params={"what": option_id}, provisional=True)]

    def copy(self, state: PanelState) -> PanelState:
        return state.model_copy(deep=True)

    def view(self, state: PanelState, seat: int | None) -> PanelView:
        return PanelView(turn=state.turn, current=state.current, left=state.left,
                         table_key=str(state.turn))

    def result(self, state: PanelState) -> GameResult | None:
        if state.phase != "over":
            return None
        scores = [SeatScore(seat=0, total=1), SeatScore(seat=1, total=0)]
        return GameResult(victory="test", winners=[0], scores=scores)

    def catalogue(self) -> dict[str, Any]:
        return {}


class PanelWords(GameWords[PanelView]):
    warn_params = ("unused_ca",)

    def turn_status(self, lang: str, view: Any, names: dict[int, str]) -> str | None:
        return f"{names[view.current]} is playing: {view.left} actions left"


@pytest.fixture(autouse=True)
def panel_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The fake engine, known to the registry and offered by ``/game new`` (tests only)."""
    from discord import app_commands

    from bot import games
    from bot.cogs.lobby import LobbyCog
    from engines import registry

    registry.engine_names()  # loads the real engines first
    monkeypatch.setitem(registry._ENGINES, GAME, PanelEngine())
    monkeypatch.setitem(games._HOOKS, GAME, PanelWords())
    param = LobbyCog.new._params["game"]  # type: ignore[attr-defined]
    choice = app_commands.Choice(name=GAME, value=GAME)
    monkeypatch.setattr(param, "choices", [*param.choices, choice])
    yield


def fake_renderer(game: str, view: Any, lang: str, names: list[str]) -> bytes | None:
    return b"\x89PNG fake"


def bot_messages(channel: simcord.ChannelHandle) -> list[Any]:
    return [m for m in channel.history() if m.author.bot]


def answer_ids(message: Any) -> dict[str, str]:
    """Option id (or ``confirm``/``back``) -> custom id of a message's buttons."""
    out: dict[str, str] = {}
    for control in components(message):
        cid = str(control.get("custom_id", ""))
        if cid.startswith("cb:o:"):
            out[cid.rsplit(":=", 1)[-1]] = cid
        elif cid.startswith("cb:k:"):
            out["back" if cid.endswith(":-") else "confirm"] = cid
    return out


async def start(
    world: World, bot_factory: Factory, renderer: Any = fake_renderer
) -> simcord.ChannelHandle:
    bot_factory.renderer = renderer
    for bot in bot_factory.bots:
        bot.renderer = renderer
    return await open_game(world.channel, [world.alice, world.bob], GAME)


def panel_of(member: simcord.MemberActor) -> Any:
    """The only bot message in the member's DMs that is this turn's panel (newest)."""
    messages = bot_messages(member.user.dm_channel)
    assert messages, "no DM"
    return messages[-1]


async def press(member: simcord.MemberActor, message: Any, option: str) -> Any:
    ids = answer_ids(message)
    assert option in ids, (option, ids)
    return await member.user.click(message, custom_id=ids[option])


def fresh(channel: simcord.ChannelHandle, message_id: int) -> Any:
    return next(m for m in channel.history() if m.id == message_id)


def mentions(thread: simcord.ChannelHandle, member: simcord.MemberActor) -> int:
    """How often the thread pinged ``member`` about a question (not "the game has started")."""
    return sum(
        1
        for m in thread.history()
        if f"<@{member.user.id}>" in m.content and "has started" not in m.content
    )


# -- one message per turn ----------------------------------------------------------------------
async def test_the_panel_uploads_its_picture_once_a_stretch(
    world: World, bot_factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click edits the panel without uploading its picture again (the message keeps the
    one it was sent with, drawn once a stretch), and says what the picture shows."""
    picture = {"bytes": b"civilization one"}

    async def drawn(renderer: Any, game: str, name: str, args: Any, filename: str) -> Any:
        return discord.File(io.BytesIO(picture["bytes"]), filename=filename)

    def images(self: Any, view: Any, seat: int) -> list[tuple[str, dict[str, Any], str]]:
        return [("render_hand", {}, "civilization.png")]

    monkeypatch.setattr(hand, "extra_file", drawn)
    monkeypatch.setattr(PanelWords, "private_images", images)
    uploads: list[int] = []
    cdn = world.env.backend.cdn
    store = cdn.store_attachment

    def counted(*args: Any, **kwargs: Any) -> Any:
        uploads.append(1)
        return store(*args, **kwargs)

    monkeypatch.setattr(cdn, "store_attachment", counted)
    await start(world, bot_factory, renderer=None)
    alice, dms = world.alice, world.alice.user.dm_channel
    panel = panel_of(alice)
    assert len(panel.attachments) == 1 and len(uploads) == 1
    for option in ("build:0", "take"):
        await press(alice, fresh(dms, panel.id), option)
        shown = fresh(dms, panel.id)
        assert "You chose" in shown.content and len(shown.attachments) == 1
    assert len(uploads) == 1  # the same picture: kept, never sent again
    # drawn once a stretch: a changed position is not uploaded again within it (the panel
    # says its picture shows the turn's start; /hand draws the position now)
    picture["bytes"] = b"civilization two"
    await press(alice, fresh(dms, panel.id), "build:1")
    shown = fresh(dms, panel.id)
    assert len(uploads) == 1 and len(shown.attachments) == 1
    assert shown.attachments[0].filename == "civilization.png"
    assert "🖼️ The picture shows your position as this turn began" in shown.content


async def test_a_turn_is_one_message_edited_in_place(world: World, bot_factory: Factory) -> None:
    thread = await start(world, bot_factory)
    alice, bob = world.alice, world.bob
    panel = panel_of(alice)
    dms = alice.user.dm_channel
    assert len(bot_messages(dms)) == 1 and answer_ids(panel)
    images_before = sum(1 for m in thread.history() if m.attachments)
    assert mentions(thread, alice) == 0  # called back by her panel, a new DM

    for option in ("build:0", "take", "build:1", "pick", "card:x"):
        result = await press(alice, fresh(dms, panel.id), option)
        # no "thinking", no reply: the answer is the panel itself, edited
        assert [r.id for r in replies(result)] == [panel.id]
        assert len(bot_messages(dms)) == 1  # edited, never a new message
    shown = fresh(dms, panel.id)
    assert "You chose" in shown.content and "Last:" in shown.content
    last = next(line for line in shown.content.splitlines() if line.startswith("Last:"))
    assert "; " not in last and last.endswith(".")  # sentences, not "….; …"
    assert "built" in shown.content and "picked" in shown.content
    # provisional events never reach the thread; no image, no mention within the turn
    assert not any("built" in m.content or "picked" in m.content for m in thread.history())
    assert sum(1 for m in thread.history() if m.attachments) == images_before
    status = [m for m in thread.history() if "is playing" in m.content]
    assert len(status) == 1 and "2 actions left" in status[0].content  # the board's status

    # a question to the other seat: the panel waits, then comes back on the same message
    await press(alice, fresh(dms, panel.id), "ask")
    waiting = fresh(dms, panel.id)
    assert "Waiting for bob" in waiting.content and not answer_ids(waiting)
    question = panel_of(bob)  # asked out of turn: a new panel in bob's DMs, which notifies
    assert "yes" in answer_ids(question)
    await bob.user.click(question, custom_id=answer_ids(question)["yes"])
    back = fresh(dms, panel.id)
    assert answer_ids(back) and len(bot_messages(dms)) == 1
    assert mentions(thread, alice) == 0  # never pinged in the thread

    # the turn ends: a new board (the old one a log entry without its picture), the
    # next seat's panel, this one closed
    bot = bot_factory.bots[-1]
    version = (await bot.service.get(1)).version
    await press(alice, back, "end")
    confirm = fresh(dms, panel.id)
    assert "unused ca" in confirm.content or "Confirm" in confirm.content
    assert set(answer_ids(confirm)) == {"confirm", "back"}
    assert (await bot.service.get(1)).version == version  # nothing sent yet
    await alice.user.click(confirm, custom_id=answer_ids(confirm)["back"])
    assert "end" in answer_ids(fresh(dms, panel.id))
    await press(alice, fresh(dms, panel.id), "end")
    confirm = fresh(dms, panel.id)
    await alice.user.click(confirm, custom_id=answer_ids(confirm)["confirm"])
    assert (await bot.service.get(1)).version == version + 1
    assert not answer_ids(fresh(dms, panel.id))  # the old turn's panel is closed
    assert any("turn_actions" in m.content for m in thread.history())
    assert sum(1 for m in thread.history() if m.attachments) == images_before
    assert thread.history()[-1].attachments  # the live board shows the position
    live = [m for m in bot_messages(bob.user.dm_channel) if answer_ids(m)]
    assert len(live) == 1 and live[0].id == panel_of(bob).id  # bob's panel, one a stretch
    assert len([m for m in thread.history() if "is playing" in m.content]) == 1


async def test_an_option_without_warnings_is_sent_at_once(
    world: World, bot_factory: Factory
) -> None:
    await start(world, bot_factory, renderer=None)
    alice = world.alice
    dms = alice.user.dm_channel
    panel = panel_of(alice)
    for _ in range(ACTIONS):  # every action used: ending costs nothing
        await press(alice, fresh(dms, panel.id), "take")
    await press(alice, fresh(dms, panel.id), "end")
    assert (await bot_factory.bots[-1].service.get(1)).version == ACTIONS + 1
    assert not answer_ids(fresh(dms, panel.id))


async def test_confirm_is_red_back_is_quiet_and_both_read_back_as_confirmations() -> None:
    confirm, back = confirm_items(7, 3, 1, "end", 6, ("Confirm", "Back"))
    assert [confirm.custom_id, back.custom_id] == [
        ids.confirm(7, 3, 1, "end", 6),
        ids.confirm(7, 3, 1, "", 6),
    ]
    assert [confirm.item.style, back.item.style] == [
        discord.ButtonStyle.danger,
        discord.ButtonStyle.secondary,
    ]
    for button in (confirm, back):
        match = ConfirmButton.__discord_ui_compiled_template__.fullmatch(button.custom_id)
        assert match is not None
        interaction: Any = None
        again = await ConfirmButton.from_custom_id(interaction, button.item, match)
        assert type(again) is ConfirmButton and again.custom_id == button.custom_id
        assert (again.game_id, again.version, again.seat) == (7, 3, 1)
    assert back.ref == ids.BACK_REF
    # the answer buttons it shares its making with keep their own kind and style
    answer = AnswerButton(7, 3, 1, "=end")
    assert answer.custom_id == "cb:o:7:3:1:=end"
    assert answer.item.style is discord.ButtonStyle.primary


@pytest.mark.parametrize(
    "custom_id", [f"cb:k:{HUGE}:0:0:=end", f"cb:k:1:{HUGE}:0:-", f"cb:k:1:0:{HUGE}:=end"]
)
async def test_forged_confirmations_are_refused(
    world: World, bot_factory: Factory, custom_id: str
) -> None:
    await start(world, bot_factory, renderer=None)
    bot = bot_factory.bots[-1]
    message = await forge(bot, world.alice.user, {custom_id: ""})
    result = await world.alice.user.click(message, custom_id=custom_id)
    assert "is not valid" in only_reply(result).content
    assert (await bot.service.get(1)).version == 0


async def test_a_stale_or_foreign_confirmation_changes_nothing(
    world: World, bot_factory: Factory
) -> None:
    await start(world, bot_factory, renderer=None)
    bot = bot_factory.bots[-1]
    alice, dms = world.alice, world.alice.user.dm_channel
    panel = panel_of(alice)
    await press(alice, fresh(dms, panel.id), "end")
    old = answer_ids(fresh(dms, panel.id))["confirm"]
    await alice.user.click(fresh(dms, panel.id), custom_id=answer_ids(fresh(dms, panel.id))["back"])
    await press(alice, fresh(dms, panel.id), "take")  # the question moved on
    stale = await forge(bot, alice.user, {old: ""})
    result = await alice.user.click(stale, custom_id=old)
    assert "out of date" in only_reply(result).content
    foreign = await forge(bot, world.bob.user, {old: ""})
    result = await world.bob.user.click(foreign, custom_id=old)
    assert only_reply(result).content  # refused: not bob's seat
    assert (await bot.service.get(1)).version == 1


# -- restarts ---------------------------------------------------------------------------------
async def test_a_restart_mid_turn_edits_the_same_panel(world: World, bot_factory: Factory) -> None:
    await start(world, bot_factory, renderer=None)
    alice = world.alice
    dms = alice.user.dm_channel
    panel = panel_of(alice)
    await press(alice, fresh(dms, panel.id), "build:0")
    await world.env.restart_bot(bot_factory())
    await bot_factory.bots[-1].redelivery
    assert len(bot_messages(dms)) == 1  # still showing: not sent again
    await press(alice, fresh(dms, panel.id), "build:1")
    assert len(bot_messages(dms)) == 1
    shown = fresh(dms, panel.id)
    assert answer_ids(shown) and "build:1" in shown.content  # "Last:" survived the restart

    # committed, then the bot dies before telling anyone: the redelivery edits the panel
    bot = bot_factory.bots[-1]
    await bot.service.answer(1, alice.user.id, "take")
    await world.env.restart_bot(bot_factory())
    await bot_factory.bots[-1].redelivery
    assert len(bot_messages(dms)) == 1
    info = await bot_factory.bots[-1].service.get(1)
    prompt = (await bot_factory.bots[-1].service.prompts(1))[0]
    pinned = ids.pin(prompt.question, info.version)
    assert f":{pinned}:" in next(iter(answer_ids(fresh(dms, panel.id)).values()))


# -- closed DMs -------------------------------------------------------------------------------
async def test_closed_dms_play_on_an_ephemeral_panel(world: World, bot_factory: Factory) -> None:
    world.close_dms(world.alice)
    thread = await start(world, bot_factory, renderer=None)
    alice = world.alice
    note = next(
        m
        for m in reversed(thread.history())
        if any(str(c.get("custom_id", "")).startswith("cb:h:") for c in components(m))
        and f"<@{alice.user.id}>" in m.content
    )
    shown = await alice.click(note, custom_id="cb:h:1")
    panel = replies(shown)[-1]
    assert answer_ids(panel)
    bot = bot_factory.bots[-1]
    for option in ("build:0", "take"):
        result = await alice.click(panel, custom_id=answer_ids(panel)[option])
        edited = replies(result)
        assert len(edited) <= 1  # the ephemeral panel itself, never a new message
        stored = await bot.delivery.records.panel(1, 0)
        assert stored is not None and stored.ephemeral and stored.message == panel.id
        panel = edited[-1] if edited else panel
    assert (await bot.service.get(1)).version == 2
    assert "built" in panel.content


# -- the delivery guarantees, over whole random games ----------------------------------------
@pytest.mark.parametrize("closed", [set(), {0}], ids=["dms-open", "alice-dms-closed"])
async def test_every_panel_question_stays_answerable(
    world: World, bot_factory: Factory, closed: set[int]
) -> None:
    """After every answer each asked seat has live components for its question (its
    panel, an ephemeral panel, or the question in the thread; with closed DMs the "Show my
    hand" note it was pinged in), and nothing is left owed."""
    players = [world.alice, world.bob]
    for seat in closed:
        world.close_dms(players[seat])
    thread = await start(world, bot_factory, renderer=None)
    table = Table(world, bot_factory.bots, thread, players, random.Random(5), closed)
    rng, answers = table.rng, 0
    while questions := await table.questions():
        for seat, (_prompt, pinned) in questions.items():
            live = table.find(seat, pinned) is not None
            assert live or (seat in closed and table.hand_note(seat, 0) is not None), seat
        assert not table.bot.delivery.pending()
        seat = rng.choice(sorted(questions))
        found = table.find(seat, questions[seat][1])
        if found is None:
            note = table.hand_note(seat, 0)
            assert note is not None
            shown = await players[seat].click(note, custom_id="cb:h:1")
            table.ephemeral.setdefault(seat, []).append((replies(shown)[-1], players[seat]))
            found = table.find(seat, questions[seat][1])
            assert found is not None, "Show my hand does not show the panel"
        message, clicker = found
        ids = answer_ids(message)
        result = await clicker.click(message, custom_id=ids[rng.choice(sorted(ids))])
        shown = replies(result)
        if shown and "confirm" in answer_ids(shown[-1]):  # the end of a turn, confirmed
            choice = rng.choice(["confirm", "confirm", "back"])
            result = await clicker.click(shown[-1], custom_id=answer_ids(shown[-1])[choice])
            shown = replies(result)
        if seat in closed:
            table.ephemeral[seat] = [(r, clicker) for r in shown if answer_ids(r)]
        answers += 1
    assert answers > 10
    assert any("is over" in m.content for m in thread.history())
    assert not table.bot.delivery.pending()
    for member in players:  # the game is over: no panel is left answerable
        assert not any(answer_ids(m) for m in bot_messages(member.user.dm_channel))


# -- Duel: the board follows the table key ----------------------------------------------------
@pytest.mark.parametrize(("told", "posted"), [("1:0 before", True), (None, False)])
async def test_duel_image_when_the_table_key_changes(
    world: World, bot_factory: Factory, told: str | None, posted: bool
) -> None:
    """Told answer by answer, a new board is posted when the public view's ``table_key``
    differs from the live board's (the next Age laid out, even when the seat that took the
    last card chooses who starts it), and only then."""
    bot: CivBot = bot_factory.bots[-1]
    bot.renderer = fake_renderer  # the real Duel renderer is slow and not what is checked
    duel_thread = await open_game(world.channel, [world.alice, world.bob], "duel")
    duel = await bot.service.get(1)
    prompts = await bot.service.prompts(1)
    if told is not None:
        board = Board.load(await bot.service.get_note(1, BOARD_NOTE))
        assert board is not None
        board.key = told
        await bot.service.set_note(1, BOARD_NOTE, board.dump())
    count = len(duel_thread.history())
    await bot.delivery.publish(Outcome(info=duel, prompts=prompts), before=prompts)
    # a new board (with the position's picture), or the live one edited
    assert len(duel_thread.history()) == count + (1 if posted else 0)
    assert duel_thread.history()[-1].attachments
    view: Any = await bot.service.view(1, None)
    live = Board.load(await bot.service.get_note(1, BOARD_NOTE))
    assert live is not None and live.key == str(view.table_key)


# -- Through the Ages, end to end (a smoke test) ----------------------------------------------
@pytest.fixture
def tta_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the Ages, known to the registry and offered by ``/game new`` (its package
    does not export ``ENGINE`` yet); requested before the bot starts (commands sync)."""
    from discord import app_commands

    from bot.cogs.lobby import LobbyCog
    from engines import registry
    from engines.tta.engine import TtaEngine

    registry.engine_names()
    monkeypatch.setitem(registry._ENGINES, "tta", TtaEngine())
    param = LobbyCog.new._params["game"]  # type: ignore[attr-defined]
    tta = app_commands.Choice(name="tta", value="tta")
    monkeypatch.setattr(param, "choices", [*param.choices, tta])


@pytest.mark.bot_settings(board_images=False)
async def test_tta_turns_are_played_on_panels(
    tta_registered: None, world: World, bot_factory: Factory
) -> None:
    """TTA (registered for this test only): each turn is one DM message per seat, edited
    by every answer of that turn, whatever the menus look like."""
    players = [world.alice, world.bob]
    # the first game: random clicks in the full game (the default) may resign, ending it
    thread = await open_game(world.channel, players, "tta", ["mode=first"])
    bot = bot_factory.bots[-1]
    found = await bot.service.game_for_thread(thread.id)
    assert found is not None
    game_id = found.id
    rng = random.Random(3)
    turns: dict[tuple[int, str], int] = {}  # (seat, turn) -> its panel message
    for _ in range(25):
        prompts = await bot.service.prompts(game_id)
        if not prompts:
            break
        info = await bot.service.get(game_id)
        prompt = prompts[0]
        turn = await bot.delivery.panels.turn_of(info)
        member = players[prompt.seat]
        dms = member.user.dm_channel
        message = bot_messages(dms)[-1]
        key = (prompt.seat, turn)
        turns.setdefault(key, message.id)
        assert message.id == turns[key], "a second message in the same turn"
        pinned = ids.pin(prompt.question, info.version)
        mine = [c for c in components(message) if f":{pinned}:" in str(c.get("custom_id", ""))]
        assert mine, "the panel does not answer the open question"
        control = rng.choice(mine)
        if control["type"] == 3:
            values = [o["value"] for o in control["options"] if o["value"][:1] in "=#"]
            choice = [rng.choice(values)]
            result = await member.user.select(message, choice, custom_id=control["custom_id"])
        else:
            result = await member.user.click(message, custom_id=control["custom_id"])
        shown = replies(result)
        if shown and "confirm" in answer_ids(shown[-1]):
            await member.user.click(shown[-1], custom_id=answer_ids(shown[-1])["confirm"])
    assert (await bot.service.get(game_id)).version >= 10
    assert len(turns) >= 2  # the turn passed, and a new panel was opened for it


def test_the_last_line_joins_sentences_cleanly_in_every_language() -> None:
    """The panel's "Last:" line (``wording.sentences``): a line ending in its own full stop
    is followed by a space ("….; …" was the old join), a Chinese "。" by nothing, and a line
    without a final mark gets the language's."""
    from bot.i18n import t
    from bot.wording import sentences

    en = ["Alice passes the political phase.", "Alice discards a military card."]
    assert sentences("en", en) == (
        "Alice passes the political phase. Alice discards a military card.")
    assert sentences("en", ["built: what=build:1", "Done!", " "]) == "built: what=build:1. Done!"
    for lang in ("zh-TW", "zh-CN"):
        stop = t(lang, "panel.full_stop")
        assert stop == "。"
        assert sentences(lang, ["Alice 跳過。", "Alice 棄牌", "Bo took Agriculture."]) == (
            "Alice 跳過。Alice 棄牌。Bo took Agriculture.")
    assert sentences("en", []) == ""
