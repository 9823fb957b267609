"""Guilds (rulebook: 行會卡牌 section)."""

from __future__ import annotations

import pytest

from engines.duel.scoring import breakdown
from tests.engines.duel.duel_helpers import act, position

ANTONIO, BRUNO = 0, 1
RICH = (60, 7)


def build_guild(guild: str, mine: tuple[str, ...], theirs: tuple[str, ...], **kw: object):
    kw.setdefault("coins", RICH)
    st = position(age=3, structure=[guild], cities=(mine, theirs), **kw)  # type: ignore[arg-type]
    before = st.coins[ANTONIO]
    from engines.duel.trading import card_cost

    cost = card_cost(st, ANTONIO, guild)[0]
    act(st, f"build:{guild}")
    return st, st.coins[ANTONIO] - before + cost


@pytest.mark.parametrize(
    ("guild", "mine", "theirs", "coins", "vp"),
    [
        ("merchants_guild", ("tavern",), ("tavern", "brewery", "forum"), 3, 3),
        ("merchants_guild", ("tavern", "brewery"), ("forum",), 2, 2),
        ("shipowners_guild", ("quarry", "press"), ("sawmill", "brickyard", "glassworks"), 3, 3),
        ("magistrates_guild", ("altar", "baths", "theater"), ("temple",), 3, 3),
        ("scientists_guild", ("workshop",), ("library", "school"), 2, 2),
        ("tacticians_guild", ("garrison", "stable"), ("walls",), 2, 2),
    ],
)
def test_guild_coins_and_vp_use_the_city_with_the_most(
    guild: str, mine: tuple[str, ...], theirs: tuple[str, ...], coins: int, vp: int
) -> None:
    st, gained = build_guild(guild, mine, theirs)
    assert gained == coins
    assert breakdown(st, ANTONIO)["purple"] == vp


def test_shipowners_count_brown_and_grey_together() -> None:
    # Mine: 2 brown; theirs: 1 brown + 2 grey -> 3 (not max per colour 2+2).
    st, gained = build_guild("shipowners_guild", ("quarry", "lumber_yard"),
                             ("sawmill", "glassworks", "press"))
    assert gained == 3


def test_builders_guild_counts_wonders_of_the_city_with_most() -> None:
    st, gained = build_guild("builders_guild", (), (),
                             built=(("the_pyramids",), ("the_sphinx", "piraeus")))
    assert gained == 0
    assert breakdown(st, ANTONIO)["purple"] == 4


def test_moneylenders_guild_counts_coins_of_richest_city() -> None:
    st, _ = build_guild("moneylenders_guild", (), (), coins=(20, 30))
    assert st.coins[ANTONIO] == 20 - 8  # 2 wood 2 stone at 2
    assert breakdown(st, ANTONIO)["purple"] == 10  # Bruno's 30 coins


def test_coin_city_and_vp_city_may_differ() -> None:
    st, gained = build_guild("merchants_guild", ("tavern",), ("tavern", "forum"))
    assert gained == 2  # Bruno had the most when built
    st.buildings[ANTONIO] += ["brewery", "lighthouse", "arena"]
    st.colors[ANTONIO][4] += 3
    assert breakdown(st, ANTONIO)["purple"] == 4  # now Antonio's 4 yellow
