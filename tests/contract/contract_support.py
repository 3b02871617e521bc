"""What the contract-kit tests share: the correct game, and Crazy Eights with one bug planted.

The tests import it by name: pytest's `pythonpath` option (pyproject.toml)
puts ``tests/contract`` on ``sys.path``, since its importlib mode lets no
test module import another.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from cardkit_crazyeights.game import CrazyEights
from cardkit_crazyeights.state import CrazyEightsState

from cardkit import Setup
from cardkit.authoring import SheddingView
from cardkit.testing import random_playout

GOOD = CrazyEights()


def broken(state_class: type[CrazyEightsState], **attrs: Any) -> CrazyEights:
    """Crazy Eights whose states are ``state_class`` (a subclass with one bug)."""

    class BrokenGame(CrazyEights):
        name: ClassVar[str] = "crazyeights"

        def deal(self, setup: Setup) -> CrazyEightsState:
            state = super().deal(setup)
            object.__setattr__(state, "__class__", state_class)
            return state

    for key, value in attrs.items():
        setattr(BrokenGame, key, value)
    return BrokenGame()


def check_each(check: Callable[[Any], None], game: CrazyEights) -> None:
    """Run ``check`` on every state of a random 3-player game."""
    for state in random_playout(game, 3, 1).states:
        check(state)


def a_state(game: CrazyEights, players: int = 3, seed: int = 1, actions: int = 6) -> Any:
    """A state some random actions into a game."""
    return random_playout(game, players, seed, max_actions=actions).final


class ShowsTheNextCard(CrazyEightsState):
    """Leaks the stock's next card in every view's `recent`."""

    __slots__ = ()

    def view(self, seat: int | None = None) -> SheddingView:
        view = super().view(seat)
        if not self.f.stock:
            return view
        return view.model_copy(update={"recent": [*view.recent, f"next: {self.f.stock[0].pretty}"]})
