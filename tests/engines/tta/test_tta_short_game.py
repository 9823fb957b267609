"""The short game, lobby mode ``short`` (scope §30 "Short game", ruling C11; book L2218-L2247;
``engines/tta/short_game.py``): the Age III events dealt and laid out at setup (L2224-L2231),
the one kept at Age I's end (L2237-L2239), War over Culture from the table (L2233-L2235,
ruling C11 for the cut-off sentence A5), the end at Age III's start (L2222, L1873-L1886) and
the final scoring (L2241-L2247; Impact of Technology on Age II technologies, MC note B20).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from engines.core.contract import UNDO, Event
from engines.core.rng import Rng
from engines.tta import (
    interrupts,
    resignation,
    scoring,
    setup,
    short_game,
    undo_window,
    wars,
)
from engines.tta.end_of_turn import draws_due
from engines.tta.event_cards.age_iii import IMPACT
from engines.tta.facts import AGE, KIND, civil_deck, military_deck
from engines.tta.ratings import military_left
from engines.tta.state import TtaState
from tests.engines.tta.politics_helpers import pull, strengths
from tests.engines.tta.tta_helpers import (
    ENGINE,
    answer,
    check_invariants,
    give,
    option_ids,
    to_round_two,
)

CULTURE, TERRITORY, TECHNOLOGY = wars.CULTURE, wars.TERRITORY, wars.TECHNOLOGY
EVENTS = sorted(c for c in IMPACT)


def short(players: int = 3, seed: int = 1) -> TtaState:
    return ENGINE.new_game(players, seed, {"mode": "short"})


def dealt(st: TtaState) -> set[str]:
    return {c for civ in st.civs for c in civ.short_events}


def views_json(st: TtaState) -> dict[int | None, str]:
    return {s: ENGINE.view(st, s).model_dump_json() for s in (None, *range(st.players))}


def to_age_one_end(players: int = 3, seed: int = 1) -> tuple[TtaState, list[Event]]:
    """A short game whose next replenish deals Age I's last civil card (L1825): the seat in
    turn ends its turn and the next one's replenish ends Age I. The events of that answer."""
    st = to_round_two(short(players, seed))
    assert st.age == 1
    deck = st.civil_decks[1]
    st.removed.extend(deck[:-1])  # out of the way, still counted
    st.civil_decks[1] = deck[-1:]
    if st.step == "politics":
        answer(st, "pass")
    return st, answer(st, "end")


def keep_all_by_timeout(st: TtaState) -> list[Event]:
    events: list[Event] = []
    for p in list(ENGINE.prompts(st)):
        option = ENGINE.timeout_option(st, p.seat)
        assert option is not None
        events = ENGINE.apply(st, p.seat, option)
    return events


def age_two_table(players: int = 3, seed: int = 1) -> TtaState:
    """Age II of a short game, the events kept, no military card in any hand, seat 0 at its
    political phase with its undo window open."""
    st, _ = to_age_one_end(players, seed)
    keep_all_by_timeout(st)
    assert st.age == 2 and st.interrupt is None
    for civ in st.civs:
        st.removed.extend(civ.military)
        civ.military = []
    st.current, st.step = 0, "politics"
    st.undo.close()
    st.turn_log = []
    undo_window.open_if_acting(st)
    return st


# -- setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_two_each_three_face_up_and_war_over_culture_L2224_L2231(
        players: int) -> None:
    """L2226-L2231: every Age III event shuffled, two face down to each player, three face
    up, War over Culture face up beside them; the rest of Age III is unused (nowhere in a
    deck, the row or a hand); every card still in exactly one place."""
    st = short(players)
    assert st.mode == "short" and "short" in setup.LOBBY_MODES
    assert [len(c.short_events) for c in st.civs] == [2] * players
    assert len(st.short_face_up) == 3 and st.short_war == CULTURE
    shown = [*st.short_face_up, *(c for civ in st.civs for c in civ.short_events)]
    assert all(KIND[c] == "event" and AGE[c] == 3 for c in shown)
    assert len(set(shown)) == len(shown) == 3 + 2 * players
    # every other Age III card is boxed, unseen: no Age III deck, no Age III card in play
    assert st.civil_decks[3] == [] and st.military_decks[3] == []
    age_iii = Counter(civil_deck(3, players)) + Counter(military_deck(3, players, "short"))
    assert Counter(c for c in st.boxed if AGE[c] == 3) + Counter(shown) + Counter(
        [CULTURE]) == age_iii
    assert set(EVENTS) - set(shown) <= set(st.boxed)
    assert not [c for c in (*st.row, *st.current_events) if c and AGE[c] == 3]
    assert not [c for civ in st.civs for c in (*civ.hand, *civ.military) if AGE[c] == 3]
    check_invariants(st)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nobody_sees_the_dealt_events_before_age_one_ends_not_even_the_owner_L2228(
        players: int) -> None:
    """L2228: "在时代Ⅰ结束前，所有玩家都不可以查看这些牌" — no view shows them, the owner's
    included; the count is public; the face-up ones and War over Culture are public."""
    st = short(players)
    for seat, text in views_json(st).items():
        view = ENGINE.view(st, seat)
        assert [p.short_events for p in view.players] == [None] * players
        assert [p.short_events_count for p in view.players] == [2] * players
        assert view.short_face_up == st.short_face_up and view.short_war == CULTURE
        for card in dealt(st):
            assert f'"{card}"' not in text, (seat, card)


def test_the_deal_uses_the_seeded_generator_and_the_other_modes_are_unchanged() -> None:
    """The same seed deals the same events; a full game's setup does not depend on the
    short game's additions (no Age III events taken out of its deck)."""
    a, b = short(3, 7), short(3, 7)
    assert [c.short_events for c in a.civs] == [c.short_events for c in b.civs]
    assert a.short_face_up == b.short_face_up
    full = setup.new_state(3, 7, "full")
    assert full.short_face_up == [] and full.short_war is None
    assert Counter(full.military_decks[3]) == Counter(military_deck(3, 3, "full"))


# -- Age I's end: the keep question ------------------------------------------------------------


def test_age_one_ends_and_every_seat_is_asked_at_once_which_event_to_keep_L2237() -> None:
    """L2237-L2239: after Age I ends each player looks at their two events and keeps one.
    All seats are asked together, privately (``short_keep``: ``keep:<card>``); the age end
    itself is complete (Age II current, yellow lost); the owner may look now (L2228)."""
    st, events = to_age_one_end(3)
    kinds = [e.kind for e in events]
    assert "age_ended" in kinds and st.age == 2
    assert st.interrupt is not None and st.undo.base is None  # other seats are asked
    prompts = {p.seat: p for p in ENGINE.prompts(st)}
    assert sorted(prompts) == [0, 1, 2]
    for seat, p in prompts.items():
        hand = st.civs[seat].short_events
        assert p.kind == "short_keep" and p.private and p.reaction == (seat != st.current)
        assert [o.id for o in p.options] == [f"keep:{c}" for c in hand]
        a, b = hand
        assert [o.params for o in p.options] == [{"card": a, "discard": b},
                                                 {"card": b, "discard": a}]
        assert [o.key for o in p.options] == ["short_keep"] * 2
        assert ENGINE.timeout_option(st, seat) == f"keep:{a}"  # the first option
    for seat in range(3):
        view = ENGINE.view(st, seat)
        assert view.players[seat].short_events == st.civs[seat].short_events
        others = [p.short_events for p in view.players if p.seat != seat]
        assert others == [None, None]
    public = ENGINE.public_json(st)
    assert not [c for c in dealt(st) if f'"{c}"' in public]


def test_the_kept_event_stays_the_other_is_discarded_face_down_unseen_L2239() -> None:
    """L2239: one discarded face down, nobody may look at it: out of the game, boxed; the
    kept one is seen by its owner only; public ``short_event_kept``, private
    ``short_event_kept_card``; then the turn goes on with the seat whose replenish it was."""
    st, _ = to_age_one_end(3)
    seat_in_turn = st.current
    hands = {s: list(c.short_events) for s, c in enumerate(st.civs)}
    first = ENGINE.apply(st, 0, f"keep:{hands[0][1]}")
    assert [e.kind for e in first] == ["reaction_answered"]
    ENGINE.apply(st, 1, f"keep:{hands[1][0]}")
    events = ENGINE.apply(st, 2, f"keep:{hands[2][1]}")
    kept = {0: hands[0][1], 1: hands[1][0], 2: hands[2][1]}
    let_go = {s: next(c for c in hands[s] if c != kept[s]) for s in kept}
    public = [e for e in events if e.kind == "short_event_kept"]
    assert [(e.seat, e.params, e.visible_to) for e in public] == [
        (s, {}, None) for s in range(3)]
    private = [e for e in events if e.kind == "short_event_kept_card"]
    assert [(e.seat, e.params, e.visible_to) for e in private] == [
        (s, {"card": kept[s], "discard": let_go[s]}, [s]) for s in range(3)]
    assert [c.short_events for c in st.civs] == [[kept[s]] for s in range(3)]
    assert set(let_go.values()) <= set(st.boxed)
    texts = views_json(st)
    for reader, text in texts.items():
        for s in range(3):
            assert f'"{let_go[s]}"' not in text
            assert (f'"{kept[s]}"' in text) == (reader == s)
    for reader in range(3):
        view = ENGINE.view(st, reader)
        assert [p.short_events_count for p in view.players] == [1, 1, 1]
    # the turn whose replenish ended Age I goes on: its own question, its window open
    assert st.interrupt is None and st.current == seat_in_turn
    assert [p.seat for p in ENGINE.prompts(st)] == [seat_in_turn]
    assert st.step in ("politics", "action") and st.undo.seat == seat_in_turn
    check_invariants(st)


def test_the_keep_question_times_out_to_the_first_option() -> None:
    """Platform §4.5: every question has a timeout default; here the first option."""
    st, _ = to_age_one_end(2)
    firsts = [c.short_events[0] for c in st.civs]
    keep_all_by_timeout(st)
    assert [c.short_events for c in st.civs] == [[c] for c in firsts]
    check_invariants(st)


def test_the_keep_question_comes_before_the_seats_war_resolves() -> None:
    """The replenish that ends Age I runs before the wars (ruling B3): the keep question
    first, then the declarer's war resolves in the same start of turn."""
    st = to_round_two(short(3, 1))
    deck = st.civil_decks[1]
    st.removed.extend(deck[:-1])
    st.civil_decks[1] = deck[-1:]
    if st.step == "politics":
        answer(st, "pass")
    nxt = (st.current + 1) % 3
    pull(st, TERRITORY)
    st.wars = [{"card": TERRITORY, "attacker": nxt, "defender": st.current}]
    answer(st, "end")
    assert {p.kind for p in ENGINE.prompts(st)} == {"short_keep"}
    events = keep_all_by_timeout(st)
    assert [e.kind for e in events].index("short_event_kept") < [
        e.kind for e in events].index("war_resolved")
    assert st.wars == [] and TERRITORY in st.military_discards[2]
    check_invariants(st)


# -- War over Culture from the table ----------------------------------------------------------


def test_a_war_card_in_hand_offers_its_own_war_and_war_over_culture_L2233() -> None:
    """L2233-L2235 (ruling C11): playing a war card, one may declare it or the face-up War
    over Culture; that costs War over Culture's 3 military actions (MC), the option plays a
    hidden card so it is ``final``."""
    st = age_two_table()
    st.civs[0].military.append(pull(st, TERRITORY))
    st.civs[0].government = pull(st, "I_monarchy")  # 3 military actions
    opts = {o.id: o for o in ENGINE.prompts(st)[0].options}
    assert {"war:II_war_over_territory:1", "war:II_war_over_territory:2",
            "war_culture:II_war_over_territory:1",
            "war_culture:II_war_over_territory:2"} <= set(opts)
    o = opts["war_culture:II_war_over_territory:2"]
    assert o.key == "declare_war_over_culture" and o.group == "play"
    assert o.card == TERRITORY
    assert o.params == {"card": TERRITORY, "war": CULTURE, "ma": 3, "target_seat": 2,
                        "final": True}
    assert opts["war:II_war_over_territory:2"].params["ma"] == 2


def test_war_over_culture_needs_its_own_military_actions_and_a_war_card() -> None:
    """Despotism's 2 military actions pay War over Territory, not War over Culture's 3; no
    war card in hand, no War over Culture (you must play one, L2233)."""
    st = age_two_table()
    assert not [o for o in option_ids(st) if o.startswith("war")]
    st.civs[0].military.append(pull(st, TERRITORY))
    assert military_left(st.civs[0]) == 2
    ids = option_ids(st)
    assert "war:II_war_over_territory:1" in ids
    assert not [o for o in ids if o.startswith("war_culture:")]


def test_declaring_war_over_culture_discards_the_played_card_and_keeps_the_face_up_one() -> None:
    """Ruling C11: War over Culture's cost paid, the played card to the discards, the
    face-up War over Culture stays on the table; the war waits in ``st.wars`` (public)."""
    st = age_two_table()
    civ = st.civs[0]
    civ.military.append(pull(st, TERRITORY))
    civ.government = pull(st, "I_monarchy")
    discards = list(st.military_discards[2])
    events = answer(st, "war_culture:II_war_over_territory:1")
    declared = [e for e in events if e.kind == "war_declared"]
    assert [(e.seat, e.params) for e in declared] == [
        (0, {"card": CULTURE, "target_seat": 1, "ma": 3, "played": TERRITORY})]
    assert military_left(civ) == 0 and civ.military == []
    assert st.military_discards[2] == [*discards, TERRITORY]
    assert st.short_war == CULTURE
    assert st.wars == [{"card": CULTURE, "attacker": 0, "defender": 1, "played": TERRITORY}]
    assert not st.undo.can_undo(0) and UNDO not in option_ids(st)
    for seat in (None, 0, 1, 2):
        view = ENGINE.view(st, seat)
        assert [w.model_dump() for w in view.wars] == [
            {"card": CULTURE, "attacker": 0, "defender": 1}]
        assert view.short_war == CULTURE
    check_invariants(st)


def test_the_face_up_card_serves_two_pending_wars_and_resolves_as_war_over_culture() -> None:
    """One face-up War over Culture, reused (ruling C11): two wars over culture pending at
    once; each resolves as War over Culture (5 + advantage culture, MC) at its declarer's
    next turn, and the face-up card never moves."""
    st = age_two_table()
    for seat, card in ((0, TERRITORY), (1, TECHNOLOGY)):
        st.civs[seat].military.append(pull(st, card))
        st.civs[seat].government = pull(st, "I_monarchy")
    answer(st, "war_culture:II_war_over_territory:1")
    st.current, st.step = 1, "politics"
    st.undo.close()
    undo_window.open_if_acting(st)
    answer(st, "war_culture:II_war_over_technology:2")
    assert [(w["card"], w["attacker"], w["defender"], w["played"]) for w in st.wars] == [
        (CULTURE, 0, 1, TERRITORY), (CULTURE, 1, 2, TECHNOLOGY)]
    check_invariants(st)
    strengths(st, 6, 2, 0)
    st.civs[0].culture, st.civs[1].culture = 10, 20
    discards = [list(p) for p in st.military_discards]
    events = wars.resolve_due(st, 0)
    (resolved,) = [e for e in events if e.kind == "war_resolved"]
    assert resolved.params["card"] == CULTURE and resolved.params["culture"] == 9
    assert (st.civs[0].culture, st.civs[1].culture) == (19, 11)
    assert st.short_war == CULTURE and st.military_discards == discards
    assert st.wars == [{"card": CULTURE, "attacker": 1, "defender": 2, "played": TECHNOLOGY}]
    check_invariants(st)
    events = wars.resolve_due(st, 1)  # strength 2 vs 0: seat 1 takes 5 + 2 (capped at 0)
    assert [e.params["winner_seat"] for e in events if e.kind == "war_resolved"] == [1]
    assert st.wars == [] and st.short_war == CULTURE and st.military_discards == discards
    check_invariants(st)


def test_a_resignation_cancels_a_war_over_culture_but_the_face_up_card_stays() -> None:
    """A resignation cancels the wars by or against the resigner (L2071, resignation.py);
    the face-up War over Culture is no card of that war (ruling C11): it stays on the table
    and every card is still in one place."""
    st = age_two_table()
    st.civs[0].military.append(pull(st, TERRITORY))
    st.civs[0].government = pull(st, "I_monarchy")
    answer(st, "war_culture:II_war_over_territory:1")
    resignation.resign(st, 1)
    assert st.wars == [] and st.short_war == CULTURE
    check_invariants(st)


def test_no_war_over_culture_in_other_modes() -> None:
    """The face-up card exists only in the short game: a full game offers only ``war:``."""
    st = setup.new_state(3, 1, "full")
    assert st.short_war is None
    assert short_game.options(st, 0) == []


# -- the end ------------------------------------------------------------------------------------


def test_the_game_ends_at_age_three_s_start_after_the_last_round_L2222_L1879() -> None:
    """Only Ages I and II are played (L2222): when Age II's civil deck runs out, Age II ends
    as usual and Age III begins without decks — no refill, no military draws (L1873-L1877)
    — and the round is the last one if it began on the starting player's turn, else the
    next (L1879-L1886); the game ends after the seat to the starting player's right."""
    st = age_two_table(3)
    deck = st.civil_decks[2]
    st.removed.extend(deck[:-1])
    st.civil_decks[2] = deck[-1:]
    log: list[Event] = []
    while st.phase != "over":
        (p,) = ENGINE.prompts(st)
        if p.kind == "politics":
            option = "pass"
        elif p.kind == "action":
            option = "end"
        else:
            option = p.options[0].id
        log.extend(ENGINE.apply(st, p.seat, option))
        if st.age == 3 and st.phase != "over":
            assert draws_due(st, st.current) == 0
        check_invariants(st)
    began = next(i for i, e in enumerate(log)
                 if e.kind == "age_began" and e.params["age"] == 3)
    assert [e.params["age"] for e in log if e.kind == "age_ended"] == [2]
    seen = log[began:]
    kinds = [e.kind for e in seen]
    assert "last_round" in kinds
    assert "drew_military" not in kinds  # no military deck in Age III (L1877)
    assert all(e.params["dealt"] == [] for e in seen if e.kind == "replenished")
    assert st.civil_decks[3] == [] and st.military_decks[3] == []
    last = [e for e in seen if e.kind == "turn"][-1]
    assert last.seat == (st.start - 1) % 3 and last.params["round"] == st.last_round
    assert [e.kind for e in seen][-1] == "game_over"
    result = ENGINE.result(st)
    assert result is not None
    assert set(result.scores[0].breakdown) >= {"culture_before", "age_ii_wonders",
                                               "age_iii_events", "total"}


# -- the final scoring --------------------------------------------------------------------------


def arrange(st: TtaState, face_up: list[str], kept: list[str]) -> None:
    """The three face-up events and each seat's one kept event, the rest boxed (counts
    kept: the events move among these piles only)."""
    pool = [*st.short_face_up, *(c for civ in st.civs for c in civ.short_events),
            *(c for c in st.boxed if c in IMPACT)]
    st.boxed = [c for c in st.boxed if c not in IMPACT]
    st.short_face_up = list(face_up)
    for civ, card in zip(st.civs, kept, strict=True):
        civ.short_events = [card]
    st.boxed.extend(c for c in pool if c not in {*face_up, *kept})


def test_final_scoring_wonders_face_up_then_kept_events_with_numbers_L2241_L2247() -> None:
    """L2243: 6 per completed Age II wonder; L2245: the three face-up events; L2247: the
    kept events, shuffled (seeded), each for everyone; Impact of Technology counts Age II
    technologies in the short game (MC note, B20). Seat 0: Eiffel Tower + Kremlin (12),
    Coal and Riflemen + Constitutional Monarchy (3 Age II technologies: 12), 1 colony;
    seat 1: Ocean Liner Service (6), 1 Age II technology (4), 2 colonies."""
    st = short(2, 3)
    st.start = 0
    a, b = st.civs
    a.wonders = [pull(st, "II_eiffel_tower"), pull(st, "II_kremlin")]
    b.wonders = [pull(st, "II_ocean_liner_service")]
    give(a, pull(st, "II_coal"))
    give(a, pull(st, "II_riflemen"))
    a.government = pull(st, "II_constitutional_monarchy")
    give(b, pull(st, "II_scientific_method"))
    a.colonies = [pull(st, "I_vast_territory")]
    b.colonies = [pull(st, "I_wealthy_territory"), pull(st, "I_historic_territory")]
    a.culture, b.culture = 30, 40
    check_invariants(st)
    technology, colonies, wonders = ("III_impact_of_technology", "III_impact_of_colonies",
                                     "III_impact_of_wonders")
    arrange(st, [technology, colonies, wonders],
            ["III_impact_of_progress", "III_impact_of_government"])
    check_invariants(st)
    expected_kept = ["III_impact_of_progress", "III_impact_of_government"]
    rng = Rng(st.rng)
    rng.shuffle(expected_kept)
    kept_scores = {c: IMPACT[c](st, 0) for c in expected_kept}
    events = scoring.finish(st)
    lines = [(e.kind, e.seat, e.params) for e in events if e.kind == "final_scored"]
    assert lines == [("final_scored", 0, {"line": "age_ii_wonders", "culture": 12}),
                     ("final_scored", 1, {"line": "age_ii_wonders", "culture": 6})]
    impacts = [(e.params["card"], e.params["culture"]) for e in events
               if e.kind == "impact_scored"]
    # Technology 4 per Age II technology (the government counts); Colonies 3 each;
    # Wonders 3 per Age II wonder (MC)
    assert impacts[:3] == [(technology, [12, 4]), (colonies, [3, 6]), (wonders, [6, 3])]
    assert impacts[3:] == [(c, kept_scores[c]) for c in expected_kept]
    assert all(e.params["final"] for e in events if e.kind == "impact_scored")
    kinds = [e.kind for e in events]
    assert kinds.index("final_scored") < kinds.index("impact_scored")
    assert kinds[-1] == "game_over"
    kept_total = [sum(kept_scores[c][s] for c in expected_kept) for s in range(2)]
    assert st.final[0] == {"culture_before": 30, "age_ii_wonders": 12,
                           "age_iii_events": 21 + kept_total[0],
                           "total": 30 + 12 + 21 + kept_total[0]}
    assert st.final[1] == {"culture_before": 40, "age_ii_wonders": 6,
                           "age_iii_events": 13 + kept_total[1],
                           "total": 40 + 6 + 13 + kept_total[1]}
    assert [c.culture for c in st.civs] == [f["total"] for f in st.final]
    # the kept events were revealed: in the past events; the face-up ones stay face up
    assert st.past_events[-2:] == expected_kept and st.short_face_up[0] == technology
    assert [c.short_events for c in st.civs] == [[], []]
    check_invariants(st)


def test_impact_of_technology_counts_age_two_only_in_the_short_game() -> None:
    """MC ``culture_formula``: "4 culture per Age III technology in play (Age II in the
    short game)"; the full game still counts Age III ones."""
    st = short(2, 1)
    civ = st.civs[0]
    give(civ, pull(st, "II_coal"))
    give(civ, pull(st, "I_iron"))
    assert IMPACT["III_impact_of_technology"](st, 0) == [4, 0]
    st.mode = "full"
    assert IMPACT["III_impact_of_technology"](st, 0) == [0, 0]


def test_final_culture_never_below_zero_in_the_short_game() -> None:
    """Impact of Happiness may be negative; culture stays at 0 at least (as the full game)."""
    st = short(2, 1)
    arrange(st, ["III_impact_of_happiness", "III_impact_of_wonders",
                 "III_impact_of_colonies"], ["III_impact_of_balance", "III_impact_of_progress"])
    st.civs[0].culture = 0
    scoring.finish(st)
    assert all(c.culture >= 0 for c in st.civs)


# -- state, JSON, random games ------------------------------------------------------------------


def test_json_round_trip_and_independent_copies() -> None:
    """The new piles survive a JSON round trip and ``fast_copy`` copies them."""
    st, _ = to_age_one_end(3)
    again = ENGINE.load(ENGINE.dump(st))
    assert ENGINE.dump(again) == ENGINE.dump(st)
    assert again.short_face_up == st.short_face_up
    assert [c.short_events for c in again.civs] == [c.short_events for c in st.civs]
    copy = ENGINE.copy(st)
    copy.civs[0].short_events.pop()
    copy.short_face_up.pop()
    assert len(st.civs[0].short_events) == 2 and len(st.short_face_up) == 3


def _leaks(st: TtaState, events: list[Event]) -> None:
    """No dealt event in a view or event a seat may not see (scope §31: the owner after
    Age I ends, the discarded one nobody)."""
    hidden_from: dict[int | None, set[str]] = {None: set()}
    for r in range(st.players):
        hidden_from[r] = set()
    for s, civ in enumerate(st.civs):
        for card in civ.short_events:
            for r in hidden_from:
                if r != s or st.age < 2:
                    hidden_from[r].add(card)
    boxed = {c for c in st.boxed if c in IMPACT}
    shown = {*st.short_face_up, *st.past_events}
    for r in hidden_from:
        hidden_from[r] = (hidden_from[r] | boxed) - shown
    for r, text in views_json(st).items():
        for card in hidden_from[r]:
            assert f'"{card}"' not in text, (r, card)
    for e in events:
        text = json.dumps(e.params)
        readers: list[int | None] = ([None] if e.visible_to is None and not e.provisional
                                     else list(e.visible_to or []))
        for r in readers:
            if e.kind == "short_event_kept_card":
                continue  # the owner's own choice (visible_to = [owner])
            for card in hidden_from[r]:
                assert f'"{card}"' not in text, (e.kind, r, card)


def _play(players: int, seed: int) -> dict[str, int]:
    """A random short game (never resigning), checked after every answer: cards and
    tokens, the leak rule, ``final`` ⇔ the window closed, timeouts legal."""
    st = short(players, seed)
    rng = Rng.from_seed(seed)
    seen: Counter[str] = Counter()
    while st.phase != "over":
        prompts = ENGINE.prompts(st)
        p = prompts[rng.below(len(prompts))]
        opts = [o for o in p.options if o.id != UNDO and not o.id.startswith("resign")]
        timeout = ENGINE.timeout_option(st, p.seat)
        assert timeout is not None and p.option(timeout) is not None
        ends = [o for o in opts if o.id == "end"]
        o = ends[0] if ends and rng.below(3) == 0 else opts[rng.below(len(opts))]
        base = st.undo.base
        inside = base is not None and st.undo.seat == p.seat
        # read before the answer: the ``end`` option's params are computed when first
        # read, from the position it was offered in (``engines/tta/lazy.py``)
        final = o.params.get("final", False)
        events = ENGINE.apply(st, p.seat, o.id)
        if inside:
            assert final is (st.undo.base is not base), o.id
        seen[o.id.partition(":")[0]] += 1
        seen.update(e.kind for e in events)
        check_invariants(st)
        _leaks(st, events)
    return dict(seen)


def test_random_short_games_end_with_every_invariant_after_every_answer() -> None:
    """2, 3 and 4 players: the games end; the keep question, wars over culture from the
    table and the final impacts happen."""
    total: Counter[str] = Counter()
    for players in (2, 3, 4):
        for seed in range(3):
            seen: dict[str, Any] = _play(players, 40 + seed)
            assert seen["short_event_kept"] == players
            assert seen["game_over"] == 1
            assert seen["impact_scored"] >= 3 + players
            total.update(seen)
    assert total["war_culture"] > 0 and total["war_resolved"] > 0


def test_interrupt_effect_name_is_the_turn_start() -> None:
    """The question runs in the start-of-turn effect (``turn.begin_turn``), so the turn
    goes on after it; its record names that effect."""
    st, _ = to_age_one_end(2)
    assert st.interrupt is not None
    assert st.interrupt["effect"][0] == "turn_start"
    assert interrupts.timeout_option(st, 0) == f"keep:{st.civs[0].short_events[0]}"
