"""The fifteen Age II events (scope §19; MC ``event``). Targets as in ``targets``; "all
with the most" hits every tied player (L1408)."""

from __future__ import annotations

from engines.core.suspend import OptionRow
from engines.tta import ages, economy, row, tokens
from engines.tta.event_cards import effects
from engines.tta.event_cards.targets import (
    all_with_most,
    clockwise,
    least_culture,
    most_culture,
    strongest,
    two_strongest,
    two_weakest,
    weakest,
)
from engines.tta.events import RESOLVERS
from engines.tta.facts import AGE, HAPPY, KIND, ROW_SIZE, SCI, VALUE
from engines.tta.interrupts import TtaCtx
from engines.tta.play import discard_civil, leave, remove_blue
from engines.tta.ratings import MAX_HAPPY, ratings
from engines.tta.state import TtaState

#: International Agreement: civil actions' worth of cards the strongest may take (MC)
AGREEMENT_ACTIONS = 5


def _discontent(st: TtaState, seat: int) -> int:
    civ = st.civs[seat]
    return effects.discontent(civ, ratings(civ)[HAPPY])


def civil_unrest(ctx: TtaCtx) -> bool:
    """Civil Unrest: 4 culture lost per discontent worker; all tied for the most
    discontent workers return 1 blue token to the box — nothing if nobody is discontent."""
    st = ctx.gs
    unhappy = {s: _discontent(st, s) for s in clockwise(st)}
    if not any(unhappy.values()):
        return False
    for seat, d in unhappy.items():
        if d:
            effects.gain(ctx, seat, culture=-4 * d)
    for seat in all_with_most(st, unhappy.__getitem__):
        remove_blue(st.civs[seat], 1)
        ctx.emit("blue_lost", seat, {"count": 1})
    return False


def cold_war(ctx: TtaCtx) -> bool:
    """Cold War: the two strongest score 6 science."""
    for seat in two_strongest(ctx.gs):
        effects.gain(ctx, seat, science=6)
    return False


def crime_wave(ctx: TtaCtx) -> bool:
    """Crime Wave: the two weakest lose 3 culture and return 1 blue token to the box."""
    for seat in two_weakest(ctx.gs):
        effects.gain(ctx, seat, culture=-3)
        remove_blue(ctx.gs.civs[seat], 1)
        ctx.emit("blue_lost", seat, {"count": 1})
    return False


def economic_progress(ctx: TtaCtx) -> bool:
    """Economic Progress: corruption, food production, consumption and resource
    production now (no uprising check, no science or culture scoring; famine costs
    culture as at the end of a turn)."""
    st = ctx.gs
    for seat in clockwise(st):
        civ = st.civs[seat]
        farms = tokens.cards(civ, "farm")
        mines = tokens.cards(civ, "mine")
        out = economy.end_of_turn(
            yellow_left=civ.yellow_bank, happiness=MAX_HAPPY,
            unused_workers=civ.pool + sum(civ.workers.values()) + 99,
            blue_bank=civ.blue_bank,
            farm_values=tuple(VALUE[t] for t in farms),
            farm_tokens=tuple(civ.blue[t] for t in farms),
            farm_workers=tuple(civ.workers[t] for t in farms),
            mine_values=tuple(VALUE[t] for t in mines),
            mine_tokens=tuple(civ.blue[t] for t in mines),
            mine_workers=tuple(civ.workers[t] for t in mines),
            science=civ.science, science_rating=0, culture=civ.culture, culture_rating=0)
        civ.culture = out.culture
        for t, n in zip(farms, out.farm_tokens, strict=True):
            civ.blue[t] = n
        for t, n in zip(mines, out.mine_tokens, strict=True):
            civ.blue[t] = n
        civ.blue_bank = out.blue_bank
        ctx.emit("production", seat, {
            "uprising": False, "discontent": 0,
            "corruption": out.corruption_resources + out.corruption_food,
            "food": out.food_produced, "consumption": out.consumption,
            "famine_culture": out.famine_culture, "resources": out.resources_produced})
    return False


def emigration(ctx: TtaCtx) -> bool:
    """Emigration: population lost = half the discontent workers, rounded up."""
    st = ctx.gs
    losses = {s: (_discontent(st, s) + 1) // 2 for s in clockwise(st)}
    effects.lose_population(ctx, losses, "emigration")
    return False


def iconoclasm(ctx: TtaCtx) -> bool:
    """Iconoclasm: leaders not of the current age leave play (and the game)."""
    st = ctx.gs
    for seat in clockwise(st):
        civ = st.civs[seat]
        if civ.leader is not None and AGE[civ.leader] != st.age:
            card = civ.leader
            left = leave(st, seat, card)  # Bill Gates' culture as he leaves
            civ.leader = None
            discard_civil(st, card)
            ctx.emit("leader_removed", seat, {"card": card})
            for e in left:
                ctx.emit(e.kind, e.seat, e.params, e.visible_to)
    return False


def independence_declaration(ctx: TtaCtx) -> bool:
    """Independence Declaration: the weakest loses a colony of its choice (L1494)."""
    from engines.tta.colonization import lose_colony

    st = ctx.gs
    seat = weakest(st)
    colonies = sorted(dict.fromkeys(st.civs[seat].colonies), key=lambda c: (AGE[c], c))
    card = ctx.choose_card(seat, "lose_colony", colonies,
                           params={"event": "independence_declaration"})
    if card is not None:
        lose_colony(ctx, seat, card)
    return False


def _refill(ctx: TtaCtx) -> None:
    """The row slides left and is refilled without a sweep; the age ends if its deck runs
    out (L1825, ruling B2)."""
    st = ctx.gs
    kept = [c for c in st.row if c is not None]
    st.row[:] = kept + [None] * (ROW_SIZE - len(kept))
    dealt: list[str] = []
    for i in range(ROW_SIZE):
        if st.row[i] is not None:
            continue
        deck = st.civil_decks[st.age] if st.age < 4 else []
        if not deck:
            break
        card = deck.pop()
        st.row[i] = card
        dealt.append(card)
        if not deck:
            ctx.emit("replenished", None, {"swept": [], "dealt": dealt, "age": st.age})
            dealt = []
            ctx.events.extend(ages.end_age(st))
    if dealt:
        ctx.emit("replenished", None, {"swept": [], "dealt": dealt, "age": st.age})


def international_agreement(ctx: TtaCtx) -> bool:
    """International Agreement: the strongest may take civil cards worth up to 5 civil
    actions from the row (by the basic rules, no action paid), giving up its next
    political action; the row is then refilled without a sweep, which may end the age."""
    st = ctx.gs
    seat = strongest(st)
    civ = st.civs[seat]
    budget = AGREEMENT_ACTIONS
    took = 0
    while True:
        opts: list[OptionRow] = []
        for slot in range(ROW_SIZE):
            card = st.row[slot]
            if card is None or row.refusal(st, seat, card) is not None:
                continue
            cost = row.take_cost(st, seat, slot)
            if cost <= budget:
                opts.append([f"take:{slot + 1}", "take",
                             {"card": card, "slot": slot + 1, "ca": cost}, card])
        if not opts:
            break
        opts.append(["done" if took else "decline", "done" if took else "decline",
                     {"left": budget}, None])
        answer = ctx.ask(seat, "agreement", opts,
                         {"event": "international_agreement", "left": budget})
        if answer in ("done", "decline"):
            break
        slot = int(answer[5:]) - 1
        card = st.row[slot]
        assert card is not None
        cost = row.take_cost(st, seat, slot)
        spent = civ.ca_spent
        ctx.events.extend(row.take(st, seat, slot))
        civ.ca_spent = spent  # taken for free (the card's own limit: ``budget``)
        if seat != st.current and card in civ.taken:
            civ.taken.remove(card)  # taken during another player's turn, not its own
        budget -= cost
        took += 1
    if took:
        if seat not in st.forfeit_politics:
            st.forfeit_politics = [*st.forfeit_politics, seat]
        _refill(ctx)
    return False


def national_pride(ctx: TtaCtx) -> bool:
    """National Pride: the civilization with the most culture scores 5 culture."""
    effects.gain(ctx, most_culture(ctx.gs), culture=5)
    return False


def politics_of_strength(ctx: TtaCtx) -> bool:
    """Politics of Strength: the strongest draws 5 military cards, the weakest discards
    3 of its choice (the physical card, scope B17); in Age IV +5 / −3 culture instead."""
    st = ctx.gs
    top, bottom = strongest(st), weakest(st)
    if st.age >= 4:
        effects.gain(ctx, top, culture=5)
        effects.gain(ctx, bottom, culture=-3)
        return False
    effects.draw(ctx, top, 5)
    civ = st.civs[bottom]
    hand = sorted(civ.military, key=lambda c: (AGE[c], c))
    if len(hand) <= 3:
        chosen = hand
    else:
        chosen = []
        for _ in range(3):
            pick = ctx.choose_card(bottom, "discard_military", sorted(dict.fromkeys(hand),
                                   key=lambda c: (AGE[c], c)), private=True,
                                   params={"event": "politics_of_strength",
                                           "left": 3 - len(chosen)})
            assert pick is not None
            hand.remove(pick)
            chosen.append(pick)
    for card in chosen:
        civ.military.remove(card)
        discard_military(st, card)
    ctx.emit("discarded", bottom, {"count": len(chosen)})
    return False


def discard_military(st: TtaState, card: str) -> None:
    """A military card to its age's discards (face down, L1905), or out of the game when
    its age is over (L1859-L1861)."""
    age = AGE[card]
    if age < st.age or age >= len(st.military_discards):
        st.removed.append(card)
    else:
        st.military_discards[age].append(card)


def popularization_of_science(ctx: TtaCtx) -> bool:
    """Popularization of Science: culture equal to one's science rating."""
    for seat in clockwise(ctx.gs):
        effects.gain(ctx, seat, culture=ratings(ctx.gs.civs[seat])[SCI])
    return False


def prosperity(ctx: TtaCtx) -> bool:
    """Prosperity: 1 food per happy face (the rating is at most 8)."""
    for seat in clockwise(ctx.gs):
        effects.gain(ctx, seat, food=min(8, ratings(ctx.gs.civs[seat])[HAPPY]))
    return False


def ravages_of_time(ctx: TtaCtx) -> bool:
    """Ravages of Time: each player flips one of its completed Age A or I wonders: it
    loses its effects and produces 2 culture (``ratings.FLIPPED_CULTURE``)."""
    from engines.tta.interrupts import Question

    st = ctx.gs
    choices = {}
    for seat in clockwise(st):
        civ = st.civs[seat]
        ws = sorted((w for w in dict.fromkeys(civ.wonders)
                     if AGE[w] <= 1 and w not in civ.flipped), key=lambda w: (AGE[w], w))
        if ws:
            choices[seat] = ws
    questions = [Question(s, "flip_wonder", [[f"card:{w}", "card", {"card": w}, w]
                                             for w in ws], {"event": "ravages_of_time"})
                 for s, ws in choices.items() if len(ws) > 1]
    answers = ctx.ask_all(questions)
    for seat, ws in choices.items():
        wonder = answers[seat][5:] if seat in answers else ws[0]
        leave(st, seat, wonder)
        st.civs[seat].flipped.append(wonder)
        ctx.emit("wonder_flipped", seat, {"card": wonder})
    return False


def refugees(ctx: TtaCtx) -> bool:
    """Refugees: the weakest loses 3 culture and 1 population; the strongest scores 3
    culture and gains 1 population for free (ruling B9)."""
    st = ctx.gs
    top, bottom = strongest(st), weakest(st)
    effects.gain(ctx, bottom, culture=-3)
    effects.lose_population(ctx, {bottom: 1}, "refugees")
    effects.gain(ctx, top, culture=3)
    effects.gain_population(ctx, top, 1)
    return False


def terrorism(ctx: TtaCtx) -> bool:
    """Terrorism: the civilization with the least culture destroys one urban building of
    every other civilization (its choice, one question per civilization)."""
    st = ctx.gs
    attacker = least_culture(st)
    for seat in clockwise(st):
        if seat == attacker:
            continue
        cards = [t for t in effects.worker_cards(st.civs[seat]) if KIND[t] == "urban"]
        card = ctx.choose_card(attacker, "destroy_urban", cards,
                               params={"event": "terrorism", "target_seat": seat})
        if card is not None:
            effects.destroy(ctx, seat, card)
    return False


RESOLVERS.update({
    "II_civil_unrest": civil_unrest,
    "II_cold_war": cold_war,
    "II_crime_wave": crime_wave,
    "II_economic_progress": economic_progress,
    "II_emigration": emigration,
    "II_iconoclasm": iconoclasm,
    "II_independence_declaration": independence_declaration,
    "II_international_agreement": international_agreement,
    "II_national_pride": national_pride,
    "II_politics_of_strength": politics_of_strength,
    "II_popularization_of_science": popularization_of_science,
    "II_prosperity": prosperity,
    "II_ravages_of_time": ravages_of_time,
    "II_refugees": refugees,
    "II_terrorism": terrorism,
})
