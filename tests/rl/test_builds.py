"""The RL environments give the same observations, masks and rewards on both builds.

The compiled build compiles the observation encoder and the table with mypyc
(pyproject.toml's mypyc `include`); an AEC env of every game is played with
the same random legal ids in two processes, one on the compiled modules and
one with `CARDKIT_PURE=1`, and every step's observation vector (its bytes),
action mask, reward and ending must be the same.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cardkit import _build

#: Each step's observation and mask as the digest of their bytes, with the reward and ending.
_PLAY = """
import hashlib, json, random, cardkit, cardkit.rl
from cardkit._build import compiled_modules
found = {}
for game in cardkit.available_games():
    env = cardkit.rl.aec_env(game, candidates=2)
    env.reset(seed=5)
    rng, steps, seed = random.Random(7), [], 5
    while len(steps) < 300:
        observation, reward, terminated, truncated, _ = env.last()
        digest = hashlib.sha256()
        for key in sorted(observation):
            digest.update(key.encode() + observation[key].tobytes())
        steps.append([env.agent_selection, digest.hexdigest(), reward, terminated, truncated])
        if terminated or truncated:
            seed += 1
            env.reset(seed=seed)
            continue
        env.step(rng.choice(observation["action_mask"].nonzero()[0].tolist()))
    found[game] = steps
print(json.dumps({"games": found, "compiled": compiled_modules()}))
"""


def _play(pure: bool) -> dict[str, list[list[object]]]:
    env = {**os.environ, _build.PURE_VARIABLE: "1" if pure else ""}
    done = subprocess.run(
        [sys.executable, "-c", _PLAY], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    played = json.loads(done.stdout)
    assert ("cardkit.rl._encoder" not in played["compiled"]) is pure, played["compiled"]
    games: dict[str, list[list[object]]] = played["games"]
    return games


def test_envs_observe_the_same_on_both_builds() -> None:
    if "cardkit.rl._encoder" not in _build.compiled_files():
        pytest.skip("the RL encoder is not compiled here: there is no compiled build to compare")
    compiled, pure = _play(pure=False), _play(pure=True)
    assert compiled.keys() == pure.keys()
    assert len(compiled) >= 6
    for game, steps in compiled.items():
        for at, (mine, theirs) in enumerate(zip(steps, pure[game], strict=True)):
            assert mine == theirs, f"{game}, step {at}: compiled {mine}, pure {theirs}"
