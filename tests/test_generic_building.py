"""How `GenericState` builds states: each is exactly its game's class, and immutable.

Every state is built as an instance of its game's class (`object.__new__`, its slots
set one by one; see `cardkit.engine.generic`), also the one the action cap ends.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest
from cardkit_crazyeights.state import CrazyEightsState

import cardkit
from cardkit.engine.generic import GenericState


def _playout(name: str, players: int, seed: int) -> list[GenericState[Any, Any]]:
    game = cardkit.load_game(name)
    rng = random.Random(seed)
    state = game.start(players=players, seed=seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize(("name", "players"), [("crazyeights", 3), ("tonk", 2), ("tienlen", 4)])
def test_every_state_is_its_games_class_and_immutable(name: str, players: int) -> None:
    """The deal (`first`) and every transition (`evolve`, `successor`) give the game's class."""
    states = _playout(name, players, 11)
    kind = type(states[0])
    assert kind.__name__ == kind.__qualname__.rsplit(".", 1)[-1]
    for state in states:
        assert type(state) is kind
        with pytest.raises(AttributeError, match="immutable"):
            state.f = state.f
        with pytest.raises(AttributeError, match="immutable"):
            state._legal = None
    last = states[-1]
    assert pickle.loads(pickle.dumps(last)) == last
    assert copy.deepcopy(last) == last
    assert type(copy.deepcopy(last)) is kind


def test_a_subclass_of_a_state_class_builds_its_own_states() -> None:
    """A state class derived from a game's (a test double) keeps its class through play."""

    class Traced(CrazyEightsState):
        __slots__ = ()

        def __init__(self, never: object) -> None:  # the core builds states without it
            raise AssertionError("a state is not built by calling its class")

    first = cardkit.load_game("crazyeights").start(players=3, seed=2)
    state = Traced.first(first.game, first.setup, first.f, first.last_events)
    assert type(state) is Traced
    state = state.apply(state.legal_actions()[0])
    assert type(state) is Traced


def test_evolve_replaces_the_named_fields_only() -> None:
    """`evolve` changes exactly the fields named, as `NamedTuple._replace` would."""
    state = cardkit.load_game("crazyeights").start(players=3, seed=4)
    action = state.legal_actions()[0]
    after = state.evolve(action, (), seat=2, passes=1)
    assert after.f == state.f._replace(seat=2, passes=1)
    assert type(after.f) is type(state.f)
    assert after.history == (action,)
    assert state.evolve(action, ()).f is state.f
    with pytest.raises(ValueError, match=r"unexpected field names: \['sete'\]"):
        state.evolve(action, (), seat=2, sete=1)
