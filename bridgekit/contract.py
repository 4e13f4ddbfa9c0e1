"""Contracts: level, strain and doubling (declarer is recorded beside it)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum

from .cards import Strain
from .errors import ParseError
from .seats import Seat
from .i18n import Text


class Doubling(IntEnum):
    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def suffix(self) -> str:
        return ("", "X", "XX")[self]

    @property
    def multiplier(self) -> int:
        return (1, 2, 4)[self]


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract. ``str()`` is the PBN form ``4HX``; passed out is ``PASSED_OUT``
    (``str()`` ``Pass``), the one contract whose ``level`` is 0.
    """

    level: int
    strain: Strain | None
    doubling: Doubling = Doubling.UNDOUBLED

    def __post_init__(self) -> None:
        if self.level == 0:
            if self.strain is not None or self.doubling is not Doubling.UNDOUBLED:
                raise ParseError(Text('a passed-out deal has no strain or doubling'))
        elif not 1 <= self.level <= 7 or self.strain is None:
            raise ParseError(Text('invalid contract level {level!r} (contracts go from 1 to 7)', level=self.level))

    @classmethod
    def parse(cls, text: str) -> "Contract":
        """Parse ``4H``, ``4HX``, ``3NTXX``, ``4♥x``, ``Pass`` (and ``3NR``: R for redoubled, as
        rpbridge.net writes it). Raises ParseError otherwise."""
        key = text.strip().upper().replace(" ", "")
        if key in ("PASS", "P", "AP", "PASSED", "PASSEDOUT", "ALLPASS"):
            return PASSED_OUT
        m = _CONTRACT_RE.match(key) or _CONTRACT_RE.match(text.strip().replace(" ", ""))
        if m is None:
            raise ParseError(Text('invalid contract {text!r} (expected e.g. 4H, 3NTX, 6SXX or Pass)', text=text))
        level = int(m.group(1))
        if not 1 <= level <= 7:
            raise ParseError(Text('invalid contract {text!r} (levels go from 1 to 7)', text=text))
        risk = (m.group(3) or "").upper()
        doubling = Doubling.REDOUBLED if risk == "R" else Doubling(len(risk))
        return cls(level, Strain.parse(m.group(2)), doubling)

    @property
    def is_passed_out(self) -> bool:
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    def __str__(self) -> str:
        if self.is_passed_out:
            return "Pass"
        return f"{self.level}{self.strain}{self.doubling.suffix}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"

    def symbol(self, ascii: bool = False) -> str:
        """``4♥X`` (``4HX`` with ``ascii``); ``Pass`` when passed out
        (the model's compact form; :func:`bridgekit.notation.contract_text`
        renders contracts for output, in a language)."""
        if self.is_passed_out or self.strain is None:
            return "Pass"
        return f"{self.level}{self.strain.symbol(ascii)}{self.doubling.suffix}"


PASSED_OUT = Contract(0, None)


def end_position_strain(text: str) -> Strain | None:
    """The strain when a ``Contract`` value names a strain alone (``S``, ``NT``,
    ``N``...), as PBN 3.10 allows for an end position; None otherwise.  The one
    place that says such a value is a valid Contract tag."""
    try:
        return Strain.parse(text)
    except ParseError:
        return None
_CONTRACT_RE = re.compile(
    r"^([0-9])(NT|N|[CDHS\u2660\u2665\u2666\u2663])(X{0,2}|R)$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Result:
    """What happened on a deal: the contract, who declared and how many tricks
    declarer's side took (``None`` when passed out)."""

    contract: Contract
    declarer: Seat | None = None
    tricks: int | None = None

    def __post_init__(self) -> None:
        if not self.contract.is_passed_out:
            if self.declarer is None:
                raise ParseError(Text('contract {contract} needs a declarer', contract=self.contract))
            if self.tricks is not None and not 0 <= self.tricks <= 13:
                raise ParseError(Text('invalid number of tricks {tricks} (0 to 13)', tricks=self.tricks))
