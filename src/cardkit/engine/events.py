"""Events: what happened in a transition, in public terms.

Every transition of a game records events: who played what, who drew a card
(never which card, unless it was shown to everyone), who picked up the pile,
how a round or a deal ended. UIs and logs narrate a game from them; they are
the same for every seat, so they never leak hidden information.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from cardkit.cards.card import Card
from cardkit.words.wording import DEFAULT_WORDING, Wording

__all__ = ["Event"]

_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Event(NamedTuple):
    """One public fact about a transition.

    An immutable named tuple (games create one or more per move, so it must
    be cheap); two events are equal when all fields but ``data`` are.

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
    count: int | None = None  # type: ignore[assignment]  # the public field name shadows tuple.count
    note: str = ""
    data: Mapping[str, Any] = _NO_DATA

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self[:5] == other[:5]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[:5])

    def __reduce__(self) -> tuple[Callable[..., Event], tuple[object, ...]]:
        """Copied and pickled by value: ``data`` (often a read-only mapping, which does
        not pickle) travels as a dict and comes back read-only."""
        return _event, (*self[:5], dict(self.data))

    def describe(
        self,
        names: Sequence[str] | None = None,
        *,
        viewer: int | None = None,
        wording: Wording | None = None,
    ) -> str:
        """A one-line narration, such as ``"Seat 3 plays 3♠ 3♥"`` (``"You play 3♠ 3♥"`` to it).

        The line comes from the one narrator, [`Wording`][cardkit.words.wording.Wording]:
        give the game's own (``state.game.wording``) to have its event kinds
        read as the game words them.

        Args:
            names: optional player names indexed by seat.
            viewer: the seat reading the line (``None``: a spectator).
            wording: the game's wording (default: the core's defaults).
        """
        return (wording or DEFAULT_WORDING).line(self, viewer=viewer, names=names)

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
            out["data"] = dict(self.data)
        return out


def _event(
    kind: str,
    seat: int | None,
    cards: tuple[Card, ...],
    count: int | None,
    note: str,
    data: dict[str, Any],
) -> Event:
    """The `Event` that `Event.__reduce__` took apart."""
    return Event(kind, seat, cards, count, note, MappingProxyType(data) if data else _NO_DATA)
