"""Undo in every game, pressed on the panel: the seat takes back its last answer.

Each game is played through the bot by pressing its panels' answers at random until a seat's
panel offers Undo; pressed there, the game is back where that seat's last answer found it
(its question and the table's public view as they were), told on the same panel (no new DM,
no "✅" reply), and the game goes on. Duel, 7 Wonders (a choice taken back before the round
resolves), Innovation (a choice inside a dogma that revealed nothing) and Through the Ages.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
import simcord

from bot.ids import resolve_ref
from engines.core.contract import UNDO, Prompt
from tests.bot.bot_harness import Factory, World
from tests.bot.bot_helpers import answer_controls, components
from tests.bot.sw_driver import open_game

GAME_ID = 1
CONTROL = re.compile(r"cb:[os]:(?P<game>\d+):(?P<pin>[^:]+):(?P<seat>\d+):(?P<ref>.*)")


def _refs(control: dict[str, Any]) -> list[str]:
    """The answer refs a control carries (a button's own, a select's values)."""
    if control["type"] == 2:
        m = CONTROL.match(control["custom_id"])
        return [m["ref"]] if m else []
    return [o["value"] for o in control.get("options", []) if not o["value"].startswith("&")]


def _panel(member: simcord.MemberActor) -> Any | None:
    """The member's live panel: the DM message it can answer (or confirm an answer) from."""
    for message in reversed(member.user.dm_channel.history()):
        if answer_controls(message) or any(
            c.get("custom_id", "").startswith("cb:k:") for c in components(message)
        ):
            return message
    return None


async def _press(member: simcord.MemberActor, message: Any, ref: str) -> Any:
    for control in answer_controls(message):
        if control["type"] == 2 and ref in _refs(control):
            return await member.user.click(message, custom_id=control["custom_id"])
        if control["type"] == 3 and ref in _refs(control):
            return await member.user.select(message, [ref], custom_id=control["custom_id"])
    raise AssertionError(f"no control answers {ref}")


def _public(view: Any) -> dict[str, Any]:
    return view.model_dump(mode="json")  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("game", "count", "seed"),
    [("duel", 2, 1), ("seven_wonders", 3, 2), ("innovation", 2, 3), ("tta", 2, 4)],
)
@pytest.mark.bot_settings(board_images=False)
async def test_undo_on_the_panel_takes_back_the_last_answer(
    world: World, bot_factory: Factory, game: str, count: int, seed: int
) -> None:
    bot_factory.renderer = None  # pictures are not what is checked here
    for running in bot_factory.bots:
        running.renderer = None
    bot = bot_factory.bots[-1]
    players = world.members(count)
    await open_game(world.channel, players, game)
    service = bot.service
    rng = random.Random(seed)
    #: the question and the public view before the last answer, and whose it was
    before: dict[int, tuple[list[str], dict[str, Any]]] = {}
    last: int | None = None
    undone = 0
    for _ in range(600):
        prompts = [p for p in await service.prompts(GAME_ID) if p.options]
        if not prompts:
            break
        prompt: Prompt = rng.choice(prompts)
        member = players[prompt.seat]
        panel = _panel(member)
        assert panel is not None, f"seat {prompt.seat} has no panel to answer from"
        confirm = [c for c in components(panel) if c.get("custom_id", "").startswith("cb:k:")
                   and not c["custom_id"].endswith(":-")]
        if confirm:  # an answer with warnings asks to confirm first (Through the Ages)
            await member.user.click(panel, custom_id=confirm[0]["custom_id"])
            last = prompt.seat
            continue
        ids = [o.id for o in prompt.options]
        refs = {r: resolve_ref(r, ids) for c in answer_controls(panel) for r in _refs(c)}
        undo = [r for r, option in refs.items() if option == UNDO]
        if undo and last == prompt.seat and prompt.seat in before and undone < 3:
            dms = len(member.user.dm_channel.history())
            result = await _press(member, panel, undo[0])
            shown = [r for r in [result.response, *result.followups] if r is not None]
            assert not any(r.content.startswith("✅") for r in shown)
            assert len(member.user.dm_channel.history()) == dms  # told on the same panel
            asked = next(p for p in await service.prompts(GAME_ID) if p.seat == prompt.seat)
            options, public = before.pop(prompt.seat)
            assert [o.id for o in asked.options if o.id != UNDO] == options
            assert _public(await service.view(GAME_ID, None)) == public
            undone += 1
            last = None
            continue
        plain = [r for r, option in refs.items() if option not in (None, UNDO)]
        assert plain, f"seat {prompt.seat}'s panel answers nothing"
        view = await service.view(GAME_ID, None)
        before = {prompt.seat: ([i for i in ids if i != UNDO], _public(view))}
        last = prompt.seat
        await _press(member, panel, rng.choice(plain))
    assert undone > 0, f"{game}: no panel offered Undo in a whole game"
