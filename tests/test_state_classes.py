"""Every state class is a class of the source: none is made at run time (issue 37, issue 42).

The states of every registered game, the deal, the play and the state that reaches the
action cap, are of classes that their module defines under their name: importing the
module and following the qualified name gives the class itself, for every class of the
MRO. (A class made at run time, as a builder swapped in through `__class__` or a capped
twin made per state class, is found under no name, or under its base's.)
"""

from __future__ import annotations

import importlib
import random

import pytest

import cardkit
from cardkit import GameState

#: The action caps of the games played: a short one (most of its games are capped), and
#: the game's own.
CAPS = (3, None)


def _by_import(cls: type) -> object:
    """What `cls.__module__` holds under `cls.__qualname__`."""
    found: object = importlib.import_module(cls.__module__)
    for part in cls.__qualname__.split("."):
        found = getattr(found, part, None)
    return found


def _states(name: str) -> list[GameState]:
    """Played games' states (the deals, the play, the states at the cap), a few seeds."""
    game = cardkit.load_game(name)
    states: list[GameState] = []
    for seed in range(4):
        rng = random.Random(seed)
        rules = game.rules().with_max_actions(CAPS[seed % 2])
        state = game.start(game.players.default, rules, seed=seed)
        states.append(state)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            states.append(state)
    return states


@pytest.mark.parametrize("name", cardkit.available_games())
def test_no_state_class_is_made_at_run_time(name: str) -> None:
    states = _states(name)
    assert any(state.result().capped for state in states if state.is_over)
    for kind in {type(state) for state in states}:
        for cls in kind.__mro__:
            assert _by_import(cls) is cls, f"{cls!r} ({cls.__qualname__}) is made at run time"


@pytest.mark.parametrize("name", cardkit.available_games())
def test_a_capped_state_refuses_every_action_clearly(name: str) -> None:
    """Acting on a state the cap ended says the game is over, as for any finished game."""
    game = cardkit.load_game(name)
    state = game.start(game.players.default, game.rules(max_actions=1), seed=3)
    legal = state.legal_actions()
    capped = state.apply(legal[0])
    assert capped.is_over
    assert capped.to_act is None
    assert capped.legal_actions() == ()
    assert capped.result().capped
    assert type(capped) is type(state)
    with pytest.raises(cardkit.IllegalAction, match="over") as refused:
        capped.apply(legal[-1])
    assert refused.value.code == "game_over"
    with pytest.raises(AttributeError, match="immutable; apply\\(\\) returns a new state"):
        capped.f = state.f  # type: ignore[misc]
