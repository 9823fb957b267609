"""Losing action tokens: the spent ones go back to the box first (L907-L910, X40).

Action totals are not stored: they are the white / red symbols of the cards in play
(``ratings.civil_total`` / ``military_total``), and ``Civ.ca_spent`` / ``ma_spent`` count the
tokens used this turn. When cards are replaced mid-turn (a leader, a government by peaceful
change, a special technology) and a total drops, the tokens returned are the spent ones
first: the spent count drops with the total, so the usable ones stay usable. A total that
grows adds usable tokens (L907), which needs nothing here.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from engines.tta.ratings import civil_total, military_total
from engines.tta.state import Civ


@contextmanager
def spent_first(civ: Civ) -> Iterator[None]:
    """Wrap a replacement of cards in ``civ``'s play area: the net loss of white or red
    tokens is taken from the spent ones first (a negative spent count, Hammurabi's converted
    action, has none to give)."""
    ca, ma = civil_total(civ), military_total(civ)
    yield
    lost = ca - civil_total(civ)
    if lost > 0 and civ.ca_spent > 0:
        civ.ca_spent -= min(lost, civ.ca_spent)
    lost = ma - military_total(civ)
    if lost > 0 and civ.ma_spent > 0:
        civ.ma_spent -= min(lost, civ.ma_spent)
