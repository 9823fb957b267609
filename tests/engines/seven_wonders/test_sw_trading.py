"""Trading (rulebook "七大奇蹟中的建造" C: own production, buying from neighbours).

Seats: left neighbour of s is s+1, right neighbour s-1. Starting resources: gizah stone,
ephesos papyrus, rhodos ore, alexandria glass, babylon wood, olympia clay,
halikarnassos textile.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as hst

from engines.seven_wonders.costs import card_cost, market, stage_cost
from engines.seven_wonders.facts import CARD, RES_INDEX, STAGE
from engines.seven_wonders.prompts import action_payments, hand_options
from engines.seven_wonders.state import SevenWondersState
from engines.seven_wonders.trading import SEARCH, least, payments
from tests.engines.seven_wonders.sw_helpers import ENGINE, choose_all, position, vec
from tests.engines.seven_wonders.sw_reference import reference_payments

RAW = 0b0001111
MAN = 0b1110000


def m(*names: str) -> int:
    out = 0
    for n in names:
        out |= 1 << RES_INDEX[n]
    return out


NONE = vec()


def mk(own=NONE, own_masks=(), left=NONE, left_masks=(), right=NONE, right_masks=(),
       disc_left=0, disc_right=0):  # type: ignore[no-untyped-def]
    return (own, tuple(own_masks), left, tuple(left_masks), right, tuple(right_masks),
            disc_left, disc_right)


# -- the rulebook's example ------------------------------------------------------------

def test_rulebook_example_own_production() -> None:
    """2 stone, 1 ore, 1 papyrus: Barracks (ore) and Scriptorium (papyrus) yes, Guard
    Tower (clay) no — when no neighbour sells clay."""
    # seat 0 gizah (stone) + quarry-like production: stone pit, ore vein, press
    st = position(boards=["gizah", "ephesos", "alexandria"],
                  cities=[["stone_pit", "ore_vein", "press_1"], [], []],
                  hands=[["barracks", "scriptorium", "guard_tower"], ["altar"] * 3,
                         ["altar"] * 3], coins=9)
    assert st.fixed[0] == list(vec(stone=2, ore=1, papyrus=1))
    assert card_cost(st, 0, "barracks") == ("free", 0, ((0, 0),))
    assert card_cost(st, 0, "scriptorium") == ("free", 0, ((0, 0),))
    # not even with 9 coins: nobody produces clay
    assert card_cost(st, 0, "guard_tower")[0] == "cannot_afford"
    # the same city with a clay-producing neighbour buys it (2 coins)
    st = position(boards=["gizah", "olympia", "alexandria"],
                  cities=[["stone_pit", "ore_vein", "press_1"], [], []],
                  hands=[["guard_tower"], ["altar"], ["altar"]], coins=9)
    assert card_cost(st, 0, "guard_tower") == ("coins", 0, ((2, 0),))


# -- constructed cases --------------------------------------------------------------------

def test_buy_one_unit_two_coins_from_either_side() -> None:
    # equal totals: the one paying less to the left first
    assert payments(vec(clay=1), mk(left=vec(clay=1), right=vec(clay=1))) == ((0, 2), (2, 0))


def test_trading_post_discounts_one_side_raw_only() -> None:
    # West Trading Post = left neighbour raw materials for 1
    res = payments(vec(clay=1), mk(left=vec(clay=1), right=vec(clay=1), disc_left=RAW))
    # (0, 2) costs more but pays nothing to the left: not beaten on both sides, kept
    assert res == ((1, 0), (0, 2))
    # East Trading Post: right side
    res = payments(vec(ore=2), mk(left=vec(ore=2), right=vec(ore=1), disc_right=RAW))
    assert res == ((2, 1), (4, 0))
    # goods are not discounted by a trading post
    res = payments(vec(glass=1), mk(left=vec(glass=1), disc_left=RAW))
    assert res == ((2, 0),)


def test_marketplace_discounts_goods_both_sides() -> None:
    res = payments(vec(glass=1), mk(left=vec(glass=1), right=vec(glass=1), disc_left=MAN,
                                    disc_right=MAN))
    assert res == ((0, 1), (1, 0))
    # raw materials keep their price with only the Marketplace
    res = payments(vec(wood=1), mk(left=vec(wood=1), disc_left=MAN, disc_right=MAN))
    assert res == ((2, 0),)


def test_each_neighbour_unit_bought_once_per_turn() -> None:
    # two clay needed, left has one, right has none: impossible
    assert payments(vec(clay=2), mk(left=vec(clay=1))) == ()
    # left one + right one
    assert payments(vec(clay=2), mk(left=vec(clay=1), right=vec(clay=1))) == ((2, 2),)
    # left has two: all combinations that are not beaten
    assert payments(vec(clay=2), mk(left=vec(clay=2), right=vec(clay=2))) == (
        (0, 4), (2, 2), (4, 0))


def test_own_production_first_then_buy_the_rest() -> None:
    assert payments(vec(stone=3), mk(own=vec(stone=2), right=vec(stone=1))) == ((0, 2),)


def test_own_dual_card_used_for_one_resource_only() -> None:
    # Tree Farm-like own producer (wood/clay) cannot give both
    res = payments(vec(wood=1, clay=1), mk(own_masks=[m("wood", "clay")], left=vec(wood=1),
                                          right=vec(clay=1)))
    assert res == ((0, 2), (2, 0))


def test_neighbour_dual_card_sells_either_resource_one_unit() -> None:
    res = payments(vec(wood=1, clay=1), mk(left_masks=[m("wood", "clay")]))
    assert res == ()  # one unit only
    res = payments(vec(clay=1), mk(left_masks=[m("wood", "clay")]))
    assert res == ((2, 0),)


def test_forum_and_caravansery_serve_the_owner() -> None:
    # own one-of of goods covers the glass
    res = payments(vec(glass=1, papyrus=1), mk(own_masks=[m("glass", "papyrus", "textile")],
                                               right=vec(papyrus=1)))
    assert res == ((0, 2),)  # the Forum gives the glass, the papyrus is bought
    res = payments(vec(glass=1, papyrus=1), mk(own_masks=[m("glass", "papyrus", "textile")]))
    assert res == ()


def test_mixed_sides_pareto_front() -> None:
    # need 2 wood 1 ore; left: wood 2 (disc raw), right: wood 1, ore 1
    res = payments(vec(wood=2, ore=1), mk(left=vec(wood=2), right=vec(wood=1, ore=1),
                                          disc_left=RAW))
    assert res == ((2, 2), (1, 4))


def test_engine_does_not_sell_yellow_or_wonder_production() -> None:
    # left neighbour (seat 1) has a Caravansery and Alexandria's raw stage: not tradable
    st = position(boards=["gizah", "alexandria", "ephesos"],
                  cities=[[], ["caravansery"], []], stages=[0, 2, 0],
                  hands=[["guard_tower"], ["altar"], ["altar"]], coins=[9, 3, 3])
    assert card_cost(st, 0, "guard_tower")[0] == "cannot_afford"
    # ... but brown cards and the starting resource are
    st = position(boards=["gizah", "olympia", "ephesos"],
                  hands=[["guard_tower"], ["altar"], ["altar"]], coins=[9, 3, 3])
    assert card_cost(st, 0, "guard_tower") == ("coins", 0, ((2, 0),))


def test_neighbour_sells_grey_cards_but_not_its_forum() -> None:
    # Scriptorium needs papyrus: a neighbour's Press (grey) sells it ...
    st = position(boards=["gizah", "rhodos", "alexandria"], cities=[[], ["press_1"], []],
                  hands=[["scriptorium"], ["altar"], ["altar"]], coins=[9, 3, 3])
    assert card_cost(st, 0, "scriptorium") == ("coins", 0, ((2, 0),))
    # ... a neighbour's Forum (yellow, glass/papyrus/textile) never does
    st = position(boards=["gizah", "rhodos", "alexandria"], cities=[[], ["forum"], []],
                  hands=[["scriptorium"], ["altar"], ["altar"]], coins=[9, 3, 3])
    assert card_cost(st, 0, "scriptorium")[0] == "cannot_afford"


def test_trading_post_and_marketplace_prices_paid_to_the_neighbour() -> None:
    """West Trading Post: raw materials from the left neighbour for 1 coin; East: from the
    right one; Marketplace: goods from both for 1. The seller receives what is paid."""
    # seat 0 (gizah: stone) builds Guard Tower (clay): left = olympia (clay), West TP
    st = position(boards=["gizah", "olympia", "olympia"], coins=[3, 0, 0], turn=6,
                  cities=[["west_trading_post"], [], []],
                  hands=[["guard_tower", "altar"], ["altar", "well"], ["altar", "well"]])
    assert card_cost(st, 0, "guard_tower") == ("coins", 0, ((1, 0), (0, 2)))
    choose_all(st, {0: "build:guard_tower", 1: "sell:altar", 2: "sell:altar"},
                pay={0: "pay:1:0"})
    assert st.coins == [2, 0 + 1 + 3, 0 + 3]
    # East Trading Post: the right neighbour's clay for 1, the left one's still for 2
    st = position(boards=["gizah", "olympia", "olympia"], coins=[3, 0, 0], turn=6,
                  cities=[["east_trading_post"], [], []],
                  hands=[["guard_tower", "altar"], ["altar", "well"], ["altar", "well"]])
    assert card_cost(st, 0, "guard_tower") == ("coins", 0, ((0, 1), (2, 0)))
    # Marketplace: glass for 1 from either side, raw materials still 2
    st = position(boards=["gizah", "alexandria", "alexandria"], coins=[3, 0, 0], turn=6,
                  cities=[["marketplace"], [], []],
                  hands=[["workshop", "guard_tower"], ["altar", "well"], ["altar", "well"]])
    assert card_cost(st, 0, "workshop") == ("coins", 0, ((0, 1), (1, 0)))
    choose_all(st, {0: "build:workshop", 1: "sell:altar", 2: "sell:altar"},
                pay={0: "pay:0:1"})
    assert st.coins == [2, 3, 1 + 3]


def test_dual_brown_card_of_neighbour_is_tradable() -> None:
    st = position(boards=["gizah", "ephesos", "rhodos"], cities=[[], ["clay_pit"], []],
                  hands=[["guard_tower"], ["altar"], ["altar"]], coins=[9, 3, 3])
    assert card_cost(st, 0, "guard_tower") == ("coins", 0, ((2, 0),))


def test_cannot_spend_more_coins_than_owned() -> None:
    st = position(boards=["gizah", "olympia", "ephesos"],
                  hands=[["guard_tower"], ["altar"], ["altar"]], coins=[1, 3, 3])
    assert card_cost(st, 0, "guard_tower")[0] == "cannot_afford"
    # bank coins count too: Tree Farm costs 1 coin
    st = position(boards=["gizah", "olympia", "ephesos"], coins=[0, 3, 3],
                  hands=[["tree_farm"], ["altar"], ["altar"]])
    assert card_cost(st, 0, "tree_farm")[0] == "cannot_afford"


def test_payment_options_are_affordable_only() -> None:
    # need 2 clay: (4,0) (2,2) (0,4) with both sides clay x2, but only 3 coins
    st = position(boards=["gizah", "olympia", "olympia"], cities=[[], ["clay_pool"], []],
                  hands=[["gardens"], ["altar"], ["altar"]], coins=[3, 3, 3], age=3)
    # gardens: 2 clay + wood (babylon-free): seat 0 has no wood: impossible here
    assert card_cost(st, 0, "gardens")[0] == "cannot_afford"


def test_coins_from_trade_arrive_after_the_turn() -> None:
    """Seat 1 sells clay to seat 0 this turn: it cannot use those coins this turn."""
    st = position(boards=["gizah", "olympia", "ephesos"], coins=[2, 0, 0],
                  hands=[["guard_tower", "altar"], ["tree_farm", "altar"],
                         ["altar", "theater"]], turn=6)
    # seat 1 cannot afford Tree Farm (1 coin) even though it will receive 2 this turn
    assert card_cost(st, 1, "tree_farm")[0] == "cannot_afford"
    choose_all(st, {0: "build:guard_tower", 1: "sell:tree_farm", 2: "build:theater"})
    assert st.coins[1] == 0 + 2 + 3  # trade income + sale, after the turn


def test_cannot_buy_from_a_card_built_this_turn() -> None:
    """Payments are fixed when choosing: a neighbour's brown card built the same turn
    is not for sale until the next turn."""
    st = position(boards=["gizah", "ephesos", "rhodos"], coins=[5, 3, 3],
                  hands=[["guard_tower", "altar", "altar"], ["clay_pool", "altar", "altar"],
                         ["altar", "altar", "altar"]], turn=5)
    assert card_cost(st, 0, "guard_tower")[0] == "cannot_afford"
    choose_all(st, {0: "sell:altar", 1: "build:clay_pool", 2: "build:altar"})
    # next turn seat 0 (hands passed) can buy the clay from seat 1
    assert st.fixed[1][RES_INDEX["clay"]] == 1
    assert market(st, 0)[2][RES_INDEX["clay"]] == 1


def test_both_neighbours_may_buy_the_same_resource() -> None:
    st = position(boards=["olympia", "gizah", "gizah"], coins=[3, 5, 5],
                  hands=[["altar", "theater"], ["guard_tower", "altar"],
                         ["guard_tower", "altar"]], turn=6)
    # seat 1's right neighbour is seat 0; seat 2's left neighbour is seat 0
    choose_all(st, {0: "build:altar", 1: "build:guard_tower", 2: "build:guard_tower"})
    assert st.coins == [3 + 4, 3, 3]
    assert "guard_tower" in st.buildings[1] and "guard_tower" in st.buildings[2]


def test_payment_prompt_lists_each_non_dominated_payment_and_back() -> None:
    """... and the way back to the hand: `undo` (formerly `back`)."""
    st = position(boards=["rhodos", "olympia", "olympia"], coins=[9, 3, 3],
                  hands=[["guard_tower", "altar"], ["altar", "theater"], ["altar", "theater"]],
                  turn=6)
    ENGINE.apply(st, 0, "build:guard_tower")
    prompt = ENGINE.prompt_for(st, 0)
    assert prompt is not None and prompt.kind == "payment" and prompt.private
    assert [o.id for o in prompt.options] == ["pay:0:2", "pay:2:0", "undo"]
    assert prompt.options[0].params == {"left": 0, "right": 2, "bank": 0, "total": 2}
    ENGINE.apply(st, 0, "undo")
    assert ENGINE.prompt_for(st, 0).kind == "hand"  # type: ignore[union-attr]
    ENGINE.apply(st, 0, "build:guard_tower")
    ENGINE.apply(st, 0, "pay:0:2")
    assert st.choice[0] == ["build", "guard_tower", 0, 2, 0, "pay"]


def test_hand_options_agree_with_card_cost() -> None:
    st = position(boards=["rhodos", "olympia", "gizah"], coins=[4, 3, 3],
                  cities=[["stone_pit"], ["clay_pit", "loom_1"], ["press_1"]],
                  hands=[["temple", "courthouse", "aqueduct", "statue", "school"],
                         ["altar"] * 5, ["altar"] * 5], age=2, turn=3)
    _, info = hand_options(st, 0)
    for card in st.hands[0]:
        status, bank, pays = card_cost(st, 0, card)
        if pays:
            assert listed(st, 0, "build", card) == (bank, pays)
        else:
            assert f"build:{card}" not in info
    s_status, s_bank, s_pays = stage_cost(st, 0)
    assert (f"wonder:{st.hands[0][0]}" in info) == bool(s_pays)


def listed(st: SevenWondersState, seat: int, action: str, card: str
           ) -> tuple[int, tuple[tuple[int, int], ...]]:
    """What the hand lists for ``action:card`` (its bank coins and, asked for as when the
    seat picks it, its payments), checking the option's cost is the cheapest of them."""
    opts, info = hand_options(st, seat)
    bank = info[f"{action}:{card}"][3]
    pays = action_payments(st, seat, action, card)
    (cost,) = [o.cost for o in opts if o.id == f"{action}:{card}"]
    assert cost == bank + pays[0][0] + pays[0][1]
    return bank, pays


# -- property: the fast search equals the exhaustive one ---------------------------------

DUALS = [m("wood", "clay"), m("stone", "clay"), m("clay", "ore"), m("wood", "stone"),
         m("wood", "ore"), m("stone", "ore")]
OWN_MASKS = DUALS + [RAW, MAN]
NEEDS = sorted({c.need for c in CARD.values() if c.needs_any}
               | {s.need for stages in STAGE.values() for s in stages})
small = hst.integers(0, 2)
fixed = hst.tuples(*[small] * 7)


@settings(max_examples=600, deadline=None)
@given(
    need=hst.sampled_from(NEEDS),
    own=hst.tuples(*[hst.integers(0, 1)] * 7),
    own_masks=hst.lists(hst.sampled_from(OWN_MASKS), max_size=3),
    left=fixed, right=fixed,
    left_masks=hst.lists(hst.sampled_from(DUALS), max_size=2),
    right_masks=hst.lists(hst.sampled_from(DUALS), max_size=2),
    disc_left=hst.sampled_from([0, RAW, MAN, RAW | MAN]),
    disc_right=hst.sampled_from([0, RAW, MAN, RAW | MAN]),
)
def test_payments_equal_exhaustive_search(need, own, own_masks, left, right, left_masks,
                                          right_masks, disc_left, disc_right) -> None:  # type: ignore[no-untyped-def]
    if sum(need) > 6:
        need = tuple(min(n, 1) for n in need)
    market8 = mk(own, own_masks, left, left_masks, right, right_masks, disc_left, disc_right)
    fast = payments(need, market8)
    ref = reference_payments(need, own, tuple(own_masks), left, tuple(left_masks), right,
                             tuple(right_masks), disc_left, disc_right)
    assert list(fast) == ref
    # what a hand lists: the least total, found without listing the payments unless a
    # one-of producer may help (then ``least`` says so)
    union = 0
    for mask in (*own_masks, *left_masks, *right_masks):
        union |= mask
    idx = tuple(i for i in range(7) if need[i])
    got = least(need, idx, own, left, right, disc_left, disc_right, union)
    assert got == SEARCH or got == (sum(ref[0]) if ref else None)
    assert got != SEARCH or union


def test_payments_equal_exhaustive_search_in_random_game_positions() -> None:
    """At every turn of random games, every card and stage of every hand."""
    from engines.core.rng import Rng
    from engines.seven_wonders.effects import next_stage

    rng = Rng.from_seed(99)
    checked = 0
    for seed in range(60):
        players = 3 + seed % 5
        st = ENGINE.new_game(players, seed, {"sides": "mixed"})
        last = -1
        while st.phase != "over":
            if st.phase == "play" and st.step != last:
                last = st.step
                for seat in range(players):
                    _, info = hand_options(st, seat)  # the inlined rules = costs.py
                    for card in st.hands[seat]:
                        status, bank, pays = card_cost(st, seat, card)
                        got = (listed(st, seat, "build", card) if f"build:{card}" in info
                               else ())
                        assert got == ((bank, pays) if pays else ())
                    s_status, s_bank, s_pays = stage_cost(st, seat)
                    card = st.hands[seat][0]
                    got = (listed(st, seat, "wonder", card) if f"wonder:{card}" in info
                           else ())
                    assert got == ((s_bank, s_pays) if s_pays else ())
                    mkt = market(st, seat)
                    needs = [CARD[c].need for c in set(st.hands[seat])]
                    stage = next_stage(st, seat)
                    if stage is not None:
                        needs.append(stage.need)
                    for need in needs:
                        if sum(need) > 6:
                            continue
                        ref = reference_payments(need, *mkt[:8])
                        assert list(payments(need, mkt)) == ref
                        checked += 1
            prompts = [p for p in ENGINE.prompts(st) if p.kind != "waiting"]
            p = prompts[rng.below(len(prompts))]
            ENGINE.apply(st, p.seat, p.options[rng.below(len(p.options))].id)
    assert checked > 5000
