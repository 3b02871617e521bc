"""Confidence intervals for win rates and mean payments."""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Z95", "mean_interval", "wilson_interval"]

#: The two-sided 95% normal quantile.
Z95 = 1.959963984540054


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``wins`` in ``games`` (95% by default).

    Better than the normal interval for rates near 0 or 1 and small samples;
    ``(0.0, 1.0)`` when there are no games.

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    """
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """``(mean, low, high)``: a mean and its normal 95% interval (``z`` standard errors).

    >>> tuple(round(x, 2) for x in mean_interval([1.0, 3.0]))
    (2.0, 0.04, 3.96)
    """
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half
