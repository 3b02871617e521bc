"""How a game of Crazy Eights ends: the winner and the points."""

from __future__ import annotations

from typing import Protocol

from cardkit import CardSet, GameResult, InvalidState
from cardkit_crazyeights.rules import CrazyEightsRules, card_points

__all__ = ["EndFields", "Scored", "eights_result", "hand_points"]


class EndFields(Protocol):
    """The fields a score reads (the state's `Fields` has them)."""

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Each seat's hand."""
        ...

    @property
    def seat(self) -> int:
        """The seat to act; once a player has gone out, that player."""
        ...

    @property
    def outcome(self) -> str | None:
        """How the game ended, ``None`` while it goes on."""
        ...


class Scored(Protocol):
    """A game as its score sees it (`CrazyEightsState` is one): this module does not import it."""

    @property
    def f(self) -> EndFields:
        """The fields of the game."""
        ...

    @property
    def rules(self) -> CrazyEightsRules:
        """The game's rules."""
        ...

    @property
    def players(self) -> int:
        """The number of seats."""
        ...

    @property
    def action_count(self) -> int:
        """How many actions have been played."""
        ...


def hand_points(state: Scored) -> list[int]:
    """What each hand is worth now (8 = 50 with wild 8s, pictures 10, ace 1)."""
    return [card_points(h, eights_wild=state.rules.eights_wild) for h in state.f.hands]


def eights_result(state: Scored) -> GameResult:
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
