"""Every chunk of games comes back, on every path `run_chunks` takes, without starting processes.

`simulate(jobs=N)` and tournaments play their first chunk here and send the
rest to a process pool when that pays; a chunk lost on the way would make a
report count fewer games than asked. The process pool is exercised by the
slow tests; here the same path runs on a thread pool (`run_chunks(pool=...)`),
so the quick run catches a lost chunk too.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from cardkit.play.executors import WARM_POOL_SECONDS, ExecutorError, chunks, run_chunks
from cardkit.play.simulate import simulate
from cardkit.plugins.registry import registry


@pytest.mark.parametrize("workers", [1, 2, 3, 8])
def test_chunks_cover_every_game_once_in_order(workers: int) -> None:
    for total in [*range(0, 130), 997, 1000, 5001]:
        ranges = chunks(total, workers)
        games = [game for start, stop in ranges for game in range(start, stop)]
        assert games == list(range(total)), (total, workers)
        assert all(stop > start for start, stop in ranges)


def _square(task: int) -> int:
    return task * task


def _slow_square(task: int) -> int:
    """Slow enough that sending the rest to a pool pays (`WARM_POOL_SECONDS` in all)."""
    time.sleep(WARM_POOL_SECONDS / 3)
    return task * task


def _run(tasks: list[int], local: Callable[[int], int], **kwargs: Any) -> list[tuple[int, int]]:
    return list(run_chunks(tasks, local, _square, **kwargs))


def test_every_chunk_comes_back_here_on_an_executor_and_on_a_pool() -> None:
    tasks = list(range(7))
    squares = [t * t for t in tasks]
    assert _run(tasks, _square) == [(s, 1) for s in squares]  # jobs=1: here
    assert _run(tasks, _square, jobs=2) == [(s, 1) for s in squares]  # too little work
    with ThreadPoolExecutor(2) as threads:
        assert _run(tasks, _square, executor=threads) == [(s, 0) for s in squares]
        found = _run(tasks, _slow_square, jobs=2, pool=threads)  # the first here, the rest on it
    assert [r for r, _ in found] == squares
    assert [w for _, w in found] == [1] + [2] * 6  # the pool took the rest


class _LosesTheLastChunk(ThreadPoolExecutor):
    """An executor whose `map` drops the last result (the bug the check is for)."""

    def map(  # type: ignore[override]
        self, fn: Callable[..., Any], *iterables: Iterable[Any], **kwargs: Any
    ) -> Iterator[Any]:
        return iter(list(super().map(fn, *iterables, **kwargs))[:-1])


def test_a_chunk_that_does_not_come_back_is_an_error() -> None:
    tasks = list(range(5))
    with _LosesTheLastChunk(2) as losing:
        with pytest.raises(ExecutorError, match="1 of 5 chunks of work did not come back"):
            _run(tasks, _square, executor=losing)
        with pytest.raises(ExecutorError, match="1 of 5 chunks"):
            _run(tasks, _slow_square, jobs=2, pool=losing)


def test_simulate_on_an_executor_counts_every_game() -> None:
    with ThreadPoolExecutor(2) as threads:
        report = simulate("tonk", games=53, players=2, seed=3, jobs=2, executor=threads)
    assert report.games == 53
    assert report.completed + report.capped == 53


def test_simulate_on_threads_keeps_the_callers_registry() -> None:
    """A thread of this process already has the registry: a worker's setup must not swap it."""
    before = registry()
    game = before.game("tonk")
    with ThreadPoolExecutor(2) as threads:
        simulate("tonk", games=9, players=2, seed=5, jobs=2, executor=threads)
    assert registry() is before
    assert before.game("tonk") is game
