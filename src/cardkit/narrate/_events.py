"""Events as lines, and the lines that narrate one action with the events it caused."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from cardkit.actions import Action
from cardkit.events import Event
from cardkit.narrate._grammar import VERBS, _base_form, _is_you, _words, seat_label, second_person
from cardkit.narrate._values import action_text, cards_text


def event_text(
    event: Event, labels: Sequence[str] | None = None, *, with_seat: bool = True
) -> Text:
    """One event as a line: ``Seat 2 plays 3♠ 3♥``, ``Starter: 7♣``.

    Args:
        event: the event.
        labels: each seat's label (a bot name, ``"you"``).
        with_seat: start with the seat (``False`` when the line already names it).
    """
    out = Text()
    note_used = False
    if event.seat is None:
        out.append(_words(event.kind).capitalize(), style="bold cyan")
        if event.cards or event.count is not None or event.note:
            out.append(":")
    else:
        if with_seat:
            out.append(seat_label(event.seat, labels), style="bold")
            out.append(" ")
        verb = VERBS.get(event.kind)
        if verb is not None and _is_you(event.seat, labels):
            verb = _base_form(verb)
        you = _is_you(event.seat, labels)
        note = second_person(event.note) if you and event.note[:1].islower() else event.note
        if verb is not None and note.startswith(verb.split()[0] + " "):
            # The note already reads as the whole phrase: "deals 3 face down, ...".
            out.append(note)
            note_used = True
        elif verb is not None:
            out.append(verb)
        elif note[:1].islower():
            # An unknown kind whose note reads as a verb phrase: "goes out", "wins".
            out.append(note)
            note_used = True
        else:
            out.append(_words(event.kind), style="magenta")
    if event.cards:
        out.append(" ")
        out.append_text(cards_text(event.cards))
    if event.count is not None and not note_used and not event.note.startswith(f"{event.count} "):
        out.append(f" {event.count} card{'s' if event.count != 1 else ''}")
    if event.note and not note_used:
        out.append(" ")
        out.append(event.note, style="italic")
    return out


def action_lines(
    seat: int | None,
    action: Action | str,
    events: Sequence[Event],
    labels: Sequence[str] | None = None,
    *,
    number: int | None = None,
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
            lines.append(head.copy().append_text(event_text(event, labels, with_seat=False)))
            continue
        if i == 0:
            lines.append(head.copy().append_text(action_text(action)))
        lines.append(Text(indent).append_text(event_text(event, labels)))
    if not lines:
        lines.append(head.copy().append_text(action_text(action)))
    return lines
