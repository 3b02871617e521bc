"""The heuristic bot against random bots: mean net payment per hand.

Usage: uv run python plugins/cardkit-tonk/scripts/bot_eval.py [--hands 2000] [--players 3]

The heuristic bot sits at every seat in turn (hand k: seat k mod players,
dealer rotating too), the other seats are random bots. Prints the bot's mean
net payment per hand in stakes, its standard error, and how the hands ended.
"""

from __future__ import annotations

import argparse
import collections
import math
import random
import time

from cardkit_tonk import HeuristicBot

import cardkit
from cardkit import RandomBot
from cardkit.play.runner import play_out, seat_rngs


def evaluate(hands: int, players: int, seed: int = 0, **options: object) -> dict[str, object]:
    """Play ``hands`` hands; return the bot's mean net, its standard error and the endings."""
    game = cardkit.load_game("tonk")
    rules = game.rules(**options)
    rng = random.Random(seed)
    nets: list[int] = []
    endings: collections.Counter[str] = collections.Counter()
    capped = 0
    for k in range(hands):
        me = k % players
        dealer = (k // players) % players
        state = game.start(players=players, rules=rules, seed=rng.randrange(1 << 62), dealer=dealer)
        bots = [HeuristicBot() if seat == me else RandomBot() for seat in range(players)]
        played = play_out(state, bots, seat_rngs(k + 1000 * seed, players), max_actions=3000)
        if played.capped:
            capped += 1
            nets.append(0)
            continue
        nets.append(played.result.net[me])
        endings[played.result.reason] += 1
    mean = sum(nets) / len(nets)
    var = sum((x - mean) ** 2 for x in nets) / (len(nets) - 1)
    return {
        "mean": mean,
        "stderr": math.sqrt(var / len(nets)),
        "endings": dict(endings),
        "capped": capped,
        "won": sum(1 for x in nets if x > 0) / len(nets),
    }


def main() -> None:
    """Run the evaluation and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    t0 = time.perf_counter()
    out = evaluate(args.hands, args.players, args.seed)
    dt = time.perf_counter() - t0
    print(
        f"heuristic vs random, {args.players} players, {args.hands} hands: "
        f"mean net {out['mean']:+.3f} stakes/hand (± {out['stderr']:.3f} s.e.), "
        f"hands with a gain {out['won']:.1%}, capped {out['capped']}, {dt:.1f} s"
    )
    print("endings:", out["endings"])


if __name__ == "__main__":
    main()
