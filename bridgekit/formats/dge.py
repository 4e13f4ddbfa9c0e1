"""DGE: the sorted-hands layout of dealing machines (also bytes 79-146 of
every DUP record).

All four hands, North, East, South, West, 17 bytes each: for each suit its
symbol in the DOS character set (code page 437: 6 spades, 3 hearts, 4
diamonds, 5 clubs) then its ranks ``AKQJT98765432``; a void suit is its
symbol alone (Duplimate's convert.pdf; Big Deal's output.c writes the same).
A DGE file is 128-byte records: the 68 bytes, then 60 NUL bytes (Big Deal);
68-byte records without the filler are read too.  No board numbers: boards
are numbered from ``--first``.

Reading also accepts the suit letters ``SHDC`` in place of the symbols (a
file passed through a converter that "fixed" the control characters).
"""

from __future__ import annotations

from typing import IO, Any, Iterable, Iterator

from ..board import Board
from ..errors import FileFormatError
from .dealfile import RANK_OF, RANKS, Hands, as_bytes, make_board, truncated, write_deals
from .registry import WriteReport
from ..notation import Message

RECORD = 128
PART = 68
SYMBOLS = b"\x06\x03\x04\x05"  # spades, hearts, diamonds, clubs (code page 437)
_SUIT_OF_BYTE = {6: 0, 3: 1, 4: 2, 5: 3, ord("S"): 0, ord("H"): 1, ord("D"): 2, ord("C"): 3}
_RANK_OF_BYTE = {ord(r): i for i, r in enumerate(RANKS)}
_FILLER = b"\x00" * 60


def encode_part(hands: Hands) -> bytes:
    out = bytearray()
    for hand in hands:
        suits: list[list[int]] = [[], [], [], []]
        for c in sorted(hand):
            suits[c // 13].append(c)
        for s in range(4):
            out.append(SYMBOLS[s])
            out.extend("".join(RANK_OF[c] for c in suits[s]).encode("ascii"))
    return bytes(out)


def decode_part(part: bytes) -> tuple[Hands | None, list[tuple[str, str]]]:
    """Four hands from the 68 bytes, with the record's problems.  A part of
    blanks (Big Deal's "dupblind" hides board 1 that way) gives None and no
    problem."""
    if not part.strip(b" \x00"):
        return None, []
    hands: Hands = [[], [], [], []]
    problems: list[tuple[str, str]] = []
    seat = -1
    suit = None
    for byte in part:
        s = _SUIT_OF_BYTE.get(byte)
        if s is not None:
            if s == 0:  # the spade symbol starts each hand
                seat += 1
                if seat > 3:
                    problems.append(("bad-layout", Message('more than four hands in the sorted-hands part')))
                    return None, problems
            suit = s
            continue
        r = _RANK_OF_BYTE.get(byte)
        if r is None or suit is None or seat < 0:
            if byte in (0x20, 0x00):
                continue
            problems.append(("bad-card", Message('unexpected byte {byte:#04x} in the sorted hands', byte=byte)))
            return None, problems
        hands[seat].append(13 * suit + r)
    if seat != 3:
        problems.append(("bad-layout", Message('{v1} hands in the sorted-hands part, not 4', v1=seat + 1)))
        return None, problems
    return hands, problems


def sniff(head: bytes, size: int | None) -> bool:
    if len(head) < PART or head[0] != SYMBOLS[0]:
        return False
    hands, problems = decode_part(head[:PART])
    return hands is not None and not problems


def read(data: Any, name: str, first: int | None = None) -> Iterator[Board]:
    data = as_bytes(data, name)
    if not data:
        raise FileFormatError(Message('empty file'), name)
    if data[:1] not in (SYMBOLS[:1], b"S"):
        raise FileFormatError(Message('not a DGE file (a record starts with the spade symbol, byte 6)'), name)
    size = RECORD if len(data) % RECORD == 0 or len(data) % PART else PART
    start = first if first is not None else 1
    full = len(data) // size
    for i in range(full + (1 if len(data) % size else 0)):
        number = start + i
        record = data[i * size:(i + 1) * size]
        if len(record) < PART:
            yield truncated(number, i, size, len(record), name, "DGE")
            continue
        hands, problems = decode_part(record[:PART])
        if len(record) < size:
            problems.append(("truncated-record", Message("the file ends inside this board's record ({v1} of {size} "
                                                         "bytes), after its hands: the deal is read",
                                                         v1=len(record), size=size)))
        if hands is None and not problems:
            problems = [("no-deal", Message("the record holds no hands (blanks)"))]
        yield make_board(number, hands, name, problems=problems, record=i + 1)


def write(boards: Iterable[Board], stream: IO[bytes], report: WriteReport) -> int:
    return write_deals(boards, stream, report, lambda number, hands: encode_part(hands) + _FILLER)
