"""`Audiences` counts each audience's changes as comparing every view would, without it."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("fastapi")

from cardkit import load_game
from cardkit.engine.state import GameState
from cardkit.engine.views import View
from cardkit.server._audience import Audiences


class _Compared:
    """The reference: every audience's view compared after every step."""

    def __init__(self, players: int) -> None:
        self.seats: list[int | None] = [*range(players), None]
        self.versions = [0] * (players + 1)
        self.shown: list[View | None] = [None] * (players + 1)

    def show(self, state: GameState, *, count: bool = True) -> bool:
        changed = False
        for index, seat in enumerate(self.seats):
            view = state.view(seat)
            if count and view != self.shown[index]:
                self.versions[index] += 1
                changed = changed or seat is None
            self.shown[index] = view
        return changed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_palace_versions_are_those_of_comparing_every_view(players: int) -> None:
    """Random Palace games, each seat that may act choosing at random (so windows are
    answered, declined and played through): the versions and the spectators' "changed"
    are those of the reference at every step, windows included."""
    game = load_game("palace")
    windows = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = game.start(players, seed=seed)
        audiences, compared = Audiences(players), _Compared(players)
        audiences.show(state, count=False)
        compared.show(state, count=False)
        while not state.is_over:
            seat = rng.choice(state.seats_to_act)
            state = state.act_as(seat, rng.choice(list(state.legal_actions_for(seat))))
            windows += state.public_state() is not state
            assert audiences.show(state) == compared.show(state)
            assert audiences.versions == compared.versions
    assert windows > 20  # the games open windows, so the comparing path is exercised
