"""Match standings follow the game's declared winners (`MatchPolicy.winners`), issue 21."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

pytest.importorskip("cardkit_crazyeights")
from cardkit_crazyeights.game import CrazyEights
from cardkit_crazyeights.rules import CrazyEightsRules

from cardkit import GameResult
from cardkit.authoring import MatchPolicy
from cardkit.play.match import Match, standing_order


class _LowestWinsMatch(MatchPolicy[CrazyEightsRules]):
    def winners(self, rules: CrazyEightsRules, totals: list[int]) -> list[int]:
        low = min(totals)
        return [seat for seat, total in enumerate(totals) if total == low]


class LowestWins(CrazyEights):
    """Crazy Eights where the lowest match total wins."""

    name: ClassVar[str] = "crazyeights"

    match: ClassVar[MatchPolicy[CrazyEightsRules]] = _LowestWinsMatch()


def _match_with_totals(game: Any, totals: list[int]) -> Match:
    match = Match(game, 3, bots=["random"], seed=1, max_deals=1)
    state = match.start_deal()
    scored = GameResult(reason="out", players=3, points=totals)
    match.finish_deal(state, result=scored)
    return match


def test_the_lowest_total_wins_and_is_placed_first() -> None:
    match = _match_with_totals(LowestWins(), [107, 74, 50])
    assert match.winners() == [2]
    rows = match.standings()
    assert [(r.place, r.seat, r.total) for r in rows] == [(1, 2, 50), (2, 1, 74), (3, 0, 107)]
    assert match.result().standings == rows


def test_the_default_highest_total_first() -> None:
    match = _match_with_totals(CrazyEights(), [107, 74, 50])
    assert [(r.place, r.seat) for r in match.standings()] == [(1, 0), (2, 1), (3, 2)]


@pytest.mark.parametrize(
    ("totals", "winners", "expected"),
    [
        ([107, 74, 50], [2], [(2, 1), (1, 2), (0, 3)]),
        ([107, 74, 50], [0], [(0, 1), (1, 2), (2, 3)]),
        ([5, 5, 9], [0, 1], [(0, 1), (1, 1), (2, 3)]),
        ([9, 5, 5], [1, 2], [(1, 1), (2, 1), (0, 3)]),
        ([3, 3, 3], [0, 1, 2], [(0, 1), (1, 1), (2, 1)]),
        ([4, 8, 8], [], [(1, 1), (2, 1), (0, 3)]),
    ],
)
def test_standing_order(
    totals: list[int], winners: list[int], expected: list[tuple[int, int]]
) -> None:
    assert standing_order(totals, winners) == expected
