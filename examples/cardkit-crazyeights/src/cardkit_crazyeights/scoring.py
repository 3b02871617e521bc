"""How a game of Crazy Eights ends: the winner and the points."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit import GameResult, InvalidState
from cardkit_crazyeights.rules import card_points

if TYPE_CHECKING:
    from cardkit_crazyeights.state import CrazyEightsState

__all__ = ["eights_result", "hand_points"]


def hand_points(state: CrazyEightsState) -> list[int]:
    """What each hand is worth now (8 = 50 with wild 8s, pictures 10, ace 1)."""
    return [card_points(h, eights_wild=state.rules.eights_wild) for h in state.f.hands]


def eights_result(state: CrazyEightsState) -> GameResult:
    """The winner, and the points they score from the other hands.

    A player who goes out wins; a blocked game is won by the lowest hand
    (no points on a tie for lowest); the winner scores the difference to
    each other hand.

    Raises:
        InvalidState: the game is not over yet.
    """
    if state.f.outcome is None:
        raise InvalidState("the game is not over yet: nobody has gone out")
    values = hand_points(state)
    low = min(values)
    winners = [s for s, v in enumerate(values) if v == low]
    if state.f.outcome == "went_out":
        winners = [state.f.seat]
    points = [0] * state.players
    if len(winners) == 1:
        points[winners[0]] = sum(v - low for v in values)
    order = sorted(range(state.players), key=lambda s: (s not in winners, values[s], s))
    return GameResult(
        reason=state.f.outcome,
        players=state.players,
        order=order,
        winners=winners,
        points=points,
        actions=state.action_count,
        details={"hand_points": values, "cards_left": [len(h) for h in state.f.hands]},
    )
