"""Through the Ages: A New Story of Civilization (Vlaada Chvátil; CGE, 2015), 2-4 players.

The book's first game (Ages A, I and II; ``mode: first``) and the full game in its peaceful
variant (Ages A to IV, no aggressions, wars or pacts; ``mode: peaceful``); README.md maps
every rule to its module.
"""

from engines.tta.engine import TtaEngine

#: the game's engine, found by ``engines.registry``
ENGINE = TtaEngine()

__all__ = ["ENGINE", "TtaEngine"]
