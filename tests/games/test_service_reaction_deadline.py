"""The reaction deadline (lobby option ``reaction_deadline``): questions put to a seat whose
turn it is not (``Prompt.reaction``) time out on it instead of the turn ``deadline``; offered
only for engines that ask such questions — on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from engines.core.contract import Engine, Prompt
from games.models import ServiceError
from games.service import GameService, engine_options, lobby_options
from games.storage import SqlStore
from tests.games.service_doubles import CountingEngine, CountState, FakeClock, engine_lookup

ALICE, BOB = 11, 12


class TimedEngine(CountingEngine):
    """The counting game, with a default choice for a late seat (add 1)."""

    name = "timed"

    def timeout_option(self, state: CountState, seat: int) -> str | None:
        prompt = self.prompt_for(state, seat)
        return prompt.options[0].id if prompt else None


class ReactingEngine(TimedEngine):
    """Seat 1's questions are asked out of turn (as an auction bid would be)."""

    name = "reacting"
    has_reactions: ClassVar[bool] = True

    def prompts(self, state: CountState) -> list[Prompt]:
        return [
            p.model_copy(update={"reaction": p.seat == 1}) for p in super().prompts(state)
        ]


def lookup(name: str) -> Engine[Any]:
    if name == "reacting":
        return ReactingEngine()
    if name == "timed":
        return TimedEngine()
    return engine_lookup(name)


@pytest.fixture
def reacting(store: SqlStore, clock: FakeClock) -> GameService:
    return GameService(store, clock=clock, engines=lookup)


async def _started(service: GameService, **options: str) -> int:
    info = await service.create("reacting", 100, 200, ALICE, "Alice", "en", options)
    await service.join(info.id, BOB, "Bob")
    await service.start(info.id, ALICE)
    return info.id


def test_offered_for_engines_that_ask_out_of_turn() -> None:
    offered = lobby_options(ReactingEngine())
    assert offered["reaction_deadline"] == (("none", "1h", "6h", "12h", "24h"), "none")
    assert "reaction_deadline" not in lobby_options(TimedEngine())  # no questions out of turn
    assert "reaction_deadline" not in lobby_options(CountingEngine())  # cannot choose for one
    assert engine_options(ReactingEngine(), {"reaction_deadline": "1h", "target": "10"}) == {
        "target": "10"
    }


def test_tta_asks_out_of_turn() -> None:
    from engines.tta.engine import TtaEngine

    assert "reaction_deadline" in lobby_options(TtaEngine())


async def test_reaction_deadline_is_validated(reacting: GameService) -> None:
    with pytest.raises(ServiceError) as err:
        await reacting.create("reacting", 1, 2, ALICE, "Alice", "en", {"reaction_deadline": "48h"})
    assert err.value.key == "invalid_option_value"
    with pytest.raises(ServiceError) as err:
        await reacting.create("timed", 1, 2, ALICE, "Alice", "en", {"reaction_deadline": "1h"})
    assert err.value.key == "unknown_option"


async def test_reaction_questions_time_out_on_their_own_deadline(
    reacting: GameService, clock: FakeClock
) -> None:
    game_id = await _started(reacting, deadline="24h", reaction_deadline="1h")
    # seat 0's question is its turn: the 24 hours apply
    assert await reacting.record_mention(game_id, 0, 0)
    clock.advance(3601)
    assert await reacting.due_timeouts() == []
    await reacting.answer(game_id, ALICE, "add1")
    # seat 1's question is out of turn: one hour
    assert await reacting.record_mention(game_id, 1, 1)
    clock.advance(3599)
    assert await reacting.due_timeouts() == []
    clock.advance(2)
    assert [(i.id, s) for i, s in await reacting.due_timeouts()] == [(game_id, 1)]
    done = await reacting.answer_timeout(game_id, 1)
    assert done is not None and done[1] == "add1"
    # and seat 0's next turn is back on the 24 hours
    assert await reacting.record_mention(game_id, 0, 2)
    clock.advance(23 * 3600)
    assert await reacting.due_timeouts() == []
    clock.advance(3601)
    assert [(i.id, s) for i, s in await reacting.due_timeouts()] == [(game_id, 0)]


async def test_each_deadline_alone(reacting: GameService, clock: FakeClock) -> None:
    # no reaction deadline: questions out of turn never time out, turns do
    turns_only = await _started(reacting, deadline="1h")
    await reacting.answer(turns_only, ALICE, "add1")
    assert await reacting.record_mention(turns_only, 1, 1)
    # only a reaction deadline: turns never time out, questions out of turn do
    reactions_only = await _started(reacting, reaction_deadline="6h")
    assert await reacting.record_mention(reactions_only, 0, 0)
    clock.advance(10 * 86400)
    assert await reacting.due_timeouts() == []
    await reacting.answer(reactions_only, ALICE, "add1")
    assert await reacting.record_mention(reactions_only, 1, 1)
    clock.advance(6 * 3600 + 1)
    assert [(i.id, s) for i, s in await reacting.due_timeouts()] == [(reactions_only, 1)]


def _due(rows: list[tuple[Any, int, int]]) -> list[tuple[int, int]]:
    return [(info.id, seat) for info, seat, _ in rows]


async def test_a_reminder_comes_halfway_to_a_deadline_shorter_than_the_reminder_delay(
    reacting: GameService, clock: FakeClock
) -> None:
    """With 12 hours between reminders a 1-hour deadline would pass unannounced: the seat is
    reminded after half its own deadline (the turn's or, out of turn, the reaction's)."""
    twelve_hours = 12 * 3600.0
    game_id = await _started(reacting, deadline="24h", reaction_deadline="1h")
    assert await reacting.record_mention(game_id, 0, 0)  # its turn: 24 h, reminded at 12 h
    clock.advance(12 * 3600 - 1)
    assert await reacting.due_reminders(twelve_hours) == []
    clock.advance(2)
    assert _due(await reacting.due_reminders(twelve_hours)) == [(game_id, 0)]
    await reacting.answer(game_id, ALICE, "add1")
    assert await reacting.record_mention(game_id, 1, 1)  # out of turn: 1 h, reminded at 30 min
    clock.advance(1799)
    assert await reacting.due_reminders(twelve_hours) == []
    clock.advance(2)
    assert _due(await reacting.due_reminders(twelve_hours)) == [(game_id, 1)]
    assert await reacting.due_timeouts() == []  # the deadline itself is still half an hour off


async def test_without_a_deadline_the_reminder_delay_holds(
    reacting: GameService, clock: FakeClock
) -> None:
    game_id = await _started(reacting)
    assert await reacting.record_mention(game_id, 0, 0)
    clock.advance(3 * 3600)
    assert await reacting.due_reminders(12 * 3600.0) == []
    clock.advance(9 * 3600 + 1)
    assert _due(await reacting.due_reminders(12 * 3600.0)) == [(game_id, 0)]
