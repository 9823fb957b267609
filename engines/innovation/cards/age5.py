"""Age 5 cards."""

from __future__ import annotations

from engines.innovation.cards.helpers import (
    all_highest,
    all_lowest,
    give_top_card,
    may_return,
    return_cards,
)
from engines.innovation.context import Ctx
from engines.innovation.dogma import Run
from engines.innovation.draw import (
    draw,
    draw_and_reveal,
    draw_and_score,
    draw_and_tuck,
)
from engines.innovation.facts import (
    AGE,
    BLUE,
    COLOR,
    CROWN,
    FACTORY,
    GREEN,
    LIGHTBULB,
    PURPLE,
    RED,
    RIGHT,
    YELLOW,
    has_icon,
)
from engines.innovation.icons import highest_top, top_cards
from engines.innovation.registry import effects
from engines.innovation.specials import claim_special
from engines.innovation.splay import may_splay, splay
from engines.innovation.zones import meld, return_card, score, transfer


# Chemistry -----------------------------------------------------------------------------
def chemistry_1(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (BLUE,), RIGHT)


def chemistry_2(g: Ctx, p: int, d: Run) -> None:
    draw_and_score(g, p, highest_top(g.st, p) + 1)
    card = g.choose_card(p, "return", g.st.scores[p], private=True)
    if card is not None:
        return_card(g, p, card, "score")


effects("chemistry", chemistry_1, chemistry_2)


# Physics -------------------------------------------------------------------------------
def physics_1(g: Ctx, p: int, d: Run) -> None:
    drawn = [draw_and_reveal(g, p, 6) for _ in range(3)]
    colors = [COLOR[c] for c in drawn]
    if len(set(colors)) < len(colors):
        hand = g.st.hands[p]
        return_cards(g, p, hand)


effects("physics", physics_1)


# Coal ----------------------------------------------------------------------------------
def coal_1(g: Ctx, p: int, d: Run) -> None:
    draw_and_tuck(g, p, 5)


def coal_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (RED,), RIGHT)


def coal_3(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    card = g.choose_card(p, "score_top", top_cards(st, p), may=True)
    if card is None:
        return
    pile = st.boards[p][COLOR[card]]
    score(g, p, card, "board")
    if pile:
        score(g, p, pile[-1], "board")


effects("coal", coal_1, coal_2, coal_3)


# The Pirate Code -----------------------------------------------------------------------
def the_pirate_code_1(g: Ctx, p: int, d: Run) -> None:
    cards = [c for c in g.st.scores[p] if AGE[c] <= 4]
    for c in g.choose_cards(p, "transfer", cards, 2, 2, private=True):
        transfer(g, p, c, "score", p, "score", d.seat)
        d.demand_hit = True


def the_pirate_code_2(g: Ctx, p: int, d: Run) -> None:
    if not d.demand_hit:
        return
    crowns = [c for c in top_cards(g.st, p) if has_icon(c, CROWN)]
    card = g.choose_card(p, "score_top", all_lowest(crowns))
    if card is not None:
        score(g, p, card, "board")


effects("the_pirate_code", the_pirate_code_1, the_pirate_code_2, demand=True)


# Banking -------------------------------------------------------------------------------
def banking_1(g: Ctx, p: int, d: Run) -> None:
    cards = [c for c in top_cards(g.st, p) if COLOR[c] != GREEN and has_icon(c, FACTORY)]
    card = give_top_card(g, p, cards, d.seat, "board")
    if card is None:
        return
    draw_and_score(g, p, 5)


def banking_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (GREEN,), RIGHT)


effects("banking", banking_1, banking_2, demand=True)


# Measurement ---------------------------------------------------------------------------
def measurement_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    card = may_return(g, p, st.hands[p])
    if card is None:
        return
    color = g.choose_color(p, "measurement_color", range(5))
    assert color is not None
    splay(g, p, color, RIGHT)
    draw(g, p, len(st.boards[p][color]))


effects("measurement", measurement_1)


# Statistics ----------------------------------------------------------------------------
def statistics_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    while True:
        card = g.choose_card(p, "take", all_highest(st.scores[p]), private=True)
        if card is None:
            return
        transfer(g, p, card, "score", p, "hand", p)
        if len(st.hands[p]) != 1:
            return


def statistics_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (YELLOW,), RIGHT)


effects("statistics", statistics_1, statistics_2, demand=True)


# Steam Engine --------------------------------------------------------------------------
def steam_engine_1(g: Ctx, p: int, d: Run) -> None:
    draw_and_tuck(g, p, 4)
    draw_and_tuck(g, p, 4)
    pile = g.st.boards[p][YELLOW]
    if pile:
        score(g, p, pile[0], "board")


effects("steam_engine", steam_engine_1)


# Astronomy -----------------------------------------------------------------------------
def astronomy_1(g: Ctx, p: int, d: Run) -> None:
    while True:
        card = draw_and_reveal(g, p, 6)
        if COLOR[card] not in (GREEN, BLUE):
            return
        meld(g, p, card)


def astronomy_2(g: Ctx, p: int, d: Run) -> None:
    tops = [c for c in top_cards(g.st, p) if COLOR[c] != PURPLE]
    if tops and all(AGE[c] >= 6 for c in tops):
        claim_special(g, p, "universe", via="astronomy")


effects("astronomy", astronomy_1, astronomy_2)


# Societies -----------------------------------------------------------------------------
def societies_1(g: Ctx, p: int, d: Run) -> None:
    cards = [c for c in top_cards(g.st, p) if COLOR[c] != PURPLE and has_icon(c, LIGHTBULB)]
    card = give_top_card(g, p, cards, d.seat, "board")
    if card is None:
        return
    draw(g, p, 5)


effects("societies", societies_1, demand=True)

