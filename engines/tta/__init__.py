"""Through the Ages: A New Story of Civilization (Vlaada Chvátil; CGE, 2015), 2-4 players.

This issue's scope: the book's first game (Ages A, I and II; ``mode: first``).
"""

from engines.tta.engine import TtaEngine

#: the game's engine, found by ``engines.registry``
ENGINE = TtaEngine()

__all__ = ["ENGINE", "TtaEngine"]
