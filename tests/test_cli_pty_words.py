"""Issue 39: what a person sees of the command line, through a pseudo-terminal of 80 columns.

Each test starts the real ``cardkit`` command (so they are marked ``slow``):
results tables that keep every interval and bot name whole, narration that
wraps under its own words, one line for an option that does not parse, the
server's address said once it listens (and a taken port in one line), a
resumed game that keeps its undo and history, seats listed by name on the
play screen, the end of a match stopped by ``--deals``, the resume hint after
Ctrl-C, and one progress bar after Ctrl-C in ``simulate``.
"""

from __future__ import annotations

import os
import re
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

pytestmark = pytest.mark.slow

CARDKIT = str(Path(sys.executable).with_name("cardkit"))
PROMPT = "Your move"
WIDTH = 80


def _spawn(*args: str, term: str = "dumb", columns: int = WIDTH) -> pexpect.spawn:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": str(columns), "TERM": term}
    child = pexpect.spawn(
        CARDKIT, list(args), env=env, encoding="utf-8", timeout=60, dimensions=(40, columns)
    )
    child.delayafterclose = 0.05
    return child


@pytest.fixture
def started() -> Iterator[list[pexpect.spawn]]:
    children: list[pexpect.spawn] = []
    yield children
    for child in children:
        child.close(force=True)


def _run(started: list[pexpect.spawn], *args: str, columns: int = WIDTH) -> tuple[str, int]:
    """Run a command to its end: its output (as the terminal got it) and exit code."""
    child = _spawn(*args, columns=columns)
    started.append(child)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus is not None, child.signalstatus
    return child.before.replace("\r\n", "\n"), child.exitstatus


_CSI = re.compile(r"\x1b\[([?\d;]*)([A-Za-z])")


def screen(output: str, width: int = WIDTH) -> list[str]:
    """The lines a terminal of `width` columns shows after `output` (a small VT100: text that
    wraps at the edge, carriage return, new line, erase line, cursor up)."""
    lines: list[list[str]] = [[]]
    row = col = 0
    pending = False  # the cursor sits past the last column: the next character wraps
    at = 0
    while at < len(output):
        match = _CSI.match(output, at)
        if match is not None:
            arg, code = match.groups()
            if code == "K":
                lines[row] = []
            elif code == "A":
                row = max(0, row - int(arg or "1"))
            at, pending = match.end(), False
            continue
        char = output[at]
        at += 1
        if char == "\r":
            col, pending = 0, False
        elif char == "\n":
            row, pending = row + 1, False
        elif char.isprintable():
            if pending:
                row, col, pending = row + 1, 0, False
            while len(lines) <= row:
                lines.append([])
            line = lines[row]
            line.extend(" " * (col - len(line)))
            line[col : col + 1] = [char]
            col += 1
            if col == width:
                col, pending = width - 1, True
            continue
        while len(lines) <= row:
            lines.append([])
    return ["".join(line).rstrip() for line in lines]


# -- 3: results at 80 columns keep every cell whole ---------------------------------------------

INTERVAL = re.compile(r"\d+\.\d–\d+\.\d%")


def test_simulate_at_80_columns_keeps_intervals_and_bot_names_whole(
    started: list[pexpect.spawn],
) -> None:
    bots = "heuristic,random,greedy"
    out, code = _run(started, "simulate", "tienlen", "-n", "20", "--seed", "1", "-b", bots)
    assert code == 0, out
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= WIDTH
    rows = [line for line in out.splitlines() if re.search(r"\b(heuristic|random|greedy)\b", line)]
    assert len(rows) == 4 + 3  # by seat, then by bot
    assert all(INTERVAL.search(row) for row in rows), rows


def test_a_tournament_at_80_columns_keeps_its_cells_whole(started: list[pexpect.spawn]) -> None:
    out, code = _run(
        started, "tournament", "tonk", "-n", "6", "--seed", "1", "-b", "heuristic,random"
    )
    assert code == 0, out
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= WIDTH
    ratings = [line for line in out.splitlines() if re.match(r"\W*[12]\W+(heuristic|random)", line)]
    assert len(ratings) == 2, out
    assert all(len(INTERVAL.findall(row)) == 1 for row in ratings), ratings


def test_games_at_80_columns_says_each_summary_as_a_sentence(started: list[pexpect.spawn]) -> None:
    import cardkit

    out, code = _run(started, "games")
    assert code == 0, out
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= WIDTH
    words = " ".join(out.split())
    for name in cardkit.available_games():
        game = cardkit.load_game(name)
        assert name in words
        assert " ".join(game.summary.split()) in words  # a sentence, not a word a line


def test_narration_wraps_under_its_own_words(started: list[pexpect.spawn]) -> None:
    out, code = _run(started, "demo", "tienlen", "--seed", "1", "--delay", "0", columns=50)
    assert code == 0, out
    lines = out.split("Result")[0].splitlines()
    # After the title and the seats (which wrap too at 50 columns): the first move's line.
    told = lines[next(i for i, line in enumerate(lines) if "deals 13 cards" in line) :]
    told = [line for line in told if not line.startswith("Cards in hand")]  # a table's title
    assert len(told) > 20
    # A move is "  12  Seat 2 (heuristic)  passes ..."; a line it wraps onto starts under "Seat".
    assert all(line.startswith(" ") for line in told if line.strip()), [
        line for line in told if line.strip() and not line.startswith(" ")
    ][:3]


# -- 8: an option that does not parse is one line ----------------------------------------------


def test_an_option_that_does_not_parse_is_one_line(started: list[pexpect.spawn]) -> None:
    out, code = _run(started, "simulate", "tonk", "--games", "x")
    assert code == 2
    assert [line for line in out.splitlines() if line.strip()] == [
        "Error: Invalid value for '--games' / '-n': Input should be a valid integer, unable "
        "to parse string as an integer (see 'cardkit simulate --help')"
    ]


# -- 6: serve says its address once it listens; a taken port is one line ------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_serve_says_its_address_once_it_listens(
    tmp_path: Path, started: list[pexpect.spawn]
) -> None:
    port = _free_port()
    child = _spawn("serve", "--port", str(port), "--db", str(tmp_path / "t.sqlite3"))
    started.append(child)
    child.expect(f"http://127.0.0.1:{port}/")
    with socket.create_connection(("127.0.0.1", port), timeout=5):
        pass  # said, so listening: the connection is taken at once
    child.sendintr()
    child.expect(pexpect.EOF)


def test_serve_on_a_taken_port_is_one_line(tmp_path: Path, started: list[pexpect.spawn]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out, code = _run(started, "serve", "--port", str(port), "--db", str(tmp_path / "t.db"))
    assert code == 2, out
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) == 1, out
    assert lines[0].startswith(f"Error: port {port} on 127.0.0.1 is taken")
    assert "http://" not in out


# -- 2: a resumed game keeps its undo and its history ----------------------------------------


def test_a_resumed_game_keeps_undo_and_history(
    tmp_path: Path, started: list[pexpect.spawn]
) -> None:
    path = tmp_path / "tl.json"
    child = _spawn("play", "tienlen", "--seed", "3", "--save", str(path))
    started.append(child)
    for _ in range(2):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child = _spawn("play", "--resume", str(path))
    started.append(child)
    child.expect(PROMPT)
    child.sendline("history")
    child.expect(PROMPT)
    history = child.before
    assert "No moves yet" not in history
    assert history.count("You  play") == 2
    child.sendline("undo")
    child.expect(PROMPT)
    assert "Took back your last move" in child.before
    child.sendline("history")
    child.expect(PROMPT)
    assert child.before.count("You  play") == 1
    child.sendline("quit")
    child.expect(pexpect.EOF)


# -- 9: the play screen's words -----------------------------------------------------------------

#: A list of seats shown as its indices: "locked 0 1", "ready 0 1 2 3".
RAW_SEATS = re.compile(r"\b(ready|locked|passed|finished)( \d+)+\b")


def test_the_play_screen_lists_seats_by_name(started: list[pexpect.spawn]) -> None:
    child = _spawn("play", "tienlen", "--seed", "3")
    started.append(child)
    shown = ""
    for _ in range(3):
        child.expect(PROMPT)
        shown += child.before
        child.sendline("1")
    child.expect(PROMPT)
    shown += child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert not RAW_SEATS.search(shown), RAW_SEATS.search(shown)
    assert re.search(r"\blocked (you|Seat \d)", shown), shown


def test_a_match_stopped_by_deals_says_who_leads(started: list[pexpect.spawn]) -> None:
    child = _spawn("play", "crazyeights", "--deals", "1", "--seed", "2")
    started.append(child)
    while child.expect([PROMPT, "Match over"]) == 0:
        child.sendline("1")
    child.expect(pexpect.EOF)
    said = "Match over " + " ".join(child.before.split())
    assert re.match(r"Match over after 1 deal \(--deals\): .+ (leads|lead)\.", said), said
    assert not re.search(r"\(heuristic\) lead\.", said)


def test_ctrl_c_in_a_game_says_how_to_go_on(tmp_path: Path, started: list[pexpect.spawn]) -> None:
    path = tmp_path / "left.json"
    child = _spawn("play", "tonk", "--seed", "1", "--save", str(path), columns=200)
    started.append(child)
    child.expect(PROMPT)
    child.sendintr()
    child.expect(pexpect.EOF)
    said = " ".join(child.before.split())
    assert f"cardkit play --resume {path}" in said
    assert f"cardkit replay {path}" in said


def test_ctrl_c_in_simulate_leaves_one_progress_bar(started: list[pexpect.spawn]) -> None:
    child = _spawn("simulate", "tonk", "-n", "1000000", "--seed", "1", term="xterm")
    started.append(child)
    child.expect("elapsed")
    time.sleep(1.0)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    shown = screen(child.before)
    bars = [line for line in shown if "elapsed" in line]
    assert len(bars) == 1, shown
    assert child.exitstatus == 130
    assert any(re.match(r"Interrupted after \d+ of 1000000 games\.", line) for line in shown)
