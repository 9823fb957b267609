"""Pacts (scope §25; book L2029-L2063, L1847, L1948; PB ``conflict.pacts``; MC ``pact``).

Offering a pact is the political action (no military actions, ruling B13): the offerer
names the partner and, for an unequal pact, the side it plays itself (A or B, L2055-L2057).
The partner is asked (``interrupts``, prompt ``pact_offer``: ``accept`` / ``refuse``, timeout
``refuse``). Refused, the card goes back to the offerer's hand; accepted, it lies in the
offerer's area and the offerer's previous pact goes to the discard pile (L2041). Either
way the political phase is over (L2037). A party may cancel a pact — its own or one in a
partner's area — as its political action (L2041). Antiquated pacts leave the game at an
age end (L1847, L1948; ``antiquate``). Pacts exist at 3-4 players (L2035); when a
resignation leaves two, the pacts in hands and in the current military deck stay playable
between the two (ruling C15, FAQ pp. 11, 16): only the decks of ages not yet begun lose
theirs (ruling C8, ``resignation.retrim``).

A pact is in nobody's ``static_cards``, and its effects depend on two civilizations (the
partner's wonders for International Tourism), so each party's totals from pacts live in
``Civ.pact_mods`` (``ma``, ``strength``, ``culture``, ``resources``, ``food``), recomputed by
``refresh`` whenever a pact or a completed wonder changes; ``ratings`` reads them. That
keeps the rating cache (``ratings.reading``) right: it never sees a pact change mid-block.

Production: ``resources`` and ``food`` reach ``economy.end_of_turn`` (``extra_resources``,
``extra_food``; Acceptance of Supremacy's B "1 fewer" is paid from the mines when exact).
Wars: ``wars.STRENGTH_BONUS`` gets Open Borders' +2 for the declarer against its partner
(``attack_bonus``), ``wars.DECLARE_CHECKS`` Loss of Sovereignty's "nobody may declare war
on B" (``war_forbidden``). Developing: ``develop.SCIENCE_SHARES`` gets Scientific
Cooperation's "2 science less, the partner pays 1, or not at all" (``science_shares``;
peaceful change and revolution count as developing a technology, L997). Trading: Trade
Routes Agreement's "1 food as 1 resource" (A) / "1 resource as 1 food" (B) once a turn is
an action-phase option (``trade_route:<card>``, ``prompts.OPTION_SOURCES``) that converts
the unit: payments are never asked (tokens.py), so the party converts before it pays.
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Event, Option
from engines.core.fast import event, fast_option
from engines.core.seams import add_once
from engines.tta import ages, conflict, interrupts, politics, prompts, tokens, wars
from engines.tta.action_tokens import spent_first
from engines.tta.actions import develop, wonder
from engines.tta.catalogue import MILITARY
from engines.tta.facts import AGE
from engines.tta.state import Civ, TtaState

#: the pact cards' MC ``pact`` fields
PACTS: dict[str, dict[str, Any]] = {
    c.id: dict(c.pact or {}) for c in MILITARY.values() if c.category == "pact"}
SIDES = ("a", "b")
#: MC effect keys summed into ``Civ.pact_mods``
_MODS = {"military_actions": "ma", "strength": "strength",
         "culture_production": "culture", "resources_production": "resources",
         "food_production": "food"}


def effects(card: str, side: str) -> dict[str, Any]:
    """What ``card`` gives the party playing ``side`` (``both`` + ``side_<side>``)."""
    p = PACTS[card]
    return {**p.get("both", {}), **p.get(f"side_{side}", {})}


def other(side: str) -> str:
    return "b" if side == "a" else "a"


def parties(st: TtaState, seat: int) -> list[tuple[dict[str, Any], str, int]]:
    """Every pact ``seat`` is party to: ``(entry, seat's side, the other party)``."""
    out = []
    for p in st.pacts:
        if p["owner"] == seat:
            out.append((p, p["owner_side"], p["partner"]))
        elif p["partner"] == seat:
            out.append((p, other(p["owner_side"]), p["owner"]))
    return out


def refresh(st: TtaState) -> None:
    """Recompute every civilization's ``pact_mods`` from ``st.pacts`` (a military action
    lost mid-turn takes a spent red token first, L907-L910)."""
    for seat, civ in enumerate(st.civs):
        mods: dict[str, int] = {}
        for p, side, partner in parties(st, seat):
            for key, value in effects(p["card"], side).items():
                if key in _MODS and isinstance(value, int) and not isinstance(value, bool):
                    mods[_MODS[key]] = mods.get(_MODS[key], 0) + value
                elif key == "culture_per_partner_completed_wonder":
                    mods["culture"] = (mods.get("culture", 0)
                                       + value * len(st.civs[partner].wonders))
        mods = {k: v for k, v in mods.items() if v}
        if mods != civ.pact_mods:
            with spent_first(civ):  # a red token lost mid-turn: a spent one first (X40)
                civ.pact_mods = mods


def attack_bonus(st: TtaState, attacker: int, defender: int) -> int:
    """Strength ``attacker`` adds when attacking ``defender`` (Open Borders Agreement: +2
    against a partner, MC ``attacker_strength_bonus_between_parties``)."""
    return sum(int(PACTS[p["card"]].get("attacker_strength_bonus_between_parties", 0))
               for p, _, partner in parties(st, attacker) if partner == defender)


def war_forbidden(st: TtaState, defender: int) -> bool:
    """Nobody may declare war on ``defender`` (Loss of Sovereignty's side B, MC
    ``no_one_may_declare_war_on``)."""
    return any(effects(p["card"], side).get("no_one_may_declare_war_on")
               for p, side, _ in parties(st, defender))


def science_shares(st: TtaState, seat: int) -> list[tuple[int, int, int]]:
    """``develop.SCIENCE_SHARES``: Scientific Cooperation — developing a technology costs
    2 science less and the partner pays 1; a partner who cannot pay blocks it (MC
    ``tech_science_discount``, ``partner_pays_science``, ``blocked_if_partner_cannot_pay``)."""
    out = []
    for p, side, partner in parties(st, seat):
        eff = effects(p["card"], side)
        if "tech_science_discount" in eff or "partner_pays_science" in eff:
            out.append((partner, int(eff.get("tech_science_discount", 0)),
                        int(eff.get("partner_pays_science", 0))))
    return out


#: Trade Routes Agreement's MC keys: (paid kind, gained kind, option key) per side
_TRADES = {"may_use_food_as_resource_per_turn": ("farm", "mine", "trade_food_for_resource"),
           "may_use_resource_as_food_per_turn": ("mine", "farm", "trade_resource_for_food")}


def _trades(st: TtaState, seat: int) -> list[tuple[str, str, str, str, int]]:
    """``(card, paid, gained, key, partner)`` per trade ``seat``'s pacts allow it."""
    return [(p["card"], *_TRADES[key], partner)
            for p, side, partner in parties(st, seat)
            for key in effects(p["card"], side) if key in _TRADES]


def _convert(civ: Civ, paid: str, gained: str) -> bool:
    """Pay 1 ``paid`` and gain 1 ``gained`` (farm: food, mine: resource); ``False`` and
    nothing changed unless both happen in full (stock, bank, change-making)."""
    blue, bank = dict(civ.blue), civ.blue_bank
    if tokens.pay(civ, paid, 1) and tokens.gain(civ, gained, 1) == 1:
        return True
    civ.blue, civ.blue_bank = blue, bank
    return False


def trade_options(st: TtaState, seat: int) -> list[Option]:
    """``prompts.OPTION_SOURCES``: Trade Routes Agreement, once a turn — side A turns
    1 food into 1 resource (``trade_food_for_resource``), side B 1 resource into 1 food
    (``trade_resource_for_food``); only when it works in full (tried on a copy)."""
    civ = st.civs[seat]
    out = []
    for card, paid, gained, key, partner in _trades(st, seat):
        if civ.marks.get(f"trade:{card}"):
            continue
        trial = civ.model_copy(update={"blue": dict(civ.blue)})
        if _convert(trial, paid, gained):
            out.append(fast_option(f"trade_route:{card}", key,
                                   {"card": card, "partner_seat": partner}, card, None,
                                   "other"))
    return out


def trade(st: TtaState, seat: int, card: str) -> list[Event]:
    """Spend 1 food as 1 resource (A) or 1 resource as 1 food (B), once a turn (MC
    ``may_use_food_as_resource_per_turn`` / ``may_use_resource_as_food_per_turn``):
    the engine's payments are never asked (tokens.py), so the party converts the unit
    first and spends it with the next payment (ruling in the README)."""
    civ = st.civs[seat]
    _, paid, gained, _, partner = next(t for t in _trades(st, seat) if t[0] == card)
    done = _convert(civ, paid, gained)
    assert done, card  # offered only when it works
    civ.marks[f"trade:{card}"] = 1
    params = {"card": card, "partner_seat": partner}
    if gained == "mine":
        return [event("traded_food_for_resource", seat, params)]
    return [event("traded_resource_for_food", seat, params)]


def _war_bonus(st: TtaState, war: dict[str, Any], seat: int) -> int:
    """``wars.STRENGTH_BONUS``: the declarer's "when attacking" bonus at the resolution
    (Open Borders, research §3.1)."""
    return attack_bonus(st, seat, war["defender"]) if seat == war["attacker"] else 0


def _no_war_on(st: TtaState, attacker: int, defender: int) -> bool:
    """``wars.DECLARE_CHECKS``: Loss of Sovereignty's B may not be declared war on."""
    return war_forbidden(st, defender)


def _forbids(st: TtaState, attacker: int, defender: int) -> bool:
    """``conflict.ATTACK_CHECKS``: a pact between them forbids attacks (MC
    ``forbids_attack_between_parties``: Acceptance of Supremacy, Peace Treaty, Loss of
    Sovereignty)."""
    return any(PACTS[p["card"]].get("forbids_attack_between_parties")
               for p, _, partner in parties(st, attacker) if partner == defender)


def _ends_on_attack(st: TtaState, attacker: int, defender: int) -> list[Event]:
    """``conflict.ON_ATTACK``: pacts between them that end when one attacks the other (MC
    ``ends_if_parties_attack_each_other``: Promise of Military Protection, Military
    Alliance) go to the discard pile."""
    ending = [p for p, _, partner in parties(st, attacker)
              if partner == defender and PACTS[p["card"]].get("ends_if_parties_attack_each_other")]
    events = []
    for p in ending:
        _discard(st, p)
        events.append(event("pact_ended", None, {"card": p["card"], "owner_seat": p["owner"],
                                                 "partner_seat": p["partner"],
                                                 "reason": "attack"}))
    if ending:
        refresh(st)
    return events


def _discard(st: TtaState, entry: dict[str, Any]) -> None:
    st.pacts = [p for p in st.pacts if p is not entry]
    st.military_discards[min(st.age, 3)].append(entry["card"])


# -- the political options ---------------------------------------------------------------


def options(st: TtaState, seat: int) -> list[Option]:
    """``pact:<card>:<partner>[:<side>]`` per pact in the hand, partner and (unequal
    pacts) side; ``cancel_pact:<card>`` per pact ``seat`` is party to."""
    civ = st.civs[seat]
    out: list[Option] = []
    # also with two players left after a resignation: a pact in the hand stays playable
    # between the two (ruling C15, FAQ pp. 11, 16); only later decks lose theirs (C8)
    for card in dict.fromkeys(c for c in civ.military if c in PACTS):
        sides = ("a",) if PACTS[card].get("symmetric") else SIDES
        for partner in range(st.players):
            if partner == seat or st.civs[partner].resigned:
                continue
            for side in sides:
                oid = f"pact:{card}:{partner}" + ("" if len(sides) == 1 else f":{side}")
                out.append(fast_option(oid, "offer_pact",
                                       {"card": card, "partner_seat": partner,
                                        **sided(card, side)},
                                       card, None, "play"))
    for p, side, partner in parties(st, seat):
        out.append(fast_option(f"cancel_pact:{p['card']}", "cancel_pact",
                               {"card": p["card"], "partner_seat": partner,
                                **sided(p["card"], side)},
                               None, None, "other"))
    return out


def sided(card: str, side: str) -> dict[str, str]:
    """``{"side": side}`` for an unequal pact (the words name it, L2055); nothing for a
    symmetric one, whose internal side ``a`` means nothing to a player."""
    return {} if PACTS[card].get("symmetric") else {"side": side}


def offer(st: TtaState, seat: int, arg: str) -> list[Event]:
    """Offer ``card`` to ``partner``, shown face up (it stays in the hand until the answer,
    so it is always in one place); the partner is asked (L2037)."""
    card, _, rest = arg.partition(":")
    partner_s, _, side = rest.partition(":")
    partner, side = int(partner_s), side or "a"
    events = [event("pact_offered", seat, {"card": card, "partner_seat": partner,
                                           **sided(card, side)})]
    events.extend(interrupts.start(st, "pact_offer", seat, card, partner, side))
    return events


def _offer_effect(ctx: interrupts.TtaCtx, seat: int, card: str, partner: int,
                  side: str) -> None:
    st = ctx.gs
    params = {"card": card, "offerer_seat": seat, **sided(card, other(side))}
    answer = ctx.ask(partner, "pact_offer",
                     [["accept", "accept_pact", params, card],
                      ["refuse", "refuse_pact", params, card]],
                     params, default="refuse")
    if answer == "refuse":  # back to the hand: it never left it
        ctx.emit("pact_refused", partner, {"card": card, "offerer_seat": seat})
        return
    st.civs[seat].military.remove(card)
    replaced = next((p for p in st.pacts if p["owner"] == seat), None)
    if replaced is not None:
        _discard(st, replaced)
    st.pacts = [*st.pacts, {"card": card, "owner": seat, "partner": partner,
                            "owner_side": side}]
    refresh(st)
    ctx.emit("pact_accepted", partner, {
        "card": card, "offerer_seat": seat, **sided(card, side),
        "replaced": None if replaced is None else replaced["card"]})


def cancel(st: TtaState, seat: int, card: str) -> list[Event]:
    """A party cancels the pact (L2041): it goes to the discard pile."""
    entry = next(p for p, _, _ in parties(st, seat) if p["card"] == card)
    _discard(st, entry)
    refresh(st)
    return [event("pact_cancelled", seat, {"card": card, "owner_seat": entry["owner"],
                                           "partner_seat": entry["partner"]})]


def antiquate(st: TtaState, old: int) -> list[Event]:
    """At an age end, pacts of level ``old`` or less leave the game (L1847, L1948)."""
    gone = [p for p in st.pacts if AGE[p["card"]] <= old]
    if not gone:
        return []
    st.pacts = [p for p in st.pacts if AGE[p["card"]] > old]
    st.removed.extend(p["card"] for p in gone)
    refresh(st)
    return [event("pact_ended", None, {"card": p["card"], "owner_seat": p["owner"],
                                       "partner_seat": p["partner"], "reason": "age"})
            for p in gone]


def register() -> None:
    """Plug the pact rules into the seams (idempotent). ``undo_window.FINAL_RULES`` lists
    ``cancel_pact`` itself: the pact goes to the face-down discard pile, which closes the
    window (``wars`` imports this module while ``undo_window`` is being imported)."""
    add_once(politics.OPTION_SOURCES, options)
    politics.ACTIONS.update({"pact": offer, "cancel_pact": cancel})
    interrupts.EFFECTS["pact_offer"] = _offer_effect
    add_once(conflict.ATTACK_CHECKS, _forbids)
    add_once(conflict.ON_ATTACK, _ends_on_attack)
    add_once(wars.STRENGTH_BONUS, _war_bonus)
    add_once(wars.DECLARE_CHECKS, _no_war_on)
    add_once(prompts.OPTION_SOURCES, trade_options)
    prompts.RULE_ACTIONS["trade_route"] = trade
    add_once(develop.SCIENCE_SHARES, science_shares)
    add_once(ages.ON_AGE_END, antiquate)
    add_once(wonder.AFTER_COMPLETE, _after_wonder)


def _after_wonder(st: TtaState, seat: int) -> None:
    """A completed wonder may change a partner's International Tourism culture."""
    if st.pacts:
        refresh(st)


register()
