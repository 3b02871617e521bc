#!/usr/bin/env python3
"""How often a policy bot falls back to a random move, per game (issue 41, point 3).

Every seat is a policy bot (`cardkit.rl.policy_bot`) whose policy picks a
uniformly random legal id. `fallbacks` counts the decisions it played at
random because its observation showed the seat no legal id (the figure in
`cardkit.rl.policy`'s docstring and "Train an agent").

`world` measures what the bot did until 2026-12-04: it sampled a world
consistent with the seat's view (`Turn.sample_worlds(1)`, three tries) and
fell back when none came. The column counts, over the first `--world-games`
games, the decisions at which those three tries found no world: the old
fallback rate. It is slow (a world replays the game from its deal), hence
fewer games.

    uv run python benchmarks/policy_fallbacks.py [--games 500] [--world-games 20]
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
from typing import Any

import numpy as np
import numpy.typing as npt

import cardkit
import cardkit.rl
from cardkit.engine.actions import Action
from cardkit.engine.bots import Bot, Turn
from cardkit.play.runner import play_out, seat_rngs
from cardkit.rl.policy import PolicyBot

#: game -> players
GAMES = {"tonk": 2, "tienlen": 4, "crazyeights": 2, "spades": 4, "palace": 2}
#: The tries the old bot gave the world sampler per decision.
WORLD_TRIES = 3


class RandomPolicy:
    """A uniformly random legal id."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def __call__(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        return int(self.rng.choice(np.flatnonzero(mask)))


class WorldProbe:
    """The policy bot, after asking the world sampler as the old bot did (counted)."""

    def __init__(self, bot: PolicyBot, tally: dict[str, int]) -> None:
        self.bot = bot
        self.tally = tally

    def choose(self, turn: Turn) -> Action:
        self.tally["decisions"] += 1
        if not any(turn.sample_worlds(1) for _ in range(WORLD_TRIES)):
            self.tally["misses"] += 1
        return self.bot.choose(turn)


def measure(name: str, players: int, games: int, world_games: int) -> dict[str, Any]:
    """The decisions and fallbacks of `games` games, and the world misses of the first ones."""
    game = cardkit.load_game(name)
    factory = cardkit.rl.policy_bot(name, "random-policy", RandomPolicy(1), players, register=False)
    decisions = fallbacks = 0
    worlds = {"decisions": 0, "misses": 0}
    for index in range(games):
        rngs = seat_rngs(index, players)
        bots = [factory(rng) for rng in rngs]
        seats: list[Bot] = list(bots)
        if index < world_games:
            seats = [WorldProbe(bot, worlds) for bot in bots]
        played = play_out(game.start(players, game.rules(), seed=index), seats, rngs)
        decisions += played.decisions
        fallbacks += sum(bot.fallbacks for bot in bots)
    return {
        "game": name,
        "players": players,
        "games": games,
        "decisions": decisions,
        "fallbacks": fallbacks,
        "world_games": min(world_games, games),
        **{f"world_{k}": v for k, v in worlds.items()},
    }


def _rate(part: int, whole: int) -> str:
    return f"{100 * part / whole:.2f}%" if whole else "-"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per game (fallbacks)")
    parser.add_argument(
        "--world-games", type=int, default=20, help="games per game for the world column"
    )
    parser.add_argument("--only", nargs="*", default=None, help="these games only")
    args = parser.parse_args()
    random.seed(0)
    load = os.getloadavg()
    print(f"# {datetime.date.today()}, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(
        f"{'game':<12} {'seats':>5} {'games':>6} {'decisions':>10} {'fallbacks':>9} {'rate':>7}"
        f" | {'world games':>11} {'decisions':>9} {'no world':>8} {'rate':>7}"
    )
    for name, players in GAMES.items():
        if args.only and name not in args.only:
            continue
        r = measure(name, players, args.games, args.world_games)
        print(
            f"{name:<12} {players:>5} {r['games']:>6} {r['decisions']:>10} {r['fallbacks']:>9}"
            f" {_rate(r['fallbacks'], r['decisions']):>7}"
            f" | {r['world_games']:>11} {r['world_decisions']:>9} {r['world_misses']:>8}"
            f" {_rate(r['world_misses'], r['world_decisions']):>7}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
