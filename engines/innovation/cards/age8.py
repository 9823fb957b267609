"""Age 8 cards."""

from __future__ import annotations

from engines.innovation.cards.helpers import (
    all_lowest,
    choose_and_return,
    give_top_card,
    may_return,
    others,
    pick_extreme,
    return_cards,
)
from engines.innovation.catalogue import COLORS
from engines.innovation.context import Ctx, OptionRow
from engines.innovation.dogma import Run
from engines.innovation.draw import draw, draw_and_meld, draw_and_reveal, draw_and_score
from engines.innovation.facts import (
    AGE,
    CLOCK,
    COLOR,
    FACTORY,
    GREEN,
    LIGHTBULB,
    PURPLE,
    RED,
    UP,
    YELLOW,
    has_icon,
)
from engines.innovation.icons import icon_count, top_cards
from engines.innovation.registry import effects
from engines.innovation.scoring import win
from engines.innovation.splay import can_splay, may_splay, splay
from engines.innovation.zones import meld, return_card, score, transfer, tuck


# Quantum Theory ------------------------------------------------------------------------
def quantum_theory_1(g: Ctx, p: int, d: Run) -> None:
    cards = choose_and_return(g, p, g.st.hands[p], 0, 2)
    if len(cards) == 2:
        draw(g, p, 10)
        draw_and_score(g, p, 10)


effects("quantum_theory", quantum_theory_1)


# Rocketry ------------------------------------------------------------------------------
def rocketry_1(g: Ctx, p: int, d: Run) -> None:
    """Score piles are face down: the chooser picks a pile and an age (the backs show it)."""
    st = g.st
    for _ in range(icon_count(st, p, CLOCK) // 2):
        opts: list[OptionRow] = []
        for o in others(st, p):
            for age in sorted({AGE[c] for c in st.scores[o]}):
                opts.append([f"pile:{o}:{age}", "score_pile_age", {"seat": o, "age": age}, None])
        if not opts:
            return
        answer = opts[0][0] if len(opts) == 1 else g.ask(p, "rocketry_return", opts)
        _, seat_s, age_s = answer.split(":")
        o, age = int(seat_s), int(age_s)
        card = next(c for c in reversed(st.scores[o]) if AGE[c] == age)
        return_card(g, p, card, "score", o)


effects("rocketry", rocketry_1)


# Flight --------------------------------------------------------------------------------
def flight_1(g: Ctx, p: int, d: Run) -> None:
    if g.st.splays[p][RED] == UP:
        may_splay(g, p, range(5), UP)


def flight_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (RED,), UP)


effects("flight", flight_1, flight_2)


# Mobility ------------------------------------------------------------------------------
def mobility_1(g: Ctx, p: int, d: Run) -> None:
    cards = [c for c in top_cards(g.st, p) if COLOR[c] != RED and not has_icon(c, FACTORY)]
    chosen = pick_extreme(g, p, "transfer", cards, 2, private=False)
    for c in chosen:
        transfer(g, p, c, "board", p, "score", d.seat)
    if chosen:
        draw(g, p, 8)


effects("mobility", mobility_1, demand=True)


# Corporations --------------------------------------------------------------------------
def corporations_1(g: Ctx, p: int, d: Run) -> None:
    cards = [c for c in top_cards(g.st, p) if COLOR[c] != GREEN and has_icon(c, FACTORY)]
    card = give_top_card(g, p, cards, d.seat, "score")
    if card is None:
        return
    draw_and_meld(g, p, 8)


def corporations_2(g: Ctx, p: int, d: Run) -> None:
    draw_and_meld(g, p, 8)


effects("corporations", corporations_1, corporations_2, demand=True)


# Mass Media ----------------------------------------------------------------------------
def mass_media_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    card = may_return(g, p, st.hands[p])
    if card is None:
        return
    value = g.choose_value(p, "mass_media_value", list(range(1, 11)))
    # the player's own cards first, in the order they choose (they can see them); the
    # other score piles are face down: their cards go back in seat order
    return_cards(g, p, [c for c in st.scores[p] if AGE[c] == value], "score")
    for o in others(st, p):
        for c in [c for c in st.scores[o] if AGE[c] == value]:
            return_card(g, p, c, "score", o)


def mass_media_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (PURPLE,), UP)


effects("mass_media", mass_media_1, mass_media_2)


# Antibiotics ---------------------------------------------------------------------------
def antibiotics_1(g: Ctx, p: int, d: Run) -> None:
    cards = choose_and_return(g, p, g.st.hands[p], 0, 3)
    for _ in range(2 * len({AGE[c] for c in cards})):
        draw(g, p, 8)


effects("antibiotics", antibiotics_1)


# Skyscrapers ---------------------------------------------------------------------------
def skyscrapers_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    cards = [c for c in top_cards(st, p) if COLOR[c] != YELLOW and has_icon(c, CLOCK)]
    card = g.choose_card(p, "transfer", cards)
    if card is None:
        return
    pile = st.boards[p][COLOR[card]]
    transfer(g, p, card, "board", p, "board", d.seat)
    if pile:
        score(g, p, pile[-1], "board")
    return_cards(g, p, list(reversed(pile)), "board")


effects("skyscrapers", skyscrapers_1, demand=True)


# Empiricism ----------------------------------------------------------------------------
def empiricism_1(g: Ctx, p: int, d: Run) -> None:
    first = g.choose_color(p, "empiricism_color", range(5))
    second = g.choose_color(p, "empiricism_color", [c for c in range(5) if c != first])
    card = draw_and_reveal(g, p, 9)
    color = COLOR[card]
    if color not in (first, second):
        return
    meld(g, p, card)
    params = {"color": COLORS[color], "direction": "up"}
    if can_splay(g, p, color, UP) and g.may(p, "splay_this", params):
        splay(g, p, color, UP)


def empiricism_2(g: Ctx, p: int, d: Run) -> None:
    if icon_count(g.st, p, LIGHTBULB) >= 20:
        win(g, p)


effects("empiricism", empiricism_1, empiricism_2)


# Socialism -----------------------------------------------------------------------------
def socialism_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    hand = list(st.hands[p])
    if not hand or not g.may(p, "socialism_tuck_all"):
        return
    for c in hand:
        tuck(g, p, c)
    if any(COLOR[c] == PURPLE for c in hand):
        for o in others(st, p):
            for c in all_lowest(st.hands[o]):
                transfer(g, p, c, "hand", o, "hand", p)


effects("socialism", socialism_1)
