"""What the benchmarks share: the percentile they print (nearest rank, as in one run)."""

from __future__ import annotations

import math


def percentile(values: list[float], share: float) -> float:
    """Nearest rank: the smallest of ``values`` with at least ``share`` (0 to 1) of them at
    or below it.

    >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5), percentile([5.0, 1.0, 3.0], 0.95)
    (3.0, 5.0)
    """
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]
