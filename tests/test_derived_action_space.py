"""Every game with a grammar gets an action space, so every game is an RL env.

The benchmarks' passing game (`benchmarks/passgame.py`) declares no action
space, and its pass form lists C(52, 3) = 22,100 actions: it used to get none
(the grammar's space stopped at 4,096 actions), so it had no RL env and no
OpenSpiel game. A grammar with a form of any number of cards (Tiến lên's
`play <cards>`) gets an abstract space, an id per lowest card.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from pettingzoo.test import api_test

import cardkit
import cardkit.rl
from cardkit import hookimpl
from cardkit.engine.actionspace import EnumeratedActionSpace, KeyedActionSpace
from cardkit.engine.grammarspace import grammar_space
from cardkit.testing.actionids import check_action_space, check_action_spaces
from cardkit.testing.checks import check_game


def _passgame() -> ModuleType:
    name = "cardkit_bench_passgame"
    if name not in sys.modules:
        path = Path(__file__).resolve().parents[1] / "benchmarks" / "passgame.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture
def passing() -> Iterator[Any]:
    """The passing game, registered (saves and pickles load it by name)."""

    class Plugin:
        @hookimpl
        def cardkit_register(self, register: Any) -> None:
            register.add_game(_passgame().PassGame())

    registry = cardkit.registry()
    registry.register(Plugin(), "passbench-space-plugin")
    try:
        yield registry.game("passbench")
    finally:
        registry.unregister("passbench-space-plugin")


def test_a_game_declaring_no_space_gets_one_with_every_pass(passing: Any) -> None:
    space = passing.action_space(passing.rules(), 4)
    assert isinstance(space, EnumeratedActionSpace)
    assert space.size == 22_100
    assert space.names[:2] == ("pass 2C 3C 4C", "pass 2C 3C 5C")
    # Stable ids: the same numbering for another game object of the same rules.
    again = grammar_space(_passgame().PassGame(), passing.rules(), 4)
    assert again is not None
    assert again.names == space.names


@pytest.mark.filterwarnings("ignore::UserWarning:pettingzoo.test")
def test_the_passing_game_is_an_rl_env(passing: Any) -> None:
    rules = passing.rules(rounds=1)
    api_test(cardkit.rl.aec_env(passing, players=4, rules=rules), num_cycles=12)
    env = cardkit.rl.aec_env(passing, players=4, rules=rules)
    env.reset(seed=3)
    steps = 0
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        mask = observation["action_mask"]
        assert mask.shape == (22_100,)
        assert mask.sum() in (286, 0)
        env.step(None if terminated or truncated else int(mask.nonzero()[0][-1]))
        steps += 1
    assert steps >= 4


def test_the_passing_game_keeps_the_contract_with_its_space(passing: Any) -> None:
    rules = passing.rules(rounds=1)
    assert check_action_spaces(passing, 4, range(2), rules=rules) > 4
    assert check_game(passing, 4, rules=rules, seeds=range(1), every=2).views_compared > 0


def test_a_form_of_any_number_of_cards_gets_an_id_per_lowest_card() -> None:
    """Tiến lên's grammar (it declares its own space; this is the derived one)."""
    game = cardkit.load_game("tienlen")
    space = grammar_space(game, game.rules(), 4)
    assert isinstance(space, KeyedActionSpace)
    assert not space.exact
    assert space.size == 53
    assert (space.names[0], space.names[-1]) == ("play 2C+", "pass")
    state, rng = game.start(4, seed=1), random.Random(1)
    seen: dict[int, Any] = {}
    while not state.is_over:
        check_action_space(space, state, seen)
        state = state.apply(rng.choice(state.legal_actions()))
