"""``cardkit new house-rule GAME NAME`` prints steps that install as printed, in a cardkit
checkout and outside one, and writes a package that passes its own ``mypy --strict``.

Issue 39, item 1: outside a checkout the printed ``uv pip install`` named cardkit
but not the game's plugin, which the package depends on and which is not on the
package index either ("cardkit-tienlen was not found in the package registry").
Issue 37: the Tiến lên template's test called ``beating`` on a ``Game[Any, Any]``.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardkit.cli import app
from cardkit.cli.scaffold import HOUSE_RULE_GAMES, new_house_rule

ROOT = Path(__file__).resolve().parents[1]
CHECKOUT = """[project]
name = "cardkit"
version = "0.1.0"

[tool.uv.workspace]
members = ["plugins/*"]
"""


def _new(game: str, where: Path) -> str:
    args = ["new", "house-rule", game, "my-rule", "--dir", str(where)]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    return result.output


def _install_line(out: str) -> str:
    lines = [line.strip() for line in out.splitlines() if "uv pip install" in line]
    assert len(lines) == 1, out  # one line even at 80 columns: a command to copy whole
    return lines[0]


def _editables(line: str) -> list[str]:
    words = shlex.split(line.split("&&", 1)[1])
    return [words[i + 1] for i, word in enumerate(words) if word == "-e"]


def _name(folder: Path) -> str:
    name: str = tomllib.loads((folder / "pyproject.toml").read_text())["project"]["name"]
    return name


@pytest.mark.parametrize("game", HOUSE_RULE_GAMES)
def test_outside_a_checkout_the_steps_install_the_games_plugin_too(
    game: str, tmp_path: Path
) -> None:
    line = _install_line(_new(game, tmp_path))
    editables = _editables(line)
    assert editables[-1] == ".[test]"
    installed = {_name(Path(path)) for path in editables[:-1]}
    assert installed == {"cardkit", f"cardkit-{game}"}
    package = tomllib.loads((tmp_path / "cardkit-my-rule" / "pyproject.toml").read_text())
    needed = {
        re.split(r"[<>=!~\[ ]", dep, maxsplit=1)[0] for dep in package["project"]["dependencies"]
    }
    assert needed <= installed  # every dependency that is not on the package index


def test_inside_a_checkout_the_workspace_installs_it(tmp_path: Path) -> None:
    root = tmp_path / "cardkit"
    (root / "plugins").mkdir(parents=True)
    (root / "pyproject.toml").write_text(CHECKOUT)
    out = _new("tonk", root / "plugins")
    assert "uv sync --all-packages" in out
    assert "uv run pytest plugins/cardkit-my-rule" in out
    assert "uv pip install" not in out


@pytest.mark.parametrize("game", HOUSE_RULE_GAMES)
def test_the_readme_installs_both_ways(game: str, tmp_path: Path) -> None:
    readme = (new_house_rule(game, "my-rule", tmp_path) / "README.md").read_text()
    assert "uv sync --all-packages" in readme
    assert f'-e PATH/TO/cardkit -e PATH/TO/cardkit/plugins/cardkit-{game} -e ".[test]"' in readme
    assert 'pip install -e ".[test]"' not in readme.replace("-e PATH", "")  # not that alone


@pytest.mark.slow
def test_the_printed_install_step_resolves_offline(tmp_path: Path) -> None:
    """The printed ``uv pip install``, resolved by uv itself (offline, installing nothing)."""
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv is not installed")
    line = _install_line(_new("tienlen", tmp_path))
    root = tmp_path / "cardkit-my-rule"
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}  # the package's own venv
    subprocess.run([uv, "venv", "-q"], cwd=root, env=env, check=True, timeout=120)
    words = shlex.split(line.split("&&", 1)[1])
    proc = subprocess.run(
        [uv, *words[1:], "--python", str(root / ".venv"), "--dry-run", "--offline"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    said = proc.stdout + proc.stderr
    assert not re.search(r"cardkit[\w-]* was not found", said), said
    if proc.returncode != 0:
        pytest.skip(f"uv's cache lacks a package from the index: {said[-300:]}")
    assert "+ cardkit-tienlen" in said  # into the package's own .venv, from the clone


@pytest.mark.slow
@pytest.mark.parametrize("game", HOUSE_RULE_GAMES)
def test_the_house_rule_package_passes_mypy_strict(game: str, tmp_path: Path) -> None:
    root = new_house_rule(game, f"my-{game}-rule", tmp_path)
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--cache-dir",
            str(tmp_path / ".mypy"),
            "src",
            "tests",
        ],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Success" in proc.stdout
