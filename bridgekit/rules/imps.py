"""International Match Points (document 003 section 08) and matchpoints.

The IMP table is given there as ranges of score differences (0-10 -> 0,
20-40 -> 1, ... 4000 and more -> 24).  Ordinary scores are multiples of 10, so
the ranges leave gaps (15); like every scorer we read the table by its lower
bounds: a difference of 15 is below 20 and is worth 0.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Sequence

#: Lower bound of the difference for 1, 2, ... 24 IMPs.
IMP_BOUNDS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900,
    1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)


def imps(difference: int | float) -> int:
    """IMPs for a score difference, with its sign (``imps(250) == 6``,
    ``imps(-250) == -6``)."""
    n = bisect_right(IMP_BOUNDS, abs(difference))
    return n if difference >= 0 else -n


def imp_range(n: int) -> tuple[int, int | None]:
    """The differences worth ``n`` IMPs (0 to 24), as (low, high) inclusive in
    multiples of 10; ``high`` is None for 24."""
    if not 0 <= n <= 24:
        raise ValueError(f"IMPs go from 0 to 24, not {n}")
    low = 0 if n == 0 else IMP_BOUNDS[n - 1]
    high = None if n == 24 else IMP_BOUNDS[n] - 10
    return low, high


def matchpoints(scores: Sequence[int | float]) -> list[float]:
    """Matchpoints of each score among ``scores`` (all from the same point of
    view, e.g. N/S): one point for every score beaten, half a point for every
    other equal score.  The top on a board is ``len(scores) - 1``; the
    opponents of a score get ``top - mp``.  (PBN's ``MP1`` doubles these.)"""
    out: list[float] = []
    for s in scores:
        beaten = sum(1 for t in scores if t < s)
        tied = sum(1 for t in scores if t == s) - 1
        out.append(beaten + tied / 2)
    return out
