"""``cardkit new house-rule GAME NAME`` writes a house-rule package that passes its own tests.

The slow tests do what a rule's author does: write the package for each game
with house-rule hooks into a temporary folder, put its ``src`` on the path
(the rule registered as its entry point would register it), and run its tests:
the rule's scenario, and the contract suite with the rule on.
"""

from __future__ import annotations

import ast
import io
import os
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardkit.cli import app
from cardkit.cli.scaffold import (
    HOUSE_RULE_GAMES,
    PluginNames,
    ScaffoldError,
    house_rule_files,
    new_house_rule,
)


def code_lines(text: str) -> int:
    """The code lines of a module: no blank lines, comments or docstrings."""
    docs: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        value = node.value if isinstance(node, ast.Expr) else None
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            docs.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    lines: set[int] = set()
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type not in skip and tok.type != tokenize.ENDMARKER:
            lines.update(n for n in range(tok.start[0], tok.end[0] + 1) if n not in docs)
    return len(lines)


@pytest.mark.parametrize("game", HOUSE_RULE_GAMES)
def test_the_files_of_a_house_rule_package(game: str) -> None:
    names = PluginNames.from_name("my-rule")
    files = house_rule_files(game, names, year=2031)
    assert set(files) == {
        ".gitignore",
        "LICENSE",
        "README.md",
        "pyproject.toml",
        "src/cardkit_my_rule/__init__.py",
        "src/cardkit_my_rule/plugin.py",
        "src/cardkit_my_rule/py.typed",
        "tests/test_contract.py",
        "tests/test_rule.py",
    }
    for path, text in files.items():
        assert not re.search(r"\{\{|\}\}|__module__", text), path
    assert 'my-rule = "cardkit_my_rule.plugin"' in files["pyproject.toml"]
    assert f'"cardkit-{game}>=0.1,<0.2"' in files["pyproject.toml"]
    assert f'game_name = "{game}"' in files["tests/test_contract.py"]
    assert f"def {game}_" in files["src/cardkit_my_rule/plugin.py"]  # the game's own hook


@pytest.mark.parametrize("game", HOUSE_RULE_GAMES)
def test_the_whole_rule_is_at_most_30_code_lines(game: str) -> None:
    files = house_rule_files(game, PluginNames.from_name("my-rule"))
    code = [
        text for path, text in files.items() if path.startswith("src/") and path.endswith(".py")
    ]
    assert sum(code_lines(text) for text in code) <= 30


def test_a_game_without_house_rule_hooks_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ScaffoldError, match="no house-rule template for 'crazyeights'"):
        new_house_rule("crazyeights", "my-rule", tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_the_command(tmp_path: Path) -> None:
    args = ["new", "house-rule", "tienlen", "wrap-runs", "--dir", str(tmp_path)]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Wrote cardkit-wrap-runs (9 files)" in result.output
    assert "cardkit demo tienlen --rules house_rules=wrap-runs" in result.output
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 2
    assert "already exists" in again.output
    bad = CliRunner().invoke(app, ["new", "house-rule", "war", "x", "--dir", str(tmp_path)])
    assert bad.exit_code == 2
    assert "no house-rule template for 'war'" in bad.output
    assert "Traceback" not in bad.output + again.output


_RUN = """
import importlib, sys
import cardkit
cardkit.register(importlib.import_module("{module}.plugin"), name="{name}")
import pytest
sys.exit(pytest.main(["-p", "no:cacheprovider", "-p", "no:randomly", "tests"]))
"""


@pytest.mark.slow
@pytest.mark.parametrize("game", HOUSE_RULE_GAMES)
def test_the_house_rule_package_passes_its_tests(tmp_path: Path, game: str) -> None:
    root = new_house_rule(game, f"my-{game}-rule", tmp_path)
    names = PluginNames.from_name(f"my-{game}-rule")
    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    code = _RUN.format(module=names.module, name=names.name)
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    summary = proc.stdout.strip().splitlines()[-1]
    passed = re.match(r"(\d+) passed", summary)
    assert passed is not None, proc.stdout
    assert "failed" not in summary
    assert "error" not in summary
    assert int(passed.group(1)) > 10  # the scenario and the contract suite ran
