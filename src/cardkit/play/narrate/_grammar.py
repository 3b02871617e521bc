"""Seat labels for people, and the wording helpers the narrator shares with the core.

The wording itself (what an event kind reads as, the second person for the
player) is [cardkit.words.wording][]: one narrator for the views, the command line
and the server.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardkit.words.wording import VERBS, second_person

__all__ = ["VERBS", "seat_label", "second_person", "speaker"]


def seat_label(seat: int | None, labels: Sequence[str] | None = None) -> str:
    """Seat index 1 as ``"Seat 2"``, or ``"Seat 2 (greedy)"`` with labels; ``"you"`` as ``"You"``.

    People count seats from 1 in every text they read; the index (JSON, the
    protocol, the Python API) counts from 0.
    """
    if seat is None:
        return "Table"
    label = labels[seat] if labels is not None and seat < len(labels) else ""
    if label.lower() == "you":
        return "You"
    return f"Seat {seat + 1} ({label})" if label else f"Seat {seat + 1}"


def speaker(labels: Sequence[str] | None) -> tuple[int | None, list[str] | None]:
    """The viewer (the seat labelled ``"you"``) and each seat's name, from the CLI's labels.

    Without labels the core's wording names the seats (as the views' ``recent`` does).
    """
    if labels is None:
        return None, None
    viewer = next((s for s, label in enumerate(labels) if label.lower() == "you"), None)
    return viewer, [seat_label(s, labels) for s in range(len(labels))]


def _words(kind: str) -> str:
    return kind.replace("_", " ").replace("-", " ")


def _is_you(seat: int | None, labels: Sequence[str] | None) -> bool:
    return (
        seat is not None
        and labels is not None
        and seat < len(labels)
        and (labels[seat].lower() == "you")
    )
