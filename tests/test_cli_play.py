"""``cardkit play``: you against bots with scripted input; only your view is ever shown."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import test_cli_support as tiny
from typer.testing import CliRunner, Result

import cardkit
from cardkit.cli import app
from cardkit.play.replay import read_replay


@pytest.fixture(autouse=True)
def _tinyshed() -> Iterator[None]:
    with tiny.installed():
        yield


def play(*args: str, input: str = "") -> Result:
    result = CliRunner().invoke(app, ["play", *args], input=input, env={"COLUMNS": "200"})
    assert "Traceback" not in result.output
    return result


def test_you_can_win_a_one_card_game_by_number() -> None:
    # One card each; seat 0 (you) leads, so playing the card wins at once.
    result = play("tiny", "--seed", "1", "--players", "2", "--variant", "quick", input="1\n")
    assert result.exit_code == 0, result.output
    assert "You are Seat 1" in result.output  # seats for people count from 1
    assert "Your hand:" in result.output
    assert "You  play" in result.output  # narrated in the second person
    assert "You" in next(x for x in result.output.splitlines() if "winner" in x)


def test_help_lists_the_legal_actions_and_illegal_ones_ask_again() -> None:
    game = cardkit.load_game("tinyshed")
    state = game.start(2, game.rules(hand_size=2), seed=4)
    hand = list(state.view(0).hand)  # type: ignore[attr-defined]
    other = next(c for c in cardkit.Deck.standard() if c not in hand)
    script = f"help\nplay {other.code}\nplay ZZ\nnonsense\n99\n\nview\nplay {hand[0].code}\nquit\n"
    result = play("tiny", "--seed", "4", "--players", "2", "--rules", "hand_size=2", input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Your moves" in out
    for card in hand:
        assert f"play {card.pretty}" in out
    assert "draw" in out
    assert f"Not allowed: {other.pretty} is not in your hand" in out
    assert "Not allowed: cannot read 'play ZZ'" in out
    assert "Not allowed: cannot read 'nonsense'" in out
    assert "There is no move number 99" in out
    assert f"You  play {hand[0].pretty}" in out
    assert "You left the game." in out


def test_you_never_see_another_hand() -> None:
    game = cardkit.load_game("tinyshed")
    state = game.start(3, game.rules(hand_size=6), seed=9)
    mine = set(state.zones()["hand:1"])
    hidden = set(state.zones()["hand:0"]) | set(state.zones()["hand:2"])
    hidden |= set(state.zones()["stock"])
    # Seat 0 (a bot) acts first; then it is your turn and you quit.
    result = play(
        "tiny",
        "--seed",
        "9",
        "--players",
        "3",
        "--seat",
        "2",
        "--bots",
        "drawer",
        "--rules",
        "hand_size=6",
        input="help\nquit\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    for card in mine:
        assert card.pretty in out
    # The bots only drew, so no card of theirs or of the stock was ever shown.
    for card in hidden:
        assert card.pretty not in out, card


def test_end_of_input_leaves_the_game_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    result = play("tiny", "--seed", "2", "--save", str(path), input="")
    assert result.exit_code == 0, result.output
    assert "You left the game." in result.output
    rep = read_replay(path)
    assert rep.result is None


def test_a_finished_game_is_saved_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "won.json"
    result = play("tiny", "--seed", "1", "-p", "2", "-v", "quick", "--save", str(path), input="1\n")
    assert result.exit_code == 0, result.output
    assert "Saved the game" in result.output
    rep = read_replay(path)
    assert rep.result is not None
    assert rep.result.winners == [0]
    replayed = CliRunner().invoke(app, ["replay", str(path)], env={"COLUMNS": "200"})
    assert replayed.exit_code == 0
    assert "Result: shed" in replayed.output


def test_a_match_against_bots_deal_by_deal(tmp_path: Path) -> None:
    # One card each: you lead deal 1 and win it, so you lead (and win) deal 2 too.
    path = tmp_path / "m.json"
    result = play(
        "tiny",
        "-s",
        "3",
        "-p",
        "2",
        "-v",
        "quick",
        "--deals",
        "2",
        "--save",
        str(path),
        input="1\n1\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Deal 1" in out
    assert "Standings after deal 1" in out
    assert "Standings after deal 2" in out
    assert re.search(r"Match over( after 2 deals \(--deals\))?: You (win|lead)\.", out)
    assert (tmp_path / "m-deal1.json").exists()
    assert (tmp_path / "m-deal2.json").exists()


def test_bad_play_options_are_refused() -> None:
    result = play("tiny", "--seat", "5", "--players", "3")
    assert result.exit_code == 2
    assert "--seat 5: the seats are 1 to 3" in result.output
    result = play("tiny", "--players", "9")
    assert result.exit_code == 2
    assert "played by 2 to 4" in result.output
    result = play("tiny", "--bots", "nope")
    assert result.exit_code == 2
    assert "no bot 'nope'" in result.output
    result = play("tiny", "--deals", "0")
    assert result.exit_code == 2
