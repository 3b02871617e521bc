"""The README-loop and mid-game checks, and private windows in check_views.

As in ``test_kit.py``: each broken game is Crazy Eights with one deliberate
bug, and each check passes the correct game and catches the broken one.
"""

from __future__ import annotations

from typing import Any

import pytest
from cardkit_crazyeights.state import CrazyEightsState
from contract_support import GOOD, broken

from cardkit import Suit
from cardkit.authoring import SheddingView
from cardkit.testing import (
    ContractError,
    check_game,
    check_midgame_non_interference,
    check_policy_loops,
    check_random_playouts,
    policy_loop,
    random_playout,
    unexpected_points,
)

# -- the README loop -----------------------------------------------------------------


def test_the_readme_loop_ends_or_is_capped_for_the_example_game() -> None:
    for players in (2, 3, 4, 5):
        reports = check_policy_loops(GOOD, players, max_actions=500)
        assert [r.pick for r in reports] == [0, -1]
        for report in reports:
            assert report.final.is_over or report.capped
            assert report.result.capped == report.capped


def test_a_capped_loop_is_reported_as_capped() -> None:
    report = policy_loop(GOOD, 3, 0, max_actions=5)
    assert report.capped
    assert report.actions == 5
    assert not report.result.winners
    assert not report.final.is_over


class GrowingSnapshot(CrazyEightsState):
    __slots__ = ()

    def snapshot(self) -> dict[str, Any]:
        return {**super().snapshot(), "trail": ["x" * 40] * self.action_count}


def test_a_state_that_grows_with_every_action_is_caught() -> None:
    with pytest.raises(ContractError, match="must not grow without bound"):
        check_policy_loops(broken(GrowingSnapshot), 3, max_actions=400)


# -- mid-game non-interference ---------------------------------------------------------


class HintsAtHearts(CrazyEightsState):
    """From the fifth action on, every view tells which seats hold a heart."""

    __slots__ = ()

    def view(self, seat: int | None = None) -> SheddingView:
        view = super().view(seat)
        if self.action_count < 5:
            return view
        hearts = [
            s for s, hand in enumerate(self.f.hands) if any(c.suit is Suit.HEARTS for c in hand)
        ]
        return view.model_copy(update={"recent": [*view.recent, f"hearts with {hearts}"]})


def test_the_example_game_passes_the_mid_game_check() -> None:
    compared = sum(check_midgame_non_interference(GOOD, 4, seed) for seed in range(3))
    assert compared > 20


def test_a_view_that_hints_at_unseen_cards_mid_game_is_caught() -> None:
    game = broken(HintsAtHearts)

    def every_seed() -> None:
        for seed in range(10):
            check_midgame_non_interference(game, 4, seed)

    with pytest.raises(ContractError, match="two cards it has never seen"):
        every_seed()


def test_unexpected_points_are_where_a_surprising_seat_acts() -> None:
    playout = random_playout(GOOD, 3, 1)
    states = playout.states
    for number in unexpected_points(states):
        last = states[number - 1].to_act
        assert last is not None
        assert states[number].to_act not in (last, (last + 1) % 3)
    for number in unexpected_points(states, again=True):
        assert states[number].to_act == states[number - 1].to_act


def test_check_game_runs_the_new_checks() -> None:
    report = check_game(GOOD, players=3, seeds=range(1))
    assert [r.pick for r in report.policy_loops[3]] == [0, -1]


# -- private windows in check_views ------------------------------------------------------


class ShowsAnotherSeatToAct(CrazyEightsState):
    """Every view but the asked seat's shows the next seat to act, with no action."""

    __slots__ = ()

    def view(self, seat: int | None = None) -> SheddingView:
        view = super().view(seat)
        if self.to_act is None or seat == self.to_act:
            return view
        return view.model_copy(update={"to_act": (self.to_act + 1) % self.players})


class ViewsDisagreeOnWhoActs(CrazyEightsState):
    __slots__ = ()

    def view(self, seat: int | None = None) -> SheddingView:
        view = super().view(seat)
        if self.to_act is None or seat is not None:
            return view
        return view.model_copy(update={"to_act": (self.to_act + 1) % self.players})


@pytest.mark.parametrize(
    ("state_class", "message"),
    [
        (ShowsAnotherSeatToAct, "lists no action"),
        (ViewsDisagreeOnWhoActs, "must show the same seat to act"),
    ],
)
def test_a_seat_shown_to_act_must_be_able_to_act(
    state_class: type[CrazyEightsState], message: str
) -> None:
    with pytest.raises(ContractError, match=message):
        check_random_playouts(broken(state_class), 3, range(2), 100)
