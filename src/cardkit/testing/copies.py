"""The contract on states as values: they pickle, copy and compare equal by value.

A state sent to a worker process, kept in a search tree or compared with
another must behave as a value: ``pickle.loads(pickle.dumps(state))``,
``copy.deepcopy(state)`` and ``copy.copy(state)`` give a state equal to it,
with the same ``to_json()``, the same legal actions and the same views.
[GameState][cardkit.engine.state.GameState] provides all of it for every game (a state
pickles as its setup and actions); `check_copies` checks that a game
did not break it.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

from cardkit.engine.state import GameState
from cardkit.testing.checks import ContractError, replay_recipe

__all__ = ["check_copies"]


def _fail(state: GameState, message: str) -> ContractError:
    return ContractError(f"{message}\n  replay: {replay_recipe(state)}")


def _compare(state: GameState, other: GameState, how: str) -> None:
    if type(other) is not type(state):
        raise _fail(state, f"{how} gave a {type(other).__name__}, not a {type(state).__name__}")
    if other.to_json() != state.to_json():
        raise _fail(state, f"{how} gave a state whose to_json() differs")
    if not other == state or other != state:
        raise _fail(state, f"{how} gave a state that does not compare equal to it")
    if hash(other) != hash(state):
        raise _fail(state, f"{how} gave an equal state with another hash")
    if [str(a) for a in other.legal_actions()] != [str(a) for a in state.legal_actions()]:
        raise _fail(state, f"{how} gave a state with other legal actions")
    for seat in (None, *range(state.players)):
        if other.view(seat) != state.view(seat):
            raise _fail(state, f"{how} gave a state whose view for seat {seat} differs")


def check_copies(state: GameState) -> None:
    """``pickle``, ``copy.deepcopy`` and ``copy.copy`` of ``state`` give an equal state.

    Equal means the same ``to_json()``, ``==`` (and not ``!=``), the same
    hash, the same legal actions and the same view for every seat and the
    spectator. A state after at least one action must also differ from the
    deal it started from.

    Raises:
        ContractError: a copy fails or differs; the message says how.
    """
    makers: tuple[tuple[str, Callable[[], GameState]], ...] = (
        ("pickle.loads(pickle.dumps(state))", lambda: pickle.loads(pickle.dumps(state))),
        ("copy.deepcopy(state)", lambda: copy.deepcopy(state)),
        ("copy.copy(state)", lambda: copy.copy(state)),
    )
    for how, make in makers:
        try:
            other = make()
        except Exception as exc:  # any failure of a copy is the finding
            raise _fail(state, f"{how} raised {type(exc).__name__}: {exc}") from exc
        _compare(state, other, how)
    if state.action_count:
        dealt = state.game.deal(state.setup)
        if dealt == state or not dealt != state:
            raise _fail(state, "a state compares equal to the deal it started from")
