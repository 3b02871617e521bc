"""A seat to act that the rules make public is treated alike at the deal and mid-game (issue 21).

Hearts' holder of 2C leads; Palace's holder of the lowest card starts. When
a swap of two cards an observer never saw changes that seat, the observer can
tell the two games apart (every view shows the new seat to act), so neither
non-interference check compares them. Palace announces its starter with a
``lead`` event; this one does not, as a game written from the docs might not.
"""

from __future__ import annotations

from typing import ClassVar

import pytest

pytest.importorskip("cardkit_palace")
from cardkit_palace import exchange
from cardkit_palace.actions import PalaceAction
from cardkit_palace.game import PalaceGame
from cardkit_palace.state import PalaceState

from cardkit import Setup
from cardkit.testing import check_midgame_non_interference, check_non_interference


class SilentStarter(PalaceState):
    """Palace whose starter, the holder of the lowest card, leads with no ``lead`` event."""

    __slots__ = ()
    grammar = PalaceState.grammar  # the core finds the checks of a class with a grammar

    def do_ready(self, action: PalaceAction) -> PalaceState:
        new = exchange.do_ready(self, action)
        events = [e for e in new.last_events if e.kind != "lead"]
        return self.successor(action, events, new.f)


class SilentPalace(PalaceGame):
    name: ClassVar[str] = "palace"

    def deal(self, setup: Setup) -> PalaceState:
        state = super().deal(setup)
        object.__setattr__(state, "__class__", SilentStarter)
        return state


@pytest.mark.parametrize("players", [3, 4])
def test_a_public_starter_passes_both_checks(players: int) -> None:
    game = SilentPalace()
    for seed in range(4):
        assert check_non_interference(game, players, seed) > 0
        assert check_midgame_non_interference(game, players, seed) >= 0
