"""Replay check: every stored game rebuilds from seed, options and log to its snapshot; a
tampered log or snapshot is reported, and the command exits non-zero."""

from __future__ import annotations

import asyncio

import pytest

from games.cli import main
from games.service import GameService
from games.storage import SqlStore
from games.verify import verify_replays
from tests.games.service_doubles import engine_lookup

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


async def test_every_game_gets_a_verdict_even_after_unreadable_ones(
    service: GameService,
    store: SqlStore,
    db_url: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Regression: the first snapshot that did not load stopped the whole check with a
    traceback. Now: ok / MISMATCH / UNREADABLE per game, a summary, exit 1."""
    monkeypatch.setattr("games.verify.registry_lookup", engine_lookup)
    bad_snapshot = await _played(service, 2)
    bad_row = await _played(service, 1)
    tampered = await _played(service, 2)
    good = await _played(service, 2)
    async with store.backend.transaction() as cur:
        await cur.execute(
            "UPDATE snapshots SET state = ? WHERE game_id = ?", '{"totals": "oops"}', bad_snapshot
        )
        await cur.execute("UPDATE games SET options = ? WHERE id = ?", "{not json", bad_row)
        await cur.execute("UPDATE actions SET choice = 'add1' WHERE game_id = ?", tampered)
    reports = {r.game_id: r for r in await verify_replays(store, engines=engine_lookup)}
    assert [reports[g].verdict for g in (bad_snapshot, bad_row, tampered, good)] == [
        "UNREADABLE",
        "UNREADABLE",
        "MISMATCH",
        "ok",
    ]
    assert "snapshot does not load: ValidationError" in reports[bad_snapshot].detail
    assert "JSONDecodeError" in reports[bad_row].detail
    code = await asyncio.to_thread(main, ["verify-replays", "--database", db_url])
    lines = capsys.readouterr().out.strip().splitlines()
    assert code == 1
    assert len(lines) == 5  # one line per game (no traceback), then the summary
    assert lines[0].startswith(f"game {bad_snapshot} count active v2: UNREADABLE snapshot")
    assert lines[1].startswith(f"game {bad_row} ? ? v0: UNREADABLE JSONDecodeError: ")
    assert lines[2].startswith(f"game {tampered} count active v2: MISMATCH")
    assert lines[3] == f"game {good} count active v2: ok (2 actions)"
    assert lines[4] == "4 games checked: 1 ok, 1 mismatched, 2 unreadable"
