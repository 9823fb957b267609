"""Wonder boards, both sides: every stage's effect and every special power."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalAnswer
from engines.seven_wonders.catalogue import WONDERS
from engines.seven_wonders.costs import card_cost, market
from engines.seven_wonders.facts import RES_INDEX, STAGE
from engines.seven_wonders.scoring import breakdown
from tests.engines.seven_wonders.sw_helpers import (
    ENGINE,
    FILLER,
    choose_all,
    kinds,
    option_ids,
    position,
)

STAGES = [(w, side, i) for w in WONDERS for side in ("day", "night")
          for i in range(len(WONDERS[w].sides[side].stages))]


def rich(st, seat: int = 0) -> None:  # type: ignore[no-untyped-def]
    """Give ``seat`` 9 of every resource (enough for any stage)."""
    st.fixed[seat] = [9] * 7
    st.step += 1


@pytest.mark.parametrize(("wonder", "side", "index"), STAGES,
                         ids=[f"{w}-{s}-{i + 1}" for w, s, i in STAGES])
def test_every_stage_effect(wonder: str, side: str, index: int) -> None:
    others = [b for b in ("gizah", "ephesos", "rhodos", "alexandria") if b != wonder][:2]
    st = position(boards=[wonder, *others], sides=[side, "day", "day"], stages=[index, 0, 0],
                  coins=[20, 3, 3], turn=3, discard=["palace"],
                  hands=[["altar", "theater", "stockade", "baths", "well"]]
                  + [[FILLER] * 5] * 2)
    rich(st)
    before = {"vp": breakdown(st, 0)["wonders"], "shields": st.shields[0],
              "wild": st.wildcards[0], "choices": list(st.choices[0])}
    stage = STAGE[(wonder, side)][index]
    assert stage.need == tuple(WONDERS[wonder].sides[side].stages[index].cost.resources.get(r, 0)
                               for r in ("wood", "stone", "clay", "ore", "glass", "papyrus",
                                         "textile"))
    events = choose_all(st, {0: "wonder:altar", 1: "sell:altar", 2: "sell:altar"})
    assert len(st.stage_cards[0]) == index + 1 and st.stage_cards[0][-1] == "altar"
    spec = WONDERS[wonder].sides[side].stages[index]
    vp = sum(e.amount or 0 for e in spec.effects if e.type == "vp")
    coins = sum(e.amount or 0 for e in spec.effects if e.type == "coins")
    shields = sum(e.amount or 0 for e in spec.effects if e.type == "shields")
    assert breakdown(st, 0)["wonders"] == before["vp"] + vp
    assert st.shields[0] == before["shields"] + shields
    if coins:
        assert st.coins[0] == 20 + coins
        assert any(e.kind == "coins_gained" and e.params["amount"] == coins for e in events)
    for e in spec.effects:
        if e.type == "produce_choice":
            mask = sum(1 << RES_INDEX[r] for r in e.choice)
            assert st.choices[0] == before["choices"] + [mask]
            assert mask not in st.trade_choices[0]  # wonder production is never sold
        elif e.type == "science_wildcard":
            assert st.wildcards[0] == before["wild"] + 1
        elif e.type == "free_build":
            assert e.rule in st.free_rules[0]
        elif e.type == "play_last_card_each_age":
            assert st.last_card[0]
        elif e.type == "build_from_discard":
            assert st.phase == "revive"
            prompt = ENGINE.prompt_for(st, 0)
            assert prompt is not None and prompt.kind == "revive" and prompt.private
            assert option_ids(prompt) == ["revive:altar", "revive:palace"]  # sold + old
            ENGINE.apply(st, 0, "revive:palace")
            assert "palace" in st.buildings[0] and st.phase == "play"


def test_stage_needs_a_card_and_its_cost_and_goes_in_order() -> None:
    st = position(boards=["gizah", "ephesos", "rhodos"], turn=5, coins=[0, 3, 3],
                  hands=[["altar", "theater", "well"]] + [[FILLER] * 3] * 2)
    # Gizah day 1: 2 wood, none available -> no wonder option
    assert not any(o.startswith("wonder:") for o in option_ids(ENGINE.prompt_for(st, 0)))
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 0, "wonder:altar")
    assert err.value.key == "cannot_afford"
    st = position(boards=["gizah", "ephesos", "rhodos"], turn=5, cities=[["sawmill"], [], []],
                  hands=[["altar", "theater", "well"]] + [[FILLER] * 3] * 2)
    opt = ENGINE.prompt_for(st, 0).option("wonder:altar")  # type: ignore[union-attr]
    assert opt is not None and opt.params["stage"] == 1 and opt.cost == 0


def test_babylon_night_plays_the_seventh_card() -> None:
    st = position(boards=["babylon", "gizah", "ephesos"], sides=["night", "day", "day"],
                  stages=[1, 0, 0], turn=6,
                  hands=[["altar", "theater"], ["baths", "well"], ["tavern", "loom_1"]])
    events = choose_all(st, {0: "build:altar", 1: "sell:baths", 2: "sell:tavern"})
    assert st.phase == "last_card" and "last_cards_discarded" not in kinds(events)
    prompts = ENGINE.prompts(st)
    assert len(prompts) == 1 and prompts[0].seat == 0 and prompts[0].kind == "last_card"
    assert "build:theater" in option_ids(prompts[0])
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 1, "sell:well")
    assert err.value.key == "not_your_turn"
    events = ENGINE.apply(st, 0, "build:theater")
    assert "theater" in st.buildings[0]
    assert kinds(events).index("building_built") < kinds(events).index("last_cards_discarded")
    assert sorted(st.discard) == ["baths", "loom_1", "tavern", "well"]
    assert st.age == 2


def test_babylon_without_the_stage_discards_its_seventh_card() -> None:
    st = position(boards=["babylon", "gizah", "ephesos"], sides=["night", "day", "day"],
                  turn=6, hands=[["altar", "theater"], ["baths", "well"], ["tavern", "loom_1"]])
    choose_all(st, {0: "build:altar", 1: "sell:baths", 2: "sell:tavern"})
    assert st.age == 2 and "theater" in st.discard


def test_halikarnassos_builds_from_the_discard_at_the_end_of_the_turn() -> None:
    st = position(boards=["halikarnassos", "gizah", "ephesos"], stages=[1, 0, 0], turn=3,
                  coins=[3, 3, 3], discard=["tavern", "altar"], cities=[["altar", "press_1",
                                                                          "glassworks_1"],
                                                                         [], []],
                  hands=[["baths", "theater", "well", "stockade", "loom_1"]]
                  + [[FILLER] * 5] * 2)
    events = choose_all(st, {0: "wonder:baths", 1: "sell:altar", 2: "build:altar"})
    assert st.phase == "revive" and st.turn == 3  # hands not passed yet
    prompt = ENGINE.prompt_for(st, 0)
    # altar is owned; the altar sold this turn is in the pile too
    assert option_ids(prompt) == ["revive:tavern"]
    assert ENGINE.view(st, 0).private_discard == ["altar", "altar", "tavern"]
    assert ENGINE.view(st, 1).private_discard == []
    events = ENGINE.apply(st, 0, "revive:tavern")
    assert "tavern" in st.buildings[0] and st.coins[0] == 3 + 5
    assert events[0].params["via"] == "discard"
    assert st.turn == 4 and "hands_passed" in kinds(events)


def test_halikarnassos_on_the_sixth_turn_sees_the_seventh_cards() -> None:
    st = position(boards=["halikarnassos", "gizah", "ephesos"], stages=[1, 0, 0], turn=6,
                  cities=[["press_1", "glassworks_1"], [], []],
                  hands=[["baths", "theater"], ["altar", "well"], ["tavern", "loom_1"]])
    choose_all(st, {0: "wonder:baths", 1: "sell:altar", 2: "sell:tavern"})
    assert st.phase == "revive"
    assert option_ids(ENGINE.prompt_for(st, 0)) == [
        "revive:altar", "revive:loom_1", "revive:tavern", "revive:theater", "revive:well"]
    ENGINE.apply(st, 0, "revive:theater")
    assert st.age == 2 and "theater" in st.buildings[0]


def test_halikarnassos_skips_when_nothing_can_be_built() -> None:
    st = position(boards=["halikarnassos", "gizah", "ephesos"], stages=[1, 0, 0], turn=3,
                  cities=[["press_1", "glassworks_1", "altar"], [], []], discard=["altar"],
                  hands=[["baths", "theater", "well", "stockade", "loom_1"]]
                  + [["altar"] * 5] * 2)
    events = choose_all(st, {0: "wonder:baths", 1: "build:altar", 2: "build:altar"})
    assert "revive_skipped" in kinds(events) and st.turn == 4


def test_olympia_day_first_card_of_each_colour_is_free() -> None:
    st = position(boards=["olympia", "gizah", "ephesos"], stages=[2, 0, 0], turn=4,
                  coins=[0, 3, 3], cities=[["stockade"], [], []],
                  hands=[["baths", "barracks", "scriptorium", "tree_farm"]]
                  + [[FILLER] * 4] * 2)
    assert card_cost(st, 0, "baths")[0] == "power"  # first blue
    assert card_cost(st, 0, "scriptorium")[0] == "power"  # first green (papyrus missing)
    assert card_cost(st, 0, "tree_farm")[0] == "power"  # first brown (1 coin)
    assert card_cost(st, 0, "barracks")[0] == "cannot_afford"  # has a red card already
    choose_all(st, {0: "build:baths", 1: "sell:altar", 2: "sell:altar"})
    assert st.coins[0] == 0 and "baths" in st.buildings[0]


def test_olympia_night_first_and_last_card_of_each_age_are_free() -> None:
    hands = [["palace", "altar"] + [FILLER] * 5] + [[FILLER] * 7] * 2
    st = position(boards=["olympia", "gizah", "ephesos"], sides="night", stages=[1, 0, 0],
                  turn=1, coins=[0, 3, 3], age=3, hands=hands)
    assert card_cost(st, 0, "palace")[0] == "power"
    st.turn = 2
    st.step += 1
    assert card_cost(st, 0, "palace")[0] == "cannot_afford"
    st = position(boards=["olympia", "gizah", "ephesos"], sides="night", stages=[2, 0, 0],
                  turn=6, coins=[0, 3, 3], age=3,
                  hands=[["palace", "altar"], [FILLER] * 2, [FILLER] * 2])
    assert card_cost(st, 0, "palace")[0] == "power"
    choose_all(st, {0: "build:palace", 1: "sell:altar", 2: "sell:altar"})
    assert "palace" in st.buildings[0]


def test_alexandria_wildcards_serve_only_the_owner() -> None:
    st = position(boards=["alexandria", "gizah", "ephesos"], stages=[2, 0, 0], turn=5,
                  coins=[0, 0, 0], hands=[["guard_tower", FILLER, FILLER]] + [[FILLER] * 3] * 2)
    assert card_cost(st, 0, "guard_tower")[0] == "free"  # day stage 2: any raw material
    # seat 1 (left of 0... its right neighbour is 0) cannot buy from that stage
    assert market(st, 1)[4] == tuple(st.fixed[0]) and market(st, 1)[5] == ()
    st = position(boards=["alexandria", "gizah", "ephesos"], sides="night", stages=[2, 0, 0],
                  turn=5, coins=[0, 0, 0],
                  hands=[["guard_tower", "press_1", "apothecary"]] + [[FILLER] * 3] * 2)
    assert card_cost(st, 0, "guard_tower")[0] == "free"  # night 1: raw
    assert card_cost(st, 0, "apothecary")[0] == "free"  # night 2: goods


def test_decorators_guild_needs_a_complete_wonder() -> None:
    st = position(boards=["babylon", "gizah", "ephesos"], sides="night", stages=[2, 0, 0],
                  cities=[["decorators_guild"], ["decorators_guild"], []])
    assert breakdown(st, 0)["purple"] == 7
    assert breakdown(st, 1)["purple"] == 0


def test_babylon_seventh_card_cannot_repeat_the_sixth() -> None:
    """Never two buildings of the same name, also for the 7th card: two Lumber Yards in
    the last hand give one building; the other can still be sold or tucked."""
    st = position(4, boards=["babylon", "gizah", "ephesos", "rhodos"],
                  sides=["night", "day", "day", "day"], stages=[1, 0, 0, 0], turn=6,
                  hands=[["lumber_yard", "lumber_yard"]] + [["baths", "well"]] * 3)
    choose_all(st, {0: "build:lumber_yard", 1: "sell:baths", 2: "sell:baths",
                    3: "sell:baths"})
    assert st.phase == "last_card"
    ids = option_ids(ENGINE.prompt_for(st, 0))
    assert "build:lumber_yard" not in ids and "sell:lumber_yard" in ids
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 0, "build:lumber_yard")
    assert err.value.key == "already_built"
    ENGINE.apply(st, 0, "sell:lumber_yard")
    assert st.buildings[0] == ["lumber_yard"] and st.age == 2


def test_babylon_seventh_card_twin_from_an_earlier_age() -> None:
    st = position(boards=["babylon", "gizah", "ephesos"], sides=["night", "day", "day"],
                  stages=[1, 0, 0], turn=6, age=2, coins=[9, 3, 3],
                  cities=[["loom_1"], [], []],
                  hands=[["altar", "loom_2"], ["baths", "well"], ["tavern", "press_2"]])
    choose_all(st, {0: "build:altar", 1: "sell:baths", 2: "sell:tavern"})
    assert st.phase == "last_card"
    assert "build:loom_2" not in option_ids(ENGINE.prompt_for(st, 0))


def test_olympia_powers_never_build_a_twin() -> None:
    """Olympia Night 1 on the first turn of Age II: Loom (Age II) stays refused when the
    city has the Age I Loom; the power serves any other card."""
    st = position(boards=["olympia", "gizah", "ephesos"], sides="night", stages=[1, 0, 0],
                  age=2, turn=1, coins=[0, 3, 3], cities=[["loom_1"], [], []],
                  hands=[["loom_2", "courthouse"] + [FILLER] * 5] + [[FILLER] * 7] * 2)
    assert card_cost(st, 0, "loom_2")[0] == "owned"
    assert card_cost(st, 0, "courthouse")[0] == "power"
    ids = option_ids(ENGINE.prompt_for(st, 0))
    assert "build:loom_2" not in ids and "build:courthouse" in ids
    # Olympia Day 2 (first card of each colour): an owned twin is refused as well
    st = position(boards=["olympia", "gizah", "ephesos"], stages=[2, 0, 0], age=2, turn=1,
                  coins=[0, 3, 3], cities=[["press_1"], [], []],
                  hands=[["press_2", "glassworks_2"] + [FILLER] * 5] + [[FILLER] * 7] * 2)
    assert card_cost(st, 0, "press_2")[0] == "owned"


def test_halikarnassos_offers_two_copies_once_and_builds_one() -> None:
    st = position(boards=["halikarnassos", "gizah", "ephesos"], stages=[1, 0, 0], turn=3,
                  cities=[["press_1", "glassworks_1"], [], []],
                  discard=["lumber_yard", "lumber_yard", "loom_1"],
                  hands=[["baths", "theater", "well", "stockade", "altar"]]
                  + [[FILLER] * 5] * 2)
    choose_all(st, {0: "wonder:baths", 1: "sell:altar", 2: "sell:altar"})
    assert option_ids(ENGINE.prompt_for(st, 0)) == [
        "revive:altar", "revive:loom_1", "revive:lumber_yard"]
    ENGINE.apply(st, 0, "revive:lumber_yard")
    assert st.buildings[0].count("lumber_yard") == 1 and st.discard.count("lumber_yard") == 1
