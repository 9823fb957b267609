"""One random-playout loop for every engine: the simulator, the benchmarks and the
conformance tests all play games the same way.

A playout answers, at every position, a random option of a random open prompt until the
game has a result. The draws come from a seeded source, so a playout is reproduced by its
seeds, and its answers are kept, so it is replayed by ``Engine.replay``. The reserved
``undo`` option is never chosen: a random player taking back answers only makes games
longer (undo is tested on its own).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from engines.core.contract import UNDO, Engine, GameResult, Option, Prompt
from engines.core.rng import Rng

#: answers after which a playout is declared endless (no game needs nearly as many)
MAX_ANSWERS = 100_000


class Draws(Protocol):
    """A source of uniform integers in ``[0, n)`` (``Rng`` or anything cheaper)."""

    def below(self, n: int) -> int: ...


#: picks the answer at a position: (open prompts, draws) -> (prompt, option)
Chooser = Callable[[list[Prompt], Draws], tuple[Prompt, Option]]
#: called before each answer with (state, open prompts, chosen prompt, chosen option)
Inspect = Callable[[Any, list[Prompt], Prompt, Option], None]


def random_choice(prompts: list[Prompt], draws: Draws) -> tuple[Prompt, Option]:
    """A uniformly random prompt, then a uniformly random option of it other than ``undo``."""
    prompt = prompts[draws.below(len(prompts))]
    return prompt, _random_option(prompt, draws)


def lean_choice(prompts: list[Prompt], draws: Draws) -> tuple[Prompt, Option]:
    """:func:`random_choice` without a draw when only one prompt is open: the same kind of
    games for one draw less per answer (benchmarks measure the engine, not the player)."""
    prompt = prompts[0] if len(prompts) == 1 else prompts[draws.below(len(prompts))]
    return prompt, _random_option(prompt, draws)


def _random_option(prompt: Prompt, draws: Draws) -> Option:
    """A uniformly random option of ``prompt`` other than ``undo`` (drawn again, among the
    others, only when the first draw is ``undo``)."""
    options = prompt.options
    option = options[draws.below(len(options))]
    if option.id == UNDO:
        others = [o for o in options if o.id != UNDO]
        option = others[draws.below(len(others))]
    return option


@dataclass
class Playout:
    """One finished random game: enough to replay it and to report on it."""

    players: int
    seed: int
    options: dict[str, str] | None
    state: Any
    result: GameResult
    answers: list[tuple[int, str]] = field(default_factory=list)

    @property
    def answer_count(self) -> int:
        return len(self.answers)


class EndlessGame(RuntimeError):  # noqa: N818 - a failed playout, reported as such
    """The game did not end (no result after ``MAX_ANSWERS``, or no prompt and no result)."""


def playout(
    engine: Engine[Any],
    players: int,
    seed: int,
    draws: Draws,
    *,
    options: dict[str, str] | None = None,
    choose: Chooser = random_choice,
    inspect: Inspect | None = None,
    max_answers: int = MAX_ANSWERS,
) -> Playout:
    """Play one game of ``engine`` from ``new_game(players, seed, options)``, answering
    with ``choose`` (random by default) drawing from ``draws``, until it has a result.

    ``inspect`` sees every position before its answer is applied (the conformance tests
    check the contract there). Raises :class:`EndlessGame` for a game that does not end.
    """
    state = engine.new_game(players, seed, options)
    answers: list[tuple[int, str]] = []
    prompts_of, apply = engine.prompts, engine.apply
    while True:
        prompts = prompts_of(state)
        if not prompts:
            break
        if len(answers) >= max_answers:
            raise EndlessGame(f"{engine.name}: no result after {max_answers} answers "
                              f"({players} players, seed {seed})")
        prompt, option = choose(prompts, draws)
        if inspect is not None:
            inspect(state, prompts, prompt, option)
        apply(state, prompt.seat, option.id)
        answers.append((prompt.seat, option.id))
    result = engine.result(state)
    if result is None:
        raise EndlessGame(f"{engine.name}: no prompt left but no result "
                          f"({players} players, seed {seed})")
    return Playout(players, seed, options, state, result, answers)


def game_seed(rng: Rng) -> int:
    """The next game's seed drawn from a run's generator (31 bits)."""
    return rng.next64() & 0x7FFFFFFF
