"""Age 10 cards."""

from __future__ import annotations

from engines.innovation.cards.helpers import may_return, others, return_cards
from engines.innovation.context import Ctx
from engines.innovation.dogma import Run, execute_nondemand
from engines.innovation.draw import draw, draw_and_meld, draw_and_score
from engines.innovation.facts import AGE, CLOCK, COLOR, FACTORY, GREEN, LEAF, UP, has_icon
from engines.innovation.icons import icon_count, icon_counts, top_card, top_cards
from engines.innovation.registry import effects
from engines.innovation.scoring import score_total, win
from engines.innovation.splay import may_splay
from engines.innovation.zones import return_card, score, transfer


def _single_best(values: list[int], lowest: bool = False) -> int | None:
    best = min(values) if lowest else max(values)
    seats = [s for s, v in enumerate(values) if v == best]
    return seats[0] if len(seats) == 1 else None


# Bioengineering ------------------------------------------------------------------------
def bioengineering_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    cards = [c for o in others(st, p) for c in top_cards(st, o) if has_icon(c, LEAF)]
    card = g.choose_card(p, "transfer", cards)
    if card is None:
        return
    owner = next(o for o in others(st, p) if top_card(st, o, COLOR[card]) == card)
    transfer(g, p, card, "board", owner, "score", p)


def bioengineering_2(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    leaves = [icon_count(st, s, LEAF) for s in range(st.players)]
    if min(leaves) < 3:
        best = _single_best(leaves)
        if best is not None:
            win(g, best)


effects("bioengineering", bioengineering_1, bioengineering_2)


# Software ------------------------------------------------------------------------------
def software_1(g: Ctx, p: int, d: Run) -> None:
    draw_and_score(g, p, 10)


def software_2(g: Ctx, p: int, d: Run) -> None:
    draw_and_meld(g, p, 10)
    card = draw_and_meld(g, p, 10)
    execute_nondemand(g, p, card)


effects("software", software_1, software_2)


# Miniaturization -----------------------------------------------------------------------
def miniaturization_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    card = may_return(g, p, st.hands[p])
    if card is None:
        return
    if AGE[card] == 10:
        for _ in range(len({AGE[c] for c in st.scores[p]})):
            draw(g, p, 10)


effects("miniaturization", miniaturization_1)


# Robotics ------------------------------------------------------------------------------
def robotics_1(g: Ctx, p: int, d: Run) -> None:
    green = top_card(g.st, p, GREEN)
    if green is not None:
        score(g, p, green, "board")
    card = draw_and_meld(g, p, 10)
    execute_nondemand(g, p, card)


effects("robotics", robotics_1)


# Databases -----------------------------------------------------------------------------
def databases_1(g: Ctx, p: int, d: Run) -> None:
    pile = g.st.scores[p]
    n = (len(pile) + 1) // 2
    picked = g.choose_cards(p, "return", pile, n, n, private=True)
    return_cards(g, p, picked, "score", ordered=n < len(pile))


effects("databases", databases_1, demand=True)


# Self Service --------------------------------------------------------------------------
def self_service_1(g: Ctx, p: int, d: Run) -> None:
    cards = [c for c in top_cards(g.st, p) if c != "self_service"]
    card = g.choose_card(p, "execute", cards)
    if card is not None:
        execute_nondemand(g, p, card)


def self_service_2(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    mine = len(st.achievements[p])
    if all(mine > len(st.achievements[o]) for o in others(st, p)):
        win(g, p)


effects("self_service", self_service_1, self_service_2)


# Globalization -------------------------------------------------------------------------
def globalization_1(g: Ctx, p: int, d: Run) -> None:
    cards = [c for c in top_cards(g.st, p) if has_icon(c, LEAF)]
    card = g.choose_card(p, "return_top", cards)
    if card is not None:
        return_card(g, p, card, "board")


def globalization_2(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    draw_and_score(g, p, 6)
    for s in range(st.players):
        counts = icon_counts(st, s)
        if counts[LEAF] > counts[FACTORY]:
            return
    best = _single_best([score_total(st, s) for s in range(st.players)])
    if best is not None:
        win(g, best)


effects("globalization", globalization_1, globalization_2, demand=True)


# Stem Cells ----------------------------------------------------------------------------
def stem_cells_1(g: Ctx, p: int, d: Run) -> None:
    hand = g.st.hands[p]
    if hand and g.may(p, "stem_cells_score_all"):
        for c in list(hand):
            score(g, p, c)


effects("stem_cells", stem_cells_1)


# A.I. ----------------------------------------------------------------------------------
def a_i_1(g: Ctx, p: int, d: Run) -> None:
    draw_and_score(g, p, 10)


def a_i_2(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    tops = {c for s in range(st.players) for c in top_cards(st, s)}
    if "robotics" in tops and "software" in tops:
        best = _single_best([score_total(st, s) for s in range(st.players)], lowest=True)
        if best is not None:
            win(g, best)


effects("a_i", a_i_1, a_i_2)


# The Internet --------------------------------------------------------------------------
def the_internet_1(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (GREEN,), UP)


def the_internet_2(g: Ctx, p: int, d: Run) -> None:
    draw_and_score(g, p, 10)


def the_internet_3(g: Ctx, p: int, d: Run) -> None:
    for _ in range(icon_count(g.st, p, CLOCK) // 2):
        draw_and_meld(g, p, 10)


effects("the_internet", the_internet_1, the_internet_2, the_internet_3)
