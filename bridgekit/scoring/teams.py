"""Team matches in IMPs (with victory points), over boards already scored
(``scoring.boards``).  Pair events in matchpoints are ``bridgekit.event``'s."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from ..rules.imps import imps
from ..rules.vp import TeamStanding, victory_points, vp_standings
from .boards import BoardScore
from .tags import parse_imp_tag, room_of


@dataclass
class MatchBoard:
    """One board of a team match: N/S score at each table and the IMPs for the
    team sitting N/S in the open room (team A)."""

    number: int | str
    open: BoardScore
    closed: BoardScore
    running: int = 0

    @property
    def open_ns(self) -> int | None:
        return self.open.ns

    @property
    def closed_ns(self) -> int | None:
        return self.closed.ns

    @property
    def diff(self) -> int | None:
        if self.open_ns is None or self.closed_ns is None:
            return None
        return self.open_ns - self.closed_ns

    @property
    def imps(self) -> int | None:
        return imps(self.diff) if self.diff is not None else None

    @property
    def recorded_imps(self) -> float | None:
        """The open room's ``ScoreIMP`` tag (for N/S there), when readable."""
        value = self.open.board.get("ScoreIMP")
        if value is None:
            return None
        return parse_imp_tag(value)

    @property
    def mismatch(self) -> bool | None:
        """Whether the recorded ScoreIMP disagrees with the IMPs; None when
        there is nothing to compare."""
        if self.recorded_imps is None or self.imps is None:
            return None
        return self.recorded_imps != self.imps

    def to_dict(self) -> dict[str, object]:
        return {"board": self.number, "open_contract": self.open.contract_text,
                "open_declarer": _decl(self.open), "open_tricks": _tricks(self.open),
                "open_ns": self.open_ns, "closed_contract": self.closed.contract_text,
                "closed_declarer": _decl(self.closed), "closed_tricks": _tricks(self.closed),
                "closed_ns": self.closed_ns, "diff": self.diff, "imps": self.imps, "running": self.running,
                "recorded_imps": self.recorded_imps, "mismatch": self.mismatch}


def _decl(s: BoardScore) -> str | None:
    return s.result.declarer.name if s.result is not None and s.result.declarer is not None else None


def _tricks(s: BoardScore) -> int | None:
    return s.result.tricks if s.result is not None else None


@dataclass
class Match:
    boards: list[MatchBoard]
    team_a: str
    team_b: str
    unpaired: list[str] = field(default_factory=list)

    @property
    def total_imps(self) -> int:
        return sum(b.imps or 0 for b in self.boards)

    @property
    def imps_a(self) -> int:
        return sum(b.imps for b in self.boards if b.imps is not None and b.imps > 0)

    @property
    def imps_b(self) -> int:
        return -sum(b.imps for b in self.boards if b.imps is not None and b.imps < 0)

    @property
    def winner(self) -> str | None:
        """Team A's or team B's name, or ``draw``; None when no match was
        formed (no board played at both tables): nothing was won or drawn."""
        if not self.boards:
            return None
        total = self.total_imps
        if total == 0:
            return "draw"
        return self.team_a if total > 0 else self.team_b

    def to_dict(self) -> dict[str, object]:
        return {"team_a": self.team_a, "team_b": self.team_b,
                "boards": [b.to_dict() for b in self.boards],
                "imps_a": self.imps_a, "imps_b": self.imps_b,
                "total_imps": self.total_imps, "winner": self.winner,
                "recorded_imps_compared": self.imps_compared, "imp_mismatches": self.imp_mismatches,
                "unpaired": list(self.unpaired)}

    @property
    def victory_points(self) -> tuple[float | None, float | None]:
        """(VP of team A, VP of team B) on the WBF 2013 continuous 20-VP scale
        for the boards played; (None, None) when no board was."""
        if not self.boards:
            return None, None
        return victory_points(self.imps_a - self.imps_b, len(self.boards))

    @property
    def imps_compared(self) -> int:
        return sum(1 for b in self.boards if b.recorded_imps is not None and b.imps is not None)

    @property
    def imp_mismatches(self) -> int:
        return sum(1 for b in self.boards if b.mismatch)


def team_matches(scores: Iterable[BoardScore]) -> list[Match]:
    """Pair the two tables of each board and IMP the difference of the N/S
    scores (open minus closed: the view of team A, N/S in the open room).

    A file may hold several matches: records carrying ``HomeTeam`` and
    ``VisitTeam`` belong to the match of that pair of teams (one Match each,
    in order of appearance); records without them form one match.  Within a
    board the open room is found from ``Room`` (Open/Closed) or ``Table``
    (1/2); failing that, when the two records name their teams the other way
    round (each table's ``HomeTeam`` being the team sitting N/S there), the
    open room is where team A (the first ``HomeTeam`` seen) sits N/S; failing
    that, the first record in the file (noted on the board).  Boards not played
    at exactly two tables are listed in ``unpaired``."""
    matches: dict[object, dict[object, list[BoardScore]]] = {}
    teams: dict[object, tuple[str | None, str | None]] = {}
    for s in scores:
        home, visit = s.board.get("HomeTeam"), s.board.get("VisitTeam")
        mkey: object = frozenset((home, visit)) if home and visit else None
        if mkey not in matches:
            matches[mkey] = {}
            teams[mkey] = (home, visit)
        key: object = s.board.number if s.board.number is not None else s.board.label
        matches[mkey].setdefault(key, []).append(s)
    out: list[Match] = []
    for mkey, groups in matches.items():
        team_a, team_b = teams[mkey]
        boards: list[MatchBoard] = []
        unpaired: list[str] = []
        running = 0
        for key, group in groups.items():
            pair = _open_closed(group, team_a)
            if pair is None:
                names = [str(room_of(s.board) or "?") for s in group]
                rooms = ", ".join(names) if len(names) <= 4 else ", ".join(  # 60 records: '? x60', not 60 '?'
                    f"{room} x{names.count(room)}" for room in dict.fromkeys(names))
                unpaired.append(f"board {key if key is not None else '?'} ({len(group)} record{'s' if len(group) != 1 else ''}: {rooms})")
                continue
            mb = MatchBoard(key if isinstance(key, (int, str)) else str(key), *pair)
            running += mb.imps or 0
            mb.running = running
            boards.append(mb)
        out.append(Match(boards, team_a or "A", team_b or "B", unpaired))
    return out


def team_match(scores: Iterable[BoardScore]) -> Match:
    """The single team match in ``scores`` (see ``team_matches``); with several
    matches, the first.  An empty Match when there is nothing."""
    found = team_matches(scores)
    return found[0] if found else Match([], "A", "B", [])


def _open_closed(group: list[BoardScore], team_a: str | None) -> tuple[BoardScore, BoardScore] | None:
    by_room = {room_of(s.board): s for s in group}
    if "Open" in by_room and "Closed" in by_room and len(group) == 2:
        return by_room["Open"], by_room["Closed"]
    if len(group) != 2:
        return None
    first, second = group
    homes = [s.board.get("HomeTeam") for s in group]
    if team_a and homes[0] and homes[1] and homes[0] != homes[1]:
        return (first, second) if homes[0] == team_a else (second, first)
    first.notes.append("no Room/Table tag: first record taken as the open room")
    return first, second


def vp_standings_of(matches: Iterable[Match]) -> list[TeamStanding]:
    """The teams of ``matches`` ranked by victory points (``rules.vp``)."""
    return vp_standings((m.team_a, m.team_b, m.imps_a, m.imps_b, len(m.boards)) for m in matches)
