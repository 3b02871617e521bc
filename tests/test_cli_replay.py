"""``cardkit replay``: the dealt hands (``--reveal``), a start move, and stepping."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import cardkit
from cardkit.cli import app
from cardkit.play.replay import write_replay


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    game = cardkit.load_game("tonk")
    state = game.start(3, seed=5)
    for _ in range(8):
        state = state.apply(
            next(
                a for a in state.legal_actions() if str(a) != "drop" and not state.apply(a).is_over
            )
        )
    return write_replay(state, tmp_path / "tonk.json")


def replay(*args: str, input: str | None = None) -> Result:
    result = CliRunner().invoke(app, ["replay", *args], input=input, env={"COLUMNS": "120"})
    assert "Traceback" not in result.output
    return result


def _moves(out: str) -> list[int]:
    """The numbers of the moves told, in order (a move may follow the --step prompt)."""
    return [int(n) for n in re.findall(r"(?:^|> ) *(\d+)  Seat", out, re.MULTILINE)]


def test_reveal_shows_every_dealt_hand_in_the_games_order(saved: Path) -> None:
    state = cardkit.load_game("tonk").start(3, seed=5)
    out = replay(str(saved), "--reveal").output
    assert "Dealt hands" in out
    order = cardkit.load_game("tonk").hand_order
    for seat in range(3):
        hand = order.sorted(state.zones()[f"hand:{seat}"])
        assert " ".join(c.pretty for c in hand) in out
    assert "Dealt hands" not in replay(str(saved)).output


def test_start_skips_the_first_moves(saved: Path) -> None:
    assert _moves(replay(str(saved)).output) == list(range(1, 9))
    result = replay(str(saved), "--start", "5")
    assert result.exit_code == 0
    assert _moves(result.output) == [6, 7, 8]
    assert "moves 1-5 skipped" in result.output
    refused = replay(str(saved), "--start", "9")
    assert refused.exit_code == 2
    assert "--start must be a move 0-8" in refused.output


def test_step_goes_forward_back_and_to_a_move(saved: Path) -> None:
    result = replay(str(saved), "--step", input="\n\nb\n5\nq\n")
    assert result.exit_code == 0
    assert _moves(result.output) == [1, 2, 1, 2, 3, 4, 5]
    assert "Back to move 1." in result.output
    assert "The saved game stops here" not in result.output  # left before the end
    to_end = replay(str(saved), "--step", input="8\n\n")
    assert "The saved game stops here, after 8 actions." in to_end.output
