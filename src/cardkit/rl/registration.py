"""Gymnasium env ids: `gym.make("cardkit/<game>-v0", players=2)` for every installed game.

Importing [cardkit.rl][] registers one id per installed game (its name, not
its aliases): `cardkit/tonk-v0`, `cardkit/tienlen-v0`... Each makes the
single-seat environment of [gym_env][cardkit.rl.gym_env]; keyword arguments
go to it (`players`, `seat`, `opponents`, `rules`, `reward`...).

Gymnasium 1.x no longer loads plugins from entry points, so an id is known
once `cardkit.rl` is imported; `gym.make("cardkit.rl:cardkit/tonk-v0")`
imports it for you. The package still declares the `gymnasium.envs` entry
point (`register_envs`) for the Gymnasium versions that load them.
"""

from __future__ import annotations

from typing import Any

import gymnasium

__all__ = ["ENV_NAMESPACE", "env_id", "make_env", "register_envs"]

#: The namespace of cardkit's env ids.
ENV_NAMESPACE = "cardkit"


def env_id(game: str) -> str:
    """The env id of an installed game's name: `cardkit/<name>-v0`."""
    return f"{ENV_NAMESPACE}/{game}-v0"


def make_env(game: str, **kwargs: Any) -> gymnasium.Env[Any, Any]:
    """The entry point of the ids: [gym_env][cardkit.rl.gym_env] of `game`."""
    from cardkit.rl.single import gym_env

    return gym_env(game, **kwargs)


def register_envs() -> list[str]:
    """Register the id of every installed game that is not registered yet; returns all the ids."""
    from cardkit import available_games

    ids = []
    for name in available_games():
        found = env_id(name)
        if found not in gymnasium.registry:
            gymnasium.register(
                found,
                entry_point="cardkit.rl.registration:make_env",
                kwargs={"game": name},
                disable_env_checker=True,
            )
        ids.append(found)
    return ids
