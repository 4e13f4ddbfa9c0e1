"""BER: the Bernasconi dealing machine's layout.

Each board is 52 bytes, one per card from the ace of spades to the two of
clubs (spades, hearts, diamonds, clubs, ace down), each the digit of the
seat holding it: ``1`` North, ``2`` East, ``3`` South, ``4`` West.  No
separator, no header, no board numbers (boards are numbered from
``--first``).  Source: Big Deal's output.c, the only public description
found; files with a line end after each board are read too.  Deterministic:
BER -> PBN -> BER is byte for byte.
"""

from __future__ import annotations

from typing import IO, Any, Iterable, Iterator

from ..board import Board
from ..errors import FileFormatError
from .dealfile import Hands, as_bytes, hands_to_positions, make_board, positions_to_hands, truncated, write_deals
from .registry import WriteReport
from ..notation import Message

RECORD = 52
_DIGITS = b"1234"


def encode(number: int, hands: Hands) -> bytes:
    return bytes(49 + s for s in hands_to_positions(hands))


def sniff(head: bytes, size: int | None) -> bool:
    return len(head) >= RECORD and all(b in _DIGITS for b in head[:RECORD]) \
        and (size is None or size % RECORD == 0 or head[RECORD:RECORD + 1] in (b"\r", b"\n"))


def read(data: Any, name: str, first: int | None = None) -> Iterator[Board]:
    data = as_bytes(data, name)
    if b"\n" in data[:RECORD + 2]:
        data = data.replace(b"\r", b"").replace(b"\n", b"")
    if not data:
        raise FileFormatError(Message('empty file'), name)
    if sum(b in _DIGITS for b in data[:RECORD]) < 40:  # one bad digit is a bad board, not another format
        raise FileFormatError(Message('not a BER file (a board is 52 digits 1-4, the seat of each card)'), name)
    start = first if first is not None else 1
    count = (len(data) + RECORD - 1) // RECORD
    for i in range(count):
        record = data[i * RECORD:(i + 1) * RECORD]
        if len(record) < RECORD:
            yield truncated(start + i, i, RECORD, len(record), name, "BER")
            continue
        bad = sorted({chr(b) for b in record if b not in _DIGITS})
        if bad:
            yield make_board(start + i, None, name, problems=[(
                "bad-card", Message("seat digits must be 1-4, found {found}",
                                found=", ".join(repr(b) for b in bad[:5])))],
                record=i + 1)
            continue
        yield make_board(start + i, positions_to_hands([b - 49 for b in record]), name, record=i + 1)


def write(boards: Iterable[Board], stream: IO[bytes], report: WriteReport) -> int:
    return write_deals(boards, stream, report, encode)
