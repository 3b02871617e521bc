"""The action-space check: every legal action has an id, and ids keep one meaning.

A game that declares a fixed action space
([`Game.action_space`][cardkit.engine.game.Game.action_space], see
[cardkit.engine.actionspace][]) promises learning code that id `k` means the
same move in every state. [`check_action_space`][cardkit.testing.actionids.check_action_space]
checks it on one state, and
[`check_action_spaces`][cardkit.testing.actionids.check_action_spaces] on every
state of random playouts:

- the blocks tile the ids, every id has a name;
- every legal action encodes to an id in range, and decoding that id in the
  state gives a legal action with the same id (for an exact space, the
  action itself, also when decoded without the state);
- across all the states seen, an id of an exact space always decodes to one
  and the same action, and an abstract id to actions that encode back to it;
- `legal(state)` (which a space may override with a fast path that does not
  list) gives what numbering `legal_actions()` gives.

Games that declare no space skip the check.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardkit.engine.actions import Action
from cardkit.engine.actionspace import ActionSpace
from cardkit.engine.game import Game
from cardkit.engine.rules import Rules
from cardkit.engine.state import GameState
from cardkit.testing._support import ContractError
from cardkit.testing.playouts import random_playout

__all__ = ["check_action_space", "check_action_spaces"]


def _check_layout(space: ActionSpace) -> None:
    names = space.names
    if len(names) != space.size or not all(isinstance(n, str) and n for n in names):
        raise ContractError("every id of the action space needs a name")
    if sum(b.size for b in space.blocks) != space.size:
        raise ContractError("the blocks of the action space do not cover its ids")


def check_action_space(
    space: ActionSpace, state: GameState, seen: dict[int, Action] | None = None
) -> list[int]:
    """Check the ids of the legal actions of `state`; returns them (ascending).

    Args:
        space: the game's action space for the state's rules and players.
        state: a state of the game.
        seen: for an exact space, the action each id decoded to so far
            (updated), so that one id keeps one action across states.

    Raises:
        ContractError: an action without an id, an id that decodes to another
            move, or an id that changed its meaning.
    """
    if state.is_over:
        return []
    legal = set(state.legal_actions())
    for action in legal:
        i = space.encode(action, state)
        if not (isinstance(i, int) and 0 <= i < space.size):
            raise ContractError(f"legal action {action} has id {i!r}, not in 0-{space.size - 1}")
        back = space.decode(i, state)
        if space.encode(back, state) != i or back not in legal:
            raise ContractError(f"id {i} of {action} decodes to {back}, another move")
        if space.exact:
            if back != action or space.decode(i) != action:
                raise ContractError(f"exact id {i} of {action} decodes to {back}")
            if seen is not None and seen.setdefault(i, action) != action:
                raise ContractError(f"exact id {i} meant {seen[i]} before, now {action}")
    ids = space.legal_ids(state)
    if ids != sorted(set(ids)):
        raise ContractError(f"legal_ids is not ascending and unique: {ids}")
    numbered = space.number(state.legal_actions(), state)
    if space.legal(state) != numbered:  # a space's own `legal` (a fast path) numbers alike
        shown = space.legal(state)
        raise ContractError(f"legal(state) gives {shown}, numbering the listing gives {numbered}")
    return ids


def check_action_spaces(
    game: Game[Any, Any],
    players: int,
    seeds: Iterable[int],
    rules: Rules | None = None,
    max_actions: int = 1000,
) -> int:
    """Check the action space on every state of random playouts; returns the states checked.

    Raises:
        ContractError: see [check_action_space][cardkit.testing.actionids.check_action_space].
    """
    rules = game.rules() if rules is None else rules
    space = game.action_space(rules, players)
    if space is None:
        return 0
    _check_layout(space)
    seen: dict[int, Action] = {}
    checked = 0
    for seed in seeds:
        playout = random_playout(game, players, seed, rules=rules, max_actions=max_actions)
        for state in playout.states:
            check_action_space(space, state, seen)
            checked += 1
    return checked
