"""Age 2 cards."""

from __future__ import annotations

from engines.innovation.cards.helpers import (
    all_highest,
    choose_and_return,
    give_top_card,
    may_return,
    others,
)
from engines.innovation.context import Ctx
from engines.innovation.dogma import Run
from engines.innovation.draw import draw, draw_and_meld, draw_and_score, draw_and_tuck
from engines.innovation.facts import AGE, COLOR, GREEN, LEAF, LEFT, RED
from engines.innovation.icons import icon_count, top_card, top_cards
from engines.innovation.registry import effects
from engines.innovation.specials import claim_special
from engines.innovation.splay import may_splay
from engines.innovation.zones import exchange, meld, score, transfer


# Calendar ------------------------------------------------------------------------------
def calendar_1(g: Ctx, p: int, d: Run) -> None:
    if len(g.st.scores[p]) > len(g.st.hands[p]):
        draw(g, p, 3)
        draw(g, p, 3)


effects("calendar", calendar_1)


# Mathematics ---------------------------------------------------------------------------
def mathematics_1(g: Ctx, p: int, d: Run) -> None:
    card = may_return(g, p, g.st.hands[p])
    if card is None:
        return
    draw_and_meld(g, p, AGE[card] + 1)


effects("mathematics", mathematics_1)


# Construction --------------------------------------------------------------------------
def construction_1(g: Ctx, p: int, d: Run) -> None:
    for c in g.choose_cards(p, "transfer", g.st.hands[p], 2, 2, private=True):
        transfer(g, p, c, "hand", p, "hand", d.seat)
    draw(g, p, 2)


def construction_2(g: Ctx, p: int, d: Run) -> None:
    st = g.st

    def five(s: int) -> bool:
        return all(st.boards[s])

    if five(p) and not any(five(o) for o in others(st, p)):
        claim_special(g, p, "empire", via="construction")


effects("construction", construction_1, construction_2, demand=True)


# Road Building -------------------------------------------------------------------------
def road_building_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    cards = g.choose_cards(p, "meld", st.hands[p], 1, 2, private=True)
    for c in cards:
        meld(g, p, c)
    if len(cards) < 2:
        return
    red = top_card(st, p, RED)
    if red is None:
        return
    target = g.choose_player(p, "road_building_target", others(st, p), may=True)
    if target is None:
        return
    transfer(g, p, red, "board", p, "board", target)
    green = top_card(st, target, GREEN)
    if green is not None:
        transfer(g, p, green, "board", target, "board", p)


effects("road_building", road_building_1)


# Currency ------------------------------------------------------------------------------
def currency_1(g: Ctx, p: int, d: Run) -> None:
    hand = g.st.hands[p]
    cards = choose_and_return(g, p, hand, 0, len(hand))
    for _ in range(len({AGE[c] for c in cards})):
        draw_and_score(g, p, 2)


effects("currency", currency_1)


# Mapmaking -----------------------------------------------------------------------------
def mapmaking_1(g: Ctx, p: int, d: Run) -> None:
    ones = [c for c in g.st.scores[p] if AGE[c] == 1]
    card = g.choose_card(p, "transfer", ones, private=True)
    if card is None:
        return
    transfer(g, p, card, "score", p, "score", d.seat)
    d.demand_hit = True


def mapmaking_2(g: Ctx, p: int, d: Run) -> None:
    if d.demand_hit:
        draw_and_score(g, p, 1)


effects("mapmaking", mapmaking_1, mapmaking_2, demand=True)


# Canal Building ------------------------------------------------------------------------
def canal_building_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    hand = all_highest(st.hands[p])
    pile = all_highest(st.scores[p])
    if not hand and not pile:
        return
    if g.may(p, "canal_building_exchange"):
        exchange(g, p, hand, "hand", p, pile, "score", p)


effects("canal_building", canal_building_1)


# Fermenting ----------------------------------------------------------------------------
def fermenting_1(g: Ctx, p: int, d: Run) -> None:
    for _ in range(icon_count(g.st, p, LEAF) // 2):
        draw(g, p, 2)


effects("fermenting", fermenting_1)


# Monotheism ----------------------------------------------------------------------------
def monotheism_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    cards = [c for c in top_cards(st, p) if not st.boards[d.seat][COLOR[c]]]
    card = give_top_card(g, p, cards, d.seat, "score")
    if card is None:
        return
    draw_and_tuck(g, p, 1)


def monotheism_2(g: Ctx, p: int, d: Run) -> None:
    draw_and_tuck(g, p, 1)


effects("monotheism", monotheism_1, monotheism_2, demand=True)


# Philosophy ----------------------------------------------------------------------------
def philosophy_1(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, range(5), LEFT)


def philosophy_2(g: Ctx, p: int, d: Run) -> None:
    card = g.choose_card(p, "score", g.st.hands[p], may=True, private=True)
    if card is not None:
        score(g, p, card)


effects("philosophy", philosophy_1, philosophy_2)
