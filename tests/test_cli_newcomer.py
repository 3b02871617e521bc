"""The command line as a newcomer meets it (issue 25): help, reruns, saves and `--json`.

Like tests/test_cli.py these use the run-time game ``tinyshed``
(tests/test_cli_support.py), never an installed game plugin.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
import test_cli_support as tiny
from typer.testing import CliRunner, Result

import cardkit
from cardkit import catalog
from cardkit.cli import app
from cardkit.plugins.registry import registry, reset_registry


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


def test_the_same_game_again_keeps_the_plugins_dir(tmp_path: Path) -> None:
    plugins = tiny.plugin_dir(tmp_path / "my plugins")
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


# -- corrupted saves ------------------------------------------------------------------------------


def _edited_save(tmp_path: Path, **changes: object) -> Path:
    path = tmp_path / "game.json"
    ok("demo", "tiny", "--seed", "2", "--delay", "0", "--save", str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    for key, value in changes.items():
        if key.startswith("rules."):
            data["rules"][key.removeprefix("rules.")] = value
        else:
            data[key] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _one_clean_line(result: Result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert "pydantic" not in lines[0]
    assert "validation error" not in lines[0]
    return lines[0]


@pytest.mark.parametrize("command", ["replay", "play"])
def test_a_save_with_bad_options_is_one_clean_line(tmp_path: Path, command: str) -> None:
    path = _edited_save(tmp_path, **{"rules.hand_size": 99, "rules.bogus": 1})
    args = ["replay", str(path)] if command == "replay" else ["play", "--resume", str(path)]
    line = _one_clean_line(run(*args, columns=60))
    assert line.startswith("Error: the saved setup is invalid: not tinyshed rules: ")
    assert "hand_size: Input should be less than or equal to 10 (and 1 more)" in line


def test_a_save_of_another_game_is_one_clean_line(tmp_path: Path) -> None:
    path = _edited_save(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["game"] = "dirshed"  # same rules version, same options: a clean refusal
    data["rules"]["stake"] = 0
    path.write_text(json.dumps(data), encoding="utf-8")
    plugins = tiny.plugin_dir(tmp_path / "plugins")
    line = _one_clean_line(run("--plugins-dir", str(plugins), "replay", str(path)))
    assert "not dirshed rules: stake: Input should be greater than or equal to 1" in line


# -- --json means one thing ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["games"],
        ["plugins"],
        ["rules", "tiny"],
        ["simulate", "tiny", "-n", "4", "-s", "1"],
        ["match", "tiny", "-s", "1", "--deals", "2"],
        ["tournament", "tiny", "-n", "4", "-s", "1", "-b", "first,random"],
    ],
)
def test_json_prints_json_on_standard_output_for_every_command(args: list[str]) -> None:
    result = CliRunner().invoke(app, [*args, "--json"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    json.loads(result.stdout)  # standard output is the JSON and nothing else


@pytest.mark.parametrize("command", ["simulate", "match", "tournament"])
def test_out_writes_the_json_file_and_still_prints_the_tables(tmp_path: Path, command: str) -> None:
    path = tmp_path / "result.json"
    args = {"simulate": ["-n", "4"], "match": ["--deals", "2"], "tournament": ["-n", "4"]}
    out = ok(command, "tiny", "-s", "1", *args[command], "--out", str(path))
    assert json.loads(path.read_text(encoding="utf-8"))
    assert "Wrote the " in out
    assert '"game"' not in out  # tables, not JSON, on the terminal


def test_match_plays_the_best_bot_by_default() -> None:
    """Like play and simulate; `match` used to fill the seats with random bots."""
    data = json.loads(ok("match", "tiny", "-s", "1", "--deals", "1", "--json"))
    best = catalog(cardkit.load_game("tiny")).best_bot
    assert best != "random"
    assert data["bots"] == [best] * len(data["bots"])


# -- resuming a match -----------------------------------------------------------------------------


def _play(*args: str, input: str) -> str:
    result = CliRunner().invoke(app, ["play", *args], input=input, env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def test_resuming_a_deal_of_a_match_resumes_the_match(tmp_path: Path) -> None:
    """`play --deals 3 --save x.json`, leave in deal 2, `--resume x-deal2.json`: deals 2-3."""
    moves = "1\n" * 400
    whole = _play(
        "tiny", "--deals", "3", "--seed", "1", "--save", str(tmp_path / "w.json"), input=moves
    )
    assert "Match over" in whole
    first = whole.split("Deal 2\n", 1)[0]
    standings1 = first[first.index("Standings after deal 1") :]
    mine = first.count("Your move")
    save = tmp_path / "x.json"
    left = _play(
        "tiny", "--deals", "3", "--seed", "1", "--save", str(save), input="1\n" * mine + "quit\n"
    )
    assert "Deal 2\n" in left
    assert "Go on with the match later: cardkit play --resume" in left
    assert sorted(p.name for p in tmp_path.glob("x*")) == ["x-deal1.json", "x-deal2.json", "x.json"]

    resumed = _play("--resume", str(tmp_path / "x-deal2.json"), input=moves)
    assert "1 of up to 3 deals played, one in play" in " ".join(resumed.split())
    assert standings1 in resumed  # deal 1's totals are back
    assert "Deal 2\n" in resumed
    assert "Deal 3\n" in resumed
    assert "Standings after deal 3" in resumed
    assert "Match over" in resumed
    again = run("play", "--resume", str(save))
    assert again.exit_code == 2
    assert "is over" in again.output


def test_a_single_game_still_resumes_as_one_game(tmp_path: Path) -> None:
    save = tmp_path / "one.json"
    _play("tiny", "--seed", "1", "--save", str(save), input="quit\n")
    resumed = _play("--resume", str(save), input="1\n" * 100)
    assert "Resuming" in resumed
    assert "Deal " not in resumed


# -- wording (bug 8) ------------------------------------------------------------------------------


def test_a_note_about_you_says_you() -> None:
    """Tonk's "seat 1 wins the drop with 6" was shown as is to that seat (index 0)."""
    from cardkit import Event

    event = Event("hand_over", None, note="seat 1 wins the drop with 6")
    assert event.describe(viewer=0) == "The hand is over: you win the drop with 6"
    assert event.describe(viewer=1) == "The hand is over: seat 1 wins the drop with 6"
    assert event.describe() == "The hand is over: seat 1 wins the drop with 6"
    caught = Event("hand_over", None, note="seat 3 is caught with 35; lowest 30")
    assert caught.describe(viewer=2) == "The hand is over: you are caught with 35; lowest 30"


def test_a_refusal_is_said_to_the_player_plainly() -> None:
    from cardkit.cli._screen import pretty_codes, to_player

    said = to_player("seat 1 is to act and does not hold 9H", 0)
    assert pretty_codes(said).plain == "You do not hold 9♥"


def test_palace_names_ranks_as_people_write_them() -> None:
    """ "a 4 may not be played on a A; allowed: 2 T K A" read badly."""
    palace = pytest.importorskip("cardkit_palace.turns")
    from cardkit import Rank

    assert [palace._a(r) for r in (Rank.FOUR, Rank.ACE, Rank.EIGHT, Rank.TEN)] == [
        "a 4",
        "an A",
        "an 8",
        "a 10",
    ]


def test_a_payment_on_the_table_reads_as_a_sentence() -> None:
    """The play screen showed "payer You payee Seat 1 amount 1 reason low_hand"."""
    from cardkit import Payment
    from cardkit.cli._screen import _model_line

    labels = ["you", "heuristic", "heuristic"]
    line = _model_line(Payment(payer=0, payee=1, amount=1, reason="low_hand"), labels).plain
    assert line == "You pay Seat 2 (heuristic) 1 (low hand)"
    line = _model_line(Payment(payer=2, payee=1, amount=2, reason="caught"), labels).plain
    assert line == "Seat 3 (heuristic) pays Seat 2 (heuristic) 2 (caught)"


def test_a_broken_plugin_under_strict_plugins_is_one_clean_line(tmp_path: Path) -> None:
    """CARDKIT_STRICT_PLUGINS=1 printed a 57-line traceback."""
    (tmp_path / "broken.py").write_text("import nope_not_here\n", encoding="utf-8")
    result = CliRunner().invoke(
        app,
        ["--plugins-dir", str(tmp_path), "games"],
        env={"COLUMNS": "60", "CARDKIT_STRICT_PLUGINS": "1"},
    )
    _one_clean_line(result)
    assert "plugin 'broken' (import): ModuleNotFoundError" in result.output


def test_a_move_number_from_an_old_help_list_is_refused_and_the_moves_listed() -> None:
    """A number typed from an earlier `help` list used to play from the current list."""
    out = _play("tiny", "--seed", "1", input="help\n1\n1\nquit\n")
    assert "The moves have changed since 'help' numbered them; they are now:" in out
    assert out.count("You  play") + out.count("You play") == 1  # only the first number played


def test_new_plugin_refuses_the_name_of_an_installed_game(tmp_path: Path) -> None:
    """`cardkit new plugin tonk` wrote a cardkit-tonk that clashed with the installed one."""
    line = _one_clean_line(run("new", "plugin", "tinyshed", "--dir", str(tmp_path)))
    assert "a game named 'tinyshed' is already installed" in line
    assert list(tmp_path.iterdir()) == []
