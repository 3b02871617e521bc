"""Drawing from a stock, with the discard pile shuffled into a new stock when it runs out.

The plumbing of every game that draws from a stock and turns its discard pile
over (Crazy Eights, Rummy-like games): `draw_cards` draws one card, or until a
card is accepted, and records the public events of it: how many cards were
drawn (never which) and each reshuffle. `draw_zones` declares where the cards of
such a game lie and who sees them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from cardkit.cards.card import Card
from cardkit.engine._building import new_event
from cardkit.engine.events import Event
from cardkit.engine.zones import Seen, Zone
from cardkit.errors import InvalidState

if TYPE_CHECKING:
    from cardkit.engine.generic import GenericState

__all__ = ["Drawn", "draw_cards", "draw_to_hand", "draw_zones"]


class Drawn(NamedTuple):
    """What `draw_cards` drew, and the piles after it.

    Attributes:
        cards: the cards drawn, in order (hidden: for the drawer only).
        stock: the stock after the draw, top first.
        discard: the discard pile after the draw, top last.
        reshuffles: the number of reshuffles so far, this draw's included.
        events: the public events: ``draw`` (with ``count``) and ``reshuffle``.
    """

    cards: tuple[Card, ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    reshuffles: int
    events: list[Event]


def draw_cards(
    seat: int,
    stock: Sequence[Card],
    discard: Sequence[Card],
    reshuffles: int,
    shuffle: Callable[[Sequence[Card], int], tuple[Card, ...]],
    *,
    until: Callable[[Card], bool] | None = None,
) -> Drawn:
    """Draw for ``seat`` from the top of ``stock``: one card, or with ``until`` until a card
    it accepts (or nothing is left to draw).

    When the stock is empty, the discard pile but its top card becomes the
    new stock, shuffled by ``shuffle(cards, reshuffles)`` (a state's
    [`hidden_shuffle`][cardkit.engine.generic.GenericState.hidden_shuffle]).

    >>> from cardkit import parse_cards
    >>> got = draw_cards(0, (), parse_cards("5D 9C KH"), 0, lambda cards, salt: tuple(cards))
    >>> [c.code for c in got.cards], [c.code for c in got.discard], got.reshuffles
    (['5D'], ['KH'], 1)
    >>> tuple(e.kind for e in got.events)
    ('reshuffle', 'draw')
    """
    stock, discard = tuple(stock), tuple(discard)
    drawn: list[Card] = []
    events: list[Event] = []
    count = 0  # cards drawn since the last draw event
    top = 0  # the stock's cards before `top` are drawn
    while top < len(stock) or len(discard) > 1:
        if top == len(stock):
            if count:
                events.append(new_event("draw", seat, count=count))
            count = top = 0
            stock = shuffle(discard[:-1], reshuffles)
            reshuffles, discard = reshuffles + 1, discard[-1:]
            events.append(new_event("reshuffle", count=len(stock), note="discard pile into stock"))
        card = stock[top]
        top += 1
        drawn.append(card)
        count += 1
        if until is None or until(card):
            break
    if count:
        events.append(new_event("draw", seat, count=count))
    return Drawn(tuple(drawn), stock[top:], discard, reshuffles, events)


def draw_to_hand(
    state: GenericState[Any, Any, Any], *, until: Callable[[Card], bool] | None = None
) -> tuple[list[Event], dict[str, Any]]:
    """The seat to act of `state` draws as `draw_cards` does (one card, or `until` a card it
    accepts) into its hand: the public events, and the fields changed, for `evolve`.

    The fields are those of `draw_zones`' defaults: `hands` (one card set per seat),
    `stock` (top first), `discard` (top last), and `reshuffles` (the reshuffles so far).

    ```python
    def do_draw(self, action: Draw) -> Self:
        events, changes = draw_to_hand(self)
        return self.evolve(action, events, **changes)
    ```

    Raises:
        InvalidState: no seat is to act (the game is over).
    """
    f, seat = state.f, state.to_act
    if seat is None:
        raise InvalidState("no seat is to act: the game is over")
    cards, stock, discard, reshuffles, events = draw_cards(
        seat, f.stock, f.discard, f.reshuffles, state.hidden_shuffle, until=until
    )
    hands = state.with_seat(f.hands, f.hands[seat].union(cards))
    return events, {"hands": hands, "stock": stock, "discard": discard, "reshuffles": reshuffles}


def draw_zones(
    hands: str = "hands",
    stock: str = "stock",
    discard: str = "discard",
    revealed: Callable[[Any], int] | None = None,
) -> tuple[Zone, ...]:
    """The zones of a game that draws from a stock and discards face up, from the fields
    holding them (their names given here):

    - `hand`: each seat's hand (a field of one card collection per seat), seen by its
      owner; with `revealed`, the mask of the seats whose hand everyone sees now
      (see [`Zone`][cardkit.engine.zones.Zone]); the view's `hand` and `hand_counts`;
    - `stock`: face down (a field of cards, top first): everyone sees its count,
      `stock_count`;
    - `discard`: face up (a field of cards, top last): everyone sees its top card,
      `top`, and its count, `discard_count`.

    A table drawn for people lays them out as a hand, a stock and a discard pile.
    """
    return (
        Zone("hand", field=hands, per_seat=True, seen=Seen.OWNER, revealed=revealed),
        Zone("stock", field=stock, seen=Seen.COUNT),
        Zone("discard", field=discard, seen=Seen.TOP, top_key="top"),
    )
