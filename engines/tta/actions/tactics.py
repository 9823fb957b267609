"""Tactics: play one from the military hand, copy one from the common area (scope §7, §21).

* One current tactic per player, the card its standard is on; it stays until replaced
  (L1504-L1510). One play-or-copy per action phase (L1508, L2198): ``marks['tactic_played']``.
* **Play** (L1512-L1523): 1 military action; the card leaves the secret military hand into
  the player's area, exclusive (``Civ.tactic_exclusive``). It reveals a hidden card, so the
  option carries ``params.final = true`` (platform §4.1: it closes the undo window).
* **Exclusive → common** (L1525-L1535): at the start of the owner's next turn, after the
  replenish and before politics, the card moves to the common area, the standard stays on
  it (``make_common``, called by ``turn.begin_turn``). When the same tactic is already
  there the two merge: one common copy, the other leaves the game (ruling C6).
* **Copy** (L1537-L1554): 2 military actions; any common card, even one this player played
  earlier (L1554); several standards may share a card (L1550). Copying the tactic one
  already uses would change nothing, so it is not offered.
* Armies form by themselves from the current tactic (``ratings.army_bonus``, L1556-L1600).

Options ``tactic:<card>`` and ``copy_tactic:<card>`` (group ``play``).
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Event, Option
from engines.core.fast import OptionCache, event, fast_option
from engines.tta.catalogue import MILITARY
from engines.tta.facts import KIND
from engines.tta.ratings import military_left, strength
from engines.tta.state import Civ, TtaState

#: military actions to play / copy each tactic (MC ``play_cost`` / ``copy_cost``)
PLAY_COST: dict[str, int] = {c.id: (c.play_cost or {}).get("military_actions", 1)
                             for c in MILITARY.values() if c.category == "tactic"}
COPY_COST: dict[str, int] = {c.id: (c.copy_cost or {}).get("military_actions", 2)
                             for c in MILITARY.values() if c.category == "tactic"}


def make_common(st: TtaState, civ: Civ) -> None:
    """Move ``civ``'s exclusive tactic to the common area (L1525-L1535); a second copy of
    a card already there leaves the game instead (ruling C6: merge)."""
    if civ.tactic is None or not civ.tactic_exclusive:
        return
    civ.tactic_exclusive = False
    if civ.tactic in st.common_tactics:
        st.removed.append(civ.tactic)
    else:
        st.common_tactics.append(civ.tactic)


def options(st: TtaState, seat: int) -> list[Option]:
    civ = st.civs[seat]
    if civ.marks.get("tactic_played"):
        return []
    ma = military_left(civ)
    cache = _OPTIONS
    out = []
    for c in dict.fromkeys(civ.military):
        if KIND[c] == "tactic" and PLAY_COST[c] <= ma:
            out.append(cache[c, False])
    for c in st.common_tactics:
        if c != civ.tactic and COPY_COST[c] <= ma:
            out.append(cache[c, True])
    return out


def _option(key: tuple[Any, ...]) -> Option:
    card, copy = key
    if copy:
        return fast_option(f"copy_tactic:{card}", "copy_tactic",
                           {"card": card, "ma": COPY_COST[card]}, card, None, "play")
    return fast_option(f"tactic:{card}", "play_tactic",
                       {"card": card, "ma": PLAY_COST[card], "final": True}, card, None, "play")


#: ``tactic:<card>`` / ``copy_tactic:<card>`` options by ``(card, copy)``: built once, shared
_OPTIONS = OptionCache(_option)


def _adopt(st: TtaState, civ: Civ, card: str, exclusive: bool) -> None:
    make_common(st, civ)  # never reached with one play per turn; keeps the card somewhere
    civ.tactic = card
    civ.tactic_exclusive = exclusive
    civ.marks["tactic_played"] = 1


def play(st: TtaState, seat: int, card: str) -> list[Event]:
    civ = st.civs[seat]
    civ.ma_spent += PLAY_COST[card]
    civ.military.remove(card)
    before = civ.tactic
    _adopt(st, civ, card, exclusive=True)
    st.counts[card] = st.counts.get(card, 0) + 1
    return [event("tactic_played", seat, {"card": card, "replaced": before,
                                          "ma": PLAY_COST[card],
                                          "strength": strength(civ)})]


def copy(st: TtaState, seat: int, card: str) -> list[Event]:
    civ = st.civs[seat]
    civ.ma_spent += COPY_COST[card]
    before = civ.tactic
    _adopt(st, civ, card, exclusive=False)
    return [event("tactic_copied", seat, {"card": card, "replaced": before,
                                          "ma": COPY_COST[card],
                                          "strength": strength(civ)})]
