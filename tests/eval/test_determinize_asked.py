"""A world dealt for the seat to act has that seat to act (Palace's private windows).

The seat being asked knows it is asked. In Palace a private window asking
another seat shows every other seat the same view as its own turn would, so
comparing views alone let worlds through in which someone else was to act.
"""

from __future__ import annotations

import random

import pytest

import cardkit
from cardkit.engine.determinize import sample_worlds


@pytest.mark.parametrize(("name", "players"), [("palace", 3), ("palace", 4), ("tonk", 3)])
def test_worlds_of_the_seat_to_act_have_it_to_act(name: str, players: int) -> None:
    """Over random games, every sampled world of the seat to act has it to act."""
    game = cardkit.load_game(name)
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.start(players, seed=seed)
        while not state.is_over and state.action_count < 80:
            seat = state.to_act
            assert seat is not None
            for world in sample_worlds(state, seat, 3, rng):
                assert world.to_act == seat, f"seed {seed}, after {state.action_count} actions"
                checked += 1
            state = state.apply(rng.choice(list(state.legal_actions())))
    assert checked > 50
