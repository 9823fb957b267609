"""Pacts (scope §25; book L2029-L2063, L1847, L1948; MC ``pact``; ruling B13).

The full game (``mode: full``) at 3 players; a pact is put into a hand (or straight into
play) from the decks, so every card stays in one place (``check_invariants``).
"""

from __future__ import annotations

from engines.tta import (
    ages,
    conflict,
    economy,
    pacts,
    politics,
    setup,
    tokens,
    turn,
    undo_window,
    wars,
)
from engines.tta.actions import develop, wonder
from engines.tta.end_of_turn import production_forecast, production_phase
from engines.tta.facts import CUL, STR
from engines.tta.ratings import military_hand_limit, military_total, ratings
from engines.tta.state import TtaState
from tests.engines.tta.politics_helpers import pull, set_units
from tests.engines.tta.tta_helpers import ENGINE, check_invariants, to_round_two

OPEN_BORDERS = "I_open_borders_agreement"
TRADE_ROUTES = "I_trade_routes_agreement"
SUPREMACY = "II_acceptance_of_supremacy"
SCIENTIFIC = "II_scientific_cooperation"
TRADE = "II_international_trade_agreement"
PROTECTION = "II_promise_of_military_protection"
ALLIANCE = "III_military_alliance"
PEACE = "III_peace_treaty"
TOURISM = "III_international_tourism"
SOVEREIGNTY = "III_loss_of_sovereignty"


def table(players: int = 3, seed: int = 1) -> TtaState:
    """A full game in round 2, the current seat in its political phase."""
    st = setup.new_state(players, seed, "full")
    turn.begin_turn(st)
    undo_window.open_if_acting(st)
    to_round_two(st)
    st.step = "politics"
    return st


def in_hand(st: TtaState, seat: int, card: str) -> None:
    st.civs[seat].military.append(pull(st, card))


def place(st: TtaState, card: str, owner: int, partner: int, side: str = "a") -> None:
    """``card`` in play in ``owner``'s area, ``owner`` playing ``side``."""
    pull(st, card)
    st.pacts = [*st.pacts, {"card": card, "owner": owner, "partner": partner,
                            "owner_side": side}]
    pacts.refresh(st)


def politics_ids(st: TtaState) -> dict[str, dict[str, object]]:
    prompt = next(p for p in ENGINE.prompts(st) if p.seat == st.current)
    assert prompt.kind == "politics"
    return {o.id: o.params for o in prompt.options}


def politics_ids_action(st: TtaState) -> dict[str, dict[str, object]]:
    """The current seat's action-phase options (with the undo window's ``final`` marks)."""
    prompt = next(p for p in ENGINE.prompts(st) if p.seat == st.current)
    assert prompt.kind == "action", prompt.kind
    return {o.id: o.params for o in prompt.options}


def others(st: TtaState) -> tuple[int, int]:
    a = st.current
    return (a + 1) % st.players, (a + 2) % st.players


# -- offering -------------------------------------------------------------------------------


def test_unequal_pact_offers_each_partner_and_side_symmetric_one_per_partner() -> None:
    """L2055-L2057: the offerer names its side of an unequal pact; symmetric: one option per
    partner. Offering closes the undo window (it asks another seat): ``final``."""
    st = table()
    seat = st.current
    b, c = others(st)
    in_hand(st, seat, SUPREMACY)
    in_hand(st, seat, PEACE)
    ids = politics_ids(st)
    for partner in (b, c):
        for side in ("a", "b"):
            params = ids[f"pact:{SUPREMACY}:{partner}:{side}"]
            assert params["partner_seat"] == partner and params["side"] == side
            assert params["final"] is True
        assert f"pact:{PEACE}:{partner}" in ids
    assert f"pact:{PEACE}:{seat}" not in ids
    assert not any(i.startswith(f"pact:{SUPREMACY}:{seat}") for i in ids)


def test_accepted_pact_lies_in_offerers_area_and_politics_is_over() -> None:
    """L2037, L2041: the partner accepts; the pact is in play, the political phase over."""
    st = table()
    seat = st.current
    b, _ = others(st)
    in_hand(st, seat, SUPREMACY)
    events = ENGINE.apply(st, seat, f"pact:{SUPREMACY}:{b}:b")
    assert [e.kind for e in events if e.kind.startswith("pact")] == ["pact_offered"]
    asked = {p.seat: p for p in ENGINE.prompts(st)}
    assert asked[b].kind == "pact_offer" and asked[b].reaction
    assert asked[b].params["side"] == "a"  # the partner plays the other side
    assert ENGINE.timeout_option(st, b) == "refuse"
    events = ENGINE.apply(st, b, "accept")
    assert "pact_accepted" in [e.kind for e in events]
    assert st.pacts == [{"card": SUPREMACY, "owner": seat, "partner": b, "owner_side": "b"}]
    assert SUPREMACY not in st.civs[seat].military
    assert st.step == "action" and st.interrupt is None
    assert ENGINE.view(st, None).pacts[0].owner_side == "b"
    check_invariants(st)


def test_refused_pact_goes_back_to_the_hand_and_politics_is_over() -> None:
    """L2037: refused → back to the offerer's hand; the political phase is over anyway; it
    may be offered again later."""
    st = table()
    seat = st.current
    b, _ = others(st)
    in_hand(st, seat, PEACE)
    ENGINE.apply(st, seat, f"pact:{PEACE}:{b}")
    events = ENGINE.apply(st, b, "refuse")
    assert "pact_refused" in [e.kind for e in events]
    assert st.pacts == []
    assert PEACE in st.civs[seat].military
    assert st.step == "action"
    check_invariants(st)


def test_new_pact_replaces_the_offerers_own_pact_not_the_ones_it_is_party_to() -> None:
    """L2041: one pact in your own area; a newly accepted one discards it. Pacts in a
    partner's area that you are party to stay."""
    st = table()
    seat = st.current
    b, c = others(st)
    place(st, OPEN_BORDERS, seat, b)
    place(st, PEACE, c, seat)
    ma_b = military_total(st.civs[b])
    in_hand(st, seat, ALLIANCE)
    ENGINE.apply(st, seat, f"pact:{ALLIANCE}:{c}")
    events = ENGINE.apply(st, c, "accept")
    accepted = next(e for e in events if e.kind == "pact_accepted")
    assert accepted.params["replaced"] == OPEN_BORDERS
    assert {p["card"] for p in st.pacts} == {PEACE, ALLIANCE}
    assert OPEN_BORDERS in st.military_discards[st.age]
    assert military_total(st.civs[b]) == ma_b - 1  # Open Borders is gone
    check_invariants(st)


def test_either_party_cancels_as_its_political_action() -> None:
    """L2041: cancelling a pact you are party to (yours or in a partner's area) is a
    political action; the card goes to the discard pile (PB: no military actions)."""
    st = table()
    seat = st.current
    b, c = others(st)
    place(st, ALLIANCE, b, seat)  # in the partner's area
    place(st, PEACE, c, b)  # not a party
    ids = politics_ids(st)
    assert f"cancel_pact:{ALLIANCE}" in ids and f"cancel_pact:{PEACE}" not in ids
    assert ids[f"cancel_pact:{ALLIANCE}"]["final"] is True
    ma = st.civs[seat].ma_spent
    strength = ratings(st.civs[seat])[STR]
    events = ENGINE.apply(st, seat, f"cancel_pact:{ALLIANCE}")
    assert [e.kind for e in events if e.kind.startswith("pact")] == ["pact_cancelled"]
    assert [p["card"] for p in st.pacts] == [PEACE]
    assert ALLIANCE in st.military_discards[st.age]
    assert ratings(st.civs[seat])[STR] == strength - 3
    assert st.civs[seat].ma_spent == ma and st.step == "action"
    check_invariants(st)


def test_pact_options_open_the_political_phase_with_an_empty_hand() -> None:
    """A party with an empty military hand still has a political action: cancelling."""
    st = table()
    seat = st.current
    b, _ = others(st)
    place(st, PEACE, b, seat)
    st.civs[seat].military = []
    assert [o.id for o in politics.ability_options(st, seat)] == [f"cancel_pact:{PEACE}",
                                                                 "resign"]  # resignation.py


# -- every pact from both sides ------------------------------------------------------------


def test_open_borders_both_plus_one_military_action_and_plus_two_attacking_the_partner() -> None:
    """MC: both parties +1 military action (a red token: the hand limit too); the attacker
    gets +2 strength against its partner; it forbids nothing and survives attacks (L2059)."""
    st = table()
    a, (b, c) = st.current, others(st)
    before = [military_total(civ) for civ in st.civs]
    limits = [military_hand_limit(civ) for civ in st.civs]
    place(st, OPEN_BORDERS, a, b)
    assert [military_total(civ) for civ in st.civs] == [
        n + (1 if s in (a, b) else 0) for s, n in enumerate(before)]
    assert military_hand_limit(st.civs[b]) == limits[b] + 1
    assert pacts.attack_bonus(st, a, b) == 2 and pacts.attack_bonus(st, b, a) == 2
    assert pacts.attack_bonus(st, a, c) == 0
    assert conflict.may_attack(st, a, b)
    assert conflict.attacked(st, a, b) == [] and len(st.pacts) == 1


def _stock(st: TtaState, seat: int) -> tuple[int, int]:
    return tokens.food(st.civs[seat]), tokens.resources(st.civs[seat])


def test_trade_routes_a_spends_one_food_as_one_resource_once_a_turn() -> None:
    """MC: A may spend 1 food as 1 resource each turn (converted first: payments are
    never asked); not final (nothing hidden), taken back by an undo. L2059: it neither
    protects from attacks nor ends on one."""
    st = table()
    a, (b, c) = st.current, others(st)
    place(st, TRADE_ROUTES, a, b, "a")
    st.step = "action"
    st.undo.close()  # a window opened on the hand-built position
    undo_window.open_if_acting(st)
    food, res = _stock(st, a)
    assert food >= 1
    params = politics_ids_action(st)[f"trade_route:{TRADE_ROUTES}"]
    assert params["partner_seat"] == b and not params.get("final")
    events = ENGINE.apply(st, a, f"trade_route:{TRADE_ROUTES}")
    traded = next(e for e in events if e.kind == "traded_food_for_resource")
    assert traded.params == {"card": TRADE_ROUTES, "partner_seat": b}
    assert _stock(st, a) == (food - 1, res + 1)
    check_invariants(st)
    assert f"trade_route:{TRADE_ROUTES}" not in politics_ids_action(st)  # once a turn
    ENGINE.apply(st, a, "undo")
    assert _stock(st, a) == (food, res)
    assert f"trade_route:{TRADE_ROUTES}" in politics_ids_action(st)
    assert not any(o.id.startswith("trade_route") for o in pacts.trade_options(st, c))
    assert conflict.may_attack(st, a, b) and conflict.may_attack(st, b, a)
    assert conflict.attacked(st, b, a) == [] and len(st.pacts) == 1


def test_trade_routes_b_spends_one_resource_as_one_food_and_needs_one() -> None:
    """MC: B (here the partner, the owner playing A) may spend 1 resource as 1 food each
    turn; with no resource there is nothing to spend; the mark is gone next turn."""
    st = table()
    a, (b, _) = st.current, others(st)
    place(st, TRADE_ROUTES, b, a, "a")  # the owner b plays A: a is B
    food, res = _stock(st, a)
    assert res >= 1
    opt = next(o for o in pacts.trade_options(st, a))
    assert opt.key == "trade_resource_for_food" and opt.params["partner_seat"] == b
    assert [e.kind for e in pacts.trade(st, a, TRADE_ROUTES)] == ["traded_resource_for_food"]
    assert _stock(st, a) == (food + 1, res - 1)
    assert pacts.trade_options(st, a) == []
    st.civs[a].marks.clear()  # the next turn (end_of_turn clears the marks)
    civ = st.civs[a]
    for mine in tokens.cards(civ, "mine"):
        civ.blue_bank += civ.blue[mine]
        civ.blue[mine] = 0
    assert pacts.trade_options(st, a) == []
    check_invariants(st)


def test_acceptance_of_supremacy_a_one_more_resource_b_one_fewer_no_attacks() -> None:
    """MC: parties cannot attack each other; A produces 1 more resource, B 1 fewer (L2061:
    the engine computes the extra production)."""
    st = table()
    a, (b, c) = st.current, others(st)
    res = [production_forecast(st, s).resources_produced for s in range(3)]
    assert res[a] == 2  # two Bronze miners
    place(st, SUPREMACY, a, b, "b")  # the owner plays B: the partner is A
    assert production_forecast(st, b).resources_produced == res[b] + 1
    assert production_forecast(st, a).resources_produced == res[a] - 1
    assert production_forecast(st, c).resources_produced == res[c]
    civ = st.civs[a]
    mines = civ.blue["A_bronze"]
    production_phase(st, a)
    assert civ.blue["A_bronze"] == mines + 1
    check_invariants(st)
    assert not conflict.may_attack(st, a, b) and not conflict.may_attack(st, b, a)
    assert conflict.may_attack(st, a, c)


def _science_table() -> tuple[TtaState, int, int, int]:
    """Round 2, the current seat ``a`` in its action phase, Alchemy (4 science) in the
    hands of ``a`` and ``b``, Scientific Cooperation between ``a`` (owner) and ``b``."""
    st = table()
    a, (b, c) = st.current, others(st)
    st.step = "action"
    for seat in (a, b):
        st.civs[seat].hand.append(pull(st, "I_alchemy"))
    place(st, SCIENTIFIC, a, b)
    return st, a, b, c


def test_scientific_cooperation_two_science_less_and_the_partner_pays_one() -> None:
    """MC: developing a technology costs 2 science less and the partner pays 1; the
    partner's science leaves with the development and comes back with an undo (nothing
    hidden is revealed: not final). L2059: it says nothing of attacks."""
    st, a, b, c = _science_table()
    civ_a, civ_b = st.civs[a], st.civs[b]
    civ_a.science, civ_b.science, st.civs[c].science = 2, 5, 7
    st.undo.close()  # a window opened on the hand-built position
    undo_window.open_if_acting(st)
    params = politics_ids_action(st)["develop:I_alchemy"]
    assert params["sci"] == 2 and params["partner_seat"] == b and params["partner_sci"] == 1
    assert not params.get("final")
    events = ENGINE.apply(st, a, "develop:I_alchemy")
    developed = next(e for e in events if e.kind == "developed")
    assert developed.params["sci"] == 2 and developed.params["partner_sci"] == 1
    assert "I_alchemy" in civ_a.techs
    assert (civ_a.science, civ_b.science, st.civs[c].science) == (0, 4, 7)
    check_invariants(st)
    ENGINE.apply(st, a, "undo")
    assert (st.civs[a].science, st.civs[b].science) == (2, 5)
    assert conflict.may_attack(st, b, a)
    assert conflict.attacked(st, a, b) == [] and len(st.pacts) == 1


def test_scientific_cooperation_works_from_the_partners_side_too() -> None:
    """MC ``symmetric``: the partner (pact in the other's area) develops for 2 less and
    the owner pays 1; a third seat gets nothing."""
    st, a, b, c = _science_table()
    st.civs[b].science, st.civs[a].science = 2, 3
    opts = {o.id: o.params for o in develop.options(st, b)}
    assert opts["develop:I_alchemy"]["partner_seat"] == a
    develop.do(st, b, "I_alchemy")
    assert (st.civs[b].science, st.civs[a].science) == (0, 2)
    st.civs[c].hand.append(pull(st, "I_irrigation"))
    st.civs[c].science = 2
    assert "develop:I_irrigation" not in {o.id for o in develop.options(st, c)}
    st.civs[c].science = 3
    assert {o.id: o.params for o in develop.options(st, c)}["develop:I_irrigation"] == {
        "card": "I_irrigation", "ca": 1, "sci": 3}


def test_scientific_cooperation_a_partner_who_cannot_pay_blocks_the_development() -> None:
    """MC ``blocked_if_partner_cannot_pay``: the partner has no science, so no
    development, however much science the developer has; without the pact it costs 4."""
    st, a, b, _ = _science_table()
    st.civs[a].science, st.civs[b].science = 9, 0
    assert "develop:I_alchemy" not in {o.id for o in develop.options(st, a)}
    pacts.cancel(st, a, SCIENTIFIC)
    assert {o.id: o.params for o in develop.options(st, a)}["develop:I_alchemy"]["sci"] == 4


def test_scientific_cooperation_counts_for_a_peaceful_change_and_a_revolution() -> None:
    """L997: peaceful change and revolution both count as developing a technology:
    Monarchy costs 8 - 2 = 6 peacefully, 2 - 2 = 0 by revolution; the partner pays 1."""
    st, a, b, _ = _science_table()
    civ = st.civs[a]
    civ.hand.append(pull(st, "I_monarchy"))
    civ.science, st.civs[b].science = 6, 2
    opts = {o.id: o.params for o in develop.options(st, a)}
    assert opts["develop:I_monarchy"]["sci"] == 6
    assert opts["revolution:I_monarchy"]["sci"] == 0
    assert opts["revolution:I_monarchy"]["partner_sci"] == 1
    develop.revolution(st, a, "I_monarchy")
    assert civ.government == "I_monarchy"
    assert (civ.science, st.civs[b].science) == (6, 1)


def test_international_trade_a_one_more_resource_b_one_more_food() -> None:
    """MC: A produces 1 more resource, B 1 more food."""
    st = table()
    a, (b, _) = st.current, others(st)
    res = [production_forecast(st, s).resources_produced for s in range(3)]
    food = [production_forecast(st, s).food_produced for s in range(3)]
    place(st, TRADE, a, b, "a")
    assert production_forecast(st, a).resources_produced == res[a] + 1
    assert production_forecast(st, a).food_produced == food[a]
    assert production_forecast(st, b).food_produced == food[b] + 1
    assert production_forecast(st, b).resources_produced == res[b]
    farms = st.civs[b].blue["A_agriculture"]
    production_phase(st, b)
    assert st.civs[b].blue["A_agriculture"] == farms + 2 + 1
    check_invariants(st)


def test_promise_of_military_protection_a_culture_b_strength_ends_on_attack() -> None:
    """MC: A +1 culture; B +4 strength, −1 culture; cancelled if either attacks the other
    (``conflict.ON_ATTACK``: event ``pact_ended``, the card to the discard pile)."""
    st = table()
    a, (b, _) = st.current, others(st)
    set_units(st.civs[b], "A_religion", 2)  # 2 culture to lose one of
    ra, rb = ratings(st.civs[a]), ratings(st.civs[b])
    place(st, PROTECTION, a, b, "a")
    assert ratings(st.civs[a])[CUL] == ra[CUL] + 1
    assert ratings(st.civs[b])[CUL] == rb[CUL] - 1 == 1
    assert ratings(st.civs[b])[STR] == rb[STR] + 4
    assert conflict.may_attack(st, b, a)  # it ends on an attack, it does not forbid one
    events = conflict.attacked(st, b, a)
    assert [(e.kind, e.params["reason"]) for e in events] == [("pact_ended", "attack")]
    assert st.pacts == [] and PROTECTION in st.military_discards[st.age]
    assert ratings(st.civs[b])[STR] == rb[STR]
    check_invariants(st)


def test_military_alliance_both_plus_three_strength_ends_on_attack() -> None:
    """MC: both +3 strength; cancelled if either attacks the other, not by others' attacks."""
    st = table()
    a, (b, c) = st.current, others(st)
    sa, sb = ratings(st.civs[a])[STR], ratings(st.civs[b])[STR]
    place(st, ALLIANCE, a, b)
    assert (ratings(st.civs[a])[STR], ratings(st.civs[b])[STR]) == (sa + 3, sb + 3)
    assert conflict.attacked(st, c, a) == [] and len(st.pacts) == 1
    assert [e.kind for e in conflict.attacked(st, a, b)] == ["pact_ended"]
    assert (ratings(st.civs[a])[STR], ratings(st.civs[b])[STR]) == (sa, sb)


def test_peace_treaty_both_plus_one_culture_no_attacks() -> None:
    """MC: parties cannot attack each other; both +1 culture."""
    st = table()
    a, (b, c) = st.current, others(st)
    ca, cb = ratings(st.civs[a])[CUL], ratings(st.civs[b])[CUL]
    place(st, PEACE, a, b)
    assert (ratings(st.civs[a])[CUL], ratings(st.civs[b])[CUL]) == (ca + 1, cb + 1)
    assert not conflict.may_attack(st, a, b) and not conflict.may_attack(st, b, a)
    assert conflict.may_attack(st, c, a)


def test_international_tourism_culture_per_partners_completed_wonder() -> None:
    """MC: each party +1 culture per wonder the other completed — also one completed while
    the pact is in play (``wonder.AFTER_COMPLETE``)."""
    st = table()
    a, (b, _) = st.current, others(st)
    st.civs[b].wonders = [pull(st, "A_pyramids")]
    ca, cb = ratings(st.civs[a])[CUL], ratings(st.civs[b])[CUL]
    place(st, TOURISM, a, b)
    assert (ratings(st.civs[a])[CUL], ratings(st.civs[b])[CUL]) == (ca + 1, cb)
    civ = st.civs[a]
    civ.wonder = pull(st, "A_colossus")
    civ.stages = len(wonder.STAGES["A_colossus"]) - 1
    civ.blue_bank -= civ.stages
    wonder.build_stages(st, a, 1, 0)
    assert "A_colossus" in civ.wonders
    assert ratings(st.civs[b])[CUL] == cb + 1


def test_loss_of_sovereignty_a_plus_two_b_minus_two_culture_no_war_on_b() -> None:
    """MC: parties cannot attack each other; A +2 culture, B −2; nobody may declare war on
    B (``pacts.war_forbidden``)."""
    st = table()
    a, (b, c) = st.current, others(st)
    set_units(st.civs[a], "A_religion", 3)
    ca, cb = ratings(st.civs[a])[CUL], ratings(st.civs[b])[CUL]
    place(st, SOVEREIGNTY, b, a, "a")  # the owner plays A, its partner B
    assert ratings(st.civs[b])[CUL] == cb + 2
    assert ratings(st.civs[a])[CUL] == ca - 2 == 1
    assert pacts.war_forbidden(st, a) and not pacts.war_forbidden(st, b)
    assert not pacts.war_forbidden(st, c)
    assert not conflict.may_attack(st, a, b) and not conflict.may_attack(st, b, a)


# -- age ends -------------------------------------------------------------------------------


def test_antiquated_pacts_leave_the_game_at_an_age_end() -> None:
    """L1847, L1948: at the end of Age II, pacts of Age I leave; Age II ones stay."""
    st = table()
    a, (b, c) = st.current, others(st)
    place(st, OPEN_BORDERS, a, b)
    place(st, SUPREMACY, b, c, "a")
    st.age = 2
    events = ages.end_age(st)
    ended = [e for e in events if e.kind == "pact_ended"]
    assert [(e.params["card"], e.params["reason"]) for e in ended] == [(OPEN_BORDERS, "age")]
    assert [p["card"] for p in st.pacts] == [SUPREMACY]
    assert OPEN_BORDERS in st.removed
    assert st.civs[a].pact_mods == {}


def test_a_military_action_lost_mid_turn_is_a_spent_one() -> None:
    """L907-L910 (X40): Open Borders leaves while its red token is spent: the spent count
    drops with the total, so the tokens still usable stay usable."""
    st = table()
    a, (b, _) = st.current, others(st)
    place(st, OPEN_BORDERS, a, b)
    civ = st.civs[a]
    total = military_total(civ)
    civ.ma_spent = 1
    st.age = 2
    ages.end_age(st)
    assert military_total(civ) == total - 1
    assert civ.ma_spent == 0


def _economy(mine_tokens: tuple[int, ...], bank: int, extra: int,
             values: tuple[int, ...] = (1, 5)) -> economy.EndOfTurn:
    return economy.end_of_turn(
        yellow_left=18, happiness=0, unused_workers=1, blue_bank=bank,
        farm_values=(1,), farm_tokens=(0,), farm_workers=(0,),
        mine_values=values, mine_tokens=mine_tokens, mine_workers=(0,) * len(values),
        science=0, science_rating=0, culture=0, culture_rating=0, extra_resources=extra)


def test_one_fewer_resource_is_paid_only_exactly() -> None:
    """Acceptance of Supremacy's B (MC "1 fewer"): paid from the mines when they can pay
    exactly — a lone 5-resource token (no lower card to make change on) is not lost."""
    out = _economy((2, 0), 16, -1)  # a full bank: no corruption
    assert (out.mine_tokens, out.resources_produced, out.blue_bank) == ((1, 0), -1, 17)
    out = _economy((1,), 16, -1, (5,))
    assert (out.mine_tokens, out.resources_produced) == ((1,), 0)
    out = _economy((0, 0), 16, -1)
    assert (out.mine_tokens, out.resources_produced) == ((0, 0), 0)


# -- wars -----------------------------------------------------------------------------------


def test_open_borders_counts_for_the_declarer_of_a_war_on_its_partner() -> None:
    """MC Open Borders: +2 for the attacker against its partner — at a war's resolution the
    declarer's (research §3.1), not the defender's, nor against someone else."""
    st = table()
    a, (b, c) = st.current, others(st)
    place(st, OPEN_BORDERS, b, a)
    war = {"card": "III_war_over_culture", "attacker": a, "defender": b}
    base_a, base_b = ratings(st.civs[a])[STR], ratings(st.civs[b])[STR]
    assert wars.side_strength(st, war, a) == base_a + 2
    assert wars.side_strength(st, war, b) == base_b
    other_war = {"card": "III_war_over_culture", "attacker": a, "defender": c}
    assert wars.side_strength(st, other_war, a) == base_a


def test_nobody_may_declare_war_on_loss_of_sovereigntys_b() -> None:
    """MC Loss of Sovereignty: no war on side B by anyone (a third seat too); B may still
    be attacked by aggressions from outside the pact (only the parties are protected)."""
    st = table()
    a, (b, c) = st.current, others(st)
    place(st, SOVEREIGNTY, a, b, "a")  # b plays B
    in_hand(st, c, "II_war_over_territory")
    st.civs[c].ma_spent = -10  # military actions to spare
    targets = {o.params["target_seat"] for o in wars.options(st, c)}
    assert b not in targets and a in targets
    assert conflict.may_attack(st, c, b)


def test_scientific_cooperation_prices_an_action_cards_development_too() -> None:
    """Breakthrough's ordered development (L1206: "paying normally") costs what developing
    costs: 2 science less with Scientific Cooperation, and a partner without the science for
    its part blocks it (found by a random game: the partner's science went to −1)."""
    from engines.tta.actions import action_cards

    st, a, b, _ = _science_table()
    civ = st.civs[a]
    civ.hand.append(pull(st, "I_breakthrough"))
    civ.science, st.civs[b].science = 2, 1
    targets = dict(action_cards.targets(st, a, "I_breakthrough"))
    assert targets["develop:I_alchemy"]["sci"] == 2
    assert targets["develop:I_alchemy"]["partner_seat"] == b
    assert targets["develop:I_alchemy"]["partner_sci"] == 1
    st.civs[b].science = 0
    assert "develop:I_alchemy" not in dict(action_cards.targets(st, a, "I_breakthrough"))
    st.civs[b].science = 1
    develop.do(st, a, "I_alchemy")
    assert (civ.science, st.civs[b].science) == (0, 0)


def test_only_an_unequal_pact_names_a_side_to_the_players() -> None:
    """L2055: the offerer names its side of an unequal pact; a symmetric pact (Peace Treaty)
    has none, so no option, question or event of it carries ``side`` (the sandbox told
    "taking side A" for a Peace Treaty)."""
    st = table()
    seat = st.current
    b, _ = others(st)
    in_hand(st, seat, PEACE)
    assert "side" not in politics_ids(st)[f"pact:{PEACE}:{b}"]
    events = ENGINE.apply(st, seat, f"pact:{PEACE}:{b}")
    offered = next(e for e in events if e.kind == "pact_offered")
    assert "side" not in offered.params
    asked = {p.seat: p for p in ENGINE.prompts(st)}
    assert "side" not in asked[b].params
    assert all("side" not in o.params for o in asked[b].options)
    events = ENGINE.apply(st, b, "accept")
    accepted = next(e for e in events if e.kind == "pact_accepted")
    assert "side" not in accepted.params
    assert st.pacts[0]["owner_side"] == "a"  # the engine's own bookkeeping keeps one
