"""A small, honest test double of the engine contract: a 2-3 player race to a target.

On their turn a seat adds 1, 2 or 3 to their total; a seeded die adds a bonus of 0 or 1, so
replays only match if the seed and the log are both right. Each seat also holds a secret
number only it may see (to check the service passes the seat through to ``view``). First to
reach the target (option ``target``: 10 or 20) wins. With option ``order=any`` every seat may
add at any time (like a simultaneous draft), so two answers of one version can both be legal.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from engines.core.contract import Engine, Event, GameResult, Option, Prompt, SeatScore
from engines.core.errors import IllegalAnswer
from engines.core.rng import Rng


class CountState(BaseModel):
    totals: list[int]
    secrets: list[int]
    turn: int = 0
    target: int = 10
    any_order: bool = False
    rng: int = 0
    moves: int = 0


class CountView(BaseModel):
    totals: list[int]
    turn: int
    target: int
    my_secret: int | None = None


class CountingEngine(Engine[CountState]):
    name: ClassVar[str] = "count"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    state_type: ClassVar[type[BaseModel]] = CountState
    game_options: ClassVar[dict[str, tuple[tuple[str, ...], str]]] = {
        "target": (("10", "20"), "10"),
        "order": (("turns", "any"), "turns"),
    }

    def new_game(
        self, players: int, seed: int, options: dict[str, str] | None = None
    ) -> CountState:
        rng = Rng.from_seed(seed)
        secrets = [rng.below(100) for _ in range(players)]
        options = options or {}
        return CountState(
            totals=[0] * players,
            secrets=secrets,
            target=int(options.get("target", "10")),
            any_order=options.get("order") == "any",
            rng=rng.state,
        )

    def _over(self, state: CountState) -> bool:
        return max(state.totals) >= state.target

    def prompts(self, state: CountState) -> list[Prompt]:
        if self._over(state):
            return []
        options = [Option(id=f"add{n}", key="add", params={"n": n}) for n in (1, 2, 3)]
        seats = range(len(state.totals)) if state.any_order else [state.turn]
        return [Prompt(seat=seat, kind="add", options=options) for seat in seats]

    def apply(self, state: CountState, seat: int, option_id: str) -> list[Event]:
        if self._over(state):
            raise IllegalAnswer("game_over", "The game is over.")
        self.check_answer(state, seat, option_id)
        rng = Rng(state.rng)
        bonus = rng.below(2)
        state.rng = rng.state
        amount = int(option_id[3:]) + bonus
        state.totals[seat] += amount
        state.moves += 1
        state.turn = (state.turn + 1) % len(state.totals)
        return [Event(kind="added", seat=seat, params={"amount": amount, "bonus": bonus})]

    def copy(self, state: CountState) -> CountState:
        return state.model_copy(deep=True)

    def view(self, state: CountState, seat: int | None) -> CountView:
        return CountView(
            totals=list(state.totals),
            turn=state.turn,
            target=state.target,
            my_secret=None if seat is None else state.secrets[seat],
        )

    def result(self, state: CountState) -> GameResult | None:
        if not self._over(state):
            return None
        order = sorted(range(len(state.totals)), key=lambda s: -state.totals[s])
        scores = [
            SeatScore(seat=s, total=state.totals[s], rank=order.index(s) + 1)
            for s in range(len(state.totals))
        ]
        return GameResult(victory="target", winners=[order[0]], scores=scores)

    def catalogue(self) -> dict[str, Any]:
        return {}


def play_until_over(engine: CountingEngine, state: CountState) -> list[tuple[int, str]]:
    """Answers that finish the game from ``state`` (always adding 3), applied in place."""
    answers: list[tuple[int, str]] = []
    while engine.result(state) is None:
        prompt = engine.prompts(state)[0]
        engine.apply(state, prompt.seat, "add3")
        answers.append((prompt.seat, "add3"))
    return answers


COUNTING = CountingEngine()


def engine_lookup(name: str) -> Engine[Any]:
    """The counting double, else the real registry (``duel``)."""
    if name == CountingEngine.name:
        return COUNTING
    from engines.registry import get_engine

    return get_engine(name)


class FakeClock:
    """A clock the test moves by hand (reminder delays, timestamps)."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
