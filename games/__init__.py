"""The service layer: a game's life (create, join, start, answer, persist, notify).

It is the only code that holds per-game locks and talks to storage; ``bot/`` calls it,
and it calls ``engines/``.
"""

from games.models import GameInfo, Outcome, SeatInfo, ServiceError
from games.service import GameService
from games.storage import DatabaseTooNew, Store, open_store

__all__ = [
    "DatabaseTooNew",
    "GameInfo",
    "GameService",
    "Outcome",
    "SeatInfo",
    "ServiceError",
    "Store",
    "open_store",
]
