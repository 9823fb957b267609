"""Options, events and results in words: names, seats and full costs."""

from __future__ import annotations

from bot.delivery.transport import chunks
from bot.wording import event_text, option_text, result_lines
from engines.core.contract import Event, GameResult, Option, SeatScore

NAMES = {0: "alice", 1: "bob"}


def test_option_words_show_full_cost() -> None:
    build = Option(
        id="build:sawmill",
        key="build",
        card="sawmill",
        cost=4,
        params={"card": "sawmill", "cost": 4, "trade": 2, "chain": False},
    )
    assert option_text("duel", "en", build, NAMES) == "Build Sawmill — 4 coins (incl. 2 trade)"
    chain = Option(
        id="build:baths",
        key="build",
        cost=0,
        params={"card": "baths", "cost": 0, "trade": 0, "chain": True},
    )
    assert option_text("duel", "en", chain, NAMES) == "Build Baths — free (chain)"
    start = Option(id="start:0", key="start", params={"seat": 0, "me": False})
    assert option_text("duel", "en", start, NAMES) == "alice starts"
    mine = Option(id="start:1", key="start", params={"seat": 1, "me": True})
    assert option_text("duel", "zh-TW", mine, NAMES) == "由我開始"
    unknown = Option(id="weird:1", key="weird", cost=3)
    assert option_text("duel", "en", unknown, NAMES) == "weird:1 — 3 coins"


def test_event_words() -> None:
    ev = Event(kind="card_destroyed", seat=0, params={"card": "sawmill", "victim": 1})
    assert event_text("duel", "en", ev, NAMES) == "alice destroys bob's Sawmill."
    pair = Event(kind="science_pair", seat=1, params={"symbol": "wheel"})
    assert event_text("duel", "zh-CN", pair, NAMES) == "bob 凑成一对 车轮！"
    odd = Event(kind="mystery", params={"x": 1})
    assert event_text("duel", "en", odd, NAMES) == "mystery: x=1"


def test_result_lines_have_breakdown_and_victory() -> None:
    result = GameResult(
        victory="civilian",
        winners=[1],
        scores=[
            SeatScore(seat=0, total=30, rank=2, breakdown={"blue": 10, "coins": 3, "total": 30}),
            SeatScore(seat=1, total=40, rank=1, breakdown={"blue": 20, "coins": 5, "total": 40}),
        ],
    )
    lines = result_lines("duel", "en", 7, result, NAMES)
    assert lines[0] == "🏁 Game #7 is over — civilian victory (most points)"
    assert lines[1] == "Winner: bob"
    assert lines[2].startswith("1. **bob** — 40")
    assert "civilian 20" in lines[3] and "coins 5" in lines[3] and "total" not in lines[3]


def test_chunks_respect_the_message_limit() -> None:
    parts = chunks(["x" * 1500, "y" * 600, "z"])
    assert [len(p) for p in parts] == [1500, 602]


def test_innovation_log_names_both_ends_of_a_move() -> None:
    from engines.core.contract import Prompt

    names = {0: "ana", 1: "bo"}
    demand = Event(kind="demand", seat=1, params={"card": "archery", "effect": 1, "by": 0})
    assert event_text("innovation", "en", demand, names) == (
        "⚔️ ana demands (Archery): bo must comply."
    )
    move = {"age": 1, "card": "archery", "color": "red", "from_seat": 1, "to_seat": 0}
    transfer = Event(kind="transfer", seat=1, params={**move, "from": "board", "to": "score"})
    assert event_text("innovation", "en", transfer, names) == (
        "bo transfers Archery from their board to ana's score pile."
    )
    hidden = Event(
        kind="score",
        seat=0,
        params={"age": 3, "from": "hand", "to": "score", "from_seat": 0, "to_seat": 0},
    )
    assert event_text("innovation", "en", hidden, names) == "ana scores a 3 from their hand."
    confirm = Prompt(
        seat=0,
        kind="dogma_confirm",
        options=[],
        params={"card": "archery", "icon": "castle", "sharers": [], "demanded": [1]},
    )
    from bot.wording import prompt_text

    text = prompt_text("innovation", "en", confirm, names)
    assert "Will share: no one" in text and "Will be demanded of: bo" in text


def test_seven_wonders_options_show_cost_chain_and_payment() -> None:
    chain = Option(
        id="build:baths",
        key="build",
        card="baths",
        cost=0,
        params={"card": "baths", "cost": 0, "via": "chain", "payments": 1},
    )
    assert option_text("seven_wonders", "en", chain, NAMES) == "Build Baths — free (chain)"
    paid = Option(
        id="pay:1:2",
        key="pay",
        cost=5,
        params={"left": 1, "right": 2, "bank": 2, "total": 5},
    )
    assert option_text("seven_wonders", "en", paid, NAMES) == (
        "Pay 1 left, 2 right, 2 to the bank — 5 coins"
    )
    sold = Event(kind="card_sold", seat=1, params={"coins": 3})
    assert event_text("seven_wonders", "en", sold, NAMES) == "💰 bob sold a card (+3 coins)"
