"""Territories and colonization (scope §20, §22; L1418-L1496): the auction, the force,
colonies won and lost — worked examples X26, X27, rulings B21 and C7, and what the
auction's prompts show (platform §4.4-§4.6)."""

from __future__ import annotations

import json

import pytest

from engines.tta import colonization, tokens
from engines.tta.facts import HAPPY, KIND, MILITARY_IDS, STR
from engines.tta.interrupts import TtaCtx
from engines.tta.ratings import ratings
from engines.tta.state import TtaState
from tests.engines.tta.politics_helpers import asked, pull, reply, reveal, set_units, table
from tests.engines.tta.tta_helpers import ENGINE, check_invariants

BONUS_I = "I_defense_colonization_bonus"


def give_bonus(st: TtaState, seat: int, n: int, card: str = BONUS_I) -> None:
    for _ in range(n):
        st.civs[seat].military.append(pull(st, card))


def x26(st: TtaState, seat: int = 0) -> None:
    """X26's player: Cartography, 2 Warriors, 1 Knights, two colonization-1 bonus cards."""
    civ = st.civs[seat]
    civ.techs.append(pull(st, "I_cartography"))
    pull(st, "I_knights")
    set_units(civ, "A_warriors", 2)
    set_units(civ, "I_knights", 1)
    give_bonus(st, seat, 2)


def test_every_territory_has_an_auction() -> None:
    territories = {c for c in MILITARY_IDS if KIND[c] == "territory"}
    assert len(territories) == 12 and set(colonization.TERRITORIES) == territories


def test_max_force_counts_units_armies_modifiers_bonus_cards_L1446_L1450() -> None:
    st = table(2)
    x26(st)
    civ = st.civs[0]
    assert colonization.max_force(civ) == 2 * 1 + 2 + 2 + 2  # X26: 8
    civ.tactic = "I_fighting_band"  # 2 infantry: +1 army among the sent units
    assert colonization.max_force(civ) == 9


def test_strength_modifiers_and_arenas_never_count_L1460_L1464() -> None:
    st = table(2)
    civ = st.civs[0]
    base = colonization.max_force(civ)
    set_units(civ, "I_bread_and_circuses", 2)  # arenas: strength, but buildings
    pull(st, "I_bread_and_circuses")
    civ.leader = pull(st, "A_alexander_the_great")
    assert ratings(civ)[STR] > 1
    assert colonization.max_force(civ) == base == 1
    assert "I_bread_and_circuses" not in colonization.unit_cards(civ)


def test_x26_auto_sends_one_warrior_a_bonus_card_and_cartography_L1472_L1480() -> None:
    st = table(2)
    x26(st)
    civ = st.civs[0]
    assert colonization.weakest_force(civ, 4) == ({"A_warriors": 1}, {BONUS_I: 1}, {})


def test_james_cook_discards_two_military_cards_for_one_colonization_each() -> None:
    st = table(2)
    civ = st.civs[0]
    civ.leader = pull(st, "II_james_cook")
    civ.military = [pull(st, "I_rats"), pull(st, "I_crusades"), pull(st, "I_legion")]
    assert colonization.max_force(civ) == 1 + 2  # 1 Warriors + 2 discards
    assert colonization.weakest_force(civ, 2) == ({"A_warriors": 1}, {}, {"I_crusades": 1})
    reveal(st, "I_historic_territory")
    reply(st, 0, "bid:3")
    reply(st, 1, "pass")
    prompt = asked(st)[0]
    assert {o.id for o in prompt.options} >= {"drop:I_rats", "drop:I_crusades",
                                              "drop:I_legion"}
    reply(st, 0, "drop:I_rats")
    reply(st, 0, "drop:I_legion")
    assert not any(o.id.startswith("drop:") for o in asked(st)[0].options)  # 2 at most
    reply(st, 0, "unit:A_warriors")
    assert asked(st)[0].params["force"] == 1 + 2
    out = reply(st, 0, "done")
    civ = st.civs[0]
    assert civ.military == ["I_crusades"] and civ.colonies == ["I_historic_territory"]
    colonized = next(e for e in out if e.kind == "colonized")
    assert colonized.params["discarded"] == 2 and "I_rats" not in json.dumps(colonized.params)
    check_invariants(st)


def test_genghis_khan_infantry_fill_cavalry_slots_in_a_force() -> None:
    st = table(2)
    civ = st.civs[0]
    set_units(civ, "A_warriors", 3)
    civ.tactic = pull(st, "I_medieval_army")  # 1 infantry + 1 cavalry (Age I): +2
    without = colonization.max_force(civ)
    civ.leader = pull(st, "I_genghis_khan")
    assert colonization.max_force(civ) > without


def test_auction_three_players_several_laps_then_the_force_L1424_L1470() -> None:
    st = table(3, current=0)
    x26(st, 0)  # max 8
    set_units(st.civs[1], "A_warriors", 3)  # max 3
    set_units(st.civs[2], "A_warriors", 2)
    give_bonus(st, 2, 1)  # max 3
    reveal(st, "I_vast_territory")
    prompt = asked(st)[0]
    assert prompt.kind == "bid" and prompt.layout == "number" and prompt.private
    assert not prompt.reaction
    assert [o.id for o in prompt.options] == [*(f"bid:{n}" for n in range(1, 9)), "pass"]
    reply(st, 0, "bid:1")
    assert asked(st)[1].reaction and ENGINE.timeout_option(st, 1) == "pass"
    reply(st, 1, "bid:2")
    reply(st, 2, "bid:3")
    reply(st, 0, "bid:4")  # second lap
    assert [o.id for o in asked(st)[1].options] == ["pass"]  # max 3: only pass
    reply(st, 1, "pass")
    reply(st, 2, "pass")
    prompt = asked(st)[0]
    assert prompt.kind == "colonize" and prompt.private and prompt.layout == "pick"
    assert ENGINE.timeout_option(st, 0) == "auto"
    assert "done" not in [o.id for o in prompt.options]  # at least one unit (L1441)
    reply(st, 0, "auto")
    civ = st.civs[0]
    assert st.interrupt is None and civ.colonies == ["I_vast_territory"]
    assert civ.workers["A_warriors"] == 1 and civ.workers["I_knights"] == 1
    assert civ.military == [BONUS_I]  # one bonus card played, one kept
    assert st.past_events == [] or st.past_events[-1] != "I_vast_territory"
    check_invariants(st)


def test_force_picked_one_at_a_time_done_once_the_bid_is_covered_L1437_L1441() -> None:
    st = table(2, current=1)
    x26(st, 0)
    set_units(st.civs[1], "A_warriors", 0)  # no unit: skipped (cannot send a force)
    reveal(st, "I_wealthy_territory")
    assert list(asked(st)) == [0]
    reply(st, 0, "bid:4")
    reply(st, 0, "bonus:" + BONUS_I)
    reply(st, 0, "bonus:" + BONUS_I)
    prompt = asked(st)[0]
    assert "done" not in [o.id for o in prompt.options]  # 4 without a unit is not enough
    assert prompt.params["force"] == 0 and prompt.params["needed"] == 4
    reply(st, 0, "unit:I_knights")
    prompt = asked(st)[0]
    assert prompt.params["force"] == 2 + 2 + 2 and "done" in [o.id for o in prompt.options]
    yellow = st.civs[0].yellow_bank
    reply(st, 0, "done")
    civ = st.civs[0]
    assert civ.workers["I_knights"] == 0 and civ.yellow_bank == yellow + 1  # L1466-L1468
    assert civ.military == [] and st.military_discards[1].count(BONUS_I) == 2  # L1470
    check_invariants(st)


def test_nobody_bids_the_territory_goes_to_the_past_events_L1433() -> None:
    st = table(3)
    out = reveal(st, "I_historic_territory")
    for seat in (0, 1, 2):
        out = reply(st, seat, "pass")
    assert st.past_events[-1] == "I_historic_territory" and st.interrupt is None
    assert "territory_unclaimed" in [e.kind for e in out]
    assert all(c.colonies == [] for c in st.civs)
    check_invariants(st)


def test_auction_prompts_show_no_hidden_card_in_the_public_view() -> None:
    st = table(3)
    give_bonus(st, 1, 2)
    give_bonus(st, 2, 1, "II_defense_colonization_bonus")
    reveal(st, "I_developed_territory")
    reply(st, 0, "bid:1")
    text = ENGINE.public_json(st)
    public = json.loads(text)
    assert public["revealed"] == "I_developed_territory" and public["asked"] == [1]
    for card in (BONUS_I, "II_defense_colonization_bonus"):
        assert f'"{card}"' not in text
    assert all(p.private for p in ENGINE.prompts(st))


@pytest.mark.parametrize("card", colonization.TERRITORIES)
def test_each_territory_permanent_then_immediate_L1486_L1488(card: str) -> None:
    st = table(2)
    st.age = 1
    civ = st.civs[0]
    before = (civ.yellow_bank, civ.blue_bank, tokens.food(civ), tokens.resources(civ),
              civ.science, civ.culture, civ.pool, len(civ.military), ratings(civ))
    pull(st, card)
    ctx = TtaCtx(st)
    colonization.gain_colony(ctx, 0, card)
    perm, now = colonization.PERMANENT[card], colonization.IMMEDIATE[card]
    pop = now.get("population_free", 0)
    assert civ.yellow_bank == before[0] + perm.get("yellow_tokens", 0) - pop
    assert civ.pool == before[6] + pop
    blue = perm.get("blue_tokens", 0)
    gained = now.get("food", 0) + now.get("resources", 0)  # 1-value tokens here
    assert civ.blue_bank == before[1] + blue - gained
    assert tokens.food(civ) == before[2] + now.get("food", 0)
    assert tokens.resources(civ) == before[3] + now.get("resources", 0)
    assert civ.science == before[4] + now.get("science", 0)
    assert civ.culture == before[5] + now.get("culture", 0)
    assert len(civ.military) == before[7] + now.get("draw_military_cards", 0)
    r = ratings(civ)
    assert r[STR] == before[8][STR] + perm.get("strength", 0)
    assert r[HAPPY] == before[8][HAPPY] + perm.get("happy", 0)
    check_invariants(st)


def test_b21_wealthy_territory_i_gives_three_blue_tokens() -> None:
    assert colonization.PERMANENT["I_wealthy_territory"]["blue_tokens"] == 3
    st = table(2)
    civ = st.civs[0]
    bank, box = civ.blue_bank, civ.blue_box
    colonization.gain_colony(TtaCtx(st), 0, pull(st, "I_wealthy_territory"))
    assert civ.blue_box == box + 3 and civ.blue_bank == bank + 3 - 5  # +3, then 5 resources


def test_c7_strategic_territory_draws_nothing_without_a_military_deck() -> None:
    st = table(2)
    st.age = 3  # the first game's Age III: no military deck (L1793); Age IV alike (C7)
    civ = st.civs[0]
    colonization.gain_colony(TtaCtx(st), 0, pull(st, "II_strategic_territory"))
    assert civ.military == [] and ratings(civ)[STR] == 1 + 4
    st = table(2)
    colonization.gain_colony(TtaCtx(st), 0, pull(st, "I_strategic_territory"))
    assert len(st.civs[0].military) == 3


def test_x27_inhabited_territory_ii_then_independence_L1492_L1494() -> None:
    st = table(2, current=1)
    st.age = 2
    civ = st.civs[0]
    yellow, pool, box = civ.yellow_bank, civ.pool, civ.yellow_box
    colonization.gain_colony(TtaCtx(st), 0, pull(st, "II_inhabited_territory"))
    assert civ.yellow_box == box + 3 and civ.yellow_bank == yellow + 3 - 2
    assert civ.pool == pool + 2  # 2 workers, no food, no action
    set_units(st.civs[1], "A_warriors", 2)  # seat 0 is the weakest
    reveal(st, "II_independence_declaration")
    civ = st.civs[0]
    assert civ.colonies == [] and "II_inhabited_territory" in st.removed
    assert civ.yellow_bank == yellow + 3 - 2 - 3 and civ.pool == pool + 2  # workers kept
    check_invariants(st)


def test_independence_the_weakest_chooses_which_colony() -> None:
    st = table(2, current=1)
    st.age = 2
    ctx = TtaCtx(st)
    for card in ("I_historic_territory", "II_vast_territory"):
        colonization.gain_colony(ctx, 0, pull(st, card))
    set_units(st.civs[1], "A_warriors", 2)
    reveal(st, "II_independence_declaration")
    prompt = asked(st)[0]
    assert prompt.reaction and [o.id for o in prompt.options] == [
        "card:I_historic_territory", "card:II_vast_territory"]
    blue = st.civs[0].blue_bank
    reply(st, 0, "card:II_vast_territory")
    civ = st.civs[0]
    assert civ.colonies == ["I_historic_territory"]
    assert civ.blue_bank == blue + 1  # the −1 blue symbol is given back (L1454-L1458)
    check_invariants(st)


def test_auction_round_trips_json_mid_question() -> None:
    st = table(3)
    reveal(st, "II_developed_territory")
    reply(st, 0, "bid:1")
    loaded = ENGINE.load(ENGINE.dump(st))
    assert loaded == st
    reply(loaded, 1, "pass")
    reply(loaded, 2, "pass")
    reply(loaded, 0, "auto")
    assert loaded.civs[0].colonies == ["II_developed_territory"]
    check_invariants(loaded)
