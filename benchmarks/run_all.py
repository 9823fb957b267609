"""Run every benchmark in this folder in turn and print its figures (``make bench``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: arguments for the scripts whose default run is long (``make bench`` stays quick)
ARGS = {"table_traffic.py": ["--quick"]}


def main() -> int:
    failed = 0
    for script in sorted(HERE.glob("*.py")):
        if script.name in {"run_all.py", "__init__.py"} or script.name.startswith("_"):
            continue
        print(f"== {script.name}", flush=True)
        proc = subprocess.run([sys.executable, str(script), *ARGS.get(script.name, [])],
                              cwd=HERE.parent)
        failed += proc.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
