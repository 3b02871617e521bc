#!/usr/bin/env python3
"""Instructions per step of the RL env loops, counted by callgrind: a repeatable A/B.

Wall-clock rates on a shared 2-core machine move by a fifth between runs,
more than most single changes to the env step gain, so such changes cannot
be told apart by timing them. Callgrind (valgrind) counts the instructions
the CPU executes: the same loop gives the same count to about 0.1%, whatever
else the machine is doing. The loops are those `rl_envs.py` times:

- `env`: the PettingZoo AEC loop of `aec_bench` (default settings);
- `lean`: the same with `view_fields=False`;
- `bare`: the bare game's step of `game_bench` (list, pick, apply); any game, at its
  default table when it has no RLCard peer in `rl_envs.PEERS` (Spades, Gin Rummy);
- `floor`: the loop on `FloorEnv`, which does no work (`floor_bench`);
- `rlcard`: RLCard's env of the nearest game (`rlcard_bench`), when installed;
- `policy`: a policy bot's decision on `rl_envs.py`'s sampled states (`policy_bench`).

Each loop is warmed up, then counted over `--steps` steps only: a small C
helper, built once with the machine's C compiler and valgrind's
`callgrind.h`, turns counting on and off around them. Python's hash seed and
the process's address layout are fixed (`PYTHONHASHSEED=0`, `setarch -R`),
so dicts keyed by strings or ids behave alike from run to run.

Instructions are not time: RLCard's numpy code runs more instructions per
nanosecond than Python-level code, so compare counts of the same kind of
code (before and after a change) and keep the wall-clock ratios of
`rl_envs.py` as the headline. Needs valgrind with its headers (Debian's
`valgrind`) and a C compiler; run it in the scratch environment of
`rl_envs.py`::

    /tmp/rlbench/bin/python benchmarks/instructions.py --games palace,crazyeights
"""

from __future__ import annotations

import argparse
import ctypes
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

LOOPS = ("env", "lean", "bare", "floor", "rlcard", "policy")

_HELPER = """#include <valgrind/callgrind.h>
void cg_start(void) { CALLGRIND_START_INSTRUMENTATION; CALLGRIND_ZERO_STATS;
                      CALLGRIND_TOGGLE_COLLECT; }
void cg_stop(void) { CALLGRIND_TOGGLE_COLLECT; CALLGRIND_DUMP_STATS_AT("steps");
                     CALLGRIND_STOP_INSTRUMENTATION; }
"""


def helper_library(cache: Path) -> Path:
    """The shared library of the two client requests (built once into `cache`)."""
    library = cache / "cardkit_callgrind.so"
    if library.exists():
        return library
    compiler = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")
    if compiler is None:
        raise SystemExit("instructions.py needs a C compiler (cc or gcc) for its helper")
    cache.mkdir(parents=True, exist_ok=True)
    source = cache / "cardkit_callgrind.c"
    source.write_text(_HELPER)
    built = subprocess.run(
        [compiler, "-O2", "-shared", "-fPIC", "-o", str(library), str(source)],
        capture_output=True,
        text=True,
    )
    if built.returncode != 0:
        raise SystemExit(
            f"cannot build the callgrind helper (is valgrind installed?):\n{built.stderr}"
        )
    return library


def count(loop: str, game: str, steps: int, warmup: int, cache: Path) -> int | None:
    """Instructions of `steps` steps of `loop` for `game`, run under callgrind (`None`:
    the loop does not run here, as RLCard when it is not installed)."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise SystemExit("instructions.py needs valgrind (Debian's package `valgrind`)")
    helper = helper_library(cache)
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "callgrind.out"
        command = [
            valgrind,
            "--tool=callgrind",
            "--collect-atstart=no",
            "--instr-atstart=no",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            "--child",
            loop,
            "--games",
            game,
            "--steps",
            str(steps),
            "--warmup",
            str(warmup),
            "--helper",
            str(helper),
        ]
        if shutil.which("setarch"):
            command = ["setarch", "-R", *command]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        done = subprocess.run(command, env=env, capture_output=True, text=True)
        if done.returncode == 3:
            return None
        if done.returncode != 0:
            raise SystemExit(f"{loop}/{game} failed under callgrind:\n{done.stderr[-2000:]}")
        dumps = sorted(Path(scratch).glob("callgrind.out.*"))
        for line in dumps[0].read_text().splitlines() if dumps else ():
            if line.startswith("summary:"):
                return int(line.split()[1])
    raise SystemExit(f"{loop}/{game}: callgrind wrote no count of the steps")


def child(loop: str, game: str, steps: int, warmup: int, helper: str) -> int:
    """Run `loop` under callgrind: `warmup` steps, then `steps` steps counted."""
    import rl_envs

    # A game without an RLCard peer (Spades, Gin Rummy) runs its bare loop at its default table.
    if game in rl_envs.PEERS:
        players, peer = rl_envs.PEERS[game]
    elif loop == "bare":
        players, peer = rl_envs.cardkit.load_game(game).players.default, ""
    else:
        return 3
    if loop == "rlcard":
        try:
            bench = rl_envs.rlcard_bench(peer, players)
        except ImportError:
            return 3
    elif loop in ("env", "lean"):
        bench = rl_envs.aec_bench(game, players, loop == "env")
    elif loop == "bare":
        bench = rl_envs.game_bench(game, players)
    elif loop == "policy":
        bench = rl_envs.policy_bench(game, players, rl_envs.sample_states(game, players))
    else:
        bench = rl_envs.floor_bench(game, players)
    requests = ctypes.CDLL(helper)
    bench.batch(warmup)
    requests.cg_start()
    bench.batch(steps)
    requests.cg_stop()
    return 0


def main() -> int:
    import rl_envs

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(rl_envs.PEERS), help="comma-separated games")
    ap.add_argument("--loops", default=",".join(LOOPS), help=f"comma-separated, of {LOOPS}")
    ap.add_argument("--steps", type=int, default=3000, help="steps counted per loop")
    ap.add_argument("--warmup", type=int, default=3000, help="steps run first, not counted")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="runs at once")
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "cardkit-bench")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--helper", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return child(args.child, args.games, args.steps, args.warmup, args.helper)
    games = [g for g in args.games.split(",") if g]
    loops = [loop for loop in args.loops.split(",") if loop]
    print(f"instructions per step ({args.steps:,} steps after {args.warmup:,}), callgrind")
    print(f"{'game':<14}" + "".join(f"{loop:>12}" for loop in loops) + f"{'env/bare':>10}")
    helper_library(args.cache)  # built once, before the runs share it
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:  # counts do not mind a busy machine
        runs = {
            (game, loop): pool.submit(count, loop, game, args.steps, args.warmup, args.cache)
            for game in games
            for loop in loops
        }
    for game in games:
        totals = {loop: runs[game, loop].result() for loop in loops}
        per = {loop: None if t is None else t / args.steps for loop, t in totals.items()}
        cells = "".join(f"{'-' if v is None else f'{v:,.0f}':>12}" for v in per.values())
        ratio = per.get("env") and per.get("bare") and f"{per['env'] / per['bare']:.2f}x"
        print(f"{game:<14}{cells}{ratio or '-':>10}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
