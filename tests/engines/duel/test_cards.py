"""Every building card's effect, built through the engine (rulebook: 時代I, II和III卡牌;
卡牌列表). The table below is a second, hand-typed transcription of the card facts."""

from __future__ import annotations

import pytest

from engines.duel.catalogue import CARDS
from engines.duel.facts import RES_INDEX, SYMBOL_INDEX
from engines.duel.scoring import breakdown
from tests.engines.duel.duel_helpers import act, position

ANTONIO = 0
# card: (colour, vp, shields, science symbol, production, immediate coins, fixed-price resources,
#        flexible group)
E = {
    "lumber_yard": ("brown", 0, 0, None, {"wood": 1}, 0, (), None),
    "logging_camp": ("brown", 0, 0, None, {"wood": 1}, 0, (), None),
    "clay_pool": ("brown", 0, 0, None, {"clay": 1}, 0, (), None),
    "clay_pit": ("brown", 0, 0, None, {"clay": 1}, 0, (), None),
    "quarry": ("brown", 0, 0, None, {"stone": 1}, 0, (), None),
    "stone_pit": ("brown", 0, 0, None, {"stone": 1}, 0, (), None),
    "glassworks": ("grey", 0, 0, None, {"glass": 1}, 0, (), None),
    "press": ("grey", 0, 0, None, {"papyrus": 1}, 0, (), None),
    "guard_tower": ("red", 0, 1, None, {}, 0, (), None),
    "stable": ("red", 0, 1, None, {}, 0, (), None),
    "garrison": ("red", 0, 1, None, {}, 0, (), None),
    "palisade": ("red", 0, 1, None, {}, 0, (), None),
    "workshop": ("green", 1, 0, "plumb_bob", {}, 0, (), None),
    "apothecary": ("green", 1, 0, "wheel", {}, 0, (), None),
    "scriptorium": ("green", 0, 0, "quill", {}, 0, (), None),
    "pharmacist": ("green", 0, 0, "mortar_pestle", {}, 0, (), None),
    "theater": ("blue", 3, 0, None, {}, 0, (), None),
    "altar": ("blue", 3, 0, None, {}, 0, (), None),
    "baths": ("blue", 3, 0, None, {}, 0, (), None),
    "stone_reserve": ("yellow", 0, 0, None, {}, 0, ("stone",), None),
    "clay_reserve": ("yellow", 0, 0, None, {}, 0, ("clay",), None),
    "wood_reserve": ("yellow", 0, 0, None, {}, 0, ("wood",), None),
    "tavern": ("yellow", 0, 0, None, {}, 4, (), None),
    "sawmill": ("brown", 0, 0, None, {"wood": 2}, 0, (), None),
    "brickyard": ("brown", 0, 0, None, {"clay": 2}, 0, (), None),
    "shelf_quarry": ("brown", 0, 0, None, {"stone": 2}, 0, (), None),
    "glass_blower": ("grey", 0, 0, None, {"glass": 1}, 0, (), None),
    "drying_room": ("grey", 0, 0, None, {"papyrus": 1}, 0, (), None),
    "walls": ("red", 0, 2, None, {}, 0, (), None),
    "horse_breeders": ("red", 0, 1, None, {}, 0, (), None),
    "barracks": ("red", 0, 1, None, {}, 0, (), None),
    "archery_range": ("red", 0, 2, None, {}, 0, (), None),
    "parade_ground": ("red", 0, 2, None, {}, 0, (), None),
    "library": ("green", 2, 0, "quill", {}, 0, (), None),
    "dispensary": ("green", 2, 0, "mortar_pestle", {}, 0, (), None),
    "school": ("green", 1, 0, "wheel", {}, 0, (), None),
    "laboratory": ("green", 1, 0, "plumb_bob", {}, 0, (), None),
    "courthouse": ("blue", 5, 0, None, {}, 0, (), None),
    "statue": ("blue", 4, 0, None, {}, 0, (), None),
    "temple": ("blue", 4, 0, None, {}, 0, (), None),
    "aqueduct": ("blue", 5, 0, None, {}, 0, (), None),
    "rostrum": ("blue", 4, 0, None, {}, 0, (), None),
    "forum": ("yellow", 0, 0, None, {}, 0, (), "goods"),
    "caravansery": ("yellow", 0, 0, None, {}, 0, (), "raw"),
    "customs_house": ("yellow", 0, 0, None, {}, 0, ("glass", "papyrus"), None),
    "brewery": ("yellow", 0, 0, None, {}, 6, (), None),
    "arsenal": ("red", 0, 3, None, {}, 0, (), None),
    "pretorium": ("red", 0, 3, None, {}, 0, (), None),
    "fortifications": ("red", 0, 2, None, {}, 0, (), None),
    "siege_workshop": ("red", 0, 2, None, {}, 0, (), None),
    "circus": ("red", 0, 2, None, {}, 0, (), None),
    "academy": ("green", 3, 0, "sundial", {}, 0, (), None),
    "study": ("green", 3, 0, "sundial", {}, 0, (), None),
    "university": ("green", 2, 0, "armillary_sphere", {}, 0, (), None),
    "observatory": ("green", 2, 0, "armillary_sphere", {}, 0, (), None),
    "palace": ("blue", 7, 0, None, {}, 0, (), None),
    "town_hall": ("blue", 7, 0, None, {}, 0, (), None),
    "obelisk": ("blue", 5, 0, None, {}, 0, (), None),
    "gardens": ("blue", 6, 0, None, {}, 0, (), None),
    "pantheon": ("blue", 6, 0, None, {}, 0, (), None),
    "senate": ("blue", 5, 0, None, {}, 0, (), None),
    # the city below has 2 grey, 3 brown, 1 red, 1 yellow card and 2 wonders built
    "chamber_of_commerce": ("yellow", 3, 0, None, {}, 3 * 2, (), None),
    "port": ("yellow", 3, 0, None, {}, 2 * 3, (), None),
    "armory": ("yellow", 3, 0, None, {}, 1 * 1, (), None),
    "lighthouse": ("yellow", 3, 0, None, {}, 1 * 2, (), None),  # counts itself
    "arena": ("yellow", 3, 0, None, {}, 2 * 2, (), None),
    # guilds: coins = the most of either city (Bruno: 1 blue, 1 green, 2 red, 2 yellow)
    "merchants_guild": ("purple", 2, 0, None, {}, 2, (), None),
    "shipowners_guild": ("purple", 5, 0, None, {}, 5, (), None),
    "builders_guild": ("purple", 4, 0, None, {}, 0, (), None),
    "magistrates_guild": ("purple", 1, 0, None, {}, 1, (), None),
    "scientists_guild": ("purple", 1, 0, None, {}, 1, (), None),
    "moneylenders_guild": ("purple", 32, 0, None, {}, 0, (), None),  # 96 coins after paying 4
    "tacticians_guild": ("purple", 2, 0, None, {}, 2, (), None),
}
CITY = ("glassworks", "press", "lumber_yard", "clay_pool", "quarry", "guard_tower", "tavern")
OPPONENT = ("altar", "workshop", "garrison", "stable", "stone_reserve", "wood_reserve")


def test_table_covers_every_card() -> None:
    assert set(E) == set(CARDS) and len(CARDS) == 73


@pytest.mark.parametrize("card", sorted(CARDS))
def test_card_effect(card: str) -> None:
    color, vp, shields, symbol, produce, coins, fixed, flex = E[card]
    assert CARDS[card].color == color
    age = CARDS[card].age
    st = position(age=age, structure=[card], coins=(100, 0),
                  cities=(CITY, OPPONENT), built=(("the_pyramids", "the_sphinx"), ()))
    before_prod = list(st.production[ANTONIO])
    vp_before = breakdown(st, ANTONIO)
    act(st, f"build:{card}")
    from engines.duel.trading import card_cost  # the price paid, checked in test_trading

    assert card in st.buildings[ANTONIO]
    # coins: immediate gains only (cost paid was the option's cost)
    paid = 100 - st.coins[ANTONIO] + coins
    st2 = position(age=age, structure=[card], coins=(100, 0),
                   cities=(CITY, OPPONENT), built=(("the_pyramids", "the_sphinx"), ()))
    assert paid == card_cost(st2, ANTONIO, card)[0]
    assert st.military == shields
    for res in ("wood", "clay", "stone", "glass", "papyrus"):
        i = RES_INDEX[res]
        assert st.production[ANTONIO][i] - before_prod[i] == produce.get(res, 0)
    if symbol is None:
        assert st.science[ANTONIO] == [0] * 7
    else:
        assert st.science[ANTONIO][SYMBOL_INDEX[symbol]] == 1
    for res in fixed:
        assert st.fixed_mask[ANTONIO] >> RES_INDEX[res] & 1
    if flex == "raw":
        assert st.flexible[ANTONIO] == [1, 0]
    elif flex == "goods":
        assert st.flexible[ANTONIO] == [0, 1]
    else:
        assert st.flexible[ANTONIO] == [0, 0]
    after = breakdown(st, ANTONIO)
    key = {"blue": "blue", "green": "green", "yellow": "yellow", "purple": "purple"}.get(color)
    if key is not None:
        assert after[key] - vp_before[key] == vp


def test_chains_link_ages() -> None:
    links = {c.id: c.chain_from for c in CARDS.values() if c.chain_from}
    assert links == {
        "horse_breeders": "horseshoe", "barracks": "sword", "library": "book",
        "dispensary": "gear", "statue": "mask", "temple": "moon", "aqueduct": "water_drop",
        "fortifications": "tower", "siege_workshop": "target", "circus": "helmet",
        "university": "lyre", "observatory": "lamp", "gardens": "pillar", "pantheon": "sun",
        "senate": "temple_front", "lighthouse": "amphora", "arena": "barrel",
    }
    for card, symbol in links.items():
        source = [c.id for c in CARDS.values() if c.chain_to == symbol]
        assert len(source) == 1 and CARDS[source[0]].age < CARDS[card].age
