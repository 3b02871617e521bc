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
from cardkit.cards.cardset import CardSet
from cardkit.engine._building import PileFields, fields_list, new_event, pile_fields
from cardkit.engine.events import Event
from cardkit.engine.zones import Seen, Zone
from cardkit.errors import InvalidState

if TYPE_CHECKING:
    from cardkit.engine.generic import GenericState

__all__ = ["Drawn", "draw_cards", "draw_to_hand", "draw_zones", "drawn_into_hand"]


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
    drawn: list[Card] = []
    piles = _draw(seat, tuple(stock), tuple(discard), reshuffles, shuffle, until, -1, drawn)
    return Drawn(tuple(drawn), piles[0], piles[1], piles[2], piles[3])


def _draw(
    seat: int,
    stock: tuple[Card, ...],
    discard: tuple[Card, ...],
    reshuffles: int,
    shuffle: Callable[[Sequence[Card], int], tuple[Card, ...]],
    until: Callable[[Card], bool] | None,
    accept: int,
    drawn: list[Card],
) -> tuple[tuple[Card, ...], tuple[Card, ...], int, list[Event], int]:
    """`draw_cards`, the cards drawn appended to `drawn`: until a card `until` accepts, else
    (`until` `None`) one of the card mask `accept` (-1: any card). The stock, the discard
    pile, the reshuffles and the events after it, and the mask of the cards drawn (a plain
    tuple: compiled, a `Drawn` is built through its Python `__new__`)."""
    events: list[Event] = []
    count = 0  # cards drawn since the last draw event
    top = 0  # the stock's cards before `top` are drawn
    mask = 0
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
        bit: int = card.bit
        mask |= bit
        count += 1
        if until(card) if until is not None else bit & accept:
            break
    if count:
        events.append(new_event("draw", seat, count=count))
    return stock[top:], discard, reshuffles, events, mask


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
    f: tuple[Any, ...] = state.f
    at = pile_fields(f, shedding=False)
    events, new = _into_hand(state, at, until, -1)
    hands, stock, discard = new[at.hands], new[at.stock], new[at.discard]
    return events, {
        "hands": hands,
        "stock": stock,
        "discard": discard,
        "reshuffles": new[at.reshuffles],
    }


def drawn_into_hand(
    state: GenericState[Any, Any, Any], at: PileFields, accept: int
) -> tuple[list[Event], list[Any]]:
    """`draw_to_hand(state)`, drawing until a card of the card mask `accept` (-1: one card),
    for the core's transitions: the events, and the fields as a list, changed by index (`at`:
    where they lie in `state.f`'s class).

    Raises:
        InvalidState: no seat is to act (the game is over).
    """
    return _into_hand(state, at, None, accept)


def _into_hand(
    state: GenericState[Any, Any, Any],
    at: PileFields,
    until: Callable[[Card], bool] | None,
    accept: int,
) -> tuple[list[Event], list[Any]]:
    """`draw_to_hand`, as `_draw` draws: the events, and `state.f` as a list, changed."""
    f: tuple[Any, ...] = state.f
    seat = state.to_act
    if seat is None:
        raise InvalidState("no seat is to act: the game is over")
    stock, discard, reshuffles = tuple(f[at.stock]), tuple(f[at.discard]), f[at.reshuffles]
    drawn: list[Card] = []
    stock, discard, reshuffles, events, mask = _draw(
        seat, stock, discard, reshuffles, state.hidden_shuffle, until, accept, drawn
    )
    hands: tuple[CardSet, ...] = f[at.hands]
    new = fields_list(f)
    new_hands = list(hands)
    new_hands[seat] = CardSet.from_mask(hands[seat].mask | mask)
    new[at.hands] = tuple(new_hands)
    new[at.stock] = stock
    new[at.discard] = discard
    new[at.reshuffles] = reshuffles
    return events, new


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
