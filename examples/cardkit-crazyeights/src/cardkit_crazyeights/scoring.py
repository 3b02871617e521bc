"""How a game of Crazy Eights ends: the winner and the points (the core's
[`low_hand_result`][cardkit.engine.results.low_hand_result])."""

from __future__ import annotations

from cardkit import CardSet, GameResult, InvalidState
from cardkit.engine.results import low_hand_result
from cardkit_crazyeights.rules import CrazyEightsRules, card_points

__all__ = ["eights_result", "hand_points"]


def hand_points(hands: tuple[CardSet, ...], *, eights_wild: bool) -> list[int]:
    """What each hand is worth now (8 = 50 with wild 8s, pictures 10, ace 1)."""
    return [card_points(h, eights_wild=eights_wild) for h in hands]


def eights_result(
    hands: tuple[CardSet, ...],
    seat: int,
    outcome: str | None,
    rules: CrazyEightsRules,
    actions: int,
) -> GameResult:
    """The winner, and the points they score from the other hands.

    A player who goes out (``outcome`` ``"went_out"``, ``seat`` the player)
    wins; a blocked game is won by the lowest hand (no points on a tie for
    lowest); the winner scores the difference to each other hand.

    Raises:
        InvalidState: the game is not over yet.
    """
    if outcome is None:
        raise InvalidState("the game is not over yet: nobody has gone out")
    return low_hand_result(
        hand_points(hands, eights_wild=rules.eights_wild),
        reason=outcome,
        actions=actions,
        out=seat if outcome == "went_out" else None,
        details={"cards_left": [len(h) for h in hands]},
    )
