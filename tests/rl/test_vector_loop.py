"""The vector-env loop of "Train an agent", as printed, runs through many games.

Gymnasium's vector envs (autoreset mode `NEXT_STEP`) hand back the last
observation of a finished game, whose mask is all zeros, and reset that env
on the next step. The page's loop guards its masked sampler against it; the
tests run the page's block itself (Sync: quick, Async: subprocesses, slow)
and check that the guard is what keeps it from raising.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import cardkit.rl  # noqa: F401 -- registers the env ids

PAGE = Path(__file__).resolve().parents[2] / "docs" / "tutorials" / "train-an-agent.md"
GUARD = "rng.choice(np.flatnonzero(m)) if m.any() else 0"

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning:gymnasium.utils")


def _page_loop() -> str:
    """The first Python block of the page's section on vector envs."""
    text = PAGE.read_text(encoding="utf-8")
    section = text[text.index("## Vector envs and env ids") :]
    found = re.search(r"```python\n(.*?)```", section, flags=re.DOTALL)
    assert found is not None
    code = found.group(1)
    assert "gym.vector.AsyncVectorEnv" in code
    assert GUARD in code
    return code


def _run(code: str, vector: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": "train_an_agent_page"}
    exec(code.replace("gym.vector.AsyncVectorEnv", f"gym.vector.{vector}"), namespace)  # the page's
    return namespace


@pytest.mark.parametrize(
    "vector", ["SyncVectorEnv", pytest.param("AsyncVectorEnv", marks=pytest.mark.slow)]
)
def test_the_pages_vector_loop_runs_through_many_games(vector: str) -> None:
    found = _run(_page_loop(), vector)
    assert (found["episodes"] >= 5).all()  # each env finished (and was reset after) 5 games


def test_without_the_guard_the_pages_loop_meets_an_all_zero_mask() -> None:
    code = _page_loop().replace(GUARD, "rng.choice(np.flatnonzero(m))")
    with pytest.raises(ValueError, match="cannot be empty"):
        _run(code, "SyncVectorEnv")


def test_a_finished_games_observation_has_an_all_zero_mask_and_same_step_has_none() -> None:
    def make() -> gym.Env[Any, Any]:
        return gym.make("cardkit/tonk-v0", players=2)

    rng = np.random.default_rng(3)
    for mode, zero_masks in (
        (gym.vector.AutoresetMode.NEXT_STEP, True),
        (gym.vector.AutoresetMode.SAME_STEP, False),
    ):
        envs = gym.vector.SyncVectorEnv([make] * 2, autoreset_mode=mode)
        observation, _ = envs.reset(seed=2)
        ended = 0
        for _ in range(60):
            masks = observation["action_mask"]
            actions = [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks]
            observation, _, terminated, truncated, info = envs.step(np.array(actions))
            done = terminated | truncated
            ended += int(done.sum())
            has_ids = observation["action_mask"].any(axis=1)
            if zero_masks:  # a finished game's last observation, nobody to act
                assert (has_ids == ~done).all()
            else:  # the new deal's first observation; the last one in info
                assert has_ids.all()
                for i in np.flatnonzero(done):
                    assert not info["final_obs"][i]["action_mask"].any()
        envs.close()
        assert ended >= 5
