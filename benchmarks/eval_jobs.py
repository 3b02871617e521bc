"""``simulate`` wall time with one job and with two, for 2,000 and 20,000 games per game.

Run from the repository root, in one process (so the second two-job run of a
game finds the pool the first one started):

    uv run python benchmarks/eval_jobs.py [--games 2000 20000] [--only tienlen ...]

Every seat plays ``--bot`` (default ``random``, as in the figures of issue 14;
``best`` for each game's best bot). It prints one line per run and checks
that both job counts give the same report.
"""

from __future__ import annotations

import argparse
import os
import time

import cardkit
from cardkit import catalog
from cardkit.play.simulate import simulate


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[2000, 20000])
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="random")
    args = parser.parse_args()
    print(f"cpus {os.cpu_count()} · load {os.getloadavg()[0]:.1f}")
    head = ("game", "games", "jobs 1 (s)", "jobs 2 (s)", "used", "speed-up")
    print("{:12} {:>6} {:>10} {:>10} {:>5} {:>8}".format(*head))
    for name in args.only or cardkit.available_games():
        game = cardkit.load_game(name)
        bots = [catalog(game).best_bot if args.bot == "best" else args.bot]
        for games in args.games:
            started = time.perf_counter()
            one = simulate(name, games=games, seed=args.seed, jobs=1, bots=bots)
            t1 = time.perf_counter() - started
            started = time.perf_counter()
            two = simulate(name, games=games, seed=args.seed, jobs=2, bots=bots)
            t2 = time.perf_counter() - started
            assert one.outcome() == two.outcome(), f"{name}: the reports differ"
            print(f"{name:12} {games:>6} {t1:>10.2f} {t2:>10.2f} {two.jobs:>5} {t1 / t2:>5.2f}x")


if __name__ == "__main__":
    main()
