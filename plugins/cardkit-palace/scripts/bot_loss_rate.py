"""Measure the heuristic Palace bot's loss rate against random bots (not a test).

Usage, from the repository root::

    uv run python plugins/cardkit-palace/scripts/bot_loss_rate.py [--games 2000] [--jobs 2]

Plays 4-player games, one heuristic bot and three random bots, rotating the
heuristic bot through the seats, and an all-random baseline over the same
number of games. Random play can pass a pile back and forth for a very long
time, so every game is capped (``--cap`` actions); capped games count as
neither a win nor a loss and are reported separately.
"""

from __future__ import annotations

import argparse
import time

from cardkit.play.simulate import simulate


def main() -> None:
    """Run both simulations and print the loss rates."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cap", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    bots = ["heuristic"] + ["random"] * (args.players - 1)
    started = time.perf_counter()
    mixed = simulate(
        "palace",
        games=args.games,
        players=args.players,
        bots=bots,
        seed=args.seed,
        jobs=args.jobs,
        max_actions=args.cap,
        rotate=True,
    )
    baseline = simulate(
        "palace",
        games=args.games,
        players=args.players,
        bots=["random"],
        seed=args.seed + 1,
        jobs=args.jobs,
        max_actions=args.cap,
    )
    heuristic = next(b for b in mixed.by_bot if b.bot == "heuristic")
    random_mixed = next(b for b in mixed.by_bot if b.bot == "random")
    random_alone = next(b for b in baseline.by_bot if b.bot == "random")
    print(f"{args.players} players, {args.games} games each, cap {args.cap} actions per game")
    print(
        f"heuristic vs {args.players - 1} random: loss rate {heuristic.loss_rate:.3f} "
        f"({heuristic.losses}/{heuristic.completed} completed; {mixed.capped} capped)"
    )
    print(f"  random seats in those games: loss rate {random_mixed.loss_rate:.3f}")
    print(
        f"all random: loss rate {random_alone.loss_rate:.3f} per seat "
        f"({baseline.completed} completed; {baseline.capped} capped)"
    )
    print(f"ratio heuristic / random baseline: {heuristic.loss_rate / random_alone.loss_rate:.3f}")
    print(
        f"mean actions per game: {mixed.mean_decisions:.0f} (with the heuristic bot), "
        f"{baseline.mean_decisions:.0f} (all random)"
    )
    print(f"elapsed {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
