"""How both environments render: the modes they take and what each does with a text."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from cardkit.errors import InvalidRules

if TYPE_CHECKING:
    from cardkit.rl._table import Table

__all__ = ["RENDER_FPS", "RENDER_MODES", "check_render_mode", "show", "table_text"]

#: The render modes of both environments, and the frame rate `"human"` is shown at.
RENDER_MODES = ("ansi", "human")
RENDER_FPS = 4


def check_render_mode(mode: str | None) -> str | None:
    """The render mode, if it is one (`None`, `"ansi"`, `"human"`).

    Raises:
        InvalidRules: another mode.
    """
    if mode is not None and mode not in RENDER_MODES:
        raise InvalidRules(f"render_mode must be None, 'ansi' or 'human', not {mode!r}")
    return mode


def show(mode: str | None, text: str) -> str | None:
    """Render `text` in `mode`: returned for `"ansi"`, printed for `"human"`."""
    if mode == "human":
        print(text)
        return None
    return text if mode == "ansi" else None


def table_text(table: Table, seat: int | None) -> str:
    """The seat's view of the table's game (and the result, once over) as the terminal
    shows it."""
    from rich.console import Console

    from cardkit.play.narrate import result_table, view_table

    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=None, force_terminal=False)
    who = "spectator" if seat is None else f"Seat {seat + 1}"  # for people: from 1
    console.print(view_table(table.state.view(seat), title=f"{table.game.title}: {who}"))
    if table.state.is_over:
        console.print(result_table(table.result()))
    return buffer.getvalue()
