"""The training example of the docs learns to beat the random bot at Tonk."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_tonk.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cardkit_train_tonk_example", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow  # a long cross-check: the whole run has it, the quick run not
def test_the_trained_agent_beats_random_with_confidence() -> None:
    example = _load()
    policy = example.train(1500, seed=0)
    agent = example.evaluate(policy, 800)
    random_play = example.evaluate(None, 800)
    low, high = agent.interval()
    print(f"agent {agent.rate:.3f} [{low:.3f}, {high:.3f}] vs random {random_play.rate:.3f}")
    assert low > random_play.rate
    assert low > random_play.interval()[1]  # the intervals do not even overlap


def test_the_sparse_update_is_the_dense_gradient() -> None:
    """The example updates only the legal ids' rows and the observation's nonzero columns:
    the same weights as the whole outer product of REINFORCE's gradient."""
    import numpy as np

    example = _load()
    env = example.make_env()
    rng = np.random.default_rng(1)
    features = env.observation_space["observation"].shape[0]
    policy = example.LinearPolicy(features, int(env.action_space.n), rng)
    policy.weights = rng.normal(size=policy.weights.shape)
    dense, start = policy.weights.copy(), policy.weights.copy()
    observation, _ = env.reset(seed=3)
    steps = []
    for _ in range(3):
        x = observation["observation"].astype(np.float64)
        mask = observation["action_mask"]
        action = int(np.flatnonzero(mask)[-1])
        steps.append((x, mask, action))
        observation, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            observation, _ = env.reset()
    policy.learn(steps, 0.7, 0.05)
    for x, mask, action in steps:  # REINFORCE's gradient, written out whole
        logits = dense @ x
        logits[mask == 0] = -np.inf
        p = np.exp(logits - logits.max())
        grad = -p / p.sum()
        grad[action] += 1.0
        dense += 0.05 * 0.7 * np.outer(grad, x)
    np.testing.assert_allclose(policy.weights, dense, rtol=0, atol=1e-12)
    assert not np.array_equal(policy.weights, start)  # it learned something
