"""The built wheel carries everything the bot reads at run time besides code: the migration
files above all (without them a new database stays at schema 0 and every query fails)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from games.storage.migrate import MIGRATIONS_DIR

ROOT = Path(__file__).resolve().parents[2]
#: what a wheel is built from: everything but tests, caches, local databases and the venv
NOT_SOURCE = shutil.ignore_patterns(
    ".venv", ".git", ".hypothesis", "*cache*", "*.egg-info", "build", "dist", "tests",
    "benchmarks", "docs", "sandbox_out", "*.db", "*.db-*", ".env",
)  # fmt: skip


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built once per session (``pip wheel . --no-deps``) from a copy of
    the tree, so the build leaves nothing behind in the working copy."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "src"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(tmp)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (found,) = tmp.glob("civbot-*.whl")
    return found


def test_wheel_ships_every_migration(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = sorted(p.name for p in MIGRATIONS_DIR.iterdir() if p.name.endswith(".sql"))
    assert expected, "no migration files in the source tree"
    shipped = sorted(
        n.rsplit("/", 1)[1] for n in names if n.startswith("migrations/") and n.endswith(".sql")
    )
    assert shipped == expected


def test_wheel_ships_locales_and_card_data(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.startswith("bot/i18n/locales/zh-TW/") for n in names)
    assert any(n.startswith("engines/duel/") and n.endswith(".json") for n in names)


def test_installed_wheel_creates_the_whole_schema(wheel: Path, tmp_path: Path) -> None:
    """Unpacked alone on the path (no source tree around it), the package migrates a new
    database to the newest version."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    script = (
        "import asyncio, sys, games.storage as s\n"
        "assert s.__file__.startswith(sys.argv[1]), s.__file__\n"
        "async def main():\n"
        "    store = await s.open_store('sqlite:///new.db')\n"
        "    print(await store.schema_version(), s.latest_version())\n"
        "    await store.close()\n"
        "asyncio.run(main())\n"
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    proc = subprocess.run(
        [sys.executable, "-c", script, str(site)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    version, latest = proc.stdout.split()
    assert version == latest and int(latest) == len(
        [p for p in MIGRATIONS_DIR.iterdir() if p.name.endswith(".sql")]
    )
