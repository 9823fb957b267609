"""Every option of every prompt, built once per distinct content and then shared.

Options are frozen pydantic objects; identical ones are one object (``OptionCache``), which
keeps listing a position's options cheap enough for fast random playouts.
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Option
from engines.core.fast import OptionCache
from engines.duel.facts import CARD, fast_option


def _build(key: tuple[Any, ...]) -> Option:
    kind = key[0]
    if kind == "build":
        _, card, total, trade, chained = key
        opt = fast_option(f"build:{card}", "build",
                          {"card": card, "cost": total, "trade": trade, "chain": chained},
                          card, total)
    elif kind == "discard":
        _, card, coins = key
        opt = fast_option(f"discard:{card}", "discard", {"card": card, "coins": coins}, card, 0)
    elif kind == "wonder":
        _, card, wonder, total = key
        opt = fast_option(f"wonder:{card}:{wonder}", "wonder",
                          {"card": card, "wonder": wonder, "cost": total, "trade": total},
                          card, total)
    elif kind == "start":
        _, seat, chooser = key
        opt = fast_option(f"start:{seat}", "start", {"seat": seat, "me": seat == chooser},
                          None, 0)
    else:  # draft, token, library, destroy, revive: one id field
        _, item, extra = key
        params: dict[str, Any] = {"draft": {"wonder": item}, "token": {"token": item},
                                  "library": {"token": item}, "revive": {"card": item},
                                  "destroy": {"card": item, "color": extra}}[kind]
        opt = fast_option(f"{kind}:{item}", kind, params, item, 0)
    return opt


#: every option by its key: ``("build", card, total, trade, chained)``, ``("discard",
#: card, coins)``, ``("wonder", card, wonder, total)``, ``("start", seat, chooser)``,
#: ``(kind, item, extra)`` for the others
OPTIONS = OptionCache(_build)
option = OPTIONS.__getitem__


class _ByInt(dict[int, Option]):
    """Options of one card by one number (built on first use, through ``OPTIONS``)."""

    def __init__(self, key: tuple[Any, ...]) -> None:
        super().__init__()
        self._key = key

    def __missing__(self, n: int) -> Option:
        opt = self[n] = OPTIONS[(*self._key, n)]
        return opt


class _ByWonder(dict[str, _ByInt]):
    """A card's ``wonder`` options by wonder, then by cost."""

    def __init__(self, card: str) -> None:
        super().__init__()
        self._card = card

    def __missing__(self, wonder: str) -> _ByInt:
        got = self[wonder] = _ByInt(("wonder", self._card, wonder))
        return got


#: the options of a turn without building a key tuple: ``DISCARD[card][coins]``,
#: ``WONDER_BY[card][wonder][cost]`` and ``FREE[card]`` (built by chain); the same shared
#: objects as ``OPTIONS``
DISCARD: dict[str, _ByInt] = {c: _ByInt(("discard", c)) for c in CARD}
WONDER_BY: dict[str, _ByWonder] = {c: _ByWonder(c) for c in CARD}
FREE: dict[str, Option] = {c: OPTIONS[("build", c, 0, 0, True)] for c in CARD}
#: per card, what listing a turn needs in one look-up: (the chain symbol that makes it free
#: or None, its free build option, ``DISCARD[card]``, ``WONDER_BY[card]``)
SLOT: dict[str, tuple[str | None, Option, _ByInt, _ByWonder]] = {
    c: (CARD[c].chain_from, FREE[c], DISCARD[c], WONDER_BY[c]) for c in CARD
}
