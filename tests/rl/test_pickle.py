"""Environments and bots pickle with the standard library mid-game; a copy plays on the same.

Multiprocessing, Ray and vector envs hand environments to other processes
with plain `pickle`; a closure or lambda anywhere in an env (its encoders,
a game's zones) makes that fail. A copy drops what the env keeps to step
fast and works it out again, so it must give the same observations,
rewards and endings as the original for the same actions.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest

import cardkit
import cardkit.rl
from cardkit import catalog
from cardkit.engine.bots import Turn
from cardkit.rl._zonemasks import ZonePlan

GAMES = cardkit.available_games()
#: A pickled env mid-game stays small (about 10-22 KB: the state as its setup and actions,
#: the bots' generators); the encoders' 425 KB of plane rows are never in it.
MOST_BYTES = 64_000


def _same_observation(a: dict[str, Any], b: dict[str, Any]) -> None:
    assert a.keys() == b.keys()
    for key in a:
        assert a[key].dtype == b[key].dtype, key
        np.testing.assert_array_equal(a[key], b[key], err_msg=key)


def _pick(observation: dict[str, Any], rng: random.Random) -> int | None:
    legal = np.flatnonzero(observation["action_mask"])
    return int(legal[rng.randrange(len(legal))]) if len(legal) else None


def _aec_step(env: Any, rng: random.Random) -> tuple[Any, ...]:
    """One step of PettingZoo's loop, and everything it shows."""
    observation, reward, terminated, truncated, info = env.last()
    action = None if terminated or truncated else _pick(observation, rng)
    env.step(action)
    shown = (reward, terminated, truncated, info)
    return env.agent_selection if env.agents else None, observation, *shown


@pytest.mark.parametrize("game", GAMES)
def test_an_aec_env_pickles_mid_game_and_its_copy_plays_on_the_same(game: str) -> None:
    env = cardkit.rl.aec_env(game)
    env.reset(seed=11)
    rng = random.Random(3)
    for seed in range(12, 30):  # some steps, the last game not over (Tonk's are short)
        for _ in range(3):
            _aec_step(env, rng)
        if env.agents:
            break
        env.reset(seed=seed)
    assert env.agents
    data = pickle.dumps(env)
    assert len(data) < MOST_BYTES
    copy = pickle.loads(data)
    assert copy.table is not env.table
    _same_observation(copy.observe(copy.agent_selection), env.observe(env.agent_selection))
    mine, theirs = random.Random(5), random.Random(5)
    for _ in range(2):  # to the end of this game, and through the next one (same seed)
        steps = 0
        while env.agents:
            agent, observation, *shown = _aec_step(env, mine)
            agent_copy, observation_copy, *shown_copy = _aec_step(copy, theirs)
            assert (agent, shown) == (agent_copy, shown_copy)
            _same_observation(observation, observation_copy)
            steps += 1
        assert steps > 0
        assert env.rewards == copy.rewards
        env.reset(seed=40)
        copy.reset(seed=40)


@pytest.mark.parametrize("game", GAMES)
def test_a_gym_env_pickles_mid_game_and_its_copy_plays_on_the_same(game: str) -> None:
    env = cardkit.rl.gym_env(game)  # the other seats: heuristic bots, each with its generator
    observation, _ = env.reset(seed=21)
    rng = random.Random(4)
    for _ in range(4):
        action = _pick(observation, rng)
        assert action is not None
        observation, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            observation, _ = env.reset()
    data = pickle.dumps(env)
    assert len(data) < MOST_BYTES
    copy = pickle.loads(data)
    assert copy.observation_space is copy.table.observation_space
    _same_observation(copy.table.observe(copy.seat), observation)
    episodes = 0
    copy_observation = observation
    while episodes < 3:  # this game, then two more dealt by the pickled generator (no seed)
        action = _pick(observation, rng)
        assert action is not None
        found = env.step(action)
        found_copy = copy.step(action)
        assert found[1:4] == found_copy[1:4]  # reward, terminated, truncated
        _same_observation(found[0], found_copy[0])
        observation, copy_observation = found[0], found_copy[0]
        if found[2] or found[3]:
            episodes += 1
            observation, _ = env.reset()
            copy_observation, _ = copy.reset()
            _same_observation(observation, copy_observation)


@pytest.mark.parametrize("game", GAMES)
def test_a_zone_plan_pickles_as_its_zones(game: str) -> None:
    state = cardkit.load_game(game).start(seed=2)
    zones = getattr(type(state), "zone_specs", None)
    if zones is None:
        pytest.skip(f"{game} declares no zones")
    plan = ZonePlan(zones, state.players)
    copy = pickle.loads(pickle.dumps(plan))  # every zone's functions pickle (no lambdas)
    assert copy.names == plan.names
    assert copy.read(state) == plan.read(state)


#: Every installed game's registered bots, but the search bot (seconds a move): it is
#: pickled, not played, in the test below.
BOTS = [(game, name) for game in GAMES for name in catalog(cardkit.load_game(game)).bots]


@pytest.mark.parametrize(("game", "name"), BOTS)
def test_a_bot_pickles_after_a_move_and_its_copy_chooses_the_same(game: str, name: str) -> None:
    found = cardkit.load_game(game)
    bot = catalog(found).bots[name](random.Random(1))
    state = found.start(seed=4)
    searches = name == "ismcts"
    if not searches:
        state = state.apply(
            bot.choose(Turn(state, state.to_act, state.legal_actions(), random.Random(2)))
        )
    if state.is_over:  # a Tonk deal can end at its first move: a fresh one
        state = found.start(seed=5)
    copy = pickle.loads(pickle.dumps(bot))
    if searches:
        return
    turns = [Turn(state, state.to_act, state.legal_actions(), random.Random(3)) for _ in range(2)]
    assert copy.choose(turns[0]) == bot.choose(turns[1])
