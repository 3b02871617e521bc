"""How often OpenSpiel's ISMCTS bot finds no world (`NoWorld`) in Crazy Eights.

    uv run python benchmarks/openspiel_noworld.py [--deals N] [--sims K] [--game NAME]

The scenario of tests/openspiel/test_openspiel.py: OpenSpiel's ISMCTS bot
(`--sims` simulations a move, random rollouts, worlds from its own generator
through `cardkit.openspiel.seeded_resampler`) in seat 0 against a uniform
random bot, two players, `max_actions=300`, deal seeds 0 to N-1. Every
`resample_from_infostate` call is counted; one that raises `NoWorld` is
counted and asked again (up to 10 times, else the deal is lost). Prints the
calls, the share that raised, the deals with at least one raise and the
deals lost.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import cardkit.openspiel


class _Counting:
    """A resampler that counts its calls and its `NoWorld`s, asking again after one."""

    def __init__(self, rng: np.random.RandomState) -> None:
        self.inner = cardkit.openspiel.seeded_resampler(rng)
        self.calls = self.raised = 0

    def __call__(self, state: Any, player: int) -> Any:
        for _ in range(10):
            self.calls += 1
            try:
                return self.inner(state, player)
            except cardkit.openspiel.NoWorld:
                self.raised += 1
        raise cardkit.openspiel.NoWorld("10 in a row")


def _deal(game: Any, seed: int, sims: int) -> tuple[int, int, bool]:
    """One deal: (resample calls, calls that raised, whether the deal was lost)."""
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, sims, random_state=rng)
    counting = _Counting(rng)
    bot.set_resampler(counting)
    bots = [bot, *(pyspiel.make_uniform_random_bot(s, seed) for s in range(1, game.num_players()))]
    state = game.new_initial_state()
    try:
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                state.apply_action(bots[state.current_player()].step(state))
    except cardkit.openspiel.NoWorld:
        return counting.calls, counting.raised, True
    return counting.calls, counting.raised, False


def main() -> None:
    """Play the deals and print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--sims", type=int, default=8)
    parser.add_argument("--game", default="crazyeights")
    args = parser.parse_args()
    cardkit.openspiel.register([args.game])
    game = pyspiel.load_game(f"cardkit_{args.game}", {"players": 2, "max_actions": 300})
    calls = raised = hit = lost = 0
    start = time.perf_counter()
    for seed in range(args.deals):
        c, r, gone = _deal(game, seed, args.sims)
        calls, raised, hit, lost = calls + c, raised + r, hit + (r > 0), lost + gone
    print(
        f"{args.game}, {args.deals} deals, ISMCTS {args.sims} sims: {calls} resample calls, "
        f"{raised} raised NoWorld ({raised / max(calls, 1):.2%}); deals with a NoWorld "
        f"{hit}/{args.deals}; deals lost (10 in a row) {lost}; "
        f"{time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
