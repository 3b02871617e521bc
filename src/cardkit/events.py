"""Events: what happened in a transition, in public terms.

Every transition of a game records events: who played what, who drew a card
(never which card, unless it was shown to everyone), who picked up the pile,
how a round or a deal ended. UIs and logs narrate a game from them; they are
the same for every seat, so they never leak hidden information.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardkit.cards import Card

__all__ = ["Event"]


@dataclass(frozen=True, slots=True)
class Event:
    """One public fact about a transition.

    Attributes:
        kind: a short machine-readable name, such as ``"deal"``, ``"play"``,
            ``"pass"``, ``"draw"``, ``"pickup"``, ``"round_end"``,
            ``"finish"`` or ``"game_over"``; each game documents its kinds.
        seat: the seat the event is about, or ``None`` for table events.
        cards: cards shown to everyone by this event (a play, a discard).
        count: a number of cards that moved unseen (a draw), when relevant.
        note: a short human note completing the narration.
        data: extra public, JSON-ready details (scores, spread ids...).
    """

    kind: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    count: int | None = None
    note: str = ""
    data: dict[str, Any] = field(default_factory=dict, compare=False)

    def describe(self, names: list[str] | None = None) -> str:
        """A one-line narration, such as ``"Seat 2 plays 3S 3H"``.

        Args:
            names: optional player names indexed by seat.
        """
        who = ""
        if self.seat is not None:
            who = names[self.seat] if names else f"Seat {self.seat}"
        parts = [who, self.kind.replace("_", " ")]
        if self.cards:
            parts.append(" ".join(c.pretty for c in self.cards))
        if self.count is not None:
            parts.append(f"{self.count} card{'s' if self.count != 1 else ''}")
        if self.note:
            parts.append(self.note)
        return " ".join(p for p in parts if p)

    def to_json_dict(self) -> dict[str, Any]:
        """The event as a JSON-ready dict (cards as codes)."""
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        if self.cards:
            out["cards"] = [c.code for c in self.cards]
        if self.count is not None:
            out["count"] = self.count
        if self.note:
            out["note"] = self.note
        if self.data:
            out["data"] = self.data
        return out
