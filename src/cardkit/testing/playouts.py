"""Random playouts: a game played by bots from a seed, every state kept."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardkit.engine.actions import Action
from cardkit.engine.bots import Bot, RandomBot
from cardkit.engine.game import Game
from cardkit.engine.results import GameResult
from cardkit.engine.rules import Rules
from cardkit.engine.state import GameState
from cardkit.play.runner import play_out, seat_rngs

__all__ = ["Playout", "PlayoutReport", "random_playout"]


@dataclass
class Playout:
    """A game played by bots from a seed: every state, in order.

    Attributes:
        states: the states from the deal to the last one reached.
        capped: whether ``max_actions`` stopped the game before its end.
        result: the game's result, or a ``capped`` result.
    """

    states: list[GameState]
    capped: bool
    result: GameResult

    @property
    def final(self) -> GameState:
        """The last state reached."""
        return self.states[-1]

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions played."""
        return self.final.history


@dataclass(frozen=True)
class PlayoutReport:
    """The outcome of one checked random playout.

    Attributes:
        seed: the seed of the deal and of the bots.
        players: the number of seats.
        actions: how many actions were played.
        capped: whether the action cap stopped the game (never a win or a loss).
        result: the game's result (a ``capped`` result when capped).
    """

    seed: int
    players: int
    actions: int
    capped: bool
    result: GameResult


def random_playout(
    game: Game[Any, Any],
    players: int,
    seed: int,
    *,
    rules: Rules | None = None,
    max_actions: int = 1000,
    bots: Sequence[Bot] | None = None,
    on_state: Callable[[GameState], object] | None = None,
) -> Playout:
    """Deal from ``seed`` and let bots (random by default) play up to ``max_actions`` actions.

    Args:
        on_state: optional ``callable(state)`` run on each state, the deal included.
    """
    state = game.start(players=players, rules=rules, seed=seed)
    states = [state]
    if on_state is not None:
        on_state(state)

    def record(new: GameState, events: object) -> None:
        states.append(new)
        if on_state is not None:
            on_state(new)

    chosen = list(bots) if bots is not None else [RandomBot() for _ in range(players)]
    played = play_out(
        state, chosen, seat_rngs(seed, players), max_actions=max_actions, on_events=record
    )
    return Playout(states, played.capped, played.result)
