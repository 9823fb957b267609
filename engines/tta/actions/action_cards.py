"""Play an action card (scope §16; L1198-L1264).

An action card costs 1 civil action, is never played in the turn it was taken (L1202), does
what it says, then leaves the game (L1206-L1210). The card's ``effect`` (CC) drives it:

* ``gain``: score science / culture without moving the advance markers (L1214-L1218); gain
  food / resources as blue tokens from the bank onto farms / mines, only what the bank holds,
  never moving a token up (L1220-L1228, ruling B5); ``military_actions_this_turn`` — one
  temporary military action (Patriotism, ``marks['temp_ma']``);
* ``military_resource_credit`` (+ ``…_per_stronger_civ`` by player count): resources usable
  only for units this turn, spent first (``marks['mil_credit']``, ``costs.pay_military``);
  both it and the temporary action are lost at the end of the turn; an unused temporary
  action still draws a military card (L1256-L1264);
* ``culture_per_civ_with_more_culture``: culture per civilization ahead (by player count);
* ``choose_one``: one of the gains (Reserves) — two options folded into the parent;
* ``order``: an action of the action phase without its civil action (L1206, L1230-L1238):
  ``build_or_upgrade`` / ``upgrade`` a farm, mine or urban building of ``targets``, the
  ``resource_discount`` on top of every other discount, never below 0 (L1234-L1236);
  ``build_wonder_stage`` exactly one stage, even with a construction technology (L1240);
  ``increase_population`` / ``develop_technology`` paid in full, then ``then_gain`` (the
  reward comes after the action, so it cannot pay for it: L1246-L1250, ruling B18);
  Breakthrough may pay a revolution, all civil actions instead of one, only with none spent
  (L1254). A card whose action is impossible cannot be played (L1242, L1252).

Options (group ``play``): ``action:<card>`` for a card without choices; with choices,
``action:<card>:<target>`` for each legal one when there are at most ``FOLD`` of them
(platform §4.3), else ``action:<card>`` opens the follow-up prompt (step ``action_card``,
``TtaState.action_card``) listing the legal targets and ``back``. Targets: ``food`` /
``resources``, ``build:<tech>``, ``upgrade:<from>:<to>``, ``wonder``, ``pop``,
``develop:<tech>``, ``revolution:<government>``.
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import BACK, Event, Option
from engines.core.fast import event, fast_option
from engines.tta import tokens
from engines.tta.actions import develop, population, wonder
from engines.tta.actions.build import urban_count
from engines.tta.actions.costs import build_cost, same_line, upgrade_cost
from engines.tta.catalogue import CIVIL
from engines.tta.facts import AGE, KIND, STR, SUBTYPE
from engines.tta.play import discard_civil
from engines.tta.ratings import civil_left, military_left, ratings, urban_limit
from engines.tta.state import Civ, TtaState

#: every action card's effect (CC ``effect``)
EFFECT: dict[str, dict[str, Any]] = {c.id: dict(c.effect or {}) for c in CIVIL.values()
                                     if c.category == "action"}
#: at most this many targets are listed as options of the action prompt itself
FOLD = 6
#: effect keys that are choices made when the card is played
_CHOICE_KEYS = ("order", "choose_one")
BACK_OPTION = fast_option(BACK, "back", {}, None, None, "turn")


def playable_copies(civ: Civ, card: str) -> int:
    """Copies in hand not taken this turn (L1202): a copy taken earlier stays playable."""
    return civ.hand.count(card) - civ.taken.count(card)


def targets(st: TtaState, seat: int, card: str) -> list[tuple[str, dict[str, Any]]]:
    """The legal choices of ``card`` now, each with the params the option shows; ``[("",
    {...})]`` for a card without choices, ``[]`` when it cannot be played (L1242, L1252)."""
    civ = st.civs[seat]
    eff = EFFECT[card]
    if "choose_one" in eff:
        return [(next(iter(g)), dict(g)) for g in eff["choose_one"]]
    order = eff.get("order")
    if order is None:
        return [("", {})]
    discount = eff.get("resource_discount", 0)
    out: list[tuple[str, dict[str, Any]]] = []
    if order in ("build_or_upgrade", "upgrade"):
        kinds = eff["targets"]
        res = tokens.resources(civ)
        if order == "build_or_upgrade" and civ.pool >= 1:
            for t in civ.workers:
                if KIND[t] not in kinds:
                    continue
                if KIND[t] == "urban" and urban_count(civ, SUBTYPE[t]) >= urban_limit(civ):
                    continue
                cost = max(0, build_cost(civ, t) - discount)
                if cost <= res:
                    out.append((f"build:{t}", {"order": "build", "target": t, "res": cost}))
        for src, n in civ.workers.items():
            if not n or KIND[src] not in kinds:
                continue
            for dst in civ.workers:
                if AGE[dst] > AGE[src] and same_line(src, dst):
                    cost = max(0, upgrade_cost(civ, src, dst) - discount)
                    if cost <= res:
                        out.append((f"upgrade:{src}:{dst}", {"order": "upgrade",
                                                            "target": src, "to": dst,
                                                            "res": cost}))
    elif order == "build_wonder_stage":
        if civ.wonder is not None and civ.blue_bank + sum(civ.blue.values()) >= 1:
            cost = max(0, wonder.stage_cost(civ, 1) - discount)
            if cost <= tokens.resources(civ):
                out.append(("wonder", {"order": "wonder_stage", "target": civ.wonder,
                                       "res": cost}))
    elif order == "increase_population":
        food = population.food_cost(civ)
        if food is not None and food <= tokens.food(civ):
            out.append(("pop", {"order": "pop", "food": food}))
    elif order == "develop_technology":
        for t in dict.fromkeys(civ.hand):
            if not develop.may_develop(civ, t):
                continue
            # priced as ``develop.do`` pays: Scientific Cooperation's discount, and a partner
            # who cannot pay its part blocks the development
            sci, shares = develop.shared_cost(st, seat, develop.science_cost(civ, t))
            if (sci <= develop.science_funds(civ, t)  # Churchill's science for units
                    and develop.partners_can_pay(st, shares)):
                out.append((f"develop:{t}", {"order": "develop", "target": t, "sci": sci,
                                             **develop.share_params(shares)}))
            if KIND[t] == "government" and _may_revolt(civ):
                rsci, rshares = develop.shared_cost(
                    st, seat, develop.science_cost(civ, t, revolution=True))
                if rsci <= civ.science and develop.partners_can_pay(st, rshares):
                    pay = ({"ca": 1, "ma": military_left(civ)}
                           if develop.revolution_by_military(civ) else {"ca": civil_left(civ)})
                    out.append((f"revolution:{t}", {"order": "revolution", "target": t,
                                                    "sci": rsci, **pay,
                                                    **develop.share_params(rshares)}))
    else:  # pragma: no cover - the catalogue's orders are all above
        raise ValueError(f"{card}: unknown order {order!r}")
    return out


def _may_revolt(civ: Civ) -> bool:
    """A revolution through an action card: with no civil action spent this turn (L1254); with
    Robespierre (every military action instead) none of those spent, and the card's own
    civil action still to pay."""
    if develop.revolution_by_military(civ):
        return civ.ma_spent == 0 and military_left(civ) >= 1 and civil_left(civ) >= 1
    return civ.ca_spent == 0


def _option(card: str, target: str, params: dict[str, Any]) -> Option:
    oid = f"action:{card}:{target}" if target else f"action:{card}"
    return fast_option(oid, "play_action", {"card": card, "ca": 1, **params}, card, None,
                       "play")


def options(st: TtaState, seat: int) -> list[Option]:
    civ = st.civs[seat]
    if civil_left(civ) < 1:
        return []
    out = []
    for card in dict.fromkeys(civ.hand):
        if KIND[card] != "action" or playable_copies(civ, card) < 1:
            continue
        choices = targets(st, seat, card)
        if len(choices) > FOLD:
            out.append(fast_option(f"action:{card}", "play_action",
                                   {"card": card, "ca": 1, "choices": len(choices)}, card,
                                   None, "play"))
        else:
            out.extend(_option(card, t, p) for t, p in choices)
    return out


def follow_up(st: TtaState, seat: int) -> list[Option]:
    """The follow-up prompt of ``st.action_card``: its legal targets, then ``back``."""
    card = st.action_card
    assert card is not None
    return [*(_option(card, t, p) for t, p in targets(st, seat, card)), BACK_OPTION]


def back(st: TtaState, seat: int, arg: str) -> list[Event]:
    """Leave the follow-up prompt: nothing was paid, the card stays in the hand."""
    st.action_card = None
    st.step = "action"
    return []


def _gain(st: TtaState, seat: int, gain: dict[str, int]) -> dict[str, int]:
    """Apply a gain; returns what was actually gained (food/resources: what fits, B5)."""
    civ = st.civs[seat]
    got: dict[str, int] = {}
    for key, n in gain.items():
        if key == "science":
            civ.science += n
        elif key == "culture":
            civ.culture += n
        elif key == "food":
            n = tokens.gain(civ, "farm", n)
        elif key == "resources":
            n = tokens.gain(civ, "mine", n)
        elif key == "military_actions_this_turn":
            civ.marks["temp_ma"] = civ.marks.get("temp_ma", 0) + n
            key = "ma"
        else:  # pragma: no cover - the catalogue's gains are all above
            raise ValueError(f"unknown gain {key!r}")
        got[key] = got.get(key, 0) + n
    return got


def _credit(civ: Civ, n: int) -> int:
    if n > 0:
        civ.marks["mil_credit"] = civ.marks.get("mil_credit", 0) + n
    return n


def _ordered(st: TtaState, seat: int, card: str, target: str) -> list[Event]:
    """Do the ordered action on ``target`` (legal: it was offered) and pay its costs; the
    card's civil action is paid here (for develop / revolution, by those actions)."""
    civ = st.civs[seat]
    discount = EFFECT[card].get("resource_discount", 0)
    what, _, rest = target.partition(":")
    if what == "develop":
        return develop.do(st, seat, rest)  # its one civil action is the card's (L1206)
    if what == "revolution":
        if develop.revolution_by_military(civ):
            civ.ca_spent += 1  # the card's own civil action; the revolution takes the MAs
        return develop.revolution(st, seat, rest)  # all civil actions instead (L1254)
    civ.ca_spent += 1
    if what == "build":
        cost = max(0, build_cost(civ, rest) - discount)
        tokens.pay(civ, "mine", cost)
        civ.pool -= 1
        civ.workers[rest] += 1
        return [event("built", seat, {"card": rest, "res": cost})]
    if what == "upgrade":
        src, _, dst = rest.partition(":")
        cost = max(0, upgrade_cost(civ, src, dst) - discount)
        tokens.pay(civ, "mine", cost)
        civ.workers[src] -= 1
        civ.workers[dst] += 1
        return [event("upgraded", seat, {"card": src, "to": dst, "res": cost})]
    if what == "wonder":
        return wonder.build_stages(st, seat, 1, max(0, wonder.stage_cost(civ, 1) - discount))
    if what == "pop":
        food = population.increase(civ)
        return [event("population", seat, {"food": food, "ca": 0})]
    raise ValueError(f"unknown target {target!r}")  # pragma: no cover


def do(st: TtaState, seat: int, arg: str) -> list[Event]:
    """``action:<card>[:<target>]``: play the card, or open its follow-up prompt."""
    card, _, target = arg.partition(":")
    eff = EFFECT[card]
    if not target and any(k in eff for k in _CHOICE_KEYS):
        st.action_card = card
        st.step = "action_card"
        return []
    civ = st.civs[seat]
    st.action_card = None
    st.step = "action"
    civ.hand.remove(card)
    played: dict[str, Any] = {"card": card}
    events: list[Event] = []
    if "order" in eff:
        played["target"] = target
        events.extend(_ordered(st, seat, card, target))
        gained = _gain(st, seat, eff.get("then_gain", {}))  # after the action (B18)
    else:
        civ.ca_spent += 1
        gain = dict(eff.get("gain", {}))
        if "choose_one" in eff:
            gain.update(next(g for g in eff["choose_one"] if target in g))
        gained = _gain(st, seat, gain)
        credit = eff.get("military_resource_credit", 0)
        per = eff.get("military_resource_credit_per_stronger_civ")
        if per:
            mine = ratings(civ)[STR]
            ahead = sum(1 for i, c in enumerate(st.civs)
                        if i != seat and not c.resigned and ratings(c)[STR] > mine)
            credit += per[str(st.count_left())] * ahead
        per = eff.get("culture_per_civ_with_more_culture")
        if per:
            ahead = sum(1 for i, c in enumerate(st.civs)
                        if i != seat and not c.resigned and c.culture > civ.culture)
            culture = per[str(st.count_left())] * ahead
            civ.culture += culture
            gained["culture"] = gained.get("culture", 0) + culture
        if credit:
            gained["mil_res"] = _credit(civ, credit)
    played["gained"] = gained
    discard_civil(st, card)  # out of the game (L1210)
    st.counts[card] = st.counts.get(card, 0) + 1
    return [event("action_card", seat, played), *events]
