"""What every engine shares: the contract, the error type and the seeded generator.

Also, imported from their modules: ``catalogue`` (reading data files, display names),
``fast`` (unvalidated construction of options, prompts, events and states), the
``errors`` helpers ``illegal_option`` / ``not_your_turn``, ``suspend`` (effects that stop
on a question and resume), ``undo`` (the undo window inside a turn) and ``playout`` (the
one random-playout loop of the simulator, the benchmarks and the conformance tests).
"""

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
