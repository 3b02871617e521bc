"""What a server process sets up around its event loop: the garbage collector's settings,
and a profile of the loop when one is asked for (``CARDKIT_PROFILE``)."""

from __future__ import annotations

import cProfile
import gc
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["PROFILE_VARIABLE", "profiled", "tune_collector"]

#: The environment variable naming a folder: each worker profiles itself (cProfile) and
#: writes ``worker-<pid>.prof`` there when it stops (`benchmarks/server_tables.py --profile`).
PROFILE_VARIABLE = "CARDKIT_PROFILE"


def tune_collector() -> None:
    """Keep Python's cyclic garbage collector from stalling the event loop.

    Under load its full collections came every second or two and took 100-400 ms
    each (the p99 of an action's latency): each action's new game state lives long
    enough to be promoted to the oldest generation, which fills it. What is alive
    after the start (modules, games, schemas: most of the heap) lives as long as the
    process and is frozen out of every pass, and the youngest generation is
    collected after 50,000 new objects, not 700, so a state is freed by its
    reference count before a collection can promote it.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 10)


@contextmanager
def profiled() -> Iterator[None]:
    """Profile this thread (the worker's event loop) while inside, when ``CARDKIT_PROFILE``
    names a folder: written there as ``worker-<pid>.prof`` on the way out."""
    folder = os.environ.get(PROFILE_VARIABLE)
    if not folder:
        yield
        return
    profile = cProfile.Profile()
    profile.enable()
    try:
        yield
    finally:
        profile.disable()
        profile.dump_stats(Path(folder) / f"worker-{os.getpid()}.prof")
