"""Turn deadlines (the service's ``deadline`` lobby option), game notes, and answers pinned to
a question (``check``) instead of a version — on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core.contract import Engine
from games.models import ServiceError
from games.service import GameService, engine_options, lobby_options
from games.storage import SqlStore
from tests.games.service_doubles import CountingEngine, CountState, FakeClock, engine_lookup

ALICE, BOB = 11, 12


class TimedEngine(CountingEngine):
    """The counting game, with a default choice for a late seat: add 1."""

    name = "timed"

    def timeout_option(self, state: CountState, seat: int) -> str | None:
        prompt = self.prompt_for(state, seat)
        return prompt.options[0].id if prompt else None


def lookup(name: str) -> Engine[Any]:
    return TimedEngine() if name == "timed" else engine_lookup(name)


@pytest.fixture
def timed(store: SqlStore, clock: FakeClock) -> GameService:
    return GameService(store, clock=clock, engines=lookup)


async def _started(service: GameService, **options: str) -> int:
    info = await service.create("timed", 100, 200, ALICE, "Alice", "en", options)
    await service.join(info.id, BOB, "Bob")
    await service.start(info.id, ALICE)
    return info.id


def test_deadline_is_offered_only_where_an_engine_can_choose() -> None:
    assert "deadline" in lobby_options(TimedEngine())
    assert "deadline" not in lobby_options(CountingEngine())
    assert engine_options(TimedEngine(), {"target": "10", "deadline": "1h"}) == {"target": "10"}


async def test_deadline_option_is_validated_and_kept_from_the_engine(
    timed: GameService, service: GameService
) -> None:
    with pytest.raises(ServiceError) as err:
        await timed.create("timed", 1, 2, ALICE, "Alice", "en", {"deadline": "3d"})
    assert err.value.key == "invalid_option_value"
    with pytest.raises(ServiceError) as err:
        await service.create("count", 1, 2, ALICE, "Alice", "en", {"deadline": "1h"})
    assert err.value.key == "unknown_option"
    game_id = await _started(timed, deadline="1h")
    assert (await timed.get(game_id)).options["deadline"] == "1h"  # the engine never saw it


async def test_timeout_answers_for_the_late_seat_after_its_deadline(
    timed: GameService, clock: FakeClock
) -> None:
    game_id = await _started(timed, deadline="1h")
    assert await timed.record_mention(game_id, 0, 0)
    clock.advance(3599)
    assert await timed.due_timeouts() == []
    clock.advance(2)
    due = await timed.due_timeouts()
    assert [(info.id, seat) for info, seat in due] == [(game_id, 0)]
    done = await timed.answer_timeout(game_id, 0)
    assert done is not None
    outcome, option = done
    assert option == "add1" and outcome.info.version == 1
    assert await timed.due_timeouts() == []  # seat 0 has nothing left to decide
    assert await timed.answer_timeout(game_id, 0) is None
    # a restart (a fresh service over the same store) reads the same deadlines
    again = GameService(timed.store, clock=clock, engines=lookup)
    assert await again.record_mention(game_id, 1, 1)
    clock.advance(3601)
    assert [(i.id, s) for i, s in await again.due_timeouts()] == [(game_id, 1)]


async def test_no_deadline_no_timeout(timed: GameService, clock: FakeClock) -> None:
    game_id = await _started(timed)
    await timed.record_mention(game_id, 0, 0)
    clock.advance(10 * 86400)
    assert await timed.due_timeouts() == []


async def test_notes_round_trip(timed: GameService) -> None:
    game_id = await _started(timed)
    assert await timed.get_note(game_id, "status") is None
    await timed.set_note(game_id, "status", "123")
    await timed.set_note(game_id, "status", "456")
    assert await timed.get_note(game_id, "status") == "456"


async def test_check_refuses_an_answer_to_another_question(timed: GameService) -> None:
    game_id = await _started(timed)
    with pytest.raises(ServiceError) as err:
        await timed.answer(game_id, ALICE, "add1", check=lambda prompt: False)
    assert err.value.key == "stale_prompt"
    outcome = await timed.answer(game_id, ALICE, "add1", check=lambda p: p.kind == "add")
    assert outcome.info.version == 1


async def test_innovation_late_active_player_draws(
    store: SqlStore, clock: FakeClock
) -> None:
    """Innovation: past the deadline the late player's turn action is a draw."""
    service = GameService(store, clock=clock)
    info = await service.create("innovation", 100, 200, ALICE, "Alice", "en", {"deadline": "1h"})
    await service.join(info.id, BOB, "Bob")
    await service.start(info.id, ALICE)
    for seat in (0, 1):  # the simultaneous first meld, both late
        assert await service.record_mention(info.id, seat, 0)
    clock.advance(3601)
    for _info, seat in await service.due_timeouts():
        assert await service.answer_timeout(info.id, seat) is not None
    prompts = await service.prompts(info.id)
    assert [p.kind for p in prompts] == ["turn"]
    seat = prompts[0].seat
    version = (await service.get(info.id)).version
    assert await service.record_mention(info.id, seat, version)
    clock.advance(3601)
    done = await service.answer_timeout(info.id, seat)
    assert done is not None and done[1] == "draw"
    assert any(e.kind == "draw" for e in done[0].events)
