"""Lobby: create, join, leave, options, start, abandon; every refusal has its key and
changes nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from games.models import ServiceError
from games.service import GameService
from games.storage import SqlStore, open_store

ALICE, BOB, CAROL, DAN = 11, 12, 13, 14


async def _lobby(service: GameService, **options: str) -> int:
    info = await service.create("count", 100, 200, ALICE, "Alice", "en", options)
    return info.id


async def test_create_seats_creator_and_fills_default_options(service: GameService) -> None:
    info = await service.create("count", 100, 200, ALICE, "Alice", "zh-TW", {})
    assert info.status == "lobby" and info.version == 0
    assert [(s.seat, s.user_id, s.name) for s in info.seats] == [(0, ALICE, "Alice")]
    assert info.options == {"target": "10", "order": "turns"} and info.language == "zh-TW"
    assert 0 <= info.seed < 2**63
    other = await service.create("count", 100, 200, ALICE, "Alice", "en", {"target": "20"})
    assert other.id != info.id and other.seed != info.seed and other.options["target"] == "20"


@pytest.mark.parametrize(
    ("game", "options", "language", "key"),
    [
        ("chess", {}, "en", "unknown_game"),
        ("count", {"speed": "fast"}, "en", "unknown_option"),
        ("count", {"target": "11"}, "en", "invalid_option_value"),
        ("count", {}, "fr", "unsupported_language"),
    ],
)
async def test_create_refusals(
    service: GameService, game: str, options: dict[str, str], language: str, key: str
) -> None:
    with pytest.raises(ServiceError) as err:
        await service.create(game, 100, 200, ALICE, "Alice", language, options)
    assert err.value.key == key
    assert await service.list_games(100, include_finished=True) == []


async def test_join_and_leave_keep_seats_contiguous(service: GameService) -> None:
    game_id = await _lobby(service)
    await service.join(game_id, BOB, "Bob")
    info = await service.join(game_id, CAROL, "Carol")
    assert [s.user_id for s in info.seats] == [ALICE, BOB, CAROL]
    info = await service.leave(game_id, BOB)
    assert [(s.seat, s.user_id) for s in info.seats] == [(0, ALICE), (1, CAROL)]
    info = await service.join(game_id, BOB, "Bob")
    assert [(s.seat, s.user_id) for s in info.seats] == [(0, ALICE), (1, CAROL), (2, BOB)]


async def test_join_refusals(service: GameService) -> None:
    game_id = await _lobby(service)
    await service.join(game_id, BOB, "Bob")
    for user, key in ((BOB, "already_joined"), (ALICE, "already_joined")):
        with pytest.raises(ServiceError) as err:
            await service.join(game_id, user, "x")
        assert err.value.key == key
    await service.join(game_id, CAROL, "Carol")
    with pytest.raises(ServiceError) as err:
        await service.join(game_id, DAN, "Dan")
    assert err.value.key == "game_full" and err.value.params["max_players"] == 3
    with pytest.raises(ServiceError) as err:
        await service.join(999, DAN, "Dan")
    assert err.value.key == "game_not_found"
    assert len((await service.get(game_id)).seats) == 3


async def test_leave_refusals(service: GameService) -> None:
    game_id = await _lobby(service)
    for user, key in ((BOB, "not_a_player"), (ALICE, "creator_cannot_leave")):
        with pytest.raises(ServiceError) as err:
            await service.leave(game_id, user)
        assert err.value.key == key


async def test_set_option_creator_and_lobby_only(service: GameService) -> None:
    game_id = await _lobby(service)
    await service.join(game_id, BOB, "Bob")
    info = await service.set_option(game_id, ALICE, "target", "20")
    assert info.options == {"target": "20", "order": "turns"}
    cases = [
        (BOB, "target", "10", "not_creator"),
        (ALICE, "target", "7", "invalid_option_value"),
        (ALICE, "colour", "red", "unknown_option"),
    ]
    for user, name, value, key in cases:
        with pytest.raises(ServiceError) as err:
            await service.set_option(game_id, user, name, value)
        assert err.value.key == key
    await service.start(game_id, ALICE)
    with pytest.raises(ServiceError) as err:
        await service.set_option(game_id, ALICE, "target", "10")
    assert err.value.key == "not_in_lobby"
    assert (await service.get(game_id)).options["target"] == "20"


async def test_start_refusals_then_start(service: GameService) -> None:
    game_id = await _lobby(service)
    with pytest.raises(ServiceError) as err:
        await service.start(game_id, ALICE)
    assert err.value.key == "not_enough_players" and err.value.params["min_players"] == 2
    await service.join(game_id, BOB, "Bob")
    with pytest.raises(ServiceError) as err:
        await service.start(game_id, BOB)
    assert err.value.key == "not_creator"
    assert (await service.get(game_id)).status == "lobby"

    outcome = await service.start(game_id, ALICE)
    assert outcome.info.status == "active" and outcome.info.version == 0
    assert [p.seat for p in outcome.prompts] == [0] and outcome.result is None
    for call in (
        service.start(game_id, ALICE),
        service.join(game_id, CAROL, "Carol"),
        service.leave(game_id, BOB),
    ):
        with pytest.raises(ServiceError) as err:
            await call
        assert err.value.key == "not_in_lobby"


async def test_abandon_by_creator_or_manager(service: GameService) -> None:
    first, second = await _lobby(service), await _lobby(service)
    await service.join(first, BOB, "Bob")
    with pytest.raises(ServiceError) as err:
        await service.abandon(first, BOB, can_manage=False)
    assert err.value.key == "not_creator"
    assert (await service.abandon(first, BOB, can_manage=True)).status == "abandoned"
    assert (await service.abandon(second, ALICE, can_manage=False)).status == "abandoned"
    with pytest.raises(ServiceError) as err:
        await service.abandon(second, ALICE, can_manage=False)
    assert err.value.key == "game_abandoned"
    with pytest.raises(ServiceError) as err:
        await service.join(first, CAROL, "Carol")
    assert err.value.key == "not_in_lobby"


async def test_threads_and_listing(service: GameService) -> None:
    a, b = await _lobby(service), await _lobby(service)
    other_guild = await service.create("count", 101, 201, BOB, "Bob", "en", {})
    info = await service.set_thread(a, 5000, 6000)
    assert (info.thread_id, info.lobby_message_id) == (5000, 6000)
    found = await service.game_for_thread(5000)
    assert found is not None and found.id == a
    assert await service.game_for_thread(5001) is None
    with pytest.raises(ServiceError) as err:
        await service.set_thread(b, 5000, 6001)
    assert err.value.key == "thread_taken"
    with pytest.raises(ServiceError) as err:
        await service.set_thread(999, 5002, 6002)
    assert err.value.key == "game_not_found"

    await service.abandon(b, ALICE, can_manage=False)
    assert [g.id for g in await service.list_games(100)] == [a]
    assert [g.id for g in await service.list_games(100, include_finished=True)] == [a, b]
    assert [g.id for g in await service.list_games(None)] == [a, other_guild.id]


async def test_names_are_cleaned(service: GameService) -> None:
    game_id = await _lobby(service)
    info = await service.join(game_id, BOB, "  Bob \n the   Builder " + "x" * 200)
    assert info.seats[1].name.startswith("Bob the Builder x") and len(info.seats[1].name) == 100
    with pytest.raises(ServiceError) as err:
        await service.join(game_id, CAROL, "   ")
    assert err.value.key == "invalid_name"


async def test_reading_a_lobby(service: GameService) -> None:
    game_id = await _lobby(service)
    assert await service.prompts(game_id) == []
    for call in (
        service.view(game_id, None),
        service.load(game_id),
        service.answer(game_id, ALICE, "add1"),
    ):
        with pytest.raises(ServiceError) as err:
            await call
        assert err.value.key == "not_started"
    with pytest.raises(ServiceError) as err:
        await service.get(404)
    assert err.value.key == "game_not_found"


class _GatedSeats(SqlStore):
    """Holds its first ``add_seat`` until the other process has read the lobby too."""

    def __init__(self, inner: SqlStore, barrier: asyncio.Barrier) -> None:
        super().__init__(inner.backend)
        self._barrier: asyncio.Barrier | None = barrier

    async def add_seat(self, *args: Any) -> None:
        if self._barrier is not None:
            barrier, self._barrier = self._barrier, None
            await barrier.wait()
        await super().add_seat(*args)


async def test_two_processes_joining_at_once_both_get_a_seat(
    service: GameService, db_url: str, make_service: Callable[..., GameService]
) -> None:
    game_id = await _lobby(service)
    barrier = asyncio.Barrier(2)
    stores = [await open_store(db_url), await open_store(db_url)]
    try:
        a, b = (make_service(_GatedSeats(s, barrier)) for s in stores)
        await asyncio.gather(a.join(game_id, BOB, "Bob"), b.join(game_id, CAROL, "Carol"))
    finally:
        for s in stores:
            await s.close()
    info = await service.get(game_id)
    assert [s.seat for s in info.seats] == [0, 1, 2]
    assert {s.user_id for s in info.seats} == {ALICE, BOB, CAROL}
