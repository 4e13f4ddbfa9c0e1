"""Look-up tables over the 8192 holdings of one suit.

A holding is a 13-bit mask, bit 0 the two and bit 12 the ace.  Everything
dealer measures in a suit (length, any point count, losers, Bridge World
suit quality, the suit's share of CCCC) depends on the holding alone, so an
evaluation is a table look-up per suit over a whole batch of deals.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

HOLDINGS = 1 << 13
_BITS = ((np.arange(HOLDINGS)[:, None] >> np.arange(13)[None, :]) & 1).astype(np.int64)  # (8192, 13)

#: Cards in the holding.
LENGTH = _BITS.sum(axis=1).astype(np.int64)

ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT = 12, 11, 10, 9, 8, 7, 6


def count_table(values: tuple[int, ...]) -> np.ndarray:
    """Points of each holding for the 13 rank values (two first)."""
    return _count_table(tuple(values))


@lru_cache(maxsize=64)
def _count_table(values: tuple[int, ...]) -> np.ndarray:
    table = _BITS @ np.asarray(values, dtype=np.int64)
    table.flags.writeable = False
    return table


def loser_table(controls: tuple[int, ...], top3: tuple[int, ...]) -> np.ndarray:
    """dealer's losers: a void 0; a singleton 0 with the ace (1 otherwise);
    a doubleton AK 0, Ax or Kx 1, else 2; three cards or more, 3 less one for
    each of A, K, Q.  As in dealer, the singleton and doubleton rules read
    the controls table and the longer suits the top3 table, so a script that
    redefines those tables with ``altcount`` changes losers as dealer does."""
    ctl = np.clip(_count_table(tuple(controls)), 0, 3)
    win = _count_table(tuple(top3))
    out = np.where(LENGTH >= 3, 3 - win, 0)
    out = np.where(LENGTH == 1, np.array([1, 1, 0, 0])[np.minimum(ctl, 3)], out)
    out = np.where(LENGTH == 2, np.array([2, 1, 1, 0])[ctl], out)
    out = np.where(LENGTH == 0, 0, out)
    return out.astype(np.int64)


def _has(rank: int) -> np.ndarray:
    return _BITS[:, rank].astype(bool)


def _quality() -> np.ndarray:
    """Suit quality (The Bridge World, October 1982) times 100."""
    length = LENGTH
    a, k, q, j, t, n9, e8 = (_has(r) for r in (ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT))
    factor = length * 10
    higher = a.astype(np.int64) + k + q + j
    quality = factor * (4 * a + 3 * k + 2 * q + j)
    replace = np.minimum(3 - 2 * q - j, length - 6)
    long_ = quality + replace * factor
    ten = np.where(t, np.where((higher > 1) | j, factor, factor // 2), 0)
    nine = np.where(n9 & ((higher == 2) | t | e8), factor // 2, 0)
    short = quality + ten + nine
    return np.where(length > 6, long_, short).astype(np.int64)


def _cccc_suit() -> np.ndarray:
    """A suit's part of CCCC (Bridge World, October 1982) times 100: its
    honours and its quality; the shape points are added per hand."""
    length = LENGTH
    a, k, q, j, t, n9 = (_has(r) for r in (ACE, KING, QUEEN, JACK, TEN, NINE))
    ev = np.zeros(HOLDINGS, dtype=np.int64)
    ev += 300 * a
    ev += np.where(k, 200 - 150 * (length == 1), 0)
    higher_q = a.astype(np.int64) + k                 # honours above the queen
    ev += np.where(q, 100 - 75 * (length == 1) - 25 * (length == 2) - 25 * (higher_q == 0), 0)
    higher_j = higher_q + q
    ev += np.where(j, np.where(higher_j == 2, 50, np.where(higher_j == 1, 25, 0)), 0)
    higher_t = higher_j + j
    ev += np.where(t, np.where(higher_t == 2, 25, np.where((higher_t == 1) & n9, 25, 0)), 0)
    return ev + QUALITY


QUALITY = _quality()
CCCC_SUIT = _cccc_suit()
#: Shape points of a suit of each length (short suits): (3 - length) * 100.
SHORT_POINTS = np.maximum(3 - np.arange(14), 0) * 100
for _t in (LENGTH, QUALITY, CCCC_SUIT):
    _t.flags.writeable = False
