"""Answering: refusals (non-player, wrong seat, stale), /hand, /play autocomplete, DMs closed."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from bot.client import CivBot
from engines.core.contract import Prompt
from engines.duel.engine import DuelEngine
from tests.bot.bot_harness import World
from tests.bot.bot_helpers import accepted, answer_controls, latest_panel, latest_prompt, texts
from tests.bot.test_access import forge


async def started(world: World, language: str | None = None) -> simcord.ChannelHandle:
    options = {"language": language} if language else {}
    await world.alice.slash(world.channel, "game new", game="duel", **options)
    thread = world.channel.threads[-1]
    lobby = thread.history()[0]
    await world.bob.click(lobby, custom_id="cb:l:1:join")
    await world.alice.click(thread.history()[0], custom_id="cb:l:1:start")
    return thread


def replies(result: Any) -> list[Any]:
    return [r for r in [result.response, *result.followups] if r is not None]


def first_answer(message: Any) -> str:
    return answer_controls(message)[0]["custom_id"]


def seat_of(message: Any) -> int:
    return int(first_answer(message).split(":")[4])


async def panel_of(world: World) -> tuple[Any, simcord.MemberActor, simcord.MemberActor]:
    """The open question's panel (in its seat's DMs), its player and the other player."""
    found = latest_panel([world.alice, world.bob], seat_of=True)
    assert found is not None
    panel, actor = found
    return panel, actor, world.bob if actor is world.alice else world.alice


async def test_outsider_wrong_seat_and_stale_are_refused(
    world: World, simcord_bot: CivBot
) -> None:
    thread = await started(world)
    panel, actor, other = await panel_of(world)
    before = texts(thread)
    custom = first_answer(panel)

    # The same button in another member's DMs (a forwarded or altered client).
    outsider = await world.carol.user.click(await forge(simcord_bot, world.carol.user,
                                                        {custom: ""}), custom_id=custom)
    assert [r.ephemeral for r in replies(outsider)] == [True]
    assert "not playing" in replies(outsider)[0].content
    wrong = await other.user.click(await forge(simcord_bot, other.user, {custom: ""}),
                                   custom_id=custom)
    assert "belongs to" in replies(wrong)[0].content and replies(wrong)[0].ephemeral
    assert texts(thread) == before  # nothing changed

    hand = await actor.slash(thread, "hand")  # an ephemeral copy of the same buttons
    private = replies(hand)[-1]
    assert private.ephemeral and answer_controls(private)
    ok = await actor.user.click(panel, custom_id=custom)
    assert accepted(ok)  # acknowledged by the panel's own edit
    stale = await actor.click(private, custom_id=first_answer(private))
    assert "out of date" in replies(stale)[-1].content and replies(stale)[-1].ephemeral


async def test_play_autocomplete_and_typed_answer(world: World) -> None:
    thread = await started(world)
    _panel, actor, _other = await panel_of(world)
    choices = await actor.autocomplete(thread, "play", "option", "take")
    assert choices and all(c["name"].startswith("Take ") for c in choices)
    outsider = await world.carol.autocomplete(thread, "play", "option", "")
    assert outsider == []
    result = await actor.slash(thread, "play", option=choices[0]["value"])
    assert replies(result)[-1].content.startswith("✅ You chose: Take")  # a slash command
    # typed by hand: an option id works too
    nxt, actor, _other = await panel_of(world)
    option_id = first_answer(nxt).split(":", 5)[5].lstrip("=")
    typed = await actor.slash(thread, "play", option=option_id)
    assert replies(typed)[-1].content.startswith("✅")
    nonsense = await actor.slash(thread, "play", option="fly to the moon")
    assert replies(nonsense)[-1].ephemeral


async def test_game_status_posts_board(world: World) -> None:
    thread = await started(world)
    result = await world.carol.slash(thread, "game status")
    message = replies(result)[-1]
    assert "In progress" in message.content and "Waiting for" in message.content
    assert message.attachments and message.attachments[0].filename == "board.png"


@pytest.fixture
def private_prompts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every Duel prompt private, so the DM path (and its fallback) is exercised."""
    original = DuelEngine.prompts

    def prompts(self: DuelEngine, state: Any) -> list[Prompt]:
        return [p.model_copy(update={"private": True}) for p in original(self, state)]

    monkeypatch.setattr(DuelEngine, "prompts", prompts)


@pytest.mark.usefixtures("private_prompts")
async def test_closed_dms_fall_back_to_ephemeral(world: World) -> None:
    world.close_dms(world.alice)
    thread = await started(world)
    for _ in range(6):  # a few turns of the draft, whoever is asked
        notes = [m for m in thread.history() if "can't send you direct messages" in m.content]
        bob_dm = latest_prompt(world.bob.user.dm_channel)
        if bob_dm is not None:
            result = await world.bob.user.click(bob_dm, custom_id=first_answer(bob_dm))
        else:
            note = notes[-1]
            assert world.alice.mention in note.content
            shown = await world.alice.click(note, label="Show my hand / act")
            private = replies(shown)[-1]
            assert private.ephemeral and answer_controls(private)
            result = await world.alice.click(private, custom_id=first_answer(private))
        assert accepted(result)
    assert any("can't send you direct messages" in m for m in texts(thread))
    assert world.bob.user.dm_channel.history()  # bob's choices arrived by DM


async def test_chinese_game_speaks_chinese(world: World) -> None:
    thread = await started(world, language="zh-TW")
    assert "⏳ 等待" in thread.history()[-1].content  # the live board, in Chinese
    panel, _actor, _other = await panel_of(world)
    labels = [c.get("label", "") for c in answer_controls(panel)]
    assert all(label.startswith("拿取") for label in labels if label != "撤銷")
    assert "第 1 局" in panel.content and "選擇" in panel.content  # the panel speaks Chinese too


@pytest.fixture
def crowded_prompts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pad every Duel prompt past a hundred options (the real ones stay first)."""
    original = DuelEngine.prompts

    def prompts(self: DuelEngine, state: Any) -> list[Prompt]:
        out = []
        for p in original(self, state):
            extra = [p.options[0].model_copy(update={"id": f"pad:{i}"}) for i in range(120)]
            out.append(p.model_copy(update={"options": [*p.options, *extra]}))
        return out

    monkeypatch.setattr(DuelEngine, "prompts", prompts)


@pytest.mark.usefixtures("crowded_prompts")
async def test_long_prompts_page_into_selects(world: World) -> None:
    await started(world)
    panel, actor, _other = await panel_of(world)
    controls = answer_controls(panel)
    assert [c["type"] for c in controls] == [3, 3, 3, 3]  # four selects of 25
    more = await actor.user.click(panel, label="More options (2/2)")
    page = replies(more)[-1]
    assert page.ephemeral and "101–124" in page.content
    assert len(answer_controls(page)) == 1
    real = controls[0]["options"][0]["value"]
    chosen = await actor.user.select(panel, [real], custom_id=controls[0]["custom_id"])
    assert accepted(chosen)
