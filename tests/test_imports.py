"""The source's imports run one way: no cycle between modules, no ``import`` inside a function.

A function-local import is how a cycle hides (the review of 2026-11-28, §2.2: 67 of them,
51 in ``bot/``), so both are checked together, by reading the source with ``ast``. Imports
under ``if TYPE_CHECKING:`` are for the type checker only and are not counted. Everything
else is an edge of the module graph, function-local imports included (a cycle they paper
over is still a cycle); ``from x import y`` is an edge to ``x.y`` when that is a module.

The bot and the renderers see an engine through its surface only (review §5.4): its
``view``/``views`` and ``catalogue`` modules, and ``engines.core`` (the contract).

What exists today and is someone else's to untangle is listed below, each with its reason.
The lists only shrink: a listed cycle or import that is gone fails the test until its entry
is removed too, so a fix cannot be undone unnoticed.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "games", "engines", "renderers", "i18n")

#: ``(module, imported module)`` of the function-local imports allowed.
LOCAL_IMPORTS_ALLOWED: frozenset[tuple[str, str]] = frozenset(
    {
        # SimCord is an optional dependency (the dev extra): only the sandbox needs it.
        ("bot.sandbox", "simcord"),
        # Engines (§2.2 of the review; their cycles are listed below): scoring ends the game
        # from the rules it scores, TTA's rule modules call
        # each other (to untangle with "one card, one place", §5.1); 7 Wonders' test-only
        # recomputation of derived facts reads the starting values late.
        ("engines.duel.military", "engines.duel.scoring"),
        ("engines.duel.science", "engines.duel.scoring"),
        ("engines.duel.turn", "engines.duel.scoring"),
        ("engines.seven_wonders.effects", "engines.seven_wonders.facts"),
        ("engines.tta.colonization", "engines.tta.leaders"),
        ("engines.tta.event_cards.age_ii", "engines.tta.colonization"),
        ("engines.tta.event_cards.age_ii", "engines.tta.interrupts"),
        ("engines.tta.scoring", "engines.tta.event_cards.age_iii"),
        # The service: the storage drivers are loaded only for the database URL in use
        # (asyncpg is optional), the CLI opens a store only when verifying, and the engine
        # registry is looked up on first use.
        ("games.cli", "games.storage"),
        ("games.service", "engines.registry"),
        ("games.storage", "games.storage.postgres"),
        ("games.storage", "games.storage.sqlite"),
    }
)

#: Cycles allowed (each found cycle must lie inside one of these), all in the engines and
#: all closed by the function-local imports above: Duel's scoring ends the game from the
#: rules that call it; TTA's rule modules call each other through leaders and events.
CYCLES_ALLOWED: tuple[frozenset[str], ...] = (
    frozenset(
        {
            "engines.duel.effects",
            "engines.duel.military",
            "engines.duel.science",
            "engines.duel.scoring",
        }
    ),
    frozenset(
        {
            "engines.tta.colonization",
            "engines.tta.event_cards",
            "engines.tta.event_cards.age_ii",
            "engines.tta.leaders",
            "engines.tta.leaders_age_iii",
            "engines.tta.politics",
            "engines.tta.prompts",
            "engines.tta.short_game",
            "engines.tta.turn",
            "engines.tta.wars",
            "engines.tta.wonders",
        }
    ),
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_files() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if not any(part.startswith(".") for part in path.relative_to(ROOT).parts):
                found[module_name(path)] = path
    return found


def type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(
    node: ast.AST, *, in_function: bool = False
) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Each runtime import under ``node``, and whether it sits inside a function."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child, in_function
        elif isinstance(child, ast.If) and type_checking(child):
            for other in child.orelse:
                yield from imports(other, in_function=in_function)
        else:
            inside = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            yield from imports(child, in_function=inside)


def targets(package: str, node: ast.Import | ast.ImportFrom, known: set[str]) -> list[str]:
    """The modules an import names (``from x import y``: ``x.y`` when it is a module);
    ``package``: the importing module's package, for relative imports."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        parts = package.split(".")
        parts = parts[: len(parts) - node.level + 1]
        base = ".".join([*parts, *([base] if base else [])])
    subs = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in known]
    plain = len(subs) < len(node.names)
    return [*subs, *([base] if plain else [])]


def internal(name: str, known: set[str]) -> str | None:
    """The source module ``name`` loads (itself, or its nearest known parent), if any."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def scan() -> tuple[dict[str, set[str]], set[tuple[str, str, int]]]:
    """The module graph and the function-local imports ``(module, target, line)``."""
    files = source_files()
    known = set(files)
    graph: dict[str, set[str]] = {name: set() for name in files}
    local: set[tuple[str, str, int]] = set()
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node, in_function in imports(tree):
            for target in targets(package, node, known):
                if in_function:
                    local.add((name, target, node.lineno))
                found = internal(target, known)
                if found is not None and found != name:
                    graph[name].add(found)
    return graph, local


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """Tarjan's strongly connected components of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.add(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_tarjan_finds_cycles_and_only_them() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"d"}}
    assert cycles(graph) == [frozenset({"a", "b", "c"})]


def test_imports_are_read_as_python_runs_them() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "import bot.ids\n"
        "from bot import components, play\n"
        "if TYPE_CHECKING:\n"
        "    from bot.client import CivBot\n"
        "def f():\n"
        "    from bot.games import words_for\n"
        "from . import ids\n"
    )
    known = {"bot", "bot.ids", "bot.components", "bot.games", "bot.client"}
    found = [(targets("bot", node, known), local) for node, local in imports(tree)]
    assert found == [
        (["typing"], False),
        (["bot.ids"], False),
        (["bot.components", "bot"], False),  # play is no module here: a name of ``bot``
        (["bot.games"], True),
        (["bot.ids"], False),  # relative, from a module of ``bot``
    ]


def test_no_function_local_imports() -> None:
    _, local = scan()
    found = {(module, target) for module, target, _ in local}
    unexpected = sorted(
        f"{m} (line {line}): {t}" for m, t, line in local if (m, t) not in LOCAL_IMPORTS_ALLOWED
    )
    assert not unexpected, "import at module level instead (a cycle? break it):\n" + "\n".join(
        unexpected
    )
    stale = sorted(LOCAL_IMPORTS_ALLOWED - found)
    assert not stale, f"gone, remove from LOCAL_IMPORTS_ALLOWED: {stale}"


def test_no_import_cycles() -> None:
    graph, _ = scan()
    found = cycles(graph)
    unexpected = [sorted(c) for c in found if not any(c <= allowed for allowed in CYCLES_ALLOWED)]
    assert not unexpected, f"import cycles: {unexpected}"
    stale = [sorted(a) for a in CYCLES_ALLOWED if not any(c <= a for c in found)]
    assert not stale, f"gone, remove from CYCLES_ALLOWED: {stale}"


#: the bot's layers, lowest first: a module may import its own layer and those below only
#: (the client loads the cogs by name, ``load_extension``)
BOT_LAYERS: tuple[tuple[str, ...], ...] = (
    ("bot.interaction",),
    ("bot.components",),
    ("bot.delivery",),
    ("bot.reach", "bot.play", "bot.looking", "bot.seating"),  # the handlers
    ("bot.cogs",),
    ("bot.client",),
)


def layer(module: str) -> int | None:
    return next(
        (
            i
            for i, prefixes in enumerate(BOT_LAYERS)
            for prefix in prefixes
            if module == prefix or module.startswith(prefix + ".")
        ),
        None,
    )


def test_the_bot_runs_one_way() -> None:
    """``interaction`` ← ``components`` ← ``delivery`` ← the handlers (``reach``, ``play``,
    ``looking``, ``seating``) ← ``cogs`` ← ``client``:
    no module reaches, however indirectly, a layer above its own."""
    graph, _ = scan()

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for other in graph[todo.pop()] - seen:
                seen.add(other)
                todo.append(other)
        return seen

    for module in sorted(graph):
        own = layer(module)
        if own is None:
            continue
        above = sorted(m for m in reach(module) if (layer(m) or -1) > own)
        assert not above, f"{module} reaches {above}"


#: the modules of an engine package the bot and the renderers may import (review §5.4):
#: what the engine shows (its view models, ``views`` building them) and its catalogue;
#: the rules stay behind ``engines.core``'s contract
ENGINE_SURFACE = ("view", "views", "catalogue")
#: ``(module, engine module)`` imports past that surface, each with its reason; only shrinks
ENGINE_IMPORTS_ALLOWED: frozenset[tuple[str, str]] = frozenset()


def engine_internal(target: str) -> bool:
    """Whether ``target`` is a module of an engine package other than its surface
    (``engines.core``, ``engines.registry`` and the ``engines`` package are the contract)."""
    parts = target.split(".")
    if parts[0] != "engines" or len(parts) < 2 or parts[1] in ("core", "registry"):
        return False
    return len(parts) == 2 or parts[2] not in ENGINE_SURFACE


def test_the_bot_and_renderers_see_engines_through_their_views() -> None:
    graph, _ = scan()
    found = {
        (module, target)
        for module, targets_ in graph.items()
        if module.split(".")[0] in ("bot", "renderers")
        for target in targets_
        if engine_internal(target)
    }
    unexpected = sorted(found - ENGINE_IMPORTS_ALLOWED)
    assert not unexpected, "import the engine's view, views or catalogue: " + str(unexpected)
    stale = sorted(ENGINE_IMPORTS_ALLOWED - found)
    assert not stale, f"gone, remove from ENGINE_IMPORTS_ALLOWED: {stale}"


def test_engine_internals_are_told_from_the_surface() -> None:
    assert engine_internal("engines.tta.economy") and engine_internal("engines.tta")
    assert engine_internal("engines.tta.event_cards.age_ii")
    assert not engine_internal("engines.tta.view") and not engine_internal("engines.duel.views")
    assert not engine_internal("engines.core.contract") and not engine_internal("engines.registry")
    assert not engine_internal("engines") and not engine_internal("bot.games.tta")
