"""RZD: the Kops dealing machine's layout.

A 13-byte header: the number of boards as two bytes, low byte first, then
11 spaces.  Then 13 bytes a board: byte ``k`` (``k`` = 0 for the aces ...
12 for the twos) holds the seats of the four cards of that rank, two bits
each, spades in the highest bits: ``seat(spade) << 6 | seat(heart) << 4 |
seat(diamond) << 2 | seat(club)`` with North 0, East 1, South 2, West 3.
No board numbers (boards are numbered from ``--first``).  Source: Big Deal's
output.c ("kops" format, suffix .rzd), the only public description found.
The header's count is checked against the records.  Deterministic: RZD ->
PBN -> RZD is byte for byte.
"""

from __future__ import annotations

from typing import IO, Any, Iterable, Iterator

from ..board import Board
from ..errors import FileFormatError
from .dealfile import Hands, as_bytes, hands_to_positions, make_board, positions_to_hands, truncated, write_deals
from .registry import WriteReport
from ..notation import Message

RECORD = 13


def encode_ranks(seats: list[int], rotate: int = 0) -> bytes:
    """13 bytes, one per rank (ace first): the seats (plus ``rotate``,
    modulo 4) of its spade, heart, diamond and club, two bits each."""
    out = bytearray(13)
    for k in range(13):
        byte = 0
        for s in range(4):
            byte |= ((seats[13 * s + k] + rotate) & 3) << (2 * (3 - s))
        out[k] = byte
    return bytes(out)


def decode_ranks(record: bytes, rotate: int = 0) -> list[int]:
    seats = [0] * 52
    for k in range(13):
        byte = record[k]
        for s in range(4):
            seats[13 * s + k] = ((byte >> (2 * (3 - s))) - rotate) & 3
    return seats


def sniff(head: bytes, size: int | None) -> bool:
    if len(head) < 2 * RECORD or head[2:RECORD] != b" " * 11:
        return False
    count = head[0] | head[1] << 8
    return size is None or size == RECORD * (count + 1)


def read(data: Any, name: str, first: int | None = None) -> Iterator[Board]:
    data = as_bytes(data, name)
    if not data:
        raise FileFormatError(Message('empty file'), name)
    if len(data) < RECORD or data[2:RECORD] != b" " * 11:
        raise FileFormatError(Message('not an RZD file (the 13-byte header is a board count and 11 spaces)'), name)
    declared = data[0] | data[1] << 8
    body = data[RECORD:]
    count = (len(body) + RECORD - 1) // RECORD
    start = first if first is not None else 1
    for i in range(count):
        record = body[i * RECORD:(i + 1) * RECORD]
        if len(record) < RECORD:
            yield truncated(start + i, i, RECORD, len(record), name, "RZD")
            continue
        problems = []
        if i == count - 1 and declared != count:
            problems.append(("count-mismatch", Message('the header says {declared} boards, the file holds {count}',
                                                       declared=declared, count=count)))
        yield make_board(start + i, positions_to_hands(decode_ranks(record)), name, problems=problems,
                         record=i + 1)
    if count == 0 and declared:
        raise FileFormatError(Message('the header says {declared} boards, the file holds none', declared=declared),
                              name)


def write(boards: Iterable[Board], stream: IO[bytes], report: WriteReport) -> int:
    def header(count: int, first: int, last: int) -> bytes:
        return bytes((count & 0xFF, count >> 8 & 0xFF)) + b" " * 11

    return write_deals(boards, stream, report, lambda n, hands: encode_ranks(hands_to_positions(hands)),
                       header=header, max_number=None)


__all__ = ["Hands", "read", "write", "sniff", "encode_ranks", "decode_ranks"]
