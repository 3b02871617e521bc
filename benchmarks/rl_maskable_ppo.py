"""MaskablePPO (sb3-contrib) at 200k steps against the heuristic bot, wrapped as the docs say.

Usage (a scratch environment: torch and sb3-contrib are never project dependencies)::

    python -m venv /tmp/ppo && /tmp/ppo/bin/pip install torch==2.13.0 sb3-contrib
    /tmp/ppo/bin/pip install -e . -e plugins/cardkit-tonk -e plugins/cardkit-tienlen \\
        gymnasium pettingzoo
    /tmp/ppo/bin/python benchmarks/rl_maskable_ppo.py tonk 2 [--steps 200000] [--games 2000]

Seat 0 learns with `gym.make("cardkit/<game>-v0")` (every other seat the
heuristic bot) behind the `ActionMasker` wrapping of docs/tutorials/train-an-agent.md,
default hyper-parameters. Then it plays `--games` fresh deals with the
deterministic policy, and the heuristic bot plays seat 0 of the same deals;
both win rates are printed with Wilson 95% intervals, as JSON, with the training rate
and the load average at the end.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from typing import Any

import gymnasium as gym
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker

import cardkit
import cardkit.rl
from cardkit import catalog
from cardkit.engine.bots import Turn

#: The evaluation deals' first seed (training never sees them).
EVALUATION_SEED = 10_000_000


def wilson(wins: int, games: int, z: float = 1.959964) -> tuple[float, float, float]:
    """The win rate and its Wilson 95% interval."""
    rate = wins / games
    scale = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / scale
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / scale
    return rate, centre - half, centre + half


def make_env(game: str, players: int) -> Any:
    """The docs' wrapping: the vector part of the observation, the mask through ActionMasker."""
    env = gym.make(f"cardkit/{game}-v0", players=players)

    def masks(wrapped: Any) -> Any:
        return wrapped.unwrapped.table.legal_mask(wrapped.unwrapped.seat)

    vector = gym.wrappers.TransformObservation(
        env, lambda o: o["observation"], env.observation_space["observation"]
    )
    return ActionMasker(vector, masks)


def policy_wins(model: MaskablePPO, game: str, players: int, games: int) -> int:
    """Seat 0's wins with the trained policy over `games` evaluation deals."""
    env = make_env(game, players)
    wins = 0
    for i in range(games):
        observation, _ = env.reset(seed=EVALUATION_SEED + i)
        done = False
        while not done:
            mask = env.unwrapped.table.legal_mask(0).astype(bool)
            action, _ = model.predict(observation, action_masks=mask, deterministic=True)
            observation, _, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        state = env.unwrapped.table.state
        wins += int(state.is_over and 0 in state.result().winners)
    return wins


def heuristic_wins(game: str, players: int, games: int) -> int:
    """Seat 0's wins when the heuristic bot plays every seat of the same deals."""
    found = cardkit.load_game(game)
    wins = 0
    for i in range(games):
        seed = EVALUATION_SEED + i
        state = found.start(players, seed=seed)
        seeds = [EVALUATION_SEED * 7 + i * 11 + s for s in range(players)]
        bots = [catalog(found).bots["heuristic"](random.Random(bot_seed)) for bot_seed in seeds]
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act
            state = state.apply(bots[seat].choose(Turn(state, seat, state.legal_actions(), rng)))
        wins += int(0 in state.result().winners)
    return wins


def main() -> None:
    """Train, evaluate and print the figures as one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--steps", type=int, default=200_000)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.time()
    env = make_env(args.game, args.players)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0).learn(args.steps)
    trained = time.time() - start
    wins = policy_wins(model, args.game, args.players, args.games)
    baseline = heuristic_wins(args.game, args.players, args.games)
    figures = {
        "game": args.game,
        "players": args.players,
        "steps": args.steps,
        "games": args.games,
        "train_seconds": round(trained),
        "steps_per_second": round(args.steps / trained),
        "load_average": os.getloadavg(),
        "ppo": wilson(wins, args.games),
        "heuristic": wilson(baseline, args.games),
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
