"""The rules maps (``docs/rules/*.md``) point at code and tests that exist.

Each map says in its header where its engine and tests are (``Engine: `engines/x/` ``,
``Tests: `tests/engines/x/` ``) and cites them as `` `file::name` `` (a module or test
file, a function, class or constant in it; ``name`` may end in ``*`` or ``[param]``) or
`` `::name` `` (same file as the previous citation on the line; else any test file). A
renamed test or function leaves a dead reference: this fails and names it.
"""

from __future__ import annotations

import ast
import fnmatch
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
MAPS = sorted((ROOT / "docs" / "rules").glob("*.md"))
REF = re.compile(r"`([^`\s]*)::([^`\s]+)`")


@cache
def names(path: Path) -> frozenset[str]:
    """Functions, classes (with ``Class.method``) and module-level names of ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
            if isinstance(node, ast.ClassDef):
                out.update(f"{node.name}.{n.name}" for n in node.body
                           if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, ast.AnnAssign) else [])
        out.update(t.id for t in targets if isinstance(t, ast.Name))
    return frozenset(out)


def _dir(text: str, label: str) -> Path:
    m = re.search(label + r":\s*`([^`]+)`", text)
    assert m, f"the map's header names no {label} directory"
    return ROOT / m.group(1)


def _files(left: str, engine: Path, tests: Path) -> list[Path]:
    """The files ``left`` may mean: a path from the root or under the tests or engine
    directory; an alias
    (``rules``, ``cards1-3``) or nothing: every test file."""
    if left.endswith(".py"):
        if (ROOT / left).is_file():  # a path from the repository's root
            return [ROOT / left]
        return [p for base in (tests, engine) for p in base.rglob(Path(left).name)
                if str(p).endswith(left)]
    return sorted(tests.rglob("test_*.py"))


def references(path: Path) -> list[tuple[int, str, str]]:
    """``(line number, file, name)`` of each citation; ``::name`` gets the previous file of
    its line."""
    out = []
    for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        last = ""
        for left, name in REF.findall(line):
            if (left, name) == ("file", "test"):
                continue  # the header's notation
            last = left or last
            out.append((no, last, name))
    return out


def dead(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    engine, tests = _dir(text, "Engine"), _dir(text, "Tests")
    out = []
    for no, left, name in references(path):
        name = name.split("[")[0].rstrip(",.;)")
        files = _files(left, engine, tests)
        if not files:
            out.append(f"L{no}: {left} (no such file)")
            continue
        if not any(fnmatch.filter(names(f), name) for f in files):
            out.append(f"L{no}: {left}::{name}")
    return out


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_every_reference_of_the_rules_map_exists(path: Path) -> None:
    assert references(path), "a rules map cites its code and tests"
    assert dead(path) == []


def test_a_dead_reference_is_found(tmp_path: Path) -> None:
    doc = tmp_path / "x.md"
    doc.write_text("Engine: `engines/tta/` Tests: `tests/engines/tta/`\n"
                   "| `row.py::take` | `test_tta_audit.py::test_no_such_test`, "
                   "`::test_every_t1_card_is_named_by_a_test` | `nope.py::x` |\n",
                   encoding="utf-8")
    assert dead(doc) == ["L2: test_tta_audit.py::test_no_such_test", "L2: nope.py (no such file)"]
