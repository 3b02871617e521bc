"""The authoring API: one public module holds what a game or house-rule author imports.

Plugins and examples import only `cardkit`, `cardkit.authoring` and
`cardkit.testing`. `lint-imports` holds them to it (a forbidden contract in
`pyproject.toml`, which leaves out imports under `TYPE_CHECKING`); these tests
count every import, wherever it is, check that the contract lists every other
core module, and that each name of the API is the core's own object and is
documented.
"""

from __future__ import annotations

import ast
import importlib
import re
import tomllib
from pathlib import Path

import pytest

import cardkit
import cardkit.authoring

ROOT = Path(__file__).resolve().parents[1]
ALLOWED = ("cardkit", "cardkit.authoring", "cardkit.testing")
SOURCES = sorted([*ROOT.glob("plugins/*/src/**/*.py"), *ROOT.glob("examples/*/src/**/*.py")])


def _core_imports(path: Path) -> list[str]:
    """The cardkit modules `path` imports other than the allowed ones, with their lines."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = (
            [alias.name for alias in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom) and node.level == 0
            else []
        )
        for name in names:
            top = name.split(".")[:2]
            if name.startswith("cardkit.") and ".".join(top) not in ALLOWED:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}")
    return found


def test_plugins_and_examples_import_only_the_public_modules() -> None:
    assert len(SOURCES) > 40
    found = [line for path in SOURCES for line in _core_imports(path)]
    assert found == []


def test_the_contract_forbids_every_other_core_module() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(
        c
        for c in config["tool"]["importlinter"]["contracts"]
        if c["name"].startswith("Plugins and examples import only")
    )
    package = Path(cardkit.__file__).parent
    modules = {
        f"cardkit.{p.stem if p.is_file() else p.name}"
        for p in package.iterdir()
        if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").is_file()
    }
    assert set(contract["forbidden_modules"]) == modules - set(ALLOWED)
    plugins = {p.name for p in ROOT.glob("*/*/src/cardkit_*") if p.is_dir()}
    assert set(contract["source_modules"]) == plugins
    assert contract["allow_indirect_imports"] is True


def test_each_name_is_the_core_s_own_object_and_documented() -> None:
    page = (ROOT / "docs" / "api" / "authoring.md").read_text(encoding="utf-8")
    # A name links to its reference, or (a type alias, a constant) names its module.
    listed = set(re.findall(r"\[`(\w+)`\]\[([\w.]+)\]", page))
    listed |= set(re.findall(r"`(\w+)` \(`(cardkit\.[\w.]+)`\)", page))
    by_name = dict(listed)
    doc = cardkit.authoring.__doc__ or ""
    for name in cardkit.authoring.__all__:
        assert name in by_name, f"{name} is not on docs/api/authoring.md"
        assert f"`{name}`" in doc, f"{name} is not in the module's docs"
        module, _, attribute = by_name[name].rpartition(".")
        core = getattr(importlib.import_module(module), attribute)
        assert getattr(cardkit.authoring, name) is core, name
    assert set(by_name) == set(cardkit.authoring.__all__)


@pytest.mark.parametrize("name", sorted(set(cardkit.__all__) & set(cardkit.authoring.__all__)))
def test_a_name_in_both_public_modules_is_one_object(name: str) -> None:
    assert getattr(cardkit, name) is getattr(cardkit.authoring, name)
