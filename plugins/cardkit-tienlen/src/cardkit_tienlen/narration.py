"""How Tiến lên's own event kinds read, for a seat and for spectators.

The plugin registers [`PHRASES`][cardkit_tienlen.narration.PHRASES] with
`register.add_phrases`, so every narration (the views' `recent`, the
command line, the server's tables) says them; `play`, `pass`, `deal`,
`lead` and `finish` read by cardkit's defaults (`"Seat 2 plays 3♠ 4♠ 5♥ (sequence of 3)"`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardkit.authoring import Event, EventLike, Phrase, PhraseLike, Wording

__all__ = ["PHRASES", "WORDING", "narrate"]


def _round_end(event: EventLike) -> str | Phrase:
    """Who leads the next round: its winner, or the next seat when the winner went out."""
    if event.data.get("won_by") == event.seat:
        return Phrase("wins the round and leads", you="win the round and lead")
    return "leads, as {won_by:seat} won the round and went out"


def _game_over(event: EventLike) -> str:
    """How the deal ended, and the seats by name in finishing order."""
    reason = str(event.data.get("reason", "")).replace("_", " ")
    return f"The deal is over ({reason}); finishing order: {{order:seats}}"


#: Tiến lên's event kinds → phrases.
PHRASES: Mapping[str, PhraseLike] = {
    "round_end": _round_end,
    "game_over": _game_over,
}

#: Tiến lên's wording alone (a registered game's is `game.wording`, with any house rule's).
WORDING = Wording(PHRASES)


def narrate(event: Event, names: Sequence[str] | None = None, viewer: int | None = None) -> str:
    """One Tiến lên event as a line for people: ``Seat 2 plays 3♠ 3♥ (pair)``.

    Args:
        event: an event of this game.
        names: optional player names indexed by seat.
        viewer: the seat reading it (its own events read ``"You ..."``).
    """
    return WORDING.line(event, viewer=viewer, names=names)
