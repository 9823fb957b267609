"""Develop a technology, change government peacefully, or by revolution.

Develop (L924-L942): 1 civil action + the science cost; the card enters play (L936); farm,
mine, urban and unit technologies need workers to do anything (L944-L972). Special
technologies act at once, one per type: the higher level stays and the lower leaves the
game, even when the lower is the one just developed (L974-L987, L1054).
Peaceful change (L989-L1016): counts as developing (L999), 1 civil action + the higher
cost (L1008); the old government leaves (L1012); spent tokens stay spent, new ones are
usable at once (L1014, X15). Revolution (L1020-L1044): only with no civil action spent
this turn (L1028, L1036); the lower cost (L1029); every civil action is spent, the new
ones too (L1032, L1038); military actions untouched (L1040, X16).
Options ``develop:<card>`` and ``revolution:<card>``; never for a card named like one in
play (``may_develop``, L1050, ruling C14).

Seams: ``SCIENCE_MODIFIERS[card in play](civ, tech, cost)`` (Shakespeare, Bach …) and
``ON_DEVELOP[card in play](st, seat, tech)`` (Leonardo, Newton, Einstein; a revolution
counts, L999); ``MILITARY_REVOLUTION`` (cards in play with which a revolution costs every
military action instead of every civil one: Robespierre) and ``ON_REVOLUTION[card in
play](st, seat, government)`` (Robespierre's culture). Science restricted to unit
technologies this turn (Winston Churchill, ``marks['mil_sci']``) pays for them first
(``science_funds``, ``pay_science``; option and event param ``mil_sci``).
``SCIENCE_SHARES(st, seat)``: pacts that lower a development's cost and make a partner pay
a part (Scientific Cooperation; option and event params ``partner_seat``, ``partner_sci``).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import Event, Option
from engines.core.fast import event, fast_option
from engines.tta.action_tokens import spent_first
from engines.tta.facts import AGE, KIND, NAME, REVOLUTION, SCIENCE, SUBTYPE
from engines.tta.play import discard_civil, enter, in_play_named, leave, named_in_play
from engines.tta.ratings import (
    civil_left,
    civil_total,
    military_left,
    military_total,
    static_cards,
    static_tuple,
)
from engines.tta.state import Civ, TtaState

SCIENCE_MODIFIERS: dict[str, Callable[[Civ, str, int], int]] = {}
ON_DEVELOP: dict[str, Callable[[TtaState, int, str], None]] = {}
MILITARY_REVOLUTION: set[str] = set()
ON_REVOLUTION: dict[str, Callable[[TtaState, int, str], None]] = {}
#: ``SCIENCE_SHARES[i](st, seat)``: pacts sharing the cost of developing a technology
#: (Scientific Cooperation): ``(partner, discount, partner pays)`` per pact
SCIENCE_SHARES: list[Callable[[TtaState, int], list[tuple[int, int, int]]]] = []

TECHS = frozenset({"farm", "mine", "urban", "unit", "special", "government"})


def may_develop(civ: Civ, card: str) -> bool:
    """``card`` (in the hand) is a technology that may enter play: none of its name is in
    play already (L1050, ruling C14) — every path that develops asks this (the action,
    action cards, Development of Civilization)."""
    return KIND[card] in TECHS and not in_play_named(civ, card)


def science_cost(civ: Civ, card: str, revolution: bool = False) -> int:
    return _science_cost(civ, card, revolution, science_modifiers(civ))


def science_modifiers(civ: Civ) -> list[Callable[[Civ, str, int], int]]:
    """The ``SCIENCE_MODIFIERS`` of ``civ``'s cards in play, in play order."""
    if not SCIENCE_MODIFIERS:
        return []
    mods = SCIENCE_MODIFIERS
    return [m for c in static_tuple(civ) if (m := mods.get(c)) is not None]


def _science_cost(civ: Civ, card: str, revolution: bool,
                  mods: list[Callable[[Civ, str, int], int]]) -> int:
    """``science_cost`` with the ``mods`` found once for every card priced."""
    cost = REVOLUTION[card] if revolution else SCIENCE[card]
    for mod in mods:
        cost = mod(civ, card, cost)
    return max(0, cost)


def shared_cost(st: TtaState, seat: int, cost: int) -> tuple[int, dict[int, int]]:
    """``cost`` less the pacts' discounts, and what each partner pays (``SCIENCE_SHARES``);
    a partner's part counts even when the discount already reached 0."""
    return _shared(cost, share_terms(st, seat))


def share_terms(st: TtaState, seat: int) -> list[tuple[int, int, int]]:
    """Every ``SCIENCE_SHARES`` pact's ``(partner, discount, partner pays)`` for ``seat``."""
    return [term for source in SCIENCE_SHARES for term in source(st, seat)]


def _shared(cost: int, terms: list[tuple[int, int, int]]) -> tuple[int, dict[int, int]]:
    """``shared_cost`` with the pacts' ``terms`` found once for every card priced."""
    shares: dict[int, int] = {}
    for partner, discount, pays in terms:
        cost = max(0, cost - discount)
        shares[partner] = shares.get(partner, 0) + pays
    return cost, shares


def partners_can_pay(st: TtaState, shares: dict[int, int]) -> bool:
    """Every partner has the science its share asks (if one cannot, no development)."""
    return all(st.civs[p].science >= n for p, n in shares.items())


def restricted_science(civ: Civ, card: str) -> int:
    """This turn's science usable only for ``card`` as a unit technology (Winston
    Churchill's choice, CC: "usable only for military-unit technologies"); 0 otherwise."""
    return civ.marks.get("mil_sci", 0) if KIND[card] == "unit" else 0


def science_funds(civ: Civ, card: str) -> int:
    """Science that may pay for developing ``card``."""
    return civ.science + restricted_science(civ, card)


def pay_science(civ: Civ, card: str, cost: int) -> int:
    """Pay ``cost`` for developing ``card``, the restricted science first (it is lost at
    the end of the turn); returns the restricted part."""
    use = min(restricted_science(civ, card), cost)
    if use:
        civ.marks["mil_sci"] -= use
    civ.science -= cost - use
    return use


def revolution_by_military(civ: Civ) -> bool:
    """A revolution costs every military action instead of every civil one (Robespierre)."""
    return bool(MILITARY_REVOLUTION) and not MILITARY_REVOLUTION.isdisjoint(static_tuple(civ))


def options(st: TtaState, seat: int) -> list[Option]:
    civ = st.civs[seat]
    ca = civil_left(civ)
    by_mil = revolution_by_military(civ)
    if ca < 1 and not by_mil:
        return []
    out = []
    seen: set[str] = set()
    names: set[str] | None = None  # ``may_develop``'s names in play, found once
    mods = science_modifiers(civ)
    terms = share_terms(st, seat) if SCIENCE_SHARES else []
    for card in civ.hand:
        if card in seen or KIND[card] not in TECHS:
            continue
        if names is None:
            names = named_in_play(civ)
        if NAME[card] in names:
            continue
        seen.add(card)
        cost, shares = _shared(_science_cost(civ, card, False, mods), terms)
        if (ca >= 1 and cost <= science_funds(civ, card)
                and (not shares or partners_can_pay(st, shares))):
            params = {"card": card, "ca": 1, "sci": cost}
            if shares:  # Scientific Cooperation: the partner's part
                params.update(share_params(shares))
            restricted = min(restricted_science(civ, card), cost)
            if restricted:
                params["mil_sci"] = restricted  # of ``sci``, paid by Churchill's science
            out.append(fast_option(f"develop:{card}", "develop", params, card, None, "play"))
        # no civil action spent this turn (L1028; <= 0: Hammurabi's converted one) — or,
        # with Robespierre, no military action spent and at least one to pay with
        if KIND[card] == "government" and (
                (civ.ma_spent == 0 and military_left(civ) >= 1) if by_mil
                else civ.ca_spent <= 0):
            rcost, rshares = _shared(_science_cost(civ, card, True, mods), terms)
            if rcost <= civ.science and (not rshares or partners_can_pay(st, rshares)):
                pay = {"ma": military_left(civ)} if by_mil else {"ca": ca}
                rparams = {"card": card, **pay, "sci": rcost}
                if rshares:
                    rparams.update(share_params(rshares))
                out.append(fast_option(f"revolution:{card}", "revolution", rparams, card,
                                       None, "play"))
    return out


def _into_play(st: TtaState, seat: int, card: str) -> list[Event]:
    """``card`` leaves the hand and enters play (the government replaces the old one)."""
    civ = st.civs[seat]
    civ.hand.remove(card)
    if card in civ.taken:
        civ.taken.remove(card)
    kind = KIND[card]
    events: list[Event] = []
    if kind == "government":
        old = civ.government
        leave(st, seat, old)
        discard_civil(st, old)
        civ.government = card
        enter(st, seat, card)
        return events
    if kind == "special":
        rival = next((t for t in civ.techs
                      if KIND[t] == "special" and SUBTYPE[t] == SUBTYPE[card]), None)
        if rival is not None and AGE[rival] >= AGE[card]:
            discard_civil(st, card)  # the lower one, just developed, leaves (L979)
            events.append(event("technology_obsolete", seat, {"card": card}))
            return events
        if rival is not None:
            leave(st, seat, rival)
            civ.techs.remove(rival)
            discard_civil(st, rival)
            events.append(event("technology_obsolete", seat, {"card": rival}))
    civ.techs.append(card)
    if kind in ("farm", "mine", "urban", "unit"):
        civ.workers[card] = 0
        if kind in ("farm", "mine"):
            civ.blue[card] = 0
    enter(st, seat, card)
    return events


def _after(st: TtaState, seat: int, card: str) -> None:
    if ON_DEVELOP:
        for c in static_cards(st.civs[seat]):
            hook = ON_DEVELOP.get(c)
            if hook is not None:
                hook(st, seat, card)


def share_params(shares: dict[int, int]) -> dict[str, int]:
    """The option and event params of a partner's part (one partner: one pact per card);
    none without a share."""
    if not shares:
        return {}
    partner, pays = next(iter(shares.items()))
    return {"partner_seat": partner, "partner_sci": pays}


def do(st: TtaState, seat: int, card: str) -> list[Event]:
    civ = st.civs[seat]
    cost, shares = shared_cost(st, seat, science_cost(civ, card))
    civ.ca_spent += 1
    restricted = pay_science(civ, card, cost)
    params: dict[str, object] = {"card": card, "sci": cost}
    if restricted:
        params["mil_sci"] = restricted
    for partner, pays in shares.items():
        st.civs[partner].science -= pays
    if shares:
        params.update(share_params(shares))
    events = [event("developed", seat, params)]
    with spent_first(civ):  # fewer tokens with the new government: spent ones first (L910)
        events.extend(_into_play(st, seat, card))
    _after(st, seat, card)
    return events


def revolution(st: TtaState, seat: int, card: str) -> list[Event]:
    civ = st.civs[seat]
    cost, shares = shared_cost(st, seat, science_cost(civ, card, revolution=True))
    civ.science -= cost
    rparams: dict[str, object] = {"card": card, "sci": cost, "from": civ.government}
    for partner, pays in shares.items():
        st.civs[partner].science -= pays
    if shares:
        rparams.update(share_params(shares))
    events = [event("revolution", seat, rparams)]
    by_mil = revolution_by_military(civ)
    events.extend(_into_play(st, seat, card))
    # the new government's actions are spent too (L1038)
    if by_mil:
        civ.ma_spent = military_total(civ)
    else:
        civ.ca_spent = civil_total(civ)
    _after(st, seat, card)
    if ON_REVOLUTION:
        for c in static_cards(civ):
            hook = ON_REVOLUTION.get(c)
            if hook is not None:
                hook(st, seat, card)
    return events
