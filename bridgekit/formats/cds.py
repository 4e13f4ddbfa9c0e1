"""CDS: the dealing layout Big Deal calls "Cds format".

14 bytes a board: the board number (one byte), then the 13 bytes of the RZD
layout (:mod:`.rzd`: one byte per rank, ace first, two bits per suit,
spades highest) with the seats counted from West: West 0, North 1, East 2,
South 3 (Big Deal writes the seat plus one, modulo 4).  No header.  Board
numbers are kept (1-255).  Source: Big Deal's output.c, the only public
description found.  Deterministic: CDS -> PBN -> CDS is byte for byte.
"""

from __future__ import annotations

from typing import IO, Any, Iterable, Iterator

from ..board import Board
from ..errors import FileFormatError
from .dealfile import Hands, as_bytes, hands_to_positions, make_board, positions_to_hands, truncated, write_deals
from .registry import WriteReport
from .rzd import decode_ranks, encode_ranks
from ..notation import Message

RECORD = 14


def sniff(head: bytes, size: int | None) -> bool:
    # a weak layout (any byte can be anything): only a known size and a plausible first number
    return size is not None and size >= RECORD and size % RECORD == 0 and 1 <= head[0] <= 255 \
        and all(len(h) == 13 for h in positions_to_hands(decode_ranks(head[1:RECORD], 1)))


def read(data: Any, name: str, first: int | None = None) -> Iterator[Board]:
    data = as_bytes(data, name)
    if not data:
        raise FileFormatError(Message('empty file'), name)
    count = (len(data) + RECORD - 1) // RECORD
    offset = 0 if first is None else None
    for i in range(count):
        record = data[i * RECORD:(i + 1) * RECORD]
        own = record[0]
        if offset is None:
            offset = first - own if first is not None else 0
        number = own + offset
        if len(record) < RECORD:
            yield truncated(number, i, RECORD, len(record), name, "CDS")
            continue
        problems = []
        if own == 0:
            problems.append(("board-number", Message('board number 0')))
        yield make_board(number, positions_to_hands(decode_ranks(record[1:], 1)), name, problems=problems,
                         record=i + 1)


def encode(number: int, hands: Hands) -> bytes:
    return bytes((number,)) + encode_ranks(hands_to_positions(hands), 1)


def write(boards: Iterable[Board], stream: IO[bytes], report: WriteReport) -> int:
    return write_deals(boards, stream, report, encode, max_number=255)
