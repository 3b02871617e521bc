#!/usr/bin/env python3
"""cardkit's benchmarks: one command, one table, one JSON file.

    uv run python benchmarks/run.py                      # everything, ~3 s per benchmark
    uv run python benchmarks/run.py --seconds 1          # a quick look
    uv run python benchmarks/run.py --only deadwood meld # names containing these words
    uv run python benchmarks/run.py --games tienlen tonk # playouts of these games only
    uv run python benchmarks/run.py --json /tmp/b.json   # results elsewhere

Every benchmark is warmed up, its batch calibrated to a few milliseconds, and
its measuring time cut into round-robin chunks shared with all the others
(see ``harness.py``): quote medians and same-run ratios, never one absolute
time. The machine's load is recorded in the JSON.

Benchmarks:

* ``playout/<game>``: random games through the public surface, as an app
  would play them: ``game.start(players=default, seed=...)``, then
  ``state.legal_actions()``, a random choice, ``state.apply(action)`` until
  ``state.is_over``. A game still running after 5,000 actions
  (``--max-actions``) is stopped and counted as *capped*, separately.
  Reports games/s and decisions/s (a decision is one action).
* ``deal/…``: shuffle a 52-card deck and deal 4 × 13, with cardkit
  (``Deck.shuffled`` + ``Deck.deal_sets``) and with a plain Python list (the
  yardstick for comparing runs on different machines).
* ``cardset/…``: set algebra, iteration and parsing on 13-card sets.
* ``meld/…``: each meld finder on 13-card hands, random and meld-rich.
* ``deadwood/…``: [`cardkit.cards.melds.best_melds`][cardkit.cards.melds.deadwood.best_melds] (gin:
  books of 3-4, runs of 3+ ace low, A = 1, pictures 10) on distinct random 10-card hands
  with the cache off, on meld-rich hands, on 5-card Tonk hands, and cached on repeating
  hands.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import Bench, environment, fmt_rate, print_table, run_round_robin, summarize

import cardkit
from cardkit import Card, CardSet, CardValues, Deck, Rank, RankOrder, Suit
from cardkit.cards.melds import DoubleSequence, MeldKind, NOfAKind, Run, Sequence, best_melds

HERE = Path(__file__).resolve().parent
DEFAULT_JSON = HERE / "results" / "latest.json"
THIRTEEN = RankOrder.parse("3 4 5 6 7 8 9 T J Q K A 2")
NO_TWOS = frozenset({Rank.TWO})
GIN = (NOfAKind(3, 4), Run(3, ace="low"))
TONK = (NOfAKind(3, 4), Run(3, ace="either"))
PIPS = CardValues.pips()
DECK = list(Deck.standard())


# -- playouts ------------------------------------------------------------------------


def playout_bench(name: str, seed: int, max_actions: int) -> Bench:
    """Random playouts of one game through the public surface."""
    game = cardkit.load_game(name)
    rules = game.rules()
    players = game.players.default
    rng = random.Random(seed)
    choice = rng.choice

    def batch(n: int) -> dict[str, float]:
        decisions = capped = capped_decisions = 0
        for _ in range(n):
            state = game.start(players=players, rules=rules, seed=rng.randrange(1 << 30))
            played = 0
            while not state.is_over:
                if played >= max_actions:
                    capped += 1
                    capped_decisions += played
                    break
                state = state.apply(choice(state.legal_actions()))
                played += 1
            decisions += played
        return {"decisions": decisions, "capped": capped, "capped_decisions": capped_decisions}

    meta = {"players": players, "max_actions": max_actions, "rules": "defaults"}
    return Bench(f"playout/{name}", batch, "games", "playout", meta)


# -- deals and card sets ------------------------------------------------------------------


def deal_benches(seed: int) -> list[Bench]:
    rng = random.Random(seed)
    standard = Deck.standard()

    def cardkit_deal(n: int) -> None:
        for _ in range(n):
            standard.shuffled(rng).deal_sets(4, 13)

    plain_rng = random.Random(seed)
    shuffle = plain_rng.shuffle

    def plain_deal(n: int) -> None:
        for _ in range(n):
            deck = list(range(52))
            shuffle(deck)
            _ = [deck[0:13], deck[13:26], deck[26:39], deck[39:52]]

    return [
        Bench("deal/cardkit", cardkit_deal, "deals", "deal", {"api": "Deck.shuffled + deal_sets"}),
        Bench("deal/plain-python", plain_deal, "deals", "deal", {"api": "list shuffle + slices"}),
    ]


def random_hands(rng: random.Random, count: int, size: int) -> list[CardSet]:
    return [CardSet(rng.sample(DECK, size)) for _ in range(count)]


def window_hands(rng: random.Random, count: int, size: int) -> list[CardSet]:
    """Hands drawn from a few neighbouring ranks in all suits: rich in melds."""
    out = []
    for _ in range(count):
        width = rng.randint(4, 7)
        low = rng.randint(2, 15 - width)
        pool = [Card(Rank(r), s) for r in range(low, low + width) for s in Suit]
        out.append(CardSet(rng.sample(pool, min(size, len(pool)))))
    return out


def cycler(items: list[Any]) -> Callable[[], Any]:
    state = {"i": 0}
    n = len(items)

    def nxt() -> Any:
        i = state["i"]
        state["i"] = i + 1 if i + 1 < n else 0
        return items[i]

    return nxt


def cardset_benches(seed: int) -> list[Bench]:
    rng = random.Random(seed)
    pairs = list(zip(random_hands(rng, 1000, 13), random_hands(rng, 1000, 13), strict=True))
    cards = [rng.choice(DECK) for _ in range(1000)]
    texts = [str(h) for h, _ in pairs]

    def algebra(n: int) -> None:
        i = 0
        for _ in range(n):
            a, b = pairs[i]
            c = cards[i]
            _ = (a | b, a & b, a - b, a <= b, len(a), c in a)
            i = i + 1 if i < 999 else 0

    def iterate(n: int) -> None:
        i = 0
        for _ in range(n):
            _ = list(pairs[i][0])
            i = i + 1 if i < 999 else 0

    def parse(n: int) -> None:
        i = 0
        for _ in range(n):
            CardSet.parse(texts[i])
            i = i + 1 if i < 999 else 0

    return [
        Bench("cardset/algebra", algebra, "rounds", "cardset", {"ops": "| & - <= len in"}),
        Bench("cardset/iterate-13", iterate, "sets", "cardset"),
        Bench("cardset/parse-13", parse, "sets", "cardset"),
    ]


# -- melds --------------------------------------------------------------------------------


FINDERS: list[tuple[str, MeldKind]] = [
    ("n-of-a-kind", NOfAKind(2, 4)),
    ("run", Run(3, ace="either")),
    ("sequence", Sequence(THIRTEEN, 3, NO_TWOS)),
    ("double-sequence", DoubleSequence(THIRTEEN, 3, NO_TWOS)),
]


def meld_benches(seed: int) -> list[Bench]:
    rng = random.Random(seed)
    hand_sets = {"random": random_hands(rng, 2000, 13), "rich": window_hands(rng, 2000, 13)}
    out = []
    for label, kind in FINDERS:
        for set_name, hands in hand_sets.items():
            masks = [h.mask for h in hands]
            found = sum(len(kind.find_masks(m)) for m in masks) / len(masks)

            def batch(
                n: int, find: Callable[[int], list[int]] = kind.find_masks, masks: list[int] = masks
            ) -> None:
                i = 0
                for _ in range(n):
                    find(masks[i])
                    i = i + 1 if i < 1999 else 0

            meta = {"kind": repr(kind), "api": "find_masks", "melds_per_hand": round(found, 2)}
            out.append(Bench(f"meld/{label}/find-{set_name}-13", batch, "hands", "meld", meta))

        def sets_batch(n: int, kind: MeldKind = kind) -> None:
            i = 0
            hands = hand_sets["rich"]
            for _ in range(n):
                kind.find(hands[i])
                i = i + 1 if i < 1999 else 0

        name = f"meld/{label}/find-cardsets-rich-13"
        out.append(Bench(name, sets_batch, "hands", "meld", {"api": "find"}))
    seq = Sequence(THIRTEEN, 3, NO_TWOS)
    probes = [m for h in hand_sets["rich"][:200] for m in seq.find_masks(h.mask)][:5000]
    probes += [h.mask for h in random_hands(rng, 5000, 4)]
    rng.shuffle(probes)

    def valid(n: int) -> None:
        i = 0
        is_valid = seq.is_valid_mask
        k = len(probes) - 1
        for _ in range(n):
            is_valid(probes[i])
            i = i + 1 if i < k else 0

    out.append(Bench("meld/sequence/is_valid_mask", valid, "checks", "meld"))
    return out


def deadwood_benches(seed: int) -> list[Bench]:
    rng = random.Random(seed)
    sets = {
        "random-10": (random_hands(rng, 10_000, 10), GIN, False),
        "meld-rich-10": (window_hands(rng, 5_000, 10), GIN, False),
        "tonk-5": (random_hands(rng, 10_000, 5), TONK, False),
        "cached-random-10": (random_hands(rng, 1_000, 10), GIN, True),
    }
    out = []
    for name, (hands, kinds, cache) in sets.items():
        nxt = cycler(hands)

        def batch(
            n: int,
            nxt: Callable[[], Any] = nxt,
            kinds: tuple[MeldKind, ...] = kinds,
            cache: bool = cache,
        ) -> None:
            for _ in range(n):
                best_melds(nxt(), kinds, PIPS, cache=cache)

        meta = {"kinds": repr(kinds), "cache": cache, "distinct_hands": len(hands)}
        out.append(Bench(f"deadwood/{name}", batch, "hands", "deadwood", meta))
    return out


# -- main --------------------------------------------------------------------------------


def git_commit() -> str | None:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=HERE,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--seconds", type=float, default=3.0, help="measured seconds per benchmark")
    ap.add_argument("--chunks", type=int, default=5, help="round-robin slices per benchmark")
    ap.add_argument("--warmup", type=float, default=0.5, help="warm-up seconds per benchmark")
    ap.add_argument("--json", default=str(DEFAULT_JSON), help="where to write the results")
    ap.add_argument(
        "--only", nargs="*", default=[], help="keep the benchmarks whose name has one of these"
    )
    ap.add_argument(
        "--games", nargs="*", default=None, help="games to play out (default: all installed)"
    )
    ap.add_argument("--max-actions", type=int, default=5000, help="cap on actions per playout")
    ap.add_argument("--seed", type=int, default=20240601, help="seed of every random choice")
    args = ap.parse_args(argv)

    installed = cardkit.available_games()
    games = installed if args.games is None else args.games
    unknown = [g for g in games if g not in installed]
    if unknown:
        ap.error(f"not installed: {', '.join(unknown)} (installed: {', '.join(installed)})")

    notes: list[str] = []
    benches: list[Bench] = [playout_bench(g, args.seed, args.max_actions) for g in games]
    benches += deal_benches(args.seed) + cardset_benches(args.seed)
    benches += meld_benches(args.seed) + deadwood_benches(args.seed)
    if args.only:
        benches = [b for b in benches if any(word in b.name for word in args.only)]
    if not benches:
        ap.error("no benchmark left after --only")

    # a benchmark that fails (a game bug, say) is reported and left out, not fatal
    working = []
    for b in benches:
        try:
            b.batch(1)
            working.append(b)
        except Exception as exc:
            notes.append(f"{b.name} failed and was skipped: {exc!r}")
            traceback.print_exc()
    benches = working

    env = environment()
    total = len(benches) * (args.seconds + args.warmup)
    print(
        f"cardkit {cardkit.__version__}: {len(benches)} benchmarks x {args.seconds:g}s "
        f"({args.chunks} round-robin chunks), about {total / 60:.1f} min",
        flush=True,
    )
    run_round_robin(
        benches, args.seconds, args.chunks, args.warmup, log=lambda s: print(s, flush=True)
    )
    results = [summarize(b) for b in benches]

    rows = []
    for r in results:
        extra = ""
        if "decisions_per_unit" in r:
            played = r["units_total"]
            capped = r.get("capped_per_unit", 0) * played
            done = played - capped
            done_decisions = (
                r["decisions_per_unit"] - r.get("capped_decisions_per_unit", 0)
            ) * played
            per_game = done_decisions / done if done else float("nan")
            extra = (
                f"{fmt_rate(r['decisions_per_second_median'])} decisions/s, "
                f"{per_game:.0f} decisions/game, {capped:.0f} of {played} capped"
            )
            r["decisions_per_completed_game"] = per_game
            r["capped_games"] = capped
        elif "melds_per_hand" in r["meta"]:
            extra = f"{r['meta']['melds_per_hand']} melds/hand"
        rows.append(
            [
                r["name"],
                r["unit"],
                fmt_rate(r["rate_median"]),
                f"{fmt_rate(r['rate_min'])}-{fmt_rate(r['rate_max'])}",
                f"{1e6 / r['rate_median']:.2f}",
                extra,
            ]
        )
    print()
    print_table(["benchmark", "unit", "per s (median)", "min-max", "us each", "notes"], rows)
    for note in notes:
        print("NOTE:", note)

    payload = {
        "cardkit": cardkit.__version__,
        "commit": git_commit(),
        "games": {g: cardkit.load_game(g).rules_model.version for g in games},
        "args": vars(args),
        "env": env,
        "results": results,
        "notes": notes,
    }
    out = Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(payload, indent=1) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
