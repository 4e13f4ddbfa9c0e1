"""The JSON form of boards (``bridgekit convert --to json``, ``show --json``).

One JSON object per board, with the parsed views spelled out for programs
(deal as ``{seat: hand}``, auction calls with their seats and notes, play as
tricks with leader and winner) and every other tag kept as written.  The
standard library's :mod:`json` does the encoding; nothing here raises for a
bad board: what cannot be parsed is ``null`` and the board's problems say why.
"""

from __future__ import annotations

import json as _json
from dataclasses import dataclass
from typing import IO, Any, Iterable

from ..board import Board, CardEntry, PlayRecord
from ..cards import Card, Strain
from ..contract import Contract
from ..play import trick_winner
from ..seats import Seat

#: Tags given their own JSON field (not repeated under ``tags``).
PARSED_TAGS = ("Board", "Dealer", "Vulnerable", "Deal", "Contract", "Declarer", "Result",
               "Score", "Auction", "Play", "Note")


@dataclass(frozen=True)
class RecordedTrick:
    """One trick of a recorded play: ``cards`` by seat, ``order`` as played from
    ``leader`` (None when the order cannot be known), ``winner`` when complete
    and the trump suit is known."""

    number: int
    cards: dict[Seat, CardEntry]
    leader: Seat | None
    order: tuple[Card, ...] | None
    winner: Seat | None


def recorded_tricks(play: PlayRecord, contract: Contract | None) -> list[RecordedTrick]:
    """The tricks of a Play section with leaders and winners worked out from the
    contract's strain (PBN rows are in fixed seat columns, not in played order).
    Without a contract (or after a ``-`` gap) leaders and winners are None."""
    strain: Strain | None = None
    known = contract is not None and not contract.is_passed_out
    if known:
        assert contract is not None
        strain = contract.strain
    out: list[RecordedTrick] = []
    leader: Seat | None = play.leader
    for t, row in enumerate(play.tricks):
        cards: dict[Seat, CardEntry] = {}
        for i in range(4):
            entry = row[i] if i < len(row) else None
            if entry is not None and entry.card is not None:
                cards[play.leader.next(i)] = entry
        order: tuple[Card, ...] | None = None
        winner: Seat | None = None
        this_leader = leader if (known or t == 0) else None
        if this_leader is not None:
            seq: list[Card] = []
            for k in range(4):
                entry = cards.get(this_leader.next(k))
                if entry is None or entry.card is None:
                    break
                seq.append(entry.card)
            if len(seq) == len(cards):
                order = tuple(seq)
                if len(seq) == 4 and known:
                    winner = trick_winner(seq, this_leader, strain)
        out.append(RecordedTrick(t + 1, cards, this_leader, order, winner))
        leader = winner
    return out


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
        "tags": {name: tag.value for name, tag in board.tags.items() if name not in PARSED_TAGS},
    }
    if board.tables:
        out["tables"] = {name: {"columns": list(t.columns), "rows": [list(r) for r in t.rows]}
                         for name, t in board.tables.items()}
    if board.comments:
        out["comments"] = list(board.comments)
    out["problems"] = [p.to_dict() for p in board.problems]
    return out


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
    }


def _play_dict(play: PlayRecord | None, contract: Contract | None) -> dict[str, Any] | None:
    if play is None:
        return None
    tricks = []
    for t in recorded_tricks(play, contract):
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


def write_json(boards: Iterable[Board], stream: IO[str], indent: int | None = 2) -> int:
    """Write a JSON array of boards to ``stream`` one board at a time (large
    files are never held in memory).  Returns the number of boards written."""
    n = 0
    stream.write("[")
    for board in boards:
        text = _json.dumps(board_to_dict(board), indent=indent, ensure_ascii=False)
        if indent is not None:
            text = "\n".join(" " * indent + line for line in text.splitlines())
        stream.write(("," if n else "") + ("\n" if indent is not None else "") + text)
        n += 1
    stream.write("\n]\n" if indent is not None and n else "]\n")
    return n
