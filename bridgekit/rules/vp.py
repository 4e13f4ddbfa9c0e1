"""Victory points: the WBF continuous 20-VP scale (2013).

The WBF Scoring Panel's scale maps an IMP margin ``I`` over ``N`` boards to

    VP = 10 + 10 * (1 - t ** (3 * I / B)) / (1 - t ** 3)

for the winner, capped at 20, where ``t`` is the golden ratio's conjugate
``(sqrt(5) - 1) / 2`` and ``B = 15 * sqrt(N)`` the blitz margin; the loser
gets ``20 - VP``.  Values are rounded to two decimals, then corrected so that
each extra IMP is worth no more than the one before (the published tables'
"minor corrections": where rounding makes the scale convex at a margin, that
margin's VP goes up by 0.01 until it no longer is).
"""

from __future__ import annotations

from functools import lru_cache
from math import sqrt

from ..notation import Message

_TAU = (sqrt(5) - 1) / 2


def blitz_margin(boards: int) -> float:
    """The IMP margin worth the full 20 VP before rounding: 15 x sqrt(boards)."""
    return 15 * sqrt(boards)


@lru_cache(maxsize=None)
def vp_table(boards: int) -> tuple[int, ...]:
    """The winner's VP in hundredths for margins 0, 1, 2 ... up to the first
    margin worth 2000 (20.00).  Raises ValueError for fewer than 1 board."""
    if boards < 1:
        raise ValueError(Message('a match has at least 1 board, not {boards}', boards=boards))
    blitz = blitz_margin(boards)
    table: list[int] = []
    margin = 0
    while not table or table[-1] < 2000:
        raw = 10 + 10 * (1 - _TAU ** (3 * margin / blitz)) / (1 - _TAU ** 3)
        table.append(min(2000, int(raw * 100 + 0.5)))
        margin += 1
    changed = True
    while changed:  # concavity: table[i] - table[i-1] >= table[i+1] - table[i]
        changed = False
        for i in range(1, len(table) - 1):
            if table[i + 1] + table[i - 1] - 2 * table[i] > 0:
                table[i] += 1
                changed = True
    return tuple(table)


def victory_points(margin: int, boards: int) -> tuple[float, float]:
    """(VP of the side with ``margin`` IMPs more, VP of the other side), each
    to two decimals and adding up to 20: ``victory_points(0, 16) == (10.0,
    10.0)``; a negative margin gives the loser's view.  Raises ValueError for
    fewer than 1 board."""
    table = vp_table(boards)
    hundredths = table[min(abs(int(margin)), len(table) - 1)]
    if margin < 0:
        hundredths = 2000 - hundredths
    return hundredths / 100, (2000 - hundredths) / 100
