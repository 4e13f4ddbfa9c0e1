"""The syntax tree of a dealer script: expressions, actions and the program.

Expressions are immutable nodes compared by identity: a variable's tree is
shared by every place that names it, so an evaluator can compute it once a
batch of deals.  Seats and suits are numbered as in ``bridgekit.seats`` and
``bridgekit.cards`` (North 0 ... West 3; clubs 0 ... spades 3, notrump 4);
a card is ``suit * 13 + rank`` with the two as rank 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

import numpy as np


@dataclass(frozen=True, eq=False)
class Num:
    value: int


@dataclass(frozen=True, eq=False)
class Var:
    name: str
    expr: "Expr"


@dataclass(frozen=True, eq=False)
class Binary:
    op: str            #: + - * / % == != < <= > >= && ||
    left: "Expr"
    right: "Expr"


@dataclass(frozen=True, eq=False)
class Unary:
    op: str            #: ! or - (minus)
    operand: "Expr"


@dataclass(frozen=True, eq=False)
class IfElse:
    test: "Expr"
    then: "Expr"
    other: "Expr"


@dataclass(frozen=True, eq=False)
class Length:
    seat: int
    suit: int


@dataclass(frozen=True, eq=False)
class Count:
    """hcp, controls or an alternative count (pt0..pt9), for a hand or one suit.

    ``table`` indexes the program's count tables (see ``COUNT_TABLES``)."""
    table: int
    seat: int
    suit: int | None


@dataclass(frozen=True, eq=False)
class Loser:
    seat: int
    suit: int | None


@dataclass(frozen=True, eq=False)
class Cccc:
    seat: int


@dataclass(frozen=True, eq=False)
class Quality:
    seat: int
    suit: int


@dataclass(frozen=True, eq=False)
class Shape:
    seat: int
    #: 14**4 booleans indexed by ((spades*14 + hearts)*14 + diamonds)*14 + clubs
    table: np.ndarray = field(repr=False)
    text: str = ""


@dataclass(frozen=True, eq=False)
class HasCard:
    seat: int
    card: int


@dataclass(frozen=True, eq=False)
class Tricks:
    seat: int
    strain: int        #: 0 clubs ... 3 spades, 4 notrump


@dataclass(frozen=True, eq=False)
class Score:
    vulnerable: int    #: 0 not vulnerable, 1 vulnerable
    level: int
    strain: int
    tricks: "Expr"


@dataclass(frozen=True, eq=False)
class Imps:
    operand: "Expr"


@dataclass(frozen=True, eq=False)
class Rnd:
    operand: "Expr"


Expr = Union[Num, Var, Binary, Unary, IfElse, Length, Count, Loser, Cccc, Quality, Shape, HasCard,
             Tricks, Score, Imps, Rnd]

#: Names of the count tables, in the order of dealer's ``tblPointcount``.
#: ``pointcount`` sets table 0; ``altcount N`` sets table N (dealer's own
#: numbering, which is not ptN's: see ``PT_TABLE``).
COUNT_TABLES = ("hcp", "controls", "tens", "jacks", "queens", "kings", "aces",
                "top2", "top3", "top4", "top5", "c13")
HCP, CONTROLS = 0, 1
#: ptN reads table N + 2 (tens ... c13)
PT_TABLE = tuple(range(2, 12))
#: Values of the 13 ranks (two first) in each table by default.
DEFAULT_TABLES: tuple[tuple[int, ...], ...] = (
    (0,) * 9 + (1, 2, 3, 4),             # hcp
    (0,) * 11 + (1, 2),                  # controls
    (0,) * 8 + (1,) + (0,) * 4,          # tens
    (0,) * 9 + (1,) + (0,) * 3,          # jacks
    (0,) * 10 + (1,) + (0,) * 2,         # queens
    (0,) * 11 + (1, 0),                  # kings
    (0,) * 12 + (1,),                    # aces
    (0,) * 11 + (1, 1),                  # top2
    (0,) * 10 + (1, 1, 1),               # top3
    (0,) * 9 + (1, 1, 1, 1),             # top4
    (0,) * 8 + (1, 1, 1, 1, 1),          # top5
    (0,) * 9 + (1, 2, 4, 6),             # c13
)


# -- actions ---------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class PrintAll:
    pass


@dataclass(frozen=True, eq=False)
class PrintEW:
    pass


@dataclass(frozen=True, eq=False)
class PrintPBN:
    pass


@dataclass(frozen=True, eq=False)
class PrintCompact:
    expr: Expr | None


@dataclass(frozen=True, eq=False)
class PrintOneLine:
    expr: Expr | None


@dataclass(frozen=True, eq=False)
class PrintHands:
    """``print(north, south)``: each seat's hands, four across, at the end."""
    seats: tuple[int, ...]


@dataclass(frozen=True, eq=False)
class PrintES:
    items: tuple[Expr | str, ...]


@dataclass(frozen=True, eq=False)
class EvalContract:
    pass


@dataclass(frozen=True, eq=False)
class Average:
    label: str | None
    expr: Expr


@dataclass(frozen=True, eq=False)
class Frequency:
    label: str | None
    expr: Expr
    low: int
    high: int


@dataclass(frozen=True, eq=False)
class Frequency2D:
    label: str | None
    expr: Expr
    low: int
    high: int
    expr2: Expr
    low2: int
    high2: int


Action = Union[PrintAll, PrintEW, PrintPBN, PrintCompact, PrintOneLine, PrintHands, PrintES,
               EvalContract, Average, Frequency, Frequency2D]
PRINT_ACTIONS = (PrintAll, PrintEW, PrintPBN, PrintCompact, PrintOneLine, PrintHands, PrintES, EvalContract)


@dataclass
class Program:
    """What a script says, once parsed."""

    generate: int | None = None         #: the first ``generate`` wins, as in dealer
    produce: int | None = None
    dealer: int | None = None           #: seat; None: rotates with the board
    vulnerable: str | None = None       #: None NS EW All; None: rotates with the board
    predeal: dict[int, int] = field(default_factory=dict)        #: card -> seat
    suit_lengths: dict[tuple[int, int], int] = field(default_factory=dict)  #: (seat, suit) -> length
    tables: list[list[int]] = field(default_factory=lambda: [list(t) for t in DEFAULT_TABLES])
    condition: Expr = field(default_factory=lambda: Num(1))
    actions: list[Action] | None = None  #: None: no action statement (printall)
    variables: dict[str, Var] = field(default_factory=dict)
    #: what dealer's scanner prints while reading the script (see lexer.comment_echo)
    echo: str = ""
    #: (start, end) offsets of the predeal statements in the script, for tools that rewrite it
    predeal_spans: list[tuple[int, int]] = field(default_factory=list)

    @property
    def action_list(self) -> list[Action]:
        return [PrintAll()] if self.actions is None else self.actions

    @property
    def prints(self) -> bool:
        """Whether any action prints deals (dealer then produces 40 by default)."""
        return self.actions is None or any(isinstance(a, PRINT_ACTIONS) for a in self.actions)
