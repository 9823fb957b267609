"""Through the Ages: one answer on the turn panel, end to end (load, apply, commit, the seat's
view, its civilization image), 4 players on file SQLite; the target is p99 < 250 ms.

    .venv/bin/python benchmarks/tta_panel_latency.py [--players 2] [--answers 300]
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import answer_latency  # noqa: E402

if __name__ == "__main__":
    sys.exit(asyncio.run(answer_latency.main(["--game", "tta", "--answers", "300", *sys.argv[1:]])))
