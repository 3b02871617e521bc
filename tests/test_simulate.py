"""Simulation: reports, rotation, caps, reproducibility and identical results with jobs."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest
import test_cli_support as tiny

import cardkit
from cardkit import InvalidRules, UnknownGame, catalog
from cardkit.play.simulate import SimulationError, SimulationReport, game_seed, play_one, simulate


@pytest.fixture(autouse=True)
def _tinyshed() -> Iterator[None]:
    with tiny.installed():
        yield


def test_a_report_counts_wins_losses_points_and_payments() -> None:
    report = simulate("tinyshed", games=120, players=3, bots=["first", "random", "drawer"], seed=1)
    assert report.games == 120
    assert report.completed + report.capped == 120
    assert report.capped == 0
    assert report.has_points
    assert report.has_payments
    assert report.reasons == {"shed": 120}
    assert [e.bot for e in report.entries] == ["first", "random", "drawer"]
    # Exactly one winner per tinyshed game.
    assert sum(e.wins for e in report.entries) == 120
    assert sum(s.wins for s in report.seats) == 120
    # Payments sum to zero over the table.
    assert abs(sum(e.mean_net for e in report.entries)) < 1e-9
    # The drawer never wins and always holds the most cards.
    drawer = report.entries[2]
    assert drawer.wins == 0
    assert drawer.loss_rate == 1.0
    assert drawer.mean_net == -1.0
    assert report.entries[0].win_rate > report.entries[1].win_rate
    for entry in report.entries:
        assert entry.games == 120
        assert entry.win_rate == entry.wins / entry.completed
        assert entry.mean_points is not None
        assert entry.mean_place is not None
    assert report.decisions > 0
    assert report.mean_decisions == report.decisions / 120
    assert report.games_per_second > 0
    assert report.decisions_per_second > 0


def test_the_report_matches_the_games_played_one_by_one() -> None:
    bots = ["random", "first"]
    report = simulate("tinyshed", games=30, players=2, bots=bots, seed=9, rotate=True)
    wins = [0, 0]
    points = [0, 0]
    decisions = 0
    for index in range(30):
        played = play_one("tinyshed", index, seed=9, players=2, bots=bots, rotate=True)
        decisions += played.decisions
        shift = index % 2
        for seat in played.result.winners:
            wins[(seat + shift) % 2] += 1
        for seat in range(2):
            points[(seat + shift) % 2] += played.result.points[seat]
    assert [e.wins for e in report.entries] == wins
    assert [e.mean_points for e in report.entries] == [p / 30 for p in points]
    assert report.decisions == decisions


def test_game_seeds_are_derived_from_the_seed_and_index() -> None:
    played = play_one("tinyshed", 4, seed=77, players=3)
    assert played.state.setup.seed == game_seed(77, 4)
    assert game_seed(77, 4) != game_seed(77, 5)
    assert game_seed(77, 4) != game_seed(78, 4)
    assert game_seed(1, 0) == 157851946274929213  # pinned across versions


def test_rotation_puts_every_bot_in_every_seat() -> None:
    fixed = simulate("tinyshed", games=90, players=3, bots=["first", "random", "drawer"], seed=2)
    rotated = simulate(
        "tinyshed", games=90, players=3, bots=["first", "random", "drawer"], seed=2, rotate=True
    )
    # Without rotation, seat 2 is always the drawer and always loses.
    assert fixed.seats[2].loss_rate == 1.0
    # With rotation, every seat holds the drawer a third of the time.
    assert all(s.loss_rate < 1.0 for s in rotated.seats)
    assert rotated.entries[2].loss_rate == 1.0
    assert rotated.rotate


def test_same_seed_same_report_and_another_seed_differs() -> None:
    args: dict[str, Any] = {"games": 60, "players": 3, "bots": ["random"]}
    one = simulate("tinyshed", seed=5, **args)
    two = simulate("tinyshed", seed=5, **args)
    assert one.outcome() == two.outcome()
    other = simulate("tinyshed", seed=6, **args)
    assert other.outcome() != one.outcome()


@pytest.mark.slow
def test_jobs_give_exactly_the_same_report() -> None:
    args: dict[str, Any] = {
        "games": 97,
        "players": 4,
        "bots": ["first", "random", "drawer"],
        "seed": 31,
        "rotate": True,
        "rules": cardkit.load_game("tinyshed").rules(hand_size=5),
        "max_actions": 18,
    }
    one = simulate("tinyshed", jobs=1, **args)
    two = simulate("tinyshed", jobs=2, **args)
    assert one.jobs == 1
    assert two.jobs == 1  # too little work to gain from starting processes
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        pooled = simulate("tinyshed", executor=pool, jobs=2, **args)
    assert pooled.jobs == 2
    assert one.outcome() == two.outcome() == pooled.outcome()
    assert one.capped > 0  # the cap was hit in some games, in both
    assert one.completed > 0
    assert one.rules["hand_size"] == 5


def test_capped_games_are_neither_won_nor_lost() -> None:
    report = simulate(
        "tinyshed",
        games=20,
        players=2,
        bots=["drawer"],
        seed=3,
        rules=cardkit.load_game("tinyshed").rules(hand_size=6),
        max_actions=5,
    )
    assert report.capped == 20
    assert report.completed == 0
    assert report.reasons == {"capped": 20}
    assert all(e.wins == 0 and e.losses == 0 for e in report.entries)
    assert all(e.win_rate == 0.0 for e in report.entries)
    assert all(e.mean_points is None for e in report.entries)
    assert report.decisions == 100


def test_progress_is_reported_up_to_the_total() -> None:
    calls: list[tuple[int, int]] = []
    simulate("tinyshed", games=250, players=2, seed=1, progress=lambda d, t: calls.append((d, t)))
    assert calls[-1] == (250, 250)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    assert len(calls) > 1


def test_the_report_round_trips_through_json() -> None:
    report = simulate("tinyshed", games=10, players=2, seed=1)
    assert SimulationReport.model_validate_json(report.model_dump_json()) == report


def test_bad_requests_are_refused() -> None:
    with pytest.raises(UnknownGame):
        simulate("no-such-game", games=1)
    with pytest.raises(InvalidRules, match="no bot"):
        simulate("tinyshed", games=1, bots=["nope"])
    with pytest.raises(InvalidRules, match="games must be"):
        simulate("tinyshed", games=0)
    with pytest.raises(InvalidRules, match="played by"):
        simulate("tinyshed", games=1, players=9)
    with pytest.raises(InvalidRules, match="max_actions"):
        simulate("tinyshed", games=1, max_actions=0)
    with pytest.raises(InvalidRules, match="jobs"):
        simulate("tinyshed", games=1, jobs=-1)
    with pytest.raises(InvalidRules, match="bots were given"):
        simulate("tinyshed", games=1, players=2, bots=["random"] * 3)


class _Broken:
    """A bot that plays nonsense."""

    def __init__(self, rng: Any) -> None:
        pass

    def choose(self, turn: Any) -> Any:
        return "play ZZ"


def test_a_failing_game_names_its_index_and_seed() -> None:
    game = cardkit.load_game("tinyshed")
    catalog(game).add_bot("broken", _Broken)
    with pytest.raises(SimulationError, match=r"game #0 \(seed \d+\) of tinyshed failed"):
        simulate("tinyshed", games=3, players=2, bots=["broken"], seed=1)


class _ObjectPlugin:
    """A run-time plugin that is an object, not an importable module."""

    @cardkit.hookimpl
    def cardkit_register(self, register: Any) -> None:
        class ObjShed(tiny.TinyShed):  # type: ignore[name-defined,misc]
            name = "objshed"

        register.add_game(ObjShed())


def test_worker_processes_need_an_importable_plugin() -> None:
    from cardkit.plugins.registry import temporary_plugin

    with temporary_plugin(_ObjectPlugin(), "objshed-plugin"):
        assert simulate("objshed", games=5, players=2, seed=1).games == 5
        with pytest.raises(InvalidRules, match="worker processes cannot import"):
            simulate("objshed", games=5, players=2, seed=1, jobs=2)


def test_by_bot_adds_up_the_entries_of_each_bot() -> None:
    report = simulate(
        "tinyshed", games=60, players=4, bots=["first", "random"], seed=12, rotate=True
    )
    assert [b.bot for b in report.by_bot] == ["first", "random"]
    first = report.by_bot[0]
    entries = [e for e in report.entries if e.bot == "first"]
    assert first.entries == 2
    assert first.wins == sum(e.wins for e in entries)
    assert first.completed == sum(e.completed for e in entries)
    assert first.win_rate == first.wins / first.completed
    assert sum(b.wins for b in report.by_bot) == 60


def test_rules_may_be_given_as_options() -> None:
    game = cardkit.load_game("tinyshed")
    a = simulate("tinyshed", games=20, players=2, seed=3, rules={"hand_size": 5})
    b = simulate("tinyshed", games=20, players=2, seed=3, rules=game.rules(hand_size=5))
    assert a.outcome() == b.outcome()
    with pytest.raises(InvalidRules, match="hand_size"):
        simulate("tinyshed", games=1, rules={"hand_size": 0})
