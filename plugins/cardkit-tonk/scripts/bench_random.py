"""Random playouts of Tonk through the public surface, timed like shared/peers/compare.py.

Usage: uv run python plugins/cardkit-tonk/scripts/bench_random.py [--players 2] [--seconds 10]

Prints µs per decision (deal, legal actions and the random choice included)
and games per second: the median over several timed chunks, in wall time and
in this process's CPU time (steadier on a shared machine).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import cardkit


def main() -> None:
    """Run the benchmark."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--chunks", type=int, default=10)
    args = ap.parse_args()
    game = cardkit.load_game("tonk")
    rules = game.rules()
    rng = random.Random(7)

    def play(n: int) -> tuple[int, int]:
        dec = games = 0
        for _ in range(n):
            state = game.start(players=args.players, rules=rules, seed=rng.randrange(1 << 30))
            while not state.is_over:
                legal = state.legal_actions()
                state = state.apply(rng.choice(legal))
                dec += 1
            games += 1
        return dec, games

    play(200)  # warm up
    per_chunk = args.seconds / args.chunks
    us_per_dec: list[float] = []
    cpu_per_dec: list[float] = []
    games_per_s: list[float] = []
    total_dec = total_games = 0
    for _ in range(args.chunks):
        t0 = time.perf_counter()
        c0 = time.process_time()
        dec = games = 0
        while time.perf_counter() - t0 < per_chunk:
            d, g = play(50)
            dec += d
            games += g
        dt = time.perf_counter() - t0
        ct = time.process_time() - c0
        us_per_dec.append(dt / dec * 1e6)
        cpu_per_dec.append(ct / dec * 1e6)
        games_per_s.append(games / dt)
        total_dec += dec
        total_games += games
    print(
        f"tonk, {args.players} players, uniform random: "
        f"{statistics.median(us_per_dec):.2f} µs/decision wall "
        f"({statistics.median(cpu_per_dec):.2f} CPU), "
        f"{statistics.median(games_per_s):.0f} games/s, "
        f"{total_dec / total_games:.2f} decisions/game ({total_games} games)"
    )


if __name__ == "__main__":
    main()
