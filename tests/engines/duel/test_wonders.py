"""Wonders (rulebook: 3. 建造一個奇蹟, 7個奇蹟一個也不能多!, 奇蹟 section)."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalAnswer
from engines.duel.scoring import breakdown
from tests.engines.duel.duel_helpers import (
    ENGINE,
    act,
    kinds,
    options,
    position,
    prompt,
    public_json,
)

ANTONIO, BRUNO = 0, 1
RICH = (40, 10)


def build(wonder: str, **kw: object) -> tuple:
    kw.setdefault("structure", ["altar"])
    kw.setdefault("coins", RICH)
    st = position(wonders=((wonder,), ()), **kw)  # type: ignore[arg-type]
    events = act(st, f"wonder:altar:{wonder}")
    return st, events


def test_wonder_costs_its_own_cost_and_tucks_the_card() -> None:
    # Book example: Colossus (3 clay + 1 glass), card tucked, pawn moves 2.
    st = position(structure=["baths"], wonders=(("the_colossus",), ()), coins=(8, 7),
                  cities=(("clay_pool",), ()))
    opts = options(st)
    assert opts["wonder:baths:the_colossus"].cost == 6  # 2 clay + glass at 2
    events = act(st, "wonder:baths:the_colossus")
    assert st.coins[ANTONIO] == 2
    assert st.wonder_cards[ANTONIO] == {"the_colossus": "baths"}
    assert "baths" not in st.buildings[ANTONIO] and "baths" not in st.discard
    assert st.military == 2
    assert kinds(events)[:2] == ["wonder_built", "pawn_moved"]
    view = ENGINE.view(st, None)
    assert view.players[0].wonders[0].built and view.players[0].wonders[0].built_with_age == 1


def test_appian_way() -> None:
    st, events = build("the_appian_way", coins=(40, 2))
    assert st.coins == [40 - 10 + 3, 0]  # 2 clay 2 stone 1 papyrus at 2; opponent floored at 0
    assert prompt(st).seat == ANTONIO  # extra turn
    assert "extra_turn" in kinds(events)
    assert breakdown(st, ANTONIO)["wonders"] == 3


def test_circus_maximus_destroys_a_grey_card() -> None:
    st, events = build("circus_maximus", cities=((), ("glassworks", "press", "quarry")))
    assert st.military == 1
    p = prompt(st)
    assert p.kind == "destroy" and p.seat == ANTONIO and p.params["color"] == "grey"
    assert sorted(o.id for o in p.options) == ["destroy:glassworks", "destroy:press", "undo"]
    with pytest.raises(IllegalAnswer) as err:
        ENGINE.apply(st, ANTONIO, "destroy:quarry")
    assert err.value.key == "card_not_available"
    act(st, "destroy:press")
    assert st.buildings[BRUNO] == ["glassworks", "quarry"]
    assert st.discard == ["press"] and st.production[BRUNO][4] == 0
    assert prompt(st).seat == BRUNO and prompt(st).kind == "turn"


def test_destroy_is_skipped_without_a_target() -> None:
    st, _ = build("circus_maximus", cities=((), ("quarry",)))
    assert prompt(st).kind == "turn" and prompt(st).seat == BRUNO


def test_statue_of_zeus_destroys_a_brown_card() -> None:
    st, _ = build("the_statue_of_zeus", cities=((), ("sawmill", "press")))
    assert st.military == 1
    assert [o.id for o in prompt(st).options] == ["destroy:sawmill", "undo"]
    act(st, "destroy:sawmill")
    assert st.production[BRUNO][0] == 0 and st.discard == ["sawmill"]


def test_colossus() -> None:
    st, _ = build("the_colossus")
    assert st.military == 2 and breakdown(st, ANTONIO)["wonders"] == 3


def test_great_library_draws_three_set_aside_tokens_privately() -> None:
    box = ["mathematics", "masonry", "economy", "strategy", "urbanism"]
    st, events = build("the_great_library", box_tokens=box, board_tokens=["law"])
    p = prompt(st)
    assert p.kind == "great_library" and p.private and p.seat == ANTONIO
    drawn = [o.params["token"] for o in p.options]
    assert len(drawn) == 3 and set(drawn) <= set(box)
    drawn_event = next(e for e in events if e.kind == "library_drawn")
    assert drawn_event.visible_to == [ANTONIO]
    assert ENGINE.view(st, ANTONIO).private_token_offer == drawn
    assert ENGINE.view(st, BRUNO).private_token_offer == []
    for t in drawn:
        assert t not in public_json(st) and t not in public_json(st, BRUNO)
    act(st, f"library:{drawn[0]}")
    assert st.tokens[ANTONIO] == [drawn[0]]
    assert ENGINE.view(st, ANTONIO).private_token_offer == []
    assert breakdown(st, ANTONIO)["wonders"] == 4


def test_great_library_token_takes_effect() -> None:
    st, _ = build("the_great_library", box_tokens=["agriculture"] * 1 + ["urbanism"])
    act(st, "library:agriculture")
    assert st.coins[ANTONIO] == 40 - 10 + 6  # 3 wood 1 glass 1 papyrus at 2, +6


def test_great_lighthouse_produces_a_raw_material() -> None:
    st, _ = build("the_great_lighthouse")
    assert st.flexible[ANTONIO] == [1, 0]
    view = ENGINE.view(st, None)
    assert view.players[0].flexible_production == [["wood", "clay", "stone"]]
    assert breakdown(st, ANTONIO)["wonders"] == 4
    assert prompt(st).seat == BRUNO


def test_hanging_gardens() -> None:
    st, events = build("the_hanging_gardens")
    assert st.coins[ANTONIO] == 40 - 8 + 6
    assert prompt(st).seat == ANTONIO and "extra_turn" in kinds(events)


def test_mausoleum_builds_a_discarded_card_for_free_with_its_effects() -> None:
    st, _ = build("the_mausoleum", discard=["tavern", "garrison"])
    p = prompt(st)
    assert p.kind == "revive" and sorted(o.id for o in p.options) == [
        "revive:garrison", "revive:tavern", "undo"]
    coins = st.coins[ANTONIO]
    events = act(st, "revive:tavern")
    assert st.buildings[ANTONIO] == ["tavern"] and st.discard == ["garrison"]
    assert st.coins[ANTONIO] == coins + 4
    # the turn passes: the undo window closes and tells the wonder's build to the table first
    assert events[0].kind == "wonder_built" and not events[0].provisional
    revived = next(e for e in events if e.kind == "building_built")
    assert revived.params["via"] == "mausoleum" and not revived.provisional
    assert prompt(st).seat == BRUNO


def test_mausoleum_excludes_setup_removed_cards_and_skips_empty_discard() -> None:
    st, _ = build("the_mausoleum", discard=[])
    assert st.removed  # the 9 cards returned at setup are not eligible
    assert prompt(st).kind == "turn" and prompt(st).seat == BRUNO


def test_mausoleum_revived_green_card_can_make_a_pair() -> None:
    st, _ = build("the_mausoleum", discard=["library"], cities=(("scriptorium",), ()))
    act(st, "revive:library")
    assert prompt(st).kind == "token" and prompt(st).seat == ANTONIO


def test_piraeus() -> None:
    st, events = build("piraeus")
    assert st.flexible[ANTONIO] == [0, 1]
    assert prompt(st).seat == ANTONIO and breakdown(st, ANTONIO)["wonders"] == 2


def test_pyramids() -> None:
    st, _ = build("the_pyramids")
    assert breakdown(st, ANTONIO)["wonders"] == 9 and prompt(st).seat == BRUNO


def test_sphinx() -> None:
    st, _ = build("the_sphinx")
    assert breakdown(st, ANTONIO)["wonders"] == 6 and prompt(st).seat == ANTONIO


def test_temple_of_artemis() -> None:
    st, _ = build("the_temple_of_artemis")
    assert st.coins[ANTONIO] == 40 - 8 + 12
    assert prompt(st).seat == ANTONIO and breakdown(st, ANTONIO)["wonders"] == 0


def test_seven_wonder_limit_returns_the_last_unbuilt_wonder() -> None:
    # Book example: Bruno built 4, Antonio 3 with the Colossus; the Pyramids leave.
    st = position(structure=["altar"], coins=RICH,
                  built=(("the_great_lighthouse", "the_temple_of_artemis"),
                         ("circus_maximus", "piraeus", "the_appian_way", "the_sphinx")),
                  wonders=(("the_colossus", "the_pyramids"), ()))
    events = act(st, "wonder:altar:the_colossus")
    removed = [e for e in events if e.kind == "wonder_removed"]
    assert [(e.seat, e.params["wonder"]) for e in removed] == [(ANTONIO, "the_pyramids")]
    assert "the_pyramids" not in st.wonders[ANTONIO]
    assert ENGINE.view(st, None).wonders_built == 7
    assert not any(o.startswith("wonder:") for o in options(st))


def test_wonder_not_owned_or_built_is_refused() -> None:
    st = position(structure=["altar"], coins=RICH, wonders=(("the_sphinx",), ("the_pyramids",)),
                  built=(("the_colossus",), ()))
    before = st.model_copy(deep=True)
    for oid in ("wonder:altar:the_pyramids", "wonder:altar:the_colossus"):
        with pytest.raises(IllegalAnswer) as err:
            ENGINE.apply(st, ANTONIO, oid)
        assert err.value.key == "wonder_not_available"
    assert st == before


def test_wonder_effects_only_for_builder_wonders_list() -> None:
    st = position(structure=["altar"], coins=(3, 7), wonders=(("the_pyramids",), ()))
    assert "wonder:altar:the_pyramids" not in options(st)  # 3 stone + papyrus = 8 coins
