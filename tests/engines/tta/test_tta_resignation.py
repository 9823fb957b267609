"""Resignation (scope §26, §27-§28 [T3]; book L2066-L2073; platform §4.7; ruling C8;
research §3.2: 7 culture to each declarer of a war against the resigner).

Full games built by hand at the resigner's political phase; every card stays in one place
and the tokens are conserved (``check_invariants``) after each step.
"""

from __future__ import annotations

from collections import Counter

from engines.core.contract import Event
from engines.tta import (
    ages,
    conflict,
    leaders,
    pacts,
    resignation,
    row,
    scoring,
    setup,
    turn,
    undo_window,
)
from engines.tta.event_cards import age_iii, targets
from engines.tta.facts import civil_deck, military_deck
from engines.tta.state import TtaState
from tests.engines.tta.politics_helpers import asked, pull, reveal, set_units
from tests.engines.tta.tta_helpers import ENGINE, answer, check_invariants

CULTURE_WAR = "III_war_over_culture"
TERRITORY_WAR = "II_war_over_territory"
PEACE = "III_peace_treaty"
ALLIANCE = "III_military_alliance"
OPEN_BORDERS = "I_open_borders_agreement"


def table(players: int = 3, seed: int = 1, current: int = 0, start: int = 0,
          mode: str = "full") -> TtaState:
    """A game in round 2 (Age I), ``current`` at its political phase, ``start`` the
    starting player, no card in any military hand (they are out of the way, still counted)."""
    st = setup.new_state(players, seed, mode)
    turn.begin_turn(st)
    undo_window.open_if_acting(st)
    while st.round == 1:
        answer(st, "end")
    for civ in st.civs:
        st.removed.extend(civ.military)
        civ.military = []
    st.current, st.start, st.step = current, start, "politics"
    st.undo.close()
    st.turn_log = []
    undo_window.open_if_acting(st)
    assert st.undo.seat == current
    return st


def prompt_ids(st: TtaState) -> dict[str, dict[str, object]]:
    prompt = next(p for p in ENGINE.prompts(st) if p.seat == st.current)
    return {o.id: o.params for o in prompt.options}


def resign(st: TtaState) -> list[Event]:
    """The current seat resigns: ``resign``, then ``resign:confirm``."""
    assert answer(st, "resign") == []
    events = answer(st, "resign:confirm")
    check_invariants(st)
    return events


def pass_turn(st: TtaState) -> None:
    """The current seat passes its political phase (if open), ends its turn and discards the
    first cards asked for."""
    if st.step == "politics":
        answer(st, "pass")
    answer(st, "end")
    while st.step == "discard":
        answer(st, next(iter(prompt_ids(st))))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def test_resign_is_a_political_action_of_the_full_and_peaceful_games_L2071() -> None:
    """Offered in the political phase (group ``other``, nothing paid, not ``final``: the
    confirmation comes next)."""
    for mode in ("full", "peaceful"):
        st = table(mode=mode)
        assert prompt_ids(st)["resign"] == {}
        option = next(o for o in ENGINE.prompts(st)[0].options if o.id == "resign")
        assert option.group == "other" and option.key == "resign"


def test_with_nothing_else_to_play_resign_moves_to_the_action_phase_L1328_L1334() -> None:
    """An empty military hand still skips the political phase (nobody is asked to pass every
    turn); the unused political action lets the player resign from the action phase, and
    going back returns there."""
    st = table(mode="full")
    st.step = "action"
    turn._after_wars(st, st.current)
    assert st.step == "action"
    assert prompt_ids(st)["resign"] == {}
    assert answer(st, "resign") == []
    assert st.step == "resign"
    assert answer(st, "resign:back") == []
    assert st.step == "action" and "resign" in prompt_ids(st)
    seat = st.current
    answer(st, "resign")
    answer(st, "resign:confirm")
    check_invariants(st)
    assert st.civs[seat].resigned and st.current != seat


def test_after_a_political_action_or_a_pass_no_resignation_in_the_action_phase() -> None:
    """One political action a turn (L1330): a phase that opened (here: a military card in
    hand) and was passed leaves no ``resign`` in the action phase."""
    st = table(mode="full")
    st.civs[st.current].military = ["I_raid"]
    st.step = "action"
    turn._after_wars(st, st.current)
    assert st.step == "politics"
    answer(st, "pass")
    assert st.step == "action" and "resign" not in prompt_ids(st)


def test_no_resignation_in_the_first_game_L1304_L1334() -> None:
    """The first game's only political actions are events: no ``resign``, and an empty
    military hand still skips the political phase."""
    st = table(mode="first")
    assert "resign" not in prompt_ids(st)
    st.step = "action"
    turn._after_wars(st, st.current)
    assert st.step == "action"


def test_no_resignation_in_age_iv() -> None:
    """PB ``ages.age_iv``: no resigning in Age IV (scope §27)."""
    st = table()
    st.age = 4
    assert resignation.options(st, st.current) == []


def test_confirmation_back_and_timeout() -> None:
    """``resign`` asks the seat privately; ``resign:confirm`` is final and says how many
    players remain; ``resign:back`` (also the timeout) returns to the political phase."""
    st = table(players=4)
    seat = st.current
    answer(st, "resign")
    (prompt,) = ENGINE.prompts(st)
    assert (prompt.seat, prompt.kind, prompt.private) == (seat, "resign", True)
    assert prompt.params["war_culture"] == 7  # what it costs, told in the question
    ids = {o.id: o for o in prompt.options}
    assert ids["resign:confirm"].key == "resign_confirm"
    assert ids["resign:confirm"].params == {"final": True, "remaining": 3}
    assert ids["resign:back"].key == "resign_back" and ids["resign:back"].group == "turn"
    assert "undo" in ids  # choosing to resign is undoable
    assert ENGINE.timeout_option(st, seat) == "resign:back"
    answer(st, "resign:back")
    assert st.step == "politics" and "resign" in prompt_ids(st)
    assert not st.civs[seat].resigned


def test_undo_of_resign_restores_the_political_phase() -> None:
    st = table()
    kept = {"undo", "turn_log", "answered"}  # ``answered``: the undo is an answer too
    before = st.model_dump(exclude=kept)
    answer(st, "resign")
    answer(st, "undo")
    assert st.step == "politics"
    assert st.model_dump(exclude=kept) == before


def test_resigning_empties_the_civilization_L2071() -> None:
    """Every card of the area leaves the game (techs, government, leader, wonders, colonies,
    hands, a tactic still in the area); the tokens go to the box; the turn ends at once and
    the next seat begins its turn; the view says ``resigned``."""
    st = table(players=3)
    civ = st.civs[0]
    civ.government = pull(st, "I_monarchy")
    civ.leader = pull(st, "A_julius_caesar")
    civ.colonies.append(pull(st, "I_developed_territory"))
    civ.hand.append(pull(st, "I_iron"))
    civ.military.append(pull(st, TERRITORY_WAR))
    civ.culture = 12
    removed = len(st.removed)
    events = resign(st)
    assert kinds(events)[:2] == ["turn_actions", "resigned"]
    assert events[1].seat == 0
    assert events[1].params == {"remaining": 2, "declarers": [], "culture": 7}
    assert civ.resigned and civ.techs == [] and civ.leader is None and civ.hand == []
    assert civ.colonies == [] and civ.military == [] and civ.workers == {}
    assert civ.yellow_box == -25 and civ.blue_box == -16 and civ.culture == 12
    assert {"I_monarchy", "A_julius_caesar", "I_developed_territory", "I_iron",
            TERRITORY_WAR} <= set(st.removed[removed:])
    assert st.current == 1 and st.step in ("politics", "action")
    assert kinds(events).count("turn") == 1  # seat 1's turn began
    view = ENGINE.view(st, 1)
    assert view.players[0].resigned and not view.players[1].resigned
    assert ENGINE.load(ENGINE.dump(st)) == st


def test_wars_cancelled_both_ways_7_culture_to_declarers_against_the_resigner() -> None:
    """Every war involving the resigner is cancelled, its card out of the game; only the
    declarers of wars against the resigner score (7 culture, research §3.2, scope §26)."""
    st = table(players=4)
    against = {"card": pull(st, CULTURE_WAR), "attacker": 1, "defender": 0}
    by = {"card": pull(st, TERRITORY_WAR), "attacker": 0, "defender": 2}
    other = {"card": pull(st, "II_war_over_technology"), "attacker": 3, "defender": 2}
    st.wars = [against, by, other]
    culture = [c.culture for c in st.civs]
    events = resign(st)
    assert st.wars == [other]
    cancelled = [e.params for e in events if e.kind == "war_cancelled"]
    assert cancelled == [
        {"card": CULTURE_WAR, "attacker_seat": 1, "defender_seat": 0},
        {"card": TERRITORY_WAR, "attacker_seat": 0, "defender_seat": 2}]
    assert CULTURE_WAR in st.removed and TERRITORY_WAR in st.removed
    (resigned,) = [e for e in events if e.kind == "resigned"]
    assert resigned.params["declarers"] == [1]
    assert [c.culture for c in st.civs][1:] == [culture[1] + 7, culture[2], culture[3]]


def test_a_pending_war_against_the_resigner_never_resolves() -> None:
    """The war declared last turn would resolve at the declarer's next turn (B3): cancelled
    by the resignation, nothing resolves then."""
    st = table(players=3)
    st.wars = [{"card": pull(st, CULTURE_WAR), "attacker": 1, "defender": 0}]
    events = resign(st)  # seat 1's turn begins at once
    assert st.current == 1
    assert "war_resolved" not in kinds(events) and st.wars == []


def test_pacts_of_the_resigner_end() -> None:
    """Each pact the resigner is party to ends (``pact_ended``, ``resigned``), the card out
    of the game; the partner loses its effects."""
    st = table(players=4)
    pull(st, ALLIANCE)
    pull(st, PEACE)
    st.pacts = [{"card": ALLIANCE, "owner": 1, "partner": 0, "owner_side": "a"},
                {"card": PEACE, "owner": 2, "partner": 3, "owner_side": "a"}]
    pacts.refresh(st)
    assert st.civs[1].pact_mods
    events = resign(st)
    ended = [e.params for e in events if e.kind == "pact_ended"]
    assert ended == [{"card": ALLIANCE, "owner_seat": 1, "partner_seat": 0,
                      "reason": "resigned"}]
    assert [p["card"] for p in st.pacts] == [PEACE] and ALLIANCE in st.removed
    assert st.civs[1].pact_mods == {}


def test_3_to_2_sweep_3_and_the_strongest_alone() -> None:
    """After a resignation the table plays by the 2-player rules (L2072): the sweep of the
    remaining count (PB ``sweep_note``), "two strongest" = the strongest (L1402-L1404);
    ``clockwise`` (every event asking each player) skips the resigned seat."""
    st = table(players=3)
    resign(st)
    assert st.count_left() == 2 and st.seats_left() == [1, 2]
    assert targets.clockwise(st) == [st.current, 3 - st.current]
    assert len(targets.two_strongest(st)) == 1 and len(targets.two_weakest(st)) == 1
    expected = [c for c in st.row[:3] if c is not None]
    events = row.replenish(st)
    swept = next(e for e in events if e.kind == "replenished").params["swept"]
    assert swept == expected and len(expected) > 2  # SWEEP[2] = 3, not SWEEP[3] = 2


def test_no_attack_war_or_pact_on_a_resigned_seat() -> None:
    """Aggressions and wars (``conflict.may_attack``) and pact partners skip the seat."""
    st = table(players=4)
    resign(st)
    seat = st.current
    assert not conflict.may_attack(st, seat, 0)
    st.civs[seat].military.append(pull(st, PEACE))
    partners = {o.params["partner_seat"] for o in pacts.options(st, seat)}
    assert 0 not in partners and partners


def test_c15_a_pact_in_hand_stays_playable_with_two_players_left_FAQ_p11_p16() -> None:
    """Ruling C15 (FAQ pp. 11, 16): a resignation that leaves two players makes no pact
    unplayable. The pact in seat 1's hand is offered to seat 2 (never to the resigned seat),
    accepted and in effect; the pact in play between the two stays; the current (Age I)
    military deck keeps its pacts — only the decks of ages not yet begun lose theirs (C8)."""
    st = table(players=3)
    pull(st, ALLIANCE)  # in seat 2's area: seat 1's new pact does not replace it (L2041)
    st.pacts = [{"card": ALLIANCE, "owner": 2, "partner": 1, "owner_side": "a"}]
    st.civs[1].military.append(pull(st, OPEN_BORDERS))
    current_pacts = Counter(c for c in st.military_decks[1] if c in pacts.PACTS)
    assert current_pacts
    resign(st)
    assert st.count_left() == 2 and st.current == 1
    assert Counter(c for c in st.military_decks[1] if c in pacts.PACTS) == current_pacts
    assert not any(c in pacts.PACTS for a in (2, 3) for c in st.military_decks[a])
    offers = [o for o in prompt_ids(st) if o.startswith("pact:")]
    assert offers == [f"pact:{OPEN_BORDERS}:2"]
    answer(st, f"pact:{OPEN_BORDERS}:2")
    (offer,) = [p for p in ENGINE.prompts(st) if p.seat == 2]
    assert offer.kind == "pact_offer"
    events = ENGINE.apply(st, 2, "accept")
    assert "pact_accepted" in kinds(events)
    assert [p["card"] for p in st.pacts] == [ALLIANCE, OPEN_BORDERS]
    assert st.civs[1].pact_mods.get("ma") == st.civs[2].pact_mods.get("ma") == 1
    check_invariants(st)


def test_turn_order_skips_the_resigned_seat() -> None:
    st = table(players=4, current=1, start=0)
    resign(st)
    order = [st.current]
    for _ in range(4):
        pass_turn(st)
        order.append(st.current)
    assert order == [2, 3, 0, 2, 3]


def test_starting_player_resigns_rounds_and_last_round_L1879_L1886() -> None:
    """The round still advances when play passes the starting player's position; the last
    round ends with the last remaining seat before it, and a game-ending age begun on the
    first remaining seat's turn makes that round the last."""
    st = table(players=3, current=0, start=0)
    rnd = st.round
    resign(st)
    assert (st.current, st.round) == (1, rnd)
    assert ages.first_seat(st) == 1
    st.last_round = st.round
    assert not ages.is_last_turn(st)
    pass_turn(st)
    assert st.current == 2 and ages.is_last_turn(st)
    if st.step == "politics":
        answer(st, "pass")
    events = answer(st, "end")
    while st.step == "discard" and st.phase != "over":
        events = answer(st, next(iter(prompt_ids(st))))
    assert st.phase == "over" and "game_over" in kinds(events)
    result = ENGINE.result(st)
    assert result is not None and result.victory == "culture"
    assert 0 not in result.winners
    assert result.scores[0].rank == 3 and result.scores[0].breakdown["resigned"] == 1
    check_invariants(st)


def test_round_advances_past_a_resigned_starting_player() -> None:
    st = table(players=3, current=0, start=0)
    rnd = st.round
    resign(st)
    for _ in range(2):
        pass_turn(st)
    assert (st.current, st.round) == (1, rnd + 1)


def test_resigner_playing_the_last_turn_ends_the_game() -> None:
    """The resigner is the last seat of the last round: the game is scored at once."""
    st = table(players=3, current=2, start=0)
    st.last_round = st.round
    events = resign(st)
    assert st.phase == "over" and kinds(events)[-1] == "game_over"
    assert 2 not in st.winners


def test_c8_retrims_only_the_decks_of_ages_not_yet_begun() -> None:
    """C8: 4 → 3 players: the Age II and III decks lose their "4" cards, shuffled order
    kept, removed cards out of the game; the current Age I deck is untouched. 3 → 2: the
    future military decks lose their pacts (L2035)."""
    st = table(players=4)
    assert st.age == 1
    before = {a: (st.civil_decks[a][:], st.military_decks[a][:]) for a in (1, 2, 3)}
    resign(st)
    # the current deck: only what the next seat's replenish dealt from its top is gone
    assert st.civil_decks[1] == before[1][0][:len(st.civil_decks[1])]
    assert st.military_decks[1] == before[1][1]
    for a in (2, 3):
        assert Counter(st.civil_decks[a]) == Counter(civil_deck(a, 3))
        assert Counter(st.military_decks[a]) == Counter(military_deck(a, 3, "full"))
        for new, old in zip((st.civil_decks[a], st.military_decks[a]), before[a], strict=True):
            it = iter(old)
            assert all(c in it for c in new)  # a subsequence: the order is kept
    assert len(st.civil_decks[2]) == len(before[2][0]) - 3
    while st.current != 1:  # seat 1 resigns next (3 → 2)
        pass_turn(st)
    assert "resign" in prompt_ids(st)  # in the politics or, with nothing else, action phase
    resign(st)
    assert st.age == 1
    for a in (2, 3):
        assert Counter(st.civil_decks[a]) == Counter(civil_deck(a, 2))
        assert Counter(st.military_decks[a]) == Counter(military_deck(a, 2, "full"))
        assert not any(c in pacts.PACTS for c in st.military_decks[a])


def test_4_3_2_1_the_last_player_standing_wins_L2071() -> None:
    """A single remaining player wins at once, without a final scoring; the resigned seats
    rank last with ``resigned`` 1; the game is over for every prompt."""
    st = table(players=4, current=0, start=0)
    culture = {0: 30, 1: 20, 2: 10, 3: 5}
    for seat, n in culture.items():
        st.civs[seat].culture = n
    gone = []
    while st.phase != "over":
        gone.append(st.current)
        events = resign(st)
        if st.phase == "over":
            break
        assert st.current not in gone and "resign" in prompt_ids(st)
    assert len(gone) == 3
    (winner,) = set(range(4)) - set(gone)
    (over,) = [e for e in events if e.kind == "game_over"]
    assert over.params["victory"] == "last_standing" and over.params["winners"] == [winner]
    result = ENGINE.result(st)
    assert result is not None and result.victory == "last_standing"
    assert result.winners == [winner]
    for s in result.scores:
        assert s.total == st.civs[s.seat].culture
        if s.seat == winner:
            assert s.rank == 1 and "resigned" not in s.breakdown
        else:
            assert s.rank == 2 and s.breakdown["resigned"] == 1
    assert ENGINE.prompts(st) == []
    assert ENGINE.load(ENGINE.dump(st)) == st
    check_invariants(st)


def test_normal_end_resigned_seat_last_and_out_of_the_impact_tables_L2081_L2101() -> None:
    """At the normal end a resigned seat is no winner even with the most culture, ranks
    last, scores nothing from the Age III events, which rank only the remaining seats (the
    2-player table of Impact of Strength at 3 seats with one resigned)."""
    st = table(players=3, current=2, start=0)
    resign(st)
    st.civs[2].culture = 500
    strength = "III_impact_of_strength"
    st.current_events.append(pull(st, strength))
    culture = age_iii.IMPACT[strength](st, st.start)
    assert culture[2] == 0 and sorted(culture[:2]) == [0, 10]  # the 2-player table
    assert age_iii.IMPACT["III_impact_of_wonders"](st, st.start)[2] == 0
    scoring.finish(st)
    assert 2 not in st.winners and st.final[2]["resigned"] == 1
    assert st.final[2]["age_iii_events"] == 0
    result = ENGINE.result(st)
    assert result is not None and result.scores[2].rank == 3
    check_invariants(st)


def test_global_conflict_skips_the_resigned_seat_L2257() -> None:
    st = table(players=3)
    resign(st)
    ev = ages.global_conflict(st)
    assert ev.params["culture"][0] == 0
    assert min(ev.params["culture"][1:]) == 0


def test_genghis_khan_reads_the_remaining_count() -> None:
    """Genghis Khan's table by player count (CC: 3 culture unless 1 / 2 / 2 rivals are
    stronger at 2 / 3 / 4 players) counts only the players left: at 3 seats with one
    resigned, one stronger rival is enough to score nothing (2-player row)."""
    st = table(players=3, current=0)
    resign(st)
    set_units(st.civs[1], "A_warriors", 1)
    set_units(st.civs[2], "A_warriors", 3)
    st.civs[1].leader = pull(st, leaders.GENGHIS)
    culture = st.civs[1].culture
    assert leaders._genghis_end(st, 1) == []
    assert st.civs[1].culture == culture
    set_units(st.civs[2], "A_warriors", 0)
    assert leaders._genghis_end(st, 1)  # no stronger rival: 3 culture


def test_resign_keeps_the_undo_window_and_confirm_closes_it() -> None:
    """``final`` ⇔ the answer closes the window (platform §4.1): ``resign`` and
    ``resign:back`` are kept (provisional), ``resign:confirm`` closes it."""
    st = table(players=3)
    base = st.undo.base
    assert base is not None
    answer(st, "resign")
    answer(st, "resign:back")
    answer(st, "resign")
    assert st.undo.base is base and len(st.undo.answers) == 3
    events = answer(st, "resign:confirm")
    assert st.undo.base is not base and not any(e.provisional for e in events)
    summary = next(e for e in events if e.kind == "turn_actions")
    assert [a["key"] for a in summary.params["actions"]] == ["resign", "resign_back",
                                                              "resign"]


def test_per_player_count_action_cards_count_only_the_players_left() -> None:
    """Wave of Nationalism (6 / 3 / 2 per stronger rival at 2 / 3 / 4 players) and Endowment
    for the Arts (6 / 3 / 2 per rival with more culture) read the 2-player row at 3 seats
    with one resigned, and the resigned seat is nobody's rival."""
    st = table(players=3, current=0)
    resign(st)
    assert st.current == 1
    if st.step == "politics":
        answer(st, "pass")
    civ = st.civs[1]
    set_units(st.civs[2], "A_warriors", 3)  # stronger than seat 1's one Warriors
    st.civs[0].culture, st.civs[2].culture, civ.culture = 99, 9, 5
    civ.hand = [pull(st, "II_wave_of_nationalism"), pull(st, "III_endowment_for_the_arts")]
    answer(st, "action:II_wave_of_nationalism")
    assert civ.marks.get("mil_credit", 0) == 6
    answer(st, "action:III_endowment_for_the_arts")
    assert civ.culture == 5 + 6
    check_invariants(st)


def test_an_event_asking_every_player_skips_the_resigned_seat() -> None:
    """A resigned seat never gets a question again (platform §4.7): Development of Markets
    asks each player still in the game, at once."""
    st = table(players=3, current=0)
    resign(st)
    if st.step == "politics":
        answer(st, "pass")
    reveal(st, "A_development_of_markets")
    assert set(asked(st)) == {1, 2}
    assert ENGINE.timeout_option(st, 0) is None
