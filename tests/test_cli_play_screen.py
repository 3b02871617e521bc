"""`cardkit play`'s screen: the `rules` command, a private window's prompt, field names."""

from __future__ import annotations

import random
from pathlib import Path

from typer.testing import CliRunner

import cardkit
from cardkit.cli import app
from cardkit.engine.state import GameState
from cardkit.play.replay import write_replay


def play(*args: str, typed: str) -> str:
    result = CliRunner().invoke(app, ["play", *args], input=typed, env={"COLUMNS": "120"})
    assert "Traceback" not in result.output, result.output
    return result.output


def test_rules_names_the_options_this_table_changed_and_its_house_rules() -> None:
    text = play(
        "palace",
        "--players",
        "2",
        "--seed",
        "1",
        "--variant",
        "shithead",
        "--rules",
        "house_rules=eight-skips",
        typed="rules\nquit\ny\n",
    )
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


def palace_window_for_seat_0() -> GameState:
    """A random Palace game at the first private window that asks seat 0."""
    game = cardkit.load_game("palace")
    for seed in range(50):
        state, rng = game.start(2, seed=seed), random.Random(seed)
        while not state.is_over:
            if state.to_act == 0 and state.shown_to_act(None) != 0:
                return state
            state = state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no window asked seat 0 in 50 random games")


def test_a_private_window_says_it_asks_out_of_turn_and_lists_its_moves(tmp_path: Path) -> None:
    state = palace_window_for_seat_0()
    path = tmp_path / "window.json"
    write_replay(state, path)
    text = play("--resume", str(path), typed="quit\ny\n")
    shown = state.shown_to_act(None)
    assert f"Out of turn: you may answer before Seat {shown + 1} (heuristic) plays" in text
    assert "nobody else sees this ask" in text
    for number, action in enumerate(state.legal_actions(), start=1):
        assert f" {number}  {action.verb}" in text
    assert "In a window, neither add nor complete." in text


def test_an_ordinary_turn_has_no_window_prompt() -> None:
    text = play("palace", "--players", "2", "--seed", "1", typed="quit\ny\n")
    assert "Out of turn" not in text
