"""``cardkit new plugin`` prints steps that install as printed (issue 15, bug 2).

Inside a cardkit checkout (a uv workspace) the new plugin becomes a workspace
member, as ``uv init`` makes one; outside one, the steps say how to install
cardkit from a local clone, since it is not on the package index. The test
extra depends on ``cardkit[testing]`` instead of repeating its pins.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from typer.testing import CliRunner

from cardkit.cli import app
from cardkit.cli.scaffold import cardkit_checkout, join_workspace, new_plugin

ROOT = Path(__file__).resolve().parents[1]
CHECKOUT = """[project]
name = "cardkit"
version = "0.1.0"

[tool.uv.workspace]
members = ["examples/*"]
"""


def _checkout(tmp_path: Path) -> Path:
    root = tmp_path / "cardkit"
    (root / "plugins").mkdir(parents=True)
    (root / "examples").mkdir()
    (root / "pyproject.toml").write_text(CHECKOUT)
    return root


def _new(*args: str) -> str:
    result = CliRunner().invoke(app, ["new", "plugin", *args], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


def test_the_test_extra_is_cardkit_testing(tmp_path: Path) -> None:
    data = tomllib.loads((new_plugin("demo-game", tmp_path) / "pyproject.toml").read_text())
    assert data["project"]["optional-dependencies"]["test"] == ["cardkit[testing]"]
    core = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "testing" in core["project"]["optional-dependencies"]


def test_this_repository_is_found_as_a_checkout() -> None:
    assert cardkit_checkout(ROOT / "plugins") == ROOT
    assert cardkit_checkout(ROOT / "src" / "cardkit") == ROOT


def test_inside_a_checkout_the_plugin_becomes_a_workspace_member(tmp_path: Path) -> None:
    root = _checkout(tmp_path)
    out = _new("my-game", "--dir", str(root / "plugins"))
    workspace = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["uv"]["workspace"]
    assert workspace["members"] == ["plugins/cardkit-my-game", "examples/*"]
    plugin = tomllib.loads((root / "plugins" / "cardkit-my-game" / "pyproject.toml").read_text())
    assert plugin["tool"]["uv"]["sources"]["cardkit"] == {"workspace": True}
    assert "uv sync --all-packages" in out
    assert "uv run pytest plugins/cardkit-my-game" in out
    assert "uv pip install" not in out


def test_a_member_already_covered_by_a_pattern_is_not_added_twice(tmp_path: Path) -> None:
    root = _checkout(tmp_path)
    package = new_plugin("other-game", root / "examples")
    before = (root / "pyproject.toml").read_text()
    assert join_workspace(package) == root.resolve()
    assert (root / "pyproject.toml").read_text() == before


def test_outside_a_checkout_the_steps_name_a_local_cardkit(tmp_path: Path) -> None:
    out = _new("my-game", "--dir", str(tmp_path))
    assert f'uv pip install -e {ROOT} -e ".[test]"' in out
    assert "not on the package index" in out
    assert join_workspace(tmp_path / "cardkit-my-game") is None
    plugin = tomllib.loads((tmp_path / "cardkit-my-game" / "pyproject.toml").read_text())
    assert "uv" not in plugin.get("tool", {})
