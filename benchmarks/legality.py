"""Time one decision of a passing phase: 286 candidates (3 of 13 cards) against 28 (2 of 8).

Usage: `uv run python benchmarks/legality.py [--seconds S]`.

The game is `benchmarks/passgame.py`: it writes only its rules, so the
core's reference listing builds every legal action from the candidates and
the check. A decision is one `legal_actions()` (on a fresh state: nothing
cached), a random choice and `apply`. Each configuration is timed for
`--seconds` in rounds taken in turn (so that a busy machine slows all of
them alike), and the best round's µs per decision is printed. `any`: the
pass form names its `source` zone and declares `any_cards` (the core checks
one combination and lists the others lazily: the cost should not grow with
the candidates); `hand`: the form names its `source` only (`Form.source`,
every combination of the hand is built and checked); `deck`: the candidates
are every combination of the deck's 52 cards, as before `source` existed
(skipped for 3 of 13: 22,100 candidates, about a second a decision).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from passgame import PassGame  # a script beside this one

CONFIGS = (
    ("3 of 13, any", 13, 3, "any"),
    ("2 of 8, any", 8, 2, "any"),
    ("3 of 13, hand", 13, 3, "hand"),
    ("2 of 8, hand", 8, 2, "hand"),
    ("2 of 8, deck", 8, 2, "deck"),
)


def one_round(game: PassGame, hand: int, give: int, listing: str, seed: int) -> float:
    """µs per decision over one seeded game (every decision of it)."""
    rules = game.rules(hand=hand, give=give, listing=listing, rounds=3)
    state = game.start(4, rules, seed=seed)
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        decisions += 1
    return (time.perf_counter() - start) / decisions * 1e6


def main() -> None:
    """Print the best µs per decision of each configuration and its candidates."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    game = PassGame()
    best = {name: float("inf") for name, *_ in CONFIGS}
    end, seed = time.perf_counter() + args.seconds, 0
    while time.perf_counter() < end:
        seed += 1
        for name, hand, give, listing in CONFIGS:
            best[name] = min(best[name], one_round(game, hand, give, listing, seed))
    for name, hand, give, listing in CONFIGS:
        state = game.start(4, game.rules(hand=hand, give=give, listing=listing), seed=1)
        print(
            f"{name:14} {best[name]:9.1f} µs per decision "
            f"({len(state.legal_actions())} legal, {len(state.candidate_actions())} candidates)"
        )


if __name__ == "__main__":
    main()
