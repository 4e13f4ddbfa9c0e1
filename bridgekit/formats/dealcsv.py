"""CSV: the comma-separated deal layout of Big Deal (for databases and
spreadsheets).

One line a board, every field in double quotes: the 16 suits of North,
East, South and West (spades, hearts, diamonds, clubs; ranks
``AKQJT98765432``, a void suit empty), the board number, then dealer and
vulnerability as ``N/-`` (``-`` none, ``NS``, ``EW``, ``All``).  Source: Big
Deal's output.c, the only public description found.  Board number, dealer
and vulnerability are kept.  bridgekit writes CR LF line ends; CSV -> PBN
-> CSV is byte for byte for files written so.
"""

from __future__ import annotations

import csv
import io
from typing import IO, Any, Iterable, Iterator

from ..board import Board, Tag
from ..errors import FileFormatError
from ..seats import Seat, Vul
from .dealfile import RANK_OF, NUMBER_OF, SUITS, Hands, as_bytes, hands_of, make_board
from .registry import WriteReport
from ..notation import Message

_VUL_OUT = {Vul.NONE: "-", Vul.NS: "NS", Vul.EW: "EW", Vul.ALL: "All"}
_VUL_IN = {"-": "None", "": "None", "NONE": "None", "NS": "NS", "EW": "EW", "ALL": "All", "BOTH": "All"}


def sniff(head: bytes, size: int | None) -> bool:
    line = head.split(b"\n", 1)[0].strip()
    if not line.startswith(b'"'):
        return False
    fields = line.split(b",")
    return len(fields) == 18 and b"/" in fields[-1]


def read(data: Any, name: str, first: int | None = None) -> Iterator[Board]:
    raw = as_bytes(data, name)
    if not raw.strip():
        raise FileFormatError(Message('empty file'), name)
    if b"\x00" in raw:
        raise FileFormatError(Message('not a deal CSV file (binary data: NUL bytes)'), name)
    rows = csv.reader(io.StringIO(raw.decode("latin-1")))
    offset: int | None = None
    index = 0
    for lineno, row in enumerate(rows, 1):
        if not row or not any(f.strip() for f in row):
            continue
        index += 1
        if len(row) != 18:
            if index == 1:
                raise FileFormatError(Message('not a deal CSV file (18 fields a line: 16 suits, board, '
                                              'dealer/vulnerable; this line has {v1})', v1=len(row)), name, lineno)
            yield make_board((first or 1) + index - 1, None, name, lineno, [(
                "bad-record", Message("{n} fields, not 18 (16 suits, board, dealer/vulnerable)", n=len(row)))])
            continue
        own = int(row[16]) if row[16].strip().isdigit() else None
        if offset is None:
            offset = 0 if first is None or own is None else first - own
        number = own + offset if own is not None else (first or 1) + index - 1
        hands: Hands = [[], [], [], []]
        problems = []
        for i in range(16):
            for r in row[i].strip().upper().replace("10", "T"):
                c = NUMBER_OF.get((SUITS[i % 4], r))
                if c is None:
                    problems.append(("bad-card", Message('{r!r} is not a rank (field {v2})', r=r, v2=i + 1)))
                else:
                    hands[i // 4].append(c)
        if own is None:
            problems.append(("board-number", Message('board number {v1!r} is not a number', v1=row[16])))
        board = make_board(number, None if any(p[0] == "bad-card" for p in problems) else hands, name, lineno,
                           problems)
        dealer, _, vul = row[17].partition("/")
        if dealer.strip().upper() in ("N", "E", "S", "W"):
            board.tags["Dealer"] = Tag("Dealer", dealer.strip().upper(), lineno)
        if vul.strip().upper() in _VUL_IN:
            board.tags["Vulnerable"] = Tag("Vulnerable", _VUL_IN[vul.strip().upper()], lineno)
        yield board


def write(boards: Iterable[Board], stream: IO[bytes], report: WriteReport) -> int:
    count = 0
    last: int | None = None
    for board in boards:
        hands = hands_of(board)
        if hands is None:
            report.skip(board, "no-deal", Message("no complete deal: not written to {label}", label="CSV"))
            continue
        report.account(board)
        number = board.number if board.number is not None else (last + 1 if last is not None else 1)
        last = number
        dealer = board.dealer or Seat.N
        vul = board.vulnerable or Vul.NONE
        suits: list[str] = []
        for hand in hands:
            by_suit: list[list[str]] = [[], [], [], []]
            for c in sorted(hand):
                by_suit[c // 13].append(RANK_OF[c])
            suits.extend("".join(s) for s in by_suit)
        fields = suits + [str(number), f"{dealer.name}/{_VUL_OUT[vul]}"]
        stream.write((",".join(f'"{f}"' for f in fields) + "\r\n").encode("ascii"))
        count += 1
    report.written = count
    return count
