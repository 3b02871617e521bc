"""The pytest plugin: ``-p cardkit.testing.pytest_plugin --cardkit-game NAME`` and GameContract.

Each test runs pytest in a subprocess, in an empty directory, as a plugin
author would.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

#: Every test here starts processes.
pytestmark = pytest.mark.slow

PLUGIN = ["-p", "cardkit.testing.pytest_plugin"]


def run_pytest(where: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run pytest in ``where`` (with an empty configuration) and capture its output."""
    (where / "pytest.ini").write_text("[pytest]\n")
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        cwd=where,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_option_alone_runs_the_bundled_suite(tmp_path: Path) -> None:
    """With no test file at all, --cardkit-game runs the contract on that game (aliases work)."""
    done = run_pytest(tmp_path, *PLUGIN, "--cardkit-game", "eights")
    assert done.returncode == 0, done.stdout + done.stderr
    assert " passed" in done.stdout
    assert "failed" not in done.stdout


def test_the_bundled_suite_is_parametrised_by_players(tmp_path: Path) -> None:
    """Every contract test runs once per player count; 'all' selects every installed game."""
    done = run_pytest(tmp_path, *PLUGIN, "--cardkit-game", "all", "--collect-only")
    assert done.returncode == 0, done.stdout + done.stderr
    for players in range(2, 6):
        assert f"test_random_playouts[crazyeights-{players}p]" in done.stdout
    assert "test_random_playouts[crazyeights-6p]" not in done.stdout
    chosen = run_pytest(
        tmp_path, *PLUGIN, "--cardkit-game", "eights", "--collect-only", "-k", "playouts and 3p"
    )
    assert "test_random_playouts[crazyeights-3p]" in chosen.stdout
    assert "test_save_round_trip" not in chosen.stdout
    assert "test_random_playouts[crazyeights-2p]" not in chosen.stdout


def test_a_subclass_and_the_fixture(tmp_path: Path) -> None:
    """A plugin's own GameContract subclass replaces the bundled suite; cardkit_game is the game."""
    (tmp_path / "test_mine.py").write_text(
        "from cardkit.testing.contract import GameContract\n"
        "\n"
        "class TestNamed(GameContract):\n"
        "    game_name = 'crazyeights'\n"
        "    player_counts = (3,)\n"
        "\n"
        "class TestFromTheCommandLine(GameContract):\n"
        "    player_counts = (2,)\n"
        "\n"
        "def test_fixture(cardkit_game):\n"
        "    assert cardkit_game.name == 'crazyeights'\n"
    )
    done = run_pytest(tmp_path, *PLUGIN, "--cardkit-game", "crazyeights", "--collect-only")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "TestNamed::test_random_playouts[crazyeights-3p]" in done.stdout
    assert "TestFromTheCommandLine::test_random_playouts[crazyeights-2p]" in done.stdout
    assert "contract_tests.py" not in done.stdout
    assert "test_fixture" in done.stdout

    alone = run_pytest(tmp_path, *PLUGIN, "-rs", "-k", "FromTheCommandLine or fixture")
    assert alone.returncode == 0, alone.stdout + alone.stderr
    assert "no game to check" in alone.stdout
    assert "no game selected" in alone.stdout


def test_an_unknown_game_is_an_error_naming_the_installed_ones(tmp_path: Path) -> None:
    """A misspelt game name stops the run with the list of installed games."""
    done = run_pytest(tmp_path, *PLUGIN, "--cardkit-game", "crazy8s")
    assert done.returncode != 0
    assert "unknown game 'crazy8s'" in done.stdout + done.stderr
    assert "crazyeights" in done.stdout + done.stderr
