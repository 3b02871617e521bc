"""Shared fixtures for the Palace tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest
from cardkit_palace import PalaceGame, PalaceRules, PalaceState
from cardkit_palace.setups import stacked_deck

import cardkit

Begin = Callable[..., PalaceState]


@pytest.fixture(scope="session")
def game() -> PalaceGame:
    """The registered Palace game."""
    loaded = cardkit.load_game("palace")
    assert isinstance(loaded, PalaceGame)
    return loaded


def run(state: PalaceState, actions: Iterable[str]) -> PalaceState:
    """Apply action texts in turn (each must be legal)."""
    for text in actions:
        state = state.apply(text)
    return state


@pytest.fixture
def begin(game: PalaceGame) -> Begin:
    """Deal a stacked deck and finish the exchange (every seat ready, no swaps).

    ``begin(players, dealer=None, rules=None, exchange=True, **zones)`` where
    ``zones`` are the keywords of `cardkit_palace.setups.stacked_deck`
    and ``rules`` is a dict of options.
    """

    def start(
        players: int,
        dealer: int | None = None,
        rules: dict[str, Any] | None = None,
        exchange: bool = True,
        **zones: Any,
    ) -> PalaceState:
        model: PalaceRules = game.rules(**(rules or {}))
        deck = stacked_deck(players, dealer, zone_size=model.zone_size, **zones)
        state = game.start(players, model, deck=deck, dealer=dealer)
        if exchange:
            state = run(state, ["ready"] * players)
        return state

    return start


def _texts(state: PalaceState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def _plays(state: PalaceState) -> set[str]:
    return {t for t in _texts(state) if t.startswith("play ")}


@pytest.fixture
def play() -> Callable[[PalaceState, Iterable[str]], PalaceState]:
    """``play(state, ["play 3S", "pickup"])``: apply action texts in turn."""
    return run


@pytest.fixture
def texts() -> Callable[[PalaceState], list[str]]:
    """``texts(state)``: the legal actions as text."""
    return _texts


@pytest.fixture
def plays() -> Callable[[PalaceState], set[str]]:
    """``plays(state)``: the legal plays as a set of texts."""
    return _plays
