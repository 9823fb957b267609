"""Aggressions and the defense (engines/tta/aggressions.py; scope §23; book L1997-L2011,
L2200-L2208; ruling B11; example X41; MC aggression cards ``effect``)."""

from __future__ import annotations

import json

import pytest

from engines.core.contract import Event
from engines.tta import aggressions, conflict, interrupts, pacts, setup, tokens, turn, undo_window
from engines.tta.ratings import military_total, strength
from engines.tta.state import TtaState
from tests.engines.tta.politics_helpers import pull, set_units
from tests.engines.tta.tta_helpers import ENGINE, check_invariants, set_tokens

BONUS_I = "I_defense_colonization_bonus"  # defense 2
BONUS_II = "II_defense_colonization_bonus"  # defense 4


def full_table(players: int = 3, seed: int = 1) -> TtaState:
    """A ``full`` game in round 2, seat 0 in its political phase; every civilization with
    an empty military hand, no food, resources, science or culture (strength 1: one
    Warriors; 2 military actions)."""
    st = setup.new_state(players, seed, "full")
    turn.begin_turn(st)
    undo_window.open_if_acting(st)
    while st.round == 1:
        ENGINE.apply(st, st.current, "end")
    for civ in st.civs:
        st.removed.extend(civ.military)
        civ.military = []
        for t in list(civ.blue):
            set_tokens(civ, t, 0)
        civ.science = civ.culture = 0
    st.current = 0
    st.step = "politics"
    st.undo.close()
    undo_window.open_if_acting(st)  # seat 0's own window, as at the start of its turn
    return st


def hand(st: TtaState, seat: int, *cards: str) -> None:
    st.civs[seat].military.extend(pull(st, c) for c in cards)


def warriors(st: TtaState, *counts: int) -> None:
    """Seat ``i`` gets ``counts[i]`` Warriors: strength ``counts[i]`` (no tactic)."""
    for seat, n in enumerate(counts):
        set_units(st.civs[seat], "A_warriors", n)


def ids(st: TtaState, seat: int = 0) -> list[str]:
    return [o.id for p in ENGINE.prompts(st) if p.seat == seat for o in p.options]


def attack(st: TtaState, card: str, defender: int) -> list[Event]:
    """Seat 0 plays ``card`` (already in its hand) against ``defender`` through the engine."""
    return ENGINE.apply(st, 0, f"aggression:{card}:{defender}")


def play(st: TtaState, card: str, defender: int = 1) -> list[Event]:
    """Seat 0 plays ``card`` from the deck; a defender without military cards is not asked,
    so the effect follows at once."""
    hand(st, 0, card)
    return attack(st, card, defender)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


# -- who may be attacked --------------------------------------------------------------------


def test_every_printed_aggression_has_an_effect() -> None:
    assert len(aggressions.AGGRESSIONS) == 11
    families = {next(iter(e)) for e in aggressions.EFFECT.values()}
    assert families == {"victim_lose_population", "take_from_victim",
                        "destroy_victim_urban_buildings", "take_colony", "remove_from_game"}


def test_only_strictly_weaker_rivals_are_targets_B11() -> None:
    """PB ``conflict.aggression``: a rival of equal strength may not be attacked."""
    st = full_table(3)
    warriors(st, 3, 3, 2)
    hand(st, 0, "I_plunder")
    assert [i for i in ids(st) if i.startswith("aggression")] == ["aggression:I_plunder:2"]
    opt = next(o for o in ENGINE.prompts(st)[0].options if o.id == "aggression:I_plunder:2")
    assert opt.params["ma"] == 1 and opt.params["target_seat"] == 2
    assert opt.params.get("final") is True  # a card of the hidden hand is revealed


def test_an_aggression_needs_its_military_actions_left_L1999() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    hand(st, 0, "I_enslave")  # costs 2
    st.civs[0].ma_spent = 1
    assert not any(i.startswith("aggression") for i in ids(st))
    st.civs[0].ma_spent = 0
    assert {i for i in ids(st) if i.startswith("aggression")} == {
        "aggression:I_enslave:1", "aggression:I_enslave:2"}


def test_gandhi_costs_double_and_his_owner_may_not_attack() -> None:
    """CC Mahatma Gandhi: attacking his owner costs double military actions; his owner
    plays no aggression."""
    st = full_table(3)
    warriors(st, 3, 1, 1)
    st.civs[1].leader = pull(st, conflict.GANDHI)
    hand(st, 0, "I_plunder", "I_enslave")
    got = {i for i in ids(st) if i.startswith("aggression")}
    # Plunder: 1 x 2 = 2 military actions, affordable; Enslave: 2 x 2 = 4, not
    assert got == {"aggression:I_plunder:1", "aggression:I_plunder:2",
                   "aggression:I_enslave:2"}
    attack(st, "I_plunder", 1)
    assert st.civs[0].ma_spent == 2
    st2 = full_table(3)
    warriors(st2, 3, 1, 1)
    st2.civs[0].leader = pull(st2, conflict.GANDHI)
    hand(st2, 0, "I_plunder")
    assert not any(i.startswith("aggression") for i in ids(st2))


def test_infiltrate_and_annex_need_something_to_take() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    hand(st, 0, "II_infiltrate", "II_annex")
    assert not any(i.startswith("aggression") for i in ids(st))
    st.civs[2].leader = pull(st, "II_james_cook")
    st.civs[1].colonies.append(pull(st, "I_historic_territory"))
    assert {i for i in ids(st) if i.startswith("aggression")} == {
        "aggression:II_infiltrate:2", "aggression:II_annex:1"}


# -- the defense ----------------------------------------------------------------------------


def test_playing_pays_discards_the_card_and_asks_the_defender_privately() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    hand(st, 1, BONUS_I)
    events = play(st, "I_plunder", 1)
    assert kinds(events)[0] == "aggression"
    assert events[0].params == {"card": "I_plunder", "target_seat": 1, "ma": 1}
    assert st.civs[0].ma_spent == 1 and "I_plunder" in st.military_discards[1]
    (prompt,) = ENGINE.prompts(st)
    assert prompt.seat == 1 and prompt.kind == "defend"
    assert prompt.private and prompt.reaction
    assert [o.id for o in prompt.options] == ["done", f"bonus:{BONUS_I}"]
    assert prompt.params["attack"] == 3 and prompt.params["defense"] == 1
    assert ENGINE.timeout_option(st, 1) == "done"
    assert ENGINE.timeout_option(st, 0) is None
    assert BONUS_I not in ENGINE.public_json(st)
    check_invariants(st)


def test_timeout_default_is_no_defense_and_the_aggression_succeeds_L2007() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    set_tokens(st.civs[1], "A_bronze", 2)  # no food: a single split, nothing asked
    hand(st, 1, BONUS_I)
    play(st, "I_plunder", 1)
    default = ENGINE.timeout_option(st, 1)
    assert default is not None
    events = ENGINE.apply(st, 1, default)
    defended = next(e for e in events if e.kind == "defended")
    assert defended.params["held"] is False and defended.params["defense"] == 1
    assert "aggression_succeeded" in kinds(events)
    assert tokens.resources(st.civs[1]) == 0 and st.civs[1].military == [BONUS_I]
    assert st.interrupt is None and st.step == "action"
    check_invariants(st)


def test_x41_defense_limit_is_the_military_action_total_and_a_tie_holds_L2003_L2208() -> None:
    """X41: defense = strength + bonus defense + 1 per discard, with at most as many cards as
    the defender's total military actions (2 here, though both are spent); a tie holds."""
    st = full_table(3)
    warriors(st, 7, 1, 1)
    st.civs[1].ma_spent = 2  # the limit is the total, not what is left
    assert military_total(st.civs[1]) == 2
    hand(st, 1, BONUS_II, "I_rats", BONUS_I)
    play(st, "I_plunder", 1)
    ENGINE.apply(st, 1, f"bonus:{BONUS_II}")  # 1 + 4 = 5
    assert interrupts.prompts(st)[0].params["cards_left"] == 1
    events = ENGINE.apply(st, 1, f"bonus:{BONUS_I}")  # 5 + 2 = 7: the limit, asked no more
    defended = next(e for e in events if e.kind == "defended")
    assert defended.params == {"card": "I_plunder", "attacker_seat": 0, "attack": 7,
                               "defense": 7, "bonus": [BONUS_II, BONUS_I], "discarded": 0,
                               "held": True}
    assert "aggression_succeeded" not in kinds(events)
    assert st.civs[1].military == ["I_rats"] and st.interrupt is None
    assert BONUS_II in st.military_discards[2] and BONUS_I in st.military_discards[1]
    check_invariants(st)


def test_discards_add_one_each_face_down_and_one_short_fails_L2004() -> None:
    st = full_table(3)
    warriors(st, 4, 1, 1)
    st.civs[1].culture = 5
    hand(st, 1, "I_rats", "I_legion")
    play(st, "I_plunder", 1)
    ENGINE.apply(st, 1, "drop:I_legion")
    events = ENGINE.apply(st, 1, "drop:I_rats")  # 1 + 2 = 3 < 4
    defended = next(e for e in events if e.kind == "defended")
    assert defended.params["discarded"] == 2 and defended.params["bonus"] == []
    assert defended.params["held"] is False and defended.params["defense"] == 3
    public = [json.dumps(e.params) for e in events if e.visible_to is None]
    assert not any("I_rats" in p or "I_legion" in p for p in public)
    check_invariants(st)


# -- the effects ----------------------------------------------------------------------------


def test_enslave_victim_loses_a_population_attacker_gains_two_food_two_resources() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    victim, me = st.civs[1], st.civs[0]
    pool_before, bank_before = victim.pool, victim.yellow_bank
    play(st, "I_enslave", 1)
    assert st.civs[1].pool == pool_before - 1 and st.civs[1].yellow_bank == bank_before + 1
    assert tokens.food(me) == 2 and tokens.resources(me) == 2
    assert st.civs[0].ma_spent == 2
    check_invariants(st)


@pytest.mark.parametrize(("card", "most"), [("I_plunder", 3), ("II_plunder", 5),
                                             ("III_plunder", 7)])
def test_plunder_takes_up_to_its_value_in_the_attackers_mix(card: str, most: int) -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    victim = st.civs[1]
    set_tokens(victim, "A_agriculture", 4)
    set_tokens(victim, "A_bronze", 4)
    play(st, card, 1)
    (prompt,) = ENGINE.prompts(st)
    assert prompt.seat == 0 and prompt.kind == "plunder" and not prompt.reaction
    splits = [(o.params["food"], o.params["resources"]) for o in prompt.options]
    assert all(f + r == most for f, r in splits)
    assert splits[0] == (max(0, most - 4), min(most, 4))
    ENGINE.apply(st, 0, f"take:{splits[-1][0]}")
    f, r = splits[-1]
    assert (tokens.food(st.civs[1]), tokens.resources(st.civs[1])) == (4 - f, 4 - r)
    assert (tokens.food(st.civs[0]), tokens.resources(st.civs[0])) == (f, r)
    check_invariants(st)


def test_plunder_takes_everything_without_asking_when_the_victim_has_less() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    set_tokens(st.civs[1], "A_agriculture", 1)
    set_tokens(st.civs[1], "A_bronze", 1)
    play(st, "III_plunder", 1)
    assert st.interrupt is None
    assert tokens.food(st.civs[0]) == 1 and tokens.resources(st.civs[0]) == 1
    assert tokens.food(st.civs[1]) == 0 and tokens.resources(st.civs[1]) == 0


def test_raid_i_destroys_an_age_a_or_i_building_for_half_its_printed_cost() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    victim = st.civs[1]
    set_units(victim, pull(st, "I_alchemy"), 1)  # build cost 6 -> 3
    set_units(victim, pull(st, "II_scientific_method"), 1)  # Age II: out of reach
    play(st, "I_raid", 1)
    (prompt,) = ENGINE.prompts(st)
    assert prompt.kind == "raid" and prompt.seat == 0
    assert [(o.id, o.params["resources"]) for o in prompt.options] == [
        ("building:A_philosophy", 2), ("building:I_alchemy", 3)]
    pool_before = victim.pool
    ENGINE.apply(st, 0, "building:I_alchemy")
    assert st.civs[1].workers["I_alchemy"] == 0 and st.civs[1].pool == pool_before + 1
    assert st.civs[1].workers["II_scientific_method"] == 1
    assert tokens.resources(st.civs[0]) == 3
    check_invariants(st)


def test_raid_ii_two_buildings_age_ii_then_age_i_or_older() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    victim = st.civs[1]
    set_units(victim, "A_philosophy", 0)
    set_units(victim, pull(st, "II_scientific_method"), 1)  # 8 -> 4
    set_units(victim, pull(st, "I_printing_press"), 1)  # 3 -> 2
    play(st, "II_raid", 1)
    (prompt,) = ENGINE.prompts(st)
    assert prompt.params["max_level"] == 2
    ENGINE.apply(st, 0, "building:II_scientific_method")
    # the Age I cap leaves one building: taken without asking
    assert st.interrupt is None
    assert st.civs[1].workers["I_printing_press"] == 0
    assert tokens.resources(st.civs[0]) == 4 + 2
    check_invariants(st)


def test_raid_iii_costs_three_and_takes_an_age_iii_building() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    st.civs[0].marks["temp_ma"] = 1  # 3 military actions for the card
    victim = st.civs[1]
    set_units(victim, "A_philosophy", 0)
    set_units(victim, pull(st, "III_computers"), 1)  # 11 -> 6
    play(st, "III_raid", 1)
    assert st.civs[0].ma_spent == 3
    assert st.civs[1].workers["III_computers"] == 0 and st.interrupt is None
    assert tokens.resources(st.civs[0]) == 6
    check_invariants(st)


def test_annex_moves_the_colony_and_its_permanent_symbols_not_its_one_time_effect() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    victim = st.civs[1]
    victim.colonies.append(pull(st, "I_developed_territory"))  # +1 yellow, +1 blue
    victim.yellow_bank += 1
    victim.yellow_box += 1
    victim.blue_bank += 1
    victim.blue_box += 1
    def seen() -> tuple[int, ...]:
        me, victim = st.civs[0], st.civs[1]
        return (me.yellow_bank, me.blue_bank, me.culture, me.science, victim.yellow_bank,
                victim.blue_bank)

    before = seen()
    play(st, "II_annex", 1)
    assert st.civs[0].colonies == ["I_developed_territory"] and st.civs[1].colonies == []
    # +1 yellow and +1 blue move; no one-time gain (science, culture) is repeated
    assert [a - b for a, b in zip(seen(), before, strict=True)] == [1, 1, 0, 0, -1, -1]
    check_invariants(st)


def test_annex_of_a_strategic_territory_moves_its_strength() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    st.civs[1].colonies.append(pull(st, "I_strategic_territory"))  # +2 strength: 3
    st.civs[2].colonies.append(pull(st, "I_historic_territory"))
    hand(st, 0, "II_annex")
    assert "aggression:II_annex:1" not in ids(st)  # 3 is not weaker than 3
    warriors(st, 4)
    attack(st, "II_annex", 1)
    assert strength(st.civs[0]) == 6 and strength(st.civs[1]) == 1


def test_infiltrate_removes_the_leader_for_three_culture_per_level() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    victim = st.civs[1]
    victim.leader = pull(st, "II_james_cook")
    victim.wonder = pull(st, "I_great_wall")
    play(st, "II_infiltrate", 1)
    (prompt,) = ENGINE.prompts(st)
    assert prompt.kind == "infiltrate"
    assert [o.id for o in prompt.options] == ["leader:II_james_cook", "wonder:I_great_wall"]
    events = ENGINE.apply(st, 0, "leader:II_james_cook")
    assert st.civs[1].leader is None and "II_james_cook" in st.removed
    assert st.civs[0].culture == 6
    assert next(e for e in events if e.kind == "infiltrated").params["culture"] == 6
    check_invariants(st)


def test_infiltrate_removes_an_unfinished_wonder_its_stage_tokens_back_to_the_bank() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    victim = st.civs[1]
    victim.wonder = pull(st, "II_eiffel_tower")
    victim.stages = 2
    victim.blue_bank -= 2
    play(st, "II_infiltrate", 1)
    assert st.civs[1].wonder is None and st.civs[1].stages == 0 and st.civs[1].blue_bank == 16
    assert st.civs[0].culture == 6 and "II_eiffel_tower" in st.removed
    check_invariants(st)


def test_spy_takes_up_to_five_science() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    st.civs[1].science = 8
    play(st, "II_spy", 1)
    assert (st.civs[0].science, st.civs[1].science) == (5, 3)
    st2 = full_table(3)
    warriors(st2, 3, 1, 1)
    st2.civs[1].science = 2
    play(st2, "II_spy", 1)
    assert (st2.civs[0].science, st2.civs[1].science) == (2, 0)


def test_armed_intervention_takes_up_to_seven_culture() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    st.civs[1].culture = 10
    play(st, "III_armed_intervention", 1)
    assert st.civs[0].ma_spent == 2
    assert (st.civs[0].culture, st.civs[1].culture) == (7, 3)


def test_a_held_defense_prevents_the_effect_L2025() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    st.civs[1].culture = 10
    hand(st, 1, BONUS_I)
    play(st, "III_armed_intervention", 1)
    events = ENGINE.apply(st, 1, f"bonus:{BONUS_I}")  # 1 + 2 = 3: a tie holds
    assert next(e for e in events if e.kind == "defended").params["held"] is True
    assert (st.civs[0].culture, st.civs[1].culture) == (0, 10)
    check_invariants(st)


def test_a_defender_without_military_cards_is_not_asked() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    st.civs[1].science = 4
    events = play(st, "II_spy", 1)
    assert kinds(events)[:3] == ["aggression", "defended", "aggression_succeeded"]
    assert st.interrupt is None and st.civs[0].science == 4


def test_aggression_mid_question_round_trips_json() -> None:
    st = full_table(3)
    warriors(st, 3, 1, 1)
    st.civs[1].culture = 9
    hand(st, 1, BONUS_I, "I_rats")
    play(st, "III_armed_intervention", 1)
    ENGINE.apply(st, 1, "drop:I_rats")
    loaded = ENGINE.load(ENGINE.dump(st))
    assert loaded == st
    ENGINE.apply(loaded, 1, "done")  # 1 + 1 = 2 < 3
    assert (loaded.civs[0].culture, loaded.civs[1].culture) == (7, 2)
    assert loaded.civs[1].military == [BONUS_I] and "I_rats" in loaded.military_discards[1]
    check_invariants(loaded)


def test_an_aggression_closes_the_undo_window_even_when_nobody_is_asked() -> None:
    """The played card goes from the hand to the face-down discards (as a discard would),
    but it was shown and it changed another civilization: it cannot be taken back."""
    st = full_table(3)
    warriors(st, 3, 1, 1)
    st.civs[1].science = 4
    events = play(st, "II_spy", 1)
    assert st.interrupt is None and st.step == "action"
    assert not any(e.provisional for e in events)
    assert "undo" not in ids(st)


def sign(st: TtaState, card: str, owner: int, partner: int, side: str = "a") -> None:
    """``card`` in play between ``owner`` (on ``side``) and ``partner``."""
    st.pacts = [*st.pacts, {"card": pull(st, card), "owner": owner, "partner": partner,
                            "owner_side": side}]
    pacts.refresh(st)


def test_open_borders_adds_two_to_the_attacker_against_its_partner() -> None:
    """MC Open Borders Agreement ``attacker_strength_bonus_between_parties`` 2: a rival of
    equal strength becomes a target, and the defense must reach 3 + 2."""
    st = full_table(3)
    warriors(st, 3, 3, 3)
    sign(st, "I_open_borders_agreement", 0, 1)
    hand(st, 0, "III_armed_intervention")
    hand(st, 1, BONUS_I)
    assert [i for i in ids(st) if i.startswith("aggression")] == [
        "aggression:III_armed_intervention:1"]
    st.civs[1].culture = 9
    attack(st, "III_armed_intervention", 1)
    events = ENGINE.apply(st, 1, f"bonus:{BONUS_I}")  # 3 + 2 = 5 = 3 + 2: holds
    defended = next(e for e in events if e.kind == "defended")
    assert (defended.params["attack"], defended.params["defense"]) == (5, 5)
    assert defended.params["held"] is True and st.civs[1].culture == 9
    check_invariants(st)


def test_a_protection_ending_on_the_attack_does_not_count_and_ends() -> None:
    """PB ``conflict.aggression``: strength from a pact that ends on the attack (Promise of
    Military Protection, +4 to side B) is left out of the comparison; the pact ends
    (``conflict.ON_ATTACK``)."""
    st = full_table(3)
    warriors(st, 3, 2, 3)
    sign(st, "II_promise_of_military_protection", 0, 1)  # seat 1 on side B: 2 + 4
    assert strength(st.civs[0]) == 3 and strength(st.civs[1]) == 6
    hand(st, 0, "II_spy")
    assert [i for i in ids(st) if i.startswith("aggression")] == ["aggression:II_spy:1"]
    st.civs[1].science = 3
    events = attack(st, "II_spy", 1)
    assert "pact_ended" in kinds(events) and st.pacts == []
    defended = next(e for e in events if e.kind == "defended")
    assert (defended.params["attack"], defended.params["defense"]) == (3, 2)
    assert st.civs[0].science == 3
    check_invariants(st)


def test_the_great_wall_counts_through_the_strength_rating() -> None:
    """CC Great Wall: +1 strength per infantry and artillery, part of the rating (no
    separate defense bonus in this edition): 2 Warriors + 2 = 4, not weaker than 4."""
    st = full_table(3)
    warriors(st, 4, 2, 4)
    hand(st, 0, "I_plunder")
    assert "aggression:I_plunder:1" in ids(st)
    st.civs[1].wonders.append(pull(st, "I_great_wall"))
    assert strength(st.civs[1]) == 4
    assert not any(i.startswith("aggression") for i in ids(st))
