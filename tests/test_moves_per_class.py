"""A state class's checks and transitions are found per class: a subclass's override holds.

A subclass of a game's state (a house rule, a test double) that overrides
`check_<kind>` or `do_<kind>` without declaring `grammar` again must be
played with its own methods, not its parent's.
"""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_crazyeights.state import CrazyEightsState, Draw, Pass, Play

import cardkit
from cardkit.errors import IllegalAction, Refusal


def _first(cls: type[CrazyEightsState]) -> CrazyEightsState:
    start = cardkit.load_game("crazyeights").start(players=3, seed=2)
    return cls.first(start.game, start.setup, start.f, start.last_events)


class _NoDrawing(CrazyEightsState):
    """A house rule: nobody may draw."""

    __slots__ = ()

    def check_draw(self, action: Draw) -> Refusal | None:
        return Refusal("no_drawing", "this table never draws")


class _LoggedPass(CrazyEightsState):
    """A transition overridden (it does what its parent's does)."""

    __slots__ = ()

    def do_pass(self, action: Pass) -> Any:
        return super().do_pass(action)


def test_a_subclass_overriding_a_check_is_refused_by_its_own_check() -> None:
    """`check_draw` of the subclass holds, though it does not declare `grammar` again."""
    state = _first(_NoDrawing)
    assert state.refusal(Draw()) == Refusal("no_drawing", "this table never draws")
    assert Draw() not in state.reference_legal()
    with pytest.raises(IllegalAction, match="never draws"):
        state.apply(Draw())


def test_a_subclass_overriding_a_transition_is_played_by_its_own_transition() -> None:
    """`do_play` of the subclass holds, through `apply` of a listed action and of text."""
    calls: list[Play] = []

    class Counted(CrazyEightsState):
        __slots__ = ()

        def do_play(self, action: Play) -> Any:
            calls.append(action)
            return super().do_play(action)

    state = _first(Counted)
    play = next(a for a in state.legal_actions() if isinstance(a, Play))
    state.apply(play)
    state.apply(str(play))
    assert calls == [play, play]


def test_the_parent_keeps_its_own_methods() -> None:
    """Resolving the subclass's methods leaves the parent's as they were."""
    assert CrazyEightsState._moves[Draw][0] is CrazyEightsState.check_draw
    assert _NoDrawing._moves[Draw][0] is _NoDrawing.check_draw
    assert _LoggedPass._dos[Pass] is _LoggedPass.do_pass
