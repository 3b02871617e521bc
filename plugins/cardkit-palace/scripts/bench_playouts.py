"""Random playouts of Palace through the public surface: µs per decision and games/s.

The loop is the one of ``shared/peers/compare.py`` (``game.start(seed=...)``,
``state.legal_actions()``, ``rng.choice``, ``state.apply`` until
``state.is_over``), 2 players and default rules, plus an action cap: with
uniformly random play a pile can pass back and forth for a very long time,
so a game still running after ``--cap`` actions is stopped and counted
apart (its decisions still count in the timing). Usage::

    uv run python plugins/cardkit-palace/scripts/bench_playouts.py [--seconds 10] [--players 2]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import cardkit


def main() -> None:
    """Time random playouts in a few rounds and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cap", type=int, default=20_000)
    args = parser.parse_args()
    game = cardkit.load_game("palace")
    rules = game.rules()
    rng = random.Random(7)
    us_per_decision = []
    games_per_s = []
    lengths: list[int] = []
    capped = 0
    for _ in range(args.rounds):
        games = decisions = 0
        start = time.perf_counter()
        deadline = start + args.seconds / args.rounds
        while time.perf_counter() < deadline:
            for _ in range(5):
                state = game.start(players=args.players, rules=rules, seed=rng.randrange(1 << 30))
                played = 0
                while not state.is_over:
                    if played >= args.cap:
                        capped += 1
                        break
                    state = state.apply(rng.choice(state.legal_actions()))
                    played += 1
                decisions += played
                lengths.append(played)
                games += 1
        elapsed = time.perf_counter() - start
        us_per_decision.append(elapsed / decisions * 1e6)
        games_per_s.append(games / elapsed)
    lengths.sort()
    print(
        f"palace ({args.players} players, random playouts, cap {args.cap}): "
        f"{statistics.median(us_per_decision):.2f} µs/decision "
        f"(min {min(us_per_decision):.2f}, max {max(us_per_decision):.2f}), "
        f"{1e6 / statistics.median(us_per_decision):,.0f} decisions/s, "
        f"{statistics.median(games_per_s):.1f} games/s"
    )
    print(
        f"actions per game: median {lengths[len(lengths) // 2]}, "
        f"99th percentile {lengths[int(len(lengths) * 0.99)]}, max {lengths[-1]}; "
        f"{capped} of {len(lengths)} games capped"
    )


if __name__ == "__main__":
    main()
