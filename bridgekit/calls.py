"""Calls: the 35 bids, pass, double and redouble."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from .cards import Strain
from .errors import ParseError
from .i18n import Text


class CallKind(Enum):
    BID = "bid"
    PASS = "pass"
    DOUBLE = "double"
    REDOUBLE = "redouble"


@dataclass(frozen=True, slots=True)
class Call:
    """A call. ``str()`` is the PBN spelling: ``1S``, ``3NT``, ``Pass``, ``X``, ``XX``.

    Bids carry ``level`` (1-7) and ``strain``; other calls carry neither.
    """

    kind: CallKind
    level: int | None = None
    strain: Strain | None = None

    def __post_init__(self) -> None:
        if self.kind is CallKind.BID:
            if self.level is None or not 1 <= self.level <= 7 or self.strain is None:
                raise ParseError(Text('invalid bid level {level!r} (bids go from 1 to 7)', level=self.level))
        elif self.level is not None or self.strain is not None:
            raise ParseError(Text('a {value} has no level or strain', value=self.kind.value))

    @classmethod
    def bid(cls, level: int, strain: Strain) -> "Call":
        return cls(CallKind.BID, level, strain)

    @classmethod
    def parse(cls, text: str) -> "Call":
        """Parse a call; accepts ``Pass``/``P``/``-``, ``X``/``Dbl``, ``XX``/``Rdbl``,
        ``1S``, ``1♠``, ``3NT``, ``3N``, any case. Raises ParseError otherwise.
        ``NT`` alone is not a call.
        """
        key = text.strip()
        up = key.upper()
        special = _SPECIAL.get(up)
        if special is not None:
            return special
        m = _BID_RE.match(up) or _BID_RE.match(key)
        if m is None:
            raise ParseError(Text('invalid call {text!r} (expected e.g. 1S, 3NT, Pass, X, XX)', text=text))
        level = int(m.group(1))
        if not 1 <= level <= 7:
            raise ParseError(Text('invalid call {text!r} (bids go from 1 to 7)', text=text))
        return cls.bid(level, Strain.parse(m.group(2)))

    @property
    def is_bid(self) -> bool:
        return self.kind is CallKind.BID

    @property
    def rank(self) -> int:
        """Ordering index of a bid: 0 for 1C up to 34 for 7NT. Raises on non-bids."""
        if self.level is None or self.strain is None:
            raise ParseError(Text('{self} is not a bid', self=self))
        return (self.level - 1) * 5 + int(self.strain)

    def __str__(self) -> str:
        if self.kind is CallKind.BID:
            return f"{self.level}{self.strain}"
        return _NAMES[self.kind]

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"

    def symbol(self, ascii: bool = False) -> str:
        """Display form: ``1♠``, ``3NT``, ``Pass``, ``X``, ``XX``
        (the model's compact form; :func:`bridgekit.notation.call_text` renders
        calls for output, in a language)."""
        if self.kind is CallKind.BID and self.strain is not None:
            return f"{self.level}{self.strain.symbol(ascii)}"
        return str(self)


_NAMES = {CallKind.PASS: "Pass", CallKind.DOUBLE: "X", CallKind.REDOUBLE: "XX"}
PASS = Call(CallKind.PASS)
DOUBLE = Call(CallKind.DOUBLE)
REDOUBLE = Call(CallKind.REDOUBLE)
_SPECIAL = {
    "PASS": PASS, "P": PASS, "PS": PASS, "-": PASS,
    "X": DOUBLE, "DBL": DOUBLE, "D": DOUBLE, "DOUBLE": DOUBLE,
    "XX": REDOUBLE, "RDBL": REDOUBLE, "R": REDOUBLE, "REDOUBLE": REDOUBLE, "RE": REDOUBLE,
}
_BID_RE = re.compile(r"^([0-9])\s*(NT|N|SA|[CDHS\u2660\u2665\u2666\u2663\u2664\u2661\u2662\u2667])$")

#: All 35 bids in ascending order.
ALL_BIDS: tuple[Call, ...] = tuple(Call.bid(level, strain) for level in range(1, 8) for strain in Strain)
#: All 38 calls.
ALL_CALLS: tuple[Call, ...] = (PASS, DOUBLE, REDOUBLE) + ALL_BIDS
