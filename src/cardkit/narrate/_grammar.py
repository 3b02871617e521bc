"""Wording: what an event kind reads as, seat labels, and the second person for the player."""

from __future__ import annotations

from collections.abc import Sequence

#: How an event kind reads after a seat: ``Seat 2 plays ...``.
VERBS: dict[str, str] = {
    "play": "plays",
    "pass": "passes",
    "draw": "draws",
    "discard": "discards",
    "pickup": "picks up",
    "pick_up": "picks up",
    "take": "takes",
    "deal": "deals",
    "finish": "finishes",
    "knock": "knocks",
    "drop": "drops",
    "spread": "spreads",
    "hit": "hits",
    "burn": "burns",
    "reveal": "reveals",
    "flip": "flips",
    "swap": "swaps",
    "bury": "buries",
    "reshuffle": "reshuffles",
    "lead": "leads",
    "win": "wins",
    "lose": "loses",
    "pay": "pays",
    "cut": "cuts",
    "chop": "chops",
    "bomb": "bombs",
}


def seat_label(seat: int | None, labels: Sequence[str] | None = None) -> str:
    """``"Seat 2"``, or ``"Seat 2 (greedy)"`` with labels; ``"you"`` is shown as ``"You"``."""
    if seat is None:
        return "Table"
    label = labels[seat] if labels is not None and seat < len(labels) else ""
    if label.lower() == "you":
        return "You"
    return f"Seat {seat} ({label})" if label else f"Seat {seat}"


def _words(kind: str) -> str:
    return kind.replace("_", " ").replace("-", " ")


def _is_you(seat: int | None, labels: Sequence[str] | None) -> bool:
    return (
        seat is not None
        and labels is not None
        and seat < len(labels)
        and (labels[seat].lower() == "you")
    )


_IRREGULAR = {"is": "are", "has": "have", "does": "do", "was": "were", "goes": "go"}


def _base_form(verb: str) -> str:
    """``plays`` → ``play``, ``passes`` → ``pass``, ``buries`` → ``bury`` (first word only)."""
    first, _, rest = verb.partition(" ")
    if first in _IRREGULAR:
        first = _IRREGULAR[first]
    elif first.endswith("ies"):
        first = first[:-3] + "y"
    elif first.endswith(("sses", "shes", "ches", "xes")):
        first = first[:-2]
    elif first.endswith("s") and not first.endswith("ss"):
        first = first[:-1]
    return f"{first} {rest}" if rest else first


def second_person(phrase: str) -> str:
    """A third-person verb phrase said to the player: ``wins and leads`` → ``win and lead``.

    The first verb and each verb right after ``and`` take the base form.
    """
    parts = phrase.split(" and ")
    return " and ".join(_base_form(part) if part[:1].islower() else part for part in parts)
