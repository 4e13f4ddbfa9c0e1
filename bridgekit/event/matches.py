"""A team match's two rooms side by side, as ``bridgekit match`` shows them.

``bridgekit match`` and ``bridgekit event`` share one implementation (issue
28): the tables of each board are paired, the swing IMPed, each match turned
into victory points and the teams ranked by the event's ``teams`` method
(``methods.teams``).  What this module adds is the reading of plain game
records as a match, and the match laid out board by board:

* game records that name no teams (``HomeTeam``/``VisitTeam``) form one
  match between teams ``A`` and ``B``, A sitting N/S in the open room;
* the open room of a board is found from ``Room`` (Open/Closed) or ``Table``
  (1/2); failing that, when the two records name their teams the other way
  round (each table's ``HomeTeam`` being the team sitting N/S there), it is
  where team A (the first ``HomeTeam`` seen) sits N/S; failing that, the
  first record in the file (noted on the board);
* a board not played at exactly two tables is listed in ``unpaired``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from ..notation import Message
from ..scoring.boards import BoardScore
from ..scoring.tags import parse_imp_tag, room_of
from .methods import Method
from .methods.teams import rank_teams
from .model import EventOptions, EventResult, TeamMatch, TeamTotal
from .score import score_event


@dataclass
class MatchBoard:
    """One board of a team match: the result at each table (each an
    ``EventResult`` the teams method scored) and the running total of IMPs
    for team A (N/S in the open room)."""

    number: int | str
    open: EventResult
    closed: EventResult
    running: int = 0

    @property
    def open_ns(self) -> int | None:
        return self.open.score_ns

    @property
    def closed_ns(self) -> int | None:
        return self.closed.score_ns

    @property
    def diff(self) -> int | None:
        """N/S in the open room minus N/S in the closed room (the event's swing)."""
        return self.open.swing

    @property
    def imps(self) -> int | None:
        """IMPs for team A (the open room's N/S points of the teams method)."""
        return None if self.open.points_ns is None else round(self.open.points_ns)

    @property
    def recorded_imps(self) -> float | None:
        """The open room's ``ScoreIMP`` tag (for N/S there), when readable."""
        value = self.open.recorded.get("ScoreIMP")
        return None if value is None else parse_imp_tag(value)

    @property
    def mismatch(self) -> bool | None:
        """Whether the recorded ScoreIMP disagrees with the IMPs; None when
        there is nothing to compare."""
        if self.recorded_imps is None or self.imps is None:
            return None
        return self.recorded_imps != self.imps

    def to_dict(self) -> dict[str, object]:
        return {"board": self.number, "open_contract": _contract(self.open),
                "open_declarer": _declarer(self.open), "open_tricks": self.open.tricks,
                "open_ns": self.open_ns, "closed_contract": _contract(self.closed),
                "closed_declarer": _declarer(self.closed), "closed_tricks": self.closed.tricks,
                "closed_ns": self.closed_ns, "diff": self.diff, "imps": self.imps, "running": self.running,
                "recorded_imps": self.recorded_imps, "mismatch": self.mismatch}


def _contract(r: EventResult) -> str | None:
    return str(r.contract) if r.contract is not None else None


def _declarer(r: EventResult) -> str | None:
    return r.declarer.name if r.declarer is not None else None


@dataclass
class Match:
    """A team match laid out board by board; ``scored`` is the event's
    ``TeamMatch`` (IMPs won by each team, victory points)."""

    boards: list[MatchBoard]
    team_a: str
    team_b: str
    unpaired: list[str] = field(default_factory=list)
    scored: TeamMatch | None = None

    @property
    def total_imps(self) -> int:
        return sum(b.imps or 0 for b in self.boards)

    @property
    def imps_a(self) -> int:
        return round(self.scored.imps_home) if self.scored is not None else 0

    @property
    def imps_b(self) -> int:
        return round(self.scored.imps_away) if self.scored is not None else 0

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

    @property
    def victory_points(self) -> tuple[float | None, float | None]:
        """(VP of team A, VP of team B) on the WBF 2013 continuous 20-VP scale
        for the boards played; (None, None) when no board was."""
        if self.scored is None or not self.scored.boards:
            return None, None
        return self.scored.vp_home, self.scored.vp_away

    @property
    def imps_compared(self) -> int:
        return sum(1 for b in self.boards if b.recorded_imps is not None and b.imps is not None)

    @property
    def imp_mismatches(self) -> int:
        return sum(1 for b in self.boards if b.mismatch)

    def to_dict(self) -> dict[str, object]:
        return {"team_a": self.team_a, "team_b": self.team_b,
                "boards": [b.to_dict() for b in self.boards],
                "imps_a": self.imps_a, "imps_b": self.imps_b,
                "total_imps": self.total_imps, "winner": self.winner,
                "recorded_imps_compared": self.imps_compared, "imp_mismatches": self.imp_mismatches,
                "unpaired": list(self.unpaired)}


@dataclass
class _Rooms:
    """A match being read: its teams, its boards' two rooms, what did not pair."""

    team_a: str
    team_b: str
    pairs: list[tuple[int | str, EventResult, EventResult]] = field(default_factory=list)
    unpaired: list[str] = field(default_factory=list)


def team_matches(scores: Iterable[BoardScore]) -> list[Match]:
    """The team matches of ``scores`` (game records), one per pair of teams
    (``HomeTeam``/``VisitTeam``) in order of appearance, records without
    them forming one match: the rooms read as the module says, then scored
    by the event's teams method."""
    groups: dict[object, dict[object, list[BoardScore]]] = {}
    teams: dict[object, tuple[str | None, str | None]] = {}
    for s in scores:
        home, visit = s.board.get("HomeTeam"), s.board.get("VisitTeam")
        mkey: object = frozenset((home, visit)) if home and visit else None
        if mkey not in groups:
            groups[mkey] = {}
            teams[mkey] = (home, visit)
        key: object = s.board.number if s.board.number is not None else s.board.label
        groups[mkey].setdefault(key, []).append(s)
    rooms = [_read_rooms(boards, *teams[mkey]) for mkey, boards in groups.items()]
    results = [r for m in rooms for _, a, b in m.pairs for r in (a, b)]
    event = score_event(results, EventOptions(method=Method.TEAMS))
    scored = {(m.home, m.away): m for m in event.matches}
    out = []
    for m in rooms:
        boards = []
        running = 0
        for number, open_room, closed_room in m.pairs:
            mb = MatchBoard(number, open_room, closed_room)
            running += mb.imps or 0
            mb.running = running
            boards.append(mb)
        out.append(Match(boards, m.team_a, m.team_b, m.unpaired, scored.get((m.team_a, m.team_b))))
    return out


def team_match(scores: Iterable[BoardScore]) -> Match:
    """The single team match in ``scores`` (see ``team_matches``); with several
    matches, the first.  An empty Match when there is nothing."""
    found = team_matches(scores)
    return found[0] if found else Match([], "A", "B", [])


def match_standings(matches: Sequence[Match]) -> list[TeamTotal]:
    """The teams of ``matches`` ranked by victory points, then IMP difference
    (the event's ranking of teams)."""
    return rank_teams([m.scored for m in matches if m.scored is not None], by_vp=True)


def _read_rooms(boards: dict[object, list[BoardScore]], home: str | None, visit: str | None) -> _Rooms:
    team_a, team_b = home or "A", visit or "B"
    if team_b == team_a:
        team_b = f"{team_a} (2)"
    m = _Rooms(team_a, team_b)
    for key, group in boards.items():
        pair = _open_closed(group, home)
        if pair is None:
            names = [str(room_of(s.board) or "?") for s in group]
            listed = ", ".join(names) if len(names) <= 4 else ", ".join(  # 60 records: '? x60', not 60 '?'
                f"{room} x{names.count(room)}" for room in dict.fromkeys(names))
            m.unpaired.append(Message.plural("board {board} ({n} record: {listed})", "board {board} ({n} records: {listed})",
                                             len(group), board=key if key is not None else "?", listed=listed))
            continue
        number = key if isinstance(key, (int, str)) else str(key)
        m.pairs.append((number, _result(pair[0], team_a, team_b, team_a), _result(pair[1], team_b, team_a, team_a)))
    return m


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


def _result(s: BoardScore, team_ns: str, team_ew: str, home: str) -> EventResult:
    """One room's result for the teams method: the team sitting N/S there."""
    board = s.board
    r = EventResult(board.label or "?", board.number, vulnerable=s.vulnerable, file=board.file, line=board.line,
                    team_ns=team_ns, team_ew=team_ew, home=home)
    if s.result is not None:
        r.contract, r.declarer, r.tricks = s.result.contract, s.result.declarer, s.result.tricks
    r.score_ns = s.ns
    value = board.get("ScoreIMP")
    if value is not None:
        r.recorded["ScoreIMP"] = value
    return r
