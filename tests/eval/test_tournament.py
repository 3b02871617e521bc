"""Tournaments: the ordering of Tiến lên's bots, duplicate deals, ratings, reproducibility."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

import cardkit
from cardkit import catalog
from cardkit.cli import app
from cardkit.errors import InvalidRules
from cardkit.eval.ismcts import ISMCTSBot
from cardkit.eval.ratings import TournamentError
from cardkit.eval.stats import wilson_interval
from cardkit.eval.tournament import lineups, run_tournament, tournament_game
from cardkit.play import executors

WIDE = {"COLUMNS": "200"}


def test_tienlen_bots_come_out_in_order() -> None:
    report = run_tournament("tienlen", ["random", "greedy", "heuristic"], games=480, seed=11)
    assert [r.bot for r in report.ratings] == ["heuristic", "greedy", "random"]
    rows = {r.bot: r for r in report.ratings}
    # The intervals separate greedy from random, and heuristic's win rate from greedy's.
    assert rows["greedy"].low > rows["random"].high
    assert rows["heuristic"].win_low > rows["greedy"].win_rate
    heuristic, greedy = report.bots.index("heuristic"), report.bots.index("greedy")
    h2h = report.head_to_head[heuristic][greedy]
    assert h2h is not None
    assert h2h > 0.5
    assert report.meetings[heuristic][greedy] == report.meetings[greedy][heuristic]


@pytest.fixture
def quick_ismcts() -> Iterator[str]:
    """A cheap ISMCTS (40 iterations a move) registered for Tiến lên during one test."""
    game = cardkit.load_game("tienlen")
    catalog(game).add_bot("ismcts-40", lambda rng: ISMCTSBot(iterations=40))
    yield "ismcts-40"
    catalog(game)._bots.pop("ismcts-40")


def test_ismcts_lands_above_random(quick_ismcts: str) -> None:
    report = run_tournament(
        "tienlen", ["random", "greedy", quick_ismcts], games=12, players=2, seed=2
    )
    order = [r.bot for r in report.ratings]
    assert order[-1] == "random"
    rows = {r.bot: r for r in report.ratings}
    assert rows[quick_ismcts].win_rate > rows["random"].win_rate


def test_every_lineup_plays_every_deal_in_every_rotation() -> None:
    tables = lineups(3, 4)
    assert len(tables) == 3
    seen: dict[int, set[tuple[int, int]]] = {}
    for index in range(3 * 4 * 2):
        deal, table, rotation = tournament_game(index, 4, len(tables))
        seen.setdefault(deal, set()).add((table, rotation))
    assert seen == {d: {(t, r) for t in range(3) for r in range(4)} for d in range(2)}
    report = run_tournament("tonk", ["random", "heuristic"], games=5, players=2, seed=3)
    assert report.games == 6  # rounded up to whole duplicate sets: 3 deals x 1 lineup x 2 seats
    assert report.deals == 3
    assert report.lineups == [["random", "heuristic"]]
    assert sum(r.seat_games for r in report.ratings) == 2 * report.completed


def test_wilson_interval() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert 0.25 < high < 0.35
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(1 - high)


def test_bad_tournaments_are_refused() -> None:
    with pytest.raises(TournamentError, match="two or more"):
        run_tournament("tienlen", ["random"])
    with pytest.raises(TournamentError, match="once"):
        run_tournament("tienlen", ["random", "random"])
    with pytest.raises(InvalidRules, match="no bot"):
        run_tournament("tienlen", ["random", "nope"])
    with pytest.raises(InvalidRules, match="games"):
        run_tournament("tienlen", ["random", "greedy"], games=0)


def _json(*args: str) -> tuple[dict[str, Any], str]:
    result = CliRunner().invoke(app, ["tournament", *args, "--json"], env=WIDE)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), result.stderr


ARGS = ["tienlen", "--bots", "random,greedy,heuristic", "--games", "72", "--seed", "5"]


@pytest.mark.slow
def test_the_same_json_on_one_job_two_jobs_and_a_dask_cluster(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import distributed

    one, note = _json(*ARGS, "--jobs", "1")
    assert "on 1 job" in note
    # Make the pool pay for itself even for this short run, so two workers really play.
    monkeypatch.setattr(executors, "POOL_START_SECONDS", 0.0)
    monkeypatch.setattr(executors, "WARM_POOL_SECONDS", 0.0)
    two, note = _json(*ARGS, "--jobs", "2")
    assert "on 2 jobs" in note
    cluster_type: Any = distributed.LocalCluster  # distributed is untyped
    with cluster_type(n_workers=2, threads_per_worker=1, processes=True) as cluster:
        dask, note = _json(*ARGS, "--dask", cluster.scheduler_address)
    assert "on Dask" in note
    assert one == two == dask
    assert [r["bot"] for r in one["ratings"]][-1] == "random"


def test_the_cli_prints_ratings_and_head_to_head() -> None:
    result = CliRunner().invoke(
        app, ["tournament", "tienlen", "-b", "random,greedy", "-n", "16", "-s", "1"], env=WIDE
    )
    assert result.exit_code == 0, result.output
    assert "Ratings (openskill Plackett-Luce" in result.stdout
    assert "Head to head" in result.stdout
    assert re.search(r"Wilson.*\n.*95%", result.stdout)  # a header of two lines (issue 39)


@pytest.mark.slow  # a long cross-check: the whole run has it, the quick run not
def test_a_dask_scheduler_that_does_not_answer_is_a_clear_error() -> None:
    with (
        pytest.raises(executors.ExecutorError, match="no Dask scheduler answered"),
        executors.dask_executor("tcp://127.0.0.1:9", timeout=1),
    ):
        pass
