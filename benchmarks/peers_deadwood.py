#!/usr/bin/env python3
"""cardkit's deadwood optimiser against RLCard's gin-rummy melding, same hands, same run.

Needs an environment holding both cardkit and rlcard, never the project's
own (rlcard is not a project dependency)::

    python3 -m venv /work/peers-venv
    /work/peers-venv/bin/pip install -r /work/shared/peers/requirements.txt
    /work/peers-venv/bin/pip install -e /work/main
    /work/peers-venv/bin/python benchmarks/peers_deadwood.py [--seconds 8] [--json PATH]

Hands are generated exactly as the peers' ``bench_primitives.py`` does:
10,000 random 10-card hands (seed 20240601) and 5,000 meld-rich hands drawn
from narrow rank windows (seed 20240602), converted to each library's own
card type before timing. Both libraries must agree on the deadwood of every
hand before anything is timed.

Timed, round-robin (see ``harness.py``), cycling through each set:

* ``rlcard``: ``melding.get_best_meld_clusters(hand)`` + ``utils.get_deadwood_count``
  (the best meld clusters and the deadwood count), as the peers' script does;
* ``cardkit``: ``best_melds(hand, (NOfAKind(3, 4), Run(3, ace="low")),
  CardValues.pips(), cache=False)``: the best melds, the deadwood and its
  value, with the per-hand cache OFF, so every hand is solved from scratch;
* ``cardkit-cached``: the same with the cache on, over the first 1,000 hands
  only (so hands repeat and are remembered): what a game that asks about the
  same hand again sees. It is not the headline number.

Prints hands/s and the ratio cardkit / rlcard for each set.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import sys
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import Bench, environment, fmt_rate, print_table, run_round_robin, summarize

from cardkit import CardSet, CardValues
from cardkit.cards.melds import NOfAKind, Run, best_melds

RANKS = "A23456789TJQK"
SUITS = "SHDC"
DECK = [r + s for s in SUITS for r in RANKS]
GIN = (NOfAKind(3, 4), Run(3, ace="low"))
PIPS = CardValues.pips()


def random_hands(n: int = 10_000, seed: int = 20240601) -> list[list[str]]:
    rng = random.Random(seed)
    return [rng.sample(DECK, 10) for _ in range(n)]


def meldrich_hands(n: int = 5_000, seed: int = 20240602) -> list[list[str]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        w = rng.randint(4, 7)
        lo = rng.randint(0, 13 - w)
        pool = [RANKS[r] + s for s in SUITS for r in range(lo, lo + w)]
        out.append(rng.sample(pool, 10))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--seconds", type=float, default=8.0, help="measured seconds per benchmark")
    ap.add_argument("--chunks", type=int, default=6, help="round-robin slices per benchmark")
    ap.add_argument("--warmup", type=float, default=1.0, help="warm-up seconds per benchmark")
    ap.add_argument("--json", default=None, help="also write the results to this JSON file")
    args = ap.parse_args()

    try:
        # rlcard lives only in the scratch peers venv, never in the project environment
        from rlcard.games.gin_rummy.utils import melding  # type: ignore[import-not-found]
        from rlcard.games.gin_rummy.utils import utils as gr
    except ImportError:
        print("rlcard is not installed here: run this in the peers venv (see the docstring)")
        return 2

    get_best = melding.get_best_meld_clusters
    dw_count = gr.get_deadwood_count
    dw_value = gr.get_deadwood_value

    def rl_deadwood(hand: list[Any]) -> int:
        best = get_best(hand)
        if best:
            # untyped peer library; no int() here, so the timed loop stays exactly RLCard's
            return dw_count(hand, best[0])  # type: ignore[no-any-return]
        return sum(dw_value(c) for c in hand)

    sets = {"random": random_hands(), "meld-rich": meldrich_hands()}
    benches: list[Bench] = []
    for set_name, codes in sets.items():
        rl_hands = [[gr.card_from_text(c) for c in h] for h in codes]
        ck_hands = [CardSet.parse(h) for h in codes]
        bad = [
            i
            for i, (a, b) in enumerate(zip(rl_hands, ck_hands, strict=True))
            if rl_deadwood(a) != best_melds(b, GIN, PIPS, cache=False).deadwood_value
        ]
        print(f"{set_name}: {len(codes)} hands, cardkit and rlcard disagree on {len(bad)}")
        if bad:
            print("  first:", codes[bad[0]])
            return 1

        rl_next = itertools.cycle(rl_hands).__next__
        ck_next = itertools.cycle(ck_hands).__next__
        repeat_next = itertools.cycle(ck_hands[:1000]).__next__

        def rl_batch(n: int, nxt: Callable[[], Any] = rl_next) -> None:
            for _ in range(n):
                rl_deadwood(nxt())

        def ck_batch(n: int, nxt: Callable[[], Any] = ck_next) -> None:
            for _ in range(n):
                best_melds(nxt(), GIN, PIPS, cache=False)

        def ck_cached(n: int, nxt: Callable[[], Any] = repeat_next) -> None:
            for _ in range(n):
                best_melds(nxt(), GIN, PIPS)

        benches += [
            Bench(f"{set_name}/rlcard", rl_batch, "hands", set_name),
            Bench(f"{set_name}/cardkit", ck_batch, "hands", set_name),
            Bench(f"{set_name}/cardkit-cached", ck_cached, "hands", set_name),
        ]

    env = environment()
    print(f"timing {len(benches)} benchmarks x {args.seconds:g}s ({args.chunks} chunks)")
    run_round_robin(benches, args.seconds, args.chunks, args.warmup, log=lambda s: None)
    results = {b.name: summarize(b) for b in benches}
    rows = []
    ratios = {}
    for set_name in sets:
        rl = results[f"{set_name}/rlcard"]
        for who in ("rlcard", "cardkit", "cardkit-cached"):
            r = results[f"{set_name}/{who}"]
            ratio = r["rate_median"] / rl["rate_median"]
            per_chunk = [a / b for a, b in zip(r["chunk_rates"], rl["chunk_rates"], strict=True)]
            ratios[f"{set_name}/{who}"] = ratio
            rows.append(
                [
                    r["name"],
                    fmt_rate(r["rate_median"]),
                    f"{fmt_rate(r['rate_min'])}-{fmt_rate(r['rate_max'])}",
                    f"{1e6 / r['rate_median']:.2f}",
                    f"{ratio:.2f}x",
                    f"{min(per_chunk):.2f}-{max(per_chunk):.2f}",
                ]
            )
    print()
    headers = ["benchmark", "hands/s", "min-max", "us/hand", "vs rlcard", "per-chunk ratio"]
    print_table(headers, rows)
    print(
        f"\ncardkit (uncached) / rlcard: random {ratios['random/cardkit']:.2f}x, "
        f"meld-rich {ratios['meld-rich/cardkit']:.2f}x"
    )
    if args.json:
        with open(args.json, "w") as fh:
            payload = {"env": env, "args": vars(args), "results": results, "ratios": ratios}
            json.dump(payload, fh, indent=1)
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
