"""`cardkit play`'s `rules` command, and the screen's names for view fields."""

from __future__ import annotations

from typer.testing import CliRunner

from cardkit.cli import app


def play(*args: str, typed: str) -> str:
    result = CliRunner().invoke(app, ["play", *args], input=typed, env={"COLUMNS": "120"})
    assert "Traceback" not in result.output, result.output
    return result.output


def test_rules_names_the_options_this_table_changed_and_its_house_rules() -> None:
    text = play(
        "palace", "--players", "2", "--seed", "1", "--variant", "shithead",
        "--rules", "house_rules=eight-skips", typed="rules\nquit\ny\n",
    )  # fmt: skip
    assert "Palace: Shedding game" in text
    assert 'two_rule: "next_player_any" (default "player_continues")' in text
    assert 'seven_rule: "lower_or_equal" (default "off")' in text
    assert "house rule eight-skips: An 8 makes the next player miss their turn." in text
    assert "first_player_rule" not in text, "options at their defaults are not listed"
    assert "Every option and what it does: cardkit rules palace" in text


def test_rules_at_the_default_rules_says_so_and_help_lists_it() -> None:
    text = play("tonk", "--players", "2", "--seed", "2", typed="rules\nhelp\nquit\ny\n")
    assert "This table plays the default rules." in text
    assert "Not allowed" not in text
    assert " rules " in text, "help lists the command"


def test_counts_read_as_what_they_count() -> None:
    text = play("palace", "--players", "2", "--seed", "1", typed="quit\ny\n")
    assert "stock 34" in text
    assert "stock count" not in text
    assert "face down counts" not in text
