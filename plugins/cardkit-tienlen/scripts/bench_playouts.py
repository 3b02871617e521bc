"""Random playouts of Tiến lên through the public surface: µs per decision and games/s.

Wall-clock time is what the peers harness compares; the CPU time of the
process is printed too, since it is much less disturbed by other work on a
shared machine. The loop is the one of ``shared/peers/compare.py``: ``game.start(seed=...)``,
``state.legal_actions()``, ``rng.choice``, ``state.apply``, 4 players,
default rules. Usage::

    uv run python plugins/cardkit-tienlen/scripts/bench_playouts.py [--seconds 10] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import cardkit


def main() -> None:
    """Time random playouts in a few rounds and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    game = cardkit.load_game("tienlen")
    rules = game.rules()
    rng = random.Random(7)
    us_per_decision = []
    cpu_us_per_decision = []
    games_per_s = []
    decisions_per_game = []
    for _ in range(args.rounds):
        games = decisions = 0
        start = time.perf_counter()
        cpu = time.process_time()
        deadline = start + args.seconds / args.rounds
        while time.perf_counter() < deadline:
            for _ in range(20):
                state = game.start(players=args.players, rules=rules, seed=rng.randrange(1 << 30))
                while not state.is_over:
                    state = state.apply(rng.choice(state.legal_actions()))
                    decisions += 1
                games += 1
        elapsed = time.perf_counter() - start
        us_per_decision.append(elapsed / decisions * 1e6)
        cpu_us_per_decision.append((time.process_time() - cpu) / decisions * 1e6)
        games_per_s.append(games / elapsed)
        decisions_per_game.append(decisions / games)
    print(
        f"tienlen ({args.players} players, random playouts): "
        f"{statistics.median(us_per_decision):.1f} µs/decision "
        f"({statistics.median(cpu_us_per_decision):.1f} µs of CPU time), "
        f"{statistics.median(games_per_s):.0f} games/s, "
        f"{statistics.median(decisions_per_game):.1f} decisions/game"
    )


if __name__ == "__main__":
    main()
