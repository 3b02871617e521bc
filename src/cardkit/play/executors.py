"""Running chunks of games on a `concurrent.futures.Executor`, locally or on a cluster.

[simulate][cardkit.play.simulate.simulate] and
[run_tournament][cardkit.eval.tournament.run_tournament] cut their games into
chunks and add up what each chunk returns; the sums are exact and do not
depend on the order, so the result is the same on one process, a pool or a
Dask cluster. This module decides where the chunks run:

- an executor the caller gives (any `concurrent.futures.Executor`: a
  `ProcessPoolExecutor`, Dask's `Client.get_executor()`...) runs every chunk;
- ``jobs=1`` plays every chunk in this process;
- ``jobs=N`` plays the first chunk here, estimates how long the rest would
  take, and hands the rest to a process pool only when that pays: the pool is
  started once per process and kept ([shared_pool][cardkit.play.executors.shared_pool]),
  so a second run on it starts no processes at all.

[dask_executor][cardkit.play.executors.dask_executor] connects to a Dask
``distributed`` scheduler (the ``cardkit[eval]`` extra).
"""

from __future__ import annotations

import atexit
import importlib
import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from cardkit.errors import CardkitError

__all__ = [
    "POOL_START_SECONDS",
    "ExecutorError",
    "chunks",
    "dask_executor",
    "run_chunks",
    "shared_pool",
]

T = TypeVar("T")
R = TypeVar("R")

#: What starting a pool of worker processes costs here (spawn, imports, plugins), in seconds.
POOL_START_SECONDS = 1.5
#: A warm pool is used when the remaining work would take longer than this here, in seconds.
WARM_POOL_SECONDS = 0.3

_pools: dict[tuple[int, str], ProcessPoolExecutor] = {}


class ExecutorError(CardkitError):
    """An executor could not be set up (a Dask scheduler that does not answer, no extra),
    or a chunk of work did not come back from it."""


def chunks(total: int, workers: int, most: int = 50) -> list[tuple[int, int]]:
    """``[start, stop)`` ranges covering ``range(total)``: ~20 per worker, at most ``most`` long."""
    size = max(1, min(most, total // (max(1, workers) * 20)))
    return [(start, min(total, start + size)) for start in range(0, total, size)]


def _warm(setup: Callable[[], Any] | None) -> None:
    if setup is not None:
        setup()


def shared_pool(
    jobs: int, key: str = "", setup: Callable[[], Any] | None = None
) -> ProcessPoolExecutor:
    """The process pool of ``jobs`` workers for this ``key``, started on first use and kept.

    Workers are started with ``spawn`` on every platform; ``setup`` (a
    picklable function) runs once in each, to load plugins before the first
    task. Pools are shut down when the interpreter exits.
    """
    pool = _pools.get((jobs, key))
    if pool is None:
        ctx = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_warm, initargs=(setup,))
        _pools[(jobs, key)] = pool
    return pool


@atexit.register
def _shutdown_pools() -> None:
    for pool in _pools.values():
        pool.shutdown(wait=True, cancel_futures=True)
    _pools.clear()


def run_chunks(
    tasks: Sequence[T],
    local: Callable[[T], R],
    remote: Callable[[T], R],
    *,
    jobs: int = 1,
    executor: Executor | None = None,
    pool_key: str = "",
    pool_setup: Callable[[], Any] | None = None,
    pool: Executor | None = None,
) -> Iterator[tuple[R, int]]:
    """Run every task, yielding ``(result, workers)`` as results come in (in task order).

    Args:
        tasks: the chunks of work.
        local: runs one task in this process.
        remote: the same, as a picklable top-level function for workers.
        jobs: worker processes when no executor is given (1: this process only).
        executor: run every task here instead.
        pool_key: tells apart pools whose workers were set up differently.
        pool_setup: runs once in each new pool worker (see
            [shared_pool][cardkit.play.executors.shared_pool]).
        pool: where the tasks after the first go with ``jobs > 1``, when that pays
            (default: the shared process pool of ``jobs`` workers); counted as started.

    ``workers`` is how many processes ran the work so far: 1, ``jobs``, or
    0 for a caller's executor (whose size this module does not know).

    Raises:
        ExecutorError: a task's result did not come back (every task yields one).
    """
    done = 0
    for found in _run(tasks, local, remote, jobs, executor, pool_key, pool_setup, pool):
        done += 1
        yield found
    if done != len(tasks):
        raise ExecutorError(
            f"{len(tasks) - done} of {len(tasks)} chunks of work did not come "
            "back from the workers; expected a result for every chunk"
        )


def _run(
    tasks: Sequence[T],
    local: Callable[[T], R],
    remote: Callable[[T], R],
    jobs: int,
    executor: Executor | None,
    pool_key: str,
    pool_setup: Callable[[], Any] | None,
    pool: Executor | None,
) -> Iterator[tuple[R, int]]:
    """What `run_chunks` yields: here, on the caller's executor, or the first here and the
    rest on a pool when that pays."""
    if executor is not None:
        for result in executor.map(remote, tasks):
            yield result, 0
        return
    if jobs <= 1 or len(tasks) < 2:
        for task in tasks:
            yield local(task), 1
        return
    started = time.perf_counter()
    yield local(tasks[0]), 1
    per_task = time.perf_counter() - started
    rest = tasks[1:]
    here = per_task * len(rest)
    warm = pool is not None or (jobs, pool_key) in _pools
    cost = 0.0 if warm else POOL_START_SECONDS
    worth = here > WARM_POOL_SECONDS and here / jobs + cost < here
    if not worth:
        for task in rest:
            yield local(task), 1
        return
    if pool is None:
        pool = shared_pool(jobs, pool_key, pool_setup)
    for result in pool.map(remote, rest):
        yield result, jobs


@contextmanager
def dask_executor(address: str, timeout: float = 10) -> Iterator[Executor]:
    """An executor on the Dask ``distributed`` cluster whose scheduler is at ``address``.

    ``timeout`` is how many seconds to wait for the scheduler to answer.

    Needs the ``cardkit[eval]`` extra (``dask[distributed]``). The workers
    must have cardkit and the game's plugin installed.

    Raises:
        ExecutorError: ``distributed`` is not installed, or no scheduler
            answers at ``address``.
    """
    try:
        # Imported as a module object: distributed's API is untyped, so its calls are Any here.
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise ExecutorError("--dask needs Dask distributed: pip install 'cardkit[eval]'") from None
    try:
        client = distributed.Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ExecutorError(
            f"no Dask scheduler answered at {address!r} (expected an address such as "
            f"tcp://127.0.0.1:8786): {exc}"
        ) from None
    try:
        executor: Executor = client.get_executor()
        yield executor
    finally:
        client.close()
