"""Seams: module-level lists of functions that rules plug into at import.

A rule module registers itself when imported; tests and tools may import or reload it again,
so registering twice must change nothing.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def add_once(seam: list[T], item: T) -> None:
    """Append ``item`` to ``seam`` unless it is already there (registration is idempotent)."""
    if item not in seam:
        seam.append(item)
