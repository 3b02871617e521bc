"""The contract under every house rule: the game's listing and playouts with each one on.

A house rule changes a game through the game's own hooks, so it can break
what the contract suite proves with the rules as shipped: a fast listing
that ignores a house rule's decision lists plays that `apply` refuses.
[`check_house_rules`][cardkit.testing.houserules.check_house_rules] plays
random games with each house rule of a game on, one at a time, checking
every state (as [`check_random_playouts`][cardkit.testing.check_random_playouts]
does) and, for a game on [`GenericState`][cardkit.engine.generic.GenericState]
with a fast listing, that the listing equals the checks
([`check_fast_listing`][cardkit.testing.fastlisting.check_fast_listing]).

The contract suite runs it for every game with house rules
([`GameContract`][cardkit.testing.contract.GameContract]): for the house
rules installed, and for *probe* rules a game's tests register for the
duration of the check (`GameContract.house_rule_plugins`): Tiến lên's
`cardkit_tienlen.probes` refuse, or allow, every beat.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from contextlib import ExitStack
from typing import Any

from cardkit.engine.catalog import catalog
from cardkit.engine.game import Game
from cardkit.plugins.registry import temporary_plugin
from cardkit.testing.checks import check_random_playouts
from cardkit.testing.fastlisting import check_fast_listing, has_fast_listing
from cardkit.testing.playouts import random_playout

__all__ = ["check_house_rules"]


def check_house_rules(
    game: Game[Any, Any],
    players: int,
    seeds: Iterable[int],
    *,
    options: Mapping[str, Any] | None = None,
    plugins: Sequence[object] = (),
    max_actions: int = 300,
) -> dict[str, int]:
    """Play random games with each house rule of `game` on; states checked, by rule.

    Args:
        game: the game.
        players: the number of seats.
        seeds: the seeds of the random games (each rule plays them all).
        options: other rules options, kept under every house rule (a rule
            already named there is not checked again).
        plugins: plugins registered for the duration of the check, whose
            house rules are checked with the installed ones (probe rules).
        max_actions: the action cap of a random game.

    Raises:
        ContractError: a state breaks an invariant, or its listing differs
            from its checks', under some house rule (the message has the
            recipe, rules included).
    """
    options = dict(options or {})
    seeds = list(seeds)
    already = set(game.rules(**options).house_rules)
    checked: dict[str, int] = {}
    with ExitStack() as stack:
        for plugin in plugins:
            stack.enter_context(temporary_plugin(plugin, type(plugin).__name__))
        for name in catalog(game).house_rules:
            if name in already:
                continue
            rules = game.rules(**{**options, "house_rules": sorted({*already, name})})
            check_random_playouts(game, players, seeds, max_actions, rules=rules)
            count = 0
            for seed in seeds:
                playout = random_playout(game, players, seed, rules=rules, max_actions=max_actions)
                for state in playout.states:
                    if has_fast_listing(state):
                        check_fast_listing(state)
                    count += 1
            checked[name] = count
    return checked
