"""The plugins import downward even in their annotations (issue 20).

`lint-imports` leaves out the imports under ``if TYPE_CHECKING:``; this test
counts them, so that no phase module hides a dependency on its state class
in an annotation: a phase module takes the state as a `Protocol`.
"""

from __future__ import annotations

import grimp
import pytest

PLUGINS = (
    "cardkit_palace",
    "cardkit_tonk",
    "cardkit_tienlen",
    "cardkit_crazyeights",
    "cardkit_spades",
    "cardkit_ginrummy",
    "cardkit_house_rules",
)


def _cycle(graph: grimp.ImportGraph, package: str) -> list[str] | None:
    """One import cycle among the modules of ``package``, or ``None``."""
    modules = sorted(graph.find_children(package))
    edges = {
        m: sorted(d for d in graph.find_modules_directly_imported_by(m) if d in modules)
        for m in modules
    }
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for d in edges[m]:
            if state.get(d) == 1:
                return [*path[path.index(d) :], d]
            if d not in state and (found := visit(d)) is not None:
                return found
        path.pop()
        state[m] = 2
        return None

    for m in modules:
        if m not in state and (found := visit(m)) is not None:
            return found
    return None


@pytest.mark.parametrize("package", PLUGINS)
def test_no_import_cycle_counting_type_checking_imports(package: str) -> None:
    graph = grimp.build_graph(package, exclude_type_checking_imports=False)
    cycle = _cycle(graph, package)
    assert cycle is None, " -> ".join(cycle or [])
