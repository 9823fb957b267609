"""Turns, politics, the end of turn, the last round and the first game's final scoring
(scope §4, §12, §18, §27, §28) with the book's examples X2, X23, X24, X35, X36."""

from __future__ import annotations

from engines.tta import ages, scoring
from engines.tta.end_of_turn import draw_military
from engines.tta.facts import AGE
from engines.tta.ratings import civil_left, military_left
from tests.engines.tta.tta_helpers import (
    ENGINE,
    answer,
    check_invariants,
    give,
    new,
    option_ids,
    to_round_two,
)


def test_x2_end_of_round_one_L472_L514() -> None:
    st = new(3, 6)
    first = st.current
    answer(st, "end")
    civ = st.civs[first]
    assert civ.science == 1 and civ.culture == 0  # L490-L500
    assert civ.blue["A_agriculture"] == 2 and civ.blue["A_bronze"] == 2  # L502
    assert civ.military == [] and civ.blue_bank == 12  # no draw, no corruption (L508)
    assert civ.yellow_bank == 18 and civ.pool == 1  # no consumption
    to_round_two(st)
    assert st.current == first
    assert civil_left(civ) == 4 and military_left(civ) == 2  # L512-L514


def test_round_two_replenishes_then_acts_L518_L528() -> None:
    st = to_round_two(new(4, 6))
    assert st.round == 2 and st.step == "action"  # empty military hand: no politics
    assert "pop" in option_ids(st)


def test_x23_draw_one_card_per_unused_military_action_max_three_L1783_L1791() -> None:
    st = to_round_two(new(2, 6))
    seat = st.current
    civ = st.civs[seat]
    answer(st, "end")
    assert len(civ.military) == 2 and all(AGE[c] == 1 for c in civ.military)  # 2 MA
    st2 = to_round_two(new(2, 6))
    civ2 = st2.civs[st2.current]
    civ2.techs.append("II_strategy")  # 4 military actions
    st2.removed.append("II_strategy")  # (bookkeeping only: removed from the count)
    answer(st2, "end")
    assert len(civ2.military) == 3


def test_x23_empty_deck_reshuffles_discards_then_nothing_C4_L1791() -> None:
    st = to_round_two(new(2, 6))
    st.military_discards[1] = st.military_decks[1][:2]
    st.military_decks[1] = []
    st.removed.extend(st.military_decks[1])
    drawn = draw_military(st, 0, 3)
    assert len(drawn) == 2 and st.military_discards[1] == []  # ruling C4: no more


def test_discard_down_to_the_military_action_total_L1680_L1686() -> None:
    st = to_round_two(new(2, 6))
    seat = st.current
    civ = st.civs[seat]
    deck = st.military_decks[1]
    civ.military = [deck.pop() for _ in range(4)]
    assert st.step == "action"  # (the hand was given after politics)
    answer(st, "end")
    assert st.step == "discard" and st.current == seat
    prompt = ENGINE.prompts(st)[0]
    assert prompt.private and prompt.params["discards"] == 2
    answer(st, prompt.options[0].id)
    answer(st, ENGINE.prompts(st)[0].options[0].id)
    assert st.current != seat and len(civ.military) == 2 + 2  # kept 2, then drew 2
    check_invariants(st)


def test_x24_preparing_an_event_L1336_L1361() -> None:
    st = to_round_two(new(2, 6))
    seat = st.current
    civ = st.civs[seat]
    card = next(c for c in st.military_decks[1] if c.startswith("I_") and
                c in ("I_pestilence", "I_rats", "I_crusades", "I_foray", "I_rebellion"))
    st.military_decks[1].remove(card)
    civ.military = [card]
    st.step = "politics"
    top = st.current_events[-1]
    n = len(st.current_events)
    answer(st, f"event:{card}")
    assert civ.culture == 1  # an Age I card scores 1 culture (L1346, L1351)
    assert st.future_events == [card] and st.future_owners == [seat]
    assert st.past_events == [top] and len(st.current_events) == n - 1
    assert st.step == "action"
    # the other seat sees the count and the age, not the card
    other = ENGINE.view(st, 1 - seat)
    assert other.future_events == [1] and other.my_future_events == []
    assert ENGINE.view(st, seat).my_future_events == [card]
    check_invariants(st)


def test_x24_future_deck_becomes_current_sorted_by_age_L1355_L1361() -> None:
    st = to_round_two(new(2, 6))
    seat = st.current
    civ = st.civs[seat]
    picks = [c for c in st.military_decks[1] if c in ("I_rats", "I_crusades")]
    for c in picks:
        st.military_decks[1].remove(c)
    st.removed.extend(st.current_events[1:])
    st.current_events = st.current_events[:1]  # one current event left
    st.future_events = ["A_development_of_science"]
    st.future_owners = [1 - seat]
    st.boxed.remove("A_development_of_science") if "A_development_of_science" in st.boxed \
        else st.removed.remove("A_development_of_science")
    civ.military = picks
    st.step = "politics"
    answer(st, f"event:{picks[0]}")
    while st.interrupt is not None:  # the revealed event asks (engines/tta/interrupts.py)
        prompt = ENGINE.prompts(st)[0]
        timeout = ENGINE.timeout_option(st, prompt.seat)
        assert timeout is not None
        ENGINE.apply(st, prompt.seat, timeout)
    # the last current event was revealed: the future deck, Age A on top
    assert st.future_events == [] and len(st.current_events) == 2
    assert st.current_events[-1] == "A_development_of_science"


def test_politics_can_pass_and_is_private_L1328_L1334() -> None:
    st = to_round_two(new(2, 6))
    st.civs[st.current].military = [st.military_decks[1].pop()]
    st.step = "politics"
    prompt = ENGINE.prompts(st)[0]
    assert prompt.kind == "politics" and prompt.private
    assert ENGINE.timeout_option(st, st.current) == "pass"
    answer(st, "pass")
    assert st.step == "action"
    assert ENGINE.timeout_option(st, st.current) == "end"


def test_x35_last_round_when_age_ii_ends_on_the_starting_players_turn_L1879_L1886() -> None:
    st = to_round_two(new(3, 6))
    st.age = 2
    assert st.current == st.start
    ages.end_age(st)
    assert st.last_round == st.round
    st2 = to_round_two(new(3, 6))
    answer(st2, "end")  # the next seat's turn
    st2.age = 2
    ages.end_age(st2)
    assert st2.last_round == st2.round + 1


def test_x35_everyone_gets_equal_turns_and_the_game_ends_L1884_L1910() -> None:
    st = to_round_two(new(3, 6))
    answer(st, "end")
    st.age = 2
    ages.end_age(st)  # during the second seat's turn: the next round is the last
    turns = dict.fromkeys(range(3), 0)
    while ENGINE.result(st) is None:
        if st.step == "politics":
            answer(st, "pass")
            continue
        if st.step == "discard":
            answer(st, ENGINE.prompts(st)[0].options[0].id)
            continue
        turns[st.current] += 1
        answer(st, "end")
    assert turns == {(st.start + 1) % 3: 2, (st.start + 2) % 3: 2, st.start: 1}
    assert st.round == st.last_round


def test_x36_first_game_final_scoring_L1912_L1932() -> None:
    st = to_round_two(new(2, 6))
    civ = st.civs[0]
    give(civ, "I_iron", 1)
    give(civ, "II_coal")
    give(civ, "I_code_of_laws")
    civ.government = "II_republic"
    civ.colonies = ["I_historic_territory"]
    civ.wonders = ["II_eiffel_tower", "A_pyramids"]
    civ.culture = 10
    bonus = scoring.first_game_bonus(civ)
    assert bonus["technologies"] == 1 + 2 + 1 + 2 * 2  # Iron, Coal, Code of Laws, Republic
    assert bonus["colonies"] == 3 and bonus["wonders"] == 6  # only the Age II wonder
    r = bonus["science"], bonus["strength"], bonus["happiness"]
    assert r == (1, 1, 1 + 1)  # Eiffel Tower +1 happy, Historic Territory +1 happy
    assert bonus["production"] == 2 + 2 + 2  # food 2, resources 2 Bronze + 2 Iron
    other = sum(scoring.first_game_bonus(st.civs[1]).values())
    st.civs[1].culture = 10 + sum(bonus.values()) - other
    scoring.finish(st)
    res = ENGINE.result(st)
    assert res is not None and res.winners == [0, 1]  # ties share the victory (L1930)
    assert all(s.rank == 1 for s in res.scores)
