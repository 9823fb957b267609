"""One random-playout loop for every engine: the simulator, the benchmarks and the
conformance tests all play games the same way.

A playout answers, at every position, a random option of a random open prompt until the
game has a result. The draws come from a seeded source, so a playout is reproduced by its
seeds, and its answers are kept, so it is replayed by ``Engine.replay``. The reserved
``undo`` option is never chosen: a random player taking back answers only makes games
longer (undo is tested on its own). The engine's ``playout_avoid`` options (Through the
Ages' resignation) are chosen only when their prompt offers nothing else: a random game
ended by an early random resignation would measure and test little.
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


#: picks the answer at a position: (open prompts, draws, the options to avoid while others
#: are open: ``Engine.playout_avoid``, see :func:`avoided`) -> (prompt, option)
Chooser = Callable[[list[Prompt], Draws, frozenset[str]], tuple[Prompt, Option]]
#: called before each answer with (state, open prompts, chosen prompt, chosen option)
Inspect = Callable[[Any, list[Prompt], Prompt, Option], None]


NOTHING: frozenset[str] = frozenset()


def avoided(option_id: str, avoid: frozenset[str]) -> bool:
    """Whether ``avoid`` (``Engine.playout_avoid``) names ``option_id``: the id itself, or
    the id up to and including one of its ``:`` (``"war:"`` names every ``war:…``)."""
    if not avoid:
        return False
    if option_id in avoid:
        return True
    end = option_id.find(":")
    while end >= 0:
        if option_id[:end + 1] in avoid:
            return True
        end = option_id.find(":", end + 1)
    return False


def random_choice(prompts: list[Prompt], draws: Draws,
                  avoid: frozenset[str] = NOTHING) -> tuple[Prompt, Option]:
    """A uniformly random prompt, then a uniformly random option of it other than ``undo``
    and, while the prompt offers others, other than the ``avoid`` ones."""
    prompt = prompts[draws.below(len(prompts))]
    return prompt, _random_option(prompt, draws, avoid)


def lean_choice(prompts: list[Prompt], draws: Draws,
                avoid: frozenset[str] = NOTHING) -> tuple[Prompt, Option]:
    """:func:`random_choice` without a draw when only one prompt is open: the same kind of
    games for one draw less per answer (benchmarks measure the engine, not the player)."""
    prompt = prompts[0] if len(prompts) == 1 else prompts[draws.below(len(prompts))]
    return prompt, _random_option(prompt, draws, avoid)


def _random_option(prompt: Prompt, draws: Draws, avoid: frozenset[str] = NOTHING) -> Option:
    """A uniformly random option of ``prompt`` other than ``undo`` and the ``avoid`` ones
    (drawn again, among the others, only when the first draw is one of those; the avoided
    ones only when nothing else is offered)."""
    options = prompt.options
    option = options[draws.below(len(options))]
    if option.id == UNDO or avoided(option.id, avoid):
        others = [o for o in options if o.id != UNDO and not avoided(o.id, avoid)]
        if not others:
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
    avoid: frozenset[str] | None = None,
) -> Playout:
    """Play one game of ``engine`` from ``new_game(players, seed, options)``, answering
    with ``choose`` (random by default) drawing from ``draws``, until it has a result.
    ``choose`` is handed ``avoid``, by default the engine's ``playout_avoid``.

    ``inspect`` sees every position before its answer is applied (the conformance tests
    check the contract there). Raises :class:`EndlessGame` for a game that does not end.
    """
    state = engine.new_game(players, seed, options)
    answers: list[tuple[int, str]] = []
    prompts_of, apply = engine.prompts, engine.apply
    shunned = engine.playout_avoid if avoid is None else avoid
    while True:
        prompts = prompts_of(state)
        if not prompts:
            break
        if len(answers) >= max_answers:
            raise EndlessGame(f"{engine.name}: no result after {max_answers} answers "
                              f"({players} players, seed {seed})")
        prompt, option = choose(prompts, draws, shunned)
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
