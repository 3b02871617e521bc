"""``cardkit soak``: random games with every contract invariant checked at every step."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

import cardkit
from cardkit.cli import app
from cardkit.cli._soak import soak, soak_one
from cardkit.engine.views import View
from cardkit.errors import ContractError, InvalidRules
from cardkit.plugins.registry import temporary_plugin


class _Plugin:
    """Registers one game object."""

    CARDKIT_API_VERSION = cardkit.API_VERSION

    def __init__(self, game: Any) -> None:
        self.game = game

    @cardkit.hookimpl
    def cardkit_register(self, register: Any) -> None:
        register.add_game(self.game)


@pytest.fixture
def leaky_shed(shed: Any) -> Any:
    """Shed, broken on purpose: after the first action a seat's view shows the stock."""
    state_class = type(shed.start(players=2, seed=1))

    class LeakyState(state_class):  # type: ignore[valid-type,misc]  # a class made at run time
        __slots__ = ()

        def view(self, seat: int | None = None) -> View:
            shown = super().view(seat)
            if self.action_count and self.stock:
                return shown.model_copy(update={"recent": [f"stock top {self.stock[0].code}"]})
            return shown

    class LeakyShed(type(shed)):  # type: ignore[misc]  # as above
        name = "leakyshed"

        def deal(self, setup: Any) -> Any:
            first = super().deal(setup)
            return LeakyState(
                self, setup, first._log, first.hands, first.stock, first.pile, first.seat
            )

    return LeakyShed()


def test_soak_plays_installed_games_without_violations() -> None:
    """A few soaked games of each bundled game: decisions counted, no violation."""
    for name in ("tienlen", "tonk"):
        report = soak(cardkit.load_game(name), games=2, seed=3, max_actions=400)
        assert report.games == 2
        assert report.decisions > 0
        assert report.violations == []


def test_soak_cycles_through_the_seat_counts(shed: Any) -> None:
    """Without players, game i uses the i-th seat count in turn."""
    report = soak(shed, games=4, seed=1, max_actions=60)
    assert report.games == 4
    assert report.violations == []


def test_a_leak_is_a_violation_and_the_soak_goes_on(leaky_shed: Any) -> None:
    """The leaking view is caught at the step where it appears, with the seed to replay it."""
    report = soak(leaky_shed, games=3, seed=2, players=2, max_actions=60)
    assert report.games == 3
    assert len(report.violations) == 3
    first = report.violations[0]
    assert first.players == 2
    assert "may not know" in first.message
    assert "replay" in first.message
    with pytest.raises(ContractError):
        soak_one(leaky_shed, 2, first.seed, max_actions=60)


def test_soak_refuses_bad_counts(shed: Any) -> None:
    """Counts below 1 and seat counts the game does not have are InvalidRules."""
    with pytest.raises(InvalidRules):
        soak(shed, games=0, seed=1)
    with pytest.raises(InvalidRules):
        soak(shed, games=1, seed=1, players=9)


def test_the_soak_command(shed: Any, leaky_shed: Any) -> None:
    """``cardkit soak GAME --games N`` prints games, decisions and violations; 1 on violations."""
    runner = CliRunner()
    with temporary_plugin(_Plugin(shed), "soak-shed"):
        ok = runner.invoke(
            app, ["soak", "shed", "--games", "3", "--seed", "4"], env={"COLUMNS": "120"}
        )
    assert ok.exit_code == 0, ok.output
    for word in ("Games", "Decisions", "Violations", "Soak: shed"):
        assert word in ok.stdout
    assert "│     3 │" in ok.stdout
    with temporary_plugin(_Plugin(leaky_shed), "soak-leaky"):
        bad = runner.invoke(app, ["soak", "leakyshed", "-n", "2", "-s", "4", "-p", "2"])
    assert bad.exit_code == 1
    assert "game #0 (seed" in bad.stdout
    missing = runner.invoke(app, ["soak", "no-such-game"])
    assert missing.exit_code == 2


def test_soak_with_named_bots() -> None:
    """``bots`` names the game's bots; an unknown name is InvalidRules."""
    tonk = cardkit.load_game("tonk")
    report = soak(tonk, games=2, seed=5, players=2, bots=["heuristic", "random"])
    assert report.violations == []
    assert report.decisions > 0
    with pytest.raises(InvalidRules, match="no bot"):
        soak(tonk, games=1, seed=5, bots=["nobody"])
