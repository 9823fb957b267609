"""Options, events and results in words: names, seats and full costs."""

from __future__ import annotations

from bot.delivery import chunks
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
