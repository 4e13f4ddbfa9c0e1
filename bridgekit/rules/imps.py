"""International Match Points (*Duplicate Bridge: Same Cards, Different
Decisions*, section 08) and matchpoints.

The IMP table is given there as ranges of score differences (0-10 -> 0,
20-40 -> 1, ... 4000 and more -> 24).  Ordinary scores are multiples of 10, so
the ranges leave gaps (15); like every scorer we read the table by its lower
bounds: a difference of 15 is below 20 and is worth 0.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Sequence
from ..notation import Message

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
        raise ValueError(Message('IMPs go from 0 to 24, not {n}', n=n))
    low = 0 if n == 0 else IMP_BOUNDS[n - 1]
    high = None if n == 24 else IMP_BOUNDS[n] - 10
    return low, high


def matchpoints(scores: Sequence[int | float]) -> list[float]:
    """Matchpoints of each score among ``scores`` (all from the same point of
    view, e.g. N/S): one point for every score beaten, half a point for every
    other equal score.  The top on a board is ``len(scores) - 1``; the
    opponents of a score get ``top - mp``.  (PBN's ``MP1`` doubles these.)"""
    return weighted_matchpoints(scores, [1] * len(scores))


def weighted_matchpoints(scores: Sequence[int | float], weights: Sequence[int]) -> list[float]:
    """Matchpoints (1 per score beaten, 1/2 per other equal score) of each of
    ``scores`` where score i stands for ``weights[i]`` equal results (a
    ScoreTable's ``Multiplicity``).  One sort: n log n for a traveller of n."""
    total: dict[int | float, int] = {}
    for s, w in zip(scores, weights):
        total[s] = total.get(s, 0) + w
    below: dict[int | float, int] = {}
    running = 0
    for s in sorted(total):
        below[s] = running
        running += total[s]
    return [below[s] + (total[s] - 1) / 2 for s in scores]


def neuberg(mp: float, results: int, expected: int) -> float:
    """Neuberg's formula: matchpoints ``mp`` (1 per result beaten, 1/2 per
    tie) earned among ``results`` scores, factored to a board played
    ``expected`` times: ``(mp + 1/2) x expected / results - 1/2``.  The
    identity when ``results == expected``."""
    if results == expected:
        return mp
    return (mp + 0.5) * expected / results - 0.5


def butler_datum(scores: Sequence[int], weights: Sequence[int] | None = None, trim: int | None = None) -> int:
    """The Butler datum of a board: the mean of the N/S ``scores`` (score i
    counted ``weights[i]`` times) without the ``trim`` highest and lowest
    (default: one of each when there are at least 5 results, none below),
    rounded to the nearest 10 (halves away from zero: -85 is -90).  Raises
    ValueError for no scores or a negative trim."""
    w = weights if weights is not None else [1] * len(scores)
    expanded = sorted(s for s, k in zip(scores, w) for _ in range(k))
    if not expanded:
        raise ValueError(Message('no score to take a datum from'))
    if trim is None:
        trim = 1 if len(expanded) >= 5 else 0
    if trim < 0:
        raise ValueError(Message('cannot trim {trim} scores', trim=trim))
    trim = min(trim, (len(expanded) - 1) // 2)
    kept = expanded[trim:len(expanded) - trim]
    total, count = sum(kept), len(kept)
    tens = (2 * abs(total) + 10 * count) // (20 * count)   # |mean| / 10 rounded, halves up (exact)
    return 10 * (tens if total >= 0 else -tens)


def cross_imps(scores: Sequence[int], weights: Sequence[int] | None = None) -> list[float]:
    """Cross-IMPs: each score IMPed against every other result of the board
    (score i standing for ``weights[i]`` equal results), averaged over the
    comparisons (PBN's ``Cross2``).  0 for a board played once."""
    w = weights if weights is not None else [1] * len(scores)
    total: dict[int, int] = {}
    for s, k in zip(scores, w):
        total[s] = total.get(s, 0) + k
    n = sum(total.values())
    if n < 2:
        return [0.0] * len(scores)
    summed = {s: sum(imps(s - t) * k for t, k in total.items()) for s in total}
    return [summed[s] / (n - 1) for s in scores]
