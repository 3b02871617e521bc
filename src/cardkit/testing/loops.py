"""The README's loop: always the first, or always the last, legal action.

The README shows the simplest possible player::

    while not state.is_over:
        state = state.apply(state.legal_actions()[0])

A game must not trap that loop. [check_policy_loops][cardkit.testing.check_policy_loops]
runs it with ``legal_actions()[0]`` and with ``legal_actions()[-1]`` up to the
action cap: each run either ends with a real result or stops at the cap and
is reported as capped (never a win or a loss), and the state itself (its
snapshot, which holds no history) does not grow without bound on the way.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from cardkit.engine.actions import Action
from cardkit.engine.bots import Turn
from cardkit.engine.events import Event
from cardkit.engine.game import Game
from cardkit.engine.results import GameResult
from cardkit.engine.rules import Rules
from cardkit.engine.state import GameState
from cardkit.play.runner import play_out
from cardkit.testing._support import _fail

__all__ = ["PolicyLoopReport", "check_policy_loops", "policy_loop"]

#: How often (in actions) the snapshot's size is measured.
_EVERY = 25


class _Pick:
    """A bot that always takes the legal action at one index (0: first, -1: last)."""

    def __init__(self, index: int) -> None:
        self.index = index

    def choose(self, turn: Turn) -> Action:
        return turn.legal[self.index]


@dataclass(frozen=True)
class PolicyLoopReport:
    """One run of the README loop.

    Attributes:
        pick: the index taken from ``legal_actions()`` (0 or -1).
        actions: how many actions were played.
        capped: whether the action cap stopped the game before its end.
        result: the game's result, or a ``capped`` result.
        final: the last state reached.
        snapshot_sizes: the size in characters of the state's snapshot JSON,
            measured at the start and every 25 actions.
    """

    pick: int
    actions: int
    capped: bool
    result: GameResult
    final: GameState
    snapshot_sizes: tuple[int, ...]


def _size(state: GameState) -> int:
    return len(json.dumps(state.snapshot(), sort_keys=True))


def policy_loop(
    game: Game[Any, Any],
    players: int,
    pick: int,
    *,
    rules: Rules | None = None,
    seed: int = 0,
    max_actions: int = 1000,
) -> PolicyLoopReport:
    """Play the README loop taking ``legal_actions()[pick]`` every time, up to ``max_actions``."""
    state = game.start(players=players, rules=rules, seed=seed)
    sizes = [_size(state)]
    count = [0]

    def measure(new: GameState, events: tuple[Event, ...]) -> None:
        count[0] += 1
        if count[0] % _EVERY == 0:
            sizes.append(_size(new))

    rngs = [random.Random(seat) for seat in range(players)]
    played = play_out(
        state, [_Pick(pick)] * players, rngs, max_actions=max_actions, on_events=measure
    )
    return PolicyLoopReport(
        pick, played.decisions, played.capped, played.result, played.state, tuple(sizes)
    )


def check_policy_loops(
    game: Game[Any, Any],
    players: int,
    *,
    rules: Rules | None = None,
    seed: int = 0,
    max_actions: int = 1000,
    growth: int = 4,
) -> list[PolicyLoopReport]:
    """The README loop with ``legal_actions()[0]`` and with ``[-1]`` ends or is capped.

    Each run must end within ``max_actions`` with the game's real result, or
    stop at the cap with a ``capped`` result that names no winner and no
    loser; and the snapshot (the state without its history) may at no point
    be more than ``growth`` times its size at the deal (plus 4096
    characters): a state that keeps growing with the number of actions is a
    loop that would eat all memory without the cap.
    """
    reports = []
    for pick in (0, -1):
        report = policy_loop(game, players, pick, rules=rules, seed=seed, max_actions=max_actions)
        final, result = report.final, report.result
        policy = f"the README loop with legal_actions()[{pick}]"
        if final.is_over:
            if report.capped or result != final.result():
                _fail(final, f"{policy} ended, but is reported as {result}")
        elif not report.capped or report.actions != max_actions:
            _fail(final, f"{policy} stopped after {report.actions} actions before the end")
        elif result.winners or result.losers or not result.capped:
            _fail(final, f"{policy} was capped, but is reported as {result}")
        first, largest = report.snapshot_sizes[0], max(report.snapshot_sizes)
        if largest > growth * first + 4096:
            _fail(
                final,
                f"{policy}: the snapshot grew from {first} to {largest} characters in "
                f"{report.actions} actions; a state must not grow without bound",
            )
        reports.append(report)
    return reports
