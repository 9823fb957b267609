"""Territories: the colonization auction, the force sent, colonies won and lost
(scope §20, §22; L1418-L1496; worked examples X26, X27; rulings B21, C7).

**Auction** (L1424-L1435): from the current player clockwise, lap after lap, each player
still in bids more than the last bid (and more than 0) up to the force it could send, or
passes for good; nobody bids → the past events pile; else the last bidder left wins. A
player without any unit cannot send a force (L1441) and is skipped (public knowledge); a
player with units is always asked, even when it can only pass, so the table never learns
its bonus cards. Options ``bid:<n>`` (layout ``number``) and ``pass``; private (the range
shows the maximum force, platform §4.6); timeout ``pass``.

**Force** (L1437-L1470): at least one unit (L1441, L1462); units' strength + the armies
the current tactic forms among the sent units (L1448, L1602-L1616) + the colonization
modifiers of the cards in play (Cartography, Colossus…: ``STATIC`` colonization, plus the
``FORCE_MODIFIERS`` seam for leaders' abilities, L1449) + any bonus cards' colonization
values (L1450). Strength modifiers never count (Alexander, Great Wall, Warfare…, L1460);
arenas are buildings, never sent (L1464); James Cook lets one discard up to 2 other military
cards for +1 each (``leaders.colonization_discards``; Genghis Khan's armies:
``leaders.infantry_as_cavalry``). Picked one per answer (``unit:<card>``, ``bonus:<card>``,
``drop:<card>``, ``done`` once the bid is covered) or ``auto``: the
weakest force covering the bid (the least force, then the least unit strength sacrificed,
then the fewest cards) — also the timeout. Sent units' tokens go to the yellow bank
(L1466-L1468); the bonus cards are discarded (L1470) before any draw (ruling C7 note).

**Colony** (L1482-L1496): permanent symbols first (yellow / blue tokens from or to the
box; strength and happy faces are read by ``ratings``), then the one-time effect; a lost
colony (Independence Declaration) takes back only its permanent symbols (L1490, L1494)
and leaves the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import product

from engines.core.suspend import OptionRow
from engines.tta import armies
from engines.tta.catalogue import MILITARY
from engines.tta.event_cards import effects
from engines.tta.event_cards.age_ii import discard_military
from engines.tta.event_cards.targets import clockwise
from engines.tta.events import RESOLVERS
from engines.tta.facts import AGE, BONUS, COLONIZATION, KIND, OUT, STATIC, STR, SUBTYPE, TACTIC
from engines.tta.interrupts import TtaCtx
from engines.tta.play import add_blue, remove_blue, remove_yellow
from engines.tta.ratings import static_tuple
from engines.tta.state import Civ

#: ``FORCE_MODIFIERS[card in play](civ)``: colonization added beyond the printed symbol
FORCE_MODIFIERS: dict[str, Callable[[Civ], int]] = {}

TERRITORIES: tuple[str, ...] = tuple(c.id for c in MILITARY.values()
                                     if c.category == "territory")
#: each territory's one-time effect (MC ``immediate``)
IMMEDIATE: dict[str, dict[str, int]] = {c: dict(MILITARY[c].immediate or {})
                                        for c in TERRITORIES}
#: permanent symbols (MC ``permanent``; Wealthy Territory I +3 blue, ruling B21)
PERMANENT: dict[str, dict[str, int]] = {c: dict(MILITARY[c].permanent or {})
                                        for c in TERRITORIES}

Picks = dict[str, int]


def modifier(civ: Civ) -> int:
    """Colonization modifiers of the cards in play (L1449): never strength ones (L1460)."""
    total = 0
    for c in static_tuple(civ):
        s = STATIC.get(c)
        if s is not None:
            total += s[COLONIZATION]
        mod = FORCE_MODIFIERS.get(c)
        if mod is not None:
            total += mod(civ)
    return total


def unit_cards(civ: Civ) -> list[str]:
    """Unit technologies with at least one unit (arenas are urban buildings, L1464)."""
    return sorted((t for t, n in civ.workers.items() if n and KIND[t] == "unit"),
                  key=lambda t: (AGE[t], t))


def bonus_cards(civ: Civ) -> list[str]:
    return sorted(dict.fromkeys(c for c in civ.military if KIND[c] == "bonus"),
                  key=lambda c: (AGE[c], c))


def units_force(civ: Civ, sent: Picks) -> int:
    """The sent units' strength plus the armies the current tactic forms among them
    (Genghis Khan's infantry may fill cavalry slots, ``leaders.infantry_as_cavalry``).

    Air forces sent along join those armies and double their bonus as in play: the sent
    units "may form armies" (L1604) and an air force is a military unit that may join any
    army (L1957-L1961); air forces left at home join none (only sent units form armies,
    L1614)."""
    from engines.tta import leaders  # leaders use this module: imported when needed

    total = sum(OUT[t][STR] * n for t, n in sent.items())
    if civ.tactic is not None and sent:
        counts: dict[tuple[str, int], int] = {}
        air = 0
        for t, n in sent.items():
            if not n:
                continue
            if SUBTYPE[t] == "air_force":
                air += n
            else:
                key = (SUBTYPE[t], AGE[t])
                counts[key] = counts.get(key, 0) + n
        if counts:
            total += armies.army_strength(
                counts, TACTIC[civ.tactic], air,
                infantry_as_cavalry=leaders.infantry_as_cavalry(civ))[0]
    return total


def discards_allowed(civ: Civ) -> tuple[int, int]:
    """James Cook: (military cards one may discard into a force, colonization per card)."""
    from engines.tta import leaders

    return leaders.colonization_discards(civ)


def discardable(civ: Civ) -> list[str]:
    """Military cards James Cook may discard for colonization (bonus cards count more as
    bonus cards), in the discard order: oldest age first."""
    return sorted(dict.fromkeys(c for c in civ.military if KIND[c] != "bonus"),
                  key=lambda c: (AGE[c], c))


def force(civ: Civ, sent: Picks, bonus: Picks, discards: Picks | None = None) -> int:
    """The colonization force of these units, bonus cards and discards (L1446-L1450)."""
    extra = sum(discards.values()) * discards_allowed(civ)[1] if discards else 0
    return (units_force(civ, sent) + modifier(civ)
            + sum(BONUS[b][1] * n for b, n in bonus.items()) + extra)


def max_force(civ: Civ) -> int:
    """The most ``civ`` could send: every unit, bonus card and allowed discard; 0 without
    a unit."""
    units = {t: civ.workers[t] for t in unit_cards(civ)}
    if not units:
        return 0
    bonus = {b: civ.military.count(b) for b in bonus_cards(civ)}
    cap, per = discards_allowed(civ)
    others = sum(1 for c in civ.military if KIND[c] != "bonus")
    return force(civ, units, bonus) + min(cap, others) * per


def _combos(stock: Picks) -> Iterator[Picks]:
    keys = list(stock)
    for counts in product(*(range(stock[k] + 1) for k in keys)):
        yield {k: n for k, n in zip(keys, counts, strict=True) if n}


def weakest_force(civ: Civ, bid: int) -> tuple[Picks, Picks, Picks] | None:
    """``auto``: the weakest force covering ``bid`` — the least force, then the least
    unit strength sacrificed, then the fewest cards and units (X26); James Cook's
    discards are the oldest cards. ``(units, bonus cards, discards)``."""
    units = {t: civ.workers[t] for t in unit_cards(civ)}
    stock = {b: civ.military.count(b) for b in bonus_cards(civ)}
    cap, per = discards_allowed(civ)
    others = [c for c in sorted(civ.military, key=lambda c: (AGE[c], c))
              if KIND[c] != "bonus"][:cap]
    bonuses = []
    for c in _combos(stock):
        for k in range(len(others) + 1):
            drop: Picks = {}
            for x in others[:k]:
                drop[x] = drop.get(x, 0) + 1
            bonuses.append((sum(BONUS[b][1] * n for b, n in c.items()) + k * per,
                            sum(c.values()) + k, c, drop))
    base = modifier(civ)
    best: tuple[tuple[int, int, int, int], Picks, Picks, Picks] | None = None
    for sent in _combos(units):
        if not sent:
            continue
        strength = units_force(civ, sent)
        sacrificed = sum(OUT[t][STR] * n for t, n in sent.items())
        for value, cards, bonus, drop in bonuses:
            total = strength + base + value
            if total < bid:
                continue
            key = (total, sacrificed, cards, sum(sent.values()))
            if best is None or key < best[0]:
                best = (key, sent, bonus, drop)
    return None if best is None else best[1:]


def auction(ctx: TtaCtx, card: str) -> tuple[int, int] | None:
    """The bids, lap after lap (L1424-L1435): ``(winner, bid)`` or None."""
    st = ctx.gs
    seats = [s for s in clockwise(st) if unit_cards(st.civs[s])]
    winner: int | None = None
    bid = 0
    while seats and seats != [winner]:
        for seat in list(seats):
            if seat == winner or seat not in seats:
                continue
            if seats == [winner]:
                break
            top = max_force(st.civs[seat])
            opts: list[OptionRow] = [[f"bid:{n}", "bid", {"bid": n}, None]
                                     for n in range(bid + 1, top + 1)]
            opts.append(["pass", "pass", {}, None])
            answer = ctx.ask(seat, "bid", opts,
                             {"card": card, "bid": bid, "bidder_seat": winner, "max": top},
                             True, layout="number", default="pass")
            if answer == "pass":
                seats.remove(seat)
                ctx.emit("bid_passed", seat, {"card": card})
            else:
                bid = int(answer[4:])
                winner = seat
                ctx.emit("bid", seat, {"card": card, "bid": bid})
        if winner is None:
            break
    return None if winner is None else (winner, bid)


def send_force(ctx: TtaCtx, seat: int, card: str, bid: int) -> None:
    """``seat`` sends a force of at least ``bid`` (iterative picks or ``auto``), then the
    units are sacrificed and the bonus cards discarded (L1437-L1470)."""
    st = ctx.gs
    civ = st.civs[seat]
    sent: Picks = {}
    bonus: Picks = {}
    drop: Picks = {}
    cap, per = discards_allowed(civ)
    while True:
        now = force(civ, sent, bonus, drop) if sent else 0
        opts: list[OptionRow] = [["auto", "auto", {}, None]]
        if sent and now >= bid:
            opts.append(["done", "done", {"force": now}, None])
        opts += [[f"unit:{t}", "unit", {"card": t, "strength": OUT[t][STR]}, t]
                 for t in unit_cards(civ) if civ.workers[t] > sent.get(t, 0)]
        opts += [[f"bonus:{b}", "bonus", {"card": b, "value": BONUS[b][1]}, b]
                 for b in bonus_cards(civ) if civ.military.count(b) > bonus.get(b, 0)]
        if sum(drop.values()) < cap:  # James Cook
            opts += [[f"drop:{c}", "discard", {"card": c, "value": per}, c]
                     for c in discardable(civ) if civ.military.count(c) > drop.get(c, 0)]
        answer = ctx.ask(seat, "colonize", opts,
                         {"card": card, "force": now, "needed": bid,
                          "cards_left": len(opts) - 1}, True, layout="pick", default="auto")
        if answer == "done":
            break
        if answer == "auto":
            picked = weakest_force(civ, bid)
            assert picked is not None, "a bid is never above the maximum force"
            sent, bonus, drop = picked
            break
        kind, _, pick = answer.partition(":")
        target = sent if kind == "unit" else bonus if kind == "bonus" else drop
        target[pick] = target.get(pick, 0) + 1
    total = force(civ, sent, bonus, drop)
    for t, n in sent.items():
        civ.workers[t] -= n
        civ.yellow_bank += n  # sacrificed: back to the yellow bank (L1466-L1468)
    played = [b for b, n in bonus.items() for _ in range(n)]
    for b in played:
        civ.military.remove(b)
        discard_military(st, b)
    dropped = [c for c, n in drop.items() for _ in range(n)]
    for c in dropped:  # face down: not named (L1686)
        civ.military.remove(c)
        discard_military(st, c)
    ctx.emit("colonized", seat, {"card": card, "bid": bid, "force": total,
                                 "units": dict(sent), "bonus": played,
                                 "discarded": len(dropped)})
    gain_colony(ctx, seat, card)


def gain_colony(ctx: TtaCtx, seat: int, card: str) -> None:
    """The territory joins ``seat``'s area: permanent symbols, then the one-time effect
    (L1486-L1488; X27: +3 yellow to the bank, then 2 workers for free)."""
    civ = ctx.gs.civs[seat]
    civ.colonies.append(card)
    perm = PERMANENT[card]
    yellow = perm.get("yellow_tokens", 0)
    civ.yellow_bank += yellow
    civ.yellow_box += yellow
    blue = perm.get("blue_tokens", 0)
    if blue > 0:
        add_blue(civ, blue)
    elif blue < 0:
        remove_blue(civ, -blue)
    now = IMMEDIATE[card]
    if any(now.get(k) for k in ("food", "resources", "science", "culture")):
        effects.gain(ctx, seat, food=now.get("food", 0), resources=now.get("resources", 0),
                     science=now.get("science", 0), culture=now.get("culture", 0))
    if now.get("population_free"):
        effects.gain_population(ctx, seat, now["population_free"])
    if now.get("draw_military_cards"):
        effects.draw(ctx, seat, now["draw_military_cards"])


def lose_colony(ctx: TtaCtx, seat: int, card: str) -> None:
    """A colony declares independence: it leaves the game with its permanent symbols
    only (X27: −3 bank tokens, the workers stay; L1490, L1494; ruling B7 when the bank
    holds fewer)."""
    st = ctx.gs
    civ = st.civs[seat]
    civ.colonies.remove(card)
    st.removed.append(card)
    perm = PERMANENT[card]
    remove_yellow(civ, perm.get("yellow_tokens", 0))
    blue = perm.get("blue_tokens", 0)
    if blue > 0:
        remove_blue(civ, blue)
    elif blue < 0:
        add_blue(civ, -blue)
    ctx.emit("colony_lost", seat, {"card": card})


def _resolver(card: str) -> Callable[[TtaCtx], bool]:
    def resolve(ctx: TtaCtx) -> bool:
        """The territory is auctioned; ``True`` when it found a colonizer."""
        won = auction(ctx, card)
        if won is None:
            ctx.emit("territory_unclaimed", None, {"card": card})
            return False
        send_force(ctx, won[0], card, won[1])
        return True

    return resolve


for _card in TERRITORIES:
    RESOLVERS[_card] = _resolver(_card)
