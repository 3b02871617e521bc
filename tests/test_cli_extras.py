"""The CLI as people expect it: --version, "did you mean", completion, 80 columns."""

from __future__ import annotations

from importlib.metadata import version

import pytest
from typer.testing import CliRunner, Result

from cardkit._build import build_name
from cardkit.cli import app
from cardkit.plugins.registry import registry


def run(*args: str, columns: int = 200) -> Result:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": str(columns)})
    assert "Traceback" not in result.output
    return result


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.output.startswith(f"cardkit {version('cardkit')}, ")
    # The build that runs: this checkout's is pure unless compiled in place.
    assert build_name() in result.output
    assert "(Python " in result.output


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (("demo", "tienln"), "did you mean 'tienlen'?"),
        (("rules", "tonkk"), "did you mean 'tonk'?"),
        (("demo", "tienlen", "--variant", "quik"), "did you mean 'quick'?"),
        (("demo", "tienlen", "--bots", "greedx"), "did you mean 'greedy'?"),
        (("demo", "tienlen", "--rules", "pass_lok=false"), "did you mean 'pass_lock'?"),
    ],
)
def test_did_you_mean(args: tuple[str, ...], hint: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert hint in " ".join(result.output.split())


def test_no_suggestion_for_a_name_unlike_any() -> None:
    result = run("demo", "zzzzzz")
    assert result.exit_code == 2
    assert "did you mean" not in result.output


def test_shell_completion_is_offered() -> None:
    result = run("--help")
    assert "--install-completion" in result.output
    assert "--show-completion" in result.output


def test_plugins_fits_80_columns_without_cutting_names() -> None:
    result = run("plugins", columns=80)
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    words = set(result.output.replace(",", " ").split())
    for name, info in registry().plugins.items():
        assert name in words
        for item in (*info.games, *info.bots, *info.variants):
            assert item in words, item


def test_simulate_labels_its_clocks() -> None:
    result = CliRunner().invoke(
        app, ["simulate", "tonk", "-n", "20", "--seed", "1"], env={"COLUMNS": "120"}
    )
    assert result.exit_code == 0, result.output
    assert "elapsed " in result.output
    assert "left " in result.output


def test_palace_quick_places_are_not_all_first() -> None:
    from cardkit.play.simulate import simulate

    report = simulate("palace", games=40, seed=1, rules={"end_condition": "first_out_wins"})
    places = [e.mean_place for e in report.entries]
    assert all(p is not None and 1 < p < 4 for p in places), places
    # The winner takes place 1 and the others share 2 to 4: the mean over seats is 2.5.
    assert sum(p for p in places if p is not None) / len(places) == pytest.approx(2.5)
