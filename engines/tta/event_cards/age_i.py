"""The fifteen Age I events (scope §19; MC ``event``): good, bad or both, some aimed at
the strongest / weakest (``targets``: ties to the current player then clockwise, L1394;
"two" means one at 2 players, L1402)."""

from __future__ import annotations

from engines.core.suspend import OptionRow
from engines.tta import tokens
from engines.tta.event_cards import effects
from engines.tta.event_cards.targets import (
    all_with_most,
    clockwise,
    most_culture,
    strongest,
    two_strongest,
    two_weakest,
    weakest,
)
from engines.tta.events import RESOLVERS
from engines.tta.facts import CUL, HAPPY, KIND, SCI
from engines.tta.interrupts import Question, TtaCtx
from engines.tta.ratings import civil_left, ratings


def barbarians(ctx: TtaCtx) -> bool:
    """Barbarians: the culture leader, if among the two weakest, loses 1 population."""
    st = ctx.gs
    leader = most_culture(st)
    if leader in two_weakest(st):
        effects.lose_population(ctx, {leader: 1}, "barbarians")
    return False


def border_conflict(ctx: TtaCtx) -> bool:
    """Border Conflict: the weakest destroys one of its farms, mines or urban buildings
    (its choice); the strongest gains 3 resources."""
    st = ctx.gs
    loser, winner = weakest(st), strongest(st)
    cards = [t for t in effects.worker_cards(st.civs[loser])
             if KIND[t] in ("farm", "mine", "urban")]
    card = ctx.choose_card(loser, "destroy_building", cards,
                           params={"event": "border_conflict"})
    if card is not None:
        effects.destroy(ctx, loser, card)
    effects.gain(ctx, winner, resources=3)
    return False


def crusades(ctx: TtaCtx) -> bool:
    """Crusades: the strongest scores 4 culture, the weakest loses 4."""
    st = ctx.gs
    effects.gain(ctx, strongest(st), culture=4)
    effects.gain(ctx, weakest(st), culture=-4)
    return False


def cultural_influence(ctx: TtaCtx) -> bool:
    """Cultural Influence: culture equal to one's culture rating."""
    for seat in clockwise(ctx.gs):
        effects.gain(ctx, seat, culture=ratings(ctx.gs.civs[seat])[CUL])
    return False


def scientific_breakthrough(ctx: TtaCtx) -> bool:
    """Scientific Breakthrough: science equal to one's science rating."""
    for seat in clockwise(ctx.gs):
        effects.gain(ctx, seat, science=ratings(ctx.gs.civs[seat])[SCI])
    return False


def mix_options(total: int, food: int | None = None,
                resources: int | None = None) -> list[OptionRow]:
    """``mix:<food>``: ``food`` food and ``total - food`` resources; with stocks given,
    only the splits both stocks can pay (losses)."""
    out: list[OptionRow] = []
    for f in range(total + 1):
        r = total - f
        if food is not None and resources is not None and (f > food or r > resources):
            continue
        out.append([f"mix:{f}", "mix", {"food": f, "resources": r}, None])
    return out


def foray(ctx: TtaCtx) -> bool:
    """Foray: each of the two strongest gains 3 food and/or resources, any mix."""
    seats = two_strongest(ctx.gs)
    answers = ctx.ask_all([Question(s, "event_choice", mix_options(3), {"event": "foray"})
                           for s in seats])
    for seat in seats:
        f = int(answers[seat][4:])
        effects.gain(ctx, seat, food=f, resources=3 - f)
    return False


def raiders(ctx: TtaCtx) -> bool:
    """Raiders: each of the two weakest loses 2 food and/or resources in all (everything
    when it holds less; asked only when several splits are possible)."""
    st = ctx.gs
    questions = []
    forced: dict[int, tuple[int, int]] = {}
    for seat in two_weakest(st):
        civ = st.civs[seat]
        food, res = tokens.food(civ), tokens.resources(civ)
        opts = mix_options(2, food, res)
        if len(opts) > 1:
            questions.append(Question(seat, "event_choice", opts, {"event": "raiders"}))
        elif opts:
            forced[seat] = (opts[0][2]["food"], opts[0][2]["resources"])
        else:
            forced[seat] = (food, res)  # less than 2 in all: everything
    answers = ctx.ask_all(questions)
    for seat in two_weakest(st):
        if seat in answers:
            f = int(answers[seat][4:])
            effects.lose(ctx, seat, food=f, resources=2 - f)
        else:
            f, r = forced[seat]
            effects.lose(ctx, seat, food=f, resources=r)
    return False


def good_harvest(ctx: TtaCtx) -> bool:
    """Good Harvest: every civilization produces food (no corruption, no consumption)."""
    for seat in clockwise(ctx.gs):
        ctx.emit("event_effect", seat, {"food": effects.produce(ctx.gs, seat, "farm")})
    return False


def new_deposits(ctx: TtaCtx) -> bool:
    """New Deposits: every civilization produces resources (no corruption)."""
    for seat in clockwise(ctx.gs):
        ctx.emit("event_effect", seat,
                 {"resources": effects.produce(ctx.gs, seat, "mine")})
    return False


def immigration(ctx: TtaCtx) -> bool:
    """Immigration: all tied for the most happy faces gain 1 population for free."""
    st = ctx.gs
    for seat in all_with_most(st, lambda s: ratings(st.civs[s])[HAPPY]):
        effects.gain_population(ctx, seat, 1)
    return False


def pestilence(ctx: TtaCtx) -> bool:
    """Pestilence: every civilization loses 1 population (an unused worker if any)."""
    effects.lose_population(ctx, dict.fromkeys(clockwise(ctx.gs), 1), "pestilence")
    return False


def reign_of_terror(ctx: TtaCtx) -> bool:
    """Reign of Terror: the weakest loses 1 population."""
    effects.lose_population(ctx, {weakest(ctx.gs): 1}, "reign_of_terror")
    return False


def rats(ctx: TtaCtx) -> bool:
    """Rats: every civilization loses all its stored food."""
    for seat in clockwise(ctx.gs):
        civ = ctx.gs.civs[seat]
        effects.lose(ctx, seat, food=tokens.food(civ))
    return False


def rebellion(ctx: TtaCtx) -> bool:
    """Rebellion: 2 civil actions spent without effect per discontent worker. Another
    player's stay spent until its own end-of-turn reset (scope §19 ⚠, L1805-L1809)."""
    st = ctx.gs
    for seat in clockwise(st):
        civ = st.civs[seat]
        lost = min(2 * effects.discontent(civ, ratings(civ)[HAPPY]), max(0, civil_left(civ)))
        if lost:
            civ.ca_spent += lost
            ctx.emit("civil_actions_lost", seat, {"count": lost})
    return False


def uncertain_borders(ctx: TtaCtx) -> bool:
    """Uncertain Borders: the strongest takes 1 yellow token from the weakest's yellow
    bank into its own (each player's token count changes: the box bookkeeping moves)."""
    st = ctx.gs
    taker, victim = strongest(st), weakest(st)
    loser = st.civs[victim]
    if loser.yellow_bank:
        loser.yellow_bank -= 1
        loser.yellow_box -= 1
        st.civs[taker].yellow_bank += 1
        st.civs[taker].yellow_box += 1
        ctx.emit("yellow_taken", taker, {"from_seat": victim})
    return False


RESOLVERS.update({
    "I_barbarians": barbarians,
    "I_border_conflict": border_conflict,
    "I_crusades": crusades,
    "I_cultural_influence": cultural_influence,
    "I_foray": foray,
    "I_good_harvest": good_harvest,
    "I_immigration": immigration,
    "I_new_deposits": new_deposits,
    "I_pestilence": pestilence,
    "I_raiders": raiders,
    "I_rats": rats,
    "I_rebellion": rebellion,
    "I_reign_of_terror": reign_of_terror,
    "I_scientific_breakthrough": scientific_breakthrough,
    "I_uncertain_borders": uncertain_borders,
})
