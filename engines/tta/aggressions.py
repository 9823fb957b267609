"""Aggressions and the defense against them (scope §23; PB ``conflict.aggression``; book
L1997-L2011, L2200-L2208; ruling B11; example X41).

**Playing one** (L1999): the political option ``aggression:<card>:<defender>`` for each
aggression card in the military hand and each legal defender — ``conflict.may_attack``
(never oneself, never with Gandhi in play, never across a forbidding pact), a defender
strictly weaker than the attacker by strength rating (ruling B11, PB), and enough military
actions left for ``conflict.attack_cost`` (Gandhi's owner costs double). Infiltrate needs a
leader or an unfinished wonder to remove (MC ``requires``) and Annex a colony to take: an
aggression that could do nothing is not offered. The card is played face up, the military
actions are paid, the card goes to its age's discards, and ``conflict.attacked`` runs the
pacts' ``ON_ATTACK``. It closes the undo window (``params.final``: the option names a card of
the hand; ``undo_window.CLOSING`` lists ``aggression``, since hand to face-down discards
alone would look like a discard).

**Defense** (L2003-L2005, L2206-L2208; X41): the defender is asked privately (a reaction,
prompt ``defend``), one card per answer: ``bonus:<card>`` plays a bonus card for its defense
value (MC ``defense``), ``drop:<card>`` discards another military card face down for +1,
``done`` stops (also the timeout: no defense). At most as many cards in all as the
defender's total military actions (not the ones left). The defense holds when strength +
defense ≥ the attacker's strength: ties go to the defender (L2003 "持平或赶超"). No unit is
sacrificed (L2200-L2204); the cards used go to their age's discards. The event
``defended`` names the bonus cards played and counts the discards only.

**Effects** when the defense fails (L2007; MC ``effect``), the attacker choosing where the
card leaves a choice (``plunder``, ``raid``, ``annex``, ``infiltrate`` prompts; timeout: the
first option): Enslave (the victim loses 1 population, the attacker gains 2 food and 2
resources), Plunder I/II/III (up to 3/5/7 food and/or resources from the victim's stored
goods, the attacker's mix), Raid I/II/III (destroy one or two urban buildings of capped
ages, gain half each one's printed build cost rounded up, in resources), Annex (a colony
changes hands with its permanent symbols, its one-time effect not repeated), Infiltrate
(the victim's leader or unfinished wonder leaves the game, 3 culture per level), Spy (up
to 5 science) and Armed Intervention (up to 7 culture).

The Great Wall gives no separate defense bonus in this edition: its +1 strength per
infantry and artillery (CC ability ``strength_per_unit``) is part of the strength rating,
so it counts in attack and defense alike.
"""

from __future__ import annotations

from engines.core.contract import Event, Option
from engines.core.fast import event, fast_option
from engines.core.seams import add_once
from engines.core.suspend import OptionRow
from engines.tta import colonization, conflict, interrupts, pacts, politics, tokens
from engines.tta.catalogue import MILITARY
from engines.tta.event_cards import effects
from engines.tta.event_cards.age_ii import discard_military
from engines.tta.facts import AGE, BONUS, BUILD, KIND
from engines.tta.interrupts import TtaCtx
from engines.tta.play import add_blue, discard_civil, leave, remove_blue, remove_yellow
from engines.tta.ratings import military_left, military_total, strength
from engines.tta.state import TtaState

AGGRESSIONS: tuple[str, ...] = tuple(c.id for c in MILITARY.values()
                                     if c.category == "aggression")
#: each aggression's printed effect (MC ``effect``)
EFFECT: dict[str, dict[str, object]] = {c: dict(MILITARY[c].effect or {})
                                        for c in AGGRESSIONS}
#: what the defender discards face down adds to the defense (L2004)
DISCARD_DEFENSE = 1
#: culture per level of the card Infiltrate removes (MC)
INFILTRATE_CULTURE = 3


def _has_target(st: TtaState, card: str, defender: int) -> bool:
    """Whether the card's effect has something to take (MC ``requires``)."""
    civ = st.civs[defender]
    eff = EFFECT[card]
    if "remove_from_game" in eff:
        return civ.leader is not None or civ.wonder is not None
    if "take_colony" in eff:
        return bool(civ.colonies)
    return True


def _ending_strength(st: TtaState, seat: int, other: int) -> int:
    """Strength ``seat`` has from pacts with ``other`` that end when either attacks the
    other (MC ``ends_if_parties_attack_each_other``: Military Alliance, Promise of Military
    Protection): it does not count in an attack between them (PB ``conflict.aggression``)."""
    return sum(int(pacts.effects(p["card"], side).get("strength", 0))
               for p, side, partner in pacts.parties(st, seat)
               if partner == other
               and pacts.PACTS[p["card"]].get("ends_if_parties_attack_each_other"))


def attack_strength(st: TtaState, attacker: int, defender: int) -> int:
    """The attacker's strength against ``defender``: its rating, without the pacts that end
    on this attack, plus Open Borders' bonus against a partner (``pacts.attack_bonus``)."""
    return (strength(st.civs[attacker]) - _ending_strength(st, attacker, defender)
            + pacts.attack_bonus(st, attacker, defender))


def defense_strength(st: TtaState, attacker: int, defender: int) -> int:
    """The defender's strength rating without the pacts that end on this attack."""
    return strength(st.civs[defender]) - _ending_strength(st, defender, attacker)


def targets(st: TtaState, seat: int, card: str) -> list[int]:
    """The seats ``seat`` may play ``card`` against (ruling B11)."""
    left = military_left(st.civs[seat])
    return [d for d in range(st.players)
            if conflict.may_attack(st, seat, d)
            and defense_strength(st, seat, d) < attack_strength(st, seat, d)
            and conflict.attack_cost(st, seat, d, card) <= left
            and _has_target(st, card, d)]


def options(st: TtaState, seat: int) -> list[Option]:
    """``aggression:<card>:<defender>`` for every legal card and defender."""
    civ = st.civs[seat]
    out = []
    for card in dict.fromkeys(civ.military):
        if KIND[card] != "aggression":
            continue
        for d in targets(st, seat, card):
            out.append(fast_option(
                f"aggression:{card}:{d}", "aggression",
                {"card": card, "ma": conflict.attack_cost(st, seat, d, card),
                 "target_seat": d}, card, None, "play"))
    return out


def play(st: TtaState, seat: int, arg: str) -> list[Event]:
    """The card is played against the defender: pay, discard it, the pacts' reaction, then
    the defense and the effect (an ``interrupts`` effect: it asks the defender)."""
    card, _, target = arg.rpartition(":")
    defender = int(target)
    civ = st.civs[seat]
    cost = conflict.attack_cost(st, seat, defender, card)
    civ.military.remove(card)
    civ.ma_spent += cost
    discard_military(st, card)
    events = [event("aggression", seat, {"card": card, "target_seat": defender, "ma": cost})]
    events.extend(conflict.attacked(st, seat, defender))
    events.extend(interrupts.start(st, "aggression", seat, card, defender))
    return events


# -- the defense -------------------------------------------------------------------------


def defense_options(st: TtaState, seat: int) -> tuple[list[str], list[str]]:
    """The defender's bonus cards and other military cards, oldest age first."""
    hand = st.civs[seat].military
    bonus = sorted(dict.fromkeys(c for c in hand if KIND[c] == "bonus"),
                   key=lambda c: (AGE[c], c))
    other = sorted(dict.fromkeys(c for c in hand if KIND[c] != "bonus"),
                   key=lambda c: (AGE[c], c))
    return bonus, other


def defend(ctx: TtaCtx, attacker: int, card: str, defender: int) -> bool:
    """The defender's cards, one per answer (X41); ``True`` when the defense holds."""
    st = ctx.gs
    civ = st.civs[defender]
    attack = attack_strength(st, attacker, defender)
    base = defense_strength(st, attacker, defender)  # the ending pacts have ended by now
    limit = military_total(civ)
    played: list[str] = []
    dropped: list[str] = []
    while len(played) + len(dropped) < limit and civ.military:
        total = base + sum(BONUS[b][0] for b in played) + DISCARD_DEFENSE * len(dropped)
        bonus, other = defense_options(st, defender)
        opts: list[OptionRow] = [["done", "defend_done", {"defense": total}, None]]
        opts += [[f"bonus:{b}", "bonus", {"card": b, "value": BONUS[b][0]}, b] for b in bonus]
        opts += [[f"drop:{c}", "defense_discard", {"card": c, "value": DISCARD_DEFENSE}, c]
                 for c in other]
        answer = ctx.ask(defender, "defend", opts,
                         {"card": card, "attacker_seat": attacker, "attack": attack,
                          "defense": total, "cards_left": limit - len(played) - len(dropped)},
                         True, layout="pick", default="done")
        if answer == "done":
            break
        kind, _, pick = answer.partition(":")
        civ.military.remove(pick)  # to the discards now: every card stays in one place
        discard_military(st, pick)
        (played if kind == "bonus" else dropped).append(pick)
    total = base + sum(BONUS[b][0] for b in played) + DISCARD_DEFENSE * len(dropped)
    held = total >= attack  # ties favour the defender (L2003)
    ctx.emit("defended", defender, {"card": card, "attacker_seat": attacker,
                                    "attack": attack, "defense": total, "bonus": played,
                                    "discarded": len(dropped), "held": held})
    return held


# -- the effects -------------------------------------------------------------------------


def _choose(ctx: TtaCtx, seat: int, kind: str, opts: list[OptionRow],
            params: dict[str, object]) -> str | None:
    """The attacker's pick among ``opts`` (asked only when there is a choice)."""
    if not opts:
        return None
    if len(opts) == 1:
        return opts[0][0]
    return ctx.ask(seat, kind, opts, params)


def _plunder(ctx: TtaCtx, attacker: int, card: str, victim: int, n: int) -> None:
    """Up to ``n`` food and/or resources, the attacker's mix (the most there is to take)."""
    civ = ctx.gs.civs[victim]
    food, res = tokens.food(civ), tokens.resources(civ)
    take = min(n, food + res)
    opts: list[OptionRow] = [
        [f"take:{f}", "plunder_take", {"food": f, "resources": take - f}, None]
        for f in range(max(0, take - res), min(take, food) + 1)]
    answer = _choose(ctx, attacker, "plunder", opts, {"card": card, "target_seat": victim,
                                                      "total": take})
    f = int(answer[5:]) if answer else 0
    r = take - f
    effects.lose(ctx, victim, food=f, resources=r)
    effects.gain(ctx, attacker, food=f, resources=r)


def _take_points(ctx: TtaCtx, attacker: int, victim: int, field: str, n: int) -> None:
    """Up to ``n`` science or culture moves from the victim to the attacker."""
    st = ctx.gs
    took = min(n, getattr(st.civs[victim], field))
    setattr(st.civs[victim], field, getattr(st.civs[victim], field) - took)
    setattr(st.civs[attacker], field, getattr(st.civs[attacker], field) + took)
    ctx.emit("taken", attacker, {"target_seat": victim, field: took})


def raid_gain(building: str) -> int:
    """Half the building's printed build cost, rounded up (MC; discounts ignored)."""
    return (BUILD[building] + 1) // 2


def _raid(ctx: TtaCtx, attacker: int, card: str, victim: int,
          caps: list[dict[str, int]]) -> None:
    """One urban building per cap, highest cap first (the attacker picks which)."""
    st = ctx.gs
    civ = st.civs[victim]
    gained = 0
    for cap in sorted((c["max_level"] for c in caps), reverse=True):
        built = sorted((t for t, n in civ.workers.items()
                        if n and KIND[t] == "urban" and AGE[t] <= cap),
                       key=lambda t: (AGE[t], t))
        opts: list[OptionRow] = [[f"building:{t}", "building",
                                  {"card": t, "resources": raid_gain(t)}, t] for t in built]
        answer = _choose(ctx, attacker, "raid", opts,
                         {"card": card, "target_seat": victim, "max_level": cap})
        if answer is None:
            continue
        building = answer[9:]
        effects.destroy(ctx, victim, building)
        gained += raid_gain(building)
    if gained:
        effects.gain(ctx, attacker, resources=gained)


def _annex(ctx: TtaCtx, attacker: int, card: str, victim: int) -> None:
    """A colony changes hands: its permanent symbols move (ruling B7 for yellow tokens the
    victim's bank lacks), its one-time effect is not repeated (MC)."""
    st = ctx.gs
    loser, winner = st.civs[victim], st.civs[attacker]
    opts: list[OptionRow] = [[f"colony:{c}", "colony", {"card": c}, c]
                             for c in sorted(dict.fromkeys(loser.colonies),
                                             key=lambda c: (AGE[c], c))]
    answer = _choose(ctx, attacker, "annex", opts, {"card": card, "target_seat": victim})
    if answer is None:
        return
    colony = answer[7:]
    perm = colonization.PERMANENT[colony]
    yellow = perm.get("yellow_tokens", 0)
    blue = perm.get("blue_tokens", 0)
    loser.colonies.remove(colony)
    remove_yellow(loser, yellow)
    if blue > 0:
        remove_blue(loser, blue)
    elif blue < 0:
        add_blue(loser, -blue)
    winner.colonies.append(colony)
    winner.yellow_bank += yellow
    winner.yellow_box += yellow
    if blue > 0:
        add_blue(winner, blue)
    elif blue < 0:
        remove_blue(winner, -blue)
    ctx.emit("annexed", attacker, {"card": colony, "target_seat": victim})


def _infiltrate(ctx: TtaCtx, attacker: int, card: str, victim: int) -> None:
    """The victim's leader or unfinished wonder leaves the game; 3 culture per level."""
    st = ctx.gs
    civ = st.civs[victim]
    opts: list[OptionRow] = []
    if civ.leader is not None:
        opts.append([f"leader:{civ.leader}", "leader", {"card": civ.leader}, civ.leader])
    if civ.wonder is not None:
        opts.append([f"wonder:{civ.wonder}", "wonder", {"card": civ.wonder}, civ.wonder])
    answer = _choose(ctx, attacker, "infiltrate", opts,
                     {"card": card, "target_seat": victim})
    if answer is None:
        return
    kind, _, removed = answer.partition(":")
    if kind == "leader":
        ctx.events.extend(leave(st, victim, removed))
        civ.leader = None
    else:
        civ.blue_bank += civ.stages  # the stages' tokens go back to the bank (L1845)
        civ.wonder = None
        civ.stages = 0
    discard_civil(st, removed)
    culture = INFILTRATE_CULTURE * AGE[removed]
    st.civs[attacker].culture += culture
    ctx.emit("infiltrated", attacker, {"card": removed, "target_seat": victim,
                                       "culture": culture})


def _resolve(ctx: TtaCtx, attacker: int, card: str, defender: int) -> None:
    """The defense, then the card's effect if it failed (L2007; L2025: held, nothing)."""
    if defend(ctx, attacker, card, defender):
        return
    eff = EFFECT[card]
    ctx.emit("aggression_succeeded", attacker, {"card": card, "target_seat": defender})
    if "victim_lose_population" in eff:
        effects.lose_population(ctx, {defender: int(str(eff["victim_lose_population"]))},
                                card)
        gain = eff["attacker_gain"]
        assert isinstance(gain, dict)
        effects.gain(ctx, attacker, food=int(gain.get("food", 0)),
                     resources=int(gain.get("resources", 0)))
    elif "take_from_victim" in eff:
        take = eff["take_from_victim"]
        assert isinstance(take, dict)
        if "food_or_resources" in take:
            _plunder(ctx, attacker, card, defender, int(take["food_or_resources"]))
        for field in ("science", "culture"):
            if field in take:
                _take_points(ctx, attacker, defender, field, int(take[field]))
    elif "destroy_victim_urban_buildings" in eff:
        caps = eff["destroy_victim_urban_buildings"]
        assert isinstance(caps, list)
        _raid(ctx, attacker, card, defender, caps)
    elif "take_colony" in eff:
        _annex(ctx, attacker, card, defender)
    elif "remove_from_game" in eff:
        _infiltrate(ctx, attacker, card, defender)
    else:  # pragma: no cover - every printed family is handled above
        raise ValueError(f"no effect for {card}")


def register() -> None:
    """Plug the aggressions into the political phase (idempotent)."""
    add_once(politics.OPTION_SOURCES, options)
    politics.ACTIONS["aggression"] = play
    interrupts.EFFECTS["aggression"] = _resolve


register()
