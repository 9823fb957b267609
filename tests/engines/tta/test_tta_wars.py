"""Wars (scope §24; book L2013-L2027, L2210-L2214; PB ``conflict.war``; ruling B12; X42):
declared as the political action, resolved at the start of the declarer's next turn on
current strength, either side winning, the advantage setting the loss (``engines/tta/wars.py``).
"""

from __future__ import annotations

import pytest

from engines.core.contract import Event, Prompt
from engines.tta import ages, conflict, setup, turn, undo_window, wars
from engines.tta.conflict import GANDHI
from engines.tta.ratings import military_left, strength
from engines.tta.state import TtaState
from engines.tta.views import build_view
from tests.engines.tta.politics_helpers import pull, set_units, strengths
from tests.engines.tta.tta_helpers import ENGINE, answer, check_invariants, option_ids

TERRITORY, TECHNOLOGY, CULTURE = wars.TERRITORY, wars.TECHNOLOGY, wars.CULTURE


def full_table(players: int = 3, seed: int = 1) -> TtaState:
    """A full game in round 2, seat 0 at its political phase, no card in any hand."""
    st = setup.new_state(players, seed, "full")
    turn.begin_turn(st)
    undo_window.open_if_acting(st)
    while st.round == 1:
        answer(st, "end")
    for civ in st.civs:
        st.removed.extend(civ.military)  # out of the way, still counted
        civ.military = []
    st.current, st.step = 0, "politics"
    st.undo.close()  # the window was the last seat's: seat 0's opens now
    st.turn_log = []
    undo_window.open_if_acting(st)
    assert st.undo.seat == 0
    return st


def hand(st: TtaState, seat: int, card: str) -> None:
    st.civs[seat].military.append(pull(st, card))


def monarchy(st: TtaState, seat: int) -> None:
    """Monarchy: 3 military actions (War over Culture costs 3)."""
    st.civs[seat].government = pull(st, "I_monarchy")  # Despotism is printed: not a card


def war(st: TtaState, card: str, attacker: int, defender: int) -> None:
    """A war already declared (by hand): the card in the declarer's area."""
    pull(st, card)
    st.wars = [*st.wars, {"card": card, "attacker": attacker, "defender": defender}]


def resolved(events: list[Event]) -> Event:
    (e,) = [e for e in events if e.kind == "war_resolved"]
    return e


def test_war_option_has_no_strength_condition_and_costs_the_printed_military_actions() -> None:
    """L2019, PB ``conflict.war``: a war on anyone, even a stronger civilization; War over
    Territory costs 2 MA (MC); the option plays a hidden card, so it is ``final``."""
    st = full_table()
    strengths(st, 0, 9, 1)
    hand(st, 0, TERRITORY)
    opts = {o.id: o for o in ENGINE.prompts(st)[0].options}
    assert {"war:II_war_over_territory:1", "war:II_war_over_territory:2"} <= set(opts)
    assert "war:II_war_over_territory:0" not in opts
    o = opts["war:II_war_over_territory:1"]
    assert o.params["ma"] == 2 and o.params["target_seat"] == 1 and o.params["final"] is True
    assert o.group == "play"


def test_declaring_pays_puts_the_card_in_the_area_and_the_view_shows_it() -> None:
    """Declared in the political phase (L2019): 2 MA paid, the card leaves the hand for
    ``st.wars`` (public, in every seat's view), event ``war_declared``; the undo window
    closes (a hidden card was played)."""
    st = full_table()
    hand(st, 0, TERRITORY)
    ma = military_left(st.civs[0])
    events = answer(st, "war:II_war_over_territory:2")
    assert [e for e in events if e.kind == "war_declared"][0].params == {
        "card": TERRITORY, "target_seat": 2, "ma": 2}
    assert military_left(st.civs[0]) == ma - 2
    assert TERRITORY not in st.civs[0].military
    assert st.wars == [{"card": TERRITORY, "attacker": 0, "defender": 2}]
    assert st.step == "action"
    assert not st.undo.can_undo(0)
    for seat in (None, 0, 1):
        assert [w.model_dump() for w in build_view(st, seat).wars] == [
            {"card": TERRITORY, "attacker": 0, "defender": 2}]
    check_invariants(st)


def test_not_enough_military_actions_no_war() -> None:
    """An action is taken only if all of it can be paid (L669): Despotism's 2 MA cannot pay
    War over Culture's 3."""
    st = full_table()
    hand(st, 0, CULTURE)
    assert military_left(st.civs[0]) == 2
    assert not [o for o in option_ids(st) if o.startswith("war:")]


def test_war_over_culture_attacker_wins_5_plus_the_advantage() -> None:
    """MC: the winner takes 5 + advantage culture from the loser. Strength 6 vs 2: +4 → 9."""
    st = full_table()
    war(st, CULTURE, 0, 1)
    strengths(st, 6, 2, 0)
    st.civs[0].culture, st.civs[1].culture = 10, 20
    e = resolved(wars.resolve_due(st, 0))
    assert e.params["winner_seat"] == 0 and e.params["advantage"] == 4
    assert e.params["culture"] == 9
    assert (st.civs[0].culture, st.civs[1].culture) == (19, 11)
    assert st.wars == [] and CULTURE in st.military_discards[3]
    check_invariants(st)


def test_war_over_culture_is_capped_by_the_losers_culture() -> None:
    """MC: capped by what the loser has (5 + 7 = 12 wanted, 3 there)."""
    st = full_table()
    war(st, CULTURE, 0, 1)
    strengths(st, 8, 1, 0)
    st.civs[0].culture, st.civs[1].culture = 0, 3
    assert resolved(wars.resolve_due(st, 0)).params["culture"] == 3
    assert (st.civs[0].culture, st.civs[1].culture) == (3, 0)


def test_a_war_won_by_the_defender_costs_the_attacker() -> None:
    """L2025: either side can win; the defender 7 vs the attacker 3 takes 5 + 4 culture."""
    st = full_table()
    war(st, CULTURE, 0, 2)
    strengths(st, 3, 0, 7)
    st.civs[0].culture, st.civs[2].culture = 30, 5
    e = resolved(wars.resolve_due(st, 0))
    assert e.params["winner_seat"] == 2 and e.params["advantage"] == 4
    assert (st.civs[0].culture, st.civs[2].culture) == (21, 14)


def test_a_tie_does_nothing_but_the_card_is_discarded() -> None:
    """PB ``conflict.war``: equal strength = no effect."""
    st = full_table()
    war(st, TERRITORY, 0, 1)
    strengths(st, 4, 4, 0)
    banks = [c.yellow_bank for c in st.civs]
    e = resolved(wars.resolve_due(st, 0))
    assert e.params["winner_seat"] is None and e.params["advantage"] == 0
    assert [c.yellow_bank for c in st.civs] == banks
    assert st.wars == [] and TERRITORY in st.military_discards[2]
    check_invariants(st)


def test_war_over_territory_1_yellow_plus_1_per_full_5_advantage() -> None:
    """MC: 1 yellow token + 1 per full 5 points of advantage, from the loser's yellow bank;
    the tokens change owner (each player's box count moves with them)."""
    for attacker_strength, taken in ((5, 1), (6, 2), (15, 3)):
        st = full_table()
        war(st, TERRITORY, 0, 1)
        strengths(st, attacker_strength, 1, 0)
        before = (st.civs[0].yellow_bank, st.civs[1].yellow_bank)
        assert resolved(wars.resolve_due(st, 0)).params["yellow"] == taken
        assert (st.civs[0].yellow_bank, st.civs[1].yellow_bank) == (
            before[0] + taken, before[1] - taken)
        check_invariants(st)


def test_war_over_territory_takes_only_what_is_in_the_losers_bank() -> None:
    """MC: "only what is there": advantage 10 wants 3 tokens, the bank holds 1."""
    st = full_table()
    war(st, TERRITORY, 0, 1)
    strengths(st, 11, 1, 0)
    loser = st.civs[1]
    loser.pool += loser.yellow_bank - 1
    loser.yellow_bank = 1
    assert resolved(wars.resolve_due(st, 0)).params["yellow"] == 1
    assert loser.yellow_bank == 0
    check_invariants(st)


def test_war_over_technology_takes_science_equal_to_the_advantage() -> None:
    """MC: science = advantage (6 - 1 = 5), capped by the loser's science (then 2)."""
    st = full_table()
    war(st, TECHNOLOGY, 0, 1)
    strengths(st, 6, 1, 0)
    st.civs[0].science, st.civs[1].science = 1, 8
    assert resolved(wars.resolve_due(st, 0)).params["science"] == 5
    assert (st.civs[0].science, st.civs[1].science) == (6, 3)
    war(st, TECHNOLOGY, 1, 0)
    st.civs[1].science = 2
    assert resolved(wars.resolve_due(st, 1)).params["science"] == 2
    assert (st.civs[0].science, st.civs[1].science) == (8, 0)


def test_x42_resolved_at_the_declarers_next_turn_on_current_strength() -> None:
    """X42 (L2019-L2027): no card is played at the resolution; both sides may strengthen in
    between — here the defender, weaker at the declaration, is stronger at the declarer's next
    turn and wins. The war resolves after the replenish, before the political phase (PB
    ``turn_structure.start_of_turn``, ruling B3)."""
    st = full_table()
    strengths(st, 5, 1, 0)
    hand(st, 0, CULTURE)
    monarchy(st, 0)
    answer(st, "war:III_war_over_culture:1")
    answer(st, "end")  # seat 0's action phase
    assert st.current == 1 and st.wars
    set_units(st.civs[1], "A_warriors", 9)  # the defender strengthens in its turn
    while st.current != 0:
        if st.step == "politics":
            answer(st, "pass")
        events = answer(st, "end")
    kinds = [e.kind for e in events]
    assert kinds.index("replenished") < kinds.index("war_resolved")
    e = resolved(events)
    assert strength(st.civs[1]) > strength(st.civs[0])
    assert e.params["winner_seat"] == 1
    assert e.params["advantage"] == strength(st.civs[1]) - strength(st.civs[0])
    assert st.wars == []
    check_invariants(st)


def test_no_war_in_the_last_round() -> None:
    """PB ``conflict.war``: not in the last round."""
    st = full_table()
    hand(st, 0, TERRITORY)
    st.last_round = st.round
    assert not [o for o in option_ids(st) if o.startswith("war:")]
    st.last_round = st.round + 1
    assert [o for o in option_ids(st) if o.startswith("war:")]


def test_age_iv_war_only_if_the_declarer_gets_another_turn() -> None:
    """PB ``ages.age_iv``: wars only if the declarer gets another turn; Age IV always has
    its last round set, so a war declared there resolves before the game ends."""
    st = full_table()
    hand(st, 0, CULTURE)
    monarchy(st, 0)
    st.age = 4
    st.last_round = st.round
    assert not [o for o in option_ids(st) if o.startswith("war:")]
    st.last_round = st.round + 1
    assert "war:III_war_over_culture:1" in option_ids(st)


def test_gandhi_doubles_the_cost_and_his_owner_declares_no_war() -> None:
    """CC Mahatma Gandhi: attacking his owner costs double (2 × 2 = 4 > Despotism's 2 MA:
    no war on him, still one on the other seat); his owner may declare none."""
    st = full_table()
    hand(st, 0, TERRITORY)
    st.civs[1].leader = pull(st, GANDHI)
    ids = [o for o in option_ids(st) if o.startswith("war:")]
    assert ids == ["war:II_war_over_territory:2"]
    st.civs[0].leader, st.civs[1].leader = st.civs[1].leader, None
    assert not [o for o in option_ids(st) if o.startswith("war:")]


def test_a_declared_war_survives_an_age_end_and_its_old_card_leaves_the_game() -> None:
    """PB ``ages.on_age_end`` does not list wars: a War over Territory declared in Age II
    still resolves in Age III; its age's discard pile has left the game, so the card does
    too."""
    st = full_table()
    st.age = 2
    war(st, TERRITORY, 0, 1)
    strengths(st, 3, 1, 0)
    ages.end_age(st)
    assert st.age == 3 and st.wars == [{"card": TERRITORY, "attacker": 0, "defender": 1}]
    e = resolved(wars.resolve_due(st, 0))
    assert e.params["winner_seat"] == 0 and e.params["yellow"] == 1
    assert TERRITORY in st.removed and TERRITORY not in st.military_discards[2]
    check_invariants(st)


def test_only_the_declarers_wars_resolve_at_its_turn() -> None:
    """L2019: "攻击方的下个回合开始阶段" — another seat's war waits for that seat."""
    st = full_table()
    war(st, TERRITORY, 1, 0)
    assert wars.resolve_due(st, 0) == []
    assert st.wars == [{"card": TERRITORY, "attacker": 1, "defender": 0}]


def tech(st: TtaState, seat: int, card: str) -> None:
    st.civs[seat].techs.append(pull(st, card))


def rest(p: Prompt) -> int:
    """The science the ``war_spoils`` finishing choice ("the rest as science") gives."""
    option = p.option(wars.REST)
    assert option is not None and option.key == "war_rest_science"
    return int(option.params["science"])


def test_war_over_technology_the_winner_takes_special_technologies_one_at_a_time_C13() -> None:
    """MC, ruling C13: the winner takes the loser's special technologies whose science costs
    total no more than the advantage, one at a time, then the rest as science. Advantage 9:
    Masonry (3), Cartography (4) and Code of Laws (6) fit, Justice System (7) too, Civil
    Service (10) does not; after Masonry the budget is 6; after Code of Laws 0, so the rest is
    0 science and nothing is asked any more. The finishing choice is offered at every step
    and is the timeout."""
    st = full_table()
    war(st, TECHNOLOGY, 0, 1)
    for card in ("I_masonry", "I_cartography", "I_code_of_laws", "III_civil_service"):
        tech(st, 1, card)
    strengths(st, 11, 1, 0)
    assert strength(st.civs[0]) - strength(st.civs[1]) == 9  # one of them adds 1
    st.civs[1].science = 20
    assert wars.takeable(st, 0, 1, 9) == ["I_masonry", "I_cartography", "I_code_of_laws"]
    assert wars.takeable(st, 0, 1, 10) == [
        "I_masonry", "I_cartography", "I_code_of_laws", "III_civil_service"]
    events = wars.resolve_due(st, 0)
    assert not [e for e in events if e.kind == "war_resolved"]
    (p,) = ENGINE.prompts(st)
    assert p.kind == "war_spoils" and p.seat == 0
    assert [o.id for o in p.options] == [
        "tech:I_masonry", "tech:I_cartography", "tech:I_code_of_laws", "science"]
    assert rest(p) == 9
    assert ENGINE.timeout_option(st, 0) == "science"
    ENGINE.apply(st, 0, "tech:I_masonry")
    (p,) = ENGINE.prompts(st)
    assert [o.id for o in p.options] == ["tech:I_cartography", "tech:I_code_of_laws", "science"]
    assert p.params["budget"] == 6 and rest(p) == 6
    assert ENGINE.timeout_option(st, 0) == "science"
    events = ENGINE.apply(st, 0, "tech:I_code_of_laws")
    e = resolved(events)
    assert e.params["technologies"] == ["I_masonry", "I_code_of_laws"]
    assert e.params["science"] == 0
    assert "I_masonry" in st.civs[0].techs and "I_code_of_laws" in st.civs[0].techs
    assert "I_masonry" not in st.civs[1].techs and st.civs[1].science == 20
    assert st.interrupt is None and st.wars == []
    check_invariants(st)


def test_war_over_technology_code_of_laws_and_cartography_then_2_science_C13() -> None:
    """Ruling C13 (Code of Laws p. 3: the winner may mix). Advantage 12, the loser holds Code
    of Laws (6) and Cartography (4) and has 30 science: the winner takes both (budget 2
    left, no technology fits any more) and then 2 science; the loser keeps 28. The event
    tells both."""
    st = full_table()
    war(st, TECHNOLOGY, 0, 1)
    tech(st, 1, "I_code_of_laws")
    tech(st, 1, "I_cartography")
    strengths(st, 14, 1, 0)  # the loser's Cartography adds 1
    advantage = strength(st.civs[0]) - strength(st.civs[1])
    assert advantage == 12
    st.civs[0].science, st.civs[1].science = 5, 30
    wars.resolve_due(st, 0)
    (p,) = ENGINE.prompts(st)
    assert [o.id for o in p.options] == ["tech:I_code_of_laws", "tech:I_cartography", "science"]
    ENGINE.apply(st, 0, "tech:I_code_of_laws")
    (p,) = ENGINE.prompts(st)
    assert [o.id for o in p.options] == ["tech:I_cartography", "science"]
    assert rest(p) == 6
    e = resolved(ENGINE.apply(st, 0, "tech:I_cartography"))
    assert e.params["technologies"] == ["I_code_of_laws", "I_cartography"]
    assert e.params["science"] == 2
    assert (st.civs[0].science, st.civs[1].science) == (7, 28)
    assert {"I_code_of_laws", "I_cartography"} <= set(st.civs[0].techs)
    assert not {"I_code_of_laws", "I_cartography"} & set(st.civs[1].techs)
    assert st.interrupt is None and st.wars == []
    check_invariants(st)


def test_war_over_technology_the_rest_as_science_after_one_technology_C13() -> None:
    """Ruling C13: after taking Code of Laws (6) of advantage 12 the winner chooses "the rest
    as science": 6 science more, capped by the loser's 4; Cartography stays with the
    loser."""
    st = full_table()
    war(st, TECHNOLOGY, 0, 1)
    tech(st, 1, "I_code_of_laws")
    tech(st, 1, "I_cartography")
    strengths(st, 14, 1, 0)  # Cartography adds 1: advantage 12
    st.civs[0].science, st.civs[1].science = 0, 4
    wars.resolve_due(st, 0)
    ENGINE.apply(st, 0, "tech:I_code_of_laws")
    (p,) = ENGINE.prompts(st)
    assert rest(p) == 4
    e = resolved(ENGINE.apply(st, 0, "science"))
    assert e.params["technologies"] == ["I_code_of_laws"] and e.params["science"] == 4
    assert (st.civs[0].science, st.civs[1].science) == (4, 0)
    assert "I_cartography" in st.civs[1].techs
    check_invariants(st)


def test_war_over_technology_the_timeout_takes_the_rest_as_science_C13() -> None:
    """Ruling C13: the deadline's default finishes — with no technology taken it is the
    whole advantage as science (12, the loser has 30); after one, the rest."""
    for picks, techs, science in (((), [], 12), (("tech:I_cartography",), ["I_cartography"], 8)):
        st = full_table()
        war(st, TECHNOLOGY, 0, 1)
        tech(st, 1, "I_code_of_laws")
        tech(st, 1, "I_cartography")
        strengths(st, 14, 1, 0)  # Cartography adds 1: advantage 12
        st.civs[0].science, st.civs[1].science = 0, 30
        wars.resolve_due(st, 0)
        for pick in picks:
            ENGINE.apply(st, 0, pick)
        default = ENGINE.timeout_option(st, 0)
        assert default == "science"
        e = resolved(ENGINE.apply(st, 0, default))
        assert e.params.get("technologies", []) == techs and e.params["science"] == science
        assert (st.civs[0].science, st.civs[1].science) == (science, 30 - science)
        check_invariants(st)


def test_war_over_technology_a_better_own_special_technology_is_not_replaced() -> None:
    """L979: a special technology only replaces a lower one of its type: the winner holding
    Strategy (II) is not offered the loser's Warfare (I); holding Warfare, it takes Strategy
    and Warfare is discarded. Without a choice the science is taken at once."""
    st = full_table()
    tech(st, 0, "II_strategy")
    tech(st, 1, "I_warfare")
    assert wars.takeable(st, 0, 1, 20) == []
    war(st, TECHNOLOGY, 0, 1)
    strengths(st, 9, 1, 0)
    st.civs[1].science = 3
    e = resolved(wars.resolve_due(st, 0))
    assert e.params["science"] == 3 and st.interrupt is None
    st2 = full_table()
    tech(st2, 0, "I_warfare")
    tech(st2, 1, "II_strategy")
    war(st2, TECHNOLOGY, 1, 0)  # the loser is the declarer here: the defender wins
    strengths(st2, 12, 1, 0)
    st2.current = 1  # its turn starts
    wars.resolve_due(st2, 1)
    (p,) = ENGINE.prompts(st2)
    assert p.seat == 0 and p.reaction and "tech:II_strategy" in [o.id for o in p.options]
    e = resolved(ENGINE.apply(st2, 0, "tech:II_strategy"))
    assert e.params["winner_seat"] == 0 and e.params["technologies"] == ["II_strategy"]
    assert "II_strategy" in st2.civs[0].techs and "I_warfare" not in st2.civs[0].techs
    assert "I_warfare" in st2.removed
    check_invariants(st2)


def test_c14_war_spoils_offer_no_technology_named_like_one_in_the_winners_hand_L632_L1050(
        ) -> None:
    """L632, L1050, ruling C14: the winner holding Code of Laws in its hand is not offered
    the loser's Code of Laws (it would hold two of that name, and the engine would then offer
    to develop the copy); Cartography still is. With nothing else to take, the advantage is
    science and the hand's Code of Laws may still be developed."""
    st = full_table()
    st.civs[0].hand.append(pull(st, "I_code_of_laws"))
    tech(st, 1, "I_code_of_laws")
    tech(st, 1, "I_cartography")
    war(st, TECHNOLOGY, 0, 1)
    strengths(st, 14, 1, 0)
    st.civs[1].science = 30
    assert wars.takeable(st, 0, 1, 12) == ["I_cartography"]
    wars.resolve_due(st, 0)
    (p,) = ENGINE.prompts(st)
    assert [o.id for o in p.options] == ["tech:I_cartography", "science"]
    e = resolved(ENGINE.apply(st, 0, "tech:I_cartography"))
    assert e.params["technologies"] == ["I_cartography"] and e.params["science"] == 8
    assert "I_code_of_laws" not in st.civs[0].techs
    assert st.civs[0].hand == ["I_code_of_laws"] and "I_code_of_laws" in st.civs[1].techs
    check_invariants(st)
    st2 = full_table()
    st2.civs[0].hand.append(pull(st2, "I_code_of_laws"))
    tech(st2, 1, "I_code_of_laws")
    war(st2, TECHNOLOGY, 0, 1)
    strengths(st2, 13, 1, 0)
    st2.civs[1].science = 30
    e = resolved(wars.resolve_due(st2, 0))  # nothing to choose: no question
    assert "technologies" not in e.params and e.params["science"] == 12
    assert st2.interrupt is None and "I_code_of_laws" not in st2.civs[0].techs
    st2.step = "action"
    st2.civs[0].science = 20
    assert "develop:I_code_of_laws" in option_ids(st2)
    check_invariants(st2)


def test_the_winners_question_suspends_the_start_of_the_declarers_turn() -> None:
    """The war resolves after the replenish and before the political phase (PB
    ``turn_structure.start_of_turn``): while the winner chooses, the turn waits; its answer
    resolves the war, then the turn goes on (politics or actions) with the undo window
    open for the declarer."""
    st = full_table()
    strengths(st, 9, 1, 0)
    tech(st, 1, "I_masonry")
    hand(st, 0, TECHNOLOGY)
    answer(st, "war:II_war_over_technology:1")
    while st.current != 0 or st.interrupt is None:
        if st.step == "politics":
            answer(st, "pass")
        else:
            answer(st, "end")
    (p,) = ENGINE.prompts(st)
    assert p.kind == "war_spoils" and p.seat == 0
    assert st.wars == [{"card": TECHNOLOGY, "attacker": 0, "defender": 1}]  # still in play
    check_invariants(st)
    events = ENGINE.apply(st, 0, "science")
    kinds = [e.kind for e in events]
    assert "war_resolved" in kinds and st.interrupt is None
    assert st.step in ("politics", "action") and st.undo.base is not None
    check_invariants(st)


def test_pact_seams_forbid_a_war_and_add_the_declarers_attack_bonus(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Scope §24: a pact that forbids attacks forbids the war (``conflict.ATTACK_CHECKS``),
    Loss of Sovereignty forbids wars on its side B (``DECLARE_CHECKS``); Open Borders' +2 for
    the declarer counts at the resolution (``STRENGTH_BONUS``, research §3.1): 3 + 2 vs 4."""
    st = full_table()
    hand(st, 0, TERRITORY)
    monkeypatch.setattr(conflict, "ATTACK_CHECKS", [lambda s, a, d: d == 1])
    monkeypatch.setattr(wars, "DECLARE_CHECKS", [lambda s, a, d: d == 2])
    assert not [o for o in option_ids(st) if o.startswith("war:")]
    war(st, TERRITORY, 0, 1)
    strengths(st, 3, 4, 0)
    monkeypatch.setattr(wars, "STRENGTH_BONUS",
                        [lambda s, w, seat: 2 if seat == w["attacker"] else 0])
    e = resolved(wars.resolve_due(st, 0))
    assert e.params["winner_seat"] == 0 and e.params["strengths"] == [5, 4]


def test_a_war_ends_an_attack_ending_pact_and_closes_the_undo_window() -> None:
    """Scope §24: attack-ending pacts end on the declaration (MC Military Alliance,
    ``ends_if_parties_attack_each_other``). The pact goes to the face-down discards while the
    war card leaves the hand — no hidden pile changes size — yet the declaration is public:
    the option is ``final`` and the window closes (``undo_window.CLOSING``)."""
    st = full_table()
    pull(st, "III_military_alliance")
    st.pacts = [{"card": "III_military_alliance", "owner": 1, "partner": 0, "owner_side": "a"}]
    hand(st, 0, TERRITORY)
    (p,) = ENGINE.prompts(st)
    opt = p.option("war:II_war_over_territory:1")
    assert opt is not None and opt.params["final"] is True
    base = st.undo.base
    answer(st, "war:II_war_over_territory:1")
    assert st.pacts == []
    assert st.undo.base is not base and not st.undo.can_undo(0)


def test_open_borders_gives_the_declarer_2_strength_at_the_resolution() -> None:
    """MC Open Borders Agreement: +2 strength for the attacker against its partner; in a war
    it counts for the declarer at the resolution (research §3.1, BGA): 3 + 2 beats 4. The
    pact is symmetric: either party declaring gets it, the defender never."""
    st = full_table()
    pull(st, "I_open_borders_agreement")
    st.pacts = [{"card": "I_open_borders_agreement", "owner": 0, "partner": 1,
                 "owner_side": "a"}]
    war(st, TERRITORY, 0, 1)
    strengths(st, 3, 4, 0)
    e = resolved(wars.resolve_due(st, 0))
    assert e.params["strengths"] == [strength(st.civs[0]) + 2, strength(st.civs[1])]
    assert e.params["winner_seat"] == 0
    war(st, TERRITORY, 1, 0)
    strengths(st, 4, 3, 0)
    e = resolved(wars.resolve_due(st, 1))
    assert e.params["strengths"] == [strength(st.civs[1]) + 2, strength(st.civs[0])]
