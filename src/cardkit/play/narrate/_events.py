"""Events as lines, and the lines that narrate one action with the events it caused."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from cardkit.engine.actions import Action
from cardkit.engine.events import Event
from cardkit.play.narrate._grammar import seat_label, speaker
from cardkit.play.narrate._values import action_text, cards_text
from cardkit.words.wording import DEFAULT_WORDING, Role, Wording


def event_text(
    event: Event,
    labels: Sequence[str] | None = None,
    *,
    with_seat: bool = True,
    wording: Wording | None = None,
) -> Text:
    """One event as a line: ``Seat 2 plays 3♠ 3♥``, ``The starter is 7♣``.

    The words are [`Wording`][cardkit.words.wording.Wording]'s (the views' ``recent``
    says the same); this adds the styles.

    Args:
        event: the event.
        labels: each seat's label (a bot name, ``"you"``: the player reading).
        with_seat: start with the seat (``False`` when the line already names it).
        wording: the game's wording (``state.game.wording``; default: the core's).
    """
    viewer, names = speaker(labels)
    pieces = (wording or DEFAULT_WORDING).pieces(event, viewer=viewer, names=names)
    if not with_seat and event.seat is not None:
        pieces = [p for p in pieces if p.role is not Role.SUBJECT]
    out = Text()
    for i, piece in enumerate(pieces):
        if i and not piece.text.startswith((",", ";", ":", ".", ")")) and out.plain[-1:] != "(":
            out.append(" ")
        if piece.role is Role.CARDS:
            out.append_text(cards_text(piece.cards))
        elif piece.role is Role.KIND:
            out.append(piece.text, style="bold cyan" if event.seat is None else "magenta")
        else:
            out.append(piece.text, style=_STYLES.get(piece.role, ""))
    if out.plain.endswith(":"):  # nothing follows the colon: as the wording's line
        out.right_crop(1)
    return out


_STYLES = {Role.SUBJECT: "bold", Role.SEAT: "bold", Role.NOTE: "italic"}


def action_lines(
    seat: int | None,
    action: Action | str,
    events: Sequence[Event],
    labels: Sequence[str] | None = None,
    *,
    number: int | None = None,
    wording: Wording | None = None,
) -> list[Text]:
    """The lines that narrate one action of ``seat`` and the events it caused.

    The first line names the seat (after the move ``number`` when given) and
    reads as the seat's own first event, or shows the action when the first
    event is someone else's; the other events follow, indented.
    """
    head = Text(f"{number:>4}  " if number is not None else "", style="dim")
    head.append(seat_label(seat, labels), style="bold")
    head.append("  ")
    indent = " " * (8 if number is not None else 4)
    lines: list[Text] = []
    for i, event in enumerate(events):
        if i == 0 and event.seat is not None and event.seat == seat:
            lines.append(
                head.copy().append_text(event_text(event, labels, with_seat=False, wording=wording))
            )
            continue
        if i == 0:
            lines.append(head.copy().append_text(action_text(action)))
        lines.append(Text(indent).append_text(event_text(event, labels, wording=wording)))
    if not lines:
        lines.append(head.copy().append_text(action_text(action)))
    return lines


#: A narrated line's lead: its indent and, on a numbered line, the move number.
_LEAD = re.compile(r" *(?:\d+  )?")


def hanging(line: Text) -> Table | Text:
    """``line`` wrapped with a hanging indent: a wrapped line goes on under its words.

    The lead (the indent, and a numbered line's move number) stays on the
    first line; the rest wraps under its own start, so that on a narrow
    terminal the seats and move numbers stay a column of their own.
    """
    lead = _LEAD.match(line.plain)
    width = lead.end() if lead is not None else 0
    if width == 0:
        return line
    grid = Table.grid()
    grid.add_column(no_wrap=True, width=width)
    grid.add_column()
    grid.add_row(line[:width], line[width:])
    return grid
