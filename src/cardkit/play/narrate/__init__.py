"""Narration for people: events, views, results and standings rendered with rich.

The CLI narrates games with these helpers, and apps can too. They show only
what they are given: events (public by contract), a seat's view, a result.
Cards get their suit symbols, hearts and diamonds in red.

>>> from rich.console import Console
>>> from cardkit import Event, Card
>>> Console().print(event_text(Event("play", 2, cards=(Card.parse("QS"),))))  # doctest: +SKIP
Seat 3 plays Q♠

People's seats count from 1, in every line these helpers write:
[`seat_label`][cardkit.play.narrate.seat_label] says ``"Seat 3 (greedy)"`` for
the seat of index 2; events, views and results keep the index.
"""

from __future__ import annotations

from cardkit.play.narrate._events import action_lines, event_text, hanging
from cardkit.play.narrate._grammar import VERBS, seat_label, second_person
from cardkit.play.narrate._narrator import Narrator
from cardkit.play.narrate._results import (
    hand_sizes_table,
    payments_text,
    result_table,
    standings_table,
)
from cardkit.play.narrate._values import action_text, card_text, cards_text, value_text, view_table

__all__ = [
    "VERBS",
    "Narrator",
    "action_lines",
    "action_text",
    "card_text",
    "cards_text",
    "event_text",
    "hand_sizes_table",
    "hanging",
    "payments_text",
    "result_table",
    "seat_label",
    "second_person",
    "standings_table",
    "value_text",
    "view_table",
]
