"""Wars (scope §24; book L2013-L2027, L2210-L2214; PB ``conflict.war``, ``turn_structure``,
``ages``; research.md §2-§3; MC war cards).

A war is declared as the political action (option ``war:<card>:<defender>``): the declarer
pays the card's military actions (``conflict.attack_cost``: double against Gandhi's owner),
the ``conflict.ON_ATTACK`` rules run (pacts that end), and ``{"card", "attacker",
"defender"}`` joins ``TtaState.wars``; the card lies face up in the declarer's area until the
war is resolved. Unlike an aggression there is no strength condition (PB), but no war may be
declared in the last round, nor in Age IV unless the declarer gets another turn (PB
``ages.age_iv``) — the same condition, since Age IV always has its last round set.

The war resolves at the start of the declarer's next turn, after the replenish (PB
``turn_structure.start_of_turn``, ruling B3; ``turn.begin_turn``), on
current strength only: no card is played, discarded or sacrificed (L2021-L2023, L2210-L2214).
Either side may win (L2025); the advantage, the difference, sets the loss (L2027); a tie does
nothing (PB). "When attacking" bonuses count for the declarer through the ``STRENGTH_BONUS``
seam (Open Borders, research §3.1); a pact may forbid the war (``conflict.may_attack``, and
the war-only ``DECLARE_CHECKS`` seam: Loss of Sovereignty). The pact rules fill both seams
(``pacts.attack_bonus``, ``pacts.war_forbidden``; a module-level import of ``pacts`` here
would be circular through ``undo_window``). Declared wars survive age ends (PB
``ages.on_age_end`` does not list them); an antiquated war card leaves the game when resolved
instead of being discarded. The short game's War over Culture declared from the table
(``short_game.py``, ruling C11) is an entry with ``played``: the face-up card is no card of
that war, so ``release`` leaves it on the table when the war resolves or is cancelled.

Effects (MC ``effect.loser_gives_winner``), each a transfer from the loser to the winner,
capped by what the loser has:
War over Territory: 1 yellow token + 1 per full 5 points of advantage, from the yellow bank;
War over Technology (ruling C13, Code of Laws p. 3: the winner may mix): the winner takes
the loser's special technologies whose science costs total no more than the advantage, then
the rest of the advantage as science (capped by the loser's science). Asked through
``interrupts`` (question ``war_spoils``: ``tech:<card>`` one at a time, and ``science``, "the
rest as science", which finishes — after any number of technologies, none included — and
is the timeout; no question when no technology can be taken). Only a special technology
better than the winner's own of its type is offered (a lower or equal one would be
discarded at once, L979), and none named like a card in the winner's hand (L632, L1050,
ruling C14); it replaces the winner's, which is discarded, and the action tokens lost on
either side are the spent ones first (``action_tokens.spent_first``). The event tells both:
``technologies`` (when any) and ``science``;
War over Culture: 5 + advantage culture.

The resolution runs as an ``interrupts`` effect (``EFFECTS["wars"]``; ``turn.begin_turn`` runs
its own ``turn_start`` effect that resolves the wars, then goes on with the turn), so the
winner's question suspends the start of the turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.contract import Event, Option
from engines.core.fast import event, fast_option
from engines.core.seams import add_once
from engines.core.suspend import OptionRow
from engines.tta import conflict, interrupts, politics
from engines.tta.action_tokens import spent_first
from engines.tta.facts import AGE, KIND, SCIENCE, SUBTYPE
from engines.tta.play import discard_civil, enter, holds_named, leave
from engines.tta.ratings import military_left, strength
from engines.tta.state import TtaState

TERRITORY = "II_war_over_territory"
TECHNOLOGY = "II_war_over_technology"
CULTURE = "III_war_over_culture"

#: War over Territory: 1 yellow token, plus 1 per this many points of advantage (MC)
TERRITORY_STEP = 5
#: War over Culture: the culture taken besides the advantage (MC)
CULTURE_BASE = 5

#: ``STRENGTH_BONUS[i](st, war, seat) -> int``: strength a side adds at the war's resolution
#: (Open Borders: the declarer's +2 against its partner, ``pacts.attack_bonus``)
STRENGTH_BONUS: list[Callable[[TtaState, dict[str, Any], int], int]] = []
#: ``DECLARE_CHECKS[i](st, attacker, defender) -> True`` when a war (not an aggression) is
#: forbidden (Loss of Sovereignty: nobody may declare war on side B, ``pacts.war_forbidden``)
DECLARE_CHECKS: list[Callable[[TtaState, int, int], bool]] = []


def may_declare(st: TtaState, seat: int) -> bool:
    """No war in the last round; in Age IV only if the declarer gets another turn — both
    read as "a round follows this one" (PB ``conflict.war``, ``ages.age_iv``)."""
    return st.last_round is None or st.round < st.last_round


def options(st: TtaState, seat: int) -> list[Option]:
    """``war:<card>:<defender>`` for each war card in hand and each defender ``conflict.
    may_attack`` allows that the military actions left can pay (no strength condition)."""
    civ = st.civs[seat]
    cards = [c for c in dict.fromkeys(civ.military) if KIND[c] == "war"]
    if not cards or not may_declare(st, seat):
        return []
    ma = military_left(civ)
    out: list[Option] = []
    for card in cards:
        for defender in range(st.players):
            if not conflict.may_attack(st, seat, defender) or any(
                    check(st, seat, defender) for check in DECLARE_CHECKS):
                continue
            cost = conflict.attack_cost(st, seat, defender, card)
            if cost <= ma:
                out.append(fast_option(f"war:{card}:{defender}", "declare_war",
                                       {"card": card, "ma": cost, "target_seat": defender},
                                       card, None, "play"))
    return out


def declare(st: TtaState, seat: int, arg: str) -> list[Event]:
    """Declare the war: pay, run the attack rules, the card goes face up to the area."""
    card, _, target = arg.partition(":")
    defender = int(target)
    civ = st.civs[seat]
    cost = conflict.attack_cost(st, seat, defender, card)
    civ.military.remove(card)
    civ.ma_spent += cost
    events = [event("war_declared", seat, {"card": card, "target_seat": defender, "ma": cost})]
    events.extend(conflict.attacked(st, seat, defender))
    st.wars = [*st.wars, {"card": card, "attacker": seat, "defender": defender}]
    return events


def side_strength(st: TtaState, war: dict[str, Any], seat: int) -> int:
    """A side's strength at the resolution: its current rating plus ``STRENGTH_BONUS``
    (the declarer's bonus for attacking, research §3.1)."""
    return strength(st.civs[seat]) + sum(bonus(st, war, seat) for bonus in STRENGTH_BONUS)


def due(st: TtaState, seat: int) -> bool:
    """``seat`` declared a war that resolves now (at the start of its turn)."""
    return any(w["attacker"] == seat for w in st.wars)


def resolve_due(st: TtaState, seat: int) -> list[Event]:
    """Resolve the wars ``seat`` declared, as an effect that may ask the winner."""
    return interrupts.start(st, "wars", seat) if due(st, seat) else []


def resolve_in(ctx: interrupts.TtaCtx, seat: int) -> None:
    """The effect: each war ``seat`` declared, in declaration order."""
    for war in [w for w in ctx.gs.wars if w["attacker"] == seat]:
        resolve(ctx, war)


def resolve(ctx: interrupts.TtaCtx, war: dict[str, Any]) -> None:
    """One war: the stronger side takes from the other; the card is discarded."""
    st = ctx.gs
    card, attacker, defender = war["card"], war["attacker"], war["defender"]
    a, d = side_strength(st, war, attacker), side_strength(st, war, defender)
    winner: int | None = None
    moved: dict[str, Any] = {}
    if a != d:
        winner, loser = (attacker, defender) if a > d else (defender, attacker)
        moved = _effect(ctx, card, winner, loser, abs(a - d))
    # the war leaves play only now: while the winner chooses it is still in the area
    i = st.wars.index(war)
    st.wars = st.wars[:i] + st.wars[i + 1:]
    release(st, war)
    ctx.emit("war_resolved", None, {
        "card": card, "attacker_seat": attacker, "defender_seat": defender,
        "winner_seat": winner, "advantage": abs(a - d), "strengths": [a, d], **moved})


def _effect(ctx: interrupts.TtaCtx, card: str, winner: int, loser: int,
            advantage: int) -> dict[str, Any]:
    """Move the card's spoils from the loser to the winner (capped by what the loser has)."""
    st = ctx.gs
    won, lost = st.civs[winner], st.civs[loser]
    if card == TERRITORY:
        n = min(1 + advantage // TERRITORY_STEP, lost.yellow_bank)
        lost.yellow_bank -= n
        lost.yellow_box -= n  # the tokens change owner: each player's count moves with them
        won.yellow_bank += n
        won.yellow_box += n
        return {"yellow": n}
    if card == TECHNOLOGY:
        return _technology(ctx, winner, loser, advantage)
    if card == CULTURE:
        n = min(CULTURE_BASE + advantage, lost.culture)
        lost.culture -= n
        won.culture += n
        return {"culture": n}
    raise ValueError(f"not a war card: {card}")


def takeable(st: TtaState, winner: int, loser: int, budget: int) -> list[str]:
    """The loser's special technologies the winner may take within ``budget`` science: each
    better than the winner's own of its type (none, or a lower age), none named like a card
    in the winner's hand or play area (L632, L1050, ruling C14)."""
    won = st.civs[winner]
    own = {SUBTYPE[t]: AGE[t] for t in won.techs if KIND[t] == "special"}
    return [t for t in st.civs[loser].techs
            if KIND[t] == "special" and SCIENCE[t] <= budget
            and own.get(SUBTYPE[t], -1) < AGE[t] and not holds_named(won, t)]


#: ``war_spoils``: take the rest of the advantage as science — the finishing answer, and the
#: timeout
REST = "science"


def _technology(ctx: interrupts.TtaCtx, winner: int, loser: int,
                advantage: int) -> dict[str, Any]:
    """War over Technology (ruling C13): the winner picks the loser's special technologies
    one at a time while any fits the budget left, then takes the rest as science (capped by
    the loser's science). Returns what moved: ``technologies`` (if any) and ``science``."""
    st = ctx.gs
    lost, won = st.civs[loser], st.civs[winner]
    budget = advantage
    taken: list[str] = []
    while techs := takeable(st, winner, loser, budget):
        rows: list[OptionRow] = [
            [f"tech:{t}", "war_technology", {"card": t, "sci": SCIENCE[t]}, t] for t in techs]
        rows.append([REST, "war_rest_science", {"science": min(budget, lost.science)}, None])
        answer = ctx.ask(winner, "war_spoils", rows,
                         {"card": TECHNOLOGY, "advantage": advantage, "budget": budget,
                          "loser_seat": loser}, default=REST)
        if not answer.startswith("tech:"):  # the rest as science (a stored "done" too)
            break
        tech = answer.removeprefix("tech:")
        ctx.events.extend(_move_special(st, loser, winner, tech))
        budget -= SCIENCE[tech]
        taken.append(tech)
    n = min(budget, lost.science)
    lost.science -= n
    won.science += n
    return {"technologies": taken, "science": n} if taken else {"science": n}


def _move_special(st: TtaState, loser: int, winner: int, tech: str) -> list[Event]:
    """``tech`` leaves the loser's play area for the winner's, replacing (and discarding) the
    winner's lower one of its type; the events of the cards' leave hooks."""
    lost, won = st.civs[loser], st.civs[winner]
    with spent_first(lost):
        events = leave(st, loser, tech)
        lost.techs.remove(tech)
    with spent_first(won):
        rival = next((t for t in won.techs
                      if KIND[t] == "special" and SUBTYPE[t] == SUBTYPE[tech]), None)
        if rival is not None:
            events.extend(leave(st, winner, rival))
            won.techs.remove(rival)
            discard_civil(st, rival)
        won.techs.append(tech)
        enter(st, winner, tech)
    return events


def release(st: TtaState, war: dict[str, Any]) -> None:
    """A war that left ``st.wars`` (resolved or cancelled) gives up its card: discarded —
    except the short game's face-up War over Culture (an entry with ``played``: the war card
    played for it was discarded at the declaration), which stays face up (ruling C11)."""
    if "played" not in war:
        _discard(st, war["card"])


def _discard(st: TtaState, card: str) -> None:
    """To its age's discard pile; a card of an age that has ended leaves the game (its pile
    left with it, L1859-L1861)."""
    age = AGE[card]
    if age < st.age:
        st.removed.append(card)
    else:
        st.military_discards[age].append(card)


def register() -> None:
    """Plug the war option into the political phase (idempotent)."""
    add_once(politics.OPTION_SOURCES, options)
    politics.ACTIONS["war"] = declare
    interrupts.EFFECTS["wars"] = resolve_in


register()
