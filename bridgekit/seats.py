"""Seats, sides and vulnerability, with the board-number cycles of duplicate."""

from __future__ import annotations

from enum import Enum, IntEnum

from .errors import ParseError
from .i18n import Text


class Seat(IntEnum):
    """A seat at the table, numbered clockwise from North."""

    N = 0
    E = 1
    S = 2
    W = 3

    @classmethod
    def parse(cls, text: str) -> "Seat":
        """Parse ``N``/``North`` (any case). Raises ParseError otherwise."""
        key = text.strip().upper()
        seat = _SEAT_SPELLINGS.get(key)
        if seat is None:
            raise ParseError(Text('invalid seat {text!r} (expected N, E, S or W)', text=text))
        return seat

    def next(self, steps: int = 1) -> "Seat":
        """The seat ``steps`` places clockwise (``next()`` is left-hand opponent)."""
        return _SEATS[(self + steps) % 4]  # a tuple lookup: Seat(...) goes through Enum.__call__

    @property
    def lho(self) -> "Seat":
        return self.next(1)

    @property
    def partner(self) -> "Seat":
        return self.next(2)

    @property
    def rho(self) -> "Seat":
        return self.next(3)

    @property
    def side(self) -> "Side":
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    @property
    def full_name(self) -> str:
        return _FULL_NAMES[self]

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


_SEATS = tuple(Seat)
_FULL_NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
_SEAT_SPELLINGS = {s.name: s for s in Seat} | {n.upper(): s for s, n in _FULL_NAMES.items()}


class Side(Enum):
    """A partnership."""

    NS = "NS"
    EW = "EW"

    @classmethod
    def parse(cls, text: str) -> "Side":
        key = text.strip().upper().replace("-", "").replace("/", "")
        if key in ("NS", "SN"):
            return Side.NS
        if key in ("EW", "WE"):
            return Side.EW
        raise ParseError(Text('invalid side {text!r} (expected NS or EW)', text=text))

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @property
    def opponents(self) -> "Side":
        return Side.EW if self is Side.NS else Side.NS

    @property
    def label(self) -> str:
        """``N/S`` or ``E/W``, as score tables head the sides."""
        return "N/S" if self is Side.NS else "E/W"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Side.{self.name}"


class Vul(Enum):
    """Vulnerability of a board. ``str()`` is the PBN export spelling."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    ALL = "All"

    @classmethod
    def parse(cls, text: str) -> "Vul":
        """Accepts PBN's None/Love/-, NS, EW, All/Both (any case, N-S and E-W too)."""
        key = text.strip().upper().replace("-", "").replace("/", "").replace(" ", "")
        vul = _VUL_SPELLINGS.get(key)
        if vul is None:
            raise ParseError(Text('invalid vulnerability {text!r} (expected None, NS, EW or All)', text=text))
        return vul

    @classmethod
    def for_board(cls, number: int) -> "Vul":
        """Vulnerability of duplicate board ``number`` (the 16-board cycle)."""
        if number < 1:
            raise ParseError(Text('invalid board number {number} (boards start at 1)', number=number))
        return _VUL_CYCLE[(number - 1) % 16]

    def is_vulnerable(self, side: Side | Seat) -> bool:
        if isinstance(side, Seat):
            side = side.side
        return self is Vul.ALL or self.value == side.value

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Vul.{self.name}"


_VUL_SPELLINGS = {
    "NONE": Vul.NONE, "LOVE": Vul.NONE, "": Vul.NONE, "0": Vul.NONE, "O": Vul.NONE,
    "NS": Vul.NS, "N": Vul.NS, "EW": Vul.EW, "E": Vul.EW,
    "ALL": Vul.ALL, "BOTH": Vul.ALL, "B": Vul.ALL,
}
# Standard duplicate cycle: rows of the usual board chart.
_VUL_CYCLE = [Vul[v] for v in (
    "NONE NS EW ALL NS EW ALL NONE EW ALL NONE NS ALL NONE NS EW".split())]


def dealer_for_board(number: int) -> Seat:
    """Dealer of duplicate board ``number``: N, E, S, W repeating from board 1."""
    if number < 1:
        raise ParseError(Text('invalid board number {number} (boards start at 1)', number=number))
    return Seat((number - 1) % 4)
