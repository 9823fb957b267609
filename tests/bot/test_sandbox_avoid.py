"""The sandbox's automatic player avoids what the engine's random players avoid
(``Engine.playout_avoid``: Through the Ages' resignation) while anything else is offered."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from bot.sandbox import Sandbox, _choose, _refs
from engines.core.contract import Option, Prompt


def button(ref: str, kind: str = "o") -> dict[str, Any]:
    return {"type": 2, "custom_id": f"cb:{kind}:1:7:0:{ref}"}


def select(*values: str) -> dict[str, Any]:
    return {"type": 3, "custom_id": "cb:g:1:7:0:2:0:0",
            "options": [{"value": v} for v in values]}


def test_refs_of_buttons_and_selects() -> None:
    assert _refs(button("=resign")) == {"=resign"}
    assert _refs(button("=war:a:1")) == {"=war:a:1"}
    assert _refs(button("-", "k")) == set()
    assert _refs(select("=pass", "#3", "&1")) == {"=pass", "#3"}


def test_avoided_answers_only_when_nothing_else_is_offered() -> None:
    rng = random.Random(1)
    shunned = {"=resign"}
    for _ in range(50):
        control, value = _choose(rng, [button("=resign"), button("=pass")], shunned)
        assert control["custom_id"].endswith("=pass") and value is None
        control, value = _choose(rng, [select("=resign", "=pass", "&1")], shunned)
        assert value == "=pass"
    control, value = _choose(rng, [button("=resign")], shunned)  # nothing else: taken
    assert control["custom_id"].endswith("=resign")
    # a confirmation is confirmed, unless it confirms an avoided answer: then Back
    panel = [button("=end", "k"), button("-", "k")]
    assert _choose(rng, panel, shunned)[0] is panel[0]
    panel = [button("=resign", "k"), button("-", "k")]
    assert _choose(rng, panel, shunned)[0] is panel[1]


def test_without_anything_to_avoid_the_draws_are_unchanged() -> None:
    """The same seeded choices as before the seam: one draw per control and per value."""
    controls = [button("=a"), select("=b", "=c", "&2"), button("=d")]
    picks = [_choose(random.Random(seed), controls, set()) for seed in range(20)]
    for seed, (control, value) in enumerate(picks):
        rng = random.Random(seed)
        expected = rng.choice(controls)
        assert control is expected
        if expected["type"] == 3:
            assert value == rng.choice(["=b", "=c"])


async def test_avoided_refs_read_the_seats_prompt_ids_and_indexes() -> None:
    prompt = Prompt(seat=0, kind="politics",
                    options=[Option(id=i, key=i) for i in ("pass", "resign", "event:x")])

    async def prompts(game_id: int) -> list[Prompt]:
        return [prompt]

    box = Sandbox.__new__(Sandbox)
    box.env = SimpleNamespace(bot=SimpleNamespace(service=SimpleNamespace(prompts=prompts)))
    controls = [button("=pass"), select("=resign", "#1", "#2", "=event:x")]
    avoid = frozenset({"resign", "event:"})
    assert await box.avoided_refs(1, 0, avoid, controls) == {"=resign", "#1", "#2",
                                                           "=event:x"}
    assert await box.avoided_refs(1, 0, frozenset(), controls) == set()
