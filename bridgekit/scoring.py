"""Scoring files: the library functions behind ``bridgekit score``, ``match``,
``rubber`` and ``deal``.

* ``score_board`` scores one board under its rules profile: the contract and
  declarer come from the ``Contract``/``Declarer`` tags, or from the recorded
  auction; the tricks from a complete, legal recorded play (replayed through
  the play engine), else from the ``Result`` tag.  The recorded ``Score`` tag is
  read in all five PBN forms and compared.
* ``profile_for_board`` decides the profile: an explicit override, else the
  profile the board's ``Scoring`` tag selects (``rules.profile_for_scoring``).
* ``team_match`` pairs the two tables of each board (``Room`` Open/Closed or
  ``Table`` 1/2) and converts the differences to IMPs; ``pair_matchpoints``
  matchpoints boards played several times.
* ``rubber_session`` keeps the Auction Bridge score pad, ``render_pad`` draws it.
* ``deal_boards`` deals reproducible boards for a match.

Nothing here prints or imports click: the CLI formats what these return.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Iterable, Iterator, TypedDict

from .board import Board, parse_result
from .contract import PASSED_OUT, Result
from .deal import Deal
from .errors import BridgekitError
from .rules import ABOVE, BELOW, Profile, Score, profile_for_scoring
from .rules.imps import imps, matchpoints
from .rules.vp import TeamStanding, victory_points, vp_standings
from .rules.rubber import Rubber, SessionDeal, keep_score
from .seats import Seat, Side, Vul, dealer_for_board

def profile_for_board(board: Board, override: Profile | None = None) -> Profile:
    """The rules profile a board is scored under: ``override`` (from
    ``--rules``) when given, else the profile its ``Scoring`` tag selects
    (``rules.profile_for_scoring``: ``Auction-1920``, ``Auction-Classic``;
    anything else means ``contract``)."""
    return override if override is not None else profile_for_scoring(board.get("Scoring"))


_SCORE_PART = re.compile(r"^(?:(NS|EW)\s*)?([+-]?\d+)$", re.IGNORECASE)


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


@dataclass
class BoardScore:
    """One board scored: what was played, the itemised score, and how it
    compares with the recorded ``Score`` tag."""

    board: Board
    profile: Profile
    result: Result | None = None
    vulnerable: Vul | None = None
    tricks_from: str | None = None          # "play" or "result"
    score: Score | None = None
    recorded_ns: int | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def scored(self) -> bool:
        return self.score is not None

    @property
    def ns(self) -> int | None:
        """Net score for N/S (N/S points minus E/W points), None if unscored."""
        return self.score.ns if self.score is not None else None

    @property
    def mismatch(self) -> bool | None:
        """True when the recorded Score disagrees; None when there is nothing to compare."""
        if self.recorded_ns is None or self.score is None:
            return None
        return self.recorded_ns != self.score.ns

    @property
    def contract_text(self) -> str | None:
        return str(self.result.contract) if self.result is not None else None

    def to_dict(self) -> dict[str, object]:
        """The JSON/CSV row of ``bridgekit score``."""
        b = self.board
        r = self.result
        row: dict[str, object] = {
            "file": b.file,
            "board": b.label,
            "room": room_of(b),
            "dealer": b.dealer.name if b.dealer is not None else None,
            "vulnerable": str(self.vulnerable) if self.vulnerable is not None else None,
            "profile": self.profile.name,
            "contract": self.contract_text,
            "declarer": r.declarer.name if r is not None and r.declarer is not None else None,
            "tricks": r.tricks if r is not None else None,
            "tricks_from": self.tricks_from,
        }
        s = self.score
        row.update(self.profile.row(s))
        row["breakdown"] = [i.to_dict() for i in s.items] if s is not None else []
        row["recorded_score_ns"] = self.recorded_ns
        row["mismatch"] = self.mismatch
        row["notes"] = list(self.notes)
        return row


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


def result_tricks(value: str | None, declarer: Seat) -> int | None:
    """Tricks taken by declarer's side from a ``Result`` tag value: ``10``,
    ``^10`` (irregular), ``NS 9``, ``EW 4``, ``NS 9 EW 4`` or ``EW 4 NS 9``
    (read by ``board.parse_result``).  None when absent or unreadable."""
    if value is None:
        return None
    try:
        _caret, tricks, by_side = parse_result(value)
    except BridgekitError:
        return None
    if tricks is not None:
        return tricks
    mine, theirs = declarer.side.value, declarer.side.opponents.value
    if mine in by_side:
        return by_side[mine]
    if theirs in by_side:
        return 13 - by_side[theirs]
    return None


def board_result(board: Board) -> tuple[Result | None, str | None, list[str]]:
    """What was played on ``board``: (Result, where the tricks came from, notes).

    The Result is None (with a note saying why) when the contract, declarer or
    tricks cannot be found.  Never raises for bad input."""
    notes: list[str] = []
    contract = board.contract
    declarer = board.declarer
    if contract is None or (declarer is None and not contract.is_passed_out):
        if board.auction is not None and board.auction.calls:
            auction, errors = board.auction_engine()
            if not errors and auction.is_complete():
                found = auction.contract()
                if contract is None and found is not None:
                    contract = found
                    notes.append("contract from the auction")
                if declarer is None and contract is not None and not contract.is_passed_out:
                    declarer = auction.declarer()
                    if declarer is not None:
                        notes.append("declarer from the auction")
    if contract is None:
        return None, None, notes + ["no contract"]
    if contract.is_passed_out:
        return Result(PASSED_OUT), None, notes
    if declarer is None:
        return None, None, notes + ["no declarer"]
    tricks: int | None = None
    source: str | None = None
    if board.play is not None and board.deal is not None:
        try:
            play, errors = board.play_engine(contract.strain, declarer)
        except BridgekitError as e:
            play, errors = None, [(0, e)]
        if play is not None and not errors and play.is_complete():
            tricks = play.declarer_tricks()
            source = "play"
            recorded = result_tricks(board.get("Result"), declarer)
            if recorded is not None and recorded != tricks:
                notes.append(f"the play gives {tricks} tricks, the Result tag {recorded}")
    if tricks is None:
        tricks = result_tricks(board.get("Result"), declarer)
        source = "result" if tricks is not None else None
    if tricks is None:
        return None, None, notes + ["no result (tricks unknown)"]
    return Result(contract, declarer, tricks), source, notes


def score_board(board: Board, override: Profile | None = None) -> BoardScore:
    """Score one board under ``profile_for_board(board, override)``.

    Never raises for bad board content: what cannot be scored is left unscored
    with a note."""
    profile = profile_for_board(board, override)
    out = BoardScore(board, profile)
    result, source, notes = board_result(board)
    out.notes.extend(notes)
    out.result, out.tricks_from = result, source
    vul = board.vulnerable
    if vul is None:
        vul = profile.default_vulnerability(board.number)
        if vul is not None:
            out.notes.append("vulnerability from the board number")
    out.vulnerable = vul
    if result is not None:
        out.score, missing = profile.score_result(result, vul, board.deal)
        out.notes.extend(missing)
    recorded = board.get("Score")
    if recorded is not None:
        out.recorded_ns = parse_score_tag(recorded, result.declarer if result is not None else board.declarer)
        if out.recorded_ns is None:
            out.notes.append(f"unreadable Score tag {recorded!r}")
    return out


def score_boards(boards: Iterable[Board], override: Profile | None = None) -> Iterator[BoardScore]:
    """``score_board`` over many boards, lazily."""
    for board in boards:
        yield score_board(board, override)


@dataclass
class ScoreTotals:
    boards: int = 0
    scored: int = 0
    compared: int = 0
    mismatches: int = 0
    net_ns: int = 0                                       # boards scored in the board ledger
    lines: dict[str, int] = field(default_factory=dict)   # "below_ns" ... in the rubber ledger

    def add(self, s: BoardScore) -> None:
        self.boards += 1
        if s.score is None:
            return
        self.scored += 1
        for key, points in s.profile.totals(s.score).items():
            if key == "net_ns":
                self.net_ns += points
            else:
                self.lines[key] = self.lines.get(key, 0) + points
        if s.mismatch is not None:
            self.compared += 1
            self.mismatches += int(s.mismatch)

    def to_dict(self) -> dict[str, object]:
        return {"boards": self.boards, "scored": self.scored, "compared": self.compared,
                "mismatches": self.mismatches, "net_ns": self.net_ns, **self.lines}


def score_tag_value(s: BoardScore) -> str | None:
    """The PBN ``Score`` value for a scored board: ``NS 420`` under contract
    bridge; ``NS 198 EW 18`` (each side's points) under the auction profiles."""
    return s.profile.score_tags(s.score)["Score"] if s.score is not None else None


def write_score_tags(s: BoardScore) -> None:
    """Fill ``Score`` (and ``ScoreRubber`` above/below per side for the auction
    profiles, ``Scoring`` naming the profile when the board did not) on the board."""
    if s.score is None:
        return
    board = s.board
    for tag, value in s.profile.score_tags(s.score).items():
        board.set(tag, value)
    if s.profile.pbn_scoring and profile_for_board(board) is not s.profile:
        board.set("Scoring", s.profile.pbn_scoring[0])


# -- team matches -----------------------------------------------------------

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

    def to_dict(self) -> dict[str, object]:
        return {"board": self.number, "open_contract": self.open.contract_text,
                "open_declarer": _decl(self.open), "open_tricks": _tricks(self.open),
                "open_ns": self.open_ns, "closed_contract": self.closed.contract_text,
                "closed_declarer": _decl(self.closed), "closed_tricks": _tricks(self.closed),
                "closed_ns": self.closed_ns, "diff": self.diff, "imps": self.imps, "running": self.running,
                "recorded_imps": self.recorded_imps,
                "mismatch": None if self.recorded_imps is None or self.imps is None
                else self.recorded_imps != self.imps}


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
    def winner(self) -> str:
        """Team A's or team B's name, or ``draw``."""
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
        return sum(1 for b in self.boards
                   if b.recorded_imps is not None and b.imps is not None and b.recorded_imps != b.imps)


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
                rooms = ", ".join(str(room_of(s.board) or "?") for s in group)
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


# -- matchpoints -------------------------------------------------------------

def _pair_name(board: Board, side: Side, fallback: str) -> str:
    a, b = (board.get(s.full_name) for s in side.seats)
    if a or b:
        return f"{a or '?'} & {b or '?'}"
    return fallback


class MPRow(TypedDict):
    """One matchpointed result as :meth:`MPResult.to_dict` gives it (JSON/CSV)."""

    board: int | str
    ns_pair: str
    ew_pair: str
    contract: str | None
    declarer: str | None
    tricks: int | None
    score_ns: int | None
    mp_ns: float
    mp_ew: float
    top: int
    percent_ns: float | None


class PairTotal(TypedDict):
    """One pair's matchpoint total over a session (``pair_matchpoints``)."""

    pair: str
    boards: int
    mp: float
    top: float
    percent: float | None


@dataclass
class MPResult:
    number: int | str
    score: BoardScore
    ns_pair: str
    ew_pair: str
    mp_ns: float
    mp_ew: float
    top: int

    def to_dict(self) -> MPRow:
        return {"board": self.number, "ns_pair": self.ns_pair, "ew_pair": self.ew_pair,
                "contract": self.score.contract_text, "declarer": _decl(self.score),
                "tricks": _tricks(self.score), "score_ns": self.score.ns,
                "mp_ns": self.mp_ns, "mp_ew": self.mp_ew, "top": self.top,
                "percent_ns": round(100 * self.mp_ns / self.top, 2) if self.top else None}


def pair_matchpoints(scores: Iterable[BoardScore]) -> tuple[list[MPResult], list[PairTotal]]:
    """Matchpoint every board played more than once (by board number): one
    point per N/S score beaten, half per tie, top = plays - 1; E/W get the rest.
    Returns the per-result rows and per-pair totals (pairs named from the
    player tags, else the room/table)."""
    groups: dict[object, list[BoardScore]] = {}
    for s in scores:
        if s.score is None:
            continue
        key: object = s.board.number if s.board.number is not None else s.board.label
        groups.setdefault(key, []).append(s)
    rows: list[MPResult] = []
    totals: dict[str, dict[str, float]] = {}
    for key, group in groups.items():
        if len(group) < 2:
            continue
        mps = matchpoints([s.score.ns for s in group if s.score is not None])
        top = len(group) - 1
        for i, (s, mp) in enumerate(zip(group, mps)):
            room = room_of(s.board) or f"table {i + 1}"
            ns = _pair_name(s.board, Side.NS, f"NS {room}")
            ew = _pair_name(s.board, Side.EW, f"EW {room}")
            rows.append(MPResult(key if isinstance(key, (int, str)) else str(key), s, ns, ew, mp, top - mp, top))
            for pair, got in ((ns, mp), (ew, top - mp)):
                t = totals.setdefault(pair, {"mp": 0.0, "top": 0.0, "boards": 0})
                t["mp"] += got
                t["top"] += top
                t["boards"] += 1
    pairs: list[PairTotal] = [
        {"pair": p, "boards": int(t["boards"]), "mp": t["mp"], "top": t["top"],
         "percent": round(100 * t["mp"] / t["top"], 2) if t["top"] else None}
        for p, t in sorted(totals.items(), key=lambda kv: -(kv[1]["mp"] / kv[1]["top"] if kv[1]["top"] else 0))]
    return rows, pairs


# -- rubbers -------------------------------------------------------------------

def rubber_session(boards: Iterable[Board], profile: Profile) -> tuple[list[Rubber], list[str]]:
    """Keep the score pad over ``boards`` in file order.  Returns the rubbers and
    the boards left out (no result) as messages.  Raises BridgekitError when the
    profile is not scored in rubbers."""
    skipped: list[str] = []
    deals: list[SessionDeal] = []
    for board in boards:
        result, _source, notes = board_result(board)
        if result is None:
            skipped.append(f"{board.file or '-'}, board {board.label or '?'}: not scored ({'; '.join(notes)})")
            continue
        deals.append(SessionDeal(result, board.dealer, board.deal, board.label))
    return keep_score(deals, profile), skipped


def render_pad(rubber: Rubber, ascii: bool = False) -> str:
    """The score pad as players keep it: WE (N/S) and THEY (E/W) columns,
    premiums above the line (the latest highest), the line, trick points below
    in order with a line drawn under each game, then totals and the outcome."""
    width = max([len(f"(d{e.deal}) {e.item} {e.points}") for e in rubber.entries] + [len("total 99999"), 12])
    bar = "|" if ascii else "\u2502"
    rule = "=" if ascii else "\u2550"
    thin = "-" if ascii else "\u2500"

    def row(ns: str, ew: str) -> str:
        return f"{ns:>{width}} {bar} {ew:<{width}}".rstrip()

    def cell(e: object) -> str:
        from .rules.rubber import PadEntry
        assert isinstance(e, PadEntry)
        return f"{e.points} {e.item} (d{e.deal})"

    def cell_left(e: object) -> str:
        from .rules.rubber import PadEntry
        assert isinstance(e, PadEntry)
        return f"(d{e.deal}) {e.item} {e.points}"

    lines: list[str] = []
    state = "finished" if rubber.finished else "unfinished"
    lines.append(f"Rubber {rubber.number} ({rubber.profile}, {state})")
    lines.append(row("WE (N/S)", "THEY (E/W)"))
    above = [e for e in rubber.entries if e.line == ABOVE]
    ns_above = [e for e in above if e.side is Side.NS][::-1]
    ew_above = [e for e in above if e.side is Side.EW][::-1]
    for i in range(max(len(ns_above), len(ew_above))):
        lines.append(row(cell_left(ns_above[i]) if i < len(ns_above) else "",
                         cell(ew_above[i]) if i < len(ew_above) else ""))
    lines.append(rule * width + rule + ("+" if ascii else "\u256a") + rule + rule * width)
    games = max([e.game for e in rubber.entries], default=0)
    for g in range(1, games + 1):
        below = [e for e in rubber.entries if e.line == BELOW and e.game == g]
        ns_b = [e for e in below if e.side is Side.NS]
        ew_b = [e for e in below if e.side is Side.EW]
        for i in range(max(len(ns_b), len(ew_b))):
            lines.append(row(cell_left(ns_b[i]) if i < len(ns_b) else "",
                             cell(ew_b[i]) if i < len(ew_b) else ""))
        if g <= len(rubber.games):
            who = "WE" if rubber.games[g - 1] is Side.NS else "THEY"
            label = f" game {g}: {who} "
            lines.append(label.center(2 * width + 3, thin))
    lines.append(row(f"total {rubber.total(Side.NS)}", f"{rubber.total(Side.EW)} total"))
    winner = rubber.winner
    games_txt = f"games WE {rubber.games_won(Side.NS)}, THEY {rubber.games_won(Side.EW)}"
    if winner is None:
        outcome = "a draw" if rubber.finished else "level"
    else:
        who = "WE (N/S)" if winner is Side.NS else "THEY (E/W)"
        outcome = f"{who} {'win' if rubber.finished else 'lead'} by {rubber.margin}"
    lines.append(f"{games_txt}; {outcome}" + ("" if rubber.finished else " (rubber unfinished)"))
    for d in rubber.deals:
        for n in d.notes:
            lines.append(f"  deal {d.deal}{f' (board {d.label})' if d.label else ''}: {n}")
    return "\n".join(lines)


# -- dealing boards ------------------------------------------------------------

def deal_boards(count: int, seed: int | str, first: int = 1, event: str | None = None) -> list[Board]:
    """``count`` boards numbered from ``first`` with dealer and vulnerability by
    board number (1 N None, 2 E NS, 3 S EW, 4 W All, the 16-board cycle) and
    random complete deals from ``seed`` (the same seed gives the same boards).
    Raises BridgekitError for a count or first board below 1."""
    if count < 1:
        raise BridgekitError(f"cannot deal {count} boards (at least 1)")
    if first < 1:
        raise BridgekitError(f"invalid first board {first} (boards start at 1)")
    rng = random.Random(f"bridgekit-deal:{seed}")
    boards: list[Board] = []
    for number in range(first, first + count):
        board = Board()
        board.set("Event", event or "bridgekit deal")
        board.set("Site", "?")
        board.set("Date", "?")
        board.set("Board", str(number))
        for seat in ("West", "North", "East", "South"):
            board.set(seat, "?")
        board.set("Dealer", dealer_for_board(number).name)
        board.set("Vulnerable", str(Vul.for_board(number)))
        board.set("Deal", str(Deal.random(rng)))
        board.set("Scoring", "IMP")
        board.set("Declarer", "?")
        board.set("Contract", "?")
        board.set("Result", "?")
        board.set("Generator", f"bridgekit deal --seed {seed}")
        boards.append(board)
    return boards


__all__ = [
    "BoardScore", "Match", "MatchBoard", "MPResult", "ScoreTotals", "board_result", "deal_boards",
    "pair_matchpoints", "parse_score_tag", "profile_for_board", "render_pad", "room_of",
    "rubber_session", "score_board", "score_boards", "score_tag_value", "team_match", "team_matches",
    "parse_imp_tag", "vp_standings_of",
    "write_score_tags",
]
