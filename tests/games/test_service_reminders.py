"""Turn notices: a seat is mentioned once per turn and reminded once after the delay, only
while it still has an open question and has not answered since."""

from __future__ import annotations

from games.service import GameService
from tests.games.service_doubles import FakeClock

ALICE, BOB = 11, 12


async def _started(service: GameService) -> int:
    info = await service.create("count", 100, 200, ALICE, "Alice", "en", {})
    await service.join(info.id, BOB, "Bob")
    await service.start(info.id, ALICE)
    return info.id


def _due(rows: list[tuple[object, int, int]]) -> list[tuple[int, int, int]]:
    return [(info.id, seat, version) for info, seat, version in rows]  # type: ignore[attr-defined]


async def test_mention_once_and_remind_after_delay(service: GameService, clock: FakeClock) -> None:
    game_id = await _started(service)
    assert await service.record_mention(game_id, 0, 0) is True
    assert await service.record_mention(game_id, 0, 0) is False  # redelivered: no second ping
    assert await service.due_reminders(300) == []
    clock.advance(301)
    assert _due(await service.due_reminders(300)) == [(game_id, 0, 0)]
    await service.mark_reminded(game_id, 0, 0)
    assert await service.due_reminders(300) == []
    clock.advance(10_000)
    assert await service.due_reminders(300) == []  # reminded once only


async def test_answer_clears_and_next_turn_starts_afresh(
    service: GameService, clock: FakeClock
) -> None:
    game_id = await _started(service)
    await service.record_mention(game_id, 0, 0)
    await service.answer(game_id, ALICE, "add1")
    assert await service.record_mention(game_id, 1, 1) is True
    clock.advance(301)
    assert _due(await service.due_reminders(300)) == [(game_id, 1, 1)]
    await service.answer(game_id, BOB, "add1")
    assert await service.due_reminders(300) == []  # Bob answered
    # Alice's new turn is a new mention even though her last one was reminded or not.
    assert await service.record_mention(game_id, 0, 2) is True
    clock.advance(301)
    assert _due(await service.due_reminders(300)) == [(game_id, 0, 2)]


async def test_no_reminders_for_seats_without_a_question_or_ended_games(
    service: GameService, clock: FakeClock
) -> None:
    waiting = await _started(service)
    await service.record_mention(waiting, 1, 0)  # Bob has nothing to answer at version 0
    abandoned = await _started(service)
    await service.record_mention(abandoned, 0, 0)
    await service.abandon(abandoned, ALICE, can_manage=False)
    clock.advance(301)
    assert await service.due_reminders(300) == []
