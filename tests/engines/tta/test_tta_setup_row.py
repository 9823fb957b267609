"""Setup (scope §1, §2) and the card row (scope §3), with the book's examples X1, X3, X4,
X5, X14 and the age ends X34."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core.errors import IllegalAnswer
from engines.tta import row
from engines.tta.facts import AGE, KIND, civil_deck, military_deck
from engines.tta.ratings import civil_left, military_left, ratings
from tests.engines.tta.tta_helpers import (
    ENGINE,
    answer,
    check_invariants,
    give,
    new,
    option_ids,
    set_row,
    to_round_two,
)


# -- setup ------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_decks_row_events_L180_L300(players: int) -> None:
    st = new(players, 3)
    assert len(st.row) == 13 and all(AGE[c] == 0 for c in st.row if c)  # L209-L213
    assert len(st.civil_decks[0]) == 7  # the rest of Age A (L261-L265)
    assert [len(d) for d in st.civil_decks[1:]] == [len(civil_deck(1, players)),
                                                     len(civil_deck(2, players)), 0]
    assert st.military_decks[0] == []  # nobody draws Age A military cards (L267-L269)
    assert len(st.military_decks[1]) == len(military_deck(1, players, "first"))
    assert st.military_decks[3] == [] and st.civil_decks[3] == []  # first game (L184)
    assert len(st.current_events) == players + 2  # L293-L300
    assert len(st.boxed) == 10 - players - 2
    assert all(AGE[c] == 0 for c in (*st.current_events, *st.boxed))
    assert st.future_events == [] and st.past_events == []  # L302-L306
    check_invariants(st)


def test_player_start_L64_L161() -> None:
    civ = new(2, 1).civs[0]
    assert civ.workers == {"A_agriculture": 2, "A_bronze": 2, "A_philosophy": 1,
                           "A_religion": 0, "A_warriors": 1}  # L74
    assert (civ.pool, civ.yellow_bank, civ.blue_bank) == (1, 18, 16)  # L64-L76
    assert civ.government == "A_despotism"
    # food 2, resources 2 per turn; science 1, culture 0, happy 0, strength 1 (L221-L283)
    assert ratings(civ) == [2, 2, 1, 0, 0, 1]


def test_starting_player_random_and_first_round_actions_L308_L321() -> None:
    starts = Counter(new(4, seed).start for seed in range(40))
    assert set(starts) == {0, 1, 2, 3}
    st = new(4, 7)
    for order in range(4):
        civ = st.civs[(st.start + order) % 4]
        assert civil_left(civ) == order + 1 and military_left(civ) == 0


# -- the card row ------------------------------------------------------------------------
X1_ROW = ["A_moses", "A_colossus", "A_engineering_genius", "A_homer", "A_aristotle",
          "A_hammurabi", "A_library_of_alexandria", "A_pyramids", "A_rich_land",
          "A_frugality", "A_stockpile", "A_urban_growth", "A_cultural_heritage"]


def test_x1_first_round_taking_L438_L450() -> None:
    st = new(3, 2)
    set_row(st, X1_ROW)
    first = st.current
    answer(st, "take:1")  # Moses, 1 CA
    assert st.civs[first].hand == ["A_moses"] and option_ids(st) != []
    assert st.current == first  # still this seat: no action left, only "end"
    assert option_ids(st) == ["end", "undo"]  # the take may still be taken back
    answer(st, "end")
    second = st.current
    answer(st, "take:2")  # the Colossus goes into play unfinished (L416-L418)
    civ = st.civs[second]
    assert civ.wonder == "A_colossus" and civ.hand == []
    answer(st, "take:3")  # Engineering Genius
    assert civ.hand == ["A_engineering_genius"]
    answer(st, "end")
    third = st.current
    answer(st, "take:6")  # Hammurabi for 2 CA
    # the 1-CA cards left are Homer and Aristotle: a second Age A leader is refused
    assert option_ids(st) == ["end", "undo"]
    assert row.refusal(st, third, "A_homer") == "second_leader"
    assert civil_left(st.civs[third]) == 1


def test_x1_alternatives_aristotle_and_library_or_one_3_ca_card_L448_L450() -> None:
    st = new(3, 2)
    set_row(st, X1_ROW)
    answer(st, "end")
    answer(st, "end")
    answer(st, "take:5")  # Aristotle (1 CA)
    answer(st, "take:7")  # Library of Alexandria (2 CA), unfinished in play
    civ = st.civs[st.current]
    assert civ.hand == ["A_aristotle"] and civ.wonder == "A_library_of_alexandria"
    assert civil_left(civ) == 0
    st2 = new(3, 2)
    set_row(st2, X1_ROW)
    answer(st2, "end")
    answer(st2, "end")
    answer(st2, "take:13")
    assert civil_left(st2.civs[st2.current]) == 0


def test_take_refused_outside_options_leaves_state_unchanged() -> None:
    st = new(3, 2)
    set_row(st, X1_ROW)
    before = ENGINE.dump(st)
    with pytest.raises(IllegalAnswer):
        answer(st, "take:6")  # 2 CA with 1 available
    with pytest.raises(IllegalAnswer):
        ENGINE.apply(st, (st.current + 1) % 3, "end")
    assert ENGINE.dump(st) == before


def test_x5_civil_hand_limit_but_a_wonder_still_allowed_L636_L644() -> None:
    st = to_round_two(new(2, 4))
    civ = st.civs[st.current]
    civ.hand = ["A_rich_land", "A_frugality", "A_stockpile", "A_urban_growth"]
    set_row(st, ["A_moses", "A_pyramids"])
    assert row.refusal(st, st.current, "A_moses") == "hand_full"
    assert option_ids(st)[:1] == ["take:2"]  # the wonder ignores the hand limit


def test_same_technology_twice_refused_L632_L1050() -> None:
    st = to_round_two(new(2, 4))
    civ = st.civs[st.current]
    civ.hand = ["I_iron"]
    assert row.refusal(st, st.current, "I_iron") == "same_technology"
    civ.hand = []
    give(civ, "I_iron")
    assert row.refusal(st, st.current, "I_iron") == "same_technology"
    assert row.refusal(st, st.current, "A_agriculture") == "same_technology"
    assert row.refusal(st, st.current, "I_rich_land") is None


def test_unfinished_wonder_blocks_another_L420() -> None:
    st = to_round_two(new(2, 4))
    st.civs[st.current].wonder = "A_colossus"
    assert row.refusal(st, st.current, "A_pyramids") == "unfinished_wonder"


def test_x14_wonder_surcharge_per_completed_wonder_L424_L426() -> None:
    st = to_round_two(new(2, 4))
    set_row(st, ["A_pyramids", "A_moses"])
    seat = st.current
    civ = st.civs[seat]
    assert row.take_cost(st, seat, 0) == 1
    civ.wonders = ["A_colossus"]
    assert row.take_cost(st, seat, 0) == 2
    civ.wonders = ["A_colossus", "A_hanging_gardens"]
    assert row.take_cost(st, seat, 0) == 3
    assert row.take_cost(st, seat, 1) == 1  # not for other cards


@pytest.mark.parametrize(("players", "sweep"), [(2, 3), (3, 2), (4, 1)])
def test_x3_replenish_sweeps_by_player_count_L540_L564(players: int, sweep: int) -> None:
    st = to_round_two(new(players, 8))
    st.age = 1
    st.civil_decks[1] = ["I_iron"] * 20
    cards = [f"c{i}" for i in range(13)]
    st.row = list(cards)
    st.removed = []
    row.replenish(st)
    assert st.removed == cards[:sweep]  # swept cards leave the game (L552)
    assert st.row[:13 - sweep] == cards[sweep:]  # order kept (L554-L558)
    assert st.row[13 - sweep:] == ["I_iron"] * sweep  # dealt left to right


def test_x3_empty_swept_slots_are_not_compensated_L550() -> None:
    st = to_round_two(new(2, 8))
    st.age = 1
    st.civil_decks[1] = ["I_iron"] * 20
    st.row = [None, "a", None, "b", None, "c", "d", "e", "f", "g", "h", "i", "j"]
    st.removed = []
    row.replenish(st)
    assert st.removed == ["a"]  # slots 1-3 swept: only "a" was there
    assert st.row == ["b", "c", "d", "e", "f", "g", "h", "i", "j"] + ["I_iron"] * 4


def test_x4_age_a_ends_at_the_starting_players_second_turn_L566_L578() -> None:
    st = new(4, 9)
    leftover = list(st.civil_decks[0])
    yellow = [c.yellow_bank for c in st.civs]
    before = list(st.row)
    answer(st, "take:1")  # the starting player takes slot 1, everyone else passes
    for _ in range(4):
        answer(st, "end")
    assert st.round == 2 and st.age == 1  # Age I began at the first replenish
    # slot 1 (empty) swept, the rest slid, the last slot dealt from what Age A had left
    assert st.row == [*before[1:], leftover[-1]]
    assert st.civil_decks[0] == [] and set(leftover[:-1]) <= set(st.removed)
    assert [c.yellow_bank for c in st.civs] == yellow  # no yellow loss (L574, L1821)
    check_invariants(st)


def test_first_replenish_continues_from_age_i_when_age_a_runs_out_L566_L578() -> None:
    st = new(2, 9)
    st.civil_decks[0] = ["A_moses"]
    st.row = [None] * 13
    st.round = 2
    row.replenish(st)
    assert st.row[0] == "A_moses" and all(AGE[c] == 1 for c in st.row[1:] if c)
    assert st.age == 1


def test_x34_end_of_age_i_L1835_L1871() -> None:
    st = to_round_two(new(2, 10))
    seat = st.current
    civ = st.civs[seat]
    other = st.civs[1 - seat]
    civ.hand = ["A_frugality", "I_iron"]
    civ.military = ["I_foray"]
    civ.leader = "A_moses"
    civ.wonder = "A_pyramids"
    civ.stages = 2
    bank = civ.blue_bank
    civ.blue_bank -= 2
    other.leader = "I_joan_of_arc"
    other.wonders = ["A_colossus"]
    other.yellow_bank = 1
    events_before = (list(st.current_events), list(st.future_events))
    st.age = 1
    st.civil_decks[1] = ["I_iron"]
    st.removed.append(st.row[0] or "")
    st.row[0] = None
    st.removed = []
    row.replenish(st)
    assert st.age == 2
    assert civ.hand == ["I_iron"]  # antiquated hand cards discarded (L1835-L1839)
    assert civ.leader is None and civ.wonder is None  # L1841-L1847
    assert civ.blue_bank == bank and civ.stages == 0  # the wonder's tokens came back
    assert other.leader == "I_joan_of_arc" and other.wonders == ["A_colossus"]  # L1849
    assert civ.yellow_bank == 16 and other.yellow_bank == 0  # −2, only what is there
    assert {"A_frugality", "A_moses", "A_pyramids"} <= set(st.removed)
    assert civ.military == ["I_foray"]  # Age I cards are not antiquated yet
    assert (st.current_events, st.future_events) == events_before  # L1863
    assert st.military_decks[1] == []  # the old military deck is gone (L1859-L1861)


def test_x34_first_game_age_iii_no_refill_no_draws_L1873_L1877() -> None:
    st = to_round_two(new(2, 12))
    st.age = 2
    deck = st.civil_decks[2]
    st.removed.extend(deck[:-1] + st.civil_decks[1] + st.military_decks[1])
    st.civil_decks[1] = st.military_decks[1] = []
    del deck[:-1]
    st.removed.append(st.row[0] or "")
    st.row[0] = None
    row.replenish(st)
    assert st.age == 3 and st.military_decks[2] == []
    kept = [c for c in st.row if c]
    row.replenish(st)
    assert [c for c in st.row if c] == kept[3:]  # swept and slid, never refilled
    check_invariants(st)


def test_kinds_of_taken_cards() -> None:
    assert {KIND[c] for c in X1_ROW} == {"leader", "wonder", "action"}
