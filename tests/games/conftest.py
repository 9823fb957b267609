"""Fixtures for the service and storage tests: every store test runs on SQLite and PostgreSQL.

PostgreSQL comes from ``CIVBOT_TEST_POSTGRES_URL`` when set (a server whose user may create
a throwaway database, ``civbot_test_<pid>``, emptied before each test); otherwise a throwaway
cluster is made with ``initdb`` and ``pg_ctl`` in a temporary directory on a free port, and
removed at the end. The binaries are found via ``CIVBOT_PG_BIN``, then ``PATH``, then
``/usr/lib/postgresql/<newest>/bin`` (Debian does not put them on PATH). PostgreSQL refuses
to run as root, so as root the cluster runs as the ``postgres`` system user (``runuser``).
Without binaries the PostgreSQL cases are skipped, unless ``CIVBOT_REQUIRE_POSTGRES`` is set
(as in CI), which makes that a failure.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NoReturn

import pytest

from games.service import GameService  # noqa: E402
from games.storage import SqlStore, open_store  # noqa: E402
from tests.games.service_doubles import FakeClock, engine_lookup

BACKENDS = ["sqlite", "postgres"]


def _find_pg_bin() -> Path | None:
    env = os.environ.get("CIVBOT_PG_BIN")
    if env and (Path(env) / "initdb").exists():
        return Path(env)
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).parent
    candidates = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0,
    )
    return candidates[-1].parent if candidates else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_cluster_user(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    if shutil.which("runuser") is None:
        _unavailable("running as root without runuser: cannot start PostgreSQL as non-root")
    try:
        import pwd

        pwd.getpwnam("postgres")
    except KeyError:
        _unavailable("running as root and no 'postgres' user exists to run the test cluster")
    return ["runuser", "-u", "postgres", "--", *cmd]


def _unavailable(reason: str) -> NoReturn:
    """Skip the PostgreSQL cases on a developer machine without a server; fail them where
    ``CIVBOT_REQUIRE_POSTGRES`` says one must be there (CI)."""
    if os.environ.get("CIVBOT_REQUIRE_POSTGRES"):
        pytest.fail(f"CIVBOT_REQUIRE_POSTGRES is set: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres_admin_url() -> Iterator[str]:
    """A PostgreSQL server URL whose user may create databases (started here if needed)."""
    url = os.environ.get("CIVBOT_TEST_POSTGRES_URL")
    if url:
        yield url
        return
    bin_dir = _find_pg_bin()
    if bin_dir is None:
        _unavailable(
            "PostgreSQL binaries not found (install postgresql, or set CIVBOT_PG_BIN or "
            "CIVBOT_TEST_POSTGRES_URL)"
        )
    tmp = Path(tempfile.mkdtemp(prefix="civbot-pg-"))
    if os.geteuid() == 0:
        shutil.chown(tmp, user="postgres")
    data, port = tmp / "data", _free_port()
    subprocess.run(
        _as_cluster_user(
            [
                str(bin_dir / "initdb"),
                "-D",
                str(data),
                "-A",
                "trust",
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--no-sync",
            ]
        ),
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1 -c fsync=off"
    pg_ctl = [str(bin_dir / "pg_ctl"), "-D", str(data)]
    try:
        subprocess.run(
            _as_cluster_user([*pg_ctl, "-o", options, "-l", str(tmp / "log"), "-w", "start"]),
            check=True,
            capture_output=True,
        )
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_cluster_user([*pg_ctl, "-m", "immediate", "-w", "stop"]), capture_output=True
        )
        shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_test_url(postgres_admin_url: str) -> Iterator[str]:
    """One database per test session; each test empties it (faster than one per test)."""
    import asyncpg

    name = f"civbot_test_{os.getpid()}"

    async def admin(*statements: str) -> None:
        conn = await asyncpg.connect(postgres_admin_url)
        try:
            for statement in statements:
                await conn.execute(statement)
        finally:
            await conn.close()

    def run(*statements: str) -> None:
        # Requested from inside a running event loop: use a thread with its own loop.
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, admin(*statements)).result()

    drop = f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'

    run(drop, f'CREATE DATABASE "{name}"')
    yield postgres_admin_url.rsplit("/", 1)[0] + f"/{name}"
    run(drop)


async def _empty_database(url: str) -> str:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public")
    finally:
        await conn.close()
    return url


@pytest.fixture(params=BACKENDS)
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database per test, on each backend in turn."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    return await _empty_database(request.getfixturevalue("postgres_test_url"))


@pytest.fixture
async def store(db_url: str) -> AsyncIterator[SqlStore]:
    store = await open_store(db_url)
    yield store
    await store.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def make_service(store: SqlStore, clock: FakeClock) -> Callable[..., GameService]:
    """A new service over the test's store (a second one shares nothing in memory)."""

    def make(over: SqlStore | None = None) -> GameService:
        return GameService(over or store, clock=clock, engines=engine_lookup)

    return make


@pytest.fixture
def service(make_service: Callable[..., GameService]) -> GameService:
    return make_service()
