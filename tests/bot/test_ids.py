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


def test_components_carry_the_question_not_the_version() -> None:
    options = [Option(id="build:loom", key="build"), Option(id="sell:loom", key="sell")]
    hand = Prompt(seat=2, kind="hand", options=options, question="hand.1.1")
    chosen = hand.model_copy(update={"kind": "waiting", "blocking": False})
    # a question the engine names keeps its pin while other seats answer (the version moves)
    assert ids.pin(hand.question, 5) == ids.pin(chosen.question, 9) == ids.digest("hand.1.1")
    pinned = ids.pin(hand.question, 5)
    assert re.fullmatch(r"t[0-9a-z]{8}", pinned)
    custom = ids.answer(3, pinned, 2, "sell:loom", 1)
    match = re.fullmatch(ids.ANSWER_TEMPLATE, custom)
    assert match and ids.parse_version(match["version"]) == pinned
    assert ids.pin("payment.play.1.1.build:loom", 5) != pinned
    # an engine that names no question: the version pins the state
    assert ids.pin("", 5) == "5"


def test_pins_of_an_older_bot_never_match() -> None:
    """Stamps of the bot before the engine named its questions were ``t`` + at most 7
    base-36 digits (a CRC-32); a digest always has 8: their buttons are stale, never
    mistaken for the question asked now."""
    assert 36**7 > 2**32 and 36**8 > 2**40
    for question in ("hand.1.1", "action.12", "initial_meld", "", "x" * 200):
        assert len(ids.digest(question)) == 9


def test_seven_wonders_longest_questions_fit_a_custom_id() -> None:
    question = "payment.choose_board.3.6.wonder:the_hanging_gardens_of_babylon.change"
    custom = ids.group_select(2**63 - 1, ids.digest(question), 6, 4, 3, 99)
    assert len(custom) <= ids.MAX_ID and re.fullmatch(ids.GROUP_TEMPLATE, custom)
