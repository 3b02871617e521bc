"""The one-home-for-legality check: a game's fast listing equals its checks.

A game built on [`GenericState`][cardkit.engine.generic.GenericState] may list its
legal actions fast (`list_legal`); the checks (`check_<kind>`) are the
reference. [`check_fast_listing`][cardkit.testing.fastlisting.check_fast_listing]
compares the two on one state, and
[`check_fast_listings`][cardkit.testing.fastlisting.check_fast_listings] on every
state of random playouts. The contract suite runs the comparison:
[`GameContract`][cardkit.testing.contract.GameContract] on every game on
`GenericState` (games on plain `GameState` skip it), and
[`check_game`][cardkit.testing.checks.check_game] where a state
[`has_fast_listing`][cardkit.testing.fastlisting.has_fast_listing].
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeGuard

from cardkit.engine.game import Game
from cardkit.engine.generic import GenericState
from cardkit.engine.rules import Rules
from cardkit.engine.state import GameState
from cardkit.testing._support import ContractError, replay_recipe
from cardkit.testing.playouts import random_playout

__all__ = ["check_fast_listing", "check_fast_listings", "has_fast_listing"]


def has_fast_listing(state: GameState) -> TypeGuard[GenericState[Any, Any]]:
    """Whether ``state`` is a `GenericState` whose class overrides `list_legal`, or whose
    grammar has a form declaring `any_cards`.

    Only then is there a fast listing to compare: a `GenericState` that keeps
    the default lists exactly the reference listing (but that a form declaring
    [`any_cards`][cardkit.engine.grammar.Form] is checked once, not per
    candidate), and other states have no reference listing at all.
    """
    return isinstance(state, GenericState) and (
        type(state).list_legal is not GenericState.list_legal or state.grammar.any_cards
    )


def check_fast_listing(state: GenericState[Any, Any]) -> None:
    """Check that the state's legal listing is exactly the reference listing, once each.

    The reference listing asks the check of every candidate (a form declaring
    `any_cards` included), so a form declared so wrongly, whose check refuses
    some combinations of its source's cards, fails here.

    Raises:
        ContractError: an action is listed twice, listed but refused by its
            check, or accepted by its check but not listed.
    """
    fast = list(state.legal_actions())
    reference = state.reference_legal()
    problems = []
    if len(set(fast)) != len(fast):
        problems.append("legal_actions() lists an action twice")
    listed, accepted = set(fast), set(reference)
    missing = [str(a) for a in reference if a not in listed]
    extra = [f"{a} ({state.refusal(a)})" for a in fast if a not in accepted]
    if missing:
        problems.append(f"its checks accept {missing} but legal_actions() does not list them")
    if extra:
        problems.append(f"legal_actions() lists {extra} which its checks refuse")
    if problems:
        raise ContractError("; ".join(problems) + f"\n{replay_recipe(state)}")


def check_fast_listings(
    game: Game[Any, Any],
    players: int,
    seeds: Iterable[int],
    *,
    rules: Rules | None = None,
    max_actions: int = 300,
) -> int:
    """Play random games and check the listing of every state; the number of states checked.

    Raises:
        ContractError: a state's listing differs from its checks'.
        TypeError: the game's states are not `GenericState`s.
    """
    count = 0
    for seed in seeds:
        for state in random_playout(
            game, players, seed, rules=rules, max_actions=max_actions
        ).states:
            if not isinstance(state, GenericState):
                raise TypeError(f"{game.name} states are not GenericState: nothing to compare")
            check_fast_listing(state)
            count += 1
    return count
