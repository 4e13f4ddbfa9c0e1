"""Writing BBO's LIN, and BBO handviewer links.

One board a line, in the order BBO's own hand records use: ``qx|o1|`` (room
``o`` open or ``c`` closed, and the board number), ``pn|`` (South, West,
North, East), ``md|`` (the dealer's digit, 1 South 2 West 3 North 4 East,
then the four hands South, West, North, East as ``S..H..D..C..``), ``sv|``
(``o`` none, ``n``, ``e``, ``b`` both), ``ah|Board N|``, the calls ``mb|``
(``p`` pass, ``d`` double, ``r`` redouble; ``!`` alerted, followed by
``an|`` and the note or alert text), ``pg||``, the cards ``pc|`` in the
order played, and ``mc|`` with declarer's tricks when the play stops early
(a claim).  Event, site, date, comments and other tags have no place in a
LIN line and are reported as lost.

The handviewer link of a board is its LIN line, percent-encoded, after
``https://www.bridgebase.com/tools/handviewer.html?lin=``.
"""

from __future__ import annotations

from typing import IO, Iterable
from urllib.parse import quote

from ..board import Board
from ..calls import Call, CallKind
from ..cards import Strain, Suit
from ..seats import Seat, Vul
from .dealfile import RANK_OF, hands_of
from .registry import WriteReport

HANDVIEWER = "https://www.bridgebase.com/tools/handviewer.html?lin="
#: The LIN reader's note for an alert given without text (written back as a bare ``!``).
NO_ALERT_TEXT = "alerted"

_DIGIT = {Seat.S: "1", Seat.W: "2", Seat.N: "3", Seat.E: "4"}
_ORDER = (Seat.S, Seat.W, Seat.N, Seat.E)
_VUL = {Vul.NONE: "o", Vul.NS: "n", Vul.EW: "e", Vul.ALL: "b"}
_CALL = {CallKind.PASS: "p", CallKind.DOUBLE: "d", CallKind.REDOUBLE: "r"}


def _field(text: str) -> str:
    """A value as LIN can hold it: ``|`` ends a value, so it becomes ``/``; line breaks become spaces."""
    return " ".join(text.replace("|", "/").split())


def _lin_hand(cards: list[int]) -> str:
    """``SAKQHJT9D8765C432`` from card numbers (0 the ace of spades ... 51 the two of clubs)."""
    suits = ["S", "H", "D", "C"]
    for c in sorted(cards):
        suits[c // 13] += RANK_OF[c]
    return "".join(suits)


def lin_call(call: Call) -> str:
    if call.kind is CallKind.BID:
        return f"{call.level}{'N' if call.strain is Strain.NT else call.strain.name}"  # type: ignore[union-attr]
    return _CALL[call.kind]


def board_line(board: Board, names_before: bool = False) -> str:
    """The LIN line of one board (without the line end).  ``names_before``:
    an earlier line gave player names (a board without names then says so,
    or it would inherit them)."""
    parts: list[str] = []
    number = board.number
    label = board.label
    room = "c" if (board.get("Room") or "").lower() == "closed" else "o"
    if number is not None:
        parts.append(f"qx|{room}{number}|")
    names = [board.get(seat.full_name) or "" for seat in _ORDER]
    if any(names) or names_before:
        parts.append("pn|" + ",".join(_field(n) for n in names) + "|")
    dealer = board.dealer
    md = _DIGIT[dealer] if dealer is not None else ""
    whole = hands_of(board)  # a complete deal, read without building objects
    if whole is not None:
        md += ",".join(_lin_hand(whole[seat]) for seat in _ORDER)
    else:
        deal = board.deal
        if deal is not None:
            hands = []
            for seat in _ORDER:
                hand = deal[seat]
                hands.append("" if hand is None else "".join(
                    s + "".join(r.letter for r in hand.ranks(Suit[s])) for s in "SHDC"))
            md += ",".join(hands)
    if md:
        parts.append(f"md|{md}|")
    vul = board.vulnerable
    if vul is not None:
        parts.append(f"sv|{_VUL[vul]}|")
    if label is not None:
        parts.append(f"ah|Board {_field(label)}|")
    rec = board.auction
    if rec is not None and rec.calls:
        for entry in rec.calls:
            text = None
            if entry.note is not None and entry.note in rec.notes:
                text = rec.notes[entry.note]
            elif entry.alert is not None:
                text = entry.alert
            if text is None:
                parts.append(f"mb|{lin_call(entry.call)}|")
            else:
                parts.append(f"mb|{lin_call(entry.call)}!|")
                if text.strip() and text != NO_ALERT_TEXT:
                    parts.append(f"an|{_field(text)}|")
        parts.append("pg||")
    play = board.play
    played = 0
    if play is not None and play.tricks:
        contract = board.contract
        strain = contract.strain if contract is not None and not contract.is_passed_out else None
        for i, (_seat, card, _entry) in enumerate(play.played_order(strain)):
            parts.append(f"pc|{card.suit.name}{card.rank.letter}|")
            played += 1
            if i % 4 == 3:
                parts.append("pg||")
    tricks = board.result
    if tricks is not None and played < 52 and board.contract is not None and not board.contract.is_passed_out:
        parts.append(f"mc|{tricks}|")
    return "".join(parts)


def _account(board: Board, report: WriteReport) -> None:
    report.account(board)


def write_lin(boards: Iterable[Board], stream: IO[str], report: WriteReport) -> int:
    count = 0
    names = False
    for board in boards:
        _account(board, report)
        line = board_line(board, names)
        names = names or line.startswith("pn|") or "|pn|" in line
        stream.write(line + "\n")
        count += 1
    report.written = count
    return count


def write_url(boards: Iterable[Board], stream: IO[str], report: WriteReport) -> int:
    count = 0
    for board in boards:
        _account(board, report)
        stream.write(HANDVIEWER + quote(board_line(board), safe="|,!") + "\n")
        count += 1
    report.written = count
    return count
