"""Playing one game with bots, with an optional cap on the number of actions."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardkit.engine.actions import Action
from cardkit.engine.bots import Bot, Turn
from cardkit.engine.events import Event
from cardkit.engine.results import GameResult
from cardkit.engine.state import GameState
from cardkit.errors import ContractError

__all__ = ["PlayedGame", "play_out", "seat_rngs", "stuck"]


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game played to its end, or to the action cap.

    Attributes:
        state: the last state reached.
        result: the game's result, or a ``capped`` result when the cap stopped it.
        decisions: the number of actions played.
    """

    state: GameState
    result: GameResult
    decisions: int

    @property
    def capped(self) -> bool:
        """Whether the cap stopped the game before its end."""
        return self.result.capped


def seat_rngs(seed: int, players: int) -> list[random.Random]:
    """One independent, reproducible random generator per seat, from one seed."""
    return [random.Random(f"cardkit-bot:{seed}:{seat}") for seat in range(players)]


def stuck(state: GameState, seat: int | None, legal: Sequence[Action]) -> ContractError:
    """The error for a game that is not over but gives no seat to act or no legal action.

    It names the game, how the deal started (its seed, or that it came
    from an explicit deck) and the step (the number of actions played).
    """
    setup = state.setup
    start = f"seed {setup.seed}" if setup.seed is not None else f"the deck {str(setup.deck)!r}"
    what = "no seat to act (to_act is None)" if seat is None else f"no legal action for seat {seat}"
    return ContractError(
        f"{state.game.name} broke the game contract: the game is not over but lists {what} "
        f"at step {state.action_count} ({setup.players} players, {start}, dealer {setup.dealer}; "
        f"legal_actions() gave {list(legal)!r})"
    )


def play_out(
    state: GameState,
    bots: Sequence[Bot],
    rngs: Sequence[random.Random],
    *,
    max_actions: int | None = None,
    on_events: Callable[[GameState, tuple[Event, ...]], Any] | None = None,
) -> PlayedGame:
    """Let ``bots[seat]`` decide for each seat until the game ends or the cap is hit.

    Args:
        state: where to start.
        bots: one bot per seat.
        rngs: one random generator per seat (see [`seat_rngs`][cardkit.play.runner.seat_rngs]).
        max_actions: stop after this many actions; the result is then
            ``capped`` (never a win or a loss). The game's own cap, its rules'
            ``max_actions``, ends every game anyway (a state on
            [`GenericState`][cardkit.engine.generic.GenericState] is then over
            and its result capped; any other state is stopped here).
        on_events: called with each new state and its events (for narration).
    """
    decisions = 0
    limit = state.rules.max_actions - state.action_count
    if max_actions is not None:
        limit = min(limit, max_actions)
    while not state.is_over:
        if decisions >= limit:
            return PlayedGame(state, GameResult.capped_at(state.players, decisions), decisions)
        seat = state.to_act
        legal = state.legal_actions()
        if seat is None or not legal:
            raise stuck(state, seat, legal)
        action = bots[seat].choose(Turn(state, seat, legal, rngs[seat]))
        state = state.apply(action)
        decisions += 1
        if on_events is not None:
            on_events(state, state.last_events)
    return PlayedGame(state, state.result(), decisions)
