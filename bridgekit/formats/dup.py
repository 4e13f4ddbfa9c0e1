"""DUP: Duplimate's DOS layout, the file a dealing machine deals from.

Each board is a record of 156 bytes (Duplimate's convert.pdf):

* bytes 1-78, the "BRI part": North's, East's and South's cards as 39
  two-digit numbers (01 the ace of spades ... 52 the two of clubs, any
  order); West holds the cards left (see :mod:`.bri`);
* bytes 79-146, the "DGE part": the four hands sorted, 17 bytes each (suit
  symbols of code page 437 and ranks, see :mod:`.dge`);
* bytes 147-156, the header the machine needs: ``Y``/``N`` for "random
  hands?", ``Y``/``N`` for "backwards counting", the lowest board of the set
  (3 characters, left aligned, padded with spaces), the copies of each board
  (2), the highest board (3); "sets of 32" read ``YN1  1 32 ``.

The boards are numbered from the header's lowest board (``--first``
overrides it); dealer and vulnerability follow the number.  The header's
highest board must agree with the number of records, the sorted hands with
the card numbers: a disagreement is reported on the board.

Where the descriptions disagree: Big Deal (output.c) writes ``0`` copies and
leaves the sorted hands of board 1 blank in its "blind" variant; deal-convert
(emkael, dup.py) also writes ``0`` copies, puts the header in the first record
only (NUL bytes in the others) and writes the number of boards where
convert.pdf has the highest board (the same value when the set starts at 1).
bridgekit writes what convert.pdf shows (``1`` copy, every record's header,
every board's sorted hands) and reads all three: a "highest board" below the
lowest is read as a count.  A rec.games.bridge description (2011) mentions an older DUP of
78-digit lines: such a file is read as BRI lines.  X -> PBN -> X is byte for
byte only for files written this way with the card numbers in ascending
order (the header's Y/N answers and copies are not kept in PBN).
"""

from __future__ import annotations

import io
from typing import IO, Any, Iterable, Iterator

from ..board import Board
from ..errors import FileFormatError
from . import bri, dge
from .dealfile import Hands, as_bytes, make_board, truncated, write_deals
from .registry import WriteReport
from ..notation import Message

RECORD = 156
HEADER = 146  # offset of the 10-byte header


def header(lowest: int, highest: int, copies: int = 1) -> bytes:
    return f"YN{lowest:<3d}{copies:<2d}{highest:<3d}".encode("ascii")


def parse_header(head: bytes) -> tuple[int | None, int | None]:
    """Lowest and highest board of a record's header (None when unreadable)."""
    def number(b: bytes) -> int | None:
        text = b.decode("latin-1").strip()
        return int(text) if text.isdigit() else None
    return number(head[2:5]), number(head[7:10])


def sniff(head: bytes, size: int | None) -> bool:
    if len(head) < RECORD or (size is not None and size % RECORD):
        return False
    return all(48 <= b <= 57 for b in head[:78]) and head[HEADER:HEADER + 1] in (b"Y", b"N") \
        and head[HEADER + 1:HEADER + 2] in (b"Y", b"N")


def read(data: Any, name: str, first: int | None = None) -> Iterator[Board]:
    data = as_bytes(data, name)
    if not data.strip(b"\r\n\x00 "):
        raise FileFormatError(Message('empty file'), name)
    if data[78:79] in (b"\r", b"\n"):  # the older DUP of 78-digit lines
        yield from bri.read(data, name, first)
        return
    if not all(48 <= b <= 57 for b in data[:78]):
        raise FileFormatError(Message('not a DUP file (a record starts with 78 digits: the card numbers of North, '
                                      'East and South)'), name)
    if len(data) >= RECORD and data[HEADER:HEADER + 1] not in (b"Y", b"N"):
        raise FileFormatError(Message('not a DUP file: the records are not {RECORD} bytes (byte {v2} should be Y or '
                                      'N, it is {v3!r})', RECORD=RECORD, v2=HEADER + 1, v3=data[HEADER:HEADER + 1]),
                              name)
    lowest, highest = parse_header(data[HEADER:RECORD]) if len(data) >= RECORD else (None, None)
    if lowest is not None and highest is not None and highest < lowest:  # deal-convert's count of boards
        highest = lowest + highest - 1
    start = first if first is not None else (lowest if lowest is not None and lowest >= 1 else 1)
    count = (len(data) + RECORD - 1) // RECORD
    for i in range(count):
        number = start + i
        record = data[i * RECORD:(i + 1) * RECORD]
        if len(record) < RECORD:
            yield truncated(number, i, RECORD, len(record), name, "DUP")
            continue
        hands, problems = bri.decode_part(record[:78])
        sorted_hands, dge_problems = dge.decode_part(record[78:HEADER])
        if hands is not None and sorted_hands is not None and _key(hands) != _key(sorted_hands):
            problems.append(("dup-parts-disagree", Message('the sorted hands (bytes 79-146) are not the deal of the '
                                                           'card numbers (bytes 1-78): the card numbers are read')))
        elif dge_problems and hands is not None:
            problems.append(("dup-parts-disagree", Message('the sorted hands (bytes 79-146) are unreadable ({v1}): '
                                                           'the card numbers are read', v1=dge_problems[0][1])))
        if i == count - 1 and lowest is not None and highest is not None and highest - lowest + 1 != count:
            problems.append(("count-mismatch", Message('the header gives boards {lowest}-{highest} ({v3}), the file '
                                                       'holds {count}',
                                                       lowest=lowest, highest=highest, v3=highest - lowest + 1, count=count)
                             ))
        yield make_board(number, hands, name, problems=problems, record=i + 1)


def _key(hands: Hands) -> list[list[int]]:
    return [sorted(h) for h in hands]


def write(boards: Iterable[Board], stream: IO[bytes], report: WriteReport) -> int:
    """Records need the set's lowest and highest board: they are built first
    (156 bytes each) and the header put in each once the boards are known."""
    records: list[tuple[int, bytes]] = []

    def encode(number: int, hands: Hands) -> bytes:
        records.append((number, bri.encode_part(hands) + dge.encode_part(hands)))
        return b""

    count = write_deals(boards, io.BytesIO(), report, encode, max_number=999, keeps_first=True)
    if records:
        tail = header(records[0][0], records[-1][0])
        for _number, body in records:
            stream.write(body + tail)
    return count
