"""The compiled build against the pure one: µs per decision in random playouts, same run.

    uv run python tools/compile_inplace.py      # the compiled modules, in place
    uv run python benchmarks/compiled.py [--seconds S] [--rounds N] [--games GAME...]
    uv run python tools/compile_inplace.py --clean

Each measurement runs in a fresh process: the compiled build as installed, and
the pure build of the same files with ``CARDKIT_PURE=1`` (which loads every
module from its source). The two alternate, round after round, so that a change
of the machine's load falls on both; the table gives each build's best round
(the least disturbed) and the ratio, with the load average before and after.
OpenSpiel's C++ ``crazy_eights`` runs in the same rounds, as the compiled peer of
Crazy Eights. A decision is one move of a seat (OpenSpiel's chance nodes, the
deal, are sampled but not counted, as in ``openspiel_adapter.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time

PURE = {"CARDKIT_PURE": "1"}
COMPILED = {"CARDKIT_PURE": ""}


def cardkit_playouts(game_name: str, seconds: float, seed: int) -> dict[str, float]:
    """Random playouts of a cardkit game for ``seconds``: µs per decision and the build."""
    import cardkit
    from cardkit._build import build_name

    game = cardkit.load_game(game_name)
    rng = random.Random(seed)
    decisions = 0
    spent = 0.0
    while spent < seconds:
        start = time.perf_counter()
        state = game.start(players=game.players.default, seed=rng.getrandbits(32))
        moves = 0
        while not state.is_over and moves < 5000:
            state = state.apply(rng.choice(state.legal_actions()))
            moves += 1
        spent += time.perf_counter() - start
        decisions += moves
    return {"us": 1e6 * spent / decisions, "decisions": decisions, "build": build_name()}


def openspiel_playouts(players: int, seconds: float, seed: int) -> dict[str, float]:
    """Random playouts of OpenSpiel's C++ ``crazy_eights``: µs per decision (chance unsampled)."""
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": players})
    rng = random.Random(seed)
    decisions = 0
    spent = 0.0
    while spent < seconds:
        start = time.perf_counter()
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        spent += time.perf_counter() - start
    return {"us": 1e6 * spent / decisions, "decisions": decisions, "build": "OpenSpiel C++"}


def measure(
    kind: str, game: str, seconds: float, seed: int, env: dict[str, str]
) -> dict[str, float]:
    """One measurement in a fresh process with ``env`` added to this one's."""
    done = subprocess.run(
        [sys.executable, __file__, "--worker", kind, game, str(seconds), str(seed)],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="measuring per process")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds")
    parser.add_argument("--games", nargs="*", help="games (default: every installed game)")
    parser.add_argument("--seed", type=int, default=20261204)
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        kind, game, seconds, seed = args.worker
        if kind == "openspiel":
            print(json.dumps(openspiel_playouts(int(game), float(seconds), int(seed))))
        else:
            print(json.dumps(cardkit_playouts(game, float(seconds), int(seed))))
        return

    import cardkit

    games = args.games or cardkit.available_games()
    load_before = os.getloadavg()
    best: dict[tuple[str, str], dict[str, float]] = {}
    peer_players = cardkit.load_game("crazyeights").players.default
    for round_ in range(args.rounds):
        for game in games:
            for label, env in (("pure", PURE), ("compiled", COMPILED)):
                got = measure("cardkit", game, args.seconds, args.seed + round_, env)
                kept = best.get((game, label))
                if kept is None or got["us"] < kept["us"]:
                    best[(game, label)] = got
        got = measure("openspiel", str(peer_players), args.seconds, args.seed + round_, {})
        kept = best.get(("crazy_eights", "openspiel"))
        if kept is None or got["us"] < kept["us"]:
            best[("crazy_eights", "openspiel")] = got
    load_after = os.getloadavg()

    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}")
    print(f"compiled build: {best[(games[0], 'compiled')]['build']}")
    print(f"{'game':14} {'pure µs':>9} {'compiled µs':>12} {'pure/compiled':>14}")
    for game in games:
        pure, compiled = best[(game, "pure")]["us"], best[(game, "compiled")]["us"]
        print(f"{game:14} {pure:9.2f} {compiled:12.2f} {pure / compiled:13.2f}x")
    peer = best[("crazy_eights", "openspiel")]["us"]
    if "crazyeights" in games:
        mine = best[("crazyeights", "compiled")]["us"]
        print(
            f"Crazy Eights ({peer_players} players): compiled {mine:.2f} µs against OpenSpiel "
            f"C++ {peer:.2f} µs per decision: {mine / peer:.2f}x its time"
        )


if __name__ == "__main__":
    main()
