"""The TTA token economy and end-of-turn numbers (engines/tta/economy.py).

Book lines refer to shared/rules/002_226be1480c28be9b.txt; X-numbers are the worked examples
of shared/tta/scope.md §34, C-numbers the rulings of §33.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations_with_replacement, product
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as hst

from engines.tta import economy as eco
from engines.tta.economy import (
    Vec,
    corruption,
    end_of_turn,
    gain,
    happiness_needed,
    lose_tokens,
    pay,
    payment_value,
    population_cost,
    production,
    total,
    uprising,
)

# farm / mine values by level (civil.json per_worker): A 1, I 2, II 3, III 5
AGRICULTURE, IRRIGATION = 1, 2
BRONZE, IRON, COAL = 1, 2, 3


# -- bank tables ----------------------------------------------------------------------------


def test_bank_tables_match_the_player_board() -> None:
    """PB yellow_bank/blue_bank tables, by section (L1714-L1722, L1742-L1750, L1628-L1636)."""
    assert [population_cost(n) for n in range(19)] == [None] + [7] * 4 + [5] * 4 + [4] * 4 \
        + [3] * 4 + [2] * 2
    assert [eco.consumption(n) for n in range(19)] == [6] + [4] * 4 + [3] * 4 + [2] * 4 \
        + [1] * 4 + [0] * 2
    assert [happiness_needed(n) for n in range(19)] == [8, 7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2,
                                                         1, 1, 1, 1, 0, 0]
    assert [corruption(n) for n in range(17)] == [6] + [4] * 5 + [2] * 5 + [0] * 6


def test_banks_beyond_their_capacity_read_as_full() -> None:
    """More than 18 yellow tokens (colonies) read as the leftmost section (README #7); a blue
    bank above 16 (Civil Service …) has no uncovered corruption number (L1722)."""
    assert (population_cost(21), eco.consumption(21), happiness_needed(21)) == (2, 0, 0)
    assert corruption(19) == 0


def test_x6_increase_population_costs_and_consumption() -> None:
    """X6, L661-L683: the first two increases cost 2 food, the third 3; emptying the first
    section uncovers −1 consumption; an empty bank allows no increase (L681)."""
    assert population_cost(18) == 2
    assert population_cost(17) == 2
    assert population_cost(16) == 3
    assert eco.consumption(17) == 0 and eco.consumption(16) == 1
    assert population_cost(0) is None


def test_x33_consumption_three() -> None:
    """X33, L1752-L1756: with the 5-8 section reached the civilization eats 3 food."""
    assert {eco.consumption(n) for n in range(5, 9)} == {3}


def test_x32_corruption_four() -> None:
    """X32, L1724-L1728: an uncovered −4 (1-5 tokens left) means 4 resources lost."""
    assert {corruption(n) for n in range(1, 6)} == {4}
    assert corruption(11) == 0  # L1722


def test_x31_happiness_and_uprising() -> None:
    """X31, L1634-L1672."""
    # after the 2nd increase the first subsection is empty: one face needed (L1638)
    assert happiness_needed(16) == 1
    assert eco.discontent(16, 1) == 0  # enough faces (L1646)
    assert eco.discontent(16, 0) == 1
    assert not uprising(16, 0, 1)  # the unused worker marks the discontent one (L1650-L1654)
    assert uprising(16, 0, 0)
    # L1662: three subsections empty (10 tokens left), happiness 1, one unused worker
    assert eco.discontent(10, 1) == 2 and uprising(10, 1, 1)
    assert not uprising(10, 2, 1)  # upgrade the temple (L1666)
    assert not uprising(10, 3, 0)  # build an Age I temple with the unused worker (L1667)
    assert not uprising(9, 1, 2)  # increase population: 4th subsection still holds one
    assert not uprising(10, 1, 2)  # destroy a building for a worker (L1669)


def test_happiness_is_clamped_to_the_track() -> None:
    """Happiness counts 0..8 (L887-L893): unhappy faces below 0 add no discontent beyond the
    requirement, more than 8 faces cannot cover more."""
    assert eco.discontent(0, -3) == 8
    assert eco.discontent(0, 12) == 0


# -- payments -------------------------------------------------------------------------------


def test_x18_each_book_move_is_legal() -> None:
    """X18, L1090-L1116: the book's moves pass the legality checker with the value paid."""
    mines = (BRONZE, IRON)
    assert payment_value(mines, (2, 2), (2, 1), bank=0) == 2  # one Iron token (L1094)
    assert payment_value(mines, (2, 2), (0, 2), bank=0) == 2  # or two Bronze tokens
    farms = (AGRICULTURE, IRRIGATION)
    # pay 1 food with only value-2 tokens: return one, take 2 onto Agriculture, pay one
    # of them (L1102) — or move it down (L1104): the same layout, even with an empty bank
    assert payment_value(farms, (0, 2), (1, 1), bank=5) == 1
    assert payment_value(farms, (0, 2), (1, 1), bank=0) == 1
    mines = (BRONZE, COAL)
    # pay 1 resource: Coal token down to Bronze plus one more from the bank (L1108)
    assert payment_value(mines, (3, 2), (5, 1), bank=1) == 1
    assert payment_value(mines, (3, 2), (5, 1), bank=0) is None  # no token to take
    # pay 4: three Bronze then 1 from Coal, or both Coal tokens down to Bronze (L1110)
    assert payment_value(mines, (3, 2), (2, 1), bank=0) == 4
    assert payment_value(mines, (3, 2), (5, 0), bank=0) == 4
    # never upward: two Agriculture tokens cannot become one Irrigation token (L1116)
    assert payment_value(farms, (2, 0), (0, 1), bank=5) is None
    assert payment_value(mines, (1, 0), (0, 1), bank=5) is None


def test_x18_canonical_plans() -> None:
    """X18: the automatic plan is exact and leaves the fewest tokens (platform.md §4.4)."""
    assert pay((BRONZE, IRON), (2, 2), 2, 10) == ((0, 2), 2)  # two Bronze: 2 tokens left
    assert pay((BRONZE, IRON), (1, 2), 2, 10) == ((1, 1), 1)  # one Iron: 2 tokens left
    assert pay((AGRICULTURE, IRRIGATION), (0, 2), 1, 0) == ((1, 1), 0)
    assert pay((BRONZE, COAL), (0, 2), 1, 10) == ((2, 1), -1)  # change from Coal (L1108)
    assert pay((BRONZE, COAL), (3, 2), 1, 10) == ((2, 2), 1)  # a Bronze token is simpler
    assert pay((BRONZE, COAL), (3, 2), 4, 10) == ((2, 1), 2)
    assert pay((BRONZE, IRON, COAL), (0, 0, 1), 1, 10) == ((0, 1, 0), 0)  # Coal → Iron


def test_overpay_only_when_exact_is_impossible() -> None:
    """PB blue_bank.rules[1] (ruling B4): an empty bank and a single 3-token for a cost of 1 —
    the token moves down to Bronze (paying 2), the least overpayment."""
    assert pay((BRONZE, COAL), (0, 1), 1, 0) == ((1, 0), 0)
    assert pay((BRONZE, COAL), (0, 1), 1, 1) == ((2, 0), -1)  # exact with one bank token
    assert pay((COAL,), (1,), 1, 16) == ((0,), 1)  # no cheaper card: return it
    assert pay((BRONZE,), (2,), 3, 16) is None
    assert pay((BRONZE, COAL), (0, 0), 0, 0) == ((0, 0), 0)


def _moves(values: Vec, state: Vec, bank: int) -> Iterator[tuple[Vec, int]]:
    """Every single exchange: a token leaves card i (returned, or moved down) and tokens worth
    at most its value arrive on strictly cheaper cards, from the bank or by moving it."""
    for i, v in enumerate(values):
        if not state[i]:
            continue
        lower = [j for j, w in enumerate(values) if w < v]
        for k in range(v + 1):
            for picks in combinations_with_replacement(lower, k):
                if sum(values[j] for j in picks) > v or bank + 1 - k < 0:
                    continue
                new = list(state)
                new[i] -= 1
                for j in picks:
                    new[j] += 1
                yield tuple(new), bank + 1 - k


@cache
def _reachable(values: Vec, tokens: Vec, bank: int) -> frozenset[Vec]:
    seen = {(tokens, bank)}
    todo = [(tokens, bank)]
    while todo:
        state, b = todo.pop()
        for nxt in _moves(values, state, b):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return frozenset(s for s, _ in seen)


def _brute_pay(values: Vec, tokens: Vec, amount: int, bank: int) -> tuple[Vec, int] | None:
    stored = total(values, tokens)
    if stored < amount:
        return None
    order = sorted(range(len(values)), key=lambda i: -values[i])
    layouts = _reachable(values, tokens, bank)
    paid = [stored - total(values, s) for s in layouts]
    worth = min(p for p in paid if p >= amount)
    best = min((s for s, p in zip(layouts, paid, strict=True) if p == worth),
               key=lambda s: (sum(s), tuple(-s[i] for i in order)))
    return best, sum(tokens) - sum(best)


cards = hst.lists(hst.sampled_from((1, 2, 3, 5)), min_size=1, max_size=4, unique=True)


@settings(max_examples=300, deadline=None)
@given(cards, hst.data())
def test_pay_matches_an_exhaustive_search_of_exchanges(card_values: list[int],
        data: hst.DataObject) -> None:
    """Property (platform.md §4.4): on small random layouts the plan equals the best of every
    state reachable by returning tokens and exchanging one token at a time (L1096-L1116)."""
    values = tuple(card_values)
    tokens = tuple(data.draw(hst.lists(hst.integers(0, 3), min_size=len(values),
                                       max_size=len(values))))
    amount = data.draw(hst.integers(0, total(values, tokens) + 2))
    bank = data.draw(hst.integers(0, 4))
    got = pay(values, tokens, amount, bank)
    want = _brute_pay(values, tokens, amount, bank) if amount else (tokens, 0)
    assert got == want
    if got is not None:
        assert payment_value(values, tokens, got[0], bank) is not None
        assert bank + got[1] >= 0


@settings(max_examples=200, deadline=None)
@given(cards, hst.data())
def test_payment_value_agrees_with_the_exchanges(card_values: list[int],
        data: hst.DataObject) -> None:
    """Property: the legality checker accepts exactly the layouts single exchanges reach."""
    values = tuple(card_values)
    tokens = tuple(data.draw(hst.lists(hst.integers(0, 3), min_size=len(values),
                                       max_size=len(values))))
    after = tuple(data.draw(hst.lists(hst.integers(0, 5), min_size=len(values),
                                      max_size=len(values))))
    bank = data.draw(hst.integers(0, 3))
    legal = after in _reachable(values, tokens, bank)
    assert (payment_value(values, tokens, after, bank) is not None) == legal


# -- gains, production, losses --------------------------------------------------------------


def test_x22_gains_never_move_tokens_up() -> None:
    """X22, L1224-L1228: 2 resources with Bronze and Coal go on Bronze; a 3-token for 2 is
    never placed by returning Bronze tokens."""
    assert gain((BRONZE, COAL), (1, 0), 2, 16) == ((3, 0), 2)
    assert gain((AGRICULTURE, IRRIGATION), (0, 0), 2, 16) == ((0, 1), 1)  # L1224


def test_gain_with_a_short_bank() -> None:
    """PB blue_bank.rules[2] (ruling B5): only what fits, the best sum not above the amount."""
    assert gain((BRONZE, COAL), (0, 0), 5, 1) == ((0, 1), 1)
    assert gain((BRONZE, COAL), (0, 0), 2, 1) == ((1, 0), 1)
    assert gain((COAL,), (0,), 2, 16) == ((0,), 0)
    assert gain((BRONZE,), (0,), 3, 0) == ((0,), 0)


@settings(max_examples=300, deadline=None)
@given(cards, hst.data())
def test_gain_matches_brute_force(card_values: list[int],
        data: hst.DataObject) -> None:
    """Property: highest value not above the amount, then fewest tokens, then higher cards."""
    values = tuple(card_values)
    tokens = tuple(data.draw(hst.lists(hst.integers(0, 3), min_size=len(values),
                                       max_size=len(values))))
    amount = data.draw(hst.integers(0, 14))
    bank = data.draw(hst.integers(0, 6))
    order = sorted(range(len(values)), key=lambda i: -values[i])
    options = [add for add in product(range(amount + 1), repeat=len(values))
               if sum(add) <= bank and total(values, add) <= amount]
    best = min(options, key=lambda a: (-total(values, a), sum(a), tuple(-a[i] for i in order)))
    assert gain(values, tokens, amount, bank) == (
        tuple(t + a for t, a in zip(tokens, best, strict=True)), sum(best))


def test_x17_production_of_two_iron_and_one_bronze_workers() -> None:
    """X17, L1086-L1088: 2 Iron workers and 1 Bronze worker produce 5 resources."""
    made = production((1, 2), (BRONZE, IRON), 16)
    assert made == (1, 2) and total((BRONZE, IRON), made) == 5


def test_c2_short_bank_produces_on_the_highest_cards_first() -> None:
    """Ruling C2: with 3 tokens for 4 workers, Iron's workers produce first."""
    assert production((2, 2), (BRONZE, IRON), 3) == (1, 2)
    assert production((2, 2), (BRONZE, IRON), 0) == (0, 0)


def test_c3_lost_tokens_leave_the_cheapest_cards_first() -> None:
    """Ruling C3: losing blue tokens with an empty bank takes them from the lowest value."""
    assert lose_tokens((BRONZE, COAL), (2, 1), 1) == (1, 1)
    assert lose_tokens((COAL, BRONZE), (1, 2), 3) == (0, 0)
    assert lose_tokens((BRONZE, COAL), (0, 1), 5) == (0, 0)


# -- the end of turn ------------------------------------------------------------------------

START: dict[str, Any] = {
    "yellow_left": 18, "happiness": 0, "unused_workers": 1, "blue_bank": 16,
    "farm_values": (1,), "farm_tokens": (0,), "farm_workers": (2,),
    "mine_values": (1,), "mine_tokens": (0,), "mine_workers": (2,),
    "science": 0, "science_rating": 1, "culture": 0, "culture_rating": 0,
}


def test_x2_end_of_the_first_round() -> None:
    """X2, L472-L514: +1 science, culture 0, 2 tokens on Agriculture and on Bronze, no
    corruption or consumption."""
    r = end_of_turn(**START)
    assert not r.uprising
    assert (r.science, r.culture) == (1, 0)
    assert (r.farm_tokens, r.mine_tokens, r.blue_bank) == ((2,), (2,), 12)
    assert (r.corruption, r.consumption, r.food_produced, r.resources_produced) == (0, 0, 2, 2)


def test_uprising_skips_the_whole_production_phase() -> None:
    """L1700-L1704: no points, no corruption, no production, no consumption."""
    r = end_of_turn(**{**START, "yellow_left": 10, "happiness": 1, "unused_workers": 1,
                       "blue_bank": 2})
    assert r.uprising and r.discontent == 2
    assert (r.science, r.culture, r.farm_tokens, r.mine_tokens, r.blue_bank) == (
        0, 0, (0,), (0,), 2)
    assert r.corruption == 0 and r.famine_culture == 0


def test_x32_corruption_takes_resources_then_food() -> None:
    """X32, L1724-L1732: 4 resources lost; with only 3 stored, 1 food pays the rest; the
    tokens go back to the bank before food is produced (2015 order, L2144-L2150)."""
    r = end_of_turn(**{**START, "blue_bank": 5, "mine_tokens": (6,), "farm_tokens": (5,),
                       "farm_workers": (0,), "mine_workers": (0,)})
    assert (r.corruption, r.corruption_resources, r.corruption_food) == (4, 4, 0)
    assert r.mine_tokens == (2,) and r.blue_bank == 9
    r = end_of_turn(**{**START, "blue_bank": 5, "mine_tokens": (3,), "farm_tokens": (5,),
                       "farm_workers": (0,), "mine_workers": (0,)})
    assert (r.corruption_resources, r.corruption_food) == (3, 1)
    assert (r.mine_tokens, r.farm_tokens, r.blue_bank) == ((0,), (4,), 9)


def test_corruption_when_food_is_short_too() -> None:
    """PB blue_bank.rules[0] (ruling B10): nothing more is lost, no culture penalty."""
    r = end_of_turn(**{**START, "blue_bank": 0, "mine_tokens": (1,), "farm_tokens": (2,),
                       "farm_workers": (0,), "mine_workers": (0,), "culture": 5})
    assert (r.corruption, r.corruption_resources, r.corruption_food) == (6, 1, 2)
    assert r.culture == 5 and r.blue_bank == 3


def test_corruption_comes_before_food_production() -> None:
    """L2144-L2150: corruption reads the bank before production takes tokens from it; a
    10-token bank means 2, even though production would leave fewer."""
    r = end_of_turn(**{**START, "blue_bank": 10, "mine_tokens": (2,), "farm_workers": (4,)})
    assert r.corruption == 2 and r.corruption_resources == 2


def test_x33_famine_costs_four_culture_per_missing_food() -> None:
    """X33, L1752-L1758: consume 3 with 1 food stored and none produced: −8 culture; the
    culture rating is scored first (L1706-L1712) and culture never drops below 0."""
    r = end_of_turn(**{**START, "yellow_left": 6, "unused_workers": 5, "farm_tokens": (1,),
                       "farm_workers": (0,), "culture": 10, "culture_rating": 2})
    assert (r.consumption, r.food_missing, r.famine_culture, r.culture) == (3, 2, 8, 4)
    r = end_of_turn(**{**START, "yellow_left": 6, "unused_workers": 5, "farm_workers": (0,),
                       "culture": 3})
    assert (r.food_missing, r.culture) == (3, 0)


def test_consumption_eats_the_food_just_produced() -> None:
    """L1760: consumption comes after food production."""
    r = end_of_turn(**{**START, "yellow_left": 6, "unused_workers": 5, "farm_workers": (3,)})
    assert (r.food_produced, r.food_missing, r.farm_tokens) == (3, 0, (0,))


def test_extra_resources_after_the_mines() -> None:
    """Bill Gates' labs add resources in the resource step, as a gain (short bank: B5)."""
    r = end_of_turn(**{**START, "blue_bank": 5, "farm_workers": (0,), "mine_values": (1, 3),
                       "mine_tokens": (0, 0), "mine_workers": (2, 0), "extra_resources": 4})
    assert r.resources_produced == 6 and r.mine_tokens == (3, 1) and r.blue_bank == 1


@settings(max_examples=200, deadline=None)
@given(hst.data())
def test_end_of_turn_keeps_every_blue_token(data: hst.DataObject) -> None:
    """Property: bank + tokens on cards is unchanged (L1458, scope §8 conservation), the bank
    never goes negative, culture never below 0, an uprising changes nothing."""
    def layout(n: int) -> tuple[int, ...]:
        return tuple(data.draw(hst.lists(hst.integers(0, 3), min_size=n, max_size=n)))

    farm_values = tuple(data.draw(hst.lists(hst.sampled_from((1, 2, 3, 5)), min_size=1,
                                            max_size=4, unique=True)))
    mine_values = tuple(data.draw(hst.lists(hst.sampled_from((1, 2, 3, 5)), min_size=1,
                                            max_size=4, unique=True)))
    args: dict[str, Any] = {
        "yellow_left": data.draw(hst.integers(0, 20)),
        "happiness": data.draw(hst.integers(-2, 9)),
        "unused_workers": data.draw(hst.integers(0, 4)),
        "blue_bank": data.draw(hst.integers(0, 16)),
        "farm_values": farm_values, "farm_tokens": layout(len(farm_values)),
        "farm_workers": layout(len(farm_values)),
        "mine_values": mine_values, "mine_tokens": layout(len(mine_values)),
        "mine_workers": layout(len(mine_values)),
        "science": data.draw(hst.integers(0, 50)), "science_rating": data.draw(
            hst.integers(0, 9)),
        "culture": data.draw(hst.integers(0, 50)), "culture_rating": data.draw(
            hst.integers(0, 9)),
        "extra_resources": data.draw(hst.integers(0, 4)),
    }
    r = end_of_turn(**args)
    before = args["blue_bank"] + sum(args["farm_tokens"]) + sum(args["mine_tokens"])
    assert r.blue_bank + sum(r.farm_tokens) + sum(r.mine_tokens) == before
    assert r.blue_bank >= 0 and r.culture >= 0
    assert r.uprising == uprising(args["yellow_left"], args["happiness"],
                                  args["unused_workers"])
    if r.uprising:
        assert (r.farm_tokens, r.mine_tokens, r.blue_bank, r.culture) == (
            args["farm_tokens"], args["mine_tokens"], args["blue_bank"], args["culture"])
    else:
        assert r.corruption == corruption(args["blue_bank"])
        lost = r.corruption_resources + r.corruption_food
        stored = total(mine_values, args["mine_tokens"]) + total(farm_values,
                                                                 args["farm_tokens"])
        assert lost >= min(r.corruption, stored)
        assert r.famine_culture == 4 * r.food_missing
