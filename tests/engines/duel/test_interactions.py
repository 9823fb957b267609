"""Interactions between rules (rulebook: 遊戲回合 注意, 3. 建造一個奇蹟, 7個奇蹟一個也不能多!,
軍事壓制, 科技壓制, 發展標記, 行會卡牌, 奇蹟)."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalAnswer
from engines.duel.facts import COVERED_BY, COVERS
from engines.duel.scoring import breakdown
from engines.duel.structure import deal
from engines.duel.trading import card_cost, prices, wonder_cost
from tests.engines.duel.duel_helpers import ENGINE, act, kinds, options, position, prompt

ANTONIO, BRUNO = 0, 1
RICH = (40, 7)
#: five different science symbols (plumb bob, wheel, quill, mortar and pestle, sphere)
FIVE_SYMBOLS = ("workshop", "apothecary", "scriptorium", "pharmacist", "university")
BOX = ["law", "agriculture", "philosophy"]  # the Library draws all three


# -- extra turns combined with follow-up choices (遊戲回合 注意; 宗教) ------------------------

def test_theology_great_library_token_choice_then_extra_turn() -> None:
    st = position(structure=["altar", "baths"], coins=RICH, tokens=(("theology",), ()),
                  wonders=(("the_great_library",), ()), box_tokens=BOX)
    events = act(st, "wonder:altar:the_great_library")
    assert "extra_turn" not in kinds(events)  # not before the token is chosen
    p = prompt(st)
    assert p.kind == "great_library" and p.seat == ANTONIO
    events = act(st, "library:philosophy")
    assert kinds(events)[-1] == "extra_turn"
    assert prompt(st).kind == "turn" and prompt(st).seat == ANTONIO


def test_theology_mausoleum_revived_green_pair_then_token_then_extra_turn() -> None:
    st = position(age=2, structure=["altar", "baths"], coins=RICH,
                  tokens=(("theology",), ()), wonders=(("the_mausoleum",), ()),
                  discard=["library"], cities=(("scriptorium",), ()),
                  board_tokens=["agriculture", "philosophy"])
    act(st, "wonder:altar:the_mausoleum")
    assert prompt(st).kind == "revive"
    events = act(st, "revive:library")  # second quill: a pair
    assert "science_pair" in kinds(events) and "extra_turn" not in kinds(events)
    assert prompt(st).kind == "token" and prompt(st).seat == ANTONIO
    events = act(st, "token:agriculture")
    assert kinds(events)[-1] == "extra_turn"
    assert prompt(st).kind == "turn" and prompt(st).seat == ANTONIO


def test_extra_turn_wonders_with_choices_on_the_last_card_lose_the_extra_turn() -> None:
    # Great Library (Theology) with the last card of Age I: choose the token, then the
    # Age ends and the extra turn is lost.
    st = position(structure=["altar"], filler=False, coins=RICH, tokens=(("theology",), ()),
                  wonders=(("the_great_library",), ()), box_tokens=BOX)
    act(st, "wonder:altar:the_great_library")
    assert prompt(st).kind == "great_library"
    events = act(st, "library:agriculture")
    assert kinds(events)[-2:] == ["extra_turn_lost", "age_ended"]
    assert st.phase == "choose_start" and prompt(st).kind == "start"
    # Mausoleum (Theology) with the last card of Age III: build, then civilian scoring.
    st = position(age=3, structure=["altar"], filler=False, coins=RICH,
                  tokens=(("theology",), ()), wonders=(("the_mausoleum",), ()),
                  discard=["baths"])
    act(st, "wonder:altar:the_mausoleum")
    events = act(st, "revive:baths")
    assert kinds(events)[-3:] == ["extra_turn_lost", "age_ended", "game_over"]
    assert st.victory == "civilian" and "baths" in st.buildings[ANTONIO]


# -- supremacy reached through a wonder's follow-up (科技壓制, 軍事壓制) -----------------------

def test_great_library_law_completes_science_supremacy() -> None:
    st = position(age=3, structure=["altar"], coins=RICH, cities=(FIVE_SYMBOLS, ()),
                  tokens=(("theology",), ()), wonders=(("the_great_library",), ()),
                  box_tokens=BOX)
    act(st, "wonder:altar:the_great_library")
    events = act(st, "library:law")  # scales: the 6th different symbol
    assert st.victory == "science" and st.winners == [ANTONIO] and st.phase == "over"
    assert kinds(events)[-1] == "game_over" and "extra_turn" not in kinds(events)
    assert ENGINE.prompts(st) == []


def test_mausoleum_revived_green_card_completes_science_supremacy() -> None:
    st = position(age=3, structure=["altar"], coins=RICH, cities=(FIVE_SYMBOLS, ()),
                  wonders=(("the_mausoleum",), ()), discard=["academy", "baths"])
    act(st, "wonder:altar:the_mausoleum")
    events = act(st, "revive:academy")  # sundial: the 6th different symbol
    assert st.victory == "science" and st.winners == [ANTONIO]
    assert kinds(events)[-1] == "game_over"


def test_mausoleum_revived_red_card_gives_military_supremacy() -> None:
    st = position(age=3, structure=["altar"], coins=RICH, military=7,
                  wonders=(("the_mausoleum",), ()), discard=["walls"])
    act(st, "wonder:altar:the_mausoleum")
    events = act(st, "revive:walls")
    assert st.military == 9 and st.victory == "military" and st.winners == [ANTONIO]
    assert kinds(events)[-1] == "game_over"


# -- Strategy and Urbanism on Mausoleum builds (戰略, 都市化) --------------------------------

def test_strategy_applies_to_mausoleum_built_red_cards_not_to_wonders() -> None:
    st = position(structure=["altar", "baths"], coins=RICH, tokens=(("strategy",), ()),
                  wonders=(("the_mausoleum", "the_statue_of_zeus"), ()),
                  discard=["garrison"])
    act(st, "wonder:altar:the_mausoleum")
    assert st.military == 0  # the Mausoleum has no shield
    act(st, "revive:garrison")
    assert st.military == 2  # 1 shield + Strategy
    act(st, "discard:lumber_yard")  # Bruno
    act(st, "wonder:baths:the_statue_of_zeus")
    assert st.military == 3  # the wonder's shield gets no bonus


def test_strategy_bonus_counts_toward_military_supremacy() -> None:
    st = position(age=2, structure=["walls"], coins=RICH, military=6,
                  tokens=(("strategy",), ()))
    act(st, "build:walls")  # 2 + 1
    assert st.military == 9 and st.victory == "military"


# -- Economy (經濟): the price actually paid, wonders included ------------------------------

def test_economy_receives_wonder_trade_after_architecture_and_reserve() -> None:
    # The Colossus: 3 clay + 1 glass. Clay at 1 (Clay Reserve) although Bruno makes 2 clay;
    # Architecture makes the 2 most expensive units (glass 2, one clay 1) free: 2 coins paid.
    st = position(structure=["altar"], coins=(20, 0), wonders=(("the_colossus",), ()),
                  tokens=(("architecture",), ("economy",)),
                  cities=(("clay_reserve",), ("brickyard",)))
    assert wonder_cost(st, ANTONIO, "the_colossus") == 2
    act(st, "wonder:altar:the_colossus")
    assert st.coins == [18, 2]


def test_economy_receives_blue_card_trade_after_masonry() -> None:
    # Town Hall: 2 wood + 3 stone; Bruno makes 2 stone (4 each). Masonry frees 2 stone.
    st = position(structure=["town_hall"], age=3, coins=(20, 0),
                  tokens=(("masonry",), ("economy",)), cities=((), ("shelf_quarry",)))
    assert card_cost(st, ANTONIO, "town_hall") == (8, 8, False)
    act(st, "build:town_hall")
    assert st.coins == [12, 8]


def test_economy_gets_nothing_from_chains_free_builds_or_own_production() -> None:
    st = position(age=2, structure=["aqueduct", "altar"], coins=(20, 0),
                  tokens=((), ("economy",)), cities=(("baths",), ("shelf_quarry",)))
    act(st, "build:aqueduct")  # chain: free
    assert st.coins == [20, 0]


def test_economy_owner_pays_the_bank_for_own_trade() -> None:
    st = position(structure=["baths"], coins=(7, 7), tokens=(("economy",), ()))
    act(st, "build:baths")  # Antonio owns Economy and buys a stone: Bruno gets nothing
    assert st.coins == [5, 7]


# -- the 7-wonder limit (7個奇蹟，一個也不能多！) --------------------------------------------

def test_seventh_wonder_removes_the_last_unbuilt_one_which_can_never_be_built() -> None:
    st = position(structure=["altar", "baths", "theater", "palace"], coins=(40, 40),
                  built=(("the_great_lighthouse", "the_temple_of_artemis"),
                         ("circus_maximus", "piraeus", "the_appian_way")),
                  wonders=(("the_sphinx",), ("the_pyramids", "the_colossus")))
    events = act(st, "wonder:altar:the_sphinx")  # 6th wonder: nothing removed; play again
    assert "wonder_removed" not in kinds(events)
    act(st, "discard:baths")
    events = act(st, "wonder:theater:the_colossus")  # Bruno: the 7th wonder
    removed = [(e.seat, e.params["wonder"]) for e in events if e.kind == "wonder_removed"]
    assert removed == [(BRUNO, "the_pyramids")]
    assert st.returned_wonders == ["the_pyramids"] and "the_pyramids" not in st.wonders[BRUNO]
    assert [w.id for w in ENGINE.view(st, None).players[BRUNO].wonders] == [
        "circus_maximus", "piraeus", "the_appian_way", "the_colossus"]
    act(st, "discard:palace")  # Antonio
    assert prompt(st).seat == BRUNO
    assert not any(o.startswith("wonder:") for o in options(st))
    before = st.model_copy(deep=True)
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, BRUNO, "wonder:lumber_yard:the_pyramids")
    assert err.value.key == "wonder_not_available" and st == before


def test_no_wonder_can_be_built_once_seven_are_built() -> None:
    # Even a wonder still listed as unbuilt (defensive: the limit is checked on counts).
    st = position(structure=["altar"], coins=RICH, wonders=(("the_pyramids",), ()),
                  built=(("the_great_lighthouse", "the_temple_of_artemis", "the_sphinx"),
                         ("circus_maximus", "piraeus", "the_appian_way", "the_colossus")))
    assert "wonder:altar:the_pyramids" not in options(st)
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, ANTONIO, "wonder:altar:the_pyramids")
    assert err.value.key == "wonder_not_available"


# -- guilds built through the Mausoleum count at build time (行會卡牌 說明) -------------------

def test_mausoleum_built_guild_takes_its_coins_from_the_city_with_the_most() -> None:
    st = position(age=3, structure=["altar"], coins=RICH, wonders=(("the_mausoleum",), ()),
                  discard=["tacticians_guild"],
                  cities=(("garrison",), ("stable", "walls", "palisade")))
    act(st, "wonder:altar:the_mausoleum")
    coins = st.coins[ANTONIO]
    act(st, "revive:tacticians_guild")
    assert st.coins[ANTONIO] == coins + 3  # Bruno's 3 red cards
    assert breakdown(st, ANTONIO)["purple"] == 3


def test_arena_counts_the_wonder_just_built_before_it() -> None:
    st = position(age=3, structure=["arena"], coins=RICH, cities=(("brewery",), ()),
                  built=(("the_pyramids", "the_sphinx", "piraeus"), ()))
    act(st, "build:arena")  # chain from the Brewery's barrel: free, 3 wonders x 2
    assert st.coins[ANTONIO] == 40 + 6


# -- structure: cards turned up as soon as they are uncovered (遊戲回合; 各時代牌組擺放示意) ---

@pytest.mark.parametrize("age", [1, 2, 3])
def test_every_uncovered_card_is_face_up_at_once(age: int) -> None:
    st = ENGINE.new_game(2, 17 + age, {"wonders": "first_game"})
    deal(st, age)
    revealed = 0
    while st.accessible:
        slot = st.accessible[-1]
        card = st.structure[slot]
        st.coins[st.current] = 0  # keep it simple: always discard
        events = act(st, f"discard:{card}", st.current)
        newly = [e.params["slot"] for e in events if e.kind == "card_revealed"]
        revealed += len(newly)
        if st.age != age or st.phase != "play":
            break
        for s in st.accessible:
            assert st.face_up[s], (age, s)
        for s in newly:
            assert all(st.structure[c] is None for c in COVERED_BY[age][s])
        for s in range(20):
            if st.structure[s] is not None and not st.face_up[s]:
                assert any(st.structure[c] is not None for c in COVERED_BY[age][s])
    assert revealed == 8  # 8 face-down cards per Age, each revealed once


def test_age_three_face_down_guild_is_revealed_and_is_public_once_uncovered() -> None:
    for seed in range(40):
        st = ENGINE.new_game(2, seed, {"wonders": "first_game"})
        deal(st, 3)
        hidden_guilds = [s for s in range(20)
                         if not st.face_up[s] and st.structure[s].endswith("_guild")]  # type: ignore[union-attr]
        if hidden_guilds:
            break
    slot = hidden_guilds[0]
    assert ENGINE.view(st, None).structure[slot].back == "guild"
    assert ENGINE.view(st, None).structure[slot].card is None
    # take every card covering it (and what covers those), top rows first
    order = sorted(_above(slot), reverse=True)
    events = []
    for s in order:
        card = st.structure[s]
        assert s in st.accessible
        events += act(st, f"discard:{card}", st.current)
    assert slot in st.accessible and st.face_up[slot]
    revealed = [e.params["card"] for e in events
                if e.kind == "card_revealed" and e.params["slot"] == slot]
    assert revealed == [st.structure[slot]]
    assert ENGINE.view(st, None).structure[slot].card == st.structure[slot]


def _above(slot: int) -> set[int]:
    out: set[int] = set()
    for c in COVERED_BY[3][slot]:
        out |= {c} | _above(c)
    return out


def test_face_down_slots_follow_the_rulebook_layout() -> None:
    # 各時代牌組擺放示意: the rows alternate face up / face down, starting face up at the back.
    from engines.duel.catalogue import LAYOUTS

    for age in (1, 2, 3):
        rows = {s.row: s.face_up for s in LAYOUTS[age].slots}
        assert all(rows[r] == (r % 2 == 0) for r in rows)
        assert all(s.face_up == rows[s.row] for s in LAYOUTS[age].slots)
        assert all(set(COVERS[age][s.slot]) == {c for c in range(20)
                                                 if s.slot in COVERED_BY[age][c]}
                   for s in LAYOUTS[age].slots)


# -- Pantheon and its chain (卡牌列表: 浴場/祭壇 -> 神廟 -> 萬神殿) ---------------------------

def test_pantheon_is_free_through_the_temple_chain_and_worth_6() -> None:
    st = position(age=3, structure=["pantheon"], coins=(0, 7), tokens=(("urbanism",), ()),
                  cities=(("temple",), ()))
    assert options(st)["build:pantheon"].params["chain"] is True
    act(st, "build:pantheon")
    assert st.coins[ANTONIO] == 4  # Urbanism
    assert breakdown(st, ANTONIO)["blue"] == 4 + 6
    st2 = position(age=3, cities=((), ("clay_pool",)))
    assert card_cost(st2, ANTONIO, "pantheon") == (2 + 3 + 2 + 2, 9, False)


# -- flexible production never raises the opponent's price (貿易 說明) -----------------------

def test_no_flexible_producer_raises_the_opponent_price() -> None:
    st = position(cities=((), ("forum", "caravansery")),
                  built=((), ("piraeus", "the_great_lighthouse")))
    assert prices(st, ANTONIO) == [2, 2, 2, 2, 2]
    st2 = position(cities=((), ("sawmill", "glass_blower", "forum")),
                   built=((), ("the_great_lighthouse",)))
    assert prices(st2, ANTONIO) == [4, 2, 2, 3, 2]


def test_urbanism_taken_with_the_pair_of_a_chain_build_pays_only_later_chains() -> None:
    # Library is chained from the Scriptorium (book) and both carry a quill: the chain build
    # makes a pair; Urbanism chosen then gives 6 coins, not 4 more for that same build.
    st = position(age=2, structure=["library", "aqueduct"], coins=(0, 7),
                  board_tokens=["urbanism"], cities=(("scriptorium", "baths"), ()))
    act(st, "build:library")
    act(st, "token:urbanism")
    assert st.coins[ANTONIO] == 6
    act(st, "discard:lumber_yard")  # Bruno
    act(st, "build:aqueduct")  # chain from the Baths: now +4
    assert st.coins[ANTONIO] == 10
