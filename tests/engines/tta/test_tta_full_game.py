"""The full game in the book's peaceful variant: decks, Age III's end, Age IV, the global
conflict and the full game's final scoring (scope §2, §27-§30; L1936-L2111, L2249-L2259)."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core.playout import lean_choice, playout
from engines.tta import ages, row, scoring
from engines.tta.end_of_turn import draws_due
from engines.tta.facts import AGE, KIND, SCI, civil_deck, military_deck
from engines.tta.ratings import ratings, strength
from engines.tta.state import TtaState
from tests.engines.tta.tta_helpers import ENGINE, check_invariants, give, to_round_two


def peaceful(players: int = 2, seed: int = 1, conflict: bool = False) -> TtaState:
    return ENGINE.new_game(players, seed, {"mode": "peaceful",
                                           "global_conflict": "on" if conflict else "off"})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_peaceful_setup_uses_all_eight_decks_without_conflict_cards_L1940_L2255(
        players: int) -> None:
    st = peaceful(players)
    assert st.mode == "peaceful"
    for age in (1, 2, 3):
        assert Counter(st.civil_decks[age]) == Counter(civil_deck(age, players))
        kinds = {KIND[c] for c in st.military_decks[age]}
        assert kinds <= {"event", "territory", "tactic", "bonus"}
        assert "event" in kinds and "tactic" in kinds and "bonus" in kinds
        full = [c for c in military_deck(age, players)
                if KIND[c] not in ("aggression", "war", "pact")]
        assert Counter(st.military_decks[age]) == Counter(full)
    # Age III: 15 events, 6 tactics, 6 bonus cards (MC copies); civil III trimmed (B1)
    assert len(st.military_decks[3]) == 27
    assert len(st.civil_decks[3]) == {2: 44, 3: 50, 4: 53}[players]  # ref README
    check_invariants(st)


def test_first_game_still_boxes_age_iii_L184_L201() -> None:
    st = ENGINE.new_game(3, 1, {"mode": "first"})
    assert st.civil_decks[3] == [] and st.military_decks[3] == []
    assert not any(KIND[c] in ("aggression", "war", "pact") for d in st.military_decks
                   for c in d)


def test_lobby_options_are_checked() -> None:
    modes, default = ENGINE.game_options["mode"]
    assert modes[:3] == ("first", "peaceful", "full") and default == "full"
    assert ENGINE.game_options["global_conflict"] == (("off", "on"), "off")
    assert ENGINE.new_game(2, 1, {"mode": "full"}).mode == "full"
    with pytest.raises(ValueError):
        ENGINE.new_game(2, 1, {"mode": "war"})
    with pytest.raises(ValueError):
        ENGINE.new_game(2, 1, {"global_conflict": "yes"})
    assert ENGINE.new_game(2, 1, {"global_conflict": "on"}).global_conflict


def _end_age_iii_now(st: TtaState) -> None:
    """Deal the last card of the Age III civil deck at a replenish."""
    st.age = 3
    deck = st.civil_decks[3]
    st.removed.extend(deck[:-1] + st.civil_decks[1] + st.civil_decks[2])
    st.civil_decks[1], st.civil_decks[2] = [], []
    del deck[:-1]
    st.removed.append(st.row[0] or "")
    st.row[0] = None
    row.replenish(st)


def test_end_of_age_iii_antiquates_age_ii_and_starts_age_iv_L1946_L1949() -> None:
    st = to_round_two(peaceful(2, 10))
    seat = st.current
    civ = st.civs[seat]
    civ.hand = ["II_coal", "III_oil"]
    civ.leader = "II_napoleon_bonaparte"
    civ.wonder = "II_eiffel_tower"
    civ.stages = 1
    civ.blue_bank -= 1
    bank = civ.blue_bank + 1
    yellow = [c.yellow_bank for c in st.civs]
    _end_age_iii_now(st)
    assert st.age == 4
    assert civ.hand == ["III_oil"] and civ.leader is None and civ.wonder is None
    assert civ.blue_bank == bank
    assert [c.yellow_bank for c in st.civs] == [y - 2 for y in yellow]
    assert st.military_decks[3] == [] and st.military_discards[3] == []
    # Age III began on the starting player's turn: this round is the last (L1879-L1886)
    assert st.current == st.start and st.last_round == st.round


def test_age_iv_has_no_refill_and_no_military_draws_PB_age_iv() -> None:
    st = to_round_two(peaceful(2, 12))
    _end_age_iii_now(st)
    assert st.age == 4
    kept = [c for c in st.row if c]
    row.replenish(st)
    assert [c for c in st.row if c] == kept[3:]  # swept and slid, never refilled
    civ = st.civs[st.current]
    civ.ma_spent = 0
    assert draws_due(st, st.current) == 0
    check_invariants(st)


def test_age_iii_draws_from_the_age_iii_military_deck_L1783_L1791() -> None:
    st = to_round_two(peaceful(2, 12))
    st.age = 3
    assert draws_due(st, st.current) == 2


def test_global_conflict_scores_strength_over_the_weakest_before_antiquation_C10() -> None:
    st = to_round_two(peaceful(3, 4, conflict=True))
    a, b, c = st.civs
    a.leader = "A_julius_caesar"  # +1 strength; antiquated when Age I ends
    give(b, "I_swordsmen", 2)
    before = [x.culture for x in st.civs]
    strengths = [strength(x) for x in st.civs]
    assert strengths == [2, 1 + 2 * 2, 1]
    st.age = 1
    events = ages.end_age(st)
    conflict = [e for e in events if e.kind == "global_conflict"]
    assert conflict and conflict[0].params == {"age": 1, "culture": [1, 4, 0], "weakest": 1}
    assert [x.culture - y for x, y in zip(st.civs, before, strict=True)] == [1, 4, 0]
    assert a.leader is None  # Caesar left after his strength counted


def test_without_global_conflict_no_culture_at_age_end() -> None:
    st = to_round_two(peaceful(2, 4))
    before = [x.culture for x in st.civs]
    st.age = 1
    assert not [e for e in ages.end_age(st) if e.kind == "global_conflict"]
    assert [x.culture for x in st.civs] == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_peaceful_games_reach_age_iv_and_end(players: int) -> None:
    from benchmarks import _harness as harness

    draws = harness.RandomDraws(players)
    for _ in range(2):
        ages_seen: set[int] = set()

        def look(state: TtaState, *_: object, seen: set[int] = ages_seen) -> None:
            seen.add(state.age)

        out = playout(ENGINE, players, draws.below(0x7FFFFFFF), draws, choose=lean_choice,
                      options={"mode": "peaceful", "global_conflict": "on"}, inspect=look)
        assert out.result is not None and out.state.phase == "over"
        assert ages_seen == {0, 1, 2, 3, 4}
        assert set(out.state.final[0]) >= {"culture_before", "age_iii_events", "total"}
        check_invariants(out.state)
        assert not any(AGE[c] == 3 for c in out.state.current_events + out.state.future_events)


def test_full_game_final_scoring_has_no_first_game_bonuses_L1926_L2079() -> None:
    st = to_round_two(peaceful(2, 6))
    st.current_events = []
    st.future_events, st.future_owners = [], []
    give(st.civs[0], "I_iron", 1)
    cultures = [c.culture for c in st.civs]
    scoring.finish(st)
    assert [c.culture for c in st.civs] == cultures
    assert st.final[0] == {"culture_before": cultures[0], "age_iii_events": 0,
                           "total": cultures[0]}


def test_full_game_scores_age_iii_events_of_both_decks_ties_to_the_starting_player_L2081_L2101(
        ) -> None:
    st = to_round_two(peaceful(2, 6))
    st.current_events = ["I_foray", "III_impact_of_science"]  # top = last
    st.future_events, st.future_owners = ["III_impact_of_colonies"], [1]
    start, other = st.start, 1 - st.start
    st.civs[other].colonies = ["I_historic_territory"]
    assert ratings(st.civs[0])[SCI] == ratings(st.civs[1])[SCI]  # a tie
    before = [c.culture for c in st.civs]
    events = scoring.finish(st)
    scored = [(e.params["card"], e.params["culture"]) for e in events
              if e.kind == "impact_scored"]
    science = [0, 0]
    science[start] = 10  # equal science ratings: the starting player is "current" (X38)
    colonies = [0, 0]
    colonies[other] = 3
    assert scored == [("III_impact_of_science", science), ("III_impact_of_colonies", colonies)]
    assert all(e.params.get("final") for e in events if e.kind == "impact_scored")
    for seat in (0, 1):
        gained = science[seat] + colonies[seat]
        assert st.civs[seat].culture == before[seat] + gained
        assert st.final[seat]["age_iii_events"] == gained
        assert st.final[seat]["total"] == st.civs[seat].culture
    assert st.current_events == ["I_foray"]  # older events are ignored (L2085)
    assert "III_impact_of_science" in st.past_events and st.future_events == []
    assert ENGINE.result(st) is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_full_mode_keeps_the_conflict_cards_pacts_only_from_3_players_L1940_L2035(
        players: int) -> None:
    from engines.tta.setup import new_state

    st = new_state(players, 3, "full")
    for age in (1, 2, 3):
        assert Counter(st.military_decks[age]) == Counter(military_deck(age, players))
    kinds = Counter(KIND[c] for d in st.military_decks for c in d)
    assert kinds["aggression"] > 0 and kinds["war"] > 0
    assert (kinds["pact"] > 0) == (players > 2)  # L2035
    assert ENGINE.game_options["mode"][1] == "full"  # the lobby's default game


def test_attack_cost_doubles_against_gandhi_and_his_owner_may_not_attack() -> None:
    from engines.tta import conflict
    from engines.tta.setup import new_state

    st = new_state(3, 3, "full")
    assert conflict.printed_cost("III_war_over_culture") == 3
    assert conflict.attack_cost(st, 0, 1, "III_war_over_culture") == 3
    st.civs[1].leader = conflict.GANDHI
    assert conflict.attack_cost(st, 0, 1, "III_war_over_culture") == 6
    assert conflict.may_attack(st, 0, 1) and not conflict.may_attack(st, 1, 0)
    assert not conflict.may_attack(st, 0, 0)
