"""Teams: partnerships in results (`teams`, `team_points`) and team standings in matches."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from cardkit import GameResult
from cardkit.play.match import DealRecord, team_standings

TEAMS = [[0, 2], [1, 3]]


def _deal(number: int, team_points: list[int], winners: list[int]) -> DealRecord:
    result = GameResult(
        reason="hand", players=4, winners=winners, teams=TEAMS, team_points=team_points
    )
    scores = [team_points[result.team_of(s) or 0] for s in range(4)]
    return DealRecord(
        number=number, dealer=3, seed=1, result=result, scores=scores, totals=scores, decisions=52
    )


def test_results_check_their_teams() -> None:
    """Every seat in exactly one team; one team score per team."""
    with pytest.raises(ValidationError, match="exactly once"):
        GameResult(reason="x", players=4, teams=[[0, 2], [1, 2]])
    with pytest.raises(ValidationError, match="team_points"):
        GameResult(reason="x", players=4, teams=TEAMS, team_points=[1])
    summed = GameResult(reason="x", players=4, points=[5, 1, 2, 0], teams=TEAMS)
    assert summed.team_scores() == [7, 1]
    assert summed.team_of(3) == 1
    assert GameResult(reason="x", players=2).team_scores() == []


def test_team_standings_add_up_team_scores() -> None:
    """Two deals: team 1 leads 150 to 40 and won both deals; ties share a place."""
    deals = [_deal(1, [-60, 80], [1, 3]), _deal(2, [100, 70], [0, 2])]
    rows = team_standings(deals, ["a", "b", "c", "d"])
    assert [(r.place, r.team, r.seats, r.total, r.last, r.deals_won) for r in rows] == [
        (1, 1, [1, 3], 150, 70, 1),
        (2, 0, [0, 2], 40, 100, 1),
    ]
    assert rows[0].bots == ["b", "d"]
    tied = team_standings([_deal(1, [10, 10], [])], ["a"] * 4)
    assert [r.place for r in tied] == [1, 1]
    assert team_standings([], ["a"] * 4) == []


def test_a_result_for_teams_gives_each_seat_its_teams_points() -> None:
    """`GameResult.for_teams`: partners score alike; the best team wins; a tie has no winner."""
    result = GameResult.for_teams("played", [(0, 2), (1, 3)], [-40, 90], actions=52)
    assert result.points == [-40, 90, -40, 90]
    assert result.winners == [1, 3]
    assert result.order == [1, 3, 0, 2]
    assert result.team_scores() == [-40, 90]
    assert GameResult.for_teams("played", [(0, 2), (1, 3)], [50, 50]).winners == []
