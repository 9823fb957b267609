"""7 Wonders Duel (Antoine Bauza, Bruno Cathala; Repos Production), 2 players."""

from engines.duel.engine import DuelEngine

#: the game's engine, found by ``engines.registry``
ENGINE = DuelEngine()

__all__ = ["ENGINE", "DuelEngine"]
