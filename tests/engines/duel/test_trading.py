"""Trading and costs (rulebook: 卡牌費用, 資源費用, 生產, 貿易, 錢幣費用, 免費建造條件)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from engines.core.errors import IllegalAnswer
from engines.duel.trading import card_cost, prices, trade_cost, wonder_cost
from tests.engines.duel.duel_helpers import ENGINE, act, options, position

ANTONIO, BRUNO = 0, 1


def test_price_is_two_plus_opponent_brown_grey_production() -> None:
    # 貿易: Bruno's Shelf Quarry makes 2 stone -> Antonio pays 4 per stone; Bruno pays 2.
    st = position(cities=((), ("shelf_quarry",)))
    assert prices(st, ANTONIO)[2] == 4
    assert prices(st, BRUNO)[2] == 2


def test_book_example_fortifications_costs_5() -> None:
    # Bruno owns 2 stone, buys clay at 3 (Antonio has 1 clay) and papyrus at 2.
    st = position(current=BRUNO, structure=["fortifications"], coins=(7, 7),
                  cities=(("clay_pool",), ("shelf_quarry",)))
    assert card_cost(st, BRUNO, "fortifications") == (5, 5, False)
    opt = options(st)["build:fortifications"]
    assert opt.cost == 5 and opt.params["trade"] == 5 and opt.card == "fortifications"
    act(st, "build:fortifications")
    assert st.coins[BRUNO] == 2
    assert st.coins[ANTONIO] == 7  # trade money goes to the bank


def test_book_example_aqueduct_costs_12() -> None:
    st = position(current=ANTONIO, structure=["aqueduct"], coins=(12, 7),
                  cities=((), ("shelf_quarry",)))
    assert card_cost(st, ANTONIO, "aqueduct") == (12, 12, False)
    act(st, "build:aqueduct")
    assert st.coins[ANTONIO] == 0


def test_book_example_caravansery_costs_7() -> None:
    st = position(current=BRUNO, structure=["caravansery"], cities=(("glassworks",), ()))
    assert card_cost(st, BRUNO, "caravansery") == (7, 5, False)
    assert options(st)["build:caravansery"].cost == 7


def test_book_example_third_stone_at_two() -> None:
    # Bruno has 2 stone and needs a 3rd (Aqueduct): Antonio has no stone -> 2 coins.
    st = position(current=BRUNO, cities=((), ("shelf_quarry",)))
    assert card_cost(st, BRUNO, "aqueduct") == (2, 2, False)


def test_own_production_is_never_consumed() -> None:
    st = position(structure=["baths", "stable"], cities=(("quarry", "lumber_yard"), ()))
    act(st, "build:baths")
    act(st, "discard:" + "lumber_yard")  # seat 1 plays
    assert card_cost(st, ANTONIO, "stable") == (0, 0, False)


def test_printed_coin_cost_only() -> None:
    st = position()
    assert card_cost(st, ANTONIO, "scriptorium") == (2, 0, False)
    assert card_cost(st, ANTONIO, "stone_pit") == (1, 0, False)
    assert card_cost(st, ANTONIO, "lumber_yard") == (0, 0, False)


@pytest.mark.parametrize(
    ("reserve", "resource", "card"),
    [("stone_reserve", 2, "baths"), ("clay_reserve", 1, "garrison"), ("wood_reserve", 0, "stable")],
)
def test_reserves_fix_price_at_one(reserve: str, resource: int, card: str) -> None:
    st = position(cities=((reserve,), ("brickyard", "sawmill", "shelf_quarry")))
    assert prices(st, ANTONIO)[resource] == 1
    assert card_cost(st, ANTONIO, card) == (1, 1, False)
    assert prices(st, BRUNO)[resource] == 2  # only the owner benefits


def test_customs_house_fixes_glass_and_papyrus() -> None:
    st = position(cities=(("customs_house",), ("glassworks", "press", "glass_blower")))
    assert prices(st, ANTONIO)[3:] == [1, 1]
    # Laboratory: 1 wood (2 coins, Bruno has no wood) + 2 glass at 1 each.
    assert card_cost(st, ANTONIO, "laboratory") == (4, 4, False)


def test_yellow_and_wonder_production_do_not_raise_opponent_price() -> None:
    st = position(cities=((), ("forum", "caravansery")), built=((), ("piraeus",)))
    assert prices(st, ANTONIO) == [2, 2, 2, 2, 2]


def test_flexible_producer_supplies_one_unit_per_construction() -> None:
    # Forum: one of glass/papyrus. Laboratory needs 1 wood + 2 glass.
    st = position(cities=(("forum", "lumber_yard"), ()))
    assert card_cost(st, ANTONIO, "laboratory") == (2, 2, False)


def test_flexible_producers_cover_the_most_expensive_units() -> None:
    # Study: 2 wood, 1 glass, 1 papyrus. Bruno makes 2 wood -> wood costs 4.
    # Caravansery covers one wood (4), Forum covers glass or papyrus (both 2).
    st = position(cities=(("caravansery", "forum"), ("sawmill",)))
    assert card_cost(st, ANTONIO, "study") == (6, 6, False)


def test_great_lighthouse_and_piraeus_produce_one_of() -> None:
    st = position(built=(("the_great_lighthouse", "piraeus"), ()))
    # Library: wood, stone, glass -> lighthouse covers wood or stone, Piraeus glass.
    assert card_cost(st, ANTONIO, "library") == (2, 2, False)


def test_trade_cost_minimal_assignment() -> None:
    # raw units priced 4 (stone) and 2 (wood); one raw flexible producer and a discount of 2
    need = (1, 0, 2, 1, 0)
    price = [2, 2, 4, 3, 2]
    assert trade_cost(need, [0] * 5, [1, 0], 0, price) == 2 + 4 + 3
    assert trade_cost(need, [0] * 5, [1, 0], 2, price) == 2
    assert trade_cost(need, [0] * 5, [0, 1], 2, price) == 2 + 0  # goods covers glass, 4+4 free
    assert trade_cost(need, [1, 0, 2, 1, 0], [0, 0], 0, price) == 0


def test_masonry_makes_two_units_free_on_blue_cards_only() -> None:
    # Town Hall: 2 wood + 3 stone; Bruno makes 2 stone -> stone 4, wood 2.
    st = position(tokens=(("masonry",), ()), cities=((), ("shelf_quarry",)))
    assert card_cost(st, ANTONIO, "town_hall") == (4 + 2 + 2, 8, False)
    # not on other colours (Arsenal: 2 wood, 3 clay = 10)
    assert card_cost(st, ANTONIO, "arsenal") == (10, 10, False)
    st2 = position(cities=((), ("shelf_quarry",)))
    assert card_cost(st2, ANTONIO, "town_hall") == (16, 16, False)


def test_architecture_makes_two_units_free_on_wonders() -> None:
    st = position(tokens=(("architecture",), ()), cities=((), ("brickyard",)))
    # The Colossus: 3 clay (4 each) + 1 glass (2) -> 2 most expensive clay free.
    assert wonder_cost(st, ANTONIO, "the_colossus") == 4 + 2
    st2 = position(cities=((), ("brickyard",)))
    assert wonder_cost(st2, ANTONIO, "the_colossus") == 14


def test_chain_makes_card_completely_free() -> None:
    # 免費建造條件: Baths (water drop) -> Aqueduct free; Garrison -> Barracks (3 coins) free.
    st = position(age=2, structure=["aqueduct", "barracks"], coins=(0, 7),
                  cities=(("baths", "garrison"), ("shelf_quarry",)))
    opts = options(st)
    assert opts["build:aqueduct"].cost == 0 and opts["build:aqueduct"].params["chain"] is True
    assert opts["build:barracks"].cost == 0
    events = act(st, "build:barracks")
    assert st.coins[ANTONIO] == 0
    assert events[0].params["chain"] is True


def test_economy_receives_trade_payments_only() -> None:
    # Bruno (Economy) gets the 5 coins of trade for Fortifications, not a printed coin cost.
    st = position(current=ANTONIO, structure=["fortifications", "caravansery"], coins=(20, 0),
                  tokens=((), ("economy",)), cities=((), ("clay_pool",)))
    act(st, "build:fortifications")  # 2 stone 2+2, clay 3, papyrus 2 = 9
    assert st.coins == [11, 9]


def test_economy_receives_the_price_actually_paid() -> None:
    st = position(current=ANTONIO, structure=["caravansery"], coins=(20, 0),
                  tokens=((), ("economy",)), cities=(("customs_house",), ("glassworks",)))
    act(st, "build:caravansery")  # 2 printed coins to the bank + glass 1 + papyrus 1
    assert st.coins == [16, 2]


def test_economy_on_wonder_trade() -> None:
    st = position(structure=["altar"], wonders=(("the_colossus",), ()), coins=(20, 0),
                  tokens=((), ("economy",)))
    act(st, "wonder:altar:the_colossus")  # 3 clay + 1 glass at 2
    assert st.coins == [12, 8]


def test_unaffordable_card_is_not_offered_and_refused() -> None:
    st = position(structure=["aqueduct"], coins=(5, 7))
    opts = options(st)
    assert "build:aqueduct" not in opts and "discard:aqueduct" in opts
    before = st.model_copy(deep=True)
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, ANTONIO, "build:aqueduct")
    assert err.value.key == "cannot_afford" and err.value.params["cost"] == 6
    assert st == before


def test_option_cost_is_the_full_coin_cost() -> None:
    st = position(structure=["caravansery", "scriptorium"], coins=(30, 7),
                  cities=((), ("glassworks",)))
    opts = options(st)
    assert opts["build:caravansery"].cost == 2 + 3 + 2
    assert opts["build:scriptorium"].cost == 2
    assert opts["discard:caravansery"].cost == 0


def test_book_example_production() -> None:
    # 生產: 1 stone, 3 clay, 1 papyrus: Baths and Garrison are free, Apothecary needs glass.
    st = position(cities=(("quarry", "clay_pool", "brickyard", "press"), ()))
    assert card_cost(st, ANTONIO, "baths") == (0, 0, False)
    assert card_cost(st, ANTONIO, "garrison") == (0, 0, False)
    assert card_cost(st, ANTONIO, "apothecary") == (2, 2, False)


def test_book_example_chains() -> None:
    # Baths -> Aqueduct; Palisade -> Fortifications (免費建造條件 examples).
    st = position(cities=(("baths", "palisade"), ()))
    assert card_cost(st, ANTONIO, "aqueduct") == (0, 0, True)
    assert card_cost(st, ANTONIO, "fortifications") == (0, 0, True)
    assert card_cost(st, BRUNO, "fortifications")[2] is False


def _brute_force(need, have, flexible, discount, price) -> int:  # type: ignore[no-untyped-def]
    """Try every use of every flexible producer and every choice of discounted units."""
    import itertools

    missing = [max(0, n - h) for n, h in zip(need, have, strict=True)]
    groups = [[0, 1, 2]] * flexible[0] + [[3, 4]] * flexible[1]
    best = None
    for picks in itertools.product(*[g + [None] for g in groups]):
        left = list(missing)
        for r in picks:
            if r is not None and left[r] > 0:
                left[r] -= 1
        units = [price[r] for r in range(5) for _ in range(left[r])]
        for k in range(min(discount, len(units)) + 1):
            for free in itertools.combinations(range(len(units)), k):
                cost = sum(u for i, u in enumerate(units) if i not in free)
                best = cost if best is None else min(best, cost)
    return best or 0


@settings(max_examples=400, deadline=None, database=None)
@given(
    need=hst.lists(hst.integers(0, 3), min_size=5, max_size=5),
    have=hst.lists(hst.integers(0, 2), min_size=5, max_size=5),
    flexible=hst.lists(hst.integers(0, 2), min_size=2, max_size=2),
    discount=hst.sampled_from([0, 2]),
    price=hst.lists(hst.integers(1, 6), min_size=5, max_size=5),
)
def test_trade_cost_is_the_minimum_over_all_choices(
    need: list[int], have: list[int], flexible: list[int], discount: int, price: list[int]
) -> None:
    assert trade_cost(tuple(need), have, flexible, discount, price) == _brute_force(
        need, have, flexible, discount, price
    )


def test_book_example_card_costs() -> None:
    # 卡牌費用: Lumber Yard free, Stone Pit 1 coin, Baths 1 stone, Arena clay + stone + wood;
    # Horse Breeders clay + wood, or free with the Stable (horseshoe).
    from engines.duel.catalogue import CARDS

    assert CARDS["lumber_yard"].cost.coins == 0 and not CARDS["lumber_yard"].cost.resources
    assert CARDS["stone_pit"].cost.coins == 1 and not CARDS["stone_pit"].cost.resources
    assert dict(CARDS["baths"].cost.resources) == {"stone": 1}
    assert dict(CARDS["arena"].cost.resources) == {"clay": 1, "stone": 1, "wood": 1}
    assert dict(CARDS["horse_breeders"].cost.resources) == {"clay": 1, "wood": 1}
    st = position(cities=(("stable",), ()))
    assert card_cost(st, ANTONIO, "horse_breeders") == (0, 0, True)
    assert card_cost(st, BRUNO, "horse_breeders") == (4, 4, False)
