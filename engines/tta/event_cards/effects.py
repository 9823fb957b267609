"""What events do to a civilization, shared by the event cards and the territories.

Gains go through the economy (highest-value cards first, only what the blue bank holds,
ruling B5); losses of food or resources take what there is; culture and science never go
below 0. "Gain population" is free: the rightmost yellow-bank token becomes an unused
worker (L1384, ruling B9). Losing population takes an unused worker when there is one,
else a worker from a card the player chooses (platform §4.4: one option per card, lowest
level first), the token back to the yellow bank. Military draws obey ruling C4 (empty
deck and discards: nothing) and C7 (nothing in Age IV; by the same token nothing in the
first game's Age III, which has no military deck, L1793).
"""

from __future__ import annotations

from engines.tta import economy, tokens
from engines.tta.ages import FINAL_AGE
from engines.tta.end_of_turn import draw_military
from engines.tta.event_cards.targets import clockwise
from engines.tta.facts import AGE, KIND, VALUE
from engines.tta.interrupts import Question, TtaCtx
from engines.tta.state import Civ, TtaState

#: kinds of cards that hold workers, in the order they are offered
WORKER_KINDS = ("farm", "mine", "urban", "unit")


def gain(ctx: TtaCtx, seat: int, *, food: int = 0, resources: int = 0, science: int = 0,
         culture: int = 0) -> None:
    civ = ctx.gs.civs[seat]
    got_food = tokens.gain(civ, "farm", food) if food else 0
    got_res = tokens.gain(civ, "mine", resources) if resources else 0
    civ.science = max(0, civ.science + science)
    civ.culture = max(0, civ.culture + culture)
    params = {k: v for k, v in (("food", got_food), ("resources", got_res),
                                ("science", science), ("culture", culture)) if v}
    ctx.emit("event_effect", seat, params)


def lose(ctx: TtaCtx, seat: int, *, food: int = 0, resources: int = 0) -> None:
    civ = ctx.gs.civs[seat]
    lost_food = tokens.lose(civ, "farm", food) if food else 0
    lost_res = tokens.lose(civ, "mine", resources) if resources else 0
    ctx.emit("event_effect", seat, {"food": -lost_food, "resources": -lost_res})


def gain_population(ctx: TtaCtx, seat: int, n: int) -> int:
    """``n`` population for free (yellow bank → unused workers), as many as the bank has."""
    civ = ctx.gs.civs[seat]
    k = min(n, civ.yellow_bank)
    civ.yellow_bank -= k
    civ.pool += k
    if k:
        ctx.emit("population_gained", seat, {"count": k})
    return k


def worker_cards(civ: Civ) -> list[str]:
    """Cards with a worker on them, lowest level first (the timeout's choice)."""
    return sorted((t for t, n in civ.workers.items() if n),
                  key=lambda t: (AGE[t], WORKER_KINDS.index(KIND[t]), t))


def _lose_worker(ctx: TtaCtx, seat: int, card: str | None) -> None:
    civ = ctx.gs.civs[seat]
    if card is None:
        civ.pool -= 1
    else:
        civ.workers[card] -= 1
    civ.yellow_bank += 1
    ctx.emit("population_lost", seat, {"card": card})


def lose_population(ctx: TtaCtx, losses: dict[int, int], source: str) -> None:
    """Each seat of ``losses`` loses that many population; the seats that must choose a
    card are asked together, one worker per round of questions."""
    st = ctx.gs
    left = {s: n for s, n in losses.items() if n > 0}
    while left:
        questions = []
        for seat in [s for s in clockwise(st) if s in left]:
            civ = st.civs[seat]
            while left[seat] and civ.pool:
                _lose_worker(ctx, seat, None)
                left[seat] -= 1
            cards = worker_cards(civ)
            while left[seat] and len(cards) == 1:
                _lose_worker(ctx, seat, cards[0])
                left[seat] -= 1
                cards = worker_cards(civ)
            if not left[seat] or not cards:
                del left[seat]
                continue
            questions.append(Question(
                seat, "lose_worker", [[f"card:{t}", "card", {"card": t}, t] for t in cards],
                {"event": source, "left": left[seat]}))
        if not questions:
            continue
        for seat, answer in ctx.ask_all(questions).items():
            _lose_worker(ctx, seat, answer[5:])
            left[seat] -= 1
            if not left[seat]:
                del left[seat]


def draw(ctx: TtaCtx, seat: int, n: int) -> None:
    """``seat`` draws ``n`` military cards of the current age (a public count and a
    private list, platform §4.6)."""
    st = ctx.gs
    no_deck = st.age >= FINAL_AGE[st.mode]  # ruling C7, L1793: the game-ending age
    drawn = [] if no_deck else draw_military(st, seat, n)
    ctx.emit("drew_military", seat, {"count": len(drawn)})
    ctx.emit("drew_military_cards", seat, {"cards": drawn}, [seat])


def destroy(ctx: TtaCtx, seat: int, card: str) -> None:
    """A building is destroyed: its worker becomes unused (L1167-L1176)."""
    civ = ctx.gs.civs[seat]
    civ.workers[card] -= 1
    civ.pool += 1
    ctx.emit("destroyed", seat, {"card": card})


def produce(st: TtaState, seat: int, kind: str) -> int:
    """Farms (``farm``) or mines (``mine``) produce now, without corruption or
    consumption (Good Harvest, New Deposits); returns the value produced."""
    civ = st.civs[seat]
    ids = tokens.cards(civ, kind)
    values = tuple(VALUE[t] for t in ids)
    made = economy.production(tuple(civ.workers[t] for t in ids), values, civ.blue_bank)
    for t, m in zip(ids, made, strict=True):
        civ.blue[t] += m
    civ.blue_bank -= sum(made)
    return economy.total(values, made)


def discontent(civ: Civ, happy: int) -> int:
    return economy.discontent(civ.yellow_bank, happy)
