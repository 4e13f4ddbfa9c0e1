"""The PBN writer: games in PBN 2.1 export format (tags in the standard's
order, sections normalized, comments kept where they were read)."""

from __future__ import annotations

import io
import re
from typing import IO, Iterable

from ...board import (MANDATORY_TAGS, AuctionRecord, Board, PlayRecord, Table, Tag, export_escape,
                      export_nags, normalized_tag_value)
from ...calls import ALL_CALLS, PASS
from ...cards import ALL_CARDS
from ...deal import Deal
from ...seats import Seat
from .sections import deal_is_sound

_NEEDS_ESCAPE = re.compile(r'\\(?=[\\"]|$)|"')
_NOT_PLAIN = re.compile(r'[\r\n\t"\\]')


def _escape(value: str) -> str:
    """Escape a tag value: ``"`` as ``\\"``, and a backslash as ``\\\\`` where it
    would otherwise be read as an escape (before ``"``, ``\\`` or the end)."""
    if _NOT_PLAIN.search(value) is None:
        return value  # the common case
    value = value.replace("\r\n", " ").replace("\n", " ").replace("\r", " ").replace("\t", " ")
    if '"' not in value and "\\" not in value:
        return value
    return _NEEDS_ESCAPE.sub(lambda m: "\\" + m.group(0), value)


def _comment_text(text: str) -> str:
    """A comment as written: ``{text}``, or ``;text`` when it holds a ``}``
    (tabs become spaces: the export format has none)."""
    text = text.replace("\t", " ")
    if "}" in text:
        if "\n" not in text:
            return ";" + text
        return "{" + text.replace("}", ")") + "}"
    return "{" + text + "}"


def _tag_line(name: str, value: str | None) -> str:
    """``[Name "value"]``; a missing value (None) is written ``?`` (unknown)."""
    return f'[{name} "{_escape("?" if value is None else str(value))}"]'


# The spellings of cards and calls by identity: the model's cards and calls are
# the objects of ALL_CARDS / ALL_CALLS (looked up without running their
# dataclass __hash__; any other object falls back to str()).
_CARD_TEXT = {id(card): str(card) for card in ALL_CARDS}
_CALL_TEXT = {id(call): str(call) for call in ALL_CALLS}


def _entry_text(token: str, note: int | None, nags: list[int], flag: str | None) -> str:
    parts = []
    if flag is not None and flag != "+":
        parts.append(flag)
    parts.append(token)
    if note is not None:
        parts.append(f"={note}=")
    parts.extend(f"${n}" for n in nags)
    return " ".join(parts)


_Escapes = list[tuple[int, str]]  # '%' lines of a section: (entries before it, text), in order


def _escapes_out(lines: list[str], escapes: _Escapes, before: int) -> None:
    """Move the ``%`` lines placed before entry ``before`` to ``lines``."""
    while escapes and escapes[0][0] <= before:
        lines.append(escapes.pop(0)[1])


def _auction_lines(rec: AuctionRecord, escapes: _Escapes) -> list[str]:
    lines: list[str] = []
    current: list[str] = []
    skipped = list(rec.skipped)
    count = 0  # positions used on this line

    def put(text: str, comments: list[str]) -> None:
        nonlocal current, count
        current.append(text)
        count += 1
        if comments:
            lines.append(" ".join(current + [_comment_text(c) for c in comments]))
            current, count = [], 0
        elif count == 4:
            lines.append(" ".join(current))
            current, count = [], 0

    calls = rec.calls
    ap = rec.ap_index if rec.ap_index is not None and rec.ap_index <= len(calls) else None
    # AP can only stand for trailing passes without annotations
    if ap is not None and any(e.call is not PASS or e.note is not None or e.nags or e.suffix or e.comments
                              or e.flag for e in calls[ap:]):
        ap = None
    for i, entry in enumerate(calls):
        if escapes and escapes[0][0] <= i:
            if current:
                lines.append(" ".join(current))
                current, count = [], 0
            _escapes_out(lines, escapes, i)
        for _ in range(skipped.count(i)):
            put("^S", [])
        if ap is not None and i >= ap:
            break
        call_text = _CALL_TEXT.get(id(entry.call)) or str(entry.call)
        if entry.is_bare():
            put(call_text, [])  # the common case: a bare call
        else:
            put(_entry_text(call_text, entry.note, export_nags(entry.suffix, entry.nags, False), entry.flag),
                entry.comments)
    for _ in range(skipped.count(len(calls))):
        put("^S", [])
    if rec.unread:  # text that is no call (prose), written back as it was read
        if current:
            lines.append(" ".join(current))
            current, count = [], 0
        lines.extend(rec.unread)
    if ap is not None:
        put("AP", [])
    if rec.incomplete_marker:
        put("*", [])
    elif rec.continue_marker:
        put("+", [])
    if current:
        lines.append(" ".join(current))
    lines.extend(text for _, text in escapes)
    return lines


def _play_lines(rec: PlayRecord, escapes: _Escapes) -> list[str]:
    lines: list[str] = []
    card_text = _CARD_TEXT.get
    count = 0  # entries written
    for row in rec.tricks:
        parts: list[str] = []
        for entry in row:
            if escapes and escapes[0][0] <= count:
                if parts:
                    lines.append(" ".join(parts))
                    parts = []
                _escapes_out(lines, escapes, count)
            count += 1
            # entry.is_bare() inline (a million calls in a big file): the lists are read without making them
            if (entry is not None and entry.flag is None and entry.note is None and entry.suffix is None
                    and not entry._nags and not entry._comments and (text := card_text(id(entry.card))) is not None):
                parts.append(text)  # the common case: a bare card
            elif entry is None:
                parts.append("-")
            else:
                card = entry.card
                token = "+" if entry.flag == "+" else ("-" if card is None else str(card))
                parts.append(_entry_text(token, entry.note, export_nags(entry.suffix, entry.nags, True), entry.flag))
                if entry.comments:
                    # comments must follow their card: close the line here
                    lines.append(" ".join(parts + [_comment_text(c) for c in entry.comments]))
                    parts = []
        if parts:
            lines.append(" ".join(parts))
    if rec.incomplete_marker:
        lines.append("*")
    lines.extend(text for _, text in escapes)
    return lines


def _table_lines(table: Table, escapes: _Escapes) -> list[str]:
    widths: list[tuple[int, str]] = []
    for col in table.columns:
        m = re.search(r"\\(\d+)([LR]?)", col)
        widths.append((int(m.group(1)), m.group(2)) if m else (0, ""))
    lines: list[str] = []
    for index, row in enumerate(table.rows):
        if escapes:
            _escapes_out(lines, escapes, index)
        cells = []
        for i, cell in enumerate(row):
            text = _table_cell(cell)
            w, align = widths[i] if i < len(widths) else (0, "")
            if w > len(text) and i < len(row) - 1 or (w > len(text) and align == "R"):
                text = text.rjust(w) if align == "R" else text.ljust(w)
            cells.append(text)
        lines.append(" ".join(cells).rstrip())
    lines.extend(text for _, text in escapes)
    return lines


_PLAIN_CELL = re.compile(r'^[^\s\[\]{};"%\\]+$')


def _table_cell(cell: str) -> str:
    if _PLAIN_CELL.match(cell) and cell[0] not in "$=!?^*+":
        return cell
    return '"' + cell.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


_CANONICAL_HAND = "(?:-|(?!\\.\\.\\.(?: |$))A?K?Q?J?T?9?8?7?6?5?4?3?2?" + r"\.A?K?Q?J?T?9?8?7?6?5?4?3?2?" * 3 + ")"
# a Deal value exactly as ``Deal.str_from`` writes it (ranks descending, one space;
# an empty hand ``...`` is read as unknown, so it is not canonical)
_CANONICAL_DEAL = re.compile("[NESW]:" + _CANONICAL_HAND + (" " + _CANONICAL_HAND) * 3)


def _section_out(out: list[str], name: str, seat: Seat, rec: AuctionRecord | PlayRecord, tag: Tag | None,
                 lines: Iterable[str]) -> None:
    """An Auction or Play section: its tag, the comments of the record and of
    the tag, its lines, then its notes."""
    out.append(_tag_line(name, seat.name))
    out.extend(_comment_text(c) for c in rec.comments)
    if tag is not None:
        out.extend(_comment_text(c) for c in tag.comments)
    out.extend(lines)
    for n, text in sorted(rec.notes.items()):
        out.append(_tag_line("Note", f"{n}:{text}"))


def format_board(board: Board) -> str:
    """One game in PBN export format (lines joined with ``\\n``, no final line
    end).  Never raises for any board the reader produces."""
    tags = board.tags
    tables = board.tables
    auction = board.auction
    play = board.play
    escapes = _escapes_by_tag(board) if board.escapes else {}
    out = [text for _, text in escapes.pop("", [])]
    out.extend(_comment_text(c) for c in board.comments)

    def tag_out(name: str, value: str, comments: list[str]) -> None:
        out.append(_tag_line(name, value))
        if comments:
            out.extend(_comment_text(c) for c in comments)
        placed = escapes.get(name, []) if escapes else []
        if tables and name in tables:
            out.extend(_table_lines(tables[name], placed))
        elif placed:
            out.extend(text for _, text in placed)

    for name in MANDATORY_TAGS:
        tag = tags.get(name)
        if tag is None:
            tag_out(name, "?", [])
        else:
            tag_out(name, _mandatory_value(board, tag), tag.comments)
    if auction is not None:
        _section_out(out, "Auction", auction.first, auction, tags.get("Auction"),
                     _auction_lines(auction, escapes.get("Auction", [])))
    elif "Auction" in tags:
        tag_out("Auction", tags["Auction"].value.strip(), tags["Auction"].comments)
    if play is not None:
        _section_out(out, "Play", play.leader, play, tags.get("Play"), _play_lines(play, escapes.get("Play", [])))
    elif "Play" in tags:
        tag_out("Play", tags["Play"].value.strip(), tags["Play"].comments)
    for name in sorted((set(tags) | set(tables)) - _SECTION_ORDER):
        tag = tags.get(name)
        if tag is not None:
            tag_out(name, tag.value, tag.comments)
        else:
            tag_out(name, ";".join(tables[name].columns), [])
    for value in board.notes:
        out.append(_tag_line("Note", value))
    return "\n".join(out)


#: Tags written in their own place (the others follow, sorted by name).
_SECTION_ORDER = frozenset(MANDATORY_TAGS) | {"Auction", "Play"}


def _mandatory_value(board: Board, tag: Tag) -> str:
    """The value of one of the mandatory tags as the export format writes it."""
    name = tag.name
    if name == "Deal":
        text = tag.value.strip()
        dealer = board.dealer
        if _CANONICAL_DEAL.fullmatch(text) and (dealer is None or dealer.name == text[0]):
            return text  # already as written below: skip parsing the deal
        deal = board.deal
        if deal is not None and (deal_is_sound(text) or not Deal.repeats(tag.value)):
            return deal.str_from(dealer if dealer is not None else Seat.parse(text[0]))
        return text
    if name == "Result":
        return board.export_result()
    key = (name, tag.value)
    value = _NORMALIZED.get(key)
    if value is None:
        if len(_NORMALIZED) >= 4096:
            _NORMALIZED.clear()
        value = _NORMALIZED[key] = normalized_tag_value(name, tag.value)
    return value


#: Tag values as normalized_tag_value writes them, by (name, value) read.
_NORMALIZED: dict[tuple[str, str], str] = {}


def _escapes_by_tag(board: Board) -> dict[str, _Escapes]:
    """The game's ``%`` lines by the tag they follow (``""``: the top of the
    game, also for a tag the board no longer has), each list in order."""
    written = set(board.tags) | set(board.tables)
    if board.auction is not None:
        written.add("Auction")
    if board.play is not None:
        written.add("Play")
    out: dict[str, _Escapes] = {}
    for text, (name, index) in zip(board.escapes, board.escape_places_padded()):
        out.setdefault(name if name in written else "", []).append((index, export_escape(text)))
    for placed in out.values():
        placed.sort(key=lambda item: item[0])
    return out


def format_pbn(boards: Iterable[Board]) -> str:
    """A whole PBN export file as text (``\\n`` line ends)."""
    buf = io.StringIO()
    write_pbn(boards, buf, newline="\n")
    return buf.getvalue()


def write_pbn(boards: Iterable[Board], stream: IO[str], newline: str = "\r\n") -> int:
    """Write ``boards`` to a text ``stream`` in PBN export format (CRLF line
    ends as the standard asks, or ``newline``).  Returns the number of games."""
    stream.write(f"% PBN 2.1{newline}% EXPORT{newline}")
    count = 0
    for board in boards:
        text = format_board(board)
        if count:
            stream.write(newline)
        if newline != "\n":
            text = text.replace("\n", newline)
        stream.write(text + newline)
        count += 1
    return count
