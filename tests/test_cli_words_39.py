"""Issue 39, the command line's words: each error names what was wrong and what is expected,
in one line; seats are numbered from 1 for people; Tonk names seats as the table does.

The terminal-side checks (80 columns, Ctrl-C, resume) are in ``test_cli_pty_words.py``.
"""

from __future__ import annotations

import re
import sys

import pytest
from cardkit_tonk.testing import stacked_deck
from rich.console import Console
from typer.testing import CliRunner, Result

import cardkit
from cardkit.cli import app
from cardkit.cli._play_match import match_over
from cardkit.cli._screen import table_rows, to_player
from cardkit.play.narrate import Narrator, event_text, seat_label


def run(*args: str, columns: int = 80, stdin: str | None = None) -> Result:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": str(columns)}, input=stdin)
    assert "Traceback" not in result.output
    return result


def one_line(result: Result) -> str:
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


# -- 8: an option that does not parse is one line ----------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("simulate", "tonk", "--games", "x"), "Invalid value for '--games' / '-n'"),
        (("simulate", "tonk", "--bogus"), "No such option: --bogus"),
        (("bogus",), "No such command 'bogus'"),
        (("new", "plugin"), "Missing argument 'name'"),
        (("play", "--resume", "/no/such/file.json"), "does not exist"),
    ],
)
def test_an_option_that_does_not_parse_is_one_line(args: tuple[str, ...], said: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    line = one_line(result)
    assert line.startswith("Error: ")
    assert said in line
    assert line.endswith("--help')")  # which help to read: "(see 'cardkit simulate --help')"


def test_no_arguments_still_shows_the_help() -> None:
    result = run()
    assert "Commands" in result.output
    assert "Usage: cardkit" in result.output


# -- 7: wrong seat and bot counts say what was wrong and what is expected -----------------------


@pytest.mark.parametrize("command", ["demo", "simulate", "match", "tournament", "play"])
def test_a_seat_count_the_game_is_not_played_by(command: str) -> None:
    result = run(command, "tonk", "--players", "0", stdin="quit\n")
    assert result.exit_code == 2
    assert one_line(result) == "Error: --players 0: Tonk is played by 2 to 6 players"


def test_more_bots_than_seats() -> None:
    result = run("demo", "tonk", "-p", "2", "-b", "random,heuristic,ismcts", columns=200)
    assert result.exit_code == 2
    line = one_line(result)
    assert "bots were given" not in line
    assert "--bots names 3 bots (random, heuristic, ismcts) for 2 seats: give at most 2" in line


def test_a_tournament_of_one_bot_names_the_bots_it_could_have() -> None:
    result = run("tournament", "tonk", "-b", "random", columns=200)
    assert result.exit_code == 2
    line = one_line(result)
    assert "['random']" not in line
    assert "two or more different bots" in line
    assert "tonk's bots: random, ismcts, heuristic" in line


# -- 4: tournament without openskill stops before it plays -------------------------------------


def test_a_tournament_without_openskill_stops_before_playing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "openskill", None)  # import openskill fails, as uninstalled
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    result = run("tournament", "tonk", "-n", "30", "--seed", "1", columns=200)
    assert result.exit_code == 2
    assert "elapsed" not in result.output  # no progress bar: not one game was played
    assert "openskill" in one_line(result)
    assert "pip install 'cardkit[eval]'" in result.output


# -- 5: a --db that cannot be opened is the user's mistake -------------------------------------


def test_a_db_that_cannot_be_opened_is_one_line_and_exit_2(tmp_path: object) -> None:
    result = run("serve", "--db", "/no/such/folder/tables.sqlite3", columns=200)
    assert result.exit_code == 2
    line = one_line(result)
    assert line.startswith("Error: --db '/no/such/folder/tables.sqlite3'")
    assert "unexpected" not in line


# -- 12: seats for people count from 1 ---------------------------------------------------------


def test_seat_labels_count_from_one() -> None:
    assert seat_label(0) == "Seat 1"
    assert seat_label(2, ["a", "b", "greedy"]) == "Seat 3 (greedy)"
    assert seat_label(1, ["greedy", "you"]) == "You"
    # Narrated with the command line's labels: event index 2 is "Seat 3" (the JSON keeps 2).
    event = cardkit.Event("play", 2, cards=(cardkit.Card.parse("QS"),))
    assert event_text(event, ["a", "b", "greedy"]).plain == "Seat 3 (greedy) plays Q♠"
    assert event.seat == 2


def test_a_games_message_about_another_seat_counts_from_one() -> None:
    assert to_player("seat 2 is to act", 0) == "seat 2 is to act"
    assert to_player("seat 1 leads this round and cannot pass", 0).startswith("You lead")
    assert to_player("those are seat 3's face-up cards", 0) == "those are seat 3's face-up cards"


def test_play_seat_counts_from_one() -> None:
    result = run("play", "tonk", "-p", "3", "--seat", "3", "--seed", "1", stdin="quit\n")
    assert result.exit_code == 0, result.output
    assert "You are Seat 3. Opponents: Seat 1 (heuristic), Seat 2 (heuristic)." in " ".join(
        result.output.split()
    )
    bad = run("play", "tonk", "-p", "3", "--seat", "0", stdin="quit\n")
    assert bad.exit_code == 2
    assert one_line(bad) == "Error: --seat 0: the seats are 1 to 3"


def test_simulate_numbers_the_seats_from_one() -> None:
    result = run("simulate", "tonk", "-n", "6", "--seed", "1", columns=200)
    assert result.exit_code == 0, result.output
    seats = [line.split("│")[1].strip() for line in result.output.splitlines() if "│" in line]
    assert seats == ["1", "2", "3"]


# -- 9: lists of seats read as seats; a match stopped by --deals ---------------------------------


def test_a_list_of_seats_on_the_screen_names_them() -> None:
    game = cardkit.load_game("tienlen")
    state = game.start(players=4, seed=3)
    for _ in range(30):
        if state.is_over or getattr(state.view(0), "locked", None):
            break
        state = state.apply(state.legal_actions()[-1])
    view = state.view(0)
    assert view.locked, "the game locked nobody out"
    labels = ["you", "heuristic", "heuristic", "heuristic"]
    plain = " ".join(text.plain for _, text in table_rows(view, labels))
    listed = ", ".join("you" if s == 0 else f"Seat {s + 1}" for s in view.locked)
    assert f"locked {listed}" in plain


@pytest.mark.parametrize(
    ("winners", "finished", "said"),
    [
        ([1], False, "Match over after 1 deal (--deals): Seat 2 (heuristic) leads."),
        ([0], False, "Match over after 1 deal (--deals): You lead."),
        (
            [1, 2],
            False,
            "Match over after 1 deal (--deals): Seat 2 (heuristic) and Seat 3 (heuristic) lead.",
        ),
        ([0], True, "Match over: You win."),
        ([2], True, "Match over: Seat 3 (heuristic) won."),
    ],
)
def test_the_end_of_a_match(winners: list[int], finished: bool, said: str) -> None:
    names = ["you", "heuristic", "heuristic"]
    assert match_over(winners, names, finished, 1) == said


# -- 10: Tonk names seats as the table does ------------------------------------------------------

#: Seat 0 drops at once: counts 6, 31, 41 (it wins), or 41, 6, 31 (it is caught).
LOW = ["AS AC AD AH 2D", "4C 5C KD QS 2H", "9S 9H TD JC 3S"]
HIGH = ["9S 9H TD JC 3S", "AS AC AD AH 2D", "4C 5C KD QS 2H"]


def _dropped(hands: list[str]) -> cardkit.GameState:
    tonk = cardkit.load_game("tonk")
    state: cardkit.GameState = tonk.start(players=3, deck=stacked_deck(hands, upcard="7S"))
    return state.apply("drop")


@pytest.mark.parametrize(
    ("hands", "theirs", "yours"),
    [
        (LOW, "Ann wins the drop with 6", "You win the drop with 6"),
        (HIGH, "Ann is caught with 41; lowest 6", "You are caught with 41; lowest 6"),
    ],
)
def test_tonk_says_the_end_of_a_drop_with_the_tables_names(
    hands: list[str], theirs: str, yours: str
) -> None:
    state = _dropped(hands)
    wording = state.game.wording
    names = ["Ann", "Bob", "Cy"]
    assert wording.lines(state.last_events, viewer=1, names=names)[-1] == theirs
    assert wording.lines(state.last_events, viewer=0, names=names)[-1] == yours
    said = " ".join(wording.lines(state.last_events, viewer=2, names=names))
    assert not re.search(r"\bseat \d", said.lower()), said


def test_a_tonk_demo_ends_with_the_seat_as_the_command_line_names_it() -> None:
    state = _dropped(LOW)
    console = Console(record=True, width=80)
    Narrator(console, ["heuristic", "heuristic", "heuristic"]).action(
        0, "drop", state, state.last_events
    )
    text = console.export_text()
    assert "Seat 1 (heuristic) wins the drop with 6" in text
    assert not re.search(r"\bseat \d", text), text  # a raw note; labels read "Seat N (bot)"


def test_spades_on_the_play_screen_says_seats_and_per_seat_numbers_as_such() -> None:
    """ "trick leader 3 · tricks 0 0 0 2 · bids 0 0 0 0 · bid made True True True True"."""
    from cardkit.cli._screen import screen

    game = cardkit.load_game("spades")
    state = game.start(4, seed=4)
    for _ in range(12):
        state = state.apply(state.legal_actions()[0])
    console = Console(record=True, width=80, color_system=None)
    labels = ["you", "heuristic", "heuristic", "heuristic"]
    console.print(screen(state.view(0), labels, game.hand_order, title="t"))
    text = console.export_text()
    assert "trick leader Seat 4 (heuristic)" in text
    assert "True" not in text
    assert not re.search(r"\b(tricks|bids)( \d+){4}\b", text), text
    header = next(line for line in text.splitlines() if line.strip().startswith("seat"))
    assert header.split()[1:] == ["cards", "tricks", "bids", "bid", "made"], header
