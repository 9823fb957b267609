"""The four actions (rulebook 行動: 抽牌 draw, 出牌 meld, 啟動 dogma, 支配 achieve) and the
turn sequence (two actions per turn, one on the opening turn(s); then clockwise).
"""

from __future__ import annotations

from engines.innovation.achievements import achieve
from engines.innovation.context import Ctx
from engines.innovation.dogma import run_dogma
from engines.innovation.draw import draw, draw_action_age
from engines.innovation.setup import start_turn
from engines.innovation.zones import meld


def draw_action(g: Ctx, seat: int) -> None:
    g.emit("action", seat, {"action": "draw"})
    draw(g, seat, draw_action_age(g, seat))


def meld_action(g: Ctx, seat: int, card: str) -> None:
    g.emit("action", seat, {"action": "meld"})
    meld(g, seat, card)


def achieve_action(g: Ctx, seat: int, age: int) -> None:
    g.emit("action", seat, {"action": "achieve"})
    achieve(g, seat, age)


def dogma_action(g: Ctx, seat: int, card: str, sharers: list[int] | None = None,
                 demanded: list[int] | None = None) -> None:
    g.emit("action", seat, {"action": "dogma", "card": card})
    run_dogma(g, seat, card, sharers, demanded)


def end_action(g: Ctx) -> None:
    st = g.st
    st.actions_left -= 1
    if st.actions_left <= 0:
        start_turn(g, (st.current + 1) % st.players)
