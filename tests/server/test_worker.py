"""A server process's own settings: the garbage collector's, and a profile when asked."""

from __future__ import annotations

import gc
import pstats
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from cardkit.server._worker import PROFILE_VARIABLE, profiled, tune_collector


def test_a_worker_profiles_its_loop_only_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(PROFILE_VARIABLE, raising=False)
    with profiled():
        sorted(range(100))
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setenv(PROFILE_VARIABLE, str(tmp_path))
    with profiled():
        sorted(range(100))
    (written,) = tmp_path.glob("worker-*.prof")
    functions = {name for _, _, name in pstats.Stats(str(written)).stats}  # type: ignore[attr-defined]
    assert "<built-in method builtins.sorted>" in functions


def test_the_collector_leaves_the_startup_heap_and_collects_the_young_less_often() -> None:
    before = gc.get_threshold()
    try:
        tune_collector()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[0] == 50_000
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
