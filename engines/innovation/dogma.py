"""The dogma action (rulebook 啟動, 教義的類型, 教義的額外資訊).

Icon counts of the featured icon are taken when the dogma is activated. Effects are
resolved one after another; each effect is executed by every affected player before the
next effect starts:

* a demand ("I demand") by each opponent with **fewer** featured icons than the
  activator, in turn order starting at the activator's left;
* a cooperative effect by each opponent with **at least as many**, in the same order,
  then by the activator;
* sharing bonus: if an opponent's execution of a cooperative effect changed the game,
  the activator makes a free draw after the whole dogma.

Cards that "carry out the non-demand effects of another card yourself, without
sharing" (Computers, Satellites, Software, Robotics, Self Service) run
``execute_nondemand``. Every execution of a card's dogma, activated or executed through
another card, is counted in ``state.dogma_counts``.
"""

from __future__ import annotations

from typing import Any

from engines.innovation.context import Ctx, DogmaEnds
from engines.innovation.draw import draw, draw_action_age
from engines.innovation.facts import DOGMA_ICON
from engines.innovation.icons import counts_of
from engines.innovation.registry import EFFECTS, HAS_DEMAND
from engines.innovation.state import InnovationState


class Run:
    """One execution of a card's dogma (flags live only while it runs: replay rebuilds them)."""

    __slots__ = ("card", "seat", "demand_hit", "data", "nested")

    def __init__(self, card: str, seat: int, nested: bool = False) -> None:
        self.card = card
        self.seat = seat  # the activating (or executing, when nested) player
        self.demand_hit = False  # a demand transferred/returned a card (Oars, Mapmaking...)
        self.data: dict[str, Any] = {}
        self.nested = nested


def affected(st: InnovationState, seat: int, card: str,
             counts: list[int] | None = None) -> tuple[list[int], list[int]]:
    """(sharers, demanded) for ``seat`` activating ``card`` now, each in execution order
    (from the activator's left). Demanded players are listed only if the card has a demand.
    """
    icon = DOGMA_ICON[card]
    if counts is None:
        counts = [counts_of(st, s)[icon] for s in range(st.players)]
    mine = counts[seat]
    n = st.players
    order = [(seat + i) % n for i in range(1, n)]
    sharers = [p for p in order if counts[p] >= mine]
    demanded = [p for p in order if counts[p] < mine] if HAS_DEMAND[card] else []
    return sharers, demanded


def run_dogma(g: Ctx, seat: int, card: str, sharers: list[int] | None = None,
              demanded: list[int] | None = None) -> None:
    """Execute ``card``'s dogma for ``seat`` (``sharers``/``demanded``: as computed by
    ``affected`` at activation, when already known)."""
    st = g.st
    if sharers is None or demanded is None:
        sharers, demanded = affected(st, seat, card)
    st.dogma_counts[card] = st.dogma_counts.get(card, 0) + 1
    g.emit("dogma", seat, {"card": card, "sharers": sharers, "demanded": demanded})
    run = Run(card, seat)
    info: dict[str, Any] = {"card": card, "seat": seat, "effect": 0, "executing": None,
                            "sharers": sharers, "demanded": demanded}
    st.dogma = info
    bonus = False
    try:
        for index, (is_demand, fn) in enumerate(EFFECTS[card], start=1):
            g.source, g.effect = card, index
            info["effect"] = index
            if is_demand:
                for p in demanded:
                    info["executing"] = p
                    g.emit("demand", p, {"card": card, "effect": index, "by": seat})
                    fn(g, p, run)
            else:
                for p in sharers:
                    info["executing"] = p
                    before = st.changes
                    g.emit("share", p, {"card": card, "effect": index, "by": seat})
                    fn(g, p, run)
                    if st.changes != before:
                        bonus = True
                info["executing"] = seat
                g.emit("effect", seat, {"card": card, "effect": index})
                fn(g, seat, run)
    except DogmaEnds:
        g.emit("dogma_ended", seat, {"card": card})
        bonus = False
    st.dogma = None
    g.source, g.effect = None, 0
    if bonus:
        g.emit("share_bonus", seat, {"card": card})
        draw(g, seat, draw_action_age(g, seat))


def execute_nondemand(g: Ctx, seat: int, card: str) -> None:
    """Carry out each non-demand effect of ``card`` yourself, without sharing."""
    st = g.st
    st.dogma_counts[card] = st.dogma_counts.get(card, 0) + 1
    outer = g.source, g.effect
    g.emit("execute", seat, {"card": card, "via": outer[0]})
    run = Run(card, seat, nested=True)
    for index, (is_demand, fn) in enumerate(EFFECTS[card], start=1):
        if is_demand:
            continue
        g.source, g.effect = card, index
        fn(g, seat, run)
    g.source, g.effect = outer
