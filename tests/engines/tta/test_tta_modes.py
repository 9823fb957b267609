"""The lobby's game options: ``mode`` (the full game by default), ``peaceful_pacts`` (the four
pacts without war kept in a peaceful game: book L2253, ruling C9; never at 2 players, L2035)
and ``global_conflict``; random players never resign (``Engine.playout_avoid``)."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core.contract import Prompt
from engines.core.playout import lean_choice, playout, random_choice
from engines.core.rng import Rng
from engines.tta.facts import KIND, PEACEFUL_PACTS, military_deck
from engines.tta.state import TtaState
from tests.engines.tta.politics_helpers import pull
from tests.engines.tta.tta_helpers import ENGINE, check_invariants, to_round_two

TRADE = "II_international_trade_agreement"
CONFLICT = ("aggression", "war", "pact")


def peaceful(players: int, seed: int = 1, pacts: str = "on") -> TtaState:
    return ENGINE.new_game(players, seed, {"mode": "peaceful", "peaceful_pacts": pacts})


def conflict_cards(st: TtaState) -> Counter[str]:
    """The aggressions, wars and pacts in the decks and current events of ``st``."""
    return Counter(c for pile in (*st.military_decks, st.current_events, st.boxed)
                   for c in pile if KIND[c] in CONFLICT)


# -- the option table -----------------------------------------------------------------------


def test_option_table_full_game_by_default() -> None:
    modes, default = ENGINE.game_options["mode"]
    assert modes[:3] == ("first", "peaceful", "full") and default == "full"
    assert ENGINE.game_options["global_conflict"] == (("off", "on"), "off")
    assert ENGINE.game_options["peaceful_pacts"] == (("off", "on"), "off")
    st = ENGINE.new_game(3, 1)
    assert st.mode == "full" and not st.global_conflict and not st.peaceful_pacts
    assert conflict_cards(st)["I_open_borders_agreement"] == 1  # a pact that involves war


@pytest.mark.parametrize("options", [
    {"mode": "war"}, {"mode": "FULL"}, {"peaceful_pacts": "yes"}, {"global_conflict": "1"},
    {"pacts": "on"}])
def test_unknown_option_names_and_values_are_refused(options: dict[str, str]) -> None:
    with pytest.raises(ValueError):
        ENGINE.new_game(3, 1, options)


# -- decks per mode and player count --------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_peaceful_pacts_keep_the_four_pacts_without_war_L2253_C9(players: int) -> None:
    """Trade Routes (I), Scientific Cooperation and International Trade (II), International
    Tourism (III): one copy each; no aggression, no war, no other pact."""
    four = {"I_trade_routes_agreement", "II_scientific_cooperation",
            "II_international_trade_agreement", "III_international_tourism"}
    assert four == PEACEFUL_PACTS
    st = peaceful(players)
    assert st.peaceful_pacts
    assert conflict_cards(st) == Counter(PEACEFUL_PACTS)
    assert [len(military_deck(a, players, "peaceful", True)) for a in (1, 2, 3)] == [38, 35, 28]
    assert [len(military_deck(a, players, "peaceful")) for a in (1, 2, 3)] == [37, 33, 27]
    for age in (1, 2, 3):
        assert Counter(st.military_decks[age]) == Counter(
            military_deck(age, players, "peaceful", True))
    check_invariants(st)


def test_peaceful_pacts_at_two_players_are_none_L2035() -> None:
    st = peaceful(2)
    assert conflict_cards(st) == Counter()
    assert [len(d) for d in st.military_decks[1:]] == [37, 33, 27]
    check_invariants(st)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_peaceful_without_the_option_keeps_no_pact_L2251(players: int) -> None:
    st = peaceful(players, pacts="off")
    assert not st.peaceful_pacts and conflict_cards(st) == Counter()


@pytest.mark.parametrize("mode", ["first", "full"])
def test_peaceful_pacts_is_ignored_in_the_other_modes(mode: str) -> None:
    with_it = ENGINE.new_game(3, 5, {"mode": mode, "peaceful_pacts": "on"})
    without = ENGINE.new_game(3, 5, {"mode": mode})
    assert not with_it.peaceful_pacts
    assert ENGINE.dump(with_it) == ENGINE.dump(without)


def test_full_decks_hold_every_conflict_card_first_decks_none() -> None:
    full = ENGINE.new_game(4, 2)
    kinds = Counter(KIND[c] for c in conflict_cards(full).elements())
    assert kinds == {"aggression": 23, "war": 10, "pact": 10}
    assert conflict_cards(ENGINE.new_game(4, 2, {"mode": "first"})) == Counter()


# -- a peaceful game with pacts -------------------------------------------------------------


def test_a_peaceful_game_offers_and_accepts_a_pact_without_war_L2253() -> None:
    """The pact rules (pacts.py) read the cards, not the mode: offered, accepted, in effect
    (International Trade Agreement: A +1 resource, B +1 food each production)."""
    st = to_round_two(peaceful(3, seed=4))
    st.step = "politics"
    seat = st.current
    partner = (seat + 1) % 3
    st.civs[seat].military.append(pull(st, TRADE))
    prompt = next(p for p in ENGINE.prompts(st) if p.seat == seat)
    ids = [o.id for o in prompt.options]
    assert f"pact:{TRADE}:{partner}:a" in ids and f"pact:{TRADE}:{partner}:b" in ids
    assert not any(i.startswith(("aggression:", "war:")) for i in ids)
    ENGINE.apply(st, seat, f"pact:{TRADE}:{partner}:a")
    asked = {p.seat: p for p in ENGINE.prompts(st)}
    assert asked[partner].kind == "pact_offer"
    events = ENGINE.apply(st, partner, "accept")
    assert "pact_accepted" in [e.kind for e in events]
    assert st.pacts == [{"card": TRADE, "owner": seat, "partner": partner, "owner_side": "a"}]
    assert st.civs[seat].pact_mods.get("resources") == 1
    assert st.civs[partner].pact_mods.get("food") == 1
    check_invariants(st)


def test_random_peaceful_games_with_pacts_offer_them_and_never_attack() -> None:
    """Random 3-player peaceful games with the option: pacts are offered and accepted, no
    aggression or war ever (none is in the decks), and the games end."""
    kinds: Counter[str] = Counter()
    for seed in range(6):
        st = peaceful(3, seed=300 + seed)
        rng = Rng.from_seed(seed)
        while ENGINE.result(st) is None:
            prompts = ENGINE.prompts(st)
            busy = [p for p in prompts if any(o.id.startswith("pact:") for o in p.options)]
            prompt, option = random_choice(busy or prompts, rng, ENGINE.playout_avoid)
            if busy and rng.below(2):  # offer pacts often: random players seldom would
                option = next(o for o in prompt.options if o.id.startswith("pact:"))
            kinds.update(e.kind for e in ENGINE.apply(st, prompt.seat, option.id))
        check_invariants(st)
    assert kinds["pact_offered"] > 0 and kinds["pact_accepted"] > 0
    assert kinds["aggression"] == kinds["war_declared"] == 0


# -- random players -------------------------------------------------------------------------


def test_random_full_games_never_resign() -> None:
    """``TtaEngine.playout_avoid``: the random playouts (benchmarks, ``simulate``, the
    conformance suite) never pick ``resign`` while anything else is open."""
    assert ENGINE.playout_avoid == {"resign", "resign:confirm"}
    offered = 0

    def count(_: object, prompts: list[Prompt], *__: object) -> None:
        nonlocal offered
        offered += sum(1 for p in prompts for o in p.options if o.id == "resign")

    for players, seed in ((2, 1), (3, 2)):
        game = playout(ENGINE, players, seed, Rng.from_seed(seed), choose=lean_choice,
                       inspect=count)
        assert not any(oid.startswith("resign") for _, oid in game.answers)
        assert game.result.victory != "last_standing"
    assert offered > 20
    # the same random player told to avoid nothing resigns early (what the seam prevents)
    early = playout(ENGINE, 2, 1, Rng.from_seed(1), choose=lean_choice, avoid=frozenset())
    assert early.result.victory == "last_standing"
    assert any(oid == "resign" for _, oid in early.answers)


def test_a_resignation_to_two_players_takes_the_kept_pacts_out_of_later_decks_C8_L2035() -> None:
    """Ruling C8 re-trims the decks of ages not yet begun to the players left: at 2 they
    keep no pact, the four a peaceful game kept included (L2035); the current deck keeps its
    own (ruling C15: a resignation makes no pact unplayable)."""
    st = to_round_two(peaceful(3, seed=2))
    st.step = "politics"
    seat = st.current
    assert st.age == 1 and conflict_cards(st)
    current = [c for c in st.military_decks[1] if KIND[c] == "pact"]
    assert current == ["I_trade_routes_agreement"]
    ENGINE.apply(st, seat, "resign")
    ENGINE.apply(st, seat, "resign:confirm")
    assert st.civs[seat].resigned and st.count_left() == 2
    assert [c for c in st.military_decks[1] if KIND[c] == "pact"] == current
    for age in (2, 3):
        assert not any(KIND[c] == "pact" for c in st.military_decks[age])
    assert "II_scientific_cooperation" in st.removed
    check_invariants(st)
