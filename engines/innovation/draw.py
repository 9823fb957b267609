"""Drawing (rulebook 抽牌): from the pile of the wanted age, skipping empty piles upward;
needing a card above age 10 ends the game at once (遊戲結束: 透過勢力獲勝).

``draw`` puts the card in the hand; "draw and meld/score/tuck/reveal" first draw into
the hand and then use exactly that card (教義效果: Draw and...).
"""

from __future__ import annotations

from engines.innovation.context import Ctx
from engines.innovation.facts import AGE
from engines.innovation.icons import highest_top
from engines.innovation.scoring import end_by_score
from engines.innovation.zones import meld, score, tuck


def draw_age(supply: list[list[str]], age: int) -> int:
    """The age actually drawn for a wanted ``age`` (11 = none left: the game ends)."""
    a = age if age > 1 else 1
    while a <= 10 and not supply[a - 1]:
        a += 1
    return a


def draw(g: Ctx, seat: int, age: int) -> str:
    st = g.st
    a = draw_age(st.supply, age)
    if a > 10:
        g.emit("draw_above_ten", seat, {"age": age})
        end_by_score(g)
    card = st.supply[a - 1].pop()
    st.hands[seat].append(card)
    st.changes += 1
    g.revealing()  # the drawer sees the card
    g.emit("draw", seat, {"age": a, "wanted": age})
    g.emit("draw", seat, {"age": a, "wanted": age, "card": card, "private": True},
           visible_to=[seat])
    return card


def draw_action_age(g: Ctx, seat: int) -> int:
    """A normal draw: the age of the highest top card (1 with an empty board)."""
    return max(1, highest_top(g.st, seat))


def reveal(g: Ctx, seat: int, card: str) -> None:
    g.revealing()
    g.emit("reveal", seat, {"card": card, "age": AGE[card]})


def draw_and_reveal(g: Ctx, seat: int, age: int) -> str:
    card = draw(g, seat, age)
    reveal(g, seat, card)
    return card


def draw_and_meld(g: Ctx, seat: int, age: int) -> str:
    card = draw(g, seat, age)
    meld(g, seat, card)
    return card


def draw_and_score(g: Ctx, seat: int, age: int) -> str:
    card = draw(g, seat, age)
    score(g, seat, card)
    return card


def draw_and_tuck(g: Ctx, seat: int, age: int) -> str:
    card = draw(g, seat, age)
    tuck(g, seat, card)
    return card
