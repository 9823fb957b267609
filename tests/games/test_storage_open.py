"""Opening a database that cannot be opened fails at once with one clear sentence and leaves
nothing running; a full disk surfaces SQLite's own error, not a failed ROLLBACK."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.cli import main as cli_main
from games.storage import DatabaseUnavailable, NewGame, SqlStore, open_store
from games.storage.sqlite import SqliteBackend

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def no_new_threads() -> Iterator[None]:
    """Fails the test if it leaves a non-daemon thread behind (which would keep the
    process alive after ``main`` returned: an aiosqlite connection never closed)."""
    before = set(threading.enumerate())
    yield
    left = [t for t in threading.enumerate() if t not in before and not t.daemon]
    for t in left:
        t.join(timeout=5)
    assert [t.name for t in left if t.is_alive()] == []


def _bad_paths(tmp_path: Path) -> dict[str, Path]:
    directory = tmp_path / "a_directory.db"
    directory.mkdir()
    text = tmp_path / "notes.db"
    text.write_text("these are my notes, not a database\n" * 20)
    return {"directory": directory, "not a database": text}


@pytest.mark.parametrize("kind", ["directory", "not a database"])
async def test_unopenable_sqlite_file_raises_one_clear_sentence(
    tmp_path: Path, kind: str, no_new_threads: None
) -> None:
    path = _bad_paths(tmp_path)[kind]
    with pytest.raises(DatabaseUnavailable) as err:
        await open_store(f"sqlite:///{path}")
    message = str(err.value)
    assert message.startswith(f"cannot open the SQLite database {path}: ")
    assert kind in message and "\n" not in message


async def test_unreachable_postgres_raises_without_the_password(no_new_threads: None) -> None:
    with pytest.raises(DatabaseUnavailable) as err:
        await open_store("postgresql://civbot:s3cret@127.0.0.1:1/civbot")
    assert "cannot connect to the PostgreSQL database" in str(err.value)
    assert "s3cret" not in str(err.value) and "civbot:***@" in str(err.value)


async def test_unsupported_url_is_a_clear_error() -> None:
    with pytest.raises(DatabaseUnavailable, match="unsupported database url"):
        await open_store("mysql://x:pw@host/db")


@pytest.mark.parametrize("kind", ["directory", "not a database"])
def test_bot_exits_at_the_database_with_one_sentence(tmp_path: Path, kind: str) -> None:
    """A fake token: the process must stop at the database, before Discord, and not hang."""
    path = _bad_paths(tmp_path)[kind]
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DISCORD_TOKEN")}
    env.update(
        PYTHONPATH=str(ROOT), DATABASE_URL=f"sqlite:///{path}", DISCORD_TOKEN="not-a-real-token"
    )
    proc = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith(f"error: cannot open the SQLite database {path}: ")
    assert kind in lines[0]


def test_verify_replays_on_an_unopenable_database_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_new_threads: None
) -> None:
    path = _bad_paths(tmp_path)["not a database"]
    assert cli_main(["verify-replays", "--database", f"sqlite:///{path}"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: cannot open the SQLite database") and "\n" not in err


async def test_disk_full_surfaces_sqlites_error_and_keeps_the_store_usable(
    tmp_path: Path,
) -> None:
    """A real SQLITE_FULL (the file may not grow past ``max_page_count``): SQLite has rolled
    the transaction back itself, and its message — not "no transaction is active" — reaches
    the caller; nothing half-written remains and the next transaction works."""
    store = await open_store(f"sqlite:///{tmp_path / 'small.db'}")
    try:
        game_id = await store.create_game(NewGame("count", 1, 2, 3, "Ada", "en", "{}", 42, 1000.0))
        await store.start_game(game_id, 1, "{}", 1001.0)
        backend = store.backend
        assert isinstance(backend, SqliteBackend)
        async with backend.transaction() as cur:  # the writers' connection: it grows the file
            pages = await cur.fetchone("PRAGMA page_count")
            assert pages is not None
            await cur.fetchall(f"PRAGMA max_page_count = {int(pages[0]) + 5}")
        with pytest.raises(Exception, match="database or disk is full") as err:
            await store.commit_answer(game_id, 0, 0, 3, "add1", "x" * 200_000, "active", 77, 1002.0)
        assert "no transaction is active" not in repr(err.value.__context__)
        info = await store.get_game(game_id)
        assert info is not None and info.version == 0
        assert await store.actions(game_id) == [] and not await store.interaction_seen(77)
        await store.commit_answer(game_id, 0, 0, 3, "add1", "{}", "active", 77, 1003.0)
        assert [a.choice for a in await store.actions(game_id)] == ["add1"]
    finally:
        await store.close()


async def test_a_failed_statement_inside_a_transaction_still_rolls_back(
    store: SqlStore,
) -> None:
    """The rollback on error still happens when the transaction is open (both backends)."""
    game_id = await store.create_game(NewGame("count", 1, 2, 3, "Ada", "en", "{}", 42, 1.0))
    with pytest.raises(RuntimeError, match="boom"):
        async with store.backend.transaction() as cur:
            await cur.execute("UPDATE games SET version = 99 WHERE id = ?", game_id)
            raise RuntimeError("boom")
    info = await store.get_game(game_id)
    assert info is not None and info.version == 0
