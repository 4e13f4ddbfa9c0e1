"""Reading what a file records about the score: the ``Score`` tag in PBN's
five forms, ``ScoreIMP``, and the room a record was played in."""

from __future__ import annotations

import re

from ..board import Board
from ..seats import Seat, Side

_SCORE_PART = re.compile(r"^(?:(NS|EW)\s*)?([+-]?[0-9]{1,6})$", re.IGNORECASE)  # no 5,000-digit int()


def parse_score_tag(value: str, declarer: Seat | None) -> int | None:
    """A ``Score`` tag value as a net score for N/S, or None when it cannot be
    read.  PBN's five forms: ``"420"`` (declarer's score), ``"NS 420"``,
    ``"EW -420"``, ``"NS 420 EW -420"`` and ``"EW -420 NS 420"``.  A two-sided
    value gives N/S's figure when the two are opposite, else N/S minus E/W (the
    Auction Bridge case where both sides score)."""
    text = value.strip()
    if not text:
        return None
    tokens = text.replace(":", " ").split()
    parts: list[tuple[str | None, int]] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.upper() in ("NS", "EW") and i + 1 < len(tokens):
            tok = tok + " " + tokens[i + 1]
            i += 1
        m = _SCORE_PART.match(tok.replace(" ", "") if tok[:2].upper() in ("NS", "EW") else tok)
        if m is None:
            return None
        parts.append((m.group(1).upper() if m.group(1) else None, int(m.group(2))))
        i += 1
    if len(parts) == 1:
        side, points = parts[0]
        if side == "NS":
            return points
        if side == "EW":
            return -points
        if points == 0:
            return 0
        if declarer is None:
            return None
        return points if declarer.side is Side.NS else -points
    if len(parts) == 2 and {p[0] for p in parts} == {"NS", "EW"}:
        values = dict(parts)
        ns, ew = values["NS"], values["EW"]
        return ns if ns == -ew else ns - ew
    return None


def parse_imp_tag(value: str) -> float | None:
    """A ``ScoreIMP`` value (``NS 4``, ``EW -2.5``, ``NS 4 EW -4``, ``4``) as
    IMPs for N/S; None when unreadable or given only for the declarer."""
    tokens = value.replace(",", ".").split()
    try:
        if len(tokens) >= 2 and tokens[0].upper() in ("NS", "EW"):
            n = float(tokens[1])
            return n if tokens[0].upper() == "NS" else -n
    except ValueError:
        return None
    return None


def room_of(board: Board) -> str | None:
    """``Open``/``Closed`` from the ``Room`` tag, else from ``Table`` 1/2 (the
    table number itself for other tables), else None."""
    room = board.get("Room")
    if room is not None:
        key = room.strip().lower()
        if key in ("open", "o"):
            return "Open"
        if key in ("closed", "c"):
            return "Closed"
        return room
    table = board.get("Table")
    if table is not None:
        return {"1": "Open", "2": "Closed"}.get(table.strip(), f"Table {table.strip()}")
    return None
