"""Replay check: every stored game rebuilds from seed, options and log to its snapshot; a
tampered log or snapshot is reported, and the command exits non-zero."""

from __future__ import annotations

import asyncio

import pytest
from service_doubles import engine_lookup

from games.cli import main
from games.service import GameService
from games.storage import SqlStore
from games.verify import verify_replays

ALICE, BOB = 11, 12


async def _played(service: GameService, answers: int, **options: str) -> int:
    info = await service.create("count", 100, 200, ALICE, "Alice", "en", options)
    await service.join(info.id, BOB, "Bob")
    await service.start(info.id, ALICE)
    for _ in range(answers):
        prompts = await service.prompts(info.id)
        if not prompts:
            break
        await service.answer(info.id, ALICE if prompts[0].seat == 0 else BOB, "add2")
    return info.id


async def test_every_game_replays_to_its_snapshot(service: GameService) -> None:
    lobby = await service.create("count", 100, 200, ALICE, "Alice", "en", {})
    started = await _played(service, 0)
    midway = await _played(service, 3, target="20")
    finished = await _played(service, 50)
    reports = await verify_replays(service.store, engines=engine_lookup)
    assert [r.game_id for r in reports] == [lobby.id, started, midway, finished]
    assert all(r.ok for r in reports), [r.line() for r in reports]
    assert reports[3].status == "finished" and reports[2].version == 3
    only = await verify_replays(service.store, midway, engines=engine_lookup)
    assert [r.game_id for r in only] == [midway]


async def test_tampered_log_is_reported(service: GameService, store: SqlStore) -> None:
    good = await _played(service, 3)
    bad = await _played(service, 3)
    async with store.backend.transaction() as cur:
        await cur.execute("UPDATE actions SET choice = 'add3' WHERE game_id = ? AND seq = 2", bad)
    reports = await verify_replays(store, engines=engine_lookup)
    assert [(r.game_id, r.ok) for r in reports] == [(good, True), (bad, False)]
    assert "differs at" in reports[1].detail and "MISMATCH" in reports[1].line()


async def test_tampered_snapshot_and_missing_actions_are_reported(
    service: GameService, store: SqlStore
) -> None:
    snap_game = await _played(service, 2)
    log_game = await _played(service, 2)
    async with store.backend.transaction() as cur:
        await cur.execute(
            "UPDATE snapshots SET state = REPLACE(state, '\"moves\":2', '\"moves\":5') "
            "WHERE game_id = ?",
            snap_game,
        )
        await cur.execute("DELETE FROM actions WHERE game_id = ? AND seq = 2", log_game)
    reports = {r.game_id: r for r in await verify_replays(store, engines=engine_lookup)}
    assert "moves" in reports[snap_game].detail and not reports[snap_game].ok
    assert not reports[log_game].ok


@pytest.mark.parametrize("tamper", [False, True])
async def test_command_line_exit_status(
    service: GameService,
    store: SqlStore,
    db_url: str,
    tamper: bool,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("games.verify.registry_lookup", engine_lookup)
    game_id = await _played(service, 2)
    if tamper:
        async with store.backend.transaction() as cur:
            await cur.execute("UPDATE actions SET choice = 'add1' WHERE game_id = ?", game_id)
    code = await asyncio.to_thread(main, ["verify-replays", "--database", db_url])
    out = capsys.readouterr().out
    assert code == (1 if tamper else 0)
    assert f"game {game_id} count active v2: " in out
    assert ("MISMATCH" in out) == tamper
    code = await asyncio.to_thread(
        main, ["verify-replays", "--database", db_url, "--game", str(game_id)]
    )
    assert code == (1 if tamper else 0)
