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
from .reader import _is_header_escape, _deal_is_sound

_NEEDS_ESCAPE = re.compile(r'\\(?=[\\"]|$)|"')


def _escape(value: str) -> str:
    """Escape a tag value: ``"`` as ``\\"``, and a backslash as ``\\\\`` where it
    would otherwise be read as an escape (before ``"``, ``\\`` or the end)."""
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


_CARD_TEXT = {card: str(card) for card in ALL_CARDS}
_CALL_TEXT = {call: str(call) for call in ALL_CALLS}


def _entry_text(token: str, note: int | None, nags: list[int], flag: str | None) -> str:
    parts = []
    if flag is not None and flag != "+":
        parts.append(flag)
    parts.append(token)
    if note is not None:
        parts.append(f"={note}=")
    parts.extend(f"${n}" for n in nags)
    return " ".join(parts)


def _auction_lines(rec: AuctionRecord) -> list[str]:
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
        for _ in range(skipped.count(i)):
            put("^S", [])
        if ap is not None and i >= ap:
            break
        call_text = _CALL_TEXT.get(entry.call) or str(entry.call)
        if entry.note is None and entry.suffix is None and entry.flag is None and not entry.nags:
            put(call_text, entry.comments)  # the common case: a bare call
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
    return lines


def _play_lines(rec: PlayRecord) -> list[str]:
    lines: list[str] = []
    card_text = _CARD_TEXT
    for row in rec.tricks:
        parts: list[str] = []
        for entry in row:
            if entry is None:
                parts.append("-")
                continue
            card = entry.card
            if (card is not None and entry.flag is None and entry.note is None and entry.suffix is None
                    and not entry.nags and not entry.comments):
                parts.append(card_text[card])  # the common case: a bare card
                continue
            token = "+" if entry.flag == "+" else ("-" if card is None else card_text[card])
            parts.append(_entry_text(token, entry.note, export_nags(entry.suffix, entry.nags, True), entry.flag))
            if entry.comments:
                # comments must follow their card: close the line here
                lines.append(" ".join(parts + [_comment_text(c) for c in entry.comments]))
                parts = []
        if parts:
            lines.append(" ".join(parts))
    if rec.incomplete_marker:
        lines.append("*")
    return lines


def _table_lines(table: Table) -> list[str]:
    widths: list[tuple[int, str]] = []
    for col in table.columns:
        m = re.search(r"\\(\d+)([LR]?)", col)
        widths.append((int(m.group(1)), m.group(2)) if m else (0, ""))
    lines = []
    for row in table.rows:
        cells = []
        for i, cell in enumerate(row):
            text = _table_cell(cell)
            w, align = widths[i] if i < len(widths) else (0, "")
            if w > len(text) and i < len(row) - 1 or (w > len(text) and align == "R"):
                text = text.rjust(w) if align == "R" else text.ljust(w)
            cells.append(text)
        lines.append(" ".join(cells).rstrip())
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
    out: list[str] = []
    tags = board.tags
    for esc in board.escapes:
        if not _is_header_escape(esc):
            out.append(export_escape(esc))
    for c in board.comments:
        out.append(_comment_text(c))
    dealer = board.dealer
    tables = board.tables
    auction = board.auction
    play = board.play

    def tag_out(name: str, value: str, comments: list[str]) -> None:
        out.append(_tag_line(name, value))
        out.extend(_comment_text(c) for c in comments)

    for name in MANDATORY_TAGS:
        tag = tags.get(name)
        if tag is None:
            tag_out(name, "?", [])
            continue
        value = tag.value
        if name == "Deal":
            text = value.strip()
            if _CANONICAL_DEAL.fullmatch(text) and (dealer is None or dealer.name == text[0]):
                value = text  # already as written below: skip parsing the deal
                tag_out(name, value, tag.comments)
                if name in tables:
                    out.extend(_table_lines(tables[name]))
                continue
            deal = board.deal
            if deal is not None and (_deal_is_sound(value.strip()) or not Deal.repeats(value)):
                first = dealer if dealer is not None else Seat.parse(value.strip()[0])
                value = deal.str_from(first)
            else:
                value = value.strip()
        elif name == "Result":
            value = board.export_result()
        else:
            value = normalized_tag_value(name, value)
        tag_out(name, value, tag.comments)
        if name in tables:
            out.extend(_table_lines(tables[name]))
    if auction is not None:
        _section_out(out, "Auction", auction.first, auction, tags.get("Auction"), _auction_lines(auction))
    elif "Auction" in tags:
        tag_out("Auction", tags["Auction"].value.strip(), tags["Auction"].comments)
    if play is not None:
        _section_out(out, "Play", play.leader, play, tags.get("Play"), _play_lines(play))
    elif "Play" in tags:
        tag_out("Play", tags["Play"].value.strip(), tags["Play"].comments)
    others = sorted((set(tags) | set(tables)) - set(MANDATORY_TAGS) - {"Auction", "Play"})
    for name in others:
        tag = tags.get(name)
        table = tables.get(name)
        if tag is not None:
            value = tag.value
            comments = tag.comments
        else:
            value = ";".join(table.columns) if table is not None else ""
            comments = []
        tag_out(name, value, comments)
        if table is not None:
            out.extend(_table_lines(table))
    for value in board.notes:
        out.append(_tag_line("Note", value))
    return "\n".join(out)


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
