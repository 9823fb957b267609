"""Age 1 cards."""

from __future__ import annotations

from engines.innovation.cards.helpers import (
    all_highest,
    board_colors,
    choose_and_return,
    give_top_card,
    may_return,
    others,
)
from engines.innovation.catalogue import COLORS
from engines.innovation.context import Ctx
from engines.innovation.dogma import Run
from engines.innovation.draw import draw, draw_and_meld, draw_and_reveal, draw_and_score
from engines.innovation.facts import AGE, CASTLE, COLOR, CROWN, LEFT, has_icon
from engines.innovation.icons import icon_count, top_cards
from engines.innovation.registry import effects
from engines.innovation.specials import claim_special
from engines.innovation.splay import can_splay, splay
from engines.innovation.zones import meld, score, transfer, tuck


# Pottery -------------------------------------------------------------------------------
def pottery_1(g: Ctx, p: int, d: Run) -> None:
    cards = choose_and_return(g, p, g.st.hands[p], 0, 3)
    if cards:
        draw_and_score(g, p, len(cards))


def pottery_2(g: Ctx, p: int, d: Run) -> None:
    draw(g, p, 1)


effects("pottery", pottery_1, pottery_2)


# Tools ---------------------------------------------------------------------------------
def tools_1(g: Ctx, p: int, d: Run) -> None:
    hand = g.st.hands[p]
    if len(hand) < 3 or not g.may(p, "return_three"):
        return
    choose_and_return(g, p, hand, 3, 3)
    draw_and_meld(g, p, 3)


def tools_2(g: Ctx, p: int, d: Run) -> None:
    threes = [c for c in g.st.hands[p] if AGE[c] == 3]
    card = may_return(g, p, threes)
    if card is None:
        return
    for _ in range(3):
        draw(g, p, 1)


effects("tools", tools_1, tools_2)


# Writing -------------------------------------------------------------------------------
def writing_1(g: Ctx, p: int, d: Run) -> None:
    draw(g, p, 2)


effects("writing", writing_1)


# Archery -------------------------------------------------------------------------------
def archery_1(g: Ctx, p: int, d: Run) -> None:
    draw(g, p, 1)
    card = g.choose_card(p, "transfer", all_highest(g.st.hands[p]), private=True)
    if card is not None:
        transfer(g, p, card, "hand", p, "hand", d.seat)


effects("archery", archery_1, demand=True)


# Metalworking --------------------------------------------------------------------------
def metalworking_1(g: Ctx, p: int, d: Run) -> None:
    while True:
        card = draw_and_reveal(g, p, 1)
        if not has_icon(card, CASTLE):
            return
        score(g, p, card)


effects("metalworking", metalworking_1)


# Oars ----------------------------------------------------------------------------------
def oars_1(g: Ctx, p: int, d: Run) -> None:
    crowns = [c for c in g.st.hands[p] if has_icon(c, CROWN)]
    card = g.choose_card(p, "transfer", crowns, private=True)
    if card is None:
        return
    transfer(g, p, card, "hand", p, "score", d.seat)
    d.demand_hit = True
    draw(g, p, 1)


def oars_2(g: Ctx, p: int, d: Run) -> None:
    if not d.demand_hit:
        draw(g, p, 1)


effects("oars", oars_1, oars_2, demand=True)


# Clothing ------------------------------------------------------------------------------
def clothing_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    mine = set(board_colors(st, p))
    cards = [c for c in st.hands[p] if COLOR[c] not in mine]
    card = g.choose_card(p, "meld", cards, private=True)
    if card is not None:
        meld(g, p, card)


def clothing_2(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    theirs: set[int] = set()
    for o in others(st, p):
        theirs.update(board_colors(st, o))
    n = sum(1 for c in board_colors(st, p) if c not in theirs)
    for _ in range(n):
        draw_and_score(g, p, 1)


effects("clothing", clothing_1, clothing_2)


# Sailing -------------------------------------------------------------------------------
def sailing_1(g: Ctx, p: int, d: Run) -> None:
    draw_and_meld(g, p, 1)


effects("sailing", sailing_1)


# The Wheel -----------------------------------------------------------------------------
def the_wheel_1(g: Ctx, p: int, d: Run) -> None:
    draw(g, p, 1)
    draw(g, p, 1)


effects("the_wheel", the_wheel_1)


# Agriculture ---------------------------------------------------------------------------
def agriculture_1(g: Ctx, p: int, d: Run) -> None:
    card = may_return(g, p, g.st.hands[p])
    if card is None:
        return
    draw_and_score(g, p, AGE[card] + 1)


effects("agriculture", agriculture_1)


# Domestication -------------------------------------------------------------------------
def domestication_1(g: Ctx, p: int, d: Run) -> None:
    hand = g.st.hands[p]
    if hand:
        low = min(AGE[c] for c in hand)
        card = g.choose_card(p, "meld", [c for c in hand if AGE[c] == low], private=True)
        assert card is not None
        meld(g, p, card)
    draw(g, p, 1)


effects("domestication", domestication_1)


# Masonry -------------------------------------------------------------------------------
def masonry_1(g: Ctx, p: int, d: Run) -> None:
    castles = [c for c in g.st.hands[p] if has_icon(c, CASTLE)]
    cards = g.choose_cards(p, "meld", castles, 0, len(castles), private=True)
    for c in cards:
        meld(g, p, c)
    if len(cards) >= 4:
        claim_special(g, p, "monument", via="masonry")


effects("masonry", masonry_1)


# City States ---------------------------------------------------------------------------
def city_states_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    if icon_count(st, p, CASTLE) < 4:
        return
    cards = [c for c in top_cards(st, p) if has_icon(c, CASTLE)]
    card = give_top_card(g, p, cards, d.seat, "board")
    if card is None:
        return
    draw(g, p, 1)


effects("city_states", city_states_1, demand=True)


# Code of Laws --------------------------------------------------------------------------
def code_of_laws_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    mine = set(board_colors(st, p))
    cards = [c for c in st.hands[p] if COLOR[c] in mine]
    card = g.choose_card(p, "tuck", cards, may=True, private=True)
    if card is None:
        return
    tuck(g, p, card)
    color = COLOR[card]
    params = {"color": COLORS[color], "direction": "left"}
    if can_splay(g, p, color, LEFT) and g.may(p, "splay_this", params):
        splay(g, p, color, LEFT)


effects("code_of_laws", code_of_laws_1)


# Mysticism -----------------------------------------------------------------------------
def mysticism_1(g: Ctx, p: int, d: Run) -> None:
    card = draw_and_reveal(g, p, 1)
    if g.st.boards[p][COLOR[card]]:
        meld(g, p, card)
        draw(g, p, 1)


effects("mysticism", mysticism_1)
