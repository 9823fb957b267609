"""Answering: refusals (non-player, wrong seat, stale), /hand, /play autocomplete, DMs closed."""

from __future__ import annotations

from typing import Any

import pytest
import simcord
from bot_harness import World
from bot_helpers import answer_controls, latest_prompt, texts

from engines.core.contract import Prompt
from engines.duel.engine import DuelEngine


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


async def test_outsider_wrong_seat_and_stale_are_refused(world: World) -> None:
    thread = await started(world)
    prompt = latest_prompt(thread)
    assert prompt is not None
    players = [world.alice, world.bob]
    actor, other = players[seat_of(prompt)], players[1 - seat_of(prompt)]
    before = texts(thread)

    outsider = await world.carol.click(prompt, custom_id=first_answer(prompt))
    assert [r.ephemeral for r in replies(outsider)] == [True]
    assert "not playing" in replies(outsider)[0].content
    wrong = await other.click(prompt, custom_id=first_answer(prompt))
    assert "belongs to" in replies(wrong)[0].content and replies(wrong)[0].ephemeral
    assert texts(thread) == before  # nothing changed

    hand = await actor.slash(thread, "hand")  # an ephemeral copy of the same buttons
    private = replies(hand)[-1]
    assert private.ephemeral and answer_controls(private)
    ok = await actor.click(prompt, custom_id=first_answer(prompt))
    assert replies(ok)[-1].content.startswith("✅")
    stale = await actor.click(private, custom_id=first_answer(private))
    assert "out of date" in replies(stale)[-1].content and replies(stale)[-1].ephemeral


async def test_play_autocomplete_and_typed_answer(world: World) -> None:
    thread = await started(world)
    prompt = latest_prompt(thread)
    assert prompt is not None
    actor = [world.alice, world.bob][seat_of(prompt)]
    choices = await actor.autocomplete(thread, "play", "option", "take")
    assert choices and all(c["name"].startswith("Take ") for c in choices)
    outsider = await world.carol.autocomplete(thread, "play", "option", "")
    assert outsider == []
    result = await actor.slash(thread, "play", option=choices[0]["value"])
    assert replies(result)[-1].content.startswith("✅ You chose: Take")
    # typed by hand: an option id works too
    nxt = latest_prompt(thread)
    assert nxt is not None
    actor = [world.alice, world.bob][seat_of(nxt)]
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
        assert replies(result)[-1].content.startswith("✅")
    assert any("can't send you direct messages" in m for m in texts(thread))
    assert world.bob.user.dm_channel.history()  # bob's choices arrived by DM


async def test_chinese_game_speaks_chinese(world: World) -> None:
    thread = await started(world, language="zh-TW")
    assert any("輪到你了" in m for m in texts(thread))
    prompt = latest_prompt(thread)
    assert prompt is not None
    labels = [c.get("label", "") for c in answer_controls(prompt)]
    assert all(label.startswith("拿取") for label in labels)
    carol = await world.carol.click(prompt, custom_id=first_answer(prompt))
    assert "你沒有參加" in replies(carol)[-1].content


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
    thread = await started(world)
    prompt = latest_prompt(thread)
    assert prompt is not None
    controls = answer_controls(prompt)
    assert [c["type"] for c in controls] == [3, 3, 3, 3]  # four selects of 25
    actor = [world.alice, world.bob][seat_of(prompt)]
    more = await actor.click(prompt, label="More options (2/2)")
    page = replies(more)[-1]
    assert page.ephemeral and "101–124" in page.content
    assert len(answer_controls(page)) == 1
    real = controls[0]["options"][0]["value"]
    chosen = await actor.select(prompt, [real], custom_id=controls[0]["custom_id"])
    assert replies(chosen)[-1].content.startswith("✅ You chose: Take")
