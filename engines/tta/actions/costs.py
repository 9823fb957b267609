"""Cost rules shared by several actions: construction discounts (L1145-L1151), the
military-only resource credit (L1256-L1264), action and token affordability."""

from __future__ import annotations

from collections.abc import Callable

from engines.tta import tokens
from engines.tta.facts import AGE, BUILD, CONSTRUCTION, KIND, SUBTYPE
from engines.tta.ratings import pass_scratch, static_tuple
from engines.tta.state import Civ

#: ``BUILD_COST_MODIFIERS[card in play](civ, card_built, cost)`` returns the new resource
#: cost of building on ``card_built`` (William Shakespeare); upgrades pay the difference
BUILD_COST_MODIFIERS: dict[str, Callable[[Civ, str, int], int]] = {}


def construction(civ: Civ) -> str | None:
    """The construction technology in play, if any (one per type, L979)."""
    for t in civ.techs:
        if t in CONSTRUCTION:
            return t
    return None


def build_cost(civ: Civ, card: str) -> int:
    """Resources to build on ``card``: urban buildings are cheaper by the construction
    technology's discount for their level (L1145-L1151, X20)."""
    if card in civ.workers and pass_scratch(civ) is not None:
        return build_costs(civ)[card]
    return _build_cost(civ, card, construction(civ), build_modifiers(civ))


def build_modifiers(civ: Civ) -> list[Callable[[Civ, str, int], int]]:
    """The ``BUILD_COST_MODIFIERS`` of ``civ``'s cards in play, in play order."""
    if not BUILD_COST_MODIFIERS:
        return []
    mods = BUILD_COST_MODIFIERS
    return [m for c in static_tuple(civ) if (m := mods.get(c)) is not None]


def _build_cost(civ: Civ, card: str, built: str | None,
                mods: list[Callable[[Civ, str, int], int]]) -> int:
    """``build_cost`` with the construction technology ``built`` and the ``mods`` found
    once for every card priced."""
    cost = BUILD[card]
    if built is not None and KIND[card] == "urban":
        cost = max(0, cost - CONSTRUCTION[built][0][AGE[card]])
    for mod in mods:
        cost = max(0, mod(civ, card, cost))
    return cost


def build_costs(civ: Civ) -> dict[str, int]:
    """``build_cost`` of every card with workers in play (``civ.workers``), in one pass;
    kept while a ``ratings.reading`` block runs (the build, upgrade and action card
    options all ask them). Not to be changed by the caller."""
    scratch = pass_scratch(civ)
    if scratch is not None:
        costs: dict[str, int] | None = scratch.get(_BUILD_COSTS)
        if costs is None:
            costs = scratch[_BUILD_COSTS] = _build_costs(civ)
        return costs
    return _build_costs(civ)


_BUILD_COSTS = "build_costs"


def _build_costs(civ: Civ) -> dict[str, int]:
    built = construction(civ)
    mods = build_modifiers(civ)
    return {t: _build_cost(civ, t, built, mods) for t in civ.workers}


def upgrade_cost(civ: Civ, src: str, dst: str) -> int:
    """The difference of the two (discounted) build costs (L1058-L1080, L1145-L1151)."""
    return max(0, build_cost(civ, dst) - build_cost(civ, src))


def stages_per_action(civ: Civ) -> int:
    """Wonder stages one civil action may build: 1, or 2/3/4 with a construction
    technology (L987)."""
    c = construction(civ)
    return CONSTRUCTION[c][1] if c is not None else 1


def military_funds(civ: Civ) -> int:
    """Resources usable for units: stored resources + this turn's military-only credit
    (Patriotism, Homer: ``marks['mil_credit']``)."""
    return tokens.resources(civ) + civ.marks.get("mil_credit", 0)


def pay_military(civ: Civ, amount: int) -> bool:
    """Pay for a unit, the military credit first (L1256-L1264)."""
    credit = civ.marks.get("mil_credit", 0)
    use = min(credit, amount)
    if not tokens.pay(civ, "mine", amount - use):
        return False
    if use:
        civ.marks["mil_credit"] = credit - use
    return True


def same_line(a: str, b: str) -> bool:
    """Both cards are of one upgrade line: same kind and, for urban buildings and units,
    the same type (L1058-L1080, L1120-L1143, L1153-L1165)."""
    return KIND[a] == KIND[b] and SUBTYPE.get(a) == SUBTYPE.get(b)
