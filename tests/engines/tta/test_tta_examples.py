"""The book's worked examples not tested elsewhere (scope §34: X39, X40) and the rulings
(scope §33) the first game relies on that no other test names: C12, B2, B7, B8, B16, B17.

X1-X36 are tests next to their rules (grep the tests for ``x<n>``); X37 is in
``test_armies.py``; X38, X41 and X42 are the full game's (T2/T3).
"""

from __future__ import annotations

from engines.tta import end_of_turn, interrupts, row
from engines.tta.facts import CUL, HAPPY, SCI, STR, TACTIC
from engines.tta.play import add_blue, remove_yellow
from engines.tta.ratings import civil_left, military_left, military_total, ratings
from tests.engines.tta.politics_helpers import reply, reveal, strengths, table
from tests.engines.tta.tta_helpers import (
    ENGINE,
    action_turn,
    answer,
    check_invariants,
    check_tokens,
    give,
    set_tokens,
)


# -- X39: the rating markers are flipped, there is no cap (L893, L1712) ----------------------
def test_x39_science_rating_30_and_160_culture_have_no_cap_L893_L1712() -> None:
    """L893: a flipped science-rating marker on 5 means 30; L1712: a flipped culture marker
    on 10 means 160 points. Only happiness is capped, at 8 (L889)."""
    st, civ = action_turn()
    give(civ, "II_scientific_method", 10)  # 3 science each, + 1 on Philosophy
    civ.workers["A_philosophy"] = 0
    civ.yellow_bank += 1
    civ.pool += 1
    assert ratings(civ)[SCI] == 30
    give(civ, "II_organized_religion", 3)  # 3 faces each: 9 + 1 on Religion... capped at 8
    assert ratings(civ)[HAPPY] == 8
    civ.culture, civ.science = 150, 5
    culture = ratings(civ)[CUL]
    out = end_of_turn.production_forecast(st, st.current)
    assert (out.science, out.culture) == (35, 150 + culture)
    civ.culture = 160 - culture
    answer(st, "end")
    assert civ.culture == 160 and civ.science == 35


# -- X40: losing action tokens: the spent ones go first (L907-L910) -------------------------
def test_x40_a_lost_military_action_is_a_spent_one_first_L910() -> None:
    """Caesar gives the third red token; after one military action, replacing him with a
    leader without one returns a token to the box: the spent one (L910), so both remaining
    red tokens are still usable."""
    st, civ = action_turn()
    civ.hand = ["A_julius_caesar", "A_moses"]
    answer(st, "leader:A_julius_caesar")
    assert military_total(civ) == 3
    answer(st, "build:A_warriors")  # 1 military action spent
    assert military_left(civ) == 2
    answer(st, "leader:A_moses")
    assert military_total(civ) == 2 and military_left(civ) == 2


def test_x40_peaceful_change_to_fewer_red_tokens_returns_the_spent_ones_L910() -> None:
    """Theocracy (3 red) → Republic (2 red) by peaceful change after one military action:
    the spent token goes back, 2 usable remain; an unspent total only shrinks."""
    st, civ = action_turn()
    civ.government = "I_theocracy"
    civ.hand = ["II_republic"]
    civ.science = 13
    set_tokens(civ, "A_bronze", 4)
    answer(st, "build:A_warriors")
    assert (military_total(civ), military_left(civ)) == (3, 2)
    answer(st, "develop:II_republic")
    assert (military_total(civ), military_left(civ)) == (2, 2)
    assert civil_left(civ) == 7 - 1  # the build was a military action; develop: 1 CA
    check_tokens(st)


def test_x40_losing_more_tokens_than_were_spent_takes_unused_ones_L910() -> None:
    """Two spent red tokens out of 3, the total drops by 1: the spent one goes first, the
    other spent stays spent (2 - 1 = 1 usable)."""
    st, civ = action_turn()
    civ.hand = ["A_julius_caesar", "A_moses"]
    answer(st, "leader:A_julius_caesar")
    set_tokens(civ, "A_bronze", 6)
    civ.pool += 1
    civ.yellow_bank -= 1
    answer(st, "build:A_warriors")
    answer(st, "build:A_warriors")
    assert military_left(civ) == 1
    answer(st, "leader:A_moses")
    assert (military_total(civ), military_left(civ)) == (2, 1)


# -- C12: the box never runs out of tokens (scope §1) ---------------------------------------
def test_c12_the_box_never_runs_out_of_blue_tokens() -> None:
    """Ruling C12: cards that add blue tokens always get them, however many are in play
    (``play.add_blue`` counts them in ``blue_box``, conservation holds)."""
    st, civ = action_turn()
    bank, box = civ.blue_bank, civ.blue_box
    for _ in range(30):
        add_blue(civ, 3)
    assert (civ.blue_bank, civ.blue_box) == (bank + 90, box + 90)
    check_tokens(st)


# -- rulings the first game relies on, not named elsewhere (scope §33) -----------------------
def test_b2_an_age_ends_the_moment_its_last_card_is_dealt_L1825() -> None:
    """Ruling B2: Age I ends when its deck's last card is dealt — even when that card fills
    the row's last gap — and further gaps fill from Age II (L1861)."""
    for gaps, age_ii in ((2, 0), (3, 1)):
        st = table(3)  # 3 players sweep 2 slots (L540-L546)
        st.age = 1
        cards = [c for c in st.row if c is not None][:13 - gaps]
        st.row = [None, None, *cards[:3], *([None] * (gaps - 2)), *cards[3:]]
        assert len(st.row) == 13
        st.civil_decks[1] = ["I_iron", "I_alchemy"]
        row.replenish(st)
        assert st.age == 2 and st.civil_decks[1] == []
        assert st.row[-gaps:][:2] == ["I_alchemy", "I_iron"]
        assert sum(1 for c in st.row if c is not None and c.startswith("II_")) == age_ii
        assert None not in st.row


def test_b7_yellow_tokens_lost_beyond_the_bank_only_what_is_there_L1851_L1857() -> None:
    """Ruling B7: a player losing more yellow tokens than the yellow bank holds loses only
    those (age ends, a lost colony, Uncertain Borders); workers are never taken."""
    st, civ = action_turn()
    civ.pool += civ.yellow_bank - 1
    civ.yellow_bank = 1
    workers = dict(civ.workers)
    box = civ.yellow_box
    assert remove_yellow(civ, 2) == 1
    assert (civ.yellow_bank, civ.yellow_box, civ.workers) == (0, box - 1, workers)
    check_tokens(st)


def test_b8_more_than_18_yellow_tokens_read_as_the_leftmost_section() -> None:
    """Ruling B8 (README #7): colonies can put more than 18 tokens in the yellow bank; it
    reads as the leftmost section — population costs 2 food, no consumption, no face."""
    st, civ = action_turn()
    civ.yellow_bank += 3
    civ.yellow_box += 3
    assert civ.yellow_bank == 21
    set_tokens(civ, "A_agriculture", 4)
    params = next(o.params for o in ENGINE.prompts(st)[0].options if o.id == "pop")
    assert params["food"] == 2
    out = end_of_turn.production_forecast(st, st.current)
    assert out.consumption == 0 and out.uprising is False
    check_tokens(st)


def test_b16_fortifications_5_and_obsolete_3() -> None:
    """Ruling B16 (README #1): Fortifications is 5 / 3 (one printing says 4 / 2)."""
    t = TACTIC["II_fortifications"]
    assert (t.artillery, t.bonus, t.obsolete_bonus) == (2, 5, 3)
    st, civ = action_turn()
    give(civ, "II_cannon", 2)
    base = ratings(civ)[STR]
    civ.tactic = "II_fortifications"
    assert ratings(civ)[STR] == base + 5


def test_b17_politics_of_strength_the_physical_card_draw_5_discard_3() -> None:
    """Ruling B17 (README #4): the physical card — the strongest draws 5 military cards,
    the weakest discards 3 of its choice (privately)."""
    st = table(2)
    st.age = 2
    strengths(st, 1, 3)
    st.civs[0].military = [st.military_decks[2].pop() for _ in range(4)]
    reveal(st, "II_politics_of_strength")
    assert len(st.civs[1].military) == 5
    for _ in range(3):
        (prompt,) = [p for p in interrupts.prompts(st) if p.seat == 0]
        assert prompt.private and prompt.kind == "discard_military"
        reply(st, 0, prompt.options[0].id)
    assert len(st.civs[0].military) == 1 and st.interrupt is None
    check_invariants(st)
