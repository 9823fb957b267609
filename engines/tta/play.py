"""Cards entering and leaving a civilization's play area (L853-L863, L1454-L1458).

Every card that enters or leaves play goes through here, so the token symbols it carries
(blue tokens added to / taken from the bank: Justice System, Civil Service, Taj Mahal) are
applied once, and the ability modules of later waves have one place to hook:
``ON_ENTER[card](st, seat)`` / ``ON_LEAVE[card](st, seat)``; a leave hook may return
events telling what it did (Bill Gates' culture), which ``leave`` returns.

A player never holds two technologies of one name (L632, L1050; ruling C14): every path
that hands a technology to a player (the card row, International Agreement, war spoils)
asks ``holds_named``, and every path that develops one from the hand (the action, action
cards, Development of Civilization) asks ``in_play_named``.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import Event
from engines.tta.facts import BLUE, BOARD_TECHS, NAME, START_GOVERNMENT, STATIC, VALUE
from engines.tta.state import Civ, TtaState

#: the technologies printed on the board: never in a deck, never "removed" (L94-L96)
PRINTED = frozenset((*BOARD_TECHS, START_GOVERNMENT))

ON_ENTER: dict[str, Callable[[TtaState, int], None]] = {}
ON_LEAVE: dict[str, Callable[[TtaState, int], list[Event] | None]] = {}


def in_play_named(civ: Civ, card: str) -> bool:
    """``civ`` has a technology or government named like ``card`` in play: developing
    ``card`` would give it a second one (L1050, ruling C14)."""
    name = NAME[card]
    if NAME[civ.government] == name:
        return True
    for t in civ.techs:  # noqa: SIM110 - a loop: faster than a generator (options' path)
        if NAME[t] == name:
            return True
    return False


def named_in_play(civ: Civ) -> set[str]:
    """The names of ``civ``'s government and technologies in play: ``in_play_named`` for
    many cards at once (``NAME[card] in named_in_play(civ)``)."""
    out = {NAME[civ.government]}
    out.update(NAME[t] for t in civ.techs)
    return out


def named(civ: Civ) -> set[str]:
    """The names of the technologies in ``civ``'s hand or in play: ``holds_named`` for many
    cards at once (``NAME[card] in named(civ)``)."""
    out = named_in_play(civ)
    out.update(NAME[c] for c in civ.hand)
    return out


def holds_named(civ: Civ, card: str) -> bool:
    """``civ`` has a technology named like ``card`` in its hand or in play: it may not get
    another one by any path (L632, L1050, ruling C14)."""
    name = NAME[card]
    for c in civ.hand:
        if NAME[c] == name:
            return True
    return in_play_named(civ, card)


def add_blue(civ: Civ, n: int) -> None:
    """``n`` blue tokens from the box into the bank (L1454-L1458)."""
    civ.blue_bank += n
    civ.blue_box += n


def remove_blue(civ: Civ, n: int) -> None:
    """``n`` blue tokens back to the box: from the bank, then — ruling C3 — from the
    farm/mine cards, lowest value first."""
    take = min(n, civ.blue_bank)
    civ.blue_bank -= take
    civ.blue_box -= take
    n -= take
    if n:
        for t in sorted(civ.blue, key=VALUE.__getitem__):
            while n and civ.blue[t]:
                civ.blue[t] -= 1
                civ.blue_box -= 1
                n -= 1


def remove_yellow(civ: Civ, n: int) -> int:
    """Return up to ``n`` yellow-bank tokens to the box, only what the bank holds (ruling
    B7; L1851-L1857). Returns how many left."""
    take = min(n, civ.yellow_bank)
    civ.yellow_bank -= take
    civ.yellow_box -= take
    return take


def enter(st: TtaState, seat: int, card: str) -> None:
    civ = st.civs[seat]
    s = STATIC.get(card)
    if s is not None and s[BLUE]:
        add_blue(civ, s[BLUE])
    st.counts[card] = st.counts.get(card, 0) + 1
    hook = ON_ENTER.get(card)
    if hook is not None:
        hook(st, seat)


def leave(st: TtaState, seat: int, card: str) -> list[Event]:
    """``card`` leaves ``seat``'s play area (the caller moves it to its next place);
    returns the events of its leave hook."""
    civ = st.civs[seat]
    hook = ON_LEAVE.get(card)
    events = (hook(st, seat) or []) if hook is not None else []
    s = STATIC.get(card)
    if s is not None and s[BLUE]:
        remove_blue(civ, s[BLUE])
    return events


def discard_civil(st: TtaState, card: str) -> None:
    """A civil card out of the game (L552, L1210; only deck cards are tracked: the board
    technologies are printed, L94-L96)."""
    if card not in PRINTED:
        st.removed.append(card)
