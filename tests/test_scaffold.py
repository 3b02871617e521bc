"""``cardkit new plugin NAME`` writes a plugin package that passes its own tests.

The slow test does what a plugin author does: a fresh virtual environment
with the core installed from this checkout, ``cardkit new plugin demo-game``,
``pip install`` of the new package, then its tests (which use the
conformance kit) and ``pytest --cardkit-game demo-game`` with no ``-p``: the
``pytest11`` entry point loads the kit.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cardkit
from cardkit.cli import app
from cardkit.cli.scaffold import (
    MAX_NAME_LENGTH,
    PluginNames,
    ScaffoldError,
    new_plugin,
    plugin_files,
)

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    proc = subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env=env,
    )
    assert proc.returncode == 0, f"{' '.join(map(str, args))} failed:\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout


# -- names and files ----------------------------------------------------------------------------


def test_names_are_derived_from_the_game_name() -> None:
    names = PluginNames.from_name("demo-game")
    assert names == PluginNames(
        name="demo-game",
        distribution="cardkit-demo-game",
        module="cardkit_demo_game",
        title="Demo Game",
        class_name="DemoGame",
    )
    assert PluginNames.from_name("cardkit-demo-game") == names
    assert PluginNames.from_name("war2").class_name == "War2"


@pytest.mark.parametrize(
    "name",
    [
        "",
        "Demo",
        "demo_game",
        "demo--game",
        "-demo",
        "demo-",
        "2demo",
        "demo game",
        "cardkit-",
        "d" * (MAX_NAME_LENGTH + 1),
        "démo",
    ],
)
def test_bad_names_are_refused(name: str) -> None:
    with pytest.raises(ScaffoldError, match="lower-case letters, digits and single hyphens"):
        PluginNames.from_name(name)


def test_every_placeholder_is_filled() -> None:
    names = PluginNames.from_name("demo-game")
    files = plugin_files(names, year=2031)
    assert set(files) == {
        ".gitignore",
        "LICENSE",
        "README.md",
        "pyproject.toml",
        "src/cardkit_demo_game/__init__.py",
        "src/cardkit_demo_game/bots.py",
        "src/cardkit_demo_game/game.py",
        "src/cardkit_demo_game/plugin.py",
        "src/cardkit_demo_game/py.typed",
        "src/cardkit_demo_game/rules.py",
        "tests/test_contract.py",
        "tests/test_game.py",
    }
    for path, text in files.items():
        assert "{{" not in text, path
        assert "}}" not in text, path
        assert "__module__" not in text, path
    assert "Copyright (c) 2031 The cardkit-demo-game authors" in files["LICENSE"]
    assert 'game_name = "demo-game"' in files["tests/test_contract.py"]
    assert "class TestDemoGameContract(GameContract):" in files["tests/test_contract.py"]


def test_the_package_metadata() -> None:
    files = plugin_files(PluginNames.from_name("demo-game"))
    meta = tomllib.loads(files["pyproject.toml"])
    project = meta["project"]
    assert project["name"] == "cardkit-demo-game"
    assert project["dependencies"] == ["cardkit>=0.1,<0.2"]
    assert project["entry-points"]["cardkit"] == {"demo-game": "cardkit_demo_game.plugin"}
    assert project["license-files"] == ["LICENSE"]
    assert meta["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == [
        "src/cardkit_demo_game"
    ]
    declared = re.search(
        r'CARDKIT_API_VERSION = "([\d.]+)"', files["src/cardkit_demo_game/plugin.py"]
    )
    assert declared is not None
    assert declared.group(1) == cardkit.API_VERSION


def test_an_existing_directory_is_never_overwritten(tmp_path: Path) -> None:
    root = new_plugin("demo-game", tmp_path)
    assert root == tmp_path / "cardkit-demo-game"
    (root / "README.md").write_text("mine")
    with pytest.raises(ScaffoldError, match="already exists; nothing was written"):
        new_plugin("demo-game", tmp_path)
    assert (root / "README.md").read_text() == "mine"
    with pytest.raises(ScaffoldError, match="is not a directory"):
        new_plugin("other", tmp_path / "missing")


def test_the_command(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["new", "plugin", "demo-game", "--dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "Wrote cardkit-demo-game (12 files)" in result.output
    assert "cardkit demo demo-game" in result.output
    assert (tmp_path / "cardkit-demo-game" / "src" / "cardkit_demo_game" / "py.typed").exists()
    again = CliRunner().invoke(app, ["new", "plugin", "demo-game", "--dir", str(tmp_path)])
    assert again.exit_code == 2
    assert "already exists" in again.output
    bad = CliRunner().invoke(app, ["new", "plugin", "Demo_Game", "--dir", str(tmp_path)])
    assert bad.exit_code == 2
    assert "cannot name a game plugin" in bad.output
    assert "Traceback" not in bad.output + again.output


@pytest.mark.slow
@pytest.mark.parametrize("name", ["demo-game", "a" * MAX_NAME_LENGTH, "x1-y2-z3-w4-v5-u6-t7-s8"])
def test_the_code_is_lint_clean_whatever_the_name(tmp_path: Path, name: str) -> None:
    """ruff (lint and format) passes on what is written, with its own configuration."""
    ruff = shutil.which("ruff", path=str(BIN)) or shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed")
    root = new_plugin(name, tmp_path)
    _run(ruff, "check", "--no-cache", ".", cwd=root)
    _run(ruff, "format", "--no-cache", "--check", ".", cwd=root)


@pytest.mark.slow
def test_the_code_type_checks_strictly(tmp_path: Path) -> None:
    root = new_plugin("demo-game", tmp_path)
    out = _run(sys.executable, "-m", "mypy", "--no-incremental", "src", "tests", cwd=root)
    assert "Success" in out


# -- the package works in a fresh environment ------------------------------------------------------


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A fresh venv with the core (from this checkout) and the new package installed."""
    uv = shutil.which("uv")
    if uv is None:
        pytest.fail("the scaffold test needs `uv` on PATH (pip install uv)")
    where = tmp_path_factory.mktemp("scaffold")
    venv = where / "venv"
    _run(uv, "venv", "--quiet", "--python", sys.executable, venv, cwd=where)
    python = venv / "bin" / "python"
    _run(uv, "pip", "install", "--quiet", "--python", python, ROOT, "pytest", cwd=where)
    # The pytest11 plugin is loaded by every pytest run, and harmless without hypothesis.
    (where / "pytest.ini").write_text("[pytest]\n")
    (where / "test_plain.py").write_text("def test_plain():\n    assert True\n")
    plain = _run(python, "-m", "pytest", "-p", "no:cacheprovider", "test_plain.py", cwd=where)
    assert "1 passed" in plain, plain
    _run(uv, "pip", "install", "--quiet", "--python", python, "hypothesis", cwd=where)
    # The installed command writes the package: the templates ship in the core's wheel.
    _run(venv / "bin" / "cardkit", "new", "plugin", "demo-game", "--dir", where, cwd=where)
    package = where / "cardkit-demo-game"
    _run(uv, "pip", "install", "--quiet", "--python", python, package, cwd=where)
    return venv, package


@pytest.mark.slow
def test_the_new_plugin_is_installed_and_playable(fresh: tuple[Path, Path]) -> None:
    venv, package = fresh
    games = json.loads(_run(venv / "bin" / "cardkit", "games", "--json", cwd=package))
    assert [g["name"] for g in games] == ["demo-game"]
    assert games[0]["variants"] == ["passing", "quick"]
    assert games[0]["bots"] == ["random", "ismcts", "greedy"]
    demo = _run(venv / "bin" / "cardkit", "demo", "demo-game", "--seed", "1", cwd=package)
    assert "Demo Game" in demo


@pytest.mark.slow
def test_the_new_plugin_passes_its_own_tests(fresh: tuple[Path, Path]) -> None:
    venv, package = fresh
    out = _run(venv / "bin" / "python", "-m", "pytest", "-p", "no:cacheprovider", cwd=package)
    summary = out.strip().splitlines()[-1]
    # The contract's house-rule test skips each case: the new game has no house rule yet.
    assert re.fullmatch(r"\d+ passed, 12 skipped in [\d.]+s( \([\d:]+\))?", summary), out
    assert int(summary.split()[0]) > 50  # the contract suite ran, for 2 to 4 players


@pytest.mark.slow
def test_pytest_cardkit_game_needs_no_dash_p(fresh: tuple[Path, Path], tmp_path: Path) -> None:
    """The pytest11 entry point loads the conformance kit: the bundled suite runs on the game."""
    venv, _ = fresh
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    out = _run(
        venv / "bin" / "python",
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "--cardkit-game",
        "demo-game",
        cwd=tmp_path,
    )
    assert re.search(r"\d+ passed", out), out
    assert "failed" not in out
