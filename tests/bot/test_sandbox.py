"""The terminal sandbox drives the real bot through SimCord (no token)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import simcord

from bot.sandbox import Sandbox

ROOT = Path(__file__).resolve().parents[2]


async def test_repl_lines(simcord_env: simcord.Env, tmp_path: Path) -> None:
    out: list[str] = []
    box = Sandbox(simcord_env, tmp_path, out.append)
    assert await box.run_line("as alice /game new duel")
    assert await box.run_line("as bob click Join")
    assert await box.run_line("alice click Start")
    joined = "\n".join(out)
    # the board names whose turn it is; that player's panel comes to their DMs
    assert "opened a game" in joined and "⏳ Waiting for" in joined
    assert "[DM alice]" in joined or "[DM bob]" in joined
    assert list(tmp_path.glob("*board.png"))  # the board image was written
    out.clear()
    await box.run_line("options alice")
    await box.run_line("options bob")
    offered = [line.strip("- ").strip() for line in out if line.strip().startswith("- Take")]
    assert offered
    player = "alice" if "[DM alice]" in joined else "bob"
    out.clear()
    await box.run_line(f"as {player} play {offered[0]}")
    assert any("You chose" in line for line in out)
    out.clear()
    await box.run_line("as carol click Nothing")
    assert out and out[0].startswith("! LookupError")
    assert not await box.run_line("quit")


@pytest.mark.bot_settings(board_images=False)
async def test_auto_game_finishes(simcord_env: simcord.Env, tmp_path: Path) -> None:
    out: list[str] = []
    moves = await Sandbox(simcord_env, tmp_path, out.append).auto(seed=5, language="zh-CN")
    assert moves > 40
    assert any("局结束" in line for line in out)


def test_main_without_token_explains(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "DISCORD_TOKEN is not set" in proc.stderr and "sandbox" in proc.stderr


def test_verify_replays_is_delegated(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["PYTHONPATH"] = str(ROOT)
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'x.db'}"
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "verify-replays"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "0 games checked" in proc.stdout


@pytest.mark.bot_settings(board_images=False)
@pytest.mark.parametrize(
    ("game", "players"),
    [pytest.param(game, n, marks=pytest.mark.slow) for game, n in
     (("seven_wonders", 3), ("innovation", 2))],
)
async def test_auto_game_of_every_game(
    simcord_env: simcord.Env, tmp_path: Path, game: str, players: int
) -> None:
    out: list[str] = []
    box = Sandbox(simcord_env, tmp_path, out.append)
    moves = await box.auto(seed=3, language=None, game=game, players=players)
    assert moves > 20
    assert any("is over" in line for line in out)


@pytest.mark.bot_settings(board_images=False)
async def test_auto_game_chooses_lobby_options(simcord_env: simcord.Env, tmp_path: Path) -> None:
    out: list[str] = []
    box = Sandbox(simcord_env, tmp_path, out.append)
    await box.auto(seed=3, language=None, game="seven_wonders", players=3,
                   options=["sides=night"])
    info = await simcord_env.bot.service.get(1)  # type: ignore[attr-defined]
    assert info.options.get("sides") == "night"
    assert any("is over" in line for line in out)
