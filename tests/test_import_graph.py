"""The core's import graph: `cardkit.engine.game` never imports `cardkit.plugins.registry`; modules
import alone.

`cardkit.plugins.registry` builds the registry of games, so it imports `cardkit.engine.game`;
the game names the registry only through `cardkit.engine._registry_link`. Every
import counts here, at module level, inside functions and under
`TYPE_CHECKING`, so no late import hides a cycle.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

import cardkit

ROOT = Path(cardkit.__file__).parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, name: str) -> set[str]:
    """Every cardkit module that `path` imports, wherever the import statement is."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {m for m in found if m == "cardkit" or m.startswith("cardkit.")}


@functools.cache
def import_graph() -> dict[str, set[str]]:
    """Module → the cardkit modules it imports (names that are modules only)."""
    paths = {_module_name(p): p for p in ROOT.rglob("*.py")}
    return {name: _imports(path, name) & paths.keys() for name, path in paths.items()}


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph.get(todo.pop(), ()):
            # Importing cardkit.x runs cardkit/__init__ first; that is not an edge of x.
            if nxt not in seen and nxt != "cardkit":
                seen.add(nxt)
                todo.append(nxt)
    return seen


def test_the_graph_sees_the_known_edges() -> None:
    graph = import_graph()
    assert "cardkit.engine.game" in graph["cardkit.plugins.registry"]
    assert "cardkit.engine._registry_link" in graph["cardkit.engine.game"]


def test_the_game_module_never_reaches_the_plugin_registry() -> None:
    graph = import_graph()
    assert "cardkit.plugins.registry" not in reachable(graph, "cardkit.engine.game")
    assert "cardkit.engine.game" in reachable(graph, "cardkit.plugins.registry")


def test_no_core_module_on_the_game_side_imports_the_registry() -> None:
    """What the game module needs (state, saves, bots, search bots) stays below the registry."""
    graph = import_graph()
    below = reachable(graph, "cardkit.engine.game") | {"cardkit.engine.game"}
    assert not any("cardkit.plugins.registry" in graph[m] for m in below)


#: The modules around the registry: each must import first, alone, without a cycle biting.
ALONE = [
    "cardkit.engine.game",
    "cardkit.plugins.registry",
    "cardkit.plugins.hookspecs",
    "cardkit.engine.state",
    "cardkit.engine.generic",
    "cardkit.words.wording",
    "cardkit.eval.ismcts",
    "cardkit.engine._registry_link",
]


@pytest.mark.slow
def test_each_core_module_imports_alone_in_a_fresh_interpreter() -> None:
    code = "import {0}"
    runs = {
        name: subprocess.Popen(
            [sys.executable, "-c", code.format(name)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ALONE
    }
    failed = {name: run.communicate()[1] for name, run in runs.items()}
    assert {n: err for n, err in failed.items() if runs[n].returncode} == {}
