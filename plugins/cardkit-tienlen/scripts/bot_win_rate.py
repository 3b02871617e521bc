"""Measure a Tiến lên bot against three random bots: how often it finishes first.

Each deal is a fresh 4-player deal (default rules) from its own seed; the
measured bot sits at seat ``deal % 4`` so that every seat (and so every
position relative to the dealer and the 3S) is played equally often.
Usage::

    uv run python plugins/cardkit-tienlen/scripts/bot_win_rate.py [--deals 2000] [--bot heuristic]
"""

from __future__ import annotations

import argparse
import math
import time

import cardkit
from cardkit import RandomBot
from cardkit.play.runner import play_out, seat_rngs


def win_rate(bot: str, deals: int, seed: int = 2024, players: int = 4) -> tuple[int, int]:
    """``(wins, deals)``: deals the bot finished first, against ``players - 1`` random bots."""
    game = cardkit.load_game("tienlen")
    rules = game.rules()
    wins = 0
    for deal in range(deals):
        seat = deal % players
        rngs = seat_rngs(seed + deal, players)
        bots = [RandomBot(rngs[s]) for s in range(players)]
        bots[seat] = cardkit.catalog(game).bots[bot](rngs[seat])
        state = game.start(players=players, rules=rules, seed=seed * 100_003 + deal)
        played = play_out(state, bots, rngs)
        wins += played.result.winners == [seat]
    return wins, deals


def main() -> None:
    """Print the win rate with a 95% confidence interval."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    start = time.perf_counter()
    wins, deals = win_rate(args.bot, args.deals, args.seed)
    rate = wins / deals
    half = 1.96 * math.sqrt(rate * (1 - rate) / deals)
    print(
        f"{args.bot} vs 3 random bots, 4 players, {deals} deals: first in {wins} "
        f"({rate:.1%} ± {half:.1%}); {time.perf_counter() - start:.1f} s"
    )


if __name__ == "__main__":
    main()
