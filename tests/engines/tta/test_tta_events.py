"""The 40 events of Ages A, I and II (scope §18-§19; L1367-L1412; X25; rulings B9, B22,
C5) and how they ask other seats mid-turn (platform §4.5: several prompts at once,
``reaction``, timeout defaults)."""

from __future__ import annotations

import json

import pytest

from engines.tta import economy, interrupts, tokens
from engines.tta.event_cards import targets
from engines.tta.events import RESOLVERS
from engines.tta.facts import AGE, KIND, MILITARY_IDS
from engines.tta.ratings import civil_left, ratings
from tests.engines.tta.politics_helpers import (
    asked,
    pool,
    pull,
    reply,
    reveal,
    set_units,
    strengths,
    table,
)
from tests.engines.tta.tta_helpers import ENGINE, check_invariants, set_tokens


def test_every_age_a_i_ii_event_has_a_resolver() -> None:
    events = {c for c in MILITARY_IDS if KIND[c] == "event" and AGE[c] <= 2}
    assert len(events) == 40 and events <= set(RESOLVERS)


# -- targets (X25, L1390-L1408) ---------------------------------------------------------------


def test_x25_strength_ties_go_to_the_current_player_then_clockwise_L1394_L1398() -> None:
    st = table(4, current=2)
    strengths(st, 1, 1, 1, 1)
    assert targets.strongest(st) == 2  # the current player wins the tie
    assert targets.weakest(st) == 1  # the player before it is the weakest (L1398)
    assert targets.two_strongest(st) == [2, 3]
    assert targets.two_weakest(st) == [0, 1]
    strengths(st, 3, 1, 1, 2)
    assert targets.strongest(st) == 0 and targets.weakest(st) == 1


def test_x25_two_strongest_means_the_strongest_at_two_players_L1402_L1404() -> None:
    st = table(2)
    strengths(st, 1, 2)
    assert targets.two_strongest(st) == [1] and targets.two_weakest(st) == [0]


def test_x25_all_with_the_most_hits_every_tied_player_L1408() -> None:
    st = table(3, current=1)
    for seat, faces in enumerate((2, 1, 2)):
        set_units(st.civs[seat], "A_religion", faces)  # a temple: 1 face
    pools = [c.pool for c in st.civs]
    reveal(st, "I_immigration")
    assert [c.pool - p for c, p in zip(st.civs, pools, strict=True)] == [1, 0, 1]
    check_invariants(st)


# -- Age A ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "food", "res", "sci"), [
    ("A_development_of_agriculture", 2, 0, 0),
    ("A_development_of_crafts", 0, 2, 0),
    ("A_development_of_science", 0, 0, 2),
    ("A_development_of_trade_routes", 1, 1, 1),
])
def test_age_a_gains_for_everyone_L1376(card: str, food: int, res: int, sci: int) -> None:
    st = table(3)
    before = [(tokens.food(c), tokens.resources(c), c.science) for c in st.civs]
    reveal(st, card)
    for civ, (f, r, s) in zip(st.civs, before, strict=True):
        assert (tokens.food(civ), tokens.resources(civ), civ.science) == (f + food, r + res,
                                                                          s + sci)
    assert st.past_events[-1] == card and st.interrupt is None and st.revealed is None
    check_invariants(st)


def test_markets_asks_every_seat_at_once_and_waits_for_all_L1378() -> None:
    st = table(3, current=1)
    food = [tokens.food(c) for c in st.civs]
    res = [tokens.resources(c) for c in st.civs]
    reveal(st, "A_development_of_markets")
    prompts = asked(st)
    assert sorted(prompts) == [0, 1, 2]
    assert [prompts[s].reaction for s in (0, 1, 2)] == [True, False, True]
    assert {o.id for o in prompts[0].options} == {"food", "resources"}
    assert st.revealed == "A_development_of_markets"
    check_invariants(st)  # the revealed card is counted while it asks
    out = reply(st, 2, "resources")
    assert [e.kind for e in out] == ["reaction_answered"] and sorted(asked(st)) == [0, 1]
    assert tokens.resources(st.civs[2]) == res[2]  # nothing applied before the last answer
    reply(st, 0, "food")
    out = reply(st, 1, "resources")
    assert st.interrupt is None and not asked(st)
    assert [e.kind for e in out].count("event_effect") == 3
    assert tokens.food(st.civs[0]) == food[0] + 2
    assert tokens.resources(st.civs[1]) == res[1] + 2
    assert tokens.resources(st.civs[2]) == res[2] + 2
    check_invariants(st)


def test_development_of_politics_draws_three_each_private_cards() -> None:
    st = table(3)
    out = reveal(st, "A_development_of_politics")
    assert [len(c.military) for c in st.civs] == [3, 3, 3]
    public = [e for e in out if e.visible_to is None]
    assert all("cards" not in e.params for e in public)
    private = [e for e in out if e.kind == "drew_military_cards"]
    assert [e.visible_to for e in private] == [[0], [1], [2]]
    check_invariants(st)


def test_settlement_gains_one_population_free_B9_L1384() -> None:
    st = table(2)
    food = [tokens.food(c) for c in st.civs]
    reveal(st, "A_development_of_settlement")
    assert [c.pool for c in st.civs] == [2, 2] and [c.yellow_bank for c in st.civs] == [17, 17]
    assert [tokens.food(c) for c in st.civs] == food


def test_religion_needs_an_unused_worker_and_obeys_the_urban_limit_B22_L1380_L1382() -> None:
    st = table(3)
    pool(st.civs[1], 0)
    set_units(st.civs[2], "A_religion", 2)  # Despotism: 2 buildings of a type
    reveal(st, "A_development_of_religion")
    prompts = asked(st)
    assert list(prompts) == [0]  # one seat asked: ``ask`` (not a batch)
    assert ENGINE.timeout_option(st, 0) == "decline"
    res = tokens.resources(st.civs[0])
    reply(st, 0, "build:A_religion")
    assert st.civs[0].workers["A_religion"] == 1 and tokens.resources(st.civs[0]) == res
    check_invariants(st)


def test_warfare_free_warriors_may_be_declined() -> None:
    st = table(2)
    reveal(st, "A_development_of_warfare")
    reply(st, 0, "decline")
    reply(st, 1, "build:A_warriors")
    assert [c.workers["A_warriors"] for c in st.civs] == [1, 2]
    assert [c.pool for c in st.civs] == [1, 0]


def test_civilization_one_discounted_action_without_civil_actions_C5() -> None:
    st = table(2)
    civ0, civ1 = st.civs
    civ0.hand.append(pull(st, "I_iron"))
    civ0.science = 4  # Iron costs 5: 1 science less
    ca = [civil_left(c) for c in st.civs]
    reveal(st, "A_development_of_civilization")
    ids0 = {o.id for o in asked(st)[0].options}
    assert {"pop", "build:A_bronze", "develop:I_iron", "decline"} <= ids0
    food1 = tokens.food(civ1)
    cost = economy.population_cost(civ1.yellow_bank)
    assert cost is not None
    reply(st, 1, "pop")
    reply(st, 0, "develop:I_iron")
    civ0, civ1 = st.civs  # an answer replays the event on a restored copy
    assert "I_iron" in civ0.techs and civ0.science == 0
    assert civ1.pool == 2 and tokens.food(civ1) == food1 - (cost - 1)
    assert [civil_left(c) for c in st.civs] == ca  # no action paid (L1380)
    check_invariants(st)


# -- Age I -----------------------------------------------------------------------------------


def test_barbarians_hit_the_culture_leader_among_the_two_weakest() -> None:
    st = table(3)
    strengths(st, 3, 2, 1)
    st.civs[1].culture = 5
    bank = st.civs[1].yellow_bank
    reveal(st, "I_barbarians")
    assert st.civs[1].pool == 0 and st.civs[1].yellow_bank == bank + 1
    st = table(3)
    strengths(st, 3, 2, 1)
    st.civs[0].culture = 5  # the leader is the strongest: nothing
    reveal(st, "I_barbarians")
    assert [c.pool for c in st.civs] == [1, 1, 1]


def test_border_conflict_weakest_destroys_its_choice_strongest_gains_3() -> None:
    st = table(3, current=0)
    strengths(st, 1, 1, 1)  # tie: seat 0 strongest, seat 2 weakest (L1394)
    res = tokens.resources(st.civs[0])
    reveal(st, "I_border_conflict")
    prompt = asked(st)[2]
    assert prompt.reaction and [o.id for o in prompt.options] == [
        "card:A_agriculture", "card:A_bronze", "card:A_philosophy"]
    assert ENGINE.timeout_option(st, 2) == "card:A_agriculture"  # the lowest level first
    reply(st, 2, "card:A_philosophy")
    assert st.civs[2].workers["A_philosophy"] == 0 and st.civs[2].pool == 2
    assert tokens.resources(st.civs[0]) == res + 3
    check_invariants(st)


def test_crusades_strongest_plus_4_weakest_minus_4_never_below_0() -> None:
    st = table(3)
    strengths(st, 1, 3, 2)
    st.civs[0].culture = 2
    reveal(st, "I_crusades")
    assert [c.culture for c in st.civs] == [0, 4, 0]


def test_cultural_influence_and_scientific_breakthrough_score_the_rating() -> None:
    st = table(2)
    set_units(st.civs[0], "A_religion", 1)  # 1 culture
    reveal(st, "I_cultural_influence")
    assert [c.culture for c in st.civs] == [1, 0]
    science = [c.science for c in st.civs]
    reveal(st, "I_scientific_breakthrough")
    assert [c.science - s for c, s in zip(st.civs, science, strict=True)] == [1, 1]


def test_foray_two_strongest_any_mix_two_players_one() -> None:
    st = table(2)
    strengths(st, 2, 1)
    reveal(st, "I_foray")
    assert list(asked(st)) == [0]
    assert [o.id for o in asked(st)[0].options] == ["mix:0", "mix:1", "mix:2", "mix:3"]
    food, res = tokens.food(st.civs[0]), tokens.resources(st.civs[0])
    reply(st, 0, "mix:1")
    assert (tokens.food(st.civs[0]), tokens.resources(st.civs[0])) == (food + 1, res + 2)
    st = table(3)
    strengths(st, 2, 1, 2)
    reveal(st, "I_foray")
    assert sorted(asked(st)) == [0, 2]


def test_good_harvest_and_new_deposits_produce_without_corruption_or_consumption() -> None:
    st = table(2)
    pool(st.civs[0], 8)  # consumption would apply at the end of a turn
    food = tokens.food(st.civs[0])
    reveal(st, "I_good_harvest")
    assert tokens.food(st.civs[0]) == food + 2  # 2 farmers
    res = tokens.resources(st.civs[0])
    reveal(st, "I_new_deposits")
    assert tokens.resources(st.civs[0]) == res + 2


def test_pestilence_unused_worker_first_else_the_player_chooses_at_once() -> None:
    st = table(3)
    pool(st.civs[1], 0)
    pool(st.civs[2], 0)
    reveal(st, "I_pestilence")
    assert st.civs[0].pool == 0  # its unused worker, no question
    assert sorted(asked(st)) == [1, 2]
    assert ENGINE.timeout_option(st, 1) == "card:A_agriculture"
    reply(st, 1, "card:A_warriors")
    reply(st, 2, "card:A_bronze")
    assert st.civs[1].workers["A_warriors"] == 0 and st.civs[2].workers["A_bronze"] == 1
    check_invariants(st)


def test_raiders_two_weakest_lose_two_in_any_payable_split() -> None:
    st = table(3)
    strengths(st, 3, 1, 2)
    civ = st.civs[1]
    set_tokens(civ, "A_agriculture", 0)  # no food: only resources can go
    reveal(st, "I_raiders")
    assert list(asked(st)) == [2]  # seat 1's split is forced
    reply(st, 2, "mix:2")
    civ = st.civs[1]
    assert tokens.resources(civ) == 0 and tokens.food(st.civs[2]) == 0
    check_invariants(st)


def test_rats_lose_all_food() -> None:
    st = table(2)
    reveal(st, "I_rats")
    assert [tokens.food(c) for c in st.civs] == [0, 0]
    check_invariants(st)


def test_rebellion_spends_2_civil_actions_per_discontent_worker_scope_19() -> None:
    st = table(2, current=0)
    pool(st.civs[1], 7)  # yellow bank 12: 2 faces needed, none: 2 discontent
    assert economy.discontent(st.civs[1].yellow_bank, 0) == 2
    reveal(st, "I_rebellion")
    assert civil_left(st.civs[1]) == 0  # 4 actions, all lost until its own reset
    assert civil_left(st.civs[0]) == 4


def test_reign_of_terror_the_weakest_loses_one_population() -> None:
    st = table(3, current=1)
    reveal(st, "I_reign_of_terror")  # all tied: the seat before the current one
    assert [c.pool for c in st.civs] == [0, 1, 1]


def test_uncertain_borders_moves_a_yellow_token_between_banks() -> None:
    st = table(2)
    strengths(st, 1, 2)
    y0, y1 = st.civs[0].yellow_bank, st.civs[1].yellow_bank
    reveal(st, "I_uncertain_borders")
    assert (st.civs[0].yellow_bank, st.civs[1].yellow_bank) == (y0 - 1, y1 + 1)
    check_invariants(st)


# -- Age II ----------------------------------------------------------------------------------


def test_civil_unrest_4_culture_per_discontent_most_discontent_lose_a_blue_token() -> None:
    st = table(3)
    for c in st.civs:
        c.culture = 20
    pool(st.civs[0], 7)  # 2 discontent
    pool(st.civs[1], 3)  # yellow 16: 1 needed, 1 discontent
    blue = [c.blue_bank for c in st.civs]
    reveal(st, "II_civil_unrest")
    assert [c.culture for c in st.civs] == [12, 16, 20]
    assert [b - c.blue_bank for c, b in zip(st.civs, blue, strict=True)] == [1, 0, 0]
    check_invariants(st)


def test_civil_unrest_nobody_discontent_nothing() -> None:
    st = table(2)
    blue = [c.blue_bank for c in st.civs]
    reveal(st, "II_civil_unrest")
    assert [c.blue_bank for c in st.civs] == blue


def test_cold_war_and_crime_wave() -> None:
    st = table(3)
    strengths(st, 3, 2, 1)
    for c in st.civs:
        c.culture = 5
    sci = [c.science for c in st.civs]
    reveal(st, "II_cold_war")
    assert [c.science - s for c, s in zip(st.civs, sci, strict=True)] == [6, 6, 0]
    blue = [c.blue_bank for c in st.civs]
    reveal(st, "II_crime_wave")
    assert [c.culture for c in st.civs] == [5, 2, 2]
    assert [b - c.blue_bank for c, b in zip(st.civs, blue, strict=True)] == [0, 1, 1]
    check_invariants(st)


def test_economic_progress_runs_corruption_food_consumption_resources() -> None:
    st = table(2)
    civ = st.civs[0]
    pool(civ, 8)  # yellow 11: consumption 2
    food, res = tokens.food(civ), tokens.resources(civ)
    culture, science = civ.culture, civ.science
    reveal(st, "II_economic_progress")
    assert tokens.food(civ) == food + 2 - 2 and tokens.resources(civ) == res + 2
    assert (civ.culture, civ.science) == (culture, science)
    check_invariants(st)


def test_emigration_half_the_discontent_rounded_up() -> None:
    st = table(2)
    pool(st.civs[0], 7)  # 2 discontent: 1 lost
    pool(st.civs[1], 3)  # 1 discontent: 1 lost
    reveal(st, "II_emigration")
    assert [c.pool for c in st.civs] == [6, 2]


def test_iconoclasm_removes_leaders_not_of_the_current_age() -> None:
    st = table(2)
    st.age = 2
    st.civs[0].leader = "I_joan_of_arc"
    st.civs[1].leader = "II_james_cook"
    for seat, c in enumerate(("I_joan_of_arc", "II_james_cook")):
        for pile in st.civil_decks:
            if c in pile:
                pile.remove(c)
        assert st.civs[seat].leader == c
    reveal(st, "II_iconoclasm")
    assert st.civs[0].leader is None and "I_joan_of_arc" in st.removed
    assert st.civs[1].leader == "II_james_cook"


def test_national_pride_most_culture_tie_to_the_current_player() -> None:
    st = table(3, current=2)
    for c, v in zip(st.civs, (4, 1, 4), strict=True):
        c.culture = v
    reveal(st, "II_national_pride")
    assert [c.culture for c in st.civs] == [4, 1, 9]


def test_politics_of_strength_draws_5_and_the_weakest_discards_3_privately() -> None:
    st = table(3)
    st.age = 2
    strengths(st, 1, 3, 2)
    civ = st.civs[0]
    civ.military = [st.military_decks[2].pop() for _ in range(4)]
    reveal(st, "II_politics_of_strength")
    assert len(st.civs[1].military) == 5
    prompt = asked(st)[0]
    assert prompt.private and prompt.kind == "discard_military"
    for _ in range(3):
        reply(st, 0, asked(st)[0].options[0].id)
    civ = st.civs[0]
    assert len(civ.military) == 1 and st.interrupt is None
    check_invariants(st)


def test_popularization_of_science_and_prosperity() -> None:
    st = table(2)
    reveal(st, "II_popularization_of_science")
    assert [c.culture for c in st.civs] == [1, 1]  # Philosophy: 1 science
    set_units(st.civs[1], "A_religion", 2)  # 2 faces
    food = [tokens.food(c) for c in st.civs]
    reveal(st, "II_prosperity")
    assert [tokens.food(c) - f for c, f in zip(st.civs, food, strict=True)] == [0, 2]


def test_ravages_of_time_flips_a_completed_age_a_or_i_wonder() -> None:
    st = table(2)
    civ = st.civs[0]
    civ.wonders = ["A_hanging_gardens", "I_great_wall"]
    st.civs[1].wonders = ["A_pyramids"]
    for w in ("A_hanging_gardens", "I_great_wall", "A_pyramids"):
        for pile in st.civil_decks:
            if w in pile:
                pile.remove(w)
        if w in st.row:
            st.row[st.row.index(w)] = None
        if w in st.removed:
            st.removed.remove(w)
    happy = ratings(civ)[4]
    reveal(st, "II_ravages_of_time")
    assert list(asked(st)) == [0]  # seat 1 has one choice: flipped without a question
    reply(st, 0, "card:A_hanging_gardens")
    assert st.civs[1].flipped == ["A_pyramids"]
    civ = st.civs[0]
    assert civ.flipped == ["A_hanging_gardens"]
    assert ratings(civ)[4] == happy - 2 and ratings(civ)[3] == 2 + 1  # 2 culture + Wall 1


def test_refugees_weakest_loses_strongest_gains_free_population() -> None:
    st = table(2)
    strengths(st, 1, 2)
    for c in st.civs:
        c.culture = 5
    reveal(st, "II_refugees")
    assert [c.culture for c in st.civs] == [2, 8]
    assert [c.pool for c in st.civs] == [0, 2]


def test_terrorism_least_culture_destroys_an_urban_building_of_every_other() -> None:
    st = table(3, current=0)
    st.civs[0].culture = 3
    st.civs[1].culture = 3
    set_units(st.civs[1], "A_religion", 1)
    reveal(st, "II_terrorism")  # seat 2 (least culture) chooses for seat 0 then seat 1
    assert st.civs[0].workers["A_philosophy"] == 0  # one building: no question
    prompt = asked(st)[2]
    assert prompt.kind == "destroy_urban" and prompt.params["target_seat"] == 1
    assert [o.id for o in prompt.options] == ["card:A_philosophy", "card:A_religion"]
    reply(st, 2, "card:A_religion")
    assert st.civs[0].workers["A_philosophy"] == 0 and st.civs[1].workers["A_religion"] == 0
    check_invariants(st)


def test_international_agreement_takes_up_to_5_actions_and_forfeits_politics() -> None:
    st = table(2, current=0)
    strengths(st, 1, 2)
    row = list(st.row)
    deck = len(st.civil_decks[1])
    reveal(st, "II_international_agreement")
    prompt = asked(st)[1]
    assert prompt.reaction and prompt.options[-1].id == "decline"
    assert ENGINE.timeout_option(st, 1) == "decline"
    reply(st, 1, "take:13")  # 3 actions
    assert ENGINE.timeout_option(st, 1) == "done"
    reply(st, 1, "take:6")  # 2 actions: the budget is spent
    assert st.interrupt is None
    assert st.civs[1].hand == [row[12], row[5]] and civil_left(st.civs[1]) == 4
    assert st.civs[1].taken == []  # not taken during its own turn
    assert st.forfeit_politics == [1]
    assert None not in st.row and len(st.civil_decks[1]) == deck - 2  # refilled, no sweep
    assert st.row[:5] == row[:5]
    check_invariants(st)


def test_forfeited_political_action_is_skipped_once() -> None:
    st = table(2, current=0)
    st.forfeit_politics = [1]
    st.civs[1].military = [st.military_decks[1].pop()]
    from engines.tta import turn

    st.current = 1
    out = turn.begin_turn(st)
    assert st.step == "action" and "politics_forfeited" in [e.kind for e in out]
    assert st.forfeit_politics == []


# -- the mechanism ---------------------------------------------------------------------------


def test_a_prepared_event_asks_through_the_engine_and_survives_json() -> None:
    st = table(3, current=0)
    civ = st.civs[0]
    civ.military = ["I_rats"]
    st.military_decks[1].remove("I_rats")
    st.current_events.append(pull(st, "A_development_of_markets"))
    st.step = "politics"
    ENGINE.apply(st, 0, "event:I_rats")
    prompts = ENGINE.prompts(st)
    assert sorted(p.seat for p in prompts) == [0, 1, 2]
    public = json.loads(ENGINE.public_json(st))
    assert public["revealed"] == "A_development_of_markets" and public["asked"] == [0, 1, 2]
    loaded = ENGINE.load(ENGINE.dump(st))
    assert loaded == st
    copy, _ = ENGINE.answer(st, 1, "food")
    assert st.interrupt is not None and st.interrupt["given"] == {}  # never mutated
    for seat in (1, 2, 0):
        ENGINE.apply(st, seat, "food")
    assert st.interrupt is None and st.step == "action" and st.current == 0
    assert st.past_events[-1] == "A_development_of_markets"
    check_invariants(st)
    assert copy.interrupt is not None and copy.interrupt["given"] == {"1": "food"}


def test_prompts_reaction_flag_and_timeout_for_every_open_seat() -> None:
    st = table(3, current=2)
    reveal(st, "A_development_of_markets")
    for p in interrupts.prompts(st):
        assert p.reaction == (p.seat != 2)
        assert ENGINE.timeout_option(st, p.seat) == "food"
