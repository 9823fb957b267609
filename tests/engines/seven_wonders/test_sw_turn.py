"""A turn (rulebook "時代概覽"): simultaneous choice, play, passing; the 6th turn."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalAnswer
from engines.seven_wonders.state import SevenWondersState
from tests.engines.seven_wonders.sw_helpers import (
    ENGINE,
    FILLER,
    choose_all,
    kinds,
    option_ids,
    position,
)

H3 = [["altar", "theater", "stockade"], ["baths", "well", "barracks"],
      ["tavern", "loom_1", "guard_tower"]]


def test_every_seat_chooses_at_once_in_private() -> None:
    st = ENGINE.new_game(4, 1)
    prompts = ENGINE.prompts(st)
    assert [p.seat for p in prompts] == [0, 1, 2, 3]
    assert all(p.kind == "hand" and p.private for p in prompts)
    assert all(len(h) == 7 for h in st.hands)
    for p in prompts:
        for card in set(st.hands[p.seat]):
            assert f"sell:{card}" in option_ids(p)


def test_choice_is_hidden_until_the_turn_resolves() -> None:
    st = position(turn=5, hands=H3)
    events = ENGINE.apply(st, 0, "build:altar")
    assert kinds(events) == ["chosen", "choice_detail"]
    public = [e for e in events if e.visible_to is None]
    assert public[0].params == {"changed": False} and public[0].seat == 0
    detail = events[1]
    assert detail.visible_to == [0] and detail.params["card"] == "altar"
    assert st.buildings[0] == []  # nothing happens yet
    view = ENGINE.view(st, None).model_dump(mode="json")
    assert "altar" not in str(view)
    assert view["waiting_for"] == [1, 2]
    assert ENGINE.view(st, 1).my_choice is None
    assert ENGINE.view(st, 0).my_choice.card == "altar"  # type: ignore[union-attr]


def test_a_seat_may_change_its_choice_until_the_last_one_chooses() -> None:
    st = position(turn=5, hands=H3)
    ENGINE.apply(st, 0, "build:altar")
    waiting = ENGINE.prompt_for(st, 0)
    assert waiting is not None and waiting.kind == "waiting" and waiting.private
    assert waiting.params["card"] == "altar"
    events = ENGINE.apply(st, 0, "sell:theater")
    assert events[0].kind == "chosen" and events[0].params == {"changed": True}
    ENGINE.apply(st, 1, "build:baths") if False else ENGINE.apply(st, 1, "sell:baths")
    events = ENGINE.apply(st, 2, "build:tavern")
    assert "card_sold" in kinds(events)
    assert st.buildings[0] == [] and "theater" in st.discard
    assert st.coins == [6, 6, 3 + 5]


#: seat 0 may build Guard Tower paying 2 coins to either neighbour (two payments)
TWO_WAYS = [["guard_tower", "altar", "theater"]] + [[FILLER] * 3] * 2


def two_ways() -> SevenWondersState:
    return position(turn=5, boards=["rhodos", "olympia", "olympia"], coins=9, hands=TWO_WAYS)


def seen_by_others(st: SevenWondersState) -> list[dict[str, object]]:
    """The public view and the views of seats 1 and 2 (everything but seat 0's own)."""
    return [ENGINE.view(st, s).model_dump(mode="json") for s in (None, 1, 2)]


def test_a_seat_not_yet_chosen_is_still_choosing_while_it_picks_a_payment() -> None:
    st = two_ways()
    assert ENGINE.apply(st, 0, "build:guard_tower") == []
    prompt = ENGINE.prompt_for(st, 0)
    assert prompt is not None and prompt.kind == "payment" and prompt.private
    assert prompt.params == {"action": "build", "card": "guard_tower", "changing": False}
    assert prompt.blocking and not prompt.discreet  # the table may hear it is choosing
    assert ENGINE.view(st, None).waiting_for == [0, 1, 2]
    assert ENGINE.timeout_option(st, 0) == "pay:0:2"
    assert option_ids(prompt)[-1] == "undo"
    events = ENGINE.apply(st, 0, "undo")  # only the seat hears of it
    assert kinds(events) == ["undone"] and events[0].visible_to == [0]
    assert ENGINE.prompt_for(st, 0).kind == "hand"  # type: ignore[union-attr]
    ENGINE.apply(st, 0, "build:guard_tower")
    assert ENGINE.apply(st, 0, "back") == []  # its former name, in older logs
    assert ENGINE.prompt_for(st, 0).kind == "hand"  # type: ignore[union-attr]


def test_a_change_that_needs_a_payment_shows_nothing_to_the_table() -> None:
    st = two_ways()
    ENGINE.apply(st, 0, "sell:altar")
    waiting = ENGINE.prompt_for(st, 0)
    assert waiting is not None and waiting.kind == "waiting" and not waiting.blocking
    before = seen_by_others(st)
    assert before[0]["waiting_for"] == [1, 2]
    assert ENGINE.apply(st, 0, "build:guard_tower") == []  # no event, public or private
    assert seen_by_others(st) == before  # seat 0 still counts as chosen
    prompt = ENGINE.prompt_for(st, 0)
    assert prompt is not None and prompt.kind == "payment" and prompt.private
    assert prompt.params == {"action": "build", "card": "guard_tower", "changing": True}
    # asked, but the table must not hear it: for the table the seat has chosen
    assert prompt.blocking and prompt.discreet
    assert option_ids(prompt) == ["pay:0:2", "pay:2:0", "undo"]
    mine = ENGINE.view(st, 0)
    assert mine.my_prompt == "payment" and mine.waiting_for == [1, 2]
    assert mine.my_choice is not None and mine.my_choice.card == "altar"  # still recorded
    assert ENGINE.timeout_option(st, 0) is None  # its choice stands: nothing to default
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 0, "sell:theater")
    assert err.value.key == "illegal_option"
    loaded = ENGINE.load(ENGINE.dump(st))  # JSON round trip keeps the pending change
    assert ENGINE.dump(loaded) == ENGINE.dump(st)
    assert ENGINE.prompt_for(loaded, 0) == prompt


@pytest.mark.parametrize("option", ["undo", "back"])
def test_back_from_a_change_keeps_the_choice_made(option: str) -> None:
    """Going back from the payment of a change (`undo`; `back`, its former name) keeps
    the choice made."""
    st = two_ways()
    ENGINE.apply(st, 0, "sell:altar")
    before = seen_by_others(st)
    ENGINE.apply(st, 0, "build:guard_tower")
    events = ENGINE.apply(st, 0, option)
    assert all(e.visible_to == [0] for e in events)
    assert seen_by_others(st) == before
    waiting = ENGINE.prompt_for(st, 0)
    assert waiting is not None and waiting.kind == "waiting"
    assert waiting.params["action"] == "sell" and waiting.params["card"] == "altar"
    choose_all(st, {1: "sell:altar", 2: "sell:altar"})
    assert "altar" in st.discard and st.buildings[0] == [] and st.coins[0] == 9 + 3


def test_paying_for_a_change_replaces_the_choice() -> None:
    st = two_ways()
    ENGINE.apply(st, 0, "sell:altar")
    ENGINE.apply(st, 0, "build:guard_tower")
    events = ENGINE.apply(st, 0, "pay:2:0")
    assert kinds(events) == ["chosen", "choice_detail"]
    assert events[0].visible_to is None and events[0].params == {"changed": True}
    assert events[1].visible_to == [0]
    assert events[1].params == {"action": "build", "card": "guard_tower", "left": 2,
                                "right": 0, "bank": 0, "via": "pay"}
    assert ENGINE.view(st, None).waiting_for == [1, 2]
    assert ENGINE.view(st, 0).my_choice.card == "guard_tower"  # type: ignore[union-attr]
    choose_all(st, {1: "sell:altar", 2: "sell:altar"})
    assert st.buildings[0] == ["guard_tower"] and st.coins == [9 - 2, 9 + 3 + 2, 9 + 3]


def test_the_turn_resolving_during_a_change_plays_the_choice_made() -> None:
    """Choices are final when the last player has chosen: a change still waiting for its
    payment at that moment is dropped."""
    st = two_ways()
    ENGINE.apply(st, 0, "sell:altar")
    ENGINE.apply(st, 1, "sell:altar")
    ENGINE.apply(st, 0, "build:guard_tower")
    events = ENGINE.apply(st, 2, "sell:altar")
    assert "hands_passed" in kinds(events) and st.turn == 6
    assert [e.seat for e in events if e.kind == "card_sold"] == [0, 1, 2]
    assert not any(e.kind == "building_built" for e in events)
    assert st.buildings[0] == [] and st.coins == [12, 12, 12]
    assert st.hands[1] == ["guard_tower", "theater"]  # seat 0's hand went left
    assert [p.kind for p in ENGINE.prompts(st)] == ["hand", "hand", "hand"]


# -- the same choice twice (a double click on a hand button) --------------------------------


@pytest.mark.parametrize("option", ["build:altar", "sell:theater", "wonder:stockade"])
def test_the_same_choice_twice_is_a_no_op(option: str) -> None:
    """A double click answers the ``waiting`` prompt (the hand's buttons stay open) with the
    choice just made: not a change, so no event (before the fix: a public "chosen,
    changed" and a second ``choice_detail``) and the state untouched, ``answers`` included."""
    st = position(turn=5, hands=H3, coins=9, boards=["ephesos", "olympia", "olympia"])
    first = ENGINE.apply(st, 0, option)
    assert kinds(first) == ["chosen", "choice_detail"]
    waiting = ENGINE.prompt_for(st, 0)
    assert waiting is not None and waiting.kind == "waiting" and option in option_ids(waiting)
    before = ENGINE.dump(st)
    assert ENGINE.apply(st, 0, option) == []
    assert ENGINE.dump(st) == before
    new, events = ENGINE.answer(st, 0, option)  # the service's path
    assert events == [] and ENGINE.dump(new) == before
    # a different option is still a change, told as one; pressing it twice is told once
    other = "sell:altar" if option != "sell:altar" else "sell:theater"
    assert ENGINE.apply(st, 0, other)[0].params == {"changed": True}
    assert ENGINE.apply(st, 0, other) == []


def test_a_repeated_choice_in_the_log_replays_and_the_turn_resolves_once() -> None:
    st = position(turn=5, hands=H3)
    log = [(0, "build:altar"), (0, "build:altar"), (1, "sell:baths"), (1, "sell:baths"),
           (2, "sell:tavern")]
    events = [e for seat, oid in log for e in ENGINE.apply(st, seat, oid)]
    assert [e.params["changed"] for e in events if e.kind == "chosen"] == [False] * 3
    assert kinds(events).count("building_built") == 1 and st.buildings[0] == ["altar"]
    assert st.turn == 6 and st.coins == [3, 6, 6]


def test_a_change_paid_exactly_as_the_choice_made_tells_nothing() -> None:
    st = two_ways()
    choose_all(st, {0: "build:guard_tower"}, pay={0: "pay:2:0"})
    chosen = list(st.choice[0])
    before = seen_by_others(st)
    assert ENGINE.apply(st, 0, "build:guard_tower") == []  # a change of payment begins
    assert ENGINE.apply(st, 0, "pay:2:0") == []  # the same payment: nothing changed
    assert st.choice[0] == chosen and seen_by_others(st) == before
    assert ENGINE.prompt_for(st, 0).kind == "waiting"  # type: ignore[union-attr]
    assert ENGINE.apply(st, 0, "build:guard_tower") == []
    assert kinds(ENGINE.apply(st, 0, "pay:0:2")) == ["chosen", "choice_detail"]  # a change


def test_resolution_events_say_who_built_what_but_not_what_was_sold() -> None:
    st = position(turn=5, hands=H3, boards=["gizah", "ephesos", "rhodos"],
                  cities=[[], [], ["sawmill"]])
    events = choose_all(st, {0: "build:altar", 1: "sell:well", 2: "wonder:tavern"})
    by_kind = {e.kind: e for e in events}
    assert by_kind["building_built"].params["card"] == "altar"
    assert by_kind["card_sold"].params == {"coins": 3}
    assert by_kind["wonder_stage_built"].params["stage"] == 1
    assert "card" not in by_kind["wonder_stage_built"].params
    assert by_kind["wonder_card"].visible_to == [2]
    public = [e for e in events if e.visible_to is None]
    assert "well" not in str([e.params for e in public])
    assert "tavern" not in str([e.params for e in public])


def test_hands_pass_left_in_age_one_and_right_in_age_two() -> None:
    st = position(turn=5, hands=H3)
    choose_all(st, {0: "sell:altar", 1: "sell:baths", 2: "sell:tavern"})
    assert st.turn == 6
    assert st.hands[1] == ["theater", "stockade"]  # seat 0's hand went to its left (1)
    assert st.hands[0] == ["loom_1", "guard_tower"]
    st = position(turn=5, hands=H3, age=2)
    choose_all(st, {0: "sell:altar", 1: "sell:baths", 2: "sell:tavern"})
    assert st.hands[2] == ["theater", "stockade"]  # right neighbour of 0 is 2
    st = position(turn=5, hands=H3, age=3)
    choose_all(st, {0: "sell:altar", 1: "sell:baths", 2: "sell:tavern"})
    assert st.hands[1] == ["theater", "stockade"]


def test_sixth_turn_discards_the_seventh_card_without_coins() -> None:
    st = position(turn=6, hands=[h[:2] for h in H3])
    events = choose_all(st, {0: "sell:altar", 1: "sell:baths", 2: "sell:tavern"})
    assert "last_cards_discarded" in kinds(events)
    assert sorted(st.discard) == sorted(["altar", "baths", "tavern", "theater", "well",
                                         "loom_1"])
    assert st.coins == [6, 6, 6]
    assert st.age == 2 and st.turn == 1 and all(len(h) == 7 for h in st.hands)


def test_never_two_identical_buildings() -> None:
    st = position(turn=5, hands=H3, cities=[["altar"], [], []])
    assert "build:altar" not in option_ids(ENGINE.prompt_for(st, 0))
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 0, "build:altar")
    assert err.value.key == "already_built"


def test_never_two_buildings_of_the_same_name_across_ages() -> None:
    # Loom, Glassworks and Press are printed in Age I and in Age II: one of each per city.
    hand = ["loom_2", "press_2", "glassworks_2", FILLER, FILLER]
    st = position(age=2, turn=3, coins=[9, 9, 9], cities=[["loom_1", "press_1"], [], []],
                  hands=[hand] + [[FILLER] * 5] * 2)
    ids = option_ids(ENGINE.prompt_for(st, 0))
    assert "build:loom_2" not in ids and "build:press_2" not in ids
    assert "build:glassworks_2" in ids and "sell:loom_2" in ids
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 0, "build:press_2")
    assert err.value.key == "already_built"


def test_halikarnassos_cannot_revive_a_twin_of_an_owned_building() -> None:
    from engines.seven_wonders.turn import revivable

    st = position(cities=[["loom_1"], [], []], discard=["loom_2", "tavern"])
    assert revivable(st, 0) == ["tavern"]


def test_a_hand_with_two_copies_builds_only_one() -> None:
    # two Lumber Yards in one hand (2 copies from 4 players): one building, never two
    st = position(4, turn=6, hands=[["lumber_yard", "lumber_yard"]] + [[FILLER] * 2] * 3)
    opt_ids = option_ids(ENGINE.prompt_for(st, 0))
    assert opt_ids.count("build:lumber_yard") == 1
    choose_all(st, {0: "build:lumber_yard", 1: "sell:altar", 2: "sell:altar", 3: "sell:altar"})
    assert st.buildings[0] == ["lumber_yard"] and st.discard.count("lumber_yard") == 1


def test_rulebook_example_chain_theater_to_gardens() -> None:
    """Book (D. 通過連鎖無需費用): Theater built in Age I, Gardens free in Age III."""
    st = position(age=3, turn=5, cities=[["theater"], [], []], coins=[0, 3, 3],
                  hands=[["gardens", FILLER, FILLER]] + [[FILLER] * 3] * 2)
    opt = ENGINE.prompt_for(st, 0).option("build:gardens")  # type: ignore[union-attr]
    assert opt is not None and opt.params["via"] == "chain" and opt.cost == 0
    events = choose_all(st, {0: "build:gardens", 1: "sell:altar", 2: "sell:altar"})
    assert any(e.kind == "building_built" and e.params["via"] == "chain" for e in events)
    assert st.coins[0] == 0 and "gardens" in st.buildings[0]


def test_without_the_chain_symbol_the_cost_is_paid() -> None:
    """Book (D, 注意): without the symbol the card can still be built by paying its cost."""
    # Gardens: 2 clay + 1 wood; Olympia (clay) on the left, Babylon (wood) on the right
    st = position(age=3, turn=5, boards=["gizah", "olympia", "babylon"], coins=[9, 3, 3],
                  cities=[["clay_pool"], [], []],
                  hands=[["gardens", FILLER, FILLER]] + [[FILLER] * 3] * 2)
    opt = ENGINE.prompt_for(st, 0).option("build:gardens")  # type: ignore[union-attr]
    assert opt is not None and opt.params["via"] == "pay" and opt.cost == 4
    choose_all(st, {0: "build:gardens", 1: "sell:altar", 2: "sell:altar"})
    assert st.coins[0] == 9 - 4 and st.coins[1] == 3 + 2 + 3 and st.coins[2] == 3 + 2 + 3


def test_a_card_with_two_chain_symbols_unlocks_both_buildings() -> None:
    """Book (D, 注意): some cards show two chain symbols (Library: Senate and University)."""
    st = position(age=3, turn=5, cities=[["library"], [], []], coins=[0, 3, 3],
                  hands=[["senate", "university", FILLER]] + [[FILLER] * 3] * 2)
    ids = option_ids(ENGINE.prompt_for(st, 0))
    assert "build:senate" in ids and "build:university" in ids
    opt = ENGINE.prompt_for(st, 0).option("build:university")  # type: ignore[union-attr]
    assert opt is not None and opt.params["via"] == "chain" and opt.cost == 0


def test_selling_a_card_gives_three_coins_and_discards_it() -> None:
    """Book (C. 出售這張卡牌): face down to the discard pile, 3 coins from the bank."""
    st = position(turn=5, hands=H3, coins=[0, 3, 3])
    choose_all(st, {0: "sell:theater", 1: "sell:baths", 2: "sell:tavern"})
    assert st.coins == [3, 6, 6] and sorted(st.discard) == ["baths", "tavern", "theater"]
    assert st.buildings == [[], [], []]


def test_free_card_and_coin_cost_to_the_bank() -> None:
    st = position(turn=5, hands=[["tree_farm", FILLER, FILLER]] + [[FILLER] * 3] * 2)
    opt = ENGINE.prompt_for(st, 0).option("build:tree_farm")  # type: ignore[union-attr]
    assert opt is not None and opt.cost == 1 and opt.params["via"] == "pay"
    choose_all(st, {0: "build:tree_farm", 1: "sell:altar", 2: "sell:altar"})
    assert st.coins[0] == 2 and st.bank_in == 1


def test_illegal_answers() -> None:
    st = position(turn=5, hands=H3)
    cases = [
        (0, "build:palace", "card_not_in_hand"),
        (0, "bogus", "illegal_option"),
        (0, "pay:0:0", "illegal_option"),
        (2, "build:guard_tower", "cannot_afford"),
        (7, "sell:altar", "not_your_turn"),
    ]
    for seat, oid, key in cases:
        with pytest.raises(IllegalAnswer) as err:
            ENGINE.apply(st, seat, oid)
        assert err.value.key == key, oid
    st = position(turn=5, hands=H3, boards=["rhodos", "olympia", "olympia"], coins=9)
    ENGINE.apply(st, 0, "build:stockade") if False else None
    st2 = position(turn=5, boards=["rhodos", "olympia", "olympia"], coins=9,
                   hands=[["guard_tower", "altar", "altar"]] + [[FILLER] * 3] * 2)
    ENGINE.apply(st2, 0, "build:guard_tower")
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st2, 0, "pay:1:1")
    assert err.value.key == "invalid_payment"
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st2, 0, "sell:altar")
    assert err.value.key == "illegal_option"


def test_wonder_complete_is_refused() -> None:
    st = position(turn=5, hands=H3, boards=["rhodos", "gizah", "ephesos"], sides="night",
                  stages=[2, 0, 0], coins=20)
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, 0, "wonder:altar")
    assert err.value.key == "wonder_complete"


def test_timeout_option_sells_the_first_card() -> None:
    st = position(turn=5, hands=H3)
    assert ENGINE.timeout_option(st, 1) == "sell:baths"
    ENGINE.apply(st, 1, "sell:well")
    assert ENGINE.timeout_option(st, 1) is None  # already chosen
    st2 = position(turn=5, boards=["rhodos", "olympia", "olympia"], coins=9,
                   hands=[["guard_tower", "altar", "altar"]] + [[FILLER] * 3] * 2)
    ENGINE.apply(st2, 0, "build:guard_tower")
    assert ENGINE.timeout_option(st2, 0) == "pay:0:2"  # the cheapest payment
    for seat in range(3):
        oid = ENGINE.timeout_option(st, seat)
        if oid:
            ENGINE.apply(st, seat, oid)
    assert st.turn == 6


def test_answer_leaves_its_input_untouched() -> None:
    st = position(turn=5, hands=H3)
    before = ENGINE.dump(st)
    new, _ = ENGINE.answer(st, 0, "build:altar")
    new, _ = ENGINE.answer(new, 1, "sell:baths")
    new, _ = ENGINE.answer(new, 2, "sell:tavern")
    assert ENGINE.dump(st) == before
    assert new.turn == 6


def test_same_name_check_matches_the_printed_names() -> None:
    from engines.seven_wonders.catalogue import CARDS
    from engines.seven_wonders.facts import owns_same_name

    for card, c in CARDS.items():
        for other, o in CARDS.items():
            assert owns_same_name([FILLER, other], card) == (
                o.name == c.name or CARDS[FILLER].name == c.name), (card, other)
