"""Age 9 cards."""

from __future__ import annotations

from engines.innovation.cards.helpers import (
    all_highest,
    may_return,
    others,
    return_cards,
    reveal_a_color,
)
from engines.innovation.context import Ctx, DogmaEnds
from engines.innovation.dogma import Run, execute_nondemand
from engines.innovation.draw import draw, draw_and_meld, draw_and_reveal, draw_and_score
from engines.innovation.facts import (
    BLUE,
    COLOR,
    GREEN,
    LEAF,
    PURPLE,
    RED,
    UP,
    YELLOW,
    has_icon,
)
from engines.innovation.icons import top_card, top_cards
from engines.innovation.registry import effects
from engines.innovation.scoring import win
from engines.innovation.splay import may_splay
from engines.innovation.zones import meld, remove_from_game, return_card, score, transfer, tuck


# Computers -----------------------------------------------------------------------------
def computers_1(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (RED, GREEN), UP)


def computers_2(g: Ctx, p: int, d: Run) -> None:
    card = draw_and_meld(g, p, 10)
    execute_nondemand(g, p, card)


effects("computers", computers_1, computers_2)


# Genetics ------------------------------------------------------------------------------
def genetics_1(g: Ctx, p: int, d: Run) -> None:
    card = draw_and_meld(g, p, 10)
    pile = g.st.boards[p][COLOR[card]]
    for c in list(reversed(pile[:-1])):
        score(g, p, c, "board")


effects("genetics", genetics_1)


# Composites ----------------------------------------------------------------------------
def composites_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    hand = st.hands[p]
    if len(hand) > 1:
        keep = g.choose_card(p, "keep", hand, private=True)
        for c in [c for c in hand if c != keep]:
            transfer(g, p, c, "hand", p, "hand", d.seat)
    card = g.choose_card(p, "transfer", all_highest(st.scores[p]), private=True)
    if card is not None:
        transfer(g, p, card, "score", p, "score", d.seat)


effects("composites", composites_1, demand=True)


# Fission -------------------------------------------------------------------------------
def fission_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    card = draw_and_reveal(g, p, 10)
    if COLOR[card] != RED:
        return
    for s in range(st.players):
        for c in list(st.hands[s]):
            remove_from_game(g, p, c, "hand", s)
        for c in list(st.scores[s]):
            remove_from_game(g, p, c, "score", s)
        for pile in st.boards[s]:
            for c in list(reversed(pile)):
                remove_from_game(g, p, c, "board", s)
    raise DogmaEnds()


def fission_2(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    cards = [c for s in range(st.players) for c in top_cards(st, s) if c != "fission"]
    card = g.choose_card(p, "return_top", cards)
    if card is None:
        return
    owner = next(s for s in range(st.players) if top_card(st, s, COLOR[card]) == card)
    return_card(g, p, card, "board", owner)


effects("fission", fission_1, fission_2, demand=True)


# Collaboration -------------------------------------------------------------------------
def collaboration_1(g: Ctx, p: int, d: Run) -> None:
    a = draw_and_reveal(g, p, 9)
    b = draw_and_reveal(g, p, 9)
    chosen = g.choose_card(d.seat, "collaboration_take", [a, b])
    assert chosen is not None
    other = b if chosen == a else a
    transfer(g, p, chosen, "hand", p, "board", d.seat)
    meld(g, p, other)


def collaboration_2(g: Ctx, p: int, d: Run) -> None:
    if len(g.st.boards[p][GREEN]) >= 10:
        win(g, p)


effects("collaboration", collaboration_1, collaboration_2, demand=True)


# Satellites ----------------------------------------------------------------------------
def satellites_1(g: Ctx, p: int, d: Run) -> None:
    hand = g.st.hands[p]
    return_cards(g, p, hand)
    for _ in range(3):
        draw(g, p, 8)


def satellites_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (PURPLE,), UP)


def satellites_3(g: Ctx, p: int, d: Run) -> None:
    card = g.choose_card(p, "meld", g.st.hands[p], private=True)
    if card is None:
        return
    meld(g, p, card)
    execute_nondemand(g, p, card)


effects("satellites", satellites_1, satellites_2, satellites_3)


# Ecology -------------------------------------------------------------------------------
def ecology_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    card = may_return(g, p, st.hands[p])
    if card is None:
        return
    card = g.choose_card(p, "score", st.hands[p], private=True)
    if card is not None:
        score(g, p, card)
    draw(g, p, 10)
    draw(g, p, 10)


effects("ecology", ecology_1)


# Suburbia ------------------------------------------------------------------------------
def suburbia_1(g: Ctx, p: int, d: Run) -> None:
    hand = g.st.hands[p]
    cards = g.choose_cards(p, "tuck", hand, 0, len(hand), private=True)
    for c in cards:
        tuck(g, p, c)
    for _ in cards:
        draw_and_score(g, p, 1)


effects("suburbia", suburbia_1)


# Services ------------------------------------------------------------------------------
def services_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    cards = all_highest(st.scores[p])
    for c in cards:
        transfer(g, p, c, "score", p, "hand", d.seat)
    if not cards:
        return
    tops = [c for c in top_cards(st, d.seat) if not has_icon(c, LEAF)]
    card = g.choose_card(p, "take_top", tops)
    if card is not None:
        transfer(g, p, card, "board", d.seat, "hand", p)


effects("services", services_1, demand=True)


# Specialization ------------------------------------------------------------------------
def specialization_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    color = reveal_a_color(g, p)
    if color is None:
        return
    for o in others(st, p):
        top = top_card(st, o, color)
        if top is not None:
            transfer(g, p, top, "board", o, "hand", p)


def specialization_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (YELLOW, BLUE), UP)


effects("specialization", specialization_1, specialization_2)

