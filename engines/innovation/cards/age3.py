"""Age 3 cards."""

from __future__ import annotations

from engines.innovation.cards.helpers import (
    all_highest,
    give_top_card,
    max_age,
    may_return,
    meld_all,
    others,
    return_cards,
)
from engines.innovation.context import Ctx
from engines.innovation.dogma import Run
from engines.innovation.draw import draw, draw_and_meld, draw_and_reveal, draw_and_score
from engines.innovation.facts import (
    AGE,
    BLUE,
    CASTLE,
    COLOR,
    CROWN,
    GREEN,
    LEAF,
    LEFT,
    PURPLE,
    RED,
    YELLOW,
    has_icon,
)
from engines.innovation.icons import icon_count, top_cards
from engines.innovation.registry import effects
from engines.innovation.scoring import score_total
from engines.innovation.specials import claim_special
from engines.innovation.splay import may_splay
from engines.innovation.zones import exchange, meld, score, transfer


# Alchemy -------------------------------------------------------------------------------
def alchemy_1(g: Ctx, p: int, d: Run) -> None:
    n = icon_count(g.st, p, CASTLE) // 3
    drawn = [draw_and_reveal(g, p, 4) for _ in range(n)]
    if any(COLOR[c] == RED for c in drawn):
        hand = g.st.hands[p]
        return_cards(g, p, hand)


def alchemy_2(g: Ctx, p: int, d: Run) -> None:
    card = g.choose_card(p, "meld", g.st.hands[p], private=True)
    if card is not None:
        meld(g, p, card)
    card = g.choose_card(p, "score", g.st.hands[p], private=True)
    if card is not None:
        score(g, p, card)


effects("alchemy", alchemy_1, alchemy_2)


# Translation ---------------------------------------------------------------------------
def translation_1(g: Ctx, p: int, d: Run) -> None:
    pile = g.st.scores[p]
    if pile and g.may(p, "translation_meld_all"):
        meld_all(g, p, list(pile), "score")


def translation_2(g: Ctx, p: int, d: Run) -> None:
    tops = top_cards(g.st, p)
    if tops and all(has_icon(c, CROWN) for c in tops):
        claim_special(g, p, "world", via="translation")


effects("translation", translation_1, translation_2)


# Engineering ---------------------------------------------------------------------------
def engineering_1(g: Ctx, p: int, d: Run) -> None:
    for c in [c for c in top_cards(g.st, p) if has_icon(c, CASTLE)]:
        transfer(g, p, c, "board", p, "score", d.seat)


def engineering_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (RED,), LEFT)


effects("engineering", engineering_1, engineering_2, demand=True)


# Optics --------------------------------------------------------------------------------
def optics_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    melded = draw_and_meld(g, p, 3)
    if has_icon(melded, CROWN):
        draw_and_score(g, p, 4)
        return
    mine = score_total(st, p)
    poorer = [o for o in others(st, p) if score_total(st, o) < mine]
    if not poorer or not st.scores[p]:
        return
    target = g.choose_player(p, "optics_target", poorer)
    card = g.choose_card(p, "transfer", st.scores[p], private=True)
    if target is not None and card is not None:
        transfer(g, p, card, "score", p, "score", target)


effects("optics", optics_1)


# Compass -------------------------------------------------------------------------------
def compass_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    cards = [c for c in top_cards(st, p) if COLOR[c] != GREEN and has_icon(c, LEAF)]
    give_top_card(g, p, cards, d.seat, "board")
    cards = [c for c in top_cards(st, d.seat) if not has_icon(c, LEAF)]
    card = g.choose_card(p, "take_top", cards)
    if card is not None:
        transfer(g, p, card, "board", d.seat, "board", p)


effects("compass", compass_1, demand=True)


# Paper ---------------------------------------------------------------------------------
def paper_1(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (GREEN, BLUE), LEFT)


def paper_2(g: Ctx, p: int, d: Run) -> None:
    for _ in range(sum(1 for s in g.st.splays[p] if s == LEFT)):
        draw(g, p, 4)


effects("paper", paper_1, paper_2)


# Machinery -----------------------------------------------------------------------------
def machinery_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    theirs = list(st.hands[p])
    mine = all_highest(st.hands[d.seat])
    if theirs or mine:
        exchange(g, p, theirs, "hand", p, mine, "hand", d.seat)


def machinery_2(g: Ctx, p: int, d: Run) -> None:
    cards = [c for c in g.st.hands[p] if has_icon(c, CASTLE)]
    card = g.choose_card(p, "score", cards, private=True)
    if card is not None:
        score(g, p, card)
    may_splay(g, p, (RED,), LEFT)


effects("machinery", machinery_1, machinery_2, demand=True)


# Medicine ------------------------------------------------------------------------------
def medicine_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    give = g.choose_card(p, "exchange_give", all_highest(st.scores[p]), private=True)
    low = [c for c in st.scores[d.seat] if AGE[c] == min(AGE[x] for x in st.scores[d.seat])]
    get = g.choose_card(d.seat, "exchange_give", low, private=True)
    if give is None and get is None:
        return
    exchange(g, p, [give] if give else [], "score", p, [get] if get else [], "score", d.seat)


effects("medicine", medicine_1, demand=True)


# Education -----------------------------------------------------------------------------
def education_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    card = may_return(g, p, all_highest(st.scores[p]), "score")
    if card is None:
        return
    draw(g, p, max_age(st.scores[p]) + 2)


effects("education", education_1)


# Feudalism -----------------------------------------------------------------------------
def feudalism_1(g: Ctx, p: int, d: Run) -> None:
    cards = [c for c in g.st.hands[p] if has_icon(c, CASTLE)]
    card = g.choose_card(p, "transfer", cards, private=True)
    if card is not None:
        transfer(g, p, card, "hand", p, "hand", d.seat)


def feudalism_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (YELLOW, PURPLE), LEFT)


effects("feudalism", feudalism_1, feudalism_2, demand=True)
