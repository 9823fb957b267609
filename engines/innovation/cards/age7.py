"""Age 7 cards."""

from __future__ import annotations

from engines.innovation.cards.helpers import choose_and_return, max_age, pick_extreme, return_cards
from engines.innovation.catalogue import COLORS
from engines.innovation.context import Ctx
from engines.innovation.dogma import Run
from engines.innovation.draw import draw, draw_and_score
from engines.innovation.facts import AGE, BLUE, FACTORY, RIGHT, UP, YELLOW, has_icon
from engines.innovation.icons import forget_board, top_cards
from engines.innovation.registry import effects
from engines.innovation.splay import may_splay, splay, splayable
from engines.innovation.zones import exchange, return_card, score, transfer, tuck


# Evolution -----------------------------------------------------------------------------
def evolution_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    choice = g.choose_option(p, "evolution_choice", ["score_8", "draw_higher"], may=True)
    if choice == "score_8":
        draw_and_score(g, p, 8)
        card = g.choose_card(p, "return", st.scores[p], private=True)
        if card is not None:
            return_card(g, p, card, "score")
    elif choice == "draw_higher":
        draw(g, p, max_age(st.scores[p]) + 1)


effects("evolution", evolution_1)


# Publications --------------------------------------------------------------------------
def publications_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    colors = [c for c in range(5) if len(st.boards[p][c]) > 1]
    color = g.choose_color(p, "rearrange_color", colors, may=True)
    if color is None:
        return
    pile = st.boards[p][color]
    pool = list(reversed(pile))  # top first
    order: list[str] = []  # new order, top first
    while len(pool) > 1:
        card = g.choose_card(p, "rearrange_next", pool, private=True,
                             params={"position": len(order) + 1})
        assert card is not None
        pool.remove(card)
        order.append(card)
    order.extend(pool)
    new = list(reversed(order))
    if new[-1] != pile[-1]:
        g.revealing()  # a covered card, which only the owner could see, is now on top
    if new != pile:
        pile[:] = new
        forget_board(st, p)
        st.changes += 1
    # covered cards are hidden from the other players: the order goes to the owner only
    g.emit("rearrange", p, {"color": COLORS[color], "top": new[-1]})
    g.emit("rearrange", p, {"color": COLORS[color], "top": new[-1], "order": new,
                            "private": True}, visible_to=[p])


def publications_2(g: Ctx, p: int, d: Run) -> None:
    may_splay(g, p, (YELLOW, BLUE), UP)


effects("publications", publications_1, publications_2)


# Combustion ----------------------------------------------------------------------------
def combustion_1(g: Ctx, p: int, d: Run) -> None:
    for c in g.choose_cards(p, "transfer", g.st.scores[p], 2, 2, private=True):
        transfer(g, p, c, "score", p, "score", d.seat)


effects("combustion", combustion_1, demand=True)


# Explosives ----------------------------------------------------------------------------
def explosives_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    cards = pick_extreme(g, p, "transfer", st.hands[p], 3)
    for c in cards:
        transfer(g, p, c, "hand", p, "hand", d.seat)
    if cards and not st.hands[p]:
        draw(g, p, 7)


effects("explosives", explosives_1, demand=True)


# Bicycle -------------------------------------------------------------------------------
def bicycle_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    if (st.hands[p] or st.scores[p]) and g.may(p, "bicycle_exchange"):
        exchange(g, p, list(st.hands[p]), "hand", p, list(st.scores[p]), "score", p)


effects("bicycle", bicycle_1)


# Electricity ---------------------------------------------------------------------------
def electricity_1(g: Ctx, p: int, d: Run) -> None:
    cards = [c for c in top_cards(g.st, p) if not has_icon(c, FACTORY)]
    return_cards(g, p, cards, "board")
    for _ in cards:
        draw(g, p, 8)


effects("electricity", electricity_1)


# Refrigeration -------------------------------------------------------------------------
def refrigeration_1(g: Ctx, p: int, d: Run) -> None:
    hand = g.st.hands[p]
    n = len(hand) // 2
    choose_and_return(g, p, hand, n, n)


def refrigeration_2(g: Ctx, p: int, d: Run) -> None:
    card = g.choose_card(p, "score", g.st.hands[p], may=True, private=True)
    if card is not None:
        score(g, p, card)


effects("refrigeration", refrigeration_1, refrigeration_2, demand=True)


# Sanitation ----------------------------------------------------------------------------
def sanitation_1(g: Ctx, p: int, d: Run) -> None:
    st = g.st
    give = pick_extreme(g, p, "exchange_give", st.hands[p], 2)
    get = pick_extreme(g, d.seat, "exchange_give", st.hands[d.seat], 1, lowest=True)
    if give or get:
        exchange(g, p, give, "hand", p, get, "hand", d.seat)


effects("sanitation", sanitation_1, demand=True)


# Lighting ------------------------------------------------------------------------------
def lighting_1(g: Ctx, p: int, d: Run) -> None:
    cards = g.choose_cards(p, "tuck", g.st.hands[p], 0, 3, private=True)
    for c in cards:
        tuck(g, p, c)
    for _ in range(len({AGE[c] for c in cards})):
        draw_and_score(g, p, 7)


effects("lighting", lighting_1)


# Railroad ------------------------------------------------------------------------------
def railroad_1(g: Ctx, p: int, d: Run) -> None:
    hand = g.st.hands[p]
    return_cards(g, p, hand)
    for _ in range(3):
        draw(g, p, 6)


def railroad_2(g: Ctx, p: int, d: Run) -> None:
    rights = [c for c in splayable(g, p, range(5), UP) if g.st.splays[p][c] == RIGHT]
    color = g.choose_color(p, "splay_up", rights, may=True)
    if color is not None:
        splay(g, p, color, UP)


effects("railroad", railroad_1, railroad_2)
