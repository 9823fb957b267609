"""Age 4 cards."""

from __future__ import annotations

from engines.innovation.cards.helpers import give_top_card, may_return
from engines.innovation.context import Ctx
from engines.innovation.dogma import Run
from engines.innovation.draw import draw, draw_and_meld, draw_and_score, draw_and_tuck
from engines.innovation.facts import (
    AGE,
    BLUE,
    CASTLE,
    COLOR,
    CROWN,
    GREEN,
    LEAF,
    LEFT,
    LIGHTBULB,
    PURPLE,
    RIGHT,
    YELLOW,
    has_icon,
)
from engines.innovation.icons import icon_count, top_card, top_cards
from engines.innovation.registry import effects
from engines.innovation.specials import claim_special
from engines.innovation.splay import may_splay, splay
from engines.innovation.zones import return_card, score, transfer, tuck


# Experimentation -----------------------------------------------------------------------
def experimentation_1(g: Ctx, p: int, d: Run) -> None:
    draw_and_meld(g, p, 5)


effects("experimentation", experimentation_1)


# Printing Press ------------------------------------------------------------------------
def printing_press_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    card = may_return(g, p, st.scores[p], "score")
    if card is None:
        return
    purple = top_card(st, p, PURPLE)
    draw(g, p, (AGE[purple] if purple else 0) + 2)


def printing_press_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (BLUE,), RIGHT)


effects("printing_press", printing_press_1, printing_press_2)


# Colonialism ---------------------------------------------------------------------------
def colonialism_1(g: Ctx, p: int, d: Run) -> None:
    while has_icon(draw_and_tuck(g, p, 3), CROWN):
        pass


effects("colonialism", colonialism_1)


# Gunpowder -----------------------------------------------------------------------------
def gunpowder_1(g: Ctx, p: int, d: Run) -> None:
    cards = [c for c in top_cards(g.st, p) if has_icon(c, CASTLE)]
    card = g.choose_card(p, "transfer", cards)
    if card is not None:
        transfer(g, p, card, "board", p, "score", d.seat)
        d.demand_hit = True


def gunpowder_2(g: Ctx, p: int, d: Run) -> None:
    if d.demand_hit:
        draw_and_score(g, p, 2)


effects("gunpowder", gunpowder_1, gunpowder_2, demand=True)


# Invention -----------------------------------------------------------------------------
def invention_1(g: Ctx, p: int, d: Run) -> None:
    lefts = [c for c in range(5) if g.st.splays[p][c] == LEFT]
    color = g.choose_color(p, "splay_right", lefts, may=True)
    if color is None:
        return
    splay(g, p, color, RIGHT)
    draw_and_score(g, p, 4)


def invention_2(g: Ctx, p: int, d: Run) -> None:
    if all(g.st.splays[p]):
        claim_special(g, p, "wonder", via="invention")


effects("invention", invention_1, invention_2)


# Navigation ----------------------------------------------------------------------------
def navigation_1(g: Ctx, p: int, d: Run) -> None:
    cards = [c for c in g.st.scores[p] if AGE[c] in (2, 3)]
    card = g.choose_card(p, "transfer", cards, private=True)
    if card is not None:
        transfer(g, p, card, "score", p, "score", d.seat)


effects("navigation", navigation_1, demand=True)


# Anatomy -------------------------------------------------------------------------------
def anatomy_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    card = g.choose_card(p, "return", st.scores[p], private=True)
    if card is None:
        return
    return_card(g, p, card, "score")
    same = [c for c in top_cards(st, p) if AGE[c] == AGE[card]]
    top = g.choose_card(p, "return", same)
    if top is not None:
        return_card(g, p, top, "board")


effects("anatomy", anatomy_1, demand=True)


# Perspective ---------------------------------------------------------------------------
def perspective_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    card = may_return(g, p, st.hands[p])
    if card is None:
        return
    n = icon_count(st, p, LIGHTBULB) // 2
    for c in g.choose_cards(p, "score", st.hands[p], n, n, private=True):
        score(g, p, c)


effects("perspective", perspective_1)


# Enterprise ----------------------------------------------------------------------------
def enterprise_1(g: Ctx, p: int, d: Run) -> None:
    cards = [c for c in top_cards(g.st, p) if COLOR[c] != PURPLE and has_icon(c, CROWN)]
    card = give_top_card(g, p, cards, d.seat, "board")
    if card is None:
        return
    draw_and_meld(g, p, 4)


def enterprise_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (GREEN,), RIGHT)


effects("enterprise", enterprise_1, enterprise_2, demand=True)


# Reformation ---------------------------------------------------------------------------
def reformation_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    n = min(icon_count(st, p, LEAF) // 2, len(st.hands[p]))
    if n == 0 or not g.may(p, "reformation_tuck", {"count": n}):
        return
    for c in g.choose_cards(p, "tuck", st.hands[p], n, n, private=True):
        tuck(g, p, c)


def reformation_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (YELLOW, PURPLE), RIGHT)


effects("reformation", reformation_1, reformation_2)
