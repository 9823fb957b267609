"""Age 6 cards."""

from __future__ import annotations

from engines.innovation.cards.helpers import (
    all_highest,
    all_lowest,
    choose_and_return,
    max_age,
    meld_all,
    others,
    return_cards,
    reveal_a_color,
)
from engines.innovation.context import Ctx
from engines.innovation.dogma import Run
from engines.innovation.draw import draw, draw_and_meld, draw_and_score, draw_and_tuck
from engines.innovation.facts import (
    BLUE,
    COLOR,
    FACTORY,
    GREEN,
    PURPLE,
    RED,
    RIGHT,
    YELLOW,
    has_icon,
)
from engines.innovation.icons import icon_count, top_cards
from engines.innovation.registry import effects
from engines.innovation.splay import may_splay
from engines.innovation.zones import score, transfer


# Atomic Theory -------------------------------------------------------------------------
def atomic_theory_1(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (BLUE,), RIGHT)


def atomic_theory_2(g: Ctx, p: int, d: Run) -> None:
    draw_and_meld(g, p, 7)


effects("atomic_theory", atomic_theory_1, atomic_theory_2)


# Encyclopedia --------------------------------------------------------------------------
def encyclopedia_1(g: Ctx, p: int, d: Run) -> None:
    cards = all_highest(g.st.scores[p])
    if cards and g.may(p, "encyclopedia_meld"):
        meld_all(g, p, cards, "score")


effects("encyclopedia", encyclopedia_1)


# Industrialization ---------------------------------------------------------------------
def industrialization_1(g: Ctx, p: int, d: Run) -> None:
    for _ in range(icon_count(g.st, p, FACTORY) // 2):
        draw_and_tuck(g, p, 6)


def industrialization_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (RED, PURPLE), RIGHT)


effects("industrialization", industrialization_1, industrialization_2)


# Machine Tools -------------------------------------------------------------------------
def machine_tools_1(g: Ctx, p: int, d: Run) -> None:
    draw_and_score(g, p, max_age(g.st.scores[p]))


effects("machine_tools", machine_tools_1)


# Classification ------------------------------------------------------------------------
def classification_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    color = reveal_a_color(g, p)
    if color is None:
        return
    for o in others(st, p):
        for c in [c for c in st.hands[o] if COLOR[c] == color]:
            transfer(g, p, c, "hand", o, "hand", p)
    meld_all(g, p, [c for c in st.hands[p] if COLOR[c] == color])


effects("classification", classification_1)


# Metric System -------------------------------------------------------------------------
def metric_system_1(g: Ctx, p: int, d: Run) -> None:
    if g.st.splays[p][GREEN] == RIGHT:
        may_splay(g, p, range(5), RIGHT)


def metric_system_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (GREEN,), RIGHT)


effects("metric_system", metric_system_1, metric_system_2)


# Canning -------------------------------------------------------------------------------
def canning_1(g: Ctx, p: int, d: Run) -> None:
    if not g.may(p, "canning_tuck"):
        return
    draw_and_tuck(g, p, 6)
    for c in [c for c in top_cards(g.st, p) if not has_icon(c, FACTORY)]:
        score(g, p, c, "board")


def canning_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (YELLOW,), RIGHT)


effects("canning", canning_1, canning_2)


# Vaccination ---------------------------------------------------------------------------
def vaccination_1(g: Ctx, p: int, d: Run) -> None:
    cards = all_lowest(g.st.scores[p])
    if not cards:
        return
    return_cards(g, p, cards, "score")
    d.demand_hit = True
    draw_and_meld(g, p, 6)


def vaccination_2(g: Ctx, p: int, d: Run) -> None:
    if d.demand_hit:
        draw_and_meld(g, p, 7)


effects("vaccination", vaccination_1, vaccination_2, demand=True)


# Democracy -----------------------------------------------------------------------------
def democracy_1(g: Ctx, p: int, d: Run) -> None:
    hand = g.st.hands[p]
    cards = choose_and_return(g, p, hand, 0, len(hand))
    best = d.data.get("democracy", 0)
    if cards and len(cards) > best:
        d.data["democracy"] = len(cards)
        draw_and_score(g, p, 8)


effects("democracy", democracy_1)


# Emancipation --------------------------------------------------------------------------
def emancipation_1(g: Ctx, p: int, d: Run) -> None:
    card = g.choose_card(p, "transfer", g.st.hands[p], private=True)
    if card is None:
        return
    transfer(g, p, card, "hand", p, "score", d.seat)
    draw(g, p, 6)


def emancipation_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (RED, PURPLE), RIGHT)


effects("emancipation", emancipation_1, emancipation_2, demand=True)
