"""Train a small policy-gradient agent at two-player Tonk against the random bot.

Numpy only: a linear softmax policy over the action ids, masked to the legal
ones, trained with REINFORCE (and a running-mean baseline) on the Gymnasium
environment of `cardkit.rl`. It beats the random bot in a few seconds:

    python examples/train_tonk.py --episodes 3000 --eval 2000

prints the agent's win rate against random, with a 95% confidence interval,
next to the random bot's own win rate from the same seat and deals, and the
CPU time the training and the evaluation took.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

import cardkit.rl

# --8<-- [start:agent]
Vector = npt.NDArray[np.float64]


class LinearPolicy:
    """Softmax over `weights @ observation`, restricted to the legal ids.

    Only the legal ids' rows and the observation's nonzero entries take part
    (a Tonk observation has about 40 of its 758 entries set, a state about 10
    of the 1,363 ids legal): the other logits are masked out and the other
    weights' gradient is zero, so both steps read and write a small block of
    `weights` instead of all of it.
    """

    def __init__(self, features: int, actions: int, rng: np.random.Generator) -> None:
        self.weights = np.zeros((actions, features))
        self.rng = rng

    def legal_probabilities(
        self, observation: Vector, mask: npt.NDArray[np.int8]
    ) -> tuple[npt.NDArray[np.intp], Vector]:
        """The legal ids, and the probability of each."""
        legal, seen = np.flatnonzero(mask), np.flatnonzero(observation)
        logits = self.weights[np.ix_(legal, seen)] @ observation[seen]
        weights = np.exp(logits - logits.max())
        probabilities: Vector = weights / weights.sum()
        return legal, probabilities

    def act(self, observation: Vector, mask: npt.NDArray[np.int8]) -> int:
        legal, probabilities = self.legal_probabilities(observation, mask)
        return int(legal[self.rng.choice(len(legal), p=probabilities)])

    def learn(
        self, steps: list[tuple[Vector, npt.NDArray[np.int8], int]], advantage: float, rate: float
    ) -> None:
        for observation, mask, action in steps:
            legal, probabilities = self.legal_probabilities(observation, mask)
            grad = -probabilities  # d log pi(action) / d logits, on the legal ids
            grad[np.searchsorted(legal, action)] += 1.0
            seen = np.flatnonzero(observation)
            block = np.ix_(legal, seen)
            self.weights[block] += rate * advantage * np.outer(grad, observation[seen])


# --8<-- [end:agent]


@dataclass
class Score:
    """Wins out of games, with a Wilson 95% confidence interval."""

    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        n, p = self.games, self.rate
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return centre - half, centre + half


def make_env() -> cardkit.rl.CardkitGymEnv:
    """Two-player Tonk, seat 0 learns, seat 1 is the random bot; reward: stakes won."""
    return cardkit.rl.gym_env("tonk", players=2, seat=0, opponents="random", view_fields=False)


# --8<-- [start:train]
def train(episodes: int, seed: int = 0, rate: float = 0.01) -> LinearPolicy:
    """REINFORCE: play an episode, then push up the actions of games that beat the baseline."""
    env = make_env()
    features = env.observation_space["observation"].shape[0]  # type: ignore[index]  # a Dict space
    policy = LinearPolicy(features, int(env.action_space.n), np.random.default_rng(seed))
    baseline = 0.0
    observation, _ = env.reset(seed=seed)
    for episode in range(episodes):
        if episode:
            observation, _ = env.reset()
        steps = []
        done = False
        reward = 0.0
        while not done:
            x = observation["observation"].astype(np.float64)
            mask = observation["action_mask"]
            action = policy.act(x, mask)
            steps.append((x, mask, action))
            observation, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        baseline += 0.01 * (reward - baseline)
        policy.learn(steps, reward - baseline, rate)
    return policy


# --8<-- [end:train]


def evaluate(policy: LinearPolicy | None, games: int, seed: int = 10_000) -> Score:
    """Win rate of the policy (`None`: uniformly random legal ids) over seeded deals."""
    env = make_env()
    rng = np.random.default_rng(seed)
    wins = 0
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        done, reward = False, 0.0
        while not done:
            mask = observation["action_mask"]
            if policy is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = policy.act(observation["observation"].astype(np.float64), mask)
            observation, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        wins += reward > 0
    return Score(wins, games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000, help="training games")
    parser.add_argument("--eval", type=int, default=2000, help="evaluation games")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    started = time.process_time()
    policy = train(args.episodes, seed=args.seed)
    trained = time.process_time()
    agent, baseline = evaluate(policy, args.eval), evaluate(None, args.eval)
    evaluated = time.process_time()
    low, high = agent.interval()
    print(f"agent  wins {agent.rate:.1%} (95% CI {low:.1%}-{high:.1%}) of {agent.games} games")
    low, high = baseline.interval()
    print(f"random wins {baseline.rate:.1%} (95% CI {low:.1%}-{high:.1%}) from the same seat")
    print(f"CPU time: training {trained - started:.1f} s, evaluation {evaluated - trained:.1f} s")


if __name__ == "__main__":
    main()
