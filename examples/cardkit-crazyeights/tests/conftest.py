"""Shared fixtures of the Crazy Eights tests: deals from explicit deck orders, and refusals.

Each fixture hands a test a plain function: ``start(["8H KC 2S", "9C 5H 8D"], "4S")``
deals two hands and turns up the starter; ``refused(state, "play 5H")`` expects an
[`IllegalAction`][cardkit.errors.IllegalAction] that changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from cardkit_crazyeights.game import CrazyEights
from cardkit_crazyeights.state import CrazyEightsState

from cardkit import Deck, IllegalAction

GAME = CrazyEights()


def deck_for_hands(hands: Sequence[str], starter: str, stock: str = "") -> Deck:
    """A deck that deals ``hands`` (seat 0 first, one card at a time), then the starter and stock.

    The rest of the 52 cards follows ``stock``, in canonical order.
    """
    size = len(hands[0].split())
    assert all(len(h.split()) == size for h in hands)
    return Deck.stacked(len(hands), hands, size=size, then=f"{starter} {stock}")


def start_with_hands(
    hands: Sequence[str], starter: str, stock: str = "", **options: Any
) -> CrazyEightsState:
    """Deal ``hands`` to seats 0.. (the dealer is the last seat), so seat 0 plays first."""
    players = len(hands)
    size = len(hands[0].split())
    rules = GAME.rules(cards_each=size, **options)
    return GAME.start(players=players, rules=rules, deck=deck_for_hands(hands, starter, stock))


def rig(state: CrazyEightsState, **fields: Any) -> CrazyEightsState:
    """Set some fields of a fresh state in place, to reach a position quickly (tests only)."""
    for name, value in fields.items():
        object.__setattr__(state, "f", state.f._replace(**{name: value}))
    object.__setattr__(state, "_legal", None)
    return state


def assert_refused(state: CrazyEightsState, action: str) -> IllegalAction:
    """Apply ``action``, expect IllegalAction, and check that nothing changed."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.to_json() == before
    return info.value


@pytest.fixture(scope="session")
def deck_for() -> Callable[..., Deck]:
    """``deck_for(hands, starter, stock="")``: see `deck_for_hands`."""
    return deck_for_hands


@pytest.fixture(scope="session")
def start() -> Callable[..., CrazyEightsState]:
    """``start(hands, starter, stock="", **options)``: see `start_with_hands`."""
    return start_with_hands


@pytest.fixture(scope="session")
def rigged() -> Callable[..., CrazyEightsState]:
    """``rigged(state, **fields)``: see `rig`."""
    return rig


@pytest.fixture(scope="session")
def refused() -> Callable[[CrazyEightsState, str], IllegalAction]:
    """``refused(state, action)``: see `assert_refused`."""
    return assert_refused
