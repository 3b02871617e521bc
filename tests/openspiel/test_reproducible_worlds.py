"""Worlds and search moves are the same in every process, whatever its hash seed.

Two subprocesses with different `PYTHONHASHSEED` values deal worlds with
cardkit's determinizer for fixed generator seeds (every installed game with
an action space), play cardkit's ISMCTS bot a few moves, and play OpenSpiel's
ISMCTS bot (with [seeded_resampler][cardkit.openspiel.seeded_resampler])
against random; what they print must be identical.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("pyspiel", reason="the open-spiel wheel is not installed here")

SCRIPT = textwrap.dedent(
    """
    import hashlib, random
    import numpy as np, pyspiel
    import cardkit, cardkit.openspiel
    from cardkit.engine.bots import Turn
    from cardkit.engine.determinize import Determinizer
    from cardkit.eval.ismcts import ISMCTSBot
    from open_spiel.python.algorithms import ismcts, mcts

    def digest(value):
        return hashlib.sha256(repr(value).encode()).hexdigest()[:16]

    names = [n.removeprefix("cardkit_") for n in cardkit.openspiel.register()]
    for name in names:
        game = cardkit.load_game(name)
        players = max(2, game.players.min)
        for seed in range(2):
            rng, state = random.Random(seed), game.start(players, seed=seed)
            moves, bot = [], ISMCTSBot(iterations=8, worlds=4)
            for _ in range(12):
                legal = list(state.legal_actions())
                if state.to_act == 0:
                    worlds = Determinizer(state, 0).sample(3, random.Random(seed))
                    print(name, seed, len(moves), digest([str(w.setup.deck) for w in worlds]))
                    action = bot.choose(Turn(state, 0, legal, rng))
                else:
                    action = rng.choice(legal)
                moves.append(str(action))
                state = state.apply(action)
                if state.is_over or state.to_act is None:
                    break
            print(name, seed, "cardkit ismcts", digest(moves))

    game = pyspiel.load_game("cardkit_crazyeights", {"players": 2, "max_actions": 40})
    rng = np.random.RandomState(1)
    searcher = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 4, random_state=rng)
    searcher.set_resampler(cardkit.openspiel.seeded_resampler(rng))
    bots = [searcher, pyspiel.make_uniform_random_bot(1, 1)]
    state = game.new_initial_state()
    try:
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                state.apply_action(bots[state.current_player()].step(state))
        print("openspiel ismcts", digest(state.history()))
    except cardkit.openspiel.NoWorld:
        print("openspiel ismcts: no world after", len(state.history()))
    """
)


def _run(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow
def test_worlds_and_moves_do_not_depend_on_the_hash_seed() -> None:
    """Same generator seeds, two hash seeds: the same worlds and the same moves."""
    first, second = _run("1"), _run("2")
    assert first.count("\n") > 10
    assert first == second
