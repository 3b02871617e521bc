"""The command line as a newcomer meets it (issue 25): help, reruns, saves and `--json`.

Like tests/test_cli.py these use the run-time game ``tinyshed``
(tests/test_cli_support.py), never an installed game plugin.
"""

from __future__ import annotations

import importlib
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner, Result

from cardkit.cli import app
from cardkit.plugins.registry import registry, reset_registry


def _support() -> ModuleType:
    tests = str(Path(__file__).resolve().parent)
    if tests not in sys.path:
        sys.path.insert(0, tests)
    return importlib.import_module("test_cli_support")


tiny = _support()


@pytest.fixture(autouse=True)
def _tinyshed() -> Iterator[None]:
    old = registry()
    with tiny.installed():
        yield
    reset_registry(old)


def run(*args: str, columns: int = 200) -> Result:
    """Invoke ``cardkit ARGS`` at the given width (no colours)."""
    return CliRunner().invoke(app, list(args), env={"COLUMNS": str(columns)})


def ok(*args: str, columns: int = 200) -> str:
    result = run(*args, columns=columns)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


# -- help texts -----------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_help_keeps_square_brackets(command: str) -> None:
    """Rich markup used to eat `[eval]`: "needs cardkit)"."""
    text = " ".join(ok(command, "--help", columns=80).split())
    assert "needs cardkit[eval])" in text


# -- --plugins-dir ---------------------------------------------------------------------------------


def _plugin_dir(tmp_path: Path) -> Path:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "dirshed.py").write_text(
        "import cardkit\n"
        "from test_cli_support import TinyShed\n\n"
        "class DirShed(TinyShed):\n"
        "    name = 'dirshed'\n"
        "    aliases = ()\n\n"
        "@cardkit.hookimpl\n"
        "def cardkit_register_games(register):\n"
        "    register(DirShed())\n"
    )
    return tmp_path


def test_the_same_game_again_keeps_the_plugins_dir(tmp_path: Path) -> None:
    plugins = _plugin_dir(tmp_path / "my plugins")
    out = ok("--plugins-dir", str(plugins), "demo", "dirshed", "--seed", "3", "--delay", "0")
    line = next(x for x in out.splitlines() if x.startswith("Same game again: "))
    again = shlex.split(line.removeprefix("Same game again: "))
    assert again[:3] == ["cardkit", "--plugins-dir", str(plugins)]
    assert ok(*again[1:]) == out  # the printed command replays the same game


def test_the_same_game_again_fits_on_one_line_for_copying() -> None:
    out = ok("demo", "tiny", "--seed", "3", "--delay", "0", "--rules", "stake=3", columns=60)
    line = next(x for x in out.splitlines() if x.startswith("Same game again: "))
    assert line.endswith("--rules stake=3")


def test_a_missing_plugins_dir_is_an_error(tmp_path: Path) -> None:
    result = run("--plugins-dir", str(tmp_path / "nope"), "games")
    assert result.exit_code == 2
    assert "does not exist" in result.output
    assert "Traceback" not in result.output
