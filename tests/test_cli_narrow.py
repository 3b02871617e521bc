"""`cardkit rules` on an 80-column terminal: every entry a short paragraph, no line cut."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import cardkit
from cardkit.cli import app
from cardkit.cli._stacked import WIDE


def rules_output(game: str, columns: int) -> str:
    result = CliRunner().invoke(app, ["rules", game], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("game", ["palace", "tienlen", "tonk", "crazyeights", "spades"])
def test_rules_at_80_columns_fit_and_read_as_paragraphs(game: str) -> None:
    text = rules_output(game, 80)
    lines = text.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert "┃" not in text, "below 100 columns the tables are stacked"
    for option in cardkit.load_game(game).rules_model.model_fields:
        if option != "house_rules":
            assert any(line.startswith(f"{option}  ") for line in lines), option
    # A squeezed table said Palace's options a word a line: hundreds of lines of one or two words.
    short = [line for line in lines if 0 < len(line.split()) <= 2 and line.startswith("│")]
    assert not short, short[:5]
    assert len(lines) < 25 * len(cardkit.load_game(game).rules_model.model_fields) + 40


def test_wide_terminals_keep_the_tables() -> None:
    text = rules_output("palace", WIDE)
    assert "┃ Option" in text
    assert "Description" in text
