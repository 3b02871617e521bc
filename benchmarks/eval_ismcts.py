"""ISMCTS against each game's heuristic bot: win rate and mean payment with 95% intervals.

    uv run python benchmarks/eval_ismcts.py [--games 200] [--iterations 300] [--only tonk ...]

One seat is ISMCTS (the registered `ismcts` with its defaults, but the
budget given), every other seat the game's best bot; the ISMCTS seat
rotates through the seats game by game. It prints the win rate with its
Wilson interval against parity (a seat's share of the winners: 1 / players
when one seat wins, 3 / 4 in Palace, where all but the last win), the mean net payment with its
normal interval, and the mean milliseconds per ISMCTS move.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from typing import Any

import cardkit
from cardkit import catalog
from cardkit.engine.bots import Bot, Turn
from cardkit.eval.ismcts import DEFAULT_ITERATIONS, ISMCTSBot
from cardkit.eval.stats import mean_interval, wilson_interval
from cardkit.play.runner import play_out, seat_rngs
from cardkit.play.simulate import game_seed


class _Timed:
    """Wraps a bot and adds up the time it spends choosing."""

    def __init__(self, bot: Bot, clock: list[float]) -> None:
        self.bot = bot
        self.clock = clock

    def choose(self, turn: Turn) -> Any:
        started = time.perf_counter()
        action = self.bot.choose(turn)
        self.clock[0] += time.perf_counter() - started
        self.clock[1] += 1
        return action


def measure(name: str, games: int, iterations: int, seed: int) -> str:
    """One line: the game, budget, win rate and interval, payments, ms per move."""
    game = cardkit.load_game(name)
    players = game.players.default
    best = catalog(game).bots[catalog(game).best_bot]
    clock = [0.0, 0.0]
    wins, shares, nets = 0, 0.0, []
    for index in range(games):
        s = game_seed(seed, index)
        rngs = seat_rngs(s, players)
        me = index % players
        bots: list[Bot] = [best(rngs[p]) for p in range(players)]
        bots[me] = _Timed(ISMCTSBot(iterations=iterations), clock)
        result = play_out(game.start(players, seed=s), bots, rngs, max_actions=5000).result
        wins += me in result.winners
        shares += len(set(result.winners)) / players  # a random seat's chance of winning
        nets.append(float(result.net[me]))
    low, high = wilson_interval(wins, games)
    mean, net_low, net_high = mean_interval(nets)
    parity = shares / games
    verdict = "beats" if low > parity else "not shown"
    return (
        f"{name:12} {players}p {iterations:>5} it  win {wins / games:6.1%} "
        f"[{low:5.1%}, {high:5.1%}] vs parity {parity:5.1%} ({verdict})  "
        f"net {mean:+6.2f} [{net_low:+.2f}, {net_high:+.2f}]  "
        f"{1000 * clock[0] / max(1, clock[1]):6.1f} ms/move over {int(clock[1])} moves"
    )


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"cpus {os.cpu_count()} · load {os.getloadavg()[0]:.1f}", flush=True)
    random.seed(0)
    for name in args.only or cardkit.available_games():
        print(measure(name, args.games, args.iterations, args.seed), flush=True)


if __name__ == "__main__":
    main()
