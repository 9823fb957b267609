"""``python -m engines replay FILE``: an action log played again, a summary printed; a
refused answer or a file that is no action log fails with a sentence saying which."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engines.__main__ import LOG_FORMAT, main
from engines.core.playout import playout
from engines.core.rng import Rng
from engines.registry import get_engine

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["alice", "bob", "carol"]


def action_log(game: str, players: int, seed: int, options: dict[str, str]) -> dict[str, Any]:
    """A whole random game's log, shaped as ``games.transcript.action_log`` writes it."""
    engine = get_engine(game)
    mine = {k: v for k, v in options.items() if k in engine.game_options}
    played = playout(engine, players, seed, Rng.from_seed(seed), options=mine or None)
    return {
        "format": LOG_FORMAT,
        "format_version": 1,
        "game": game,
        "seed": seed,
        "options": options,
        "players": [{"seat": i, "name": NAMES[i]} for i in range(players)],
        "answers": [
            {"seq": i + 1, "seat": seat, "player": NAMES[seat], "choice": choice}
            for i, (seat, choice) in enumerate(played.answers)
        ],
        "result": played.result.model_dump(mode="json"),
    }


def write(tmp_path: Path, data: Any, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def duel_log() -> dict[str, Any]:
    return action_log("duel", 2, 11, {"deadline": "24h"})  # the bot's option is ignored


def test_a_whole_game_replays_to_its_result(
    tmp_path: Path, duel_log: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    total = len(duel_log["answers"])
    assert main(["replay", write(tmp_path, duel_log)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("duel, 2 players (alice, bob), seed 11, options: wonders=draft")
    assert f"{total} of {total} answers applied" in out
    assert "over: " in out and "winner" in out and "  1. " in out
    assert main(["replay", write(tmp_path, duel_log), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["over"] and summary["result"] == duel_log["result"]
    assert summary["applied"] == total


def test_a_game_under_way_tells_the_position(
    tmp_path: Path, duel_log: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    part = {**duel_log, "answers": duel_log["answers"][:10]}
    del part["result"]
    assert main(["replay", write(tmp_path, part)]) == 0
    out = capsys.readouterr().out
    assert "10 of 10 answers applied" in out and "not over; table at " in out
    assert "waiting for: alice (" in out or "waiting for: bob (" in out


def test_an_illegal_move_fails_saying_which(
    tmp_path: Path, duel_log: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    bad = copy.deepcopy(duel_log)
    bad["answers"][5]["choice"] = "build:the_moon"
    seat = bad["answers"][5]["seat"]
    assert main(["replay", write(tmp_path, bad)]) == 1
    captured = capsys.readouterr()
    assert "5 of " in captured.out  # the position before the refused answer
    assert (
        f"illegal move: answer 6 (seq 6, seat {seat}, {NAMES[seat]}): 'build:the_moon' is "
        "refused: " in captured.err
    )
    # an answer by a seat that is not asked
    wrong = copy.deepcopy(duel_log)
    wrong["answers"][0]["seat"] = 1 - wrong["answers"][0]["seat"]
    assert main(["replay", write(tmp_path, wrong)]) == 1
    assert "answer 1 (seq 1" in capsys.readouterr().err


def test_a_result_that_differs_from_the_recorded_one_fails(
    tmp_path: Path, duel_log: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    forged = copy.deepcopy(duel_log)
    forged["result"]["winners"] = [1 - forged["result"]["winners"][0]]
    assert main(["replay", write(tmp_path, forged)]) == 1
    assert "differs from the one the file records" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="something else"), "not a civbot-action-log"),
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
        (lambda d: d.update(seed="eleven"), "no valid 'seed'"),
        (lambda d: d["players"].pop(), "duel takes 2-2 players, not 1"),
        (lambda d: d["players"][1].update(seat=5), "not seats 0, 1, 2"),
        (lambda d: d["answers"][3].update(seat=7), "answer 4 has no valid seat"),
        (lambda d: d["answers"][3].update(seq=9), "gap or is out of order"),
        (lambda d: d["options"].update(wonders="all"), "options: unknown value"),
    ],
)
def test_a_file_that_is_no_action_log_is_refused(
    tmp_path: Path,
    duel_log: dict[str, Any],
    capsys: pytest.CaptureFixture[str],
    change: Any,
    message: str,
) -> None:
    data = copy.deepcopy(duel_log)
    change(data)
    assert main(["replay", write(tmp_path, data)]) == 2
    err = capsys.readouterr().err
    assert "cannot replay: " in err and message in err


def test_unreadable_files_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot replay" in capsys.readouterr().err
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    assert main(["replay", str(tmp_path / "broken.json")]) == 2
    assert main(["replay", write(tmp_path, [1, 2])]) == 2
    assert "does not hold a JSON object" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("seven_wonders", 3, {}), ("innovation", 2, {}), ("tta", 2, {"mode": "first"})],
)
def test_every_game_replays(
    tmp_path: Path, game: str, players: int, options: dict[str, str]
) -> None:
    data = action_log(game, players, 3, options)
    assert main(["replay", write(tmp_path, data), "--json"]) == 0


def test_the_module_runs_as_a_command(tmp_path: Path, duel_log: dict[str, Any]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engines", "replay", write(tmp_path, duel_log)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "answers applied" in done.stdout
