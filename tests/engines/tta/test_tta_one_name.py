"""Never two technologies of one name (book L632, L1050; ruling C14): no path hands a player
a technology named like one in its hand or play area, and no path offers to develop one
named like a card in play. One test per path, through the engine's prompts and answers:
the card row, International Agreement, developing (the action and a revolution),
Breakthrough (an action card) and Development of Civilization (an event); war spoils are in
``test_tta_wars.py::test_c14_war_spoils_offer_no_technology_named_like_one_in_the_winners_hand_L632_L1050``.
No leader or wonder moves a technology card (``engines/tta/leaders.py``, ``wonders.py``);
the random games check the rule after every answer (``parallel_games.check_asked``).
"""

from __future__ import annotations

from engines.tta.state import TtaState
from tests.engines.tta.politics_helpers import asked, pull, reply, reveal, strengths, table
from tests.engines.tta.tta_helpers import (
    answer,
    check_invariants,
    give,
    new,
    option_ids,
    to_round_two,
)

IRON, ALCHEMY, MONARCHY = "I_iron", "I_alchemy", "I_monarchy"


def to_row(st: TtaState, slot: int, card: str) -> None:
    """A copy of ``card`` into row ``slot`` (1-13); the card there leaves the game. (Put the
    hand's and play area's copies first: ``pull`` takes a card from the row first.)"""
    pulled = pull(st, card)
    old = st.row[slot - 1]
    if old is not None:
        st.removed.append(old)
    st.row[slot - 1] = pulled


def action_table() -> TtaState:
    """A 3-player first game in round 2, the current seat in its action phase (3 players:
    two copies of Iron, Alchemy and Monarchy)."""
    st = to_round_two(new(3, 2))
    assert st.step == "action"
    return st


def test_c14_the_row_offers_no_technology_named_like_one_held_L632_L1050() -> None:
    """L632: no technology card named like one in the hand or the play area is taken from
    the row; another technology is."""
    st = action_table()
    civ = st.civs[st.current]
    civ.hand.append(pull(st, IRON))  # (pulled before the row's copies: ``pull`` takes
    give(civ, pull(st, ALCHEMY))  # from the row first)
    to_row(st, 1, IRON)
    to_row(st, 2, ALCHEMY)
    assert st.row[:2] == [IRON, ALCHEMY]
    ids = option_ids(st)
    assert "take:1" not in ids and "take:2" not in ids and "take:3" in ids
    civ.hand.remove(IRON)  # Iron leaves the hand: the row's Iron may be taken
    st.removed.append(IRON)
    ids = option_ids(st)
    assert "take:1" in ids and "take:2" not in ids
    answer(st, "take:1")
    assert civ.hand == [IRON]
    check_invariants(st)


def test_c14_international_agreement_offers_no_technology_named_like_one_held_L632() -> None:
    """International Agreement takes cards "by the basic rules": the strongest, holding Iron,
    is not offered the row's Iron (slot 1), only Alchemy (slot 2)."""
    st = table(2, current=0)
    strengths(st, 1, 2)
    st.civs[1].hand.append(pull(st, IRON))
    to_row(st, 1, IRON)
    to_row(st, 2, ALCHEMY)
    assert st.row[:2] == [IRON, ALCHEMY]
    reveal(st, "II_international_agreement")
    ids = [o.id for o in asked(st)[1].options]
    assert "take:1" not in ids and "take:2" in ids
    reply(st, 1, "take:2")
    assert sorted(st.civs[1].hand) == [ALCHEMY, IRON]
    check_invariants(st)


def test_c14_no_development_of_a_technology_named_like_one_in_play_L1050() -> None:
    """L1050: the action phase offers neither developing Iron nor Monarchy (peaceful change
    or revolution) when a card of that name is in play — a copy in the hand would cost a
    civil action and science for a card discarded at once; Alchemy is still offered."""
    st = action_table()
    civ = st.civs[st.current]
    give(civ, pull(st, IRON))
    civ.government = pull(st, MONARCHY)  # Despotism is printed: no card leaves
    civ.hand += [pull(st, IRON), pull(st, MONARCHY), pull(st, ALCHEMY)]
    civ.science = 20
    ids = option_ids(st)
    assert f"develop:{ALCHEMY}" in ids
    assert not [i for i in ids if i.endswith((f":{IRON}", f":{MONARCHY}"))
                and i.startswith(("develop:", "revolution:"))]
    answer(st, f"develop:{ALCHEMY}")
    assert ALCHEMY in civ.techs
    check_invariants(st)


def test_c14_breakthrough_develops_no_technology_named_like_one_in_play_L1050() -> None:
    """An action card's ordered development (Breakthrough, L1206) obeys L1050 too: Alchemy,
    not the Iron already in play."""
    st = action_table()
    civ = st.civs[st.current]
    give(civ, pull(st, IRON))
    civ.hand += [pull(st, "I_breakthrough"), pull(st, IRON), pull(st, ALCHEMY)]
    civ.science = 20
    ids = [i for i in option_ids(st) if i.startswith("action:I_breakthrough")]
    assert ids == [f"action:I_breakthrough:develop:{ALCHEMY}"]
    answer(st, ids[0])
    assert ALCHEMY in civ.techs and civ.techs.count(IRON) == 1
    check_invariants(st)


def test_c14_development_of_civilization_develops_no_technology_named_like_one_in_play_L1050(
        ) -> None:
    """Development of Civilization's discounted development (L1380) obeys L1050: Alchemy is
    offered, the Iron already in play is not."""
    st = table(2, current=0)
    civ = st.civs[0]
    give(civ, pull(st, IRON))
    civ.hand += [pull(st, IRON), pull(st, ALCHEMY)]
    civ.science = 20
    reveal(st, "A_development_of_civilization")
    ids = [o.id for o in asked(st)[0].options]
    assert f"develop:{ALCHEMY}" in ids and f"develop:{IRON}" not in ids
    reply(st, 0, f"develop:{ALCHEMY}")
    if st.interrupt is not None:  # seat 1 answers its own choice
        reply(st, 1, "decline")
    civ = st.civs[0]  # an answer replays the event on a restored copy
    assert ALCHEMY in civ.techs and civ.techs.count(IRON) == 1
    check_invariants(st)
