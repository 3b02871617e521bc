"""How a game's deals make a match, and how many seats it takes.

A game sets `Game.match` to a
[`MatchPolicy`][cardkit.engine.matchpolicy.MatchPolicy] (the default scores by
points, passes the deal left, ends at the rules' `target_score` and crowns the
highest totals) and `Game.players` to a
[`Players`][cardkit.engine.matchpolicy.Players] (its seat counts). The match
runner ([cardkit.play.match][]) asks the policy after each deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from cardkit.engine.results import GameResult
from cardkit.engine.rules import Rules
from cardkit.errors import InvalidRules

__all__ = ["MatchPolicy", "Players"]

R = TypeVar("R", bound=Rules)


class MatchPolicy(Generic[R]):
    """A game's match rules; subclass it and override what the game does differently."""

    def deal_score(self, result: GameResult) -> list[int]:
        """What one deal adds to each seat's match total (default: points, else payments)."""
        return result.score()

    def next_dealer(self, rules: R, dealer: int, result: GameResult) -> int:
        """The dealer of the next deal in a match (default: one seat to the left)."""
        return (dealer + 1) % result.players

    def over(self, rules: R, totals: list[int], deals: int) -> bool:
        """Whether a match ends after ``deals`` deals with these totals: by default once a
        total reaches the rules' `target_score` option, if any (else never by score)."""
        return max(totals, default=0) >= getattr(rules, "target_score", float("inf"))

    def winners(self, rules: R, totals: list[int]) -> list[int]:
        """The seats that won a finished match (default: the highest totals)."""
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]


@dataclass(frozen=True, slots=True)
class Players:
    """How many seats a game takes: `min` to `max`, `default` when none are given.

    `default` defaults to `max`: `Players(2, 4, default=3)`.

    Raises:
        InvalidRules: the counts are not whole numbers with 1 <= min <= default <= max.
    """

    min: int
    max: int
    default: int = 0

    def __post_init__(self) -> None:
        if self.default == 0:
            object.__setattr__(self, "default", self.max)
        counts = (self.min, self.default, self.max)
        if any(type(n) is not int for n in counts) or not 1 <= self.min <= self.default <= self.max:
            raise InvalidRules(
                f"seat counts must be whole numbers with 1 <= min <= default <= max, "
                f"not min {self.min!r}, default {self.default!r}, max {self.max!r}"
            )

    @property
    def counts(self) -> range:
        """Every seat count the game takes, fewest first."""
        return range(self.min, self.max + 1)
