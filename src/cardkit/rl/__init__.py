"""Reinforcement-learning environments for every installed game (the `cardkit[rl]` extra).

```python
import cardkit.rl

env = cardkit.rl.aec_env("tonk", players=2)          # PettingZoo AECEnv, every seat an agent
env = cardkit.rl.gym_env("tonk", players=2, seat=0)  # Gymnasium Env, the others played by bots
env = gymnasium.make("cardkit/tonk-v0", players=2)   # the same, by its env id
```

Both are built from the public game contract alone (`zones()`,
`visible_zones(seat)`, `view(seat)`, `legal_actions()`, `result()`), so a
third-party game plugin works unchanged. Observations are a `Dict` of
`observation` (card planes, counts, one-hots and scalar view fields, see
[ObservationLayout][cardkit.rl.observe.ObservationLayout]) and
`action_mask`; actions are ids of the game's fixed action space
([cardkit.engine.actionspace][]); rewards come from the result
([cardkit.rl.rewards][]).
"""

from __future__ import annotations

try:
    import gymnasium as _gymnasium  # noqa: F401 -- fail early, with the fix, if the extra is missing
    import numpy as _numpy  # noqa: F401 -- same
    import pettingzoo as _pettingzoo  # noqa: F401 -- same
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"cardkit.rl needs the rl extra ({exc.name} is missing): pip install 'cardkit[rl]'"
    ) from exc

from cardkit.rl.actions import ActionCodec, LegalDiscrete
from cardkit.rl.aec import CardkitAECEnv, aec_env
from cardkit.rl.observe import ObservationLayout, ScalarField
from cardkit.rl.policy import policy_bot
from cardkit.rl.registration import env_id, register_envs
from cardkit.rl.rewards import REWARDS, RewardFunction, RewardKind, reward_function
from cardkit.rl.single import CardkitGymEnv, gym_env

register_envs()

__all__ = [
    "REWARDS",
    "ActionCodec",
    "CardkitAECEnv",
    "CardkitGymEnv",
    "LegalDiscrete",
    "ObservationLayout",
    "RewardFunction",
    "RewardKind",
    "ScalarField",
    "aec_env",
    "env_id",
    "gym_env",
    "policy_bot",
    "register_envs",
    "reward_function",
]
