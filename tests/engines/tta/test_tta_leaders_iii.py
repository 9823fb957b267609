"""The six Age III leaders (scope §14 [T2]; CC ``abilities`` and ``notes``; ruling B19).

Each test puts the leader in play (by hand or by playing it) and asserts the numbers of its
effect: ratings, the production at the end of the turn, culture on developing, Bill Gates'
culture when he leaves play and at the end of the full game, Winston Churchill's two choices
with their restricted spending, his end-of-turn default and his once-per-turn limit."""

from __future__ import annotations

import pytest

from engines.core.contract import Event
from engines.core.rng import Rng
from engines.tta import end_of_turn, leaders, leaders_age_iii, scoring
from engines.tta.actions.develop import science_cost
from engines.tta.facts import CUL, HAPPY, RES, SCI
from engines.tta.play import discard_civil, enter, leave
from engines.tta.ratings import civil_left, military_left, ratings
from engines.tta.state import Civ, TtaState
from tests.engines.tta.politics_helpers import pull, reveal, set_units, table
from tests.engines.tta.tta_helpers import (
    ENGINE,
    action_turn,
    answer,
    check_invariants,
    check_tokens,
    game_json,
    give,
    option_ids,
    set_tokens,
    to_round_two,
)

EINSTEIN = leaders_age_iii.EINSTEIN
GATES = leaders_age_iii.GATES
CHAPLIN = leaders_age_iii.CHAPLIN
GANDHI = leaders_age_iii.GANDHI
MEIER = leaders_age_iii.MEIER
CHURCHILL = leaders_age_iii.CHURCHILL


def _lead(st: TtaState, card: str) -> Civ:
    """``card`` enters play as the current seat's leader (its entry effects included)."""
    civ = st.civs[st.current]
    civ.leader = card
    enter(st, st.current, card)
    return civ


def _play_leader(st: TtaState, civ: Civ, card: str) -> list[Event]:
    civ.hand.append(card)
    return answer(st, f"leader:{card}")


def _params(st: TtaState, oid: str) -> dict[str, object]:
    return dict(next(o.params for o in ENGINE.prompts(st)[0].options if o.id == oid))


def _culture_events(events: list[Event], card: str) -> list[int]:
    return [e.params["culture"] for e in events
            if e.kind == "ability" and e.params.get("card") == card and "culture" in e.params]


# -- Albert Einstein ---------------------------------------------------------------------
def test_einstein_best_lab_or_library_gives_its_level_in_science() -> None:
    st, civ = action_turn()
    give(civ, "I_alchemy", 2)
    give(civ, "III_multimedia", 1)
    base = ratings(civ)[SCI]
    _lead(st, EINSTEIN)
    assert ratings(civ)[SCI] == base + 3  # the best one (Multimedia, Age III) only, once


def test_einstein_scores_3_culture_per_technology_developed() -> None:
    st, civ = action_turn()
    _lead(st, EINSTEIN)
    civ.hand = ["I_iron", "I_alchemy"]
    civ.science = 20
    culture = civ.culture
    answer(st, "develop:I_iron")
    assert civ.culture == culture + 3
    answer(st, "develop:I_alchemy")
    assert civ.culture == culture + 6
    assert civ.science == 20 - 5 - 4


def test_einstein_revolution_counts_as_developing_L999() -> None:
    """Like Newton's (``test_newton_revolution_counts_L999``): a change of government is
    developing a technology (L999), by revolution too."""
    st, civ = action_turn()
    _lead(st, EINSTEIN)
    civ.hand = ["I_monarchy"]
    civ.science = 20
    culture = civ.culture
    answer(st, "revolution:I_monarchy")
    assert civ.culture == culture + 3


def test_einstein_replaced_scores_no_more_L810() -> None:
    st, civ = action_turn()
    _play_leader(st, civ, EINSTEIN)
    _play_leader(st, civ, GANDHI)
    civ.hand = ["I_iron"]
    civ.science = 20
    culture = civ.culture
    answer(st, "develop:I_iron")
    assert civ.culture == culture


# -- Bill Gates --------------------------------------------------------------------------
def test_gates_labs_produce_their_level_in_resources_each() -> None:
    st, civ = action_turn()
    give(civ, "II_scientific_method", 2)  # level 2, two labs: 4
    give(civ, "III_computers", 1)  # level 3: 3
    base = ratings(civ)[RES]
    _lead(st, GATES)
    assert leaders_age_iii.gates_production(civ) == 7
    assert ratings(civ)[RES] == base + 7
    civ.workers["A_philosophy"] = 1  # level 0: nothing
    civ.yellow_bank -= 1
    assert leaders_age_iii.gates_production(civ) == 7


def test_gates_resources_come_in_the_production_phase_and_the_forecast() -> None:
    st, civ = action_turn()
    seat = st.current
    give(civ, "III_computers", 1)
    without = end_of_turn.production_forecast(st, seat)
    _lead(st, GATES)
    forecast = end_of_turn.production_forecast(st, seat)
    assert forecast.resources_produced == without.resources_produced + 3
    bank = civ.blue_bank
    bronze = civ.blue["A_bronze"]
    events = end_of_turn.end_turn(st, seat)
    prod = next(e for e in events if e.kind == "production")
    assert prod.params["resources"] == forecast.resources_produced
    # two bronze workers (1 each) and Gates' 3, all on bronze (the only mine): 5 tokens;
    # the bank also gives the two farm workers' food
    assert civ.blue["A_bronze"] == bronze + 2 + 3 and civ.blue_bank == bank - 2 - 5
    check_tokens(st)


def test_gates_scores_his_extra_production_when_replaced() -> None:
    st, civ = action_turn()
    give(civ, "II_scientific_method", 1)
    give(civ, "III_computers", 1)
    _play_leader(st, civ, GATES)
    culture = civ.culture
    events = _play_leader(st, civ, CHURCHILL)
    assert civ.culture == culture + 5  # Scientific Method 2 + Computers 3
    assert _culture_events(events, GATES) == [5]
    assert leaders_age_iii.gates_final(st, st.current) == 0  # no longer in play


def test_gates_scores_his_extra_production_when_iconoclasm_removes_him() -> None:
    """Iconoclasm (Age II, still in an event deck in Age IV) removes leaders not of the
    current age: Gates leaves play, so he scores."""
    st = table(2)
    st.age = 4
    civ = st.civs[1]
    set_units(civ, "III_computers", 1)
    civ.leader = GATES
    culture = civ.culture
    events = reveal(st, "II_iconoclasm")
    assert civ.leader is None and GATES in st.removed
    assert civ.culture == culture + 3
    assert _culture_events(events, GATES) == [3]


def test_gates_scores_his_extra_production_at_the_end_of_the_full_game() -> None:
    st = to_round_two(ENGINE.new_game(2, 6, {"mode": "peaceful"}))
    st.current_events = []
    st.future_events, st.future_owners = [], []
    civ = st.civs[1]
    give(civ, "III_computers", 2)
    civ.leader = GATES
    cultures = [c.culture for c in st.civs]
    events = scoring.finish(st)
    assert [c.culture for c in st.civs] == [cultures[0], cultures[1] + 6]
    assert st.final[1]["bill_gates"] == 6 and "bill_gates" not in st.final[0]
    assert any(e.kind == "final_scored" and e.seat == 1
               and e.params == {"line": "bill_gates", "culture": 6} for e in events)


def test_gates_produces_nothing_in_an_uprising_L1702() -> None:
    st, civ = action_turn()
    seat = st.current
    give(civ, "III_computers", 1)
    _lead(st, GATES)
    civ.yellow_bank = 4  # 4 faces needed, none: discontent 4 > 0 unused workers
    civ.pool = 0
    out = end_of_turn.production_forecast(st, seat)
    assert out.uprising and out.resources_produced == 0


# -- Charlie Chaplin ---------------------------------------------------------------------
def test_chaplin_two_faces_and_the_best_theater_doubles_its_culture() -> None:
    st, civ = action_turn()
    give(civ, "I_drama", 1)  # 2 culture
    give(civ, "II_opera", 2)  # 3 culture each
    base = ratings(civ)
    _lead(st, CHAPLIN)
    r = ratings(civ)
    assert r[HAPPY] == base[HAPPY] + 2
    assert r[CUL] == base[CUL] + 3  # one opera's 3 once more, not both, not the drama


def test_chaplin_without_a_theater_adds_no_culture() -> None:
    st, civ = action_turn()
    base = ratings(civ)[CUL]
    _lead(st, CHAPLIN)
    assert ratings(civ)[CUL] == base


# -- Mahatma Gandhi ----------------------------------------------------------------------
def test_gandhi_two_culture_per_turn() -> None:
    st, civ = action_turn()
    base = ratings(civ)[CUL]
    _lead(st, GANDHI)
    assert ratings(civ)[CUL] == base + 2
    culture = civ.culture
    end_of_turn.end_turn(st, st.current)
    assert civ.culture == culture + base + 2


# -- Sid Meier ---------------------------------------------------------------------------
def test_meier_labs_culture_per_level_and_one_science_less_each() -> None:
    st, civ = action_turn()
    give(civ, "I_alchemy", 2)  # 2 science each
    give(civ, "III_computers", 1)  # 5 science
    # the board's Philosophy lab (level 0, 1 science) has a worker from the start
    philosophy = civ.workers.get("A_philosophy", 0)
    base = ratings(civ)
    _lead(st, MEIER)
    r = ratings(civ)
    assert r[CUL] == base[CUL] + 1 * 2 + 3 * 1
    assert r[SCI] == base[SCI] - (2 + 1 + philosophy)


# -- Winston Churchill -------------------------------------------------------------------
def test_churchill_offers_two_choices_once_per_turn() -> None:
    st, civ = action_turn()
    _play_leader(st, civ, CHURCHILL)
    assert _params(st, "churchill:culture") == {"card": CHURCHILL, "culture": 3}
    assert _params(st, "churchill:military") == {"card": CHURCHILL, "mil_sci": 3,
                                                 "mil_res": 3}
    culture = civ.culture
    ca, ma = civil_left(civ), military_left(civ)
    events = answer(st, "churchill:culture")
    assert civ.culture == culture + 3 and _culture_events(events, CHURCHILL) == [3]
    assert (civil_left(civ), military_left(civ)) == (ca, ma)  # no action spent
    assert not [o for o in option_ids(st) if o.startswith("churchill")]


def test_churchill_military_science_only_for_unit_technologies() -> None:
    st, civ = action_turn()
    _play_leader(st, civ, CHURCHILL)
    civ.hand = ["III_air_forces", "III_movies"]
    civ.science = 9
    assert science_cost(civ, "III_air_forces") == 12 and science_cost(civ, "III_movies") == 10
    ids = option_ids(st)
    assert "develop:III_air_forces" not in ids and "develop:III_movies" not in ids
    answer(st, "churchill:military")
    assert st.step == "action"
    ids = option_ids(st)
    assert "develop:III_movies" not in ids  # not a unit technology: 9 < 10
    assert _params(st, "develop:III_air_forces") == {"card": "III_air_forces", "ca": 1,
                                                     "sci": 12, "mil_sci": 3}
    prompt = ENGINE.prompts(st)[0]
    assert prompt.params["mil_sci"] == 3 and prompt.params["mil_res"] == 3
    events = answer(st, "develop:III_air_forces")
    assert civ.science == 0 and civ.marks.get("mil_sci", 0) == 0
    developed = next(e for e in events if e.kind == "developed")
    assert developed.params == {"card": "III_air_forces", "sci": 12, "mil_sci": 3}


def test_churchill_military_science_pays_first_and_is_lost_at_the_end_of_turn() -> None:
    st, civ = action_turn()
    seat = st.current
    _play_leader(st, civ, CHURCHILL)
    civ.hand = ["I_swordsmen", "I_iron"]  # a unit technology (4) and a mine (5)
    civ.science = 5
    answer(st, "churchill:military")
    answer(st, "develop:I_swordsmen")  # 3 restricted + 1 of the 5
    assert civ.science == 4 and civ.marks["mil_sci"] == 0
    civ.science = 5
    culture = civ.culture
    civ.marks["mil_sci"] = 3  # left unused this time
    end_of_turn.end_turn(st, seat)
    assert civ.marks.get("mil_sci", 0) == 0 and civ.marks.get("mil_credit", 0) == 0
    assert civ.culture == culture + ratings(civ)[CUL]  # used: no default culture


def test_churchill_military_resources_only_for_units() -> None:
    st, civ = action_turn()
    _play_leader(st, civ, CHURCHILL)
    for t in list(civ.blue):
        set_tokens(civ, t, 0)  # nothing stored
    civ.yellow_bank -= 2 - civ.pool
    civ.pool = 2
    ids = option_ids(st)
    assert "build:A_warriors" not in ids and "build:A_religion" not in ids
    answer(st, "churchill:military")
    ids = option_ids(st)
    assert "build:A_warriors" in ids  # 2 resources from the credit
    assert "build:A_religion" not in ids and "build:A_philosophy" not in ids  # not units
    answer(st, "build:A_warriors")
    assert civ.marks["mil_credit"] == 1
    assert "build:A_warriors" not in option_ids(st)  # 1 left, warriors cost 2
    check_tokens(st)


def test_churchill_unused_scores_3_culture_at_the_end_of_turn_B19() -> None:
    """CC note (BGA): the 3 culture when the choice was not used; the ``end`` forecast
    says so."""
    st, civ = action_turn()
    seat = st.current
    _play_leader(st, civ, CHURCHILL)
    assert _params(st, "end")["churchill_culture"] == 3
    culture = civ.culture
    rating = ratings(civ)[CUL]
    events = end_of_turn.end_turn(st, seat)
    assert civ.culture == culture + rating + 3
    assert _culture_events(events, CHURCHILL) == [3]


def test_churchill_used_gives_no_default_and_no_forecast() -> None:
    st, civ = action_turn()
    seat = st.current
    _play_leader(st, civ, CHURCHILL)
    answer(st, "churchill:military")
    assert "churchill_culture" not in _params(st, "end")
    culture = civ.culture
    rating = ratings(civ)[CUL]
    events = end_of_turn.end_turn(st, seat)
    assert civ.culture == culture + rating and not _culture_events(events, CHURCHILL)


def _to_own_turn(st: TtaState, seat: int) -> None:
    """Play on (pass, end, discard the first) until ``seat``'s next action phase."""
    answer(st, "end")
    while st.current != seat or st.step != "action":
        if st.step == "politics":
            answer(st, "pass")
        elif st.step == "discard":
            answer(st, option_ids(st)[0])
        else:
            answer(st, "end")


def test_churchill_choice_keeps_the_undo_window_open() -> None:
    """The choice reveals nothing: no ``final``, and ``undo`` takes it back."""
    st, civ = action_turn()
    seat = st.current
    _lead(st, CHURCHILL)
    _to_own_turn(st, seat)  # the window now opens with Churchill in play
    assert "final" not in _params(st, "churchill:military")
    before = game_json(st)
    answer(st, "churchill:military")
    answer(st, "undo")
    assert st.civs[st.current].marks.get("mil_credit", 0) == 0
    assert "churchill:military" in option_ids(st)
    assert game_json(st) == before


# -- replacement -------------------------------------------------------------------------
def test_an_age_iii_leader_replaces_an_age_ii_one_L802_L829() -> None:
    st, civ = action_turn()
    give(civ, "II_scientific_method", 1)
    base = ratings(civ)[SCI]
    _play_leader(st, civ, leaders.NEWTON)
    assert ratings(civ)[SCI] == base + 2
    ca = civil_left(civ)
    events = _play_leader(st, civ, MEIER)
    assert civ.leader == MEIER and leaders.NEWTON in st.removed
    assert civil_left(civ) == ca  # 1 paid, 1 back (L806)
    assert next(e for e in events if e.kind == "leader").params == {
        "card": MEIER, "replaced": leaders.NEWTON}
    assert ratings(civ)[SCI] == base - 1 - civ.workers["A_philosophy"]  # Newton's gone


# -- random play -------------------------------------------------------------------------
def _random_answer(st: TtaState, rng: Rng) -> None:
    """One random answer, ``end``/``pass`` one time in ten; never ``undo`` (its replay
    would start before the hand-made leaders) nor ``resign`` (test_tta_resignation.py)."""
    prompts = ENGINE.prompts(st)
    p = prompts[rng.below(len(prompts))]
    every = [o for o in p.options if o.id not in ("undo", "resign")]
    busy = [o for o in every if o.id not in ("end", "pass")] or every
    ENGINE.apply(st, p.seat, rng.choice(busy if rng.below(10) else every).id)


def _install(st: TtaState, seat: int, card: str) -> None:
    """``card`` (taken out of wherever it is) becomes ``seat``'s leader, the old one out."""
    civ = st.civs[seat]
    if card in civ.hand:
        civ.hand.remove(card)
    else:
        pull(st, card)
    if civ.leader is not None:
        leave(st, seat, civ.leader)
        discard_civil(st, civ.leader)
    civ.leader = card
    enter(st, seat, card)


@pytest.mark.parametrize(("seed", "cards"), [(1, (CHURCHILL, GATES)), (2, (GATES, CHURCHILL)),
                                             (3, (EINSTEIN, MEIER)), (4, (CHAPLIN, GANDHI))])
def test_random_peaceful_play_with_age_iii_leaders_keeps_the_invariants(
        seed: int, cards: tuple[str, str]) -> None:
    """Random answers from Age III of a peaceful game with two Age III leaders in play, to
    the end of the game (final scoring included)."""
    st = ENGINE.new_game(2, seed, {"mode": "peaceful"})
    rng = Rng.from_seed(seed)
    steps = 0
    while st.age < 3 and ENGINE.result(st) is None:
        _random_answer(st, rng)
        steps += 1
    assert st.age == 3 and steps < 5000
    for seat, card in enumerate(cards):
        if st.civs[1 - seat].leader == card:
            st.civs[1 - seat].leader = None  # an unlikely clash: no copy for both
            st.removed.append(card)
        _install(st, seat, card)
    check_invariants(st)
    seen: set[str] = set()
    while ENGINE.result(st) is None and steps < 12000:
        if st.step == "action":
            seen.update(o.id for o in ENGINE.prompts(st)[0].options
                        if o.id.startswith(("churchill", "develop:")))
        _random_answer(st, rng)
        steps += 1
        if steps % 25 == 0:
            check_invariants(st)
    check_invariants(st)
    assert ENGINE.result(st) is not None
    if CHURCHILL in cards:
        assert {"churchill:culture", "churchill:military"} <= seen
