"""What one worker counts, in Prometheus' text format (``GET /metrics``).

Each worker answers for itself (its ``worker`` label is its host and process
id): a scraper that reaches the workers one by one, or through a proxy that
spreads requests, sums them by label.
"""

from __future__ import annotations

import bisect
import os
import socket
from dataclasses import dataclass, field

__all__ = ["BUCKETS", "Metrics"]

#: The upper bounds, in seconds, of the action latency histogram's buckets.
BUCKETS: tuple[float, ...] = (
    0.0005,
    0.001,
    0.0025,
    0.005,
    0.01,
    0.025,
    0.05,
    0.1,
    0.25,
    0.5,
    1.0,
    2.5,
)


@dataclass
class Metrics:
    """Counters of one worker: actions, conflicts, and how long an action took to store.

    Attributes:
        worker: the worker's label (``host:pid``).
        actions: actions stored (people's, bots', timers' and deals).
        conflicts: changes refused because another worker stored the table first.
        refreshed: tables read again after another worker changed them.
        latency: per bucket of `BUCKETS` (and one past the last), how many
            actions took that long from the change to its messages queued.
    """

    worker: str = field(default_factory=lambda: f"{socket.gethostname()}:{os.getpid()}")
    actions: int = 0
    conflicts: int = 0
    refreshed: int = 0
    latency: list[int] = field(default_factory=lambda: [0] * (len(BUCKETS) + 1))
    latency_sum: float = 0.0

    def action(self, seconds: float) -> None:
        """Count one stored action that took ``seconds``."""
        self.actions += 1
        self.latency_sum += seconds
        self.latency[bisect.bisect_left(BUCKETS, seconds)] += 1

    def text(self, *, tables: int, playing: int, leased: int, clients: int) -> str:
        """Every metric in Prometheus' text exposition format (version 0.0.4)."""
        label = f'worker="{self.worker}"'
        lines = [
            "# HELP cardkit_tables Tables this worker knows of.",
            "# TYPE cardkit_tables gauge",
            f"cardkit_tables{{{label}}} {tables}",
            "# HELP cardkit_tables_playing Tables not over.",
            "# TYPE cardkit_tables_playing gauge",
            f"cardkit_tables_playing{{{label}}} {playing}",
            "# HELP cardkit_tables_leased Tables whose bots, timer and deals this worker runs.",
            "# TYPE cardkit_tables_leased gauge",
            f"cardkit_tables_leased{{{label}}} {leased}",
            "# HELP cardkit_clients WebSocket clients connected to this worker.",
            "# TYPE cardkit_clients gauge",
            f"cardkit_clients{{{label}}} {clients}",
            "# HELP cardkit_actions_total Actions this worker stored.",
            "# TYPE cardkit_actions_total counter",
            f"cardkit_actions_total{{{label}}} {self.actions}",
            "# HELP cardkit_conflicts_total Changes refused: the table was stored first elsewhere.",
            "# TYPE cardkit_conflicts_total counter",
            f"cardkit_conflicts_total{{{label}}} {self.conflicts}",
            "# HELP cardkit_refreshes_total Tables read again after another worker changed them.",
            "# TYPE cardkit_refreshes_total counter",
            f"cardkit_refreshes_total{{{label}}} {self.refreshed}",
            "# HELP cardkit_action_seconds From an action to its messages queued, stored between.",
            "# TYPE cardkit_action_seconds histogram",
        ]
        running = 0
        for bound, count in zip(BUCKETS, self.latency, strict=False):
            running += count
            lines.append(f'cardkit_action_seconds_bucket{{{label},le="{bound}"}} {running}')
        lines.append(f'cardkit_action_seconds_bucket{{{label},le="+Inf"}} {self.actions}')
        lines.append(f"cardkit_action_seconds_sum{{{label}}} {self.latency_sum:.6f}")
        lines.append(f"cardkit_action_seconds_count{{{label}}} {self.actions}")
        return "\n".join(lines) + "\n"
