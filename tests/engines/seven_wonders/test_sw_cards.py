"""Every Age card: data, cost and effect, and the worked values of yellow and purple cards."""

from __future__ import annotations

import pytest

from engines.seven_wonders.catalogue import CARDS, GUILDS, age_cards, names
from engines.seven_wonders.facts import COLOR_INDEX, RES_INDEX, SYMBOL_INDEX
from engines.seven_wonders.scoring import breakdown
from engines.seven_wonders.views import build_view
from tests.engines.seven_wonders.sw_helpers import FILLER, choose_all, position


def test_card_counts_match_the_rulebook() -> None:
    """148 cards: 49 / 49 / 50 (10 guilds); 7 per player per Age, players + 2 guilds."""
    assert sum(c.copies(7) for c in CARDS.values()) + len(GUILDS) == 148
    for n in range(3, 8):
        assert len(age_cards(1, n)) == len(age_cards(2, n)) == 7 * n
        assert len(age_cards(3, n)) + n + 2 == 7 * n


def test_every_card_has_names_in_three_scripts() -> None:
    nm = names()
    for cid in CARDS:
        assert set(nm[cid]) == {"en", "zh-TW", "zh-CN"} and all(nm[cid].values())


@pytest.mark.parametrize("card", sorted(CARDS))
def test_every_card_effect(card: str) -> None:
    spec = CARDS[card]
    st = position(age=spec.age, turn=5, coins=[20, 3, 3],
                  hands=[[card, FILLER if card != FILLER else "theater", "well"]]
                  + [["baths", "well", "stockade"]] * 2)
    st.fixed[0] = [9] * 7  # every resource: the card is always buildable
    st.step += 1
    before = {"fixed": list(st.fixed[0]), "shields": st.shields[0],
              "science": list(st.science[0]), "wild": st.wildcards[0],
              "score": breakdown(st, 0)}
    choose_all(st, {0: f"build:{card}", 1: "sell:baths", 2: "sell:baths"})
    assert card in st.buildings[0]
    assert st.colors[0][COLOR_INDEX[spec.color]] >= 1
    assert set(spec.chain_out) <= set(st.chains[0])
    expected_coins = 20 - spec.cost.coins
    for e in spec.effects:
        t = e.type
        if t == "produce":
            for r, k in e.resources.items():  # type: ignore[union-attr]
                assert st.fixed[0][RES_INDEX[r]] == before["fixed"][RES_INDEX[r]] + k
        elif t == "produce_choice":
            mask = sum(1 << RES_INDEX[r] for r in e.choice)
            assert mask in st.choices[0]
            assert (mask in st.trade_choices[0]) == bool(e.tradable)
        elif t == "shields":
            assert st.shields[0] == before["shields"] + e.amount  # type: ignore[operator]
        elif t == "science":
            i = SYMBOL_INDEX[e.symbol]  # type: ignore[index]
            assert st.science[0][i] == before["science"][i] + 1
        elif t == "science_wildcard":
            assert st.wildcards[0] == before["wild"] + 1
        elif t == "vp":
            assert breakdown(st, 0)["blue"] == before["score"]["blue"] + e.amount  # type: ignore[operator]
        elif t == "coins":
            expected_coins += e.amount  # type: ignore[operator]
        elif t == "trade_discount":
            prices = build_view(st, 0).cities[0].trade_prices
            for side in e.neighbours:
                for r in e.resources:  # type: ignore[union-attr]
                    assert prices[side][r] == 1
    if not any(e.type == "coins_per" for e in spec.effects):
        assert st.coins[0] == expected_coins


def _yellow(card: str, cities: list[list[str]], stages: tuple[int, int, int] = (0, 0, 0),
            age: int = 2) -> tuple[int, dict[str, int]]:
    """Coins gained by seat 0 building ``card``, and its score afterwards."""
    st = position(age=age, turn=5, coins=[20, 3, 3], cities=cities, stages=list(stages),
                  hands=[[card, FILLER, FILLER]] + [[FILLER] * 3] * 2)
    st.fixed[0] = [9] * 7
    st.step += 1
    choose_all(st, {0: f"build:{card}", 1: "sell:altar", 2: "sell:altar"})
    return st.coins[0] - 20, breakdown(st, 0)


def test_tavern_gives_five_coins() -> None:
    assert _yellow("tavern", [[], [], []], age=1)[0] == 5


def test_vineyard_and_bazar_count_both_neighbours_and_own_city() -> None:
    cities = [["lumber_yard", "glassworks_1"], ["stone_pit", "clay_pool", "press_1"],
              ["ore_vein", "loom_1", "glassworks_1"]]
    assert _yellow("vineyard", cities)[0] == 1 + 2 + 1
    assert _yellow("bazar", cities)[0] == 2 * (1 + 1 + 2)


def test_vineyard_counts_a_neighbours_card_built_the_same_turn() -> None:
    """Documented choice (README "unsettled points"): on-build income is counted after all
    of the turn's cards are placed."""
    st = position(age=2, turn=5, coins=[20, 3, 3],
                  hands=[["vineyard", FILLER, FILLER], ["sawmill", FILLER, FILLER],
                         [FILLER] * 3])
    choose_all(st, {0: "build:vineyard", 1: "build:sawmill", 2: "sell:altar"})
    assert st.coins[0] == 21


def test_age_three_yellow_cards_coins_and_points() -> None:
    cities = [["lumber_yard", "stone_pit", "press_1", "loom_1", "tavern", "barracks",
               "stockade"], [], []]
    gain, score = _yellow("haven", cities, age=3)
    assert gain == 2 and score["yellow"] == 2
    gain, score = _yellow("lighthouse", cities, age=3)
    assert gain == 2 and score["yellow"] == 2  # counts itself
    gain, score = _yellow("chamber_of_commerce", cities, age=3)
    assert gain == 4 and score["yellow"] == 4
    gain, score = _yellow("ludus", cities, age=3)
    assert gain == 6 and score["yellow"] == 2
    gain, score = _yellow("arena", [[], [], []], stages=(2, 1, 0), age=3)
    assert gain == 6 and score["yellow"] == 2


GUILD_CITIES = [
    ["lumber_yard", "press_1", "altar", "tavern", "stockade", "apothecary", "workers_guild"],
    ["stone_pit", "clay_pool", "loom_1", "glassworks_1", "theater", "baths", "marketplace",
     "barracks", "workshop"],
    ["ore_vein", "press_1", "well", "east_trading_post", "guard_tower", "stockade",
     "scriptorium", "school"],
]

GUILD_POINTS = {
    "workers_guild": 2 + 1,  # brown of both neighbours
    "craftsmens_guild": 2 * (2 + 1),  # grey x2
    "magistrates_guild": 2 + 1,  # blue
    "traders_guild": 1 + 1,  # yellow
    "spies_guild": 1 + 2,  # red
    "philosophers_guild": 1 + 2,  # green
    "shipowners_guild": 1 + 1 + 1,  # own brown + grey + purple (itself)
    "builders_guild": 1 + 2 + 0,  # stages of the three cities (own 1, left 2, right 0)
    "decorators_guild": 0,  # wonder not complete
}


@pytest.mark.parametrize("guild", sorted(GUILD_POINTS))
def test_guild_points(guild: str) -> None:
    cities = [list(c) for c in GUILD_CITIES]
    cities[0] = [c for c in cities[0] if c != "workers_guild"] + [guild]
    st = position(age=3, cities=cities, stages=[1, 2, 0])
    assert breakdown(st, 0)["purple"] == GUILD_POINTS[guild]


def test_scientists_guild_is_a_science_wildcard() -> None:
    st = position(age=3, cities=[["apothecary", "workshop", "scientists_guild"], [], []])
    assert breakdown(st, 0)["green"] == 1 + 1 + 1 + 7 and breakdown(st, 0)["purple"] == 0
