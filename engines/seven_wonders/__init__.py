"""7 Wonders (Antoine Bauza; Repos Production, second edition), 3-7 players."""

from engines.seven_wonders.engine import SevenWondersEngine

#: the game's engine, found by ``engines.registry``
ENGINE = SevenWondersEngine()

__all__ = ["ENGINE", "SevenWondersEngine"]
