"""Time `state.view(seat)` per game: the cost of one view call, min of repeats.

Usage: `uv run python benchmarks/view_calls.py [GAME...] [--repeats N]`.

For each game it plays seeded random games (at least 400 states) (default players), keeps
their states, asks every state once for every view (so the legal listing each
state caches is not timed), then times asking every state for the view of
every seat and the spectator, `--repeats` times, and prints the best run's
cost per call in microseconds.
"""

from __future__ import annotations

import argparse
import random
import time

import cardkit

GAMES = ("palace", "tonk", "tienlen", "crazyeights")


def states_of(name: str, count: int = 400, cap: int = 150) -> list[cardkit.GameState]:
    """The states of seeded random games of `name` (at most `cap` actions each), until
    there are at least `count`."""
    game = cardkit.load_game(name)
    out: list[cardkit.GameState] = []
    seed = 0
    while len(out) < count:
        seed += 1
        rng = random.Random(seed)
        state = game.start(players=game.players.default, seed=seed)
        out.append(state)
        for _ in range(cap):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
            out.append(state)
    return out


def per_call_us(states: list[cardkit.GameState], repeats: int) -> float:
    """The best of `repeats` runs over every view of `states`, per view call, in µs."""
    calls = [(s, seat) for s in states for seat in [None, *range(s.players)]]
    for state, seat in calls:
        state.view(seat)
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for state, seat in calls:
            state.view(seat)
        best = min(best, time.perf_counter() - start)
    return best / len(calls) * 1e6


def main() -> None:
    """Print the view-call cost of each game asked (default: all four)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    for name in args.games:
        states = states_of(name)
        print(
            f"{name:12} {per_call_us(states, args.repeats):7.1f} µs per view call "
            f"({len(states)} states)"
        )


if __name__ == "__main__":
    main()
