"""The core's import graph: `cardkit.game` never imports `cardkit.plugins`; modules import alone.

`cardkit.plugins` builds the registry of games, so it imports `cardkit.game`;
the game names the registry only through `cardkit._registry_link`. Every
import counts here, at module level, inside functions and under
`TYPE_CHECKING`, so no late import hides a cycle.
"""

from __future__ import annotations

import ast
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
    assert "cardkit.game" in graph["cardkit.plugins"]
    assert "cardkit._registry_link" in graph["cardkit.game"]


def test_the_game_module_never_reaches_the_plugin_registry() -> None:
    graph = import_graph()
    assert "cardkit.plugins" not in reachable(graph, "cardkit.game")
    assert "cardkit.game" in reachable(graph, "cardkit.plugins")


def test_no_core_module_on_the_game_side_imports_the_registry() -> None:
    """What the game module needs (state, saves, bots, search bots) stays below the registry."""
    graph = import_graph()
    below = reachable(graph, "cardkit.game") | {"cardkit.game"}
    assert not any("cardkit.plugins" in graph[m] for m in below)


ALONE = [
    "cardkit.game",
    "cardkit.plugins",
    "cardkit.state",
    "cardkit.generic",
    "cardkit.hookspecs",
    "cardkit.gamehooks",
    "cardkit.events",
    "cardkit.wording",
    "cardkit.saves",
    "cardkit.bots",
    "cardkit.eval.ismcts",
    "cardkit._registry_link",
    "cardkit._game_checks",
    "cardkit._plugin_records",
    "cardkit.narrate",
]


@pytest.mark.slow
def test_each_core_module_imports_alone_in_a_fresh_interpreter() -> None:
    code = (
        "import importlib, subprocess, sys\n"
        "failed = []\n"
        "for name in sys.argv[1:]:\n"
        "    run = subprocess.run([sys.executable, '-c', f'import {name}; "
        "import cardkit; cardkit.load_game'], capture_output=True, text=True)\n"
        "    if run.returncode:\n"
        "        failed.append(name + ': ' + run.stderr.strip().splitlines()[-1])\n"
        "print('\\n'.join(failed))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, *ALONE], capture_output=True, text=True, check=True
    )
    assert run.stdout.strip() == ""
