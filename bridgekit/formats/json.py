"""The JSON form of boards (``bridgekit convert --to json``, ``show --json``).

One JSON object per board, with the parsed views spelled out for programs
(deal as ``{seat: hand}``, auction calls with their seats and notes, play as
tricks with leader and winner) and every other tag kept as written.  The
standard library's :mod:`json` does the encoding; nothing here raises for a
bad board: what cannot be parsed is ``null`` and the board's problems say why.
"""

from __future__ import annotations

import json as _json
import re
from typing import IO, Any, Iterable, Iterator

import os
from ..board import AuctionRecord, Board, CallEntry, CardEntry, PlayRecord, ProblemLog, Table, Tag
from ..errors import message_of
from ..calls import Call
from ..cards import Card
from ..contract import Contract
from ..deal import Deal, Hand
from ..errors import BridgekitError, FileFormatError
from ..seats import Seat
from ..notation import Message

#: Tags given their own JSON field (not repeated under ``tags``).
PARSED_TAGS = ("Board", "Dealer", "Vulnerable", "Deal", "Contract", "Declarer", "Result",
               "Score", "Auction", "Play", "Note")


def board_to_dict(board: Board) -> dict[str, Any]:
    """The JSON-ready form of one board (only str, int, bool, None, lists and dicts)."""
    deal = board.deal
    dealer = board.dealer
    vul = board.vulnerable
    contract = board.contract
    declarer = board.declarer
    out: dict[str, Any] = {
        "file": board.file,
        "line": board.line,
        "board": board.label,
        "number": board.number,
        "dealer": dealer.name if dealer is not None else None,
        "vulnerable": str(vul) if vul is not None else None,
        "deal": ({s.name: (str(deal[s]) if deal[s] is not None else None) for s in Seat}
                 if deal is not None else None),
        "auction": _auction_dict(board),
        "contract": str(contract) if contract is not None else None,
        "declarer": declarer.name if declarer is not None else None,
        "result": board.result,
        "score": board.get("Score"),
        "play": _play_dict(board.play, contract),
        "tags": {name: tag.value for name, tag in board.tags.items()
                 if name not in PARSED_TAGS or _unparsed(board, name)},
    }
    if board.tables:
        out["tables"] = {name: {"columns": list(t.columns), "rows": [list(r) for r in t.rows]}
                         for name, t in board.tables.items()}
    if board.comments:
        out["comments"] = list(board.comments)
    if board.escapes:  # '%' lines of the game (PS Bridge's %%!R results, BridgeComposer's settings)
        out["escapes"] = list(board.escapes)
        places = board.escape_places_padded()
        if any(place != ("", 0) for place in places):  # where they stood: [tag, entries before]
            out["escape_places"] = [[name, index] for name, index in places]
    out["problems"] = [p.to_dict() for p in board.problems]
    return out


_VIEWS = {"Board": "label", "Dealer": "dealer", "Vulnerable": "vulnerable", "Deal": "deal",
          "Contract": "contract", "Declarer": "declarer", "Result": "result"}


def _unparsed(board: Board, name: str) -> bool:
    """A parsed tag kept as written under ``tags`` too, so that nothing in the
    file is lost: an empty value (``""`` is not ``?``), a value bridgekit
    cannot read, a Score or section tag whose field is null."""
    value = board.tags[name].value.strip()
    if value == "":
        return True
    view = _VIEWS.get(name)
    if view is not None:
        return value != "?" and getattr(board, view) is None
    if name == "Score":
        return value == "?"
    if name in ("Auction", "Play"):
        return getattr(board, name.lower()) is None
    return False


def _auction_dict(board: Board) -> dict[str, Any] | None:
    rec = board.auction
    if rec is None:
        return None
    calls = []
    for i, entry in enumerate(rec.calls):
        item: dict[str, Any] = {"seat": rec.first.next(i).name, "call": str(entry.call)}
        if entry.note is not None:
            item["note"] = entry.note
        if entry.suffix:
            item["suffix"] = entry.suffix
        if entry.comments:
            item["comments"] = list(entry.comments)
        calls.append(item)
    return {
        "first": rec.first.name,
        "calls": calls,
        "notes": {str(k): v for k, v in sorted(rec.notes.items())},
        "all_pass": rec.complete_marker,
        "incomplete": rec.incomplete_marker,
        **({"unread": list(rec.unread)} if rec.unread else {}),
    }


def _play_dict(play: PlayRecord | None, contract: Contract | None) -> dict[str, Any] | None:
    if play is None:
        return None
    tricks = []
    for t in play.recorded_tricks(contract):
        item: dict[str, Any] = {
            "number": t.number,
            "leader": t.leader.name if t.leader is not None else None,
            "cards": {s.name: str(e.card) for s, e in sorted(t.cards.items())},
            "order": [str(c) for c in t.order] if t.order is not None else None,
            "winner": t.winner.name if t.winner is not None else None,
        }
        tricks.append(item)
    return {"opening_leader": play.leader.name, "tricks": tricks, "incomplete": play.incomplete_marker,
            "notes": {str(k): v for k, v in sorted(play.notes.items())}}


def boards_to_json(boards: Iterable[Board], indent: int | None = 2) -> str:
    """A JSON array of :func:`board_to_dict` objects."""
    return _json.dumps([board_to_dict(b) for b in boards], indent=indent, ensure_ascii=False)


_C1_DEL = re.compile("[\x7f-\x9f]")


def write_json(boards: Iterable[Board], stream: IO[str], indent: int | None = 2) -> int:
    """Write a JSON array of boards to ``stream`` one board at a time (large
    files are never held in memory).  Returns the number of boards written."""
    n = 0
    stream.write("[")
    for board in boards:
        # DEL and the C1 controls escaped too (json.dumps leaves them raw): a
        # terminal obeys a raw C1 control, as it would an ESC
        text = _C1_DEL.sub(lambda m: f"\\u{ord(m[0]):04x}",
                           _json.dumps(board_to_dict(board), indent=indent, ensure_ascii=False))
        if indent is not None:
            text = "\n".join(" " * indent + line for line in text.split("\n"))  # (not splitlines: U+2028 is text)
        stream.write(("," if n else "") + ("\n" if indent is not None else "") + text)
        n += 1
    stream.write("\n]\n" if indent is not None and n else "]\n")
    return n


# -- reading JSON back ---------------------------------------------------------------

def read_json(source: "str | bytes | os.PathLike[str] | IO[str] | IO[bytes]",
              name: str | None = None) -> Iterator[Board]:
    """Read boards written by :func:`write_json` (a JSON array of board objects,
    or one object).  ``source`` is JSON text, bytes, a path or an open file.

    Raises FileFormatError (with the line) when the input is not JSON or not a
    list of objects; a board whose fields cannot be read gets problems
    (``bad-json-field``) and reading goes on.
    """
    if isinstance(source, os.PathLike):
        path = os.fspath(source)
        name = name if name is not None else path
        try:
            with open(path, "rb") as f:
                data: str | bytes = f.read()
        except OSError as e:
            raise FileFormatError(Message('cannot read file: {v1}', v1=e.strerror or e), name) from None
    elif isinstance(source, (str, bytes, bytearray)):
        data = bytes(source) if isinstance(source, bytearray) else source
    else:
        data = source.read()
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise FileFormatError(Message('not a UTF-8 JSON file'), name) from None
    if not data.strip():
        raise FileFormatError(Message('empty file'), name)
    try:
        value = _json.loads(data)
    except ValueError as e:
        line = getattr(e, "lineno", None)
        raise FileFormatError(Message('not valid JSON: {v1}', v1=getattr(e, 'msg', e)), name, line) from None
    items = value if isinstance(value, list) else [value]
    if not all(isinstance(item, dict) for item in items):
        raise FileFormatError(Message('expected a JSON array of board objects'), name)
    for item in items:
        yield board_from_dict(item, name)


def board_from_dict(d: dict[str, Any], file: str | None = None) -> Board:
    """The Board a :func:`board_to_dict` object describes (the inverse, up to the
    spelling of values: ``Deal`` starts at the dealer, ``Result`` is declarer's
    tricks).  Fields that cannot be read become problems on the board."""
    board = Board(file=file)
    problems: list[tuple[str, str]] = []

    def text(key: str) -> str | None:
        v = d.get(key)
        if v is None:
            return None
        if isinstance(v, (str, int)) and not isinstance(v, bool):
            return str(v)
        problems.append((key, f"{v!r} is not a string"))
        return None

    def put(name: str, value: str | None) -> None:
        if value is not None:
            board.tags[name] = Tag(name, value)

    put("Board", text("board"))
    dealer_text = text("dealer")
    put("Dealer", dealer_text)
    put("Vulnerable", text("vulnerable"))
    deal = d.get("deal")
    if isinstance(deal, dict):
        try:
            hands = []
            for seat in Seat:
                h = deal.get(seat.name)
                hands.append(Hand.parse(h) if isinstance(h, str) else None)
            first = Seat.parse(dealer_text) if dealer_text else Seat.N
            put("Deal", Deal(hands).str_from(first))
        except BridgekitError as e:
            problems.append(("deal", message_of(e)))
    elif deal is not None:
        problems.append(("deal", Message('expected an object {{seat: hand}}')))
    put("Declarer", text("declarer"))
    put("Contract", text("contract"))
    put("Result", text("result"))
    put("Score", text("score"))
    tags = d.get("tags") or {}
    if isinstance(tags, dict):
        for k, v in tags.items():
            if isinstance(v, str):
                board.tags[str(k)] = Tag(str(k), v)
    try:
        board.auction = _auction_from(d.get("auction"))
    except (BridgekitError, AttributeError, TypeError, ValueError, KeyError) as e:
        problems.append(("auction", message_of(e)))
    try:
        board.play = _play_from(d.get("play"))
    except (BridgekitError, AttributeError, TypeError, ValueError, KeyError) as e:
        problems.append(("play", message_of(e)))
    tables = d.get("tables") or {}
    if isinstance(tables, dict):
        for tname, t in tables.items():
            if isinstance(t, dict) and isinstance(t.get("columns"), list) and isinstance(t.get("rows"), list):
                board.tables[str(tname)] = Table([str(c) for c in t["columns"]],
                                                 [[str(c) for c in row] for row in t["rows"] if isinstance(row, list)])
    comments = d.get("comments")
    if isinstance(comments, list):
        board.comments = [str(c) for c in comments]
    escapes = d.get("escapes")
    if isinstance(escapes, list):
        places = d.get("escape_places")
        if not isinstance(places, list) or len(places) != len(escapes):
            places = [["", 0]] * len(escapes)
        for text, place in zip(escapes, places):
            if isinstance(text, str) and text.startswith("%"):
                board.escapes.append(text)
                board.escape_places.append(_escape_place(place))
    log = ProblemLog(board, board.problems)
    for field, message in problems:
        log.add("bad-json-field", Message('{field}: {message}', field=field, message=message))
    log.close()
    return board


def _escape_place(place: Any) -> tuple[str, int]:
    """``[tag, index]`` from JSON (the top of the game when unreadable)."""
    if (isinstance(place, list) and len(place) == 2 and isinstance(place[0], str)
            and isinstance(place[1], int) and not isinstance(place[1], bool) and place[1] >= 0):
        return place[0], place[1]
    return "", 0


def _auction_from(a: Any) -> AuctionRecord | None:
    if a is None:
        return None
    rec = AuctionRecord(first=Seat.parse(a["first"]))
    for c in a.get("calls", []):
        note, suffix = c.get("note"), c.get("suffix")
        entry = CallEntry(Call.parse(c["call"]), note=note if isinstance(note, int) and not isinstance(note, bool)
                          else None, suffix=suffix if isinstance(suffix, str) else None)
        entry.comments = [str(x) for x in c.get("comments", [])]
        rec.calls.append(entry)
    rec.notes = {int(k): str(v) for k, v in (a.get("notes") or {}).items()}
    rec.complete_marker = bool(a.get("all_pass"))
    rec.incomplete_marker = bool(a.get("incomplete"))
    rec.unread = [str(x) for x in a.get("unread") or []]
    return rec


def _play_from(p: Any) -> PlayRecord | None:
    if p is None:
        return None
    leader = Seat.parse(p["opening_leader"])
    rec = PlayRecord(leader=leader)
    for t in p.get("tricks", []):
        cards = t.get("cards") or {}
        row: list[CardEntry | None] = [None] * 4
        for seat_name, card in cards.items():
            seat = Seat.parse(seat_name)
            row[(seat - leader) % 4] = CardEntry(Card.parse(card))
        rec.tricks.append(row)
    rec.incomplete_marker = bool(p.get("incomplete"))
    rec.notes = {int(k): str(v) for k, v in (p.get("notes") or {}).items()}
    return rec
