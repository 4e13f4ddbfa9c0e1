"""BHG: the Borel hand generator's layout.

A text file: an empty first line, then one line of 52 letters a board.  The
letters are the cards, ``A`` the ace of spades ... ``Z`` the two of hearts,
``a`` the ace of diamonds ... ``z`` the two of clubs; the line gives four
hands of 13, starting with the board's dealer (board 1 North, 2 East, ...)
and going clockwise.  Sources: Big Deal's output.c (format "borel") and
deal-convert (emkael, bhg.py), which agree on the layout; deal-convert also
makes the line the board number (board N on line N + 1, an empty line for a
board not in the set), and bridgekit follows it: reading numbers the boards
by their line (``--first`` gives the number of the first line's board),
writing leaves empty lines for the missing numbers.  The number says whose
hand comes first, so a wrong ``--first`` turns the table.  bridgekit writes
the cards of each hand in ascending order and CR LF line ends (as both do on
Windows); BHG -> PBN -> BHG is byte for byte for files written so.
"""

from __future__ import annotations

from typing import IO, Any, Iterable, Iterator

from ..board import Board
from ..errors import FileFormatError
from .dealfile import Hands, as_bytes, make_board, write_deals
from .registry import WriteReport
from ..notation import Message

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_CARD_OF = {ch: i for i, ch in enumerate(_LETTERS)}


def sniff(head: bytes, size: int | None) -> bool:
    lines = head.splitlines()
    for line in lines[:3]:
        if line.strip():
            return len(line.strip()) == 52 and line.strip().isalpha() and len(set(line.strip())) == 52
    return False


def read(data: Any, name: str, first: int | None = None) -> Iterator[Board]:
    raw = as_bytes(data, name)
    if not raw.strip():
        raise FileFormatError(Message('empty file'), name)
    if b"\x00" in raw:
        raise FileFormatError(Message('not a BHG file (binary data: NUL bytes)'), name)
    lines = raw.decode("latin-1").splitlines()
    # board N on line N + 1 after the empty first line; a file without it starts with board 1
    skip = 1 if lines and not lines[0].strip() else 0
    start = first if first is not None else 1
    seen = 0
    for index, line in enumerate(lines[skip:]):
        lineno = index + skip + 1
        text = line.strip()
        if not text:
            continue
        number = start + index
        seen += 1
        cards = [_CARD_OF.get(ch) for ch in text]
        if len(text) != 52 or None in cards:
            if seen == 1 and (len(text) < 40 or not text.isalpha()):
                raise FileFormatError(Message('not a BHG file (a board is a line of 52 letters A-Z a-z)'),
                                      name, lineno)
            if None in cards:
                message = Message("a board is 52 letters A-Z a-z, this line has {n} characters, with {v1}",
                                  n=len(text), v1=repr(text[cards.index(None)]))
            else:
                message = Message("a board is 52 letters A-Z a-z, this line has {n} characters", n=len(text))
            yield make_board(number, None, name, lineno, [("bad-record", message)])
            continue
        dealer = (number - 1) % 4
        hands: Hands = [[], [], [], []]
        for i in range(4):
            hands[(dealer + i) % 4] = [c for c in cards[13 * i:13 * i + 13] if c is not None]
        yield make_board(number, hands, name, lineno)


def write(boards: Iterable[Board], stream: IO[bytes], report: WriteReport) -> int:
    """Board N on line N + 1: empty lines for the numbers missing before it.
    A number not above the one before cannot be placed: such a board goes on
    the next line, and the renumbering is reported."""
    stream.write(b"\r\n")
    last = [0]

    def encode(number: int, hands: Hands) -> bytes:
        if number <= last[0]:
            report.lost["number"] += 1
            number = last[0] + 1
        gap = b"\r\n" * (number - last[0] - 1)
        last[0] = number
        return gap + _line(number, hands)

    return write_deals(boards, stream, report, encode)


def _line(number: int, hands: Hands) -> bytes:
    dealer = (number - 1) % 4
    return ("".join(_LETTERS[c] for i in range(4) for c in sorted(hands[(dealer + i) % 4])) + "\r\n").encode("ascii")
