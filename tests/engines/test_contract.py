"""One conformance suite for every engine the registry discovers, at every player count.

A few seeded random games each (``engines.core.playout``), checking at every position what
the contract (``engines/core/contract.py``) promises any game: games end; ``prompts`` is
empty exactly when there is a result; each seat has at most one prompt, of distinct option
ids; a timeout answer is one of the seat's options; ``answer`` never changes its input and
equals ``apply`` on a copy; a refused answer raises ``IllegalAnswer`` and changes nothing;
the state survives a JSON round trip mid-game, its prompts' pacing fields with it; views
serialise and agree on the ``table_key``; a replay from the seed and the answers reaches
the same state. Each lobby option value is played once too. The games of the registry name
every question and every table stretch (``Prompt.question``, ``table_key``; a toy engine
may leave them empty), as the bot relies on them (``bot.ids.pin``, ``bot.delivery``): a
question keeps its options while it is asked (a button may name an option by its index),
a seat's own answer ends its question (a second press never answers the next one), and in
a game told answer by answer another set of seats asked is another table stretch (its
board is posted).

A new engine package is covered as soon as it exports ``ENGINE``. The per-game suites keep
the game's own invariants and play thousands of games; this one stays small.
"""

from __future__ import annotations

import json
from typing import Any, get_args

import pytest

from engines.core.contract import TABLE_KEY, Engine, Option, Pacing, Prompt
from engines.core.errors import IllegalAnswer
from engines.core.playout import playout
from engines.core.rng import Rng
from engines.registry import engine_names, get_engine

CASES = [(name, players) for name in engine_names()
         for players in range(get_engine(name).min_players, get_engine(name).max_players + 1)]
#: one game per engine and lobby option value other than the default (fewest players)
OPTION_CASES = [(name, {option: value}) for name in engine_names()
                for option, (values, default) in get_engine(name).game_options.items()
                for value in values if value != default]
SEEDS = (11, 12)
#: every how many positions the costlier checks run (JSON round trip, views)
EVERY = 7
NO_SUCH_OPTION = "no-such-option:0"


class Conformance:
    """The checks run at each position of one game, before its answer is applied."""

    def __init__(self, engine: Engine[Any], players: int, paced: bool = True) -> None:
        self.engine = engine
        self.players = players
        #: the engine names its questions and table stretches (every game of the registry)
        self.paced = paced
        self.expected: str | None = None  # the state ``answer`` promised for this position
        self.positions = 0
        #: (seat, question) -> its option ids, over the whole game
        self.options: dict[tuple[int, str], list[str]] = {}
        #: the last answer: its seat and question, and whether it changed the state
        self.answered: tuple[int, str, bool] | None = None
        #: the seats asked and the table key at the last position (pacing ``answer``)

    def __call__(self, state: Any, prompts: list[Prompt], prompt: Prompt,
                 option: Option) -> None:
        engine = self.engine
        before = engine.dump(state)
        if self.expected is not None:
            assert before == self.expected, "apply() and answer() reached different states"
        assert engine.result(state) is None, "a result while prompts are open"
        seats = [p.seat for p in prompts]
        assert len(set(seats)) == len(seats), f"several prompts for one seat: {seats}"
        for p in prompts:
            assert 0 <= p.seat < self.players and p.options, (p.seat, p.kind)
            ids = [o.id for o in p.options]
            assert len(set(ids)) == len(ids), f"{p.kind}: duplicated option ids {ids}"
            self.pacing_fields(p)
        if self.paced:
            self.questions(state, prompts)
        for seat in range(self.players):
            timeout = engine.timeout_option(state, seat)
            if timeout is not None:
                own = engine.prompt_for(state, seat)
                assert own is not None and own.option(timeout) is not None, (seat, timeout)
        self.refusals(state, prompts, prompt, option, before)
        new, _ = engine.answer(state, prompt.seat, option.id)
        assert engine.dump(state) == before, f"answer({option.id}) changed its input"
        self.expected = engine.dump(new)
        self.answered = (prompt.seat, prompt.question, self.expected != before)
        if self.positions % EVERY == 0:
            self.round_trip(state, prompt, option, before)
        self.positions += 1

    def pacing_fields(self, p: Prompt) -> None:
        """The contract's pacing fields: named questions (registry games), a panel only in a
        game paced by turns, discreet only what is asked at all."""
        assert isinstance(p.question, str) and (p.question or not self.paced), p.kind
        assert not p.panel or self.engine.pacing == "turn", p.kind
        assert p.blocking or not p.discreet, p.kind

    def questions(self, state: Any, prompts: list[Prompt]) -> None:
        """What the bot's pins rely on: a named question keeps its options; a seat's own
        answer ends its question."""
        for p in prompts:
            ids = [o.id for o in p.options]
            assert self.options.setdefault((p.seat, p.question), ids) == ids, (p.seat, p.kind)
        if self.answered is not None:
            seat, question, changed = self.answered
            again = next((p for p in prompts if p.seat == seat), None)
            if changed and again is not None and again.blocking:
                assert again.question != question, (seat, question)

    def table_keys(self, state: Any) -> None:
        """Every view of a position carries the same ``table_key`` (registry games: set)."""
        keys = {getattr(self.engine.view(state, seat), TABLE_KEY, None)
                for seat in [None, *range(self.players)]}
        assert len(keys) == 1, keys
        (key,) = keys
        assert key if self.paced else key in (None, ""), key

    def refusals(self, state: Any, prompts: list[Prompt], prompt: Prompt, option: Option,
                 before: str) -> None:
        """Answers the rules must refuse, each leaving the state as it was."""
        engine = self.engine
        idle = [s for s in range(self.players) if engine.prompt_for(state, s) is None]
        refused = [(prompt.seat, NO_SUCH_OPTION), (self.players, option.id)]
        refused += [(seat, option.id) for seat in idle[:1]]
        for seat, option_id in refused:
            with pytest.raises(IllegalAnswer):
                engine.apply(state, seat, option_id)
            assert engine.dump(state) == before, f"refused ({seat}, {option_id}) changed it"

    def round_trip(self, state: Any, prompt: Prompt, option: Option, before: str) -> None:
        engine = self.engine
        loaded = engine.load(before)
        assert engine.dump(loaded) == before
        assert engine.dump(engine.load(json.loads(before))) == before
        pacing = [(p.seat, p.question, p.blocking, p.discreet, p.panel)
                  for p in engine.prompts(state)]
        assert [(p.seat, p.question, p.blocking, p.discreet, p.panel)
                for p in engine.prompts(loaded)] == pacing, "a reload renamed a question"
        engine.apply(loaded, prompt.seat, option.id)
        assert engine.dump(loaded) == self.expected, "a reloaded state answers differently"
        for seat in [None, *range(self.players)]:
            json.dumps(engine.view(state, seat).model_dump(mode="json"))
        self.table_keys(state)

    def finished(self, state: Any) -> None:
        engine = self.engine
        final = engine.dump(state)
        assert final == self.expected
        assert engine.prompts(state) == []
        result = engine.result(state)
        assert result is not None and result.winners
        assert set(result.winners) <= set(range(self.players))
        assert sorted(s.seat for s in result.scores) == list(range(self.players))
        for seat in range(self.players):
            assert engine.timeout_option(state, seat) is None
            with pytest.raises(IllegalAnswer):  # the game is over
                engine.apply(state, seat, NO_SUCH_OPTION)
        assert engine.dump(state) == final
        assert engine.dump(engine.load(final)) == final
        self.table_keys(state)


def _play(engine: Engine[Any], players: int, seed: int,
          options: dict[str, str] | None = None, paced: bool = True) -> None:
    assert engine.pacing in get_args(Pacing)
    check = Conformance(engine, players, paced)
    done = playout(engine, players, seed, Rng.from_seed(seed * 31 + players),
                   options=options, inspect=check)
    check.finished(done.state)
    assert check.positions == done.answer_count > 0
    replayed = engine.replay(players, seed, options, done.answers)
    assert engine.dump(replayed) == engine.dump(done.state)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_random_games_keep_the_contract(game: str, players: int) -> None:
    for seed in SEEDS:
        _play(get_engine(game), players, seed)


@pytest.mark.parametrize(("game", "options"), OPTION_CASES,
                         ids=[f"{g}-{'-'.join(o.values())}" for g, o in OPTION_CASES])
def test_random_games_with_each_option_keep_the_contract(game: str,
                                                         options: dict[str, str]) -> None:
    engine = get_engine(game)
    _play(engine, engine.min_players, SEEDS[0], options)


def test_every_discovered_engine_is_covered() -> None:
    assert {game for game, _ in CASES} == set(engine_names())
    assert {game for game, _ in OPTION_CASES} == {
        name for name in engine_names()
        if any(value != default for values, default in get_engine(name).game_options.values()
               for value in values)}
    assert {"duel", "innovation", "seven_wonders", "tta"} <= set(engine_names())


def test_each_game_says_how_it_is_paced() -> None:
    """One seat answers at a time in Duel and Innovation, every seat at once in 7 Wonders,
    a seat's turn is many answers in Through the Ages (``Engine.pacing``)."""
    paced = {name: get_engine(name).pacing for name in engine_names()}
    assert paced.items() >= {"duel": "answer", "innovation": "answer",
                             "seven_wonders": "round", "tta": "turn"}.items()


def _check_toy(engine: Engine[Any]) -> None:
    _play(engine, 2, 5, paced=False)


def test_the_checks_accept_an_engine_with_an_undo_window() -> None:
    from tests.engines.core.core_toy import CounterEngine

    _check_toy(CounterEngine())


def test_the_checks_catch_a_broken_engine() -> None:
    """The suite can fail: a shallow copy lets ``answer`` change its input, and an engine
    that accepts an option it never offered is caught."""
    from tests.engines.core.core_toy import CounterEngine, CounterState

    class ShallowCopy(CounterEngine):
        def copy(self, state: CounterState) -> CounterState:
            return state.model_copy()

    class AcceptsAnything(CounterEngine):
        def apply(self, state: CounterState, seat: int, option_id: str) -> list[Any]:
            if option_id == NO_SUCH_OPTION:
                return []
            return super().apply(state, seat, option_id)

    for broken, message in ((ShallowCopy(), "changed its input"),
                            (AcceptsAnything(), "DID NOT RAISE")):
        with pytest.raises((AssertionError, pytest.fail.Exception), match=message):
            _check_toy(broken)


def test_the_checks_catch_a_question_that_outlives_its_answer() -> None:
    """A game whose seat keeps one question name across its answers would let a second
    press of a button answer the next question: caught."""
    duel = type(get_engine("duel"))

    class OneQuestion(duel):  # type: ignore[misc, valid-type]
        def prompts(self, state: Any) -> list[Prompt]:
            return [p.model_copy(update={"question": f"seat{p.seat}"})
                    for p in super().prompts(state)]

    with pytest.raises(AssertionError):
        _play(OneQuestion(), 2, SEEDS[0])
