"""What the deal files of dealing machines and scoring programs share.

These layouts (DUP, DLM, BRI, DGE, BER, RZD, CDS, BHG, CSV) hold deals and
little else.  Their descriptions number the 52 cards the same way: 1 is the
ace of spades, 13 the two of spades, then hearts, diamonds and clubs, 52
the two of clubs (Duplimate's convert.pdf, Big Deal's output.c).  Here the
numbers are 0-based (:func:`card_number` - 1) and a seat is 0 North, 1
East, 2 South, 3 West.

A reader turns each record into four lists of card numbers; :func:`make_board`
builds the board (Board, Dealer and Vulnerable from the number by the
standard 16-board cycle, Deal) and records what is wrong with the record as
problems on it.  A writer gets each board's four hands from
:func:`hands_of` (None when the deal is not complete, and the board is then
skipped and reported) and tells :class:`~.registry.WriteReport` what the
format could not keep.
"""

from __future__ import annotations

from typing import IO, Any, Callable, Iterable, Iterator, Sequence

from ..board import Board, ProblemLog, Tag
from ..errors import FileFormatError
from ..seats import Seat, Vul, dealer_for_board
from .registry import WriteReport
from ..notation import Message

RANKS = "AKQJT98765432"
SUITS = "SHDC"
SEATS = "NESW"
#: Card number (0..51) -> its rank letter and suit index.
RANK_OF = [RANKS[c % 13] for c in range(52)]
SUIT_OF = [c // 13 for c in range(52)]
#: (suit letter, rank letter) -> card number.
NUMBER_OF = {(SUITS[c // 13], RANKS[c % 13]): c for c in range(52)}

_VUL_TEXT = [str(Vul.for_board(n)) for n in range(1, 17)]
_DEALER_TEXT = [dealer_for_board(n).name for n in range(1, 5)]

Hands = list[list[int]]


def card_name(c: int) -> str:
    return SUITS[SUIT_OF[c]] + RANK_OF[c]


def hand_text(cards: Iterable[int]) -> str:
    """PBN text of a hand given by card numbers (any order)."""
    suits: list[list[str]] = [[], [], [], []]
    for c in sorted(cards):
        suits[SUIT_OF[c]].append(RANK_OF[c])
    return ".".join("".join(s) for s in suits)


def positions_to_hands(seats: Sequence[int]) -> Hands:
    """Four hands from the seat (0..3) of each card 0..51."""
    hands: Hands = [[], [], [], []]
    for card, seat in enumerate(seats):
        hands[seat].append(card)
    return hands


def hands_to_positions(hands: Hands) -> list[int]:
    seats = [0] * 52
    for seat, hand in enumerate(hands):
        for c in hand:
            seats[c] = seat
    return seats


def standard_dealer(number: int) -> str:
    return _DEALER_TEXT[(number - 1) % 4]


def standard_vul(number: int) -> str:
    return _VUL_TEXT[(number - 1) % 16]


def make_board(number: int, hands: Hands | None, name: str, line: int | None = None,
               problems: Iterable[tuple[str, str]] = (), record: int | None = None) -> Board:
    """The board of a deal file's record: Board, Dealer, Vulnerable (the
    standard cycle for ``number``), Deal (when ``hands`` give all four hands:
    a card twice or missing is kept as written and reported).  ``problems``
    (code, message) are recorded as errors; the ``record`` number starts
    each message (``record 3: ...``) when the format has no lines."""
    board = Board(file=name, line=line)
    tags = board.tags
    tags["Board"] = Tag("Board", str(number), line)
    if number >= 1:
        tags["Dealer"] = Tag("Dealer", standard_dealer(number), line)
        tags["Vulnerable"] = Tag("Vulnerable", standard_vul(number), line)
    found = list(problems)
    if hands is not None:
        tags["Deal"] = Tag("Deal", "N:" + " ".join(hand_text(h) for h in hands), line)
        found.extend(deal_problems(hands))
    if found:
        log = ProblemLog(board, board.problems)
        for code, message in found:
            log.add(code, message if record is None else Message("record {n}: {message}", n=record, message=message),
                    line=line)
        log.close()
    return board


def deal_problems(hands: Hands) -> list[tuple[str, str]]:
    """A card in two hands or twice in one, a card nowhere, a hand not of
    13 cards: the problems of a record's deal (empty for a good deal)."""
    counts = [0] * 52
    for hand in hands:
        for c in hand:
            counts[c] += 1
    out: list[tuple[str, str]] = []
    if all(n == 1 for n in counts) and all(len(h) == 13 for h in hands):
        return out
    twice = [card_name(c) for c in range(52) if counts[c] > 1]
    if twice:
        out.append(("duplicate-card", Message("card given more than once: {cards}", cards=" ".join(twice))))
    missing = [card_name(c) for c in range(52) if counts[c] == 0]
    if missing:
        out.append(("missing-card", Message("card in no hand: {cards}", cards=" ".join(missing))))
    for seat, hand in enumerate(hands):
        if len(hand) != 13:
            out.append(("hand-size", Message('{seat} has {n} cards, not 13',
                                             seat=(Seat.N, Seat.E, Seat.S, Seat.W)[seat], n=len(hand))))
    return out


# -- writing -------------------------------------------------------------------

_FAST_SEAT = {"N": 0, "E": 1, "S": 2, "W": 3}
_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}


def hands_of(board: Board) -> Hands | None:
    """The four hands of ``board`` as card numbers (each sorted), or None
    when its deal is missing, partial or impossible."""
    text = board.get("Deal")
    if text is None:
        return None
    hands = _parse_fast(text)
    if hands is None:
        deal = board.deal
        if deal is None or not deal.is_complete:
            return None
        hands = [sorted(NUMBER_OF[(c.suit.name, c.rank.letter)] for c in deal.hands[s].cards)  # type: ignore[union-attr]
                 for s in range(4)]
    return hands


def _parse_fast(text: str) -> Hands | None:
    """The common spelling (``N:AKQ.JT9.8765.432 ...``, upper case, no ``10``)
    parsed without building objects; None for anything else or an
    incomplete deal (the caller then asks the model)."""
    if len(text) < 2 or text[1] != ":":
        return None
    first = _FAST_SEAT.get(text[0])
    parts = text[2:].split()
    if first is None or len(parts) != 4:
        return None
    hands: Hands = [[], [], [], []]
    seen = 0
    for i, part in enumerate(parts):
        suits = part.split(".")
        if len(suits) != 4:
            return None
        cards = hands[(first + i) % 4]
        for s, ranks in enumerate(suits):
            base = 13 * s
            for r in ranks:
                k = _RANK_INDEX.get(r)
                if k is None:
                    return None
                bit = 1 << (base + k)
                if seen & bit:
                    return None
                seen |= bit
                cards.append(base + k)
        if len(cards) != 13:
            return None
    for h in hands:
        h.sort()
    return hands


Encoder = Callable[[int, Hands], bytes]


def write_deals(boards: Iterable[Board], stream: IO[bytes], report: WriteReport, encode: Encoder, *,
                first: int | None = None, header: Callable[[int, int, int], bytes] | None = None,
                max_number: int | None = None, keeps_first: bool = False) -> int:
    """The writing loop of a deal format: ``encode(number, hands)`` gives the
    bytes of one board.  Boards without a complete deal are skipped (in the
    report); what the format cannot hold is counted.  The number written for
    a board is its own (when the format keeps numbers) or its place counted
    from the first board's number (``keeps_first``: the file says that
    number, as DUP's header does; else it reads back from ``--first``).
    ``header(count, first, last)`` is called
    when the format needs the totals before the records: the records are
    then held in memory (a few bytes each).  Returns the count written."""
    carries = report.format.carries
    keeps_numbers = "number" in carries
    records: list[bytes] | None = [] if header is not None else None
    count = 0
    first_written = last_written = None
    position = None  # the number the next board reads back as, in a format without numbers
    renumbered = False
    label = report.format.label
    for board in boards:
        hands = hands_of(board)
        if hands is None:
            report.skip(board, "no-deal", Message("no complete deal: not written to {label}", label=label))
            continue
        own = board.number
        if keeps_numbers:
            number = own if own is not None else (last_written + 1 if last_written is not None else (first or 1))
        else:
            if position is None:
                position = own if own is not None and own >= 1 else (first or 1)
            number = position
            position += 1
            if own != number:
                renumbered = True
        if max_number is not None and not 1 <= number <= max_number:
            report.skip(board, "board-number", Message("board number {number} is out of {label}'s range "
                                                      "1-{high}: not written", number=number, label=label,
                                                      high=max_number))
            continue
        report.account(board)
        if "dealer" not in carries:
            dealer, vul = board.dealer, board.vulnerable
            if ((dealer is not None and dealer.name != standard_dealer(number))
                    or (vul is not None and str(vul) != standard_vul(number))):
                report.lost["dealer"] += 1
        data = encode(number, hands)
        if records is not None:
            records.append(data)
        else:
            stream.write(data)
        if first_written is None:
            first_written = number
        last_written = number
        count += 1
    if count and not keeps_numbers and first_written is not None and (renumbered or (not keeps_first
                                                                                   and first_written != 1)):
        report.renumbered = (first_written, count, not renumbered, keeps_first)
    if records is not None and header is not None:
        stream.write(header(count, first_written or (first or 1), last_written or (first or 1)))
        for data in records:
            stream.write(data)
    report.written = count
    return count


# -- reading --------------------------------------------------------------------

def as_bytes(data: Any, name: str) -> bytes:
    """The whole input as bytes (``data`` bytes, a byte or text stream, or a path)."""
    if isinstance(data, (bytes, bytearray)):
        return bytes(data)
    if isinstance(data, str):
        try:
            with open(data, "rb") as f:
                return f.read()
        except OSError as e:
            raise FileFormatError(Message('cannot open: {v1}', v1=e.strerror or e), name) from None
    read = getattr(data, "read", None)
    if read is None:
        import os
        try:
            with open(os.fspath(data), "rb") as f:
                return f.read()
        except OSError as e:
            raise FileFormatError(Message('cannot open: {v1}', v1=e.strerror or e), name) from None
    out = read()
    return out.encode("latin-1") if isinstance(out, str) else bytes(out)


def fixed_records(data: bytes, size: int, name: str, what: str) -> Iterator[tuple[int, bytes | None]]:
    """The records of a file of ``size``-byte records: ``(index, record)``,
    and ``(index, None)`` for a last record cut short.  An empty file raises."""
    if not data:
        raise FileFormatError(Message('empty file'), name)
    full = len(data) // size
    for i in range(full):
        yield i, data[i * size:(i + 1) * size]
    if len(data) % size:
        yield full, None


def truncated(number: int, index: int, size: int, got: int, name: str, label: str) -> Board:
    return make_board(number, None, name, problems=[(
        "truncated-record", Message("the file ends inside this board's record ({got} of {size} bytes): the board "
                                     "is not read ({label} records are {size} bytes)", got=got, size=size,
                                     label=label))], record=index + 1)
