"""The runner: playing a game with bots to its end or to the action cap."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import ValidationError

from cardkit import Action, GameResult, IllegalAction, RandomBot, Turn
from cardkit.play.runner import play_out, seat_rngs
from cardkit.testing import check_game


class PassBot:
    """Always passes (Shed allows it), so a game never ends."""

    def choose(self, turn: Turn) -> Action:
        """The pass action."""
        return next(a for a in turn.legal if str(a) == "pass")


class PlayBot:
    """Plays its first card whenever it can."""

    def choose(self, turn: Turn) -> Action:
        """The first legal action (a play while the hand is not empty)."""
        return turn.legal[0]


def test_a_game_is_played_to_its_end(shed: Any) -> None:
    """Without a cap the bots play until the game is over; the result is the game's own."""
    state = shed.start(players=3, seed=1)
    played = play_out(state, [PlayBot()] * 3, seat_rngs(1, 3))
    assert played.state.is_over
    assert not played.capped
    assert played.result == played.state.result()
    assert played.decisions == played.state.action_count == 7
    assert played.result.winners == [0]


def test_the_cap_stops_a_game_and_reports_it_as_capped(shed: Any) -> None:
    """A capped game has no winner and no loser, reason 'capped', and the actions played."""
    state = shed.start(players=2, seed=1)
    played = play_out(state, [PassBot(), PassBot()], seat_rngs(0, 2), max_actions=25)
    assert played.capped
    assert played.decisions == 25
    assert played.state.action_count == 25
    assert not played.state.is_over
    result = played.result
    assert (result.reason, result.capped, result.actions) == ("capped", True, 25)
    assert (result.winners, result.losers, result.points, result.payments) == ([], [], [], [])
    assert result.players == 2


def test_a_cap_of_zero_and_a_cap_that_is_not_reached(shed: Any) -> None:
    """max_actions=0 stops before the first action; a large cap changes nothing."""
    state = shed.start(players=2, seed=3)
    stopped = play_out(state, [PlayBot()] * 2, seat_rngs(0, 2), max_actions=0)
    assert stopped.capped
    assert stopped.decisions == 0
    assert stopped.state is state
    full = play_out(state, [PlayBot()] * 2, seat_rngs(0, 2), max_actions=1000)
    assert not full.capped
    assert full.decisions == 5


def test_a_game_over_at_the_deal_is_not_capped(shed: Any) -> None:
    """A game that is over before any action returns its result with no decision."""
    state = shed.start(players=2, rules=shed.rules(cards_each=0), seed=1)
    played = play_out(state, [PassBot()] * 2, seat_rngs(0, 2), max_actions=0)
    assert not played.capped
    assert played.decisions == 0
    assert played.result.reason == "out"


def test_on_events_sees_every_transition(shed: Any) -> None:
    """on_events is called once per action with the new state and its events."""
    seen: list[tuple[int, list[str]]] = []
    state = shed.start(players=2, seed=5)
    play_out(
        state,
        [PlayBot()] * 2,
        seat_rngs(0, 2),
        on_events=lambda s, events: seen.append((s.action_count, [e.kind for e in events])),
    )
    assert [n for n, _ in seen] == list(range(1, len(seen) + 1))
    assert all(kinds == ["play"] for _, kinds in seen)


def test_same_seeds_same_game_and_independent_seats(shed: Any) -> None:
    """seat_rngs is reproducible; each seat's generator is its own."""
    one = [r.random() for r in seat_rngs(7, 3)]
    assert one == [r.random() for r in seat_rngs(7, 3)]
    assert len(set(one)) == 3
    assert one != [r.random() for r in seat_rngs(8, 3)]
    state = shed.start(players=3, seed=2)
    games = [play_out(state, [RandomBot()] * 3, seat_rngs(9, 3), max_actions=200) for _ in (1, 2)]
    assert games[0].state.history == games[1].state.history
    assert games[0].result == games[1].result


def test_a_bot_that_breaks_the_rules_is_stopped(shed: Any) -> None:
    """An illegal choice raises IllegalAction from the game, as any illegal move does."""

    class Nonsense(Action):
        __slots__ = ()

        def __str__(self) -> str:
            return "nonsense"

    class Cheater:
        def choose(self, turn: Turn) -> Action:
            return Nonsense()

    state = shed.start(players=2, seed=1)
    with pytest.raises(IllegalAction):
        play_out(state, [Cheater(), Cheater()], [random.Random(0)] * 2)


def test_capped_results_are_validated() -> None:
    """A capped result may not name winners or losers; seats must exist."""
    assert GameResult.capped_at(3, 10).capped
    with pytest.raises(ValidationError, match="a capped game has no winner and no loser"):
        GameResult(reason="capped", players=2, capped=True, winners=[0])
    with pytest.raises(ValidationError, match="winners names seat 2"):
        GameResult(reason="out", players=2, winners=[2])


def test_the_tiny_test_game_passes_the_contract(shed: Any) -> None:
    """The Shed fixture is a correct game (the contract kit works on games outside plugins)."""
    report = check_game(shed, seeds=range(2), max_actions=300)
    assert sorted(report.playouts) == [2, 3]
