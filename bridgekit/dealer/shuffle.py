"""Dealing many deals at once, around predealt cards.

Each deal gives every card that is not predealt a random key (random bits
above the card's number), sorts the keys, and hands the cards out in that
order to the seats' free places: a uniformly random deal, vectorised as one
sort per batch.  Deal ``i`` of a seed uses the generator's next ``f`` 32-bit
words (``f`` cards to deal), so the same seed gives the same deals whatever
the batch sizes, the condition or ``--produce``.

``predeal spades(north)==1`` (a suit length given in advance) is met by
rejection: deals with other lengths are dealt again and are not counted.
"""

from __future__ import annotations

import numpy as np

from ..errors import BridgekitError
from .tables import LENGTH
from ..notation import Message

_LOW6 = np.uint64(63)
_HIGH = ~np.uint64(63)
_LOW32 = np.uint32(63)
_ONE = np.uint64(1)
_HIGH32 = ~np.uint32(63)


class Shuffler:
    """Deals ``(n, 4)`` arrays of 52-bit hand masks (bit ``suit*13 + rank``)."""

    def __init__(self, predeal: dict[int, int], seed: int,
                 suit_lengths: dict[tuple[int, int], int] | None = None) -> None:
        fixed = [0, 0, 0, 0]
        for card, seat in predeal.items():
            fixed[seat] |= 1 << card
        self.fixed = np.array(fixed, dtype=np.uint64)
        self.free = np.array([c for c in range(52) if c not in predeal], dtype=np.uint64)
        self.slots = [13 - bin(f).count("1") for f in fixed]
        self.bounds = np.cumsum([0] + self.slots)
        self.suit_lengths = dict(suit_lengths or {})
        self.free32 = self.free.astype(np.uint32)
        self.seed = seed
        self.bitgen = np.random.PCG64(seed)
        self.dealt = 0
        self.even = self.slots == [13, 13, 13, 13]
        self.dealt_to = [s for s in range(4) if self.slots[s]]
        self.empty = [s for s in range(4) if not self.slots[s]]
        self.starts = [int(self.bounds[s]) for s in self.dealt_to]

    def deal(self, n: int) -> np.ndarray:
        """``n`` random deals."""
        if not self.suit_lengths:
            return self._deal(n)
        parts, have, tried = [], 0, 0
        while have < n:
            if tried >= 10_000_000 and not have:
                raise BridgekitError(Message('no deal in 10,000,000 meets the predealt suit lengths (do they agree '
                                             'with the predealt cards?)'))
            hands = self._deal(max(n - have + 1, 256) // 2 * 2)
            tried += len(hands)
            keep = np.ones(len(hands), dtype=bool)
            for (seat, suit), length in self.suit_lengths.items():
                h = ((hands[:, seat] >> np.uint64(13 * suit)) & np.uint64(0x1FFF)).astype(np.intp)
                keep &= LENGTH[h] == length
            hands = hands[keep][: n - have]
            parts.append(hands)
            have += len(hands)
        return np.concatenate(parts)

    def _deal(self, n: int) -> np.ndarray:
        f = len(self.free)
        first = self.dealt
        self.dealt += n
        if f == 0:
            return np.tile(self.fixed, (n, 1))
        # 32-bit keys: 26 random bits above the card number.  Only a tie
        # across two seats' places would matter (it would give the two cards
        # in card order): such rare deals (2 in 100,000) are dealt again from
        # 64-bit keys of their own, so every deal is uniform.
        keys = self.bitgen.random_raw((n * f + 1) // 2).view(np.uint32)[: n * f].reshape(n, f)
        keys &= _HIGH32
        keys |= self.free32
        keys.sort(axis=1)
        tie = np.zeros(n, dtype=bool)
        for b in self.bounds[1:-1]:
            if 0 < b < f:
                tie |= (keys[:, b - 1] ^ keys[:, b]) < 64
        keys &= _LOW32
        bits = np.left_shift(_ONE, keys, dtype=np.uint64)   # cast on the fly: no uint64 copy of keys
        if self.even:
            hands = np.bitwise_or.reduce(bits.reshape(n, 4, 13), axis=2)
        else:
            hands = np.empty((n, 4), dtype=np.uint64)
            hands[:, self.dealt_to] = np.bitwise_or.reduceat(bits, self.starts, axis=1)
            hands[:, self.empty] = 0
        hands |= self.fixed
        for i in np.flatnonzero(tie):
            hands[i] = self._exact(first + int(i))
        return hands

    def _hands(self, bits: np.ndarray) -> np.ndarray:
        """Hands from each deal's card bits in dealing order."""
        n = len(bits)
        hands = np.empty((n, 4), dtype=np.uint64)
        for seat in range(4):
            lo, hi = self.bounds[seat], self.bounds[seat + 1]
            if hi > lo:
                np.bitwise_or.reduce(bits[:, lo:hi], axis=1, out=hands[:, seat])
                hands[:, seat] |= self.fixed[seat]
            else:
                hands[:, seat] = self.fixed[seat]
        return hands

    def _exact(self, index: int) -> np.ndarray:
        """Deal ``index`` of the seed from 64-bit keys (ties impossible in practice)."""
        gen = np.random.PCG64(np.random.SeedSequence([self.seed, index]))
        keys = gen.random_raw(len(self.free)).reshape(1, -1)
        keys &= _HIGH
        keys |= self.free
        keys.sort(axis=1)
        return self._hands(np.left_shift(np.uint64(1), keys & _LOW6))[0]
