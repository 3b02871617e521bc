"""``cardkit play`` driven through a pseudo-terminal, as a person plays it, for every game.

Each test starts the real ``cardkit`` command (so they are marked ``slow``) and
types into it: Ctrl-C with ``--save`` writes a file that ``replay`` reads,
``undo`` restores the state before your move, ``--resume`` goes on with a saved
game, and Tonk's drop (a move that ends the hand) is played only once
confirmed.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from cardkit.cli import app
from cardkit.play.replay import read_replay

pytestmark = pytest.mark.slow

CARDKIT = str(Path(sys.executable).with_name("cardkit"))
GAMES = ("tienlen", "palace", "tonk", "crazyeights")
PROMPT = "Your move"
#: Seeds at which you (seat 0) have a first move that does not end the hand.
SEEDS = {"tienlen": 3, "palace": 3, "tonk": 1, "crazyeights": 3}


def _spawn(*args: str) -> pexpect.spawn:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120", "TERM": "dumb"}
    child = pexpect.spawn(CARDKIT, list(args), env=env, encoding="utf-8", timeout=40)
    child.delayafterclose = 0.05
    return child


@pytest.fixture
def played() -> Iterator[list[pexpect.spawn]]:
    children: list[pexpect.spawn] = []
    yield children
    for child in children:
        child.close(force=True)


def _first_safe_move(game: str, seed: int, before: Path) -> str:
    """The number of your first legal move that does not end the hand, in the saved state."""
    state = read_replay(before).final
    for number, action in enumerate(state.legal_actions(), start=1):
        if not state.apply(action).is_over:
            return str(number)
    raise AssertionError(f"{game} seed {seed}: every first move ends the hand")


def _finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus is not None, child.signalstatus
    return child.exitstatus


@pytest.mark.parametrize("game", GAMES)
def test_undo_restores_your_move_and_ctrl_c_saves_a_game_replay_reads(
    game: str, tmp_path: Path, played: list[pexpect.spawn]
) -> None:
    path = tmp_path / "game.json"
    before, moved, after = (tmp_path / f"{n}.json" for n in ("before", "moved", "after"))
    child = _spawn("play", game, "--seed", str(SEEDS[game]), "--save", str(path))
    played.append(child)
    child.expect(PROMPT)
    child.sendline(f"save {before}")
    child.expect(PROMPT)
    move = _first_safe_move(game, SEEDS[game], before)
    child.sendline(move)
    child.expect(PROMPT)
    child.sendline(f"save {moved}")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect("Took back your last move")
    child.expect(PROMPT)
    child.sendline(f"save {after}")
    child.expect(PROMPT)
    assert read_replay(moved).actions > read_replay(before).actions
    assert after.read_text() == before.read_text()
    child.sendline(move)
    child.expect(PROMPT)
    child.sendintr()
    child.expect("You left the game")
    assert _finish(child) == 0
    assert read_replay(path).actions > read_replay(before).actions
    replayed = CliRunner().invoke(app, ["replay", str(path)], env={"COLUMNS": "120"})
    assert replayed.exit_code == 0, replayed.output
    assert "The saved game stops here" in replayed.output


def test_a_drop_is_played_only_when_confirmed(tmp_path: Path, played: list[pexpect.spawn]) -> None:
    path = tmp_path / "drop.json"
    child = _spawn("play", "tonk", "--seed", "1", "--save", str(path))
    played.append(child)
    child.expect(PROMPT)
    child.sendline("1")  # drop, the first of drop, draw, take
    child.expect(r"Play it\? \[y/N\]")
    child.sendline("n")
    child.expect("Not played")
    child.expect(PROMPT)
    child.sendline(f"save {tmp_path / 'kept.json'}")
    child.expect(PROMPT)
    kept = read_replay(tmp_path / "kept.json")
    assert kept.actions == 0
    assert not kept.final.is_over
    child.sendline("1")
    child.expect(r"Play it\? \[y/N\]")
    child.sendline("y")
    child.expect("Result")
    assert _finish(child) == 0
    rep = read_replay(path)
    assert rep.result is not None
    assert rep.saved.actions == ["drop"]


def test_resume_goes_on_with_a_saved_game(tmp_path: Path, played: list[pexpect.spawn]) -> None:
    path = tmp_path / "pal.json"
    child = _spawn("play", "palace", "--seed", "3", "--save", str(path))
    played.append(child)
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("quit")
    assert _finish(child) == 0
    first = read_replay(path).actions
    child = _spawn("play", "--resume", str(path))
    played.append(child)
    child.expect("Resuming")
    child.expect(f"after {first} move{'s' if first != 1 else ''}")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("quit")
    assert _finish(child) == 0
    assert read_replay(path).actions > first


def test_sealed_bids_ask_each_person_in_turn_and_show_no_bid_early(
    played: list[pexpect.spawn],
) -> None:
    """Spades' simultaneous bids: Seats 1 and 2 (bots) bid before you (Seat 3); you see
    that they have chosen, not what, until your bid and Seat 4's reveal them all."""
    child = _spawn("play", "spades", "--seed", "1", "--seat", "3")  # seats count from 1
    played.append(child)
    child.expect(PROMPT)
    before = child.before
    assert "has chosen" in before
    assert "Every choice is revealed" not in before
    # The bids column: a dash for every seat until all have bid (issue 39: "bids None None...").
    row = re.compile(r"^\W*(Seat \d \(heuristic\)|You) +13 ")  # a row of the seats table
    rows = [line for line in before.splitlines() if row.match(line)]
    assert len(rows) == 4, before
    assert all(" — " in row for row in rows), rows
    assert "None" not in before
    child.sendline("bid 3")
    child.expect("Every choice is revealed")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
