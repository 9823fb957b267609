"""What every engine shares: the contract, the error type and the seeded generator."""

from engines.core.contract import (
    Engine,
    Event,
    GameResult,
    Option,
    Prompt,
    SeatScore,
)
from engines.core.errors import IllegalAnswer
from engines.core.rng import Rng

__all__ = [
    "Engine",
    "Event",
    "GameResult",
    "IllegalAnswer",
    "Option",
    "Prompt",
    "Rng",
    "SeatScore",
]
