"""BRI: the card-number layout of dealing machines (also the first 78 bytes
of every DUP record).

A board is North's, East's and South's cards as 39 two-digit numbers
(``01`` the ace of spades ... ``52`` the two of clubs, in any order); West
holds the 13 cards left (Duplimate's convert.pdf: "the BRI part consists of
39 (3x13) random numbers defining North's, East's and South's hands").
There are no board numbers: boards are numbered from ``--first``.

Two record layouts are described, and both are read:

* Big Deal (output.c) writes 128-byte records: the 78 digits, 32 spaces, 18
  NUL bytes ("the way I saw my first BRI file");
* a rec.games.bridge description (S. Foster, 2011) gives lines of 78
  characters ended by CR LF.

bridgekit writes the 128-byte records, following the program that writes
BRI files today (Big Deal), with the cards of each hand in ascending order:
a BRI file whose numbers are in another order (Duplimate's own example is
not sorted) reads the same deals but is not rewritten byte for byte.
"""

from __future__ import annotations

from typing import IO, Any, Iterable, Iterator

from ..board import Board
from ..errors import FileFormatError
from .dealfile import Hands, as_bytes, make_board, truncated, write_deals
from .registry import WriteReport
from ..notation import Message

RECORD = 128
PART = 78
_FILLER = b" " * 32 + b"\x00" * 18
_DIGITS = frozenset(b"0123456789")


def encode_part(hands: Hands) -> bytes:
    """The 78 digits of North's, East's and South's cards (ascending)."""
    return "".join(f"{c + 1:02d}" for seat in range(3) for c in sorted(hands[seat])).encode("ascii")


def decode_part(part: bytes) -> tuple[Hands | None, list[tuple[str, str]]]:
    """Four hands from 78 digits (West: the cards left), with the problems
    of the record: a number that is not 01-52, a card given twice."""
    problems: list[tuple[str, str]] = []
    hands: Hands = [[], [], [], []]
    bad = []
    for i in range(39):
        pair = part[2 * i:2 * i + 2]
        if len(pair) == 2 and pair[0] in _DIGITS and pair[1] in _DIGITS and 1 <= int(pair) <= 52:
            hands[i // 13].append(int(pair) - 1)
        else:
            bad.append(pair.decode("latin-1"))
    if bad:
        problems.append(("bad-card-number", Message.plural("card number {numbers} not 01-52",
                                                           "card numbers {numbers} not 01-52", len(bad),
                                                           numbers=", ".join(repr(b) for b in bad[:5]))))
        return None, problems
    held = {c for h in hands[:3] for c in h}
    hands[3] = [c for c in range(52) if c not in held]
    return hands, problems


def sniff(head: bytes, size: int | None) -> bool:
    if len(head) < PART + 1 or not all(b in _DIGITS for b in head[:PART]):
        return False
    return head[PART:PART + 1] in (b"\r", b"\n") or head[PART:PART + 2] == b"  "


def records(data: bytes, name: str) -> Iterator[tuple[int, bytes | None, int]]:
    """The 78-digit parts of a BRI file, either layout: ``(index, part,
    size)``, ``part`` None for a record cut short."""
    if not data.strip(b"\r\n\x00 "):
        raise FileFormatError(Message('empty file'), name)
    if data[PART:PART + 1] in (b"\r", b"\n"):  # lines of 78 digits
        for i, line in enumerate(data.splitlines()):
            if not line.strip():
                continue
            yield i, (line if len(line) == PART else None), len(line)
        return
    full = len(data) // RECORD
    for i in range(full):
        yield i, data[i * RECORD:i * RECORD + PART], RECORD
    rest = len(data) - full * RECORD
    if rest:
        # the last record may lack its filler (a file cut after the digits still holds the deal)
        yield full, (data[full * RECORD:full * RECORD + PART] if rest >= PART else None), rest


def read(data: Any, name: str, first: int | None = None) -> Iterator[Board]:
    data = as_bytes(data, name)
    if not sniff(data[:RECORD], len(data)) and data.strip():
        raise FileFormatError(Message('not a BRI file (a record starts with 78 digits: the card numbers of North, '
                                      'East and South)'), name)
    start = first if first is not None else 1
    lines = data[PART:PART + 1] in (b"\r", b"\n")
    for index, (i, part, size) in enumerate(records(data, name)):
        number = start + index
        if part is None:
            yield truncated(number, i, PART if lines else RECORD, size, name, "BRI")
            continue
        hands, problems = decode_part(part)
        if not lines and size < RECORD:
            problems.append(("truncated-record", Message("the file ends inside this board's record ({size} of "
                                                         "{RECORD} bytes), after its card numbers: the deal is read",
                                                         size=size, RECORD=RECORD)))
        yield make_board(number, hands, name, problems=problems, record=i + 1)


def write(boards: Iterable[Board], stream: IO[bytes], report: WriteReport) -> int:
    return write_deals(boards, stream, report, lambda number, hands: encode_part(hands) + _FILLER)
