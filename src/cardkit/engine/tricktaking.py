"""Playing a card to a trick, as the core narrates it: the engine part of [cardkit.cards.tricks][].

[`play_to_trick`][cardkit.engine.tricktaking.play_to_trick] plays one card and, when the
trick is complete, finds its winner; its events are worded by the core's phrases
(`"Seat 1 plays 2♠"`, `"Trumps are broken: spades"`, `"Seat 1 takes the trick with 2♠"`).
"""

from __future__ import annotations

from typing import NamedTuple

from cardkit.cards.card import Card, Suit
from cardkit.cards.orders import RankOrder
from cardkit.cards.tricks import Trick
from cardkit.engine.events import Event

__all__ = ["TrickStep", "play_to_trick"]


class TrickStep(NamedTuple):
    """What playing a card to a trick did.

    Attributes:
        trick: the trick to play to next: the same trick with the card, or a new
            one led by the winner once complete.
        won: the seat that took the trick (`None` while it goes on).
        complete: the complete trick, once taken (`None` while it goes on).
        broken: whether trumps are broken now (a trump has been played).
        events: `play`, then `trumps_broken` (the first trump), then `trick` (once taken).
    """

    trick: Trick
    won: int | None
    complete: Trick | None
    broken: bool
    events: list[Event]


def play_to_trick(
    trick: Trick, card: Card, ranks: RankOrder, trump: Suit | None = None, broken: bool = False
) -> TrickStep:
    """The seat to play plays `card` to `trick` (legality is the caller's, see `legal_plays`).

    Raises:
        ValueError: the trick is complete.
    """
    seat = trick.to_play
    played = trick.add(card)
    events = [Event("play", seat, (card,))]
    if trump is not None and card.suit == trump and not broken:
        broken = True
        events.append(Event("trumps_broken", note=trump.name.lower()))
    if not played.complete:
        return TrickStep(played, None, None, broken, events)
    won = played.winner(ranks, trump)
    events.append(Event("trick", won, note=f"with {played.by_seat()[won].pretty}"))
    return TrickStep(Trick(won, played.players), won, played, broken, events)
