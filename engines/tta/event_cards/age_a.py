"""The ten Age A events: every player benefits (scope §19; L1376-L1384).

Choices are asked of every player at once (their choices cannot affect each other: the
result is the one of asking clockwise from the current player, L1378; platform §4.5). An
ordered action follows the basic rules without paying actions (L1380, L1412); a free build
pays no resources but still needs an unused worker and obeys the urban limit (L1380,
L1382, ruling B22); "gain population" is free (L1384, ruling B9).
"""

from __future__ import annotations

from engines.core.suspend import OptionRow
from engines.tta import tokens
from engines.tta.actions import develop, population
from engines.tta.actions.build import urban_count
from engines.tta.actions.costs import build_cost
from engines.tta.event_cards import effects
from engines.tta.event_cards.targets import clockwise
from engines.tta.events import RESOLVERS
from engines.tta.facts import KIND, SUBTYPE
from engines.tta.interrupts import Question, TtaCtx
from engines.tta.ratings import civil_total, urban_limit
from engines.tta.state import Civ

TEMPLE = "A_religion"
WARRIORS = "A_warriors"


def _gain_all(ctx: TtaCtx, **amounts: int) -> bool:
    for seat in clockwise(ctx.gs):
        effects.gain(ctx, seat, **amounts)
    return False


def agriculture(ctx: TtaCtx) -> bool:
    """Development of Agriculture: every civilization gains 2 food."""
    return _gain_all(ctx, food=2)


def crafts(ctx: TtaCtx) -> bool:
    """Development of Crafts: every civilization gains 2 resources."""
    return _gain_all(ctx, resources=2)


def science(ctx: TtaCtx) -> bool:
    """Development of Science: every civilization scores 2 science."""
    return _gain_all(ctx, science=2)


def trade_routes(ctx: TtaCtx) -> bool:
    """Development of Trade Routes: 1 science, 1 food and 1 resource each."""
    return _gain_all(ctx, science=1, food=1, resources=1)


def markets(ctx: TtaCtx) -> bool:
    """Development of Markets: each player chooses 2 food or 2 resources."""
    opts: list[OptionRow] = [["food", "food", {"food": 2}, None],
                             ["resources", "resources", {"resources": 2}, None]]
    seats = clockwise(ctx.gs)
    answers = ctx.ask_all([Question(s, "event_choice", opts, {"event": "markets"})
                           for s in seats])
    for seat in seats:
        if answers[seat] == "food":
            effects.gain(ctx, seat, food=2)
        else:
            effects.gain(ctx, seat, resources=2)
    return False


def politics(ctx: TtaCtx) -> bool:
    """Development of Politics: each player draws 3 military cards (the hand limit
    applies only at one's own end of turn)."""
    for seat in clockwise(ctx.gs):
        effects.draw(ctx, seat, 3)
    return False


def settlement(ctx: TtaCtx) -> bool:
    """Development of Settlement: each civilization gains 1 population for free."""
    for seat in clockwise(ctx.gs):
        effects.gain_population(ctx, seat, 1)
    return False


def _free_build(ctx: TtaCtx, card: str, event_name: str) -> bool:
    """Each player with an unused worker may build ``card`` for free (L1380-L1382)."""
    st = ctx.gs
    seats = []
    for seat in clockwise(st):
        civ = st.civs[seat]
        if civ.pool < 1 or card not in civ.workers:
            continue
        if KIND[card] == "urban" and urban_count(civ, SUBTYPE[card]) >= urban_limit(civ):
            continue  # ruling B22: the urban limit still applies
        seats.append(seat)
    opts: list[OptionRow] = [[f"build:{card}", "build", {"card": card, "res": 0}, card],
                             ["decline", "decline", {}, None]]
    answers = ctx.ask_all([Question(s, "event_choice", opts, {"event": event_name})
                           for s in seats])
    for seat in seats:
        if answers[seat] != "decline":
            civ = st.civs[seat]
            civ.pool -= 1
            civ.workers[card] += 1
            ctx.emit("built", seat, {"card": card, "res": 0, "free": True})
    return False


def religion(ctx: TtaCtx) -> bool:
    """Development of Religion: each with an unused worker may build a free temple."""
    return _free_build(ctx, TEMPLE, "religion")


def warfare(ctx: TtaCtx) -> bool:
    """Development of Warfare: each with an unused worker may build free Warriors."""
    return _free_build(ctx, WARRIORS, "warfare")


def civilization_options(civ: Civ) -> list[OptionRow]:
    """Development of Civilization's choices for ``civ``: increase population (1 food
    less), build a farm, mine or urban building (1 resource less) or develop a
    technology (1 science less; a revolution too, ruling C5), no action paid."""
    out: list[OptionRow] = []
    food = population.food_cost(civ)
    if food is not None and tokens.food(civ) >= max(0, food - 1):
        out.append(["pop", "increase_population", {"food": max(0, food - 1)}, None])
    if civ.pool:
        res = tokens.resources(civ)
        for t in civ.workers:
            kind = KIND[t]
            if kind not in ("farm", "mine", "urban"):
                continue
            cost = max(0, build_cost(civ, t) - 1)
            if res < cost:
                continue
            if kind == "urban" and urban_count(civ, SUBTYPE[t]) >= urban_limit(civ):
                continue
            out.append([f"build:{t}", "build", {"card": t, "res": cost}, t])
    for t in dict.fromkeys(civ.hand):
        if not develop.may_develop(civ, t):
            continue
        cost = max(0, develop.science_cost(civ, t) - 1)
        if cost <= civ.science:
            out.append([f"develop:{t}", "develop", {"card": t, "sci": cost}, t])
        if KIND[t] == "government" and civ.ca_spent == 0:
            rcost = max(0, develop.science_cost(civ, t, revolution=True) - 1)
            if rcost <= civ.science:
                out.append([f"revolution:{t}", "revolution",
                            {"card": t, "sci": rcost, "ca": civil_total(civ)}, t])
    if out:
        out.append(["decline", "decline", {}, None])
    return out


def civilization(ctx: TtaCtx) -> bool:
    """Development of Civilization: each may do one discounted action, no action paid."""
    st = ctx.gs
    questions = []
    for seat in clockwise(st):
        opts = civilization_options(st.civs[seat])
        if opts:
            questions.append(Question(seat, "event_choice", opts,
                                      {"event": "civilization"}))
    for seat, answer in ctx.ask_all(questions).items():
        civ = st.civs[seat]
        kind, _, card = answer.partition(":")
        if kind == "pop":
            cost = population.food_cost(civ)
            assert cost is not None
            tokens.pay(civ, "farm", max(0, cost - 1))
            civ.yellow_bank -= 1
            civ.pool += 1
            ctx.emit("population", seat, {"food": max(0, cost - 1), "ca": 0})
        elif kind == "build":
            cost = max(0, build_cost(civ, card) - 1)
            tokens.pay(civ, "mine", cost)
            civ.pool -= 1
            civ.workers[card] += 1
            ctx.emit("built", seat, {"card": card, "res": cost})
        elif kind == "develop":
            full = develop.science_cost(civ, card)
            spent = civ.ca_spent
            ctx.events.extend(develop.do(st, seat, card))
            civ.ca_spent = spent  # no action paid (L1380)
            civ.science += min(1, full)
        elif kind == "revolution":
            full = develop.science_cost(civ, card, revolution=True)
            ctx.events.extend(develop.revolution(st, seat, card))
            civ.science += min(1, full)
    return False


RESOLVERS.update({
    "A_development_of_agriculture": agriculture,
    "A_development_of_crafts": crafts,
    "A_development_of_markets": markets,
    "A_development_of_politics": politics,
    "A_development_of_religion": religion,
    "A_development_of_science": science,
    "A_development_of_settlement": settlement,
    "A_development_of_trade_routes": trade_routes,
    "A_development_of_warfare": warfare,
    "A_development_of_civilization": civilization,
})
