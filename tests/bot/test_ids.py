"""The custom-id scheme: every id fits Discord's 100 characters and routes back."""

from __future__ import annotations

import re

from bot import ids
from bot.components.prompt import prompt_items
from engines.core.contract import Option, Prompt


def test_long_option_ids_fall_back_to_an_index() -> None:
    long_id = "x" * 150
    custom = ids.answer(123456789, 4321, 1, long_id, 7)
    assert len(custom) <= 100 and custom.endswith(":#7")
    assert re.fullmatch(ids.ANSWER_TEMPLATE, custom)
    short = ids.answer(1, 2, 0, "build:lumber_yard", 0)
    assert short == "cb:o:1:2:0:=build:lumber_yard"
    assert ids.resolve_ref("=build:lumber_yard", ["build:lumber_yard"]) == "build:lumber_yard"
    assert ids.resolve_ref("#1", ["a", "b"]) == "b"
    assert ids.resolve_ref("#5", ["a", "b"]) is None
    assert ids.resolve_ref("=gone", ["a"]) is None


def test_many_options_page_into_selects() -> None:
    options = [
        Option(id=f"opt:{i}", key="draft", params={"wonder": "the_sphinx"}, cost=i)
        for i in range(130)
    ]
    prompt = Prompt(seat=1, kind="draft", options=options)
    items = prompt_items("duel", 9, 3, prompt, "en", {0: "a", 1: "b"})
    ids_ = [getattr(i, "custom_id", None) or i.item.custom_id for i in items]  # type: ignore[attr-defined]
    assert ids_[:4] == ["cb:s:9:3:1:0", "cb:s:9:3:1:1", "cb:s:9:3:1:2", "cb:s:9:3:1:3"]
    assert ids_[4] == "cb:p:9:3:1:1" and ids_[5] == "cb:h:9"
    page2 = prompt_items("duel", 9, 3, prompt, "en", {}, page=1, hand_button=False)
    assert len(page2) == 2  # 30 options left: two selects, no further page
    first = page2[0].item  # type: ignore[attr-defined]
    assert first.options[0].value == "=opt:100" and "100 coins" in first.options[0].label
    assert all(len(c) <= 100 for c in ids_)


def test_stamped_components_carry_the_question_not_the_version() -> None:
    from bot.games import pin, stamp

    hand = Prompt(
        seat=2,
        kind="hand",
        options=[Option(id="build:loom", key="build"), Option(id="sell:loom", key="sell")],
        params={"age": 1, "turn": 1},
    )
    chosen = hand.model_copy(update={"kind": "waiting", "params": {"card": "loom"}})
    # choosing keeps the hand's components valid (a choice may change), other games pin versions
    assert stamp("seven_wonders", hand) == stamp("seven_wonders", chosen)
    assert pin("seven_wonders", hand, 5) == pin("seven_wonders", hand, 9)
    assert pin("duel", hand, 5) == "5"
    custom = ids.answer(3, pin("seven_wonders", hand, 5), 2, "sell:loom", 1)
    match = re.fullmatch(ids.ANSWER_TEMPLATE, custom)
    assert match and ids.parse_version(match["version"]) == stamp("seven_wonders", hand)
    payment = Prompt(seat=2, kind="payment", options=hand.options, params={"card": "loom"})
    assert stamp("seven_wonders", payment) != stamp("seven_wonders", hand)
