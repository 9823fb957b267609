"""Seat-valued params are recognised by their names (``seat``, ``*_seat``, ``seats``), the
first three games' older names by a fallback list; nothing else becomes a player name."""

from __future__ import annotations

from bot.wording import LEGACY_SEAT_PARAMS, is_seat_param, localize_params

NAMES = {0: "Ana", 1: "Bo", 2: "Cy"}


def test_seat_params_by_convention() -> None:
    assert all(is_seat_param(k) for k in ("seat", "seats", "bidder_seat", "from_seat"))
    assert not any(is_seat_param(k) for k in ("target", "count", "seating", "bid"))


def test_convention_and_legacy_names_read_as_player_names() -> None:
    params = {"bidder_seat": 1, "seats": [0, 2], "victim": 2, "target": 1, "count": 1,
              "winners": [1], "flag": True}
    out = localize_params("duel", "en", params, NAMES)
    assert out == {"bidder_seat": "Bo", "seats": "Ana, Cy", "victim": "Cy", "target": 1,
                   "count": 1, "winners": "Bo", "flag": True}


def test_legacy_names_are_only_the_old_engines() -> None:
    """New names must follow the convention: the fallback list does not grow."""
    old = {"first_player", "victim", "winner", "winners", "player", "neighbour", "by",
           "sharers", "demanded", "executing"}
    assert old == LEGACY_SEAT_PARAMS
