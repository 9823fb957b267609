"""Progress tokens (rulebook: 發展標記 section)."""

from __future__ import annotations

from engines.duel.scoring import breakdown
from engines.duel.trading import card_cost, wonder_cost
from tests.engines.duel.duel_helpers import act, kinds, options, position, prompt

ANTONIO, BRUNO = 0, 1
PAIR_CITY = ("scriptorium", "lumber_yard", "quarry", "glassworks")


def take_token(token: str, **kw: object):
    """Antonio builds Library (pair of quills) and takes ``token``."""
    kw.setdefault("coins", (7, 7))
    cities = kw.pop("cities", ((), ()))
    st = position(age=2, structure=["library", *kw.pop("extra", [])],  # type: ignore[misc]
                  board_tokens=[token], cities=(PAIR_CITY + tuple(cities[0]), cities[1]),
                  **kw)  # type: ignore[arg-type]
    act(st, "build:library")
    events = act(st, f"token:{token}")
    return st, events


def test_agriculture() -> None:
    st, events = take_token("agriculture")
    assert st.coins[ANTONIO] == 13
    assert breakdown(st, ANTONIO)["tokens"] == 4
    assert "coins_gained" in kinds(events)


def test_architecture() -> None:
    st = position(tokens=(("architecture",), ()))
    assert wonder_cost(st, ANTONIO, "the_pyramids") == 4  # 3 stone + papyrus, 2 free
    st2 = position()
    assert wonder_cost(st2, ANTONIO, "the_pyramids") == 8


def test_economy() -> None:
    st = position(structure=["baths"], current=BRUNO, coins=(0, 7), tokens=(("economy",), ()))
    act(st, "build:baths")  # Bruno buys a stone for 2
    assert st.coins == [2, 5]


def test_law() -> None:
    st, _ = take_token("law")
    assert st.science[ANTONIO][1] == 1  # scales


def test_masonry() -> None:
    st = position(tokens=(("masonry",), ()))
    assert card_cost(st, ANTONIO, "palace") == (6, 6, False)  # 5 units, 2 free
    assert card_cost(st, ANTONIO, "academy") == (8, 8, False)  # green: no discount


def test_mathematics_counts_every_token_including_itself() -> None:
    st = position(tokens=(("mathematics", "agriculture", "law"), ()))
    assert breakdown(st, ANTONIO)["tokens"] == 3 * 3 + 4


def test_philosophy() -> None:
    st = position(tokens=(("philosophy",), ()))
    assert breakdown(st, ANTONIO)["tokens"] == 7


def test_strategy_applies_to_red_cards_built_after() -> None:
    st, _ = take_token("strategy", extra=["garrison"])
    act(st, "discard:lumber_yard")  # Bruno
    act(st, "build:garrison")
    assert st.military == 2


def test_theology_gives_every_wonder_an_extra_turn_once() -> None:
    st = position(structure=["altar", "baths", "theater"], tokens=(("theology",), ()),
                  wonders=(("the_pyramids", "the_sphinx"), ()), coins=(40, 7))
    events = act(st, "wonder:altar:the_pyramids")
    assert prompt(st).seat == ANTONIO and kinds(events).count("extra_turn") == 1
    events = act(st, "wonder:baths:the_sphinx")  # already has play again: still one turn
    assert kinds(events).count("extra_turn") == 1
    assert prompt(st).seat == ANTONIO
    act(st, "build:theater")
    assert prompt(st).seat == BRUNO


def test_urbanism_gives_6_and_4_per_chain_build() -> None:
    st, _ = take_token("urbanism", extra=["aqueduct"], cities=(("baths",), ()))
    assert st.coins[ANTONIO] == 7 + 6
    act(st, "discard:lumber_yard")
    assert options(st)["build:aqueduct"].params["chain"] is True
    act(st, "build:aqueduct")
    assert st.coins[ANTONIO] == 7 + 6 + 4


def test_urbanism_not_on_mausoleum_builds() -> None:
    st = position(structure=["altar"], tokens=(("urbanism",), ()), coins=(40, 7),
                  wonders=(("the_mausoleum",), ()), discard=["aqueduct"],
                  cities=(("baths",), ()))
    act(st, "wonder:altar:the_mausoleum")
    coins = st.coins[ANTONIO]
    act(st, "revive:aqueduct")
    assert st.coins[ANTONIO] == coins
