"""Stacked decks: the deck order that deals chosen cards to chosen zones.

For tests, bug reports and puzzles. Palace deals, from the dealer's left and
one card at a time, ``zone_size`` rounds of face-down cards, then of face-up
cards, then of hand cards; the rest is the stock, top first.
`stacked_deck` inverts that:

>>> from cardkit_palace.setups import stacked_deck
>>> deck = stacked_deck(2, hands={0: "3S 4D 5C"}, face_up={0: "AS 2H TD"}, stock="KC")
>>> import cardkit
>>> state = cardkit.load_game("palace").start(players=2, deck=deck)
>>> str(state.view(0).hand), str(state.view(0).face_up[0])
('5C 4D 3S', 'TD 2H AS')

(Card sets print in canonical order: clubs, diamonds, hearts, spades.)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from cardkit import Card, Deck, parse_cards
from cardkit.cardset import CardSet

__all__ = ["stacked_deck"]

Cards = str | Iterable[str | Card]
Zone = Mapping[int, Cards] | Sequence[Cards] | None


def _by_seat(zone: Zone, players: int, name: str) -> dict[int, list[Card]]:
    if zone is None:
        return {}
    items = zone.items() if isinstance(zone, Mapping) else enumerate(zone)
    out: dict[int, list[Card]] = {}
    for seat, cards in items:
        if not 0 <= seat < players:
            raise ValueError(f"{name} names seat {seat}, but seats are 0-{players - 1}")
        out[seat] = parse_cards(cards)
    return out


def stacked_deck(
    players: int,
    dealer: int | None = None,
    *,
    face_down: Zone = None,
    face_up: Zone = None,
    hands: Zone = None,
    stock: Cards = (),
    zone_size: int = 3,
    rest: Cards = (),
) -> Deck:
    """The 52-card deck order that deals the given cards to the given zones.

    Args:
        players: the number of seats.
        dealer: the dealer (default: the last seat, as ``game.start``).
        face_down: cards per seat (a mapping seat → cards, or a list by
            seat), in position order (position 1 first). Seats or positions
            left out get leftover cards.
        face_up: face-up cards per seat.
        hands: hand cards per seat.
        stock: the top of the stock, top first; leftover cards follow.
        zone_size: the ``zone_size`` option of the game to be dealt.
        rest: the order in which leftover cards are used (default: canonical
            order, skipping every card placed explicitly).

    Raises:
        ValueError: a card is placed twice, a zone holds more than
            ``zone_size`` cards, or the cards do not fit the deck.
    """
    dealer = players - 1 if dealer is None else dealer
    first = (dealer + 1) % players
    zones = [
        _by_seat(face_down, players, "face_down"),
        _by_seat(face_up, players, "face_up"),
        _by_seat(hands, players, "hands"),
    ]
    stock_top = parse_cards(stock)
    placed: list[Card] = [c for z in zones for cards in z.values() for c in cards] + stock_top
    if len(CardSet(placed)) != len(placed):
        dup = next(c for i, c in enumerate(placed) if c in placed[:i])
        raise ValueError(f"card {dup.code} is placed twice")
    for z, name in zip(zones, ("face_down", "face_up", "hands"), strict=True):
        for seat, cards in z.items():
            if len(cards) > zone_size:
                raise ValueError(
                    f"{name} of seat {seat} has {len(cards)} cards; at most {zone_size}"
                )
    used = CardSet(placed)
    leftovers = [c for c in parse_cards(rest) if c not in used]
    seen = used | CardSet(leftovers)
    leftovers += [c for c in Deck.standard() if c not in seen]
    pool = iter(leftovers)
    order: list[Card] = []
    for z in zones:
        for rnd in range(zone_size):
            for k in range(players):
                seat = (first + k) % players
                cards = z.get(seat, [])
                order.append(cards[rnd] if rnd < len(cards) else next(pool))
    order += stock_top
    order += list(pool)
    if len(order) != 52:
        raise ValueError(f"the cards do not fit a 52-card deck ({len(order)} placed)")
    return Deck(order)
