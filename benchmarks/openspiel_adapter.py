"""The OpenSpiel adapter: µs per decision through it and through cardkit alone, and
OpenSpiel's ISMCTS bot against uniform random.

    uv run python benchmarks/openspiel_adapter.py [--games N] [--seconds S] [--sims K]

Part 1, same run, alternating: random playouts of each game, once through
OpenSpiel (`new_initial_state`, the deal's chance nodes sampled, then
`legal_actions()`, a random id, `apply_action`) and once through cardkit alone
(`game.start(seed=...)`, `legal_actions()`, a random choice, `apply`), for
`--seconds` each, in chunks taken in turn. A decision is one move of a seat
(chance nodes are not counted as decisions, but their cost is in the
adapter's time). Part 2: `--games` two-player games of each game between
OpenSpiel's ISMCTS bot (`--sims` simulations a move, random rollouts) and
uniform random bots (two players, or the fewest the game takes), seats rotating (the
search plays its most visited move); a win is a return higher than every opponent's
(partners are not opponents; a tie with the best counts half), with a Wilson 95% interval.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import cardkit
import cardkit.openspiel
from cardkit.eval.stats import wilson_interval


def _adapter_playout(game: Any, rng: random.Random) -> int:
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def _cardkit_playout(game: Any, players: int, rules: Any, rng: random.Random) -> int:
    state = game.start(players, rules, seed=rng.getrandbits(32))
    decisions = 0
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        decisions += 1
    return decisions


def speed(name: str, players: int, seconds: float, chunks: int = 6) -> tuple[float, float]:
    """(µs per decision through the adapter, µs per decision in cardkit alone)."""
    spiel = pyspiel.load_game(f"cardkit_{name}", {"players": players})
    game = cardkit.load_game(name)
    rules = spiel.rules
    rng = random.Random(1)
    totals = {"adapter": [0.0, 0], "cardkit": [0.0, 0]}
    for _ in range(chunks):
        for which in ("adapter", "cardkit"):
            end = time.perf_counter() + seconds / chunks
            while time.perf_counter() < end:
                t0 = time.perf_counter()
                if which == "adapter":
                    n = _adapter_playout(spiel, rng)
                else:
                    n = _cardkit_playout(game, players, rules, rng)
                totals[which][0] += time.perf_counter() - t0
                totals[which][1] += n
    return tuple(1e6 * t / max(n, 1) for t, n in totals.values())  # type: ignore[return-value]


def ismcts_rate(name: str, games: int, sims: int) -> tuple[float, int, float, float]:
    """ISMCTS's score against uniform random over `games` 2-player games, and its interval."""
    players = max(2, cardkit.load_game(name).players.min)
    spiel = pyspiel.load_game(f"cardkit_{name}", {"players": players})
    score, played = 0.0, 0
    for number in range(games):
        rng = np.random.RandomState(number)
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
        searcher = ismcts.ISMCTSBot(
            spiel,
            evaluator,
            2.0,
            sims,
            random_state=rng,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        seat = number % players
        bots = [pyspiel.make_uniform_random_bot(s, number) for s in range(players)]
        bots[seat] = searcher
        state = spiel.new_initial_state()
        try:
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(rng.choice(outcomes, p=probs)))
                else:
                    state.apply_action(bots[state.current_player()].step(state))
        except cardkit.openspiel.NoWorld:
            continue
        returns, teams = state.returns(), state.table.result().teams
        side = next((set(team) for team in teams if seat in team), {seat})  # a partner's too
        mine, theirs = returns[seat], max(r for s, r in enumerate(returns) if s not in side)
        score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        played += 1
    low, high = wilson_interval(round(score), played)
    return score / max(played, 1), played, low, high


def main() -> None:
    """Print both parts for every installed game with a fixed action space."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--sims", type=int, default=20)
    parser.add_argument("--only", nargs="*", default=None)
    args = parser.parse_args()
    names = [n.removeprefix("cardkit_") for n in cardkit.openspiel.register(args.only)]
    print("game          players  adapter µs/dec  cardkit µs/dec  ratio")
    for name in names if args.seconds > 0 else []:
        players = cardkit.load_game(name).players.default
        adapter, alone = speed(name, players, args.seconds)
        print(f"{name:13} {players:7}  {adapter:14.1f}  {alone:14.1f}  {adapter / alone:5.1f}")
    print(f"\nISMCTS ({args.sims} simulations a move) against uniform random")
    for name in names:
        rate, played, low, high = ismcts_rate(name, args.games, args.sims)
        print(f"{name:13} {rate:6.1%} of {played} games  (95% CI {low:.1%}-{high:.1%})")


if __name__ == "__main__":
    main()
