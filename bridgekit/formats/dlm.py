"""DLM: Duplimate for Windows, a text file in the layout of a Windows INI file.

Its ``[Document]`` section holds ``From board``, ``To board``, ``Status``
(``Show`` or ``Sealed``), ``Duplicates`` and a ``Checksum``, then for each
board ``NN`` a line ``Board NN=`` of 26 letters and 3 digits.  Each letter,
``a`` to ``p``, places two cards: the cards in the order ace to two of
spades, hearts, diamonds, clubs, taken in pairs; the letter is ``a`` plus
four times the first card's seat plus the second card's seat (North 0, East
1, South 2, West 3).  The three digits are the board's checksum: the board
number XOR the code of each of the 26 letters.  The file's ``Checksum`` is
``Duplicates`` XOR ``From board`` XOR ``To board``, XOR 1 when the status is
``Show``.

Sources: Big Deal's output.c (Hans van Staveren; its author calls the
layout "very badly documented"), and S. Foster on rec.games.bridge (2011),
who decodes ``Board 01=jlifaelnecgmoldfjmcflinlap023`` the same way (first
card in the high half of the letter, spades first).  Both published boards
(that one and ``cgcajjjnakpkchipnjhmbmbpbh022``, BBO forums 2013) check with
this checksum; a 2013 forum guess read the pairs from the two of clubs up:
it disagrees with both sources and with the spade-first decoding, and is
not followed.

Files hold boards 1 to 99 ("these files always seem to go to 100"): the
boards outside ``From board``-``To board`` are placeholders, skipped on
reading and written as Big Deal writes them.  bridgekit writes CR LF line
ends (a Windows file), ``Status=Show``, and the boards' ``Event`` as the
``Headline``; reading gives the ``Headline`` back as the Event.  DLM -> PBN
-> DLM is byte for byte for files written so (a file with another status,
other counters or LF line ends is rewritten with these).
"""

from __future__ import annotations

import re
from typing import IO, Any, Iterable, Iterator

from ..board import Board, Tag
from ..errors import FileFormatError
from .dealfile import Hands, as_bytes, hands_to_positions, make_board, positions_to_hands, write_deals
from .registry import WriteReport
from ..notation import Message

MAX_BOARD = 99
#: Big Deal's placeholder board (its checksum is the number XOR 14).
PLACEHOLDER = "aaaaaabffffffkkkkkklpppppp"
_LINE = re.compile(r"^\s*([^=]*?)\s*=\s*(.*?)\s*$")


def board_letters(hands: Hands) -> str:
    seats = hands_to_positions(hands)
    return "".join(chr(97 + (seats[2 * i] << 2) + seats[2 * i + 1]) for i in range(26))


def board_checksum(number: int, letters: str) -> int:
    value = number
    for ch in letters:
        value ^= ord(ch)
    return value


def file_checksum(duplicates: int, low: int, high: int, show: bool) -> int:
    return duplicates ^ low ^ high ^ (1 if show else 0)


def decode_letters(letters: str) -> Hands | None:
    if len(letters) != 26 or any(not "a" <= ch <= "p" for ch in letters):
        return None
    seats = []
    for ch in letters:
        v = ord(ch) - 97
        seats.append(v >> 2)
        seats.append(v & 3)
    return positions_to_hands(seats)


def sniff(head: bytes, size: int | None) -> bool:
    return b"[document]" in head[:400].lower()


def read(data: Any, name: str, first: int | None = None) -> Iterator[Board]:
    raw = as_bytes(data, name)
    if not raw.strip():
        raise FileFormatError(Message('empty file'), name)
    if b"\x00" in raw:
        raise FileFormatError(Message('not a DLM file (binary data: NUL bytes)'), name)
    text = raw.decode("cp1252", errors="replace")
    section = None
    fields: dict[str, tuple[str, int]] = {}
    boards: dict[int, tuple[str, int]] = {}
    for lineno, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith(";"):
            continue
        if s.startswith("[") and s.endswith("]"):
            section = s[1:-1].strip().lower()
            continue
        if section != "document":
            continue
        m = _LINE.match(s)
        if m is None:
            continue
        key, value = m.group(1).lower(), m.group(2)
        bm = re.fullmatch(r"board\s*(\d+)", key)
        if bm is not None:
            boards.setdefault(int(bm.group(1)), (value, lineno))
        else:
            fields.setdefault(key, (value, lineno))
    if section is None and not fields:
        raise FileFormatError(Message('not a DLM file (no [Document] section)'), name)

    def number(key: str) -> int | None:
        v = fields.get(key)
        return int(v[0]) if v is not None and v[0].strip().isdigit() else None

    low, high = number("from board"), number("to board")
    if low is None or high is None:
        if not boards:
            raise FileFormatError(Message("not a DLM file: no 'From board', 'To board' or 'Board NN=' line"), name)
        low, high = min(boards), max(boards)
        header_problem: tuple[str, str] | None = ("dlm-header", Message(
            "no 'From board'/'To board' in [Document]: boards {low}-{high} read", low=low, high=high))
    else:
        header_problem = None
        status = fields.get("status", ("", 0))[0].strip().lower()
        dups = number("duplicates") or 0
        given = number("checksum")
        expected = file_checksum(dups, low, high, status == "show")
        if given is not None and given != expected:
            header_problem = ("bad-checksum", Message("the file's Checksum={given} does not match its header "
                                                      "(Duplicates, From board, To board, Status give {expected})",
                                                      given=given, expected=expected))
    headline = fields.get("headline", ("", 0))[0].strip()
    offset = 0 if first is None else first - low
    if high < low:
        raise FileFormatError(Message("'From board={low}' is after 'To board={high}': no board", low=low, high=high),
                              name)
    for n in range(low, high + 1):
        problems: list[tuple[str, str]] = []
        if header_problem is not None and n == low:
            problems.append(header_problem)
        entry = boards.get(n)
        if entry is None:
            problems.append(("missing-board", Message("no 'Board {n:02d}=' line (the header gives boards "
                                                      "{low}-{high})", n=n, low=low, high=high)))
            yield _board(n + offset, None, name, None, problems, headline)
            continue
        value, lineno = entry
        letters, digits = value[:26], value[26:]
        hands = decode_letters(letters)
        if hands is None:
            problems.append(("bad-board", Message("'Board {n:02d}=' needs 26 letters a-p then a 3-digit checksum, "
                                                  "not {v2!r}", n=n, v2=value[:40])))
        elif not digits.isdigit():
            problems.append(("bad-checksum", Message("'Board {n:02d}=' has no checksum after its 26 letters", n=n)))
        elif int(digits) != board_checksum(n, letters):
            problems.append(("bad-checksum", Message('checksum {digits} does not match the board (expected '
                                                     '{v2:03d}): the file was changed or damaged',
                                                     digits=digits, v2=board_checksum(n, letters))))
        yield _board(n + offset, hands, name, lineno, problems, headline)


def _board(number: int, hands: Hands | None, name: str, line: int | None, problems: list[tuple[str, str]],
           headline: str) -> Board:
    board = make_board(number, hands, name, line, problems)
    if headline:
        board.tags = {"Event": Tag("Event", headline, line), **board.tags}
    return board


def write(boards: Iterable[Board], stream: IO[bytes], report: WriteReport) -> int:
    lines: list[tuple[int, str]] = []
    headline: list[str] = []

    def encode(number: int, hands: Hands) -> bytes:
        letters = board_letters(hands)
        lines.append((number, letters))
        return b""

    def events(source: Iterable[Board]) -> Iterator[Board]:
        for board in source:
            if not headline:
                headline.append(board.get("Event") or "")
            yield board

    import io
    count = write_deals(events(boards), io.BytesIO(), report, encode, max_number=MAX_BOARD)
    # a board number given twice, or going down, cannot be written: the first is kept
    kept: dict[int, str] = {}
    for number, letters in lines:
        if number in kept:
            report.lost["duplicate-number"] += 1
            count -= 1
            continue
        kept[number] = letters
    if report.lost.get("duplicate-number"):
        report.written = count
    low, high = (min(kept), max(kept)) if kept else (1, 1)
    out = ["[Document]",
           f"Headline={_clean(headline[0]) if headline and headline[0] else 'Generated by bridgekit'}",
           "Status=Show", "Duplicates=0", f"From board={low}", f"To board={high}",
           "Next board to duplimate=0", "PrintOuts=0", "Crypto key=0",
           f"Checksum={file_checksum(0, low, high, True)}"]
    for n in range(1, MAX_BOARD + 1):
        letters = kept.get(n, PLACEHOLDER)
        out.append(f"Duplicates {n:02d}=0")
        out.append(f"Board {n:02d}={letters}{board_checksum(n, letters):03d}")
    stream.write(("\r\n".join(out) + "\r\n").encode("cp1252", errors="replace"))
    return count


def _clean(text: str) -> str:
    return " ".join(text.split())
