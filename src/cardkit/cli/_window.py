"""What `cardkit play` says when a private window asks the player out of turn.

A game with private windows (Palace's completion and add windows,
[cardkit.engine.windows][]) asks one seat between turns while every other
view shows the next player to act. The screen's "Your turn." alone did not
say that this is such a moment, nor what may be done: the prompt says both,
and lists the moves with what each does.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text

from cardkit.engine.actions import Action
from cardkit.engine.state import GameState
from cardkit.engine.viewwords import move_help
from cardkit.play.narrate import action_text, seat_label

__all__ = ["asked_out_of_turn", "window_prompt"]


def asked_out_of_turn(state: GameState, seat: int) -> bool:
    """Whether a private window asks ``seat`` now (every other view shows another seat)."""
    return state.to_act == seat and state.shown_to_act(None) != seat


def window_prompt(
    state: GameState, seat: int, labels: Sequence[str], legal: Sequence[Action]
) -> Group:
    """The prompt of a window: who would play next, and the moves, each with what it does."""
    shown = state.shown_to_act(None)
    next_player = "the next player" if shown is None else seat_label(shown, labels)
    head = Text("Out of turn: ", style="bold yellow")
    head.append(f"you may answer before {next_player} plays; nobody else sees this ask.")
    table = Table(box=None, padding=(0, 1), show_header=False)
    table.add_column(justify="right", style="dim")
    table.add_column(no_wrap=True)
    table.add_column(style="dim")
    grammar = getattr(type(state), "grammar", None)
    said: set[str] = set()
    for number, action in enumerate(legal, start=1):
        text = str(action)
        verb = text.split(" ", 1)[0]
        help_text = "" if verb in said else move_help(grammar, text)
        said.add(verb)
        table.add_row(str(number), action_text(action), help_text)
    return Group(head, table)
