"""A small benchmark harness: warm-up, calibrated batches, round-robin chunks.

The method is the one of the peer-library scripts (``shared/peers``), written
again here so the project does not depend on them:

* each benchmark is warmed up, and its batch size grown until one timed batch
  lasts a few milliseconds (so timer overhead does not count);
* the measuring time of every benchmark is cut into ``chunks`` slices, run
  round-robin across all benchmarks with the order rotating each round, so a
  slow drift of a shared machine hits every benchmark alike and same-run
  ratios stay meaningful;
* each benchmark keeps one rate per chunk; we report the median and min-max.

A benchmark is a ``batch(n)`` function doing ``n`` units of work and returning
a dict of extra counters summed over those units (for example
``{"decisions": 812}``), or ``None``.
"""

from __future__ import annotations

import gc
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Batch = Callable[[int], dict[str, float] | None]


@dataclass
class Bench:
    """One benchmark.

    Attributes:
        name: a unique name, ``group/what``.
        batch: does ``n`` units of work, returns extra counters or ``None``.
        unit: what one unit is (``hands``, ``games``, ``deals``...).
        group: the section of the report.
        meta: anything worth keeping with the result.
    """

    name: str
    batch: Batch
    unit: str = "ops"
    group: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    n: int = 1
    chunks: list[dict[str, float]] = field(default_factory=list)


def calibrate(bench: Bench, warmup: float, target: float) -> None:
    """Warm up for ``warmup`` seconds, growing the batch until one lasts ``target`` seconds."""
    end = time.perf_counter() + warmup
    n = 1
    while True:
        t0 = time.perf_counter()
        bench.batch(n)
        dt = time.perf_counter() - t0
        if dt < target:
            n = n * 2 if dt < target / 4 else max(n + 1, int(n * target / max(dt, 1e-9)))
        if time.perf_counter() >= end:
            break
    bench.n = n


def run_round_robin(
    benches: list[Bench],
    seconds: float,
    chunks: int,
    warmup: float,
    *,
    target: float = 0.005,
    log: Callable[[str], None] = print,
) -> None:
    """Measure every benchmark for about ``seconds``, in ``chunks`` round-robin slices."""
    for b in benches:
        calibrate(b, warmup, target)
        log(f"  warmed up {b.name} (batch {b.n})")
    per_chunk = seconds / chunks
    count = len(benches)
    for c in range(chunks):
        order = benches[c % count :] + benches[: c % count]
        for b in order:
            gc.collect()
            units = 0
            extra: dict[str, float] = {}
            t0 = time.perf_counter()
            deadline = t0 + per_chunk
            while True:
                more = b.batch(b.n)
                units += b.n
                if more:
                    for k, v in more.items():
                        extra[k] = extra.get(k, 0) + v
                t1 = time.perf_counter()
                if t1 >= deadline:
                    break
            b.chunks.append({"units": units, "seconds": t1 - t0, **extra})
        log(f"  round {c + 1}/{chunks} done")


def summarize(b: Bench) -> dict[str, Any]:
    """Median, min and max rate over the chunks, and per-unit extra counters."""
    rates = [ch["units"] / ch["seconds"] for ch in b.chunks]
    units = sum(ch["units"] for ch in b.chunks)
    secs = sum(ch["seconds"] for ch in b.chunks)
    out: dict[str, Any] = {
        "name": b.name,
        "group": b.group,
        "unit": b.unit,
        "batch": b.n,
        "rate_median": statistics.median(rates),
        "rate_min": min(rates),
        "rate_max": max(rates),
        "rate_overall": units / secs,
        "units_total": units,
        "seconds_total": secs,
        "chunk_rates": rates,
        "meta": b.meta,
    }
    for k in sorted({k for ch in b.chunks for k in ch} - {"units", "seconds"}):
        total = sum(ch.get(k, 0) for ch in b.chunks)
        out[f"{k}_per_unit"] = total / units
        per_second = [ch.get(k, 0) / ch["seconds"] for ch in b.chunks]
        out[f"{k}_per_second_median"] = statistics.median(per_second)
    return out


def environment() -> dict[str, Any]:
    """Where the numbers were measured."""
    cpu = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpu_model": cpu,
        "cpu_count": os.cpu_count(),
        "loadavg_at_start": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
    }


def fmt_rate(x: float) -> str:
    """A rate in a few characters: ``1.23M``, ``45.6k``, ``789``, ``1.2``."""
    if x >= 1e6:
        return f"{x / 1e6:.2f}M"
    if x >= 1e4:
        return f"{x / 1e3:.1f}k"
    if x >= 100:
        return f"{x:.0f}"
    return f"{x:.1f}"


def print_table(headers: list[str], rows: list[list[str]]) -> None:
    """A plain-text table."""
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)))
