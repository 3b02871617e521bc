"""What the core owns, no plugin writes again: its states, `apply`, and the hook calls.

Read from the sources of every plugin and example package (and the scaffold's
template): no state class overrides `apply` (the core's is final in effect:
parse, refuse, check, transition) or `act_as` (the one seat-scoped way to act),
nothing is built with `object.__new__` or filled with `object.__setattr__` (states
come from `GenericState.first`/`evolve`/`successor`, interned actions from
`cardkit.engine.actions.new_action`), and no plugin reaches into pluggy's hook
caller (`pm.hook.x(...)`): games call their hooks through `Game.hooks`.

The one `object.__setattr__` allowed is pydantic's idiom for a frozen rules model
that sets a forced value while it validates (inside a `model_validator`).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cardkit.cli.scaffold import PluginNames, plugin_files

ROOT = Path(__file__).resolve().parents[1]


def plugin_sources() -> dict[str, str]:
    """The Python modules of every plugin and example package, and of a new plugin's
    scaffold (`cardkit new plugin`, rendered), by path."""
    files = [*ROOT.glob("plugins/*/src/**/*.py"), *ROOT.glob("examples/*/src/**/*.py")]
    found = {
        str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
        for p in sorted(files)
        if ".venv" not in p.parts
    }
    scaffold = plugin_files(PluginNames.from_name("demo-game"), year=2026)
    found |= {f"scaffold:{name}": text for name, text in scaffold.items() if name.endswith(".py")}
    return found


def _in_model_validator(stack: list[ast.AST]) -> bool:
    for node in stack:
        if isinstance(node, ast.FunctionDef):
            for deco in node.decorator_list:
                target = deco.func if isinstance(deco, ast.Call) else deco
                if isinstance(target, ast.Name) and target.id == "model_validator":
                    return True
    return False


def _walk(node: ast.AST, stack: list[ast.AST]) -> list[tuple[ast.AST, list[ast.AST]]]:
    found = [(node, stack)]
    for child in ast.iter_child_nodes(node):
        found += _walk(child, [*stack, node])
    return found


def offences(source: str) -> list[str]:
    """What in `source` writes again what the core owns (empty: nothing)."""
    out = []
    for node, stack in _walk(ast.parse(source), []):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "object" and node.attr == "__new__":
                out.append(f"line {node.lineno}: object.__new__")
            if (
                node.value.id == "object"
                and node.attr == "__setattr__"
                and not _in_model_validator(stack)
            ):
                out.append(f"line {node.lineno}: object.__setattr__")
        if isinstance(node, ast.Attribute) and node.attr == "hook":
            out.append(f"line {node.lineno}: calls pluggy's hook caller (.hook)")
        if isinstance(node, ast.ClassDef):
            for name in sorted(_defined(node) & _CORE_OWNED):
                out.append(f"line {node.lineno}: class {node.name} overrides {name}")
    return out


#: The state methods that only the core defines: applying, and acting for a seat.
_CORE_OWNED = {"apply", "_apply", "_apply_listed", "act_as", "apply_as"}


def _defined(node: ast.ClassDef) -> set[str]:
    """The names a class body defines: its methods and its assigned attributes."""
    names = set()
    for item in node.body:
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(item.name)
        targets = item.targets if isinstance(item, ast.Assign) else []
        if isinstance(item, ast.AnnAssign):
            targets = [item.target]
        names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def test_the_plugin_sources_are_found() -> None:
    names = set(plugin_sources())
    assert "plugins/cardkit-palace/src/cardkit_palace/actions.py" in names
    assert "examples/cardkit-crazyeights/src/cardkit_crazyeights/state.py" in names
    assert "scaffold:src/cardkit_demo_game/game.py" in names


def test_no_plugin_writes_again_what_the_core_owns() -> None:
    found = {
        name: broken for name, source in plugin_sources().items() if (broken := offences(source))
    }
    assert found == {}


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("s = object.__new__(S)", ["line 1: object.__new__"]),
        ("object.__setattr__(s, 'f', 1)", ["line 1: object.__setattr__"]),
        ("pm.hook.tonk_card_values(rules=r)", ["line 1: calls pluggy's hook caller (.hook)"]),
        ("class S:\n    def apply(self, a): ...", ["line 1: class S overrides apply"]),
        ("class S:\n    def act_as(self, s, a): ...", ["line 1: class S overrides act_as"]),
        ("class S:\n    act_as = other", ["line 1: class S overrides act_as"]),
        ("class S:\n    def apply_as(self, s, a): ...", ["line 1: class S overrides apply_as"]),
        (
            "class R:\n    @model_validator(mode='after')\n"
            "    def v(self):\n        object.__setattr__(self, 'x', 1)",
            [],
        ),
        ("state = game.hooks.call('x')", []),
    ],
)
def test_each_offence_is_caught(source: str, expected: list[str]) -> None:
    assert offences(source) == expected
