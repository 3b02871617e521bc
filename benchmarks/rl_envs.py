#!/usr/bin/env python3
"""RL environment steps per second: cardkit's AEC environments next to RLCard's env loop.

Random agents play every seat. A step is one decision: for cardkit one
`env.step` of the PettingZoo loop (`env.last()`, a masked `sample`, `step`),
which builds the next observation and infos; for RLCard one `env.step` of
`rlcard.make(game)` with a random legal action, which encodes its state.
The agent's pick is a random id of the mask's nonzero entries (1.8 us;
RLCard's loop picks from its legal-action list the same way).
Each cardkit game is paired with RLCard's nearest game (as in
`shared/peers/compare.py`). Also measured: an observation
(`ObservationLayout.encode`) against an `apply`, on the same states; a
policy bot's decision (`cardkit.rl.policy_bot` with a policy that picks the
lowest legal id: the turn, the observation and mask, the policy) on the same
states, set against an env step (`policy/env step`); and the
loop's floor, the same loop on a PettingZoo env that does nothing but hand
out a fresh observation and mask of the game's sizes (`FloorEnv`): the bare
game's step plus the floor's is the least any env of the game could cost
in this loop (`floor/game`, to set against `env/game`). It prints which
build of cardkit ran (pure, or how many modules compiled): run it on both
(`tools/compile_inplace.py` builds the compiled one in a checkout).

The targets are fixed yardsticks of the same run: every AEC env (view
fields on) at least `TARGET` (2) times as many steps a second as RLCard's env
of its family (`PEERS`: Tiến lên against Dou Dizhu, Tonk against gin rummy,
Palace and Crazy Eights against UNO). The table gives each ratio's median
over the round-robin rounds and its range (cardkit's chunk over RLCard's in
the same round), and whether the target is met. The bare game's step and
the floor show where an env step's time goes; they are not targets (a ratio
to the bare game moves whenever the game gets faster). The machine's load
average is printed before and after the run: quote it with the figures.

RLCard is not a project dependency: run this in a scratch environment that
holds cardkit, its plugins, the rl extra and `rlcard==1.2.0`; without RLCard
only cardkit is measured::

    uv venv /tmp/rlbench && uv pip install --python /tmp/rlbench -e . -e plugins/cardkit-tonk \\
        -e plugins/cardkit-tienlen -e plugins/cardkit-palace -e examples/cardkit-crazyeights \\
        gymnasium pettingzoo rlcard==1.2.0
    /tmp/rlbench/bin/python benchmarks/rl_envs.py [--seconds 6]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from typing import Any

import numpy as np
from pettingzoo import AECEnv

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import Bench, environment, print_table, run_round_robin, summarize

import cardkit
import cardkit.rl
from cardkit._build import build_name
from cardkit.engine.bots import Turn

#: Every AEC env makes at least this many times the steps per second of its RLCard peer.
TARGET = 2.0

#: cardkit game -> (players, the nearest RLCard game)
PEERS = {
    "tienlen": (4, "doudizhu"),
    "palace": (2, "uno"),
    "tonk": (2, "gin-rummy"),
    "crazyeights": (2, "uno"),
}


def aec_bench(game: str, players: int, view_fields: bool) -> Bench:
    env = cardkit.rl.aec_env(game, players=players, view_fields=view_fields)
    env.reset(seed=1)
    rng = random.Random(1)  # the same kind of random choice as the RLCard loop's

    def batch(n: int) -> dict[str, float]:
        steps = 0
        while steps < n:
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.reset(seed=rng.randrange(1 << 30))
                continue
            # the agent: a random legal id from the mask, as cheaply as numpy gives them
            # (`np.flatnonzero(...)` alone costs 3-5 us here, more than some games' step)
            env.step(rng.choice(observation["action_mask"].nonzero()[0].tolist()))
            steps += 1
        return {"steps": steps}

    suffix = "aec" if view_fields else "aec-lean"
    return Bench(f"cardkit/{game}/{suffix}", batch, unit="steps", group=game)


class FloorEnv(AECEnv[str, dict[str, Any], Any]):
    """The least a PettingZoo AEC env can do in a step: the loop's floor.

    Its observations are a fresh array over constant bytes (the cheapest new
    array numpy gives) and a copy of a constant mask (a caller may write into
    it); its step records nothing but the turn; it never ends. Any env of the
    same sizes costs at least this much in the same loop.
    """

    metadata: dict[str, Any] = {"name": "floor_v0"}  # noqa: RUF012 -- PettingZoo's own

    def __init__(self, players: int, size: int, mask: np.ndarray[Any, Any]) -> None:
        """`players` agents, observations of `size` floats, the action mask `mask`."""
        super().__init__()
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._bytes, self._mask, self._next = bytes(4 * size), mask, 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """PettingZoo's dictionaries, the first agent selected."""
        self.agents = agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos = {agent: {} for agent in agents}
        self.agent_selection, self._next = agents[0], 0

    def observe(self, agent: str) -> dict[str, Any]:
        """A fresh observation: zeros, and a copy of the mask."""
        return {
            "observation": np.frombuffer(self._bytes, np.float32),
            "action_mask": self._mask.copy(),
        }

    def step(self, action: Any) -> None:
        """The next agent's turn (the action is not read)."""
        self._cumulative_rewards[self.agent_selection] = 0.0
        self._next = (self._next + 1) % len(self.agents)
        self.agent_selection = self.agents[self._next]


def floor_bench(game: str, players: int) -> Bench:
    """The same loop as `aec_bench` on a `FloorEnv` of the game's sizes, its mask holding
    as many legal ids as the game's states do on average (from `sample_states`)."""
    table = cardkit.rl.aec_env(game, players=players).table
    counts = []
    for state in sample_states(game, players, 500):  # each state's legal ids, as the env gives
        table.state = state
        counts.append(len(table.legal(state.to_act)[0]))
    mask = np.zeros(table.n, dtype=np.int8)
    mask[: max(1, round(sum(counts) / len(counts)))] = 1
    env = FloorEnv(players, table.observation_space["observation"].shape[0], mask)
    env.reset(seed=1)
    rng = random.Random(1)

    def batch(n: int) -> dict[str, float]:
        for _ in range(n):
            observation, _, _, _, _ = env.last()
            env.step(rng.choice(observation["action_mask"].nonzero()[0].tolist()))
        return {"steps": n}

    return Bench(f"floor/{game}", batch, unit="steps", group=game)


def game_bench(game: str, players: int) -> Bench:
    """The bare game's step: list the legal actions, pick one at random, apply it."""
    found = cardkit.load_game(game)
    rng = random.Random(1)
    state = found.start(players=players, seed=1)

    def batch(n: int) -> dict[str, float]:
        nonlocal state
        steps = 0
        while steps < n:
            if state.is_over:
                state = found.start(players=players, seed=rng.randrange(1 << 30))
                continue
            state = state.apply(rng.choice(state.legal_actions()))
            steps += 1
        return {"steps": steps}

    return Bench(f"game/{game}", batch, unit="steps", group=game)


def rlcard_bench(game: str, players: int) -> Bench:
    import rlcard

    env = rlcard.make(game, config={"seed": 1})
    rng = random.Random(1)
    state: dict[str, Any] = {}

    def batch(n: int) -> dict[str, float]:
        nonlocal state
        steps = 0
        while steps < n:
            if not state or env.is_over():
                state, _ = env.reset()
                continue
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
        return {"steps": steps}

    return Bench(f"rlcard/{game}/env", batch, unit="steps", group="rlcard")


def sample_states(game: str, players: int, count: int = 2000) -> list[cardkit.GameState]:
    found = cardkit.load_game(game)
    rng = random.Random(0)
    states: list[cardkit.GameState] = []
    seed = 0
    while len(states) < count:
        state = found.start(players=players, seed=seed)
        seed += 1
        for _ in range(150):
            if state.is_over:
                break
            states.append(state)
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    return states[:count]


def cost_benches(game: str, players: int) -> list[Bench]:
    states = sample_states(game, players)
    actions = [s.legal_actions()[0] for s in states]
    layouts = {
        "observe": cardkit.rl.ObservationLayout(states[0], view_fields=True),
        "observe-lean": cardkit.rl.ObservationLayout(states[0], view_fields=False),
    }

    def apply(n: int) -> None:
        for i in range(n):
            k = i % len(states)
            states[k].apply(actions[k])

    def observer(layout: cardkit.rl.ObservationLayout) -> Any:
        def observe(n: int) -> None:
            for i in range(n):
                state = states[i % len(states)]
                layout.encode(state, state.to_act)

        return observe

    out = [Bench(f"cost/{game}/apply", apply, unit="states", group=f"cost-{game}")]
    out += [
        Bench(f"cost/{game}/{name}", observer(layout), unit="states", group=f"cost-{game}")
        for name, layout in layouts.items()
    ]
    out.append(policy_bench(game, players, states))
    return out


def policy_bench(game: str, players: int, states: list[cardkit.GameState]) -> Bench:
    """A policy bot's decision (`cardkit.rl.policy_bot`, a policy that picks the lowest
    legal id): the turn, the seat's observation and mask, the policy, the action."""
    factory = cardkit.rl.policy_bot(
        game, "bench", lambda obs, mask: mask.argmax(), players=players, register=False
    )
    bot = factory(random.Random(1))
    legal = [s.legal_actions() for s in states]
    rng = random.Random(1)

    def decide(n: int) -> None:
        for i in range(n):
            k = i % len(states)
            state = states[k]
            bot.choose(Turn(state, state.to_act, legal[k], rng))

    return Bench(f"cost/{game}/policy", decide, unit="decisions", group=f"cost-{game}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=6.0, help="measured seconds per benchmark")
    ap.add_argument("--chunks", type=int, default=6)
    ap.add_argument("--warmup", type=float, default=0.5)
    ap.add_argument("--games", default=",".join(PEERS), help="comma-separated cardkit games")
    args = ap.parse_args()
    try:
        import rlcard  # noqa: F401 -- only to know whether the peer is installed
    except ImportError:
        has_rlcard = False
    else:
        has_rlcard = True
    games = [g for g in args.games.split(",") if g]
    benches: list[Bench] = []
    for game in games:
        players, peer = PEERS[game]
        benches += [aec_bench(game, players, True), aec_bench(game, players, False)]
        benches += [game_bench(game, players), floor_bench(game, players)]
        if has_rlcard:
            benches.append(rlcard_bench(peer, players))
        benches += cost_benches(game, players)
    load_before = os.getloadavg()
    run_round_robin(benches, args.seconds, args.chunks, args.warmup, log=lambda _: None)
    load_after = os.getloadavg()
    found = {b.name: summarize(b) for b in benches}
    rates = {name: summary["rate_median"] for name, summary in found.items()}
    print(environment())
    print("cardkit:", build_name())  # pure, or which modules run compiled
    print(
        "load average (1, 5, 15 min): before",
        ", ".join(f"{x:.2f}" for x in load_before),
        "| after",
        ", ".join(f"{x:.2f}" for x in load_after),
    )
    rows = []
    for game in games:
        players, peer = PEERS[game]
        ours = rates[f"cardkit/{game}/aec"]
        theirs = rates.get(f"rlcard/{peer}/env")
        apply = rates[f"cost/{game}/apply"]
        bare = rates[f"game/{game}"]
        floor = 1 + bare / rates[f"floor/{game}"]  # (bare step + floor step) / bare step
        if theirs:
            rounds = [
                a / b
                for a, b in zip(
                    found[f"cardkit/{game}/aec"]["chunk_rates"],
                    found[f"rlcard/{peer}/env"]["chunk_rates"],
                    strict=True,
                )
            ]
            ratio = ours / theirs
            versus = f"{ratio:.2f}x ({min(rounds):.2f}-{max(rounds):.2f})"
            verdict = "met" if ratio >= TARGET else f"not met: {TARGET / ratio:.2f}x short"
            target = f">= {TARGET:g}x {peer}: {verdict}"
        else:
            versus = target = "-"
        rows.append(
            [
                f"{game} ({players})",
                f"{ours:,.0f}",
                f"{peer}: {theirs:,.0f}" if theirs else "-",
                versus,
                target,
                f"{bare:,.0f}",
                f"{bare / ours:.2f}x",
                f"{floor:.2f}x",
                f"{rates[f'cardkit/{game}/aec-lean']:,.0f}",
                f"{apply / rates[f'cost/{game}/observe']:.1f}x",
                f"{apply / rates[f'cost/{game}/observe-lean']:.1f}x",
                f"{1e6 / rates[f'cost/{game}/policy']:.0f} us",
                f"{rates[f'cardkit/{game}/aec'] / rates[f'cost/{game}/policy']:.2f}x",
            ]
        )
    print_table(
        [
            "game",
            "cardkit steps/s",
            "RLCard env steps/s",
            "cardkit/RLCard (rounds)",
            "target",
            "bare game steps/s",
            "env/game cost",
            "floor/game",
            "lean steps/s",
            "obs/apply",
            "lean obs/apply",
            "policy bot decision",
            "policy/env step",
        ],
        rows,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
