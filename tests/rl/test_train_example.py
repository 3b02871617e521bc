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
