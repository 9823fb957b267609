"""Innovation (Carl Chudyk; classic base set, Iello 2011 edition), 2-4 players."""

from engines.innovation.engine import InnovationEngine

#: the game's engine, found by ``engines.registry``
ENGINE = InnovationEngine()

__all__ = ["ENGINE", "InnovationEngine"]
