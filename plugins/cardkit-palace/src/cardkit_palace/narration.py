"""How Palace's own event kinds read, for a seat and for spectators.

The plugin registers [`PHRASES`][cardkit_palace.narration.PHRASES] with
`register.add_phrases`, so every narration (the views' `recent` once
they use `game.wording`, the command line, the server's tables) says them;
`play`, `draw`, `deal`, `lead`, `ready` and `win` read by cardkit's defaults.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardkit.authoring import EventLike, PhraseLike

__all__ = ["PHRASES"]


def _swap(event: EventLike) -> str:
    """A hand card swapped with a face-up one: `"Seat 1 swaps 2♦ from hand for 9♠ face up"`."""
    if len(event.cards) == 2:
        hand, up = event.cards
        return f"swaps {hand.pretty} from hand for {up.pretty} face up"
    return "swaps {cards}"


#: Palace's event kinds → phrases.
PHRASES: Mapping[str, PhraseLike] = {
    "add": "adds {cards} to the pile",
    "complete": "completes four of a kind out of turn with {cards}",
    "burn": "burns the pile ({card_count})",
    "pickup": "picks up the pile ({card_count})",
    "flip": "flips face-down card {position}: {cards}",
    "swap": _swap,
    "finish": "goes out {place:ordinal}",
    "lose": "loses, the last player holding cards ({place:ordinal})",
}
