"""Tables that stay readable on a narrow terminal: one entry a paragraph below 100 columns.

A rich table squeezed into 80 columns wraps its description column a word
a line (`cardkit rules palace` ran to hundreds of lines). Below
[WIDE][cardkit.cli._stacked.WIDE] columns, [fitted][cardkit.cli._stacked.fitted]
says each row as its first cell in bold, the short cells after it
(`int (>= 1) · default 100000`), and the long ones indented below.
"""

from __future__ import annotations

from rich import box
from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

__all__ = ["WIDE", "fitted", "whole_cells"]

#: The narrowest terminal that gets the tables themselves.
WIDE = 100

#: A column whose cells are longer than this on average is said below its row's first line.
_LONG = 28


def fitted(table: Table, width: int) -> RenderableType:
    """``table`` itself on a terminal of at least `WIDE` columns, else it stacked."""
    if width >= WIDE or not table.columns:
        return table
    columns = [[_plain(cell) for cell in column.cells] for column in table.columns]
    headers = [_plain(column.header).lower() for column in table.columns]
    long = [sum(map(len, cells)) > _LONG * len(cells) for cells in columns]
    lines: list[RenderableType] = []
    if table.title:
        lines.append(Text(_plain(table.title), style="italic"))
    for row in range(table.row_count):
        head = Text(columns[0][row], style="bold cyan")
        short = [
            f"{headers[c]} {columns[c][row]}"
            for c in range(1, len(columns))
            if not long[c] and columns[c][row].strip()
        ]
        if short:
            head.append("  " + " · ".join(short))
        lines.append(head)
        for c in range(1, len(columns)):
            if long[c] and columns[c][row].strip():
                lines.append(Padding(Text(columns[c][row]), (0, 0, 0, 4)))
    return Group(*lines)


def _plain(cell: object) -> str:
    """A cell's text (cells here are plain `Text` or strings)."""
    return cell.plain if isinstance(cell, Text) else str(cell)


def whole_cells(table: Table, console: Console) -> Table:
    """``table`` with no cell cut or wrapped: results (``24.3–29.1%``, bot names) stay whole.

    Every column keeps its cells on one line (headers may be given two lines,
    ``"Win\\nrate"``); a table still wider than the terminal loses its box and
    keeps one space between columns, which gives back two columns a cell.
    """
    for column in table.columns:
        column.no_wrap = True
    unbounded = console.options.update_width(1 << 16)
    if Measurement.get(console, unbounded, table).maximum > console.width:
        table.box = box.SIMPLE_HEAD
        table.show_edge = False
        table.pad_edge = False
        table.collapse_padding = True
    return table
