"""Helpers for tests of Tonk and of Tonk house rules: decks that deal chosen hands.

>>> deck = stacked_deck(["7H 7S 7D 2C 3C", "KS QS JS TS TH", "AS AH 2S 3S 4S"],
...                     upcard="9D", stock="4C 5C")
>>> import cardkit
>>> state = cardkit.load_game("tonk").start(players=3, deck=deck)
>>> str(state.hand(0)), str(state.discard_top)
('2C 3C 7D 7H 7S', '9D')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import cardkit
from cardkit import Action, Card, Deck, GameState, InvalidDeck, parse_cards
from cardkit_tonk.state import TonkState

__all__ = ["draw_discard", "legal", "net", "play", "stacked_deck", "start"]

S = TypeVar("S", bound=GameState)


def play(state: S, *actions: str | Action) -> S:
    """Apply actions one after the other (text or Action objects) and return the last state."""
    for action in actions:
        state = state.apply(action)
    return state


def stacked_deck(
    hands: Sequence[str | Iterable[Card]],
    *,
    upcard: str | Card | None = None,
    stock: str | Iterable[Card] = "",
    dealer: int | None = None,
) -> Deck:
    """The deck order that deals ``hands`` (indexed by seat), then the upcard, then the stock.

    Cards are dealt one at a time starting left of the dealer (default: the
    last seat, so seat 0 gets the first card). ``stock`` lists the first
    stock cards, top first; the rest of the 52 cards follow in canonical
    order. With ``dealer_upcard = false`` leave ``upcard`` out: the first
    stock card is then the next card after the hands.

    Raises:
        InvalidDeck: the hands have different sizes, or a card is used twice
            (a ``ValueError``).
    """
    parsed = [parse_cards(h) for h in hands]
    players = len(parsed)
    if not players:
        raise InvalidDeck("give at least one hand")
    size = len(parsed[0])
    if any(len(h) != size for h in parsed):
        raise InvalidDeck(f"every hand must have {size} cards: {[len(h) for h in parsed]}")
    top = [] if upcard is None else [upcard if isinstance(upcard, Card) else Card.parse(upcard)]
    return Deck.stacked(players, parsed, size=size, dealer=dealer, then=[*top, *parse_cards(stock)])


def start(
    hands: list[str],
    *,
    upcard: str | None = None,
    stock: str = "",
    dealer: int | None = None,
    **options: Any,
) -> TonkState:
    """Deal exactly ``hands`` (then the upcard and the stock) under the rules ``options``."""
    game = cardkit.load_game("tonk")
    rules = game.rules(**options)
    deck = stacked_deck(hands, upcard=upcard, stock=stock, dealer=dealer)
    state = game.start(players=len(hands), rules=rules, deck=deck, dealer=dealer)
    assert isinstance(state, TonkState)
    return state


def legal(state: GameState) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in state.legal_actions()]


def net(state: GameState) -> list[int]:
    """Each seat's net money from the hand (it must be over)."""
    assert state.is_over
    return state.result().net


def draw_discard(state: TonkState) -> TonkState:
    """Draw, then discard the card just drawn."""
    seat = state.to_act
    assert seat is not None
    before = state.hand(seat)
    state = state.apply("draw")
    (card,) = state.hand(seat) - before
    return state.apply(f"discard {card}")
