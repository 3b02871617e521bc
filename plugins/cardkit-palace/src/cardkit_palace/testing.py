"""Helpers for tests of Palace and of Palace house rules: zone accessors and shared deals.

>>> import cardkit
>>> from cardkit_palace.setups import stacked_deck
>>> state = cardkit.load_game("palace").start(2, deck=stacked_deck(2, hands={0: "3S 4D 5C"}))
>>> str(hand(state, 0)), pile(state)
('5C 4D 3S', [])
"""

from __future__ import annotations

from typing import Final

from cardkit import CardSet, GameState

__all__ = ["LEFT", "NINES", "NINES_STOCK", "burned", "cards", "hand", "pile"]

#: The option that makes the seat left of the dealer start (a chosen starter).
LEFT: Final = {"first_player_rule": "left_of_dealer"}
#: Scenario 9's hands (seats 0-3): three nines in turn, the fourth with seat 2.
NINES: Final = {0: "9S 3C 4C", 1: "9H 9D 5C", 2: "9C 6C 7C", 3: "5D 6D 7D"}
#: Scenario 9's stock, top first: no nine in it.
NINES_STOCK: Final = "3H 4H 5H 6H 7H 8H"


def cards(text: str) -> CardSet:
    """The card set `text` names (`"3S 4D"`)."""
    return CardSet.parse(text)


def hand(state: GameState, seat: int) -> CardSet:
    """The hand of `seat` (hidden information: for tests)."""
    zone = state.zones()[f"hand:{seat}"]
    assert isinstance(zone, CardSet)
    return zone


def pile(state: GameState) -> list[str]:
    """The pile's card codes, bottom to top."""
    return [c.code for c in state.zones()["pile"]]


def burned(state: GameState) -> CardSet:
    """The burned cards."""
    zone = state.zones()["burned"]
    assert isinstance(zone, CardSet)
    return zone
