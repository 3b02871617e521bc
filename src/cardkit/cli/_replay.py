"""``cardkit replay FILE``: a saved game told again, from any move, forward and back."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardkit.cli._common import fail, out
from cardkit.engine.game import Game
from cardkit.engine.state import GameState
from cardkit.play.narrate import Narrator, cards_text, seat_label, view_table
from cardkit.play.replay import ReplayStep, read_replay

_STEP_HELP = "Enter: next move · b: back · a number: go to that move · q: quit"


def dealt_hands(game: Game[Any, Any], state: GameState, labels: list[str]) -> Table:
    """Every seat's dealt hand, sorted in the game's order (``--reveal``)."""
    table = Table(title="Dealt hands", title_justify="left", box=None, padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    zones = state.zones()
    for seat in range(state.players):
        hand = zones.get(f"hand:{seat}")
        if hand is not None:
            table.add_row(seat_label(seat, labels), cards_text(game.hand_order.sorted(hand)))
    return table


def replay_cmd(
    path: Path,
    seat: int | None,
    delay: float,
    reveal: bool = False,
    start: int = 0,
    step: bool = False,
) -> None:
    """Narrate a saved game: optionally its dealt hands, from move ``start``, or step by step."""
    rep = read_replay(path)
    if seat is not None and not 0 <= seat < rep.players:
        fail(f"--seat {seat + 1}: the seats are 1 to {rep.players}")
    if delay < 0:
        fail(f"--delay must be 0 or more seconds, not {delay}")
    if not 0 <= start <= rep.actions:
        fail(f"--start must be a move 0-{rep.actions} of this game, not {start}")
    console = out()
    game = rep.game
    labels = ["you" if s == seat else "" for s in range(rep.players)]
    head = Text(game.title, style="bold")
    seed = f" · seed {rep.saved.seed}" if rep.saved.seed is not None else ""
    head.append(f" · replay of {path.name} · {rep.players} players{seed}", style="dim")
    console.print(head)
    steps = list(rep.steps())
    narrator = Narrator(console, labels, show_hands=seat is None)
    narrator.deal(steps[0].state)
    if reveal:
        console.print(dealt_hands(game, steps[0].state, labels))
    if start:
        console.print(Text(f"… moves 1-{start} skipped (--start {start})", style="dim"))
    if step:
        if not _step(console, narrator, steps, seat, labels, start):
            return
    else:
        for number in range(start + 1, len(steps)):
            _show(console, narrator, steps, number, seat, labels)
            if delay > 0:
                time.sleep(delay)
    _end(console, narrator, rep.final, rep.result is not None, rep.actions)


def _show(
    console: Console,
    narrator: Narrator,
    steps: list[ReplayStep],
    number: int,
    seat: int | None,
    labels: list[str],
) -> None:
    now = steps[number]
    if seat is not None and now.seat == seat:
        console.print(view_table(steps[number - 1].state.view(seat), labels, title="Your view"))
    assert now.action is not None
    narrator.count = number - 1
    narrator.action(now.seat, now.action, now.state, now.events)


def _step(
    console: Console,
    narrator: Narrator,
    steps: list[ReplayStep],
    seat: int | None,
    labels: list[str],
    start: int,
) -> bool:
    """Move forward and back through the game at the keyboard; ``True`` at its end."""
    console.print(Text(_STEP_HELP, style="dim"))
    at = start
    last = len(steps) - 1
    while True:
        try:
            answer = console.input(f"[dim]move {at}/{last}[/]> ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            console.print()
            return False
        if answer in ("q", "quit"):
            return False
        if answer in ("b", "back", "p"):
            target = max(at - 1, 0)
        elif answer.isdigit():
            target = min(int(answer), last)
        elif answer in ("", "n", "next"):
            target = at + 1
        else:
            console.print(Text(_STEP_HELP, style="yellow"))
            continue
        if target > last:
            return True
        if target <= at:
            console.print(Text(f"Back to move {target}.", style="yellow"))
            if target:
                _show(console, narrator, steps, target, seat, labels)
        else:
            for number in range(at + 1, target + 1):
                _show(console, narrator, steps, number, seat, labels)
        at = target


def _end(console: Console, narrator: Narrator, final: GameState, over: bool, actions: int) -> None:
    if over:
        narrator.result(final)
    else:
        console.print(
            Text(
                f"The saved game stops here, after {actions} action"
                + ("s." if actions != 1 else "."),
                style="yellow",
            )
        )
