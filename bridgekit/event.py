"""A whole session scored: pairs events in matchpoints, Butler or cross-IMPs.

The model is small: an ``EventResult`` is one table's result of a board (a
``ScoreTable`` row, PBN 2.1 section 5.9, or one game record of the board); a
``Traveller`` is a board's results with their points; a ``Standing`` is one
pair's total and rank; an ``Event`` holds them all.

* ``read_results`` turns boards into results: each row checked (contract,
  declarer, result well formed), scored under the board's vulnerability and
  its rules profile, and compared with the recorded score.  A bad row is an
  ``EventProblem`` (file, line, board, row), never an exception.
* ``score_event`` scores the results by one ``EventOptions.method``:

  - ``mp``: 1 point per result beaten and 1/2 per tie (``acbl`` scale, top =
    results - 1) or 2 and 1 (``ebu``, top = 2 x (results - 1)); boards played
    fewer times than the most in their field are factored up by Neuberg's
    formula; arbitrary scores get their percentage of the top;
  - ``butler``: each result IMPed against the board's datum (the mean without
    the extremes, rounded to 10);
  - ``cross-imps``: each result IMPed against every other, averaged.

  Results compare within their section, or across the field.  A Mitchell
  (pairs keep their direction) ranks each direction; a Howell (pairs sit
  both ways) ranks one field.
* ``write_event`` puts the computed columns into each board's ``ScoreTable``
  and a ``TotalScoreTable`` on the first board.

Arbitrary results (``A``, ``A+``, ``A-``, ``60%``, ``Not played``) are read
from the Contract, Result or score cells (or a game record's Contract/Score
tags): in the N/S score cell or the Contract cell they are N/S's, in the E/W
score cell E/W's; a side not given gets the complement (``A+`` and ``A-``,
``60%`` and ``40%``).  Under matchpoints ``A`` is 50%, ``A+`` and ``A-`` are
``EventOptions.average_plus`` / ``average_minus`` (60% / 40%, ACBL and EBU
alike); under IMPs they are 0 and +/- ``average_imps`` (3, Law 12C2).

Nothing here prints or imports click.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Any, Iterable, Iterator, Sequence

from .board import Board, Table
from .contract import PASSED_OUT, Contract, Result
from .errors import BridgekitError
from .rules import Profile
from .rules.imps import butler_datum, cross_imps, imps, neuberg, weighted_matchpoints
from .scoring import parse_imp_tag, profile_for_board, score_board
from .seats import Seat, Side, Vul


class Method(str, Enum):
    """How results are compared."""

    MP = "mp"
    BUTLER = "butler"
    CROSS_IMPS = "cross-imps"

    @property
    def imps(self) -> bool:
        return self is not Method.MP


class Scale(str, Enum):
    """Matchpoint scales: ``acbl`` 1 per result beaten, 1/2 per tie;
    ``ebu`` 2 and 1 (PBN's ``MP1``)."""

    ACBL = "acbl"
    EBU = "ebu"


class Movement(str, Enum):
    AUTO = "auto"
    MITCHELL = "mitchell"
    HOWELL = "howell"


@dataclass(frozen=True)
class EventOptions:
    """How to score an event.  ``method`` None: from the boards' ``Scoring``
    tag (``IMP;Butler...`` butler, ``IMP;Cross...`` cross-imps, anything else
    mp); ``scale`` None: ``ebu`` when the tag says ``MP1``, else ``acbl``;
    ``trim``: scores dropped at each end for the Butler datum (None: 1 from 5
    results); ``profile``: the rules profile for every board (None: each
    board's Scoring tag)."""

    method: Method | None = None
    scale: Scale | None = None
    trim: int | None = None
    across_field: bool = False
    movement: Movement = Movement.AUTO
    average_plus: float = 60.0
    average_minus: float = 40.0
    average_imps: float = 3.0
    profile: Profile | None = None


@dataclass
class EventProblem:
    """A result that could not be used as written, located for the director."""

    message: str
    file: str | None = None
    line: int | None = None
    board: str | None = None
    row: int | None = None

    def __str__(self) -> str:
        parts = [p for p in (self.file, f"line {self.line}" if self.line is not None else None,
                             f"board {self.board}" if self.board is not None else None,
                             f"row {self.row}" if self.row is not None else None) if p]
        return f"{', '.join(parts)}: {self.message}" if parts else self.message


#: ScoreTable columns a result reads itself; any other recorded cell is kept in ``recorded``.
_OWN_COLUMNS = ("Table", "Round", "Section", "PairId_NS", "PairId_EW", "Names_NS", "Names_EW",
                "Contract", "Declarer", "Result", "Multiplicity")


@dataclass(slots=True)
class EventResult:
    """One table's result of a board.

    ``score_ns`` is the score computed under the board's profile (or, for a
    row giving only a score, the recorded one); ``arbitrary`` is the
    (N/S, E/W) arbitrary scores (``A+``, ``40%``...) or None; ``points_*``
    are filled in by ``score_event``.  ``weight`` is the ``Multiplicity``
    (results this row stands for)."""

    board: str
    number: int | None
    section: str | None = None
    table: str | None = None
    round: str | None = None
    ns: str | None = None
    ew: str | None = None
    names_ns: str | None = None
    names_ew: str | None = None
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    score_ns: int | None = None
    arbitrary: tuple[str, str] | None = None
    not_played: bool = False
    recorded: dict[str, str] = field(default_factory=dict)
    recorded_ns: int | None = None
    weight: int = 1
    points_ns: float | None = None
    points_ew: float | None = None
    top: float | None = None          # the matchpoint top of the result's field
    vulnerable: Vul | None = None
    deal: str | None = None           # the board's deal: results of the same number and deal compare
    file: str | None = None
    line: int | None = None
    row: int | None = None            # 0-based row of the ScoreTable, None for a game record
    source: Board | None = None       # the board, kept only for writing back

    @property
    def mismatch(self) -> bool | None:
        """True when the recorded score differs from the computed one."""
        if self.recorded_ns is None or self.score_ns is None or self.contract is None:
            return None
        return self.recorded_ns != self.score_ns

    def mark(self, marks: tuple[str, str] | None) -> bool:
        """Record an arbitrary result (``NP`` in either: not played); False for None."""
        if marks is None:
            return False
        if "NP" in marks:
            self.not_played = True
        else:
            self.arbitrary = marks
        return True

    @property
    def compared(self) -> bool:
        """Whether the result takes part in the comparison (a real score)."""
        return self.score_ns is not None and self.arbitrary is None and not self.not_played

    def to_dict(self) -> dict[str, object]:
        """The result as the JSON contract gives it."""
        c = self.contract
        return {"section": self.section, "ns": self.ns, "ew": self.ew,
                "contract": str(c) if c is not None else (_arbitrary_text(self) or None),
                "declarer": self.declarer.name if self.declarer is not None else None,
                "result": self.tricks, "score_ns": self.score_ns,
                "points_ns": _rounded(self.points_ns), "points_ew": _rounded(self.points_ew),
                "recorded": dict(self.recorded), "mismatch": self.mismatch}


def _arbitrary_text(r: EventResult) -> str:
    if r.not_played:
        return "Not played"
    if r.arbitrary is not None:
        return "/".join(r.arbitrary)
    return ""


def _rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 2)


@dataclass
class Traveller:
    """A board's results with their points; ``top`` is the matchpoint top
    (None under IMPs), ``datum`` the Butler datum of each field."""

    board: str
    number: int | None
    vulnerable: Vul | None
    results: list[EventResult] = field(default_factory=list)
    top: float | None = None
    datum: dict[str | None, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        return {"board": self.board, "top": self.top, "results": [r.to_dict() for r in self.results]}


@dataclass
class Standing:
    """One pair's total over the session and its rank in its field."""

    section: str | None
    pair: str
    direction: str | None       # "NS", "EW", or None in a Howell
    names: str | None = None
    boards: int = 0
    points: float = 0.0
    max: float | None = 0.0
    rank: str = ""

    @property
    def percentage(self) -> float | None:
        if self.max is None or not self.max:
            return None
        return 100 * self.points / self.max

    def to_dict(self) -> dict[str, object]:
        pct = self.percentage
        return {"section": self.section, "pair": self.pair, "direction": self.direction,
                "names": self.names, "boards": self.boards, "points": round(self.points, 2),
                "max": None if self.max is None else round(self.max, 2),
                "percentage": None if pct is None else round(pct, 2), "rank": self.rank}


@dataclass
class Event:
    """A session scored: travellers, standings (grouped by field, best first)
    and what did not add up."""

    method: Method
    scale: Scale
    boards: list[Traveller]
    standings: list[Standing]
    movement: dict[str | None, Movement] = field(default_factory=dict)
    problems: list[EventProblem] = field(default_factory=list)
    score_compared: int = 0
    score_mismatches: int = 0
    points_compared: int = 0
    points_mismatches: int = 0
    across_field: bool = False
    own_method: bool = True           # the method is the one the file's Scoring tag names
    totals_compared: int = 0
    totals_mismatches: int = 0

    @property
    def results(self) -> int:
        return sum(r.weight for t in self.boards for r in t.results)

    def to_dict(self) -> dict[str, object]:
        """The JSON contract of ``bridgekit event --json``."""
        return {"method": self.method.value, "boards": [t.to_dict() for t in self.boards],
                "pairs": [s.to_dict() for s in self.standings]}

    def fields(self) -> list[tuple[str | None, str | None, list[Standing]]]:
        """The standings grouped as they are ranked: (section, direction,
        pairs); section None across the field."""
        out: dict[tuple[str | None, str | None], list[Standing]] = {}
        for s in self.standings:
            out.setdefault((None if self.across_field else s.section, s.direction), []).append(s)
        return [(sec, d, pairs) for (sec, d), pairs in out.items()]


# -- arbitrary scores -----------------------------------------------------------

_AVERAGES = {"A": "A", "AV": "A", "AVE": "A", "AVG": "A", "A=": "A", "AVERAGE": "A",
             "A+": "A+", "AV+": "A+", "AVE+": "A+", "AVG+": "A+", "AVERAGEPLUS": "A+",
             "A-": "A-", "AV-": "A-", "AVE-": "A-", "AVG-": "A-", "AVERAGEMINUS": "A-"}
_NOT_PLAYED = {"NP", "NOTPLAYED", "NOT PLAYED", "N/P"}
_COMPLEMENT = {"A": "A", "A+": "A-", "A-": "A+", "NP": "NP"}


@lru_cache(maxsize=4096)
def parse_arbitrary(text: str | None) -> str | None:
    """An arbitrary score as written in a cell, normalised: ``A``, ``A+``,
    ``A-``, ``NP`` (not played) or a percentage ``60%``; None when the cell
    is not one."""
    if text is None:
        return None
    key = text.strip().upper()
    if key in _NOT_PLAYED or key.replace(" ", "") in _NOT_PLAYED:
        return "NP"
    key = key.replace(" ", "")
    if key in _AVERAGES:
        return _AVERAGES[key]
    if key.endswith("%"):
        try:
            pct = float(key[:-1])
        except ValueError:
            return None
        if 0 <= pct <= 100:
            return f"{pct:g}%"
    return None


def _complement(mark: str) -> str:
    if mark.endswith("%"):
        return f"{100 - float(mark[:-1]):g}%"
    return _COMPLEMENT[mark]


def _arbitrary_pair(ns: str | None, ew: str | None, both: str | None) -> tuple[str, str] | None:
    """(N/S, E/W) arbitrary scores from the N/S cell, the E/W cell and a cell
    for both (``A+/A-`` or one mark for N/S)."""
    if both is not None and "/" in both:
        a, _, b = both.partition("/")
        pa, pb = parse_arbitrary(a), parse_arbitrary(b)
        if pa is not None and pb is not None:
            return pa, pb
    ns_mark = parse_arbitrary(ns) or parse_arbitrary(both)
    ew_mark = parse_arbitrary(ew)
    if ns_mark is None and ew_mark is None:
        return None
    if ns_mark is None:
        assert ew_mark is not None
        ns_mark = _complement(ew_mark)
    if ew_mark is None:
        ew_mark = _complement(ns_mark)
    return ns_mark, ew_mark


def arbitrary_points(mark: str, method: Method, top: float, options: EventOptions) -> float | None:
    """Points for an arbitrary score: its percentage of ``top`` under
    matchpoints, IMPs under the IMP methods (None: a percentage cannot be
    IMPed)."""
    if method is Method.MP:
        pct = {"A": 50.0, "A+": options.average_plus, "A-": options.average_minus}.get(mark)
        if pct is None:
            pct = float(mark[:-1])
        return top * pct / 100
    return {"A": 0.0, "A+": options.average_imps, "A-": -options.average_imps}.get(mark)


# -- reading results ------------------------------------------------------------

def _cell(rec: dict[str, str], name: str) -> str | None:
    value = rec.get(name)
    if value is None:
        return None
    value = value.strip()
    return None if value in ("", "-", "?") else value


def _int_cell(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return int(text.lstrip("^").replace(" ", ""))
    except ValueError:
        return None


def _tricks(text: str, contract: Contract) -> int:
    """Declarer's tricks from a Result cell: ``9``, or relative to the
    contract ``=``, ``+1``, ``-2``.  Raises BridgekitError."""
    t = text.strip().lstrip("^")
    if t == "=" or t.upper() == "MADE":
        return contract.tricks_needed
    if t[:1] in "+-" and t[1:].isdigit():
        n = contract.tricks_needed + int(t)
    elif t.isdigit():
        n = int(t)
    else:
        raise BridgekitError(f"result {text!r} is not a number of tricks (0-13, or =, +1, -2)")
    if not 0 <= n <= 13:
        raise BridgekitError(f"result {text!r} gives {n} tricks for {contract} (0 to 13)")
    return n


class _BoardContext:
    """What every row of a board shares: label, number, vulnerability, profile."""

    def __init__(self, board: Board, profile: Profile | None, cache: dict[tuple[object, ...], Any]) -> None:
        self.board = board
        self.cache = cache      # cells -> scored: a session repeats the same few results
        self.label = board.label or "?"
        self.number = board.number
        self.profile = profile_for_board(board, profile)
        vul = board.vulnerable
        self.vul = vul if vul is not None else self.profile.default_vulnerability(board.number)
        self.deal = str(board.deal) if board.deal is not None else None


def _row_result(ctx: _BoardContext, rec: dict[str, str], row: int, line: int | None,
                problems: list[EventProblem]) -> EventResult:
    board = ctx.board
    r = EventResult(ctx.label, ctx.number, file=board.file, line=line, row=row, vulnerable=ctx.vul,
                    deal=ctx.deal)

    def bad(message: str) -> None:
        problems.append(EventProblem(message, board.file, line, ctx.label, row + 1))

    r.section = _cell(rec, "Section") or board.get("Section")
    r.table, r.round = _cell(rec, "Table"), _cell(rec, "Round")
    r.names_ns, r.names_ew = _cell(rec, "Names_NS"), _cell(rec, "Names_EW")
    r.ns = _cell(rec, "PairId_NS") or r.names_ns
    r.ew = _cell(rec, "PairId_EW") or r.names_ew
    r.recorded = {k: v for k, v in rec.items() if k not in _OWN_COLUMNS and v.strip() not in ("", "-", "?")}
    mult = _cell(rec, "Multiplicity")
    if mult is not None:
        n = _int_cell(mult)
        if n is None or n < 1:
            bad(f"Multiplicity {mult!r} is not a count of results; taken as 1")
        else:
            r.weight = n
    score_ns, score_ew = _cell(rec, "Score_NS"), _cell(rec, "Score_EW")
    contract_text = _cell(rec, "Contract")
    if r.mark(_arbitrary_pair(score_ns, score_ew, contract_text) or
              _arbitrary_pair(None, None, _cell(rec, "Result"))):
        return r
    recorded: int | None = None
    if score_ns is not None or score_ew is not None:
        a, b = _int_cell(score_ns), _int_cell(score_ew)
        if (score_ns is not None and a is None) or (score_ew is not None and b is None):
            bad(f"score {score_ns or score_ew!r} is not a number")
        elif a is not None and b is not None and a != -b and not (a == 0 or b == 0):
            recorded = a - b
        else:
            recorded = a if a is not None else -b if b is not None else None
    r.recorded_ns = recorded
    if contract_text is None:
        if recorded is None:
            bad("no contract and no score")
        r.score_ns = recorded       # a row giving only the score (an assigned score, or a summary table)
        return r
    key = (contract_text, _cell(rec, "Declarer"), _cell(rec, "Result"), ctx.vul)
    scored = ctx.cache.get(key)
    if scored is None:
        scored = ctx.cache[key] = _score_cells(*key, ctx.profile)
    if isinstance(scored, str):
        if recorded is not None:
            scored += f"; the recorded score {recorded:+d} for N/S is used"
            r.score_ns = recorded
        bad(scored)
        return r
    r.contract, r.declarer, r.tricks, r.score_ns = scored
    return r


def _score_cells(contract_text: str, declarer_text: str | None, result_text: str | None, vul: Vul | None,
                 profile: Profile) -> tuple[Contract, Seat | None, int | None, int] | str:
    """A row's contract, declarer and result cells read and scored: (contract,
    declarer, tricks, N/S score), or what is wrong with them."""
    try:
        contract = Contract.parse(contract_text.lstrip("^"))
        if contract.is_passed_out:
            result = Result(PASSED_OUT)
        else:
            if declarer_text is None:
                raise BridgekitError(f"{contract} has no declarer")
            declarer = Seat.parse(declarer_text.lstrip("^"))
            if result_text is None:
                raise BridgekitError(f"{contract} by {declarer.name} has no result")
            result = Result(contract, declarer, _tricks(result_text, contract))
    except BridgekitError as e:
        return str(e)
    score, notes = profile.score_result(result, vul, None)
    if score is None:
        return "; ".join(notes) + (" (no Vulnerable tag, no board number)" if vul is None else "")
    return result.contract, result.declarer, result.tricks, score.ns


def _game_result(ctx: _BoardContext, problems: list[EventProblem]) -> EventResult | None:
    """One game record as one table's result (None when it records no result at all)."""
    board = ctx.board
    r = EventResult(ctx.label, ctx.number, file=board.file, line=board.line, vulnerable=ctx.vul,
                    deal=ctx.deal)
    r.section = board.get("Section")
    r.table, r.round = board.get("Table"), board.get("Round")
    names = []
    for side in (Side.NS, Side.EW):
        a, b = (board.get(s.full_name) for s in side.seats)
        names.append(None if not (a or b) else a if a == b else f"{a or '?'} - {b or '?'}")  # one pair name
    r.names_ns, r.names_ew = names
    r.ns, r.ew = r.names_ns, r.names_ew
    for tag in ("Score", "ScoreIMP", "ScoreMP", "ScorePercentage"):
        value = board.get(tag)
        if value is not None:
            r.recorded[tag] = value
    if r.mark(_arbitrary_pair(board.get("Score"), None, board.get("Contract"))):
        return r
    s = score_board(board, ctx.profile)
    if s.result is None:
        if board.get("Contract") is None and board.get("Score") is None:
            return None
        problems.append(EventProblem(f"not scored: {'; '.join(s.notes)}", board.file,
                                     board.line_of("Contract"), ctx.label))
        if s.recorded_ns is None:
            return None     # a contract and nothing else to score: a hand record, not a table's result
        r.score_ns = s.recorded_ns
        return r
    r.contract, r.declarer, r.tricks = s.result.contract, s.result.declarer, s.result.tricks
    r.score_ns, r.recorded_ns = s.ns, s.recorded_ns
    if r.score_ns is None:
        problems.append(EventProblem("; ".join(s.notes) or "not scored", board.file, board.line, ctx.label))
        r.score_ns = s.recorded_ns
    return r


def read_results(boards: Iterable[Board], problems: list[EventProblem],
                 profile: Profile | None = None, keep_boards: bool = False) -> Iterator[EventResult]:
    """Every table's result in ``boards``: the rows of a board's ``ScoreTable``
    when it has one, else the board itself as one game record (a record
    without a ``Board`` tag belongs to no traveller and is skipped).  Problems
    go to ``problems``; nothing here raises for bad rows.  ``keep_boards``
    keeps each result's board (for ``write_event``)."""
    caches: dict[int, dict[tuple[object, ...], Any]] = {}    # one per profile
    for board in boards:
        prof = profile_for_board(board, profile)
        ctx = _BoardContext(board, prof, caches.setdefault(id(prof), {}))
        table = board.tables.get("ScoreTable")
        if table is None and board.label is None:
            continue
        if table is not None and table.rows:
            width = len(table.columns)
            for i, rec in enumerate(table.records()):
                line = table.row_line(i)
                if len(table.rows[i]) != width:
                    problems.append(EventProblem(f"row has {len(table.rows[i])} of the {width} columns",
                                                 board.file, line, ctx.label, i + 1))
                    continue
                r = _row_result(ctx, rec, i, line, problems)
                if keep_boards:
                    r.source = board
                yield r
        else:
            g = _game_result(ctx, problems)
            if g is not None:
                if keep_boards:
                    g.source = board
                yield g


def pair_names(boards: Iterable[Board]) -> dict[tuple[str | None, str], str]:
    """(section, pair id) -> names, from the boards' ``TotalScoreTable``s
    (columns ``PairId`` and ``Names``, ``Section`` when given)."""
    out: dict[tuple[str | None, str], str] = {}
    for board in boards:
        table = board.tables.get("TotalScoreTable")
        if table is None:
            continue
        for rec in table.records():
            pid, names = _cell(rec, "PairId"), _cell(rec, "Names")
            if pid is not None and names is not None:
                out[(_cell(rec, "Section"), pid)] = " - ".join(n.strip() for n in names.split(";") if n.strip())
    return out


def read_event(boards: Iterable[Board], options: EventOptions = EventOptions(),
               keep_boards: bool = False) -> Event:
    """Read and score a whole event from ``boards`` in one pass: results
    (``read_results``), pair names from any ``TotalScoreTable``, the method
    from the first ``Scoring`` tag when ``options`` leaves it open."""
    problems: list[EventProblem] = []
    names: dict[tuple[str | None, str], str] = {}
    totals: list[tuple[Board, int, dict[str, str]]] = []
    scoring: list[str] = []

    def watch(stream: Iterable[Board]) -> Iterator[Board]:
        for board in stream:
            if not scoring and board.get("Scoring"):
                scoring.append(board.get("Scoring") or "")
            if "TotalScoreTable" in board.tags:
                names.update(pair_names([board]))
                table = board.tables.get("TotalScoreTable")
                if table is not None:
                    totals.extend((board, i, rec) for i, rec in enumerate(table.records()))
            yield board

    results = list(read_results(watch(boards), problems, options.profile, keep_boards))
    event = score_event(results, options, scoring[0] if scoring else None, names, problems)
    if event.own_method:
        _compare_totals(event, totals)
    return event


#: TotalScoreTable columns holding a pair's total, by method (PBN 2.1 5.10 and the Ruter export's names).
_TOTAL_COLUMNS = {Method.MP: ("TotalMP", "TotalScoreMP"), Method.BUTLER: ("TotalIMP", "TotalScoreIMP"),
                  Method.CROSS_IMPS: ("TotalIMP", "TotalScoreIMP")}


def _compare_totals(event: Event, rows: list[tuple[Board, int, dict[str, str]]]) -> None:
    """Compare the recorded ``TotalScoreTable`` totals (and percentages) with
    the standings: each disagreement is a problem."""
    standings: dict[tuple[str | None, str], list[Standing]] = {}
    for s in event.standings:
        standings.setdefault((s.section, s.pair), []).append(s)
    for board, i, rec in rows:
        pid = _cell(rec, "PairId")
        if pid is None:
            continue
        found = standings.get((_cell(rec, "Section"), pid)) or standings.get((None, pid))
        if not found:
            continue
        direction = _direction_key(rec.get("Direction", "-"))
        s = next((x for x in found if direction in ("-", x.direction) or x.direction is None), found[0])
        checks: list[tuple[str, float, float]] = []
        column = next((c for c in _TOTAL_COLUMNS[event.method] if _cell(rec, c) is not None), None)
        if column is not None:
            checks.append((column, s.points, 0.011 * max(1, s.boards) if event.method is Method.MP else 0.011))
        pct = s.percentage
        if _cell(rec, "TotalPercentage") is not None and pct is not None:
            checks.append(("TotalPercentage", pct, 0.011))
        for name, value, tolerance in checks:
            text = rec[name].strip()
            try:
                recorded = float(text.lstrip("^"))
            except ValueError:
                continue
            event.totals_compared += 1
            if abs(recorded - value) > tolerance:
                event.totals_mismatches += 1
                event.problems.append(EventProblem(
                    f"TotalScoreTable: pair {pid} has {name} {text} recorded but {_num(round(value, 2))} "
                    f"computed", board.file, board.tables["TotalScoreTable"].row_line(i), board.label, i + 1))


def score_traveller(results: Sequence[Result], vul: Vul | None, profile: Profile,
                    options: EventOptions = EventOptions()) -> Traveller:
    """One board's results, table by table (N/S pair i meets E/W pair i at
    table i), scored as a traveller on its own by ``options.method`` (default
    matchpoints).  A result the profile cannot score (vulnerability unknown)
    is left without points."""
    rows = []
    for i, result in enumerate(results, start=1):
        score, _notes = profile.score_result(result, vul, None)
        rows.append(EventResult("1", 1, ns=str(i), ew=str(i), table=str(i), contract=result.contract,
                                declarer=result.declarer, tricks=result.tricks, vulnerable=vul,
                                score_ns=None if score is None else score.ns))
    return score_event(rows, EventOptions(**{**options.__dict__, "method": options.method or Method.MP})).boards[0]


# -- scoring ----------------------------------------------------------------------

def method_for_scoring(value: str | None) -> tuple[Method, Scale | None, int | None]:
    """The method a ``Scoring`` tag value asks for: (method, scale or None,
    trim or None).  ``IMP;Butler`` keeps every score, ``Butler-2`` drops the
    two extremes; ``Cross...`` is cross-IMPs; ``MP1`` is the EBU scale."""
    fields = [f.strip().lower() for f in (value or "").split(";")]
    scale = Scale.EBU if "mp1" in fields else Scale.ACBL if "mp2" in fields else None
    if "butler" in fields:
        return Method.BUTLER, scale, 0
    if "butler-2" in fields:
        return Method.BUTLER, scale, 1
    if any(f.startswith("cross") for f in fields):
        return Method.CROSS_IMPS, scale, None
    if fields and fields[0] == "imp":
        return Method.BUTLER, scale, None
    return Method.MP, scale, None


def score_event(results: Iterable[EventResult], options: EventOptions = EventOptions(),
                scoring: str | None = None, names: dict[tuple[str | None, str], str] | None = None,
                problems: list[EventProblem] | None = None) -> Event:
    """Score ``results`` (from ``read_results``) as one event.  ``scoring``
    is the boards' ``Scoring`` tag, used for what ``options`` leaves open;
    ``names`` maps (section, pair id) to names (``pair_names``)."""
    tag_method, tag_scale, tag_trim = method_for_scoring(scoring)
    method = options.method or tag_method
    scale = options.scale or tag_scale or Scale.ACBL
    trim = options.trim if options.trim is not None else (tag_trim if method is tag_method else None)
    found = list(problems) if problems is not None else []
    travellers: dict[object, Traveller] = {}
    for r in results:
        key: object = (r.number if r.number is not None else r.board, r.deal)
        t = travellers.get(key)
        if t is None:
            t = travellers[key] = Traveller(r.board, r.number, r.vulnerable)
        t.results.append(r)
    boards = sorted(travellers.values(), key=lambda t: (t.number is None, t.number or 0, t.board))

    def field_of(r: EventResult) -> str | None:
        return None if options.across_field else r.section

    # the number of results a board should have in each field (Neuberg's "expected")
    expected: dict[str | None, int] = {}
    for t in boards:
        count: dict[str | None, int] = {}
        for r in t.results:
            if not r.not_played and (r.score_ns is not None or r.arbitrary is not None):
                count[field_of(r)] = count.get(field_of(r), 0) + r.weight
        for f, n in count.items():
            expected[f] = max(expected.get(f, 0), n)
    unit = 2 if scale is Scale.EBU else 1
    for t in boards:
        by_field: dict[str | None, list[EventResult]] = {}
        for r in t.results:
            by_field.setdefault(field_of(r), []).append(r)
        for f, group in by_field.items():
            real = [r for r in group if r.compared]
            scores = [r.score_ns for r in real if r.score_ns is not None]
            weights = [r.weight for r in real]
            n = sum(weights)
            top: float = 0.0
            if method is Method.MP:
                top = unit * (expected.get(f, 1) - 1)
                if t.top is None or top > t.top:
                    t.top = top
                for r in group:
                    r.top = top
                for r, mp in zip(real, weighted_matchpoints(scores, weights)):
                    r.points_ns = unit * neuberg(mp, n, expected.get(f, n))
                    r.points_ew = top - r.points_ns
            elif method is Method.BUTLER:
                if scores:
                    datum = butler_datum(scores, weights, trim)
                    t.datum[f] = datum
                    for r in real:
                        assert r.score_ns is not None
                        r.points_ns = float(imps(r.score_ns - datum))
                        r.points_ew = -r.points_ns
            else:
                for r, x in zip(real, cross_imps(scores, weights)):
                    r.points_ns, r.points_ew = x, -x
            for r in group:
                if r.arbitrary is None:
                    continue
                a, b = (arbitrary_points(m, method, top, options) for m in r.arbitrary)
                if a is None or b is None:
                    found.append(EventProblem(f"arbitrary score {'/'.join(r.arbitrary)} cannot be IMPed "
                                              f"(a percentage): not scored", r.file, r.line, r.board,
                                              None if r.row is None else r.row + 1))
                    continue
                r.points_ns, r.points_ew = a, b
    event = Event(method, scale, boards, [], problems=found, across_field=options.across_field,
                  own_method=scoring is None or method is tag_method)
    # recorded points mean what the Scoring tag says: compared only under that method
    _compare_recorded(event, event.own_method, _names_method(scoring, method))
    _rank(event, options, names or {})
    return event


_POINT_COLUMNS = {Method.MP: ("MP_NS", "ScoreMP"), Method.BUTLER: ("IMP_NS", "ScoreIMP"),
                  Method.CROSS_IMPS: ("IMP_NS", "ScoreIMP")}


def _names_method(scoring: str | None, method: Method) -> bool:
    """Whether a ``Scoring`` tag names ``method`` itself (a game record's
    ``ScoreIMP`` under plain ``IMP`` is a team match's, not a Butler score)."""
    fields = [f.strip().lower() for f in (scoring or "").split(";")]
    if method is Method.MP:
        return any(f in ("mp", "matchpoints", "mp1", "mp2") for f in fields)
    if method is Method.BUTLER:
        return any(f.startswith("butler") for f in fields)
    return any(f.startswith("cross") for f in fields)


def _compare_recorded(event: Event, points: bool, tags: bool) -> None:
    """Count the recorded scores and points that agree with the computed ones
    (points only when ``points``: the method is the file's; a game record's
    ScoreIMP/ScoreMP tags only when ``tags``: the Scoring tag names it)."""
    column, tag = _POINT_COLUMNS[event.method]
    for t in event.boards:
        for r in t.results:
            m = r.mismatch
            if m is not None:
                event.score_compared += 1
                if m:
                    event.score_mismatches += 1
                    event.problems.append(EventProblem(
                        f"recorded score {r.recorded_ns:+d} for N/S but {r.contract} by "
                        f"{r.declarer.name if r.declarer is not None else '?'} making {r.tricks} scores "
                        f"{r.score_ns:+d}", r.file, r.line, r.board, None if r.row is None else r.row + 1))
            recorded: float | None = None
            if not points:
                pass
            elif column in r.recorded:
                try:
                    recorded = float(r.recorded[column].lstrip("^"))
                except ValueError:
                    recorded = None
            elif tag in r.recorded and tags and (event.method.imps or event.scale is Scale.EBU):  # ScoreMP is MP1
                recorded = parse_imp_tag(r.recorded[tag])
            if recorded is None or r.points_ns is None:
                continue
            event.points_compared += 1
            if abs(recorded - r.points_ns) > 0.011:
                event.points_mismatches += 1
                what = "matchpoints" if event.method is Method.MP else "IMPs"
                event.problems.append(EventProblem(
                    f"recorded {column if column in r.recorded else tag} "
                    f"{r.recorded.get(column) or r.recorded.get(tag)} but the computed "
                    f"{what} for N/S are {_num(r.points_ns)}", r.file, r.line, r.board,
                    None if r.row is None else r.row + 1))
        if event.method is Method.BUTLER and points:
            for r in t.results:
                rec = r.recorded.get("ButlerDatum")
                datum = t.datum.get(r.section, t.datum.get(None))
                if rec is not None and datum is not None and _int_cell(rec) != datum:
                    event.problems.append(EventProblem(
                        f"recorded ButlerDatum {rec} but the datum is {datum}", r.file, r.line, r.board,
                        None if r.row is None else r.row + 1))


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))


def _movement(results: list[EventResult], wanted: Movement) -> Movement:
    """Howell when some pair sits both ways and never meets itself; else Mitchell."""
    if wanted is not Movement.AUTO:
        return wanted
    ns = {r.ns for r in results if r.ns is not None}
    ew = {r.ew for r in results if r.ew is not None}
    if not ns & ew:
        return Movement.MITCHELL
    if any(r.ns is not None and r.ns == r.ew for r in results):
        return Movement.MITCHELL    # numbered per direction: N/S 1 met E/W 1
    names: dict[str, set[str]] = {}
    for r in results:
        for pid, n in ((r.ns, r.names_ns), (r.ew, r.names_ew)):
            if pid is not None and n is not None and n != pid:
                names.setdefault(pid, set()).add(n)
    if any(len(v) > 1 for v in names.values()):
        return Movement.MITCHELL    # the same number names different players in each direction
    return Movement.HOWELL


def _rank(event: Event, options: EventOptions, names: dict[tuple[str | None, str], str]) -> None:
    by_section: dict[str | None, list[EventResult]] = {}
    for t in event.boards:
        for r in t.results:
            by_section.setdefault(r.section, []).append(r)
    standings: dict[tuple[str | None, str, str | None], Standing] = {}
    imp_method = event.method.imps
    for section, results in by_section.items():
        movement = _movement(results, options.movement)
        event.movement[section] = movement
        for r in results:
            if r.not_played or r.points_ns is None or r.points_ew is None:
                continue
            top = r.top or 0.0
            for pid, side, pts, nm in ((r.ns, "NS", r.points_ns, r.names_ns),
                                       (r.ew, "EW", r.points_ew, r.names_ew)):
                if pid is None:
                    continue
                direction = None if movement is Movement.HOWELL else side
                key = (section, pid, direction)
                s = standings.get(key)
                if s is None:
                    s = standings[key] = Standing(section, pid, direction,
                                                  names.get((section, pid)) or names.get((None, pid)) or
                                                  (nm if nm != pid else None),
                                                  max=None if imp_method else 0.0)
                s.boards += r.weight
                s.points += pts * r.weight
                if s.max is not None:
                    s.max += top * r.weight
    groups: dict[tuple[str | None, str | None], list[Standing]] = {}
    for s in standings.values():
        groups.setdefault((None if options.across_field else s.section, s.direction), []).append(s)
    out: list[Standing] = []
    for gkey in sorted(groups, key=lambda k: (k[0] is not None, k[0] or "", k[1] == "EW")):
        group = groups[gkey]

        def value(s: Standing) -> float:
            pct = s.percentage
            return round(s.points if imp_method else (pct if pct is not None else 0.0), 2)

        group.sort(key=lambda s: (-value(s), _natural(s.pair)))
        for i, s in enumerate(group):
            first = i
            while first > 0 and value(group[first - 1]) == value(s):
                first -= 1
            tied = (i > 0 and value(group[i - 1]) == value(s)) or (i + 1 < len(group)
                                                                    and value(group[i + 1]) == value(s))
            s.rank = f"{first + 1}{'=' if tied else ''}"
        out.extend(group)
    event.standings = out


def _natural(text: str) -> tuple[int, int | str]:
    return (0, int(text)) if text.isdigit() else (1, text)


# -- writing back -----------------------------------------------------------------

def _fmt(x: float | None, decimals: int = 2) -> str:
    if x is None:
        return "-"
    text = f"{x:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _set_column(board: Board, table_name: str, name: str, values: dict[int, str]) -> None:
    """Set column ``name`` of a board's table (added, right-aligned, when
    missing; ``-`` where no value)."""
    table = board.tables[table_name]
    names = table.column_names()
    if name in names:
        i = names.index(name)
    else:
        table.columns.append(f"{name}\\{max(len(v) for v in values.values()) if values else 1}R")
        board.set(table_name, ";".join(table.columns))
        i = len(table.columns) - 1
        for row in table.rows:
            row.append("-")
    for r, value in values.items():
        row = table.rows[r]
        while len(row) <= i:
            row.append("-")
        row[i] = value


def write_event(event: Event) -> list[Board]:
    """Put the computed points into each board's ``ScoreTable`` (``MP_NS``,
    ``MP_EW``, ``Percentage_NS`` or ``IMP_NS``, ``IMP_EW``) and the standings
    into a ``TotalScoreTable`` on the first board (existing rows of the same
    pairs keep their other columns).  Needs results read with
    ``keep_boards``.  Returns the boards changed, in order."""
    cols = ("MP_NS", "MP_EW", "Percentage_NS") if event.method is Method.MP else ("IMP_NS", "IMP_EW")
    changed: dict[int, Board] = {}
    first: Board | None = None
    for t in event.boards:
        per_board: dict[int, dict[str, dict[int, str]]] = {}
        for r in t.results:
            if r.source is None:
                continue
            if first is None:
                first = r.source
            if r.row is None:
                continue
            values = per_board.setdefault(id(r.source), {c: {} for c in cols})
            changed[id(r.source)] = r.source
            values[cols[0]][r.row] = _fmt(r.points_ns)
            values[cols[1]][r.row] = _fmt(r.points_ew)
            if event.method is Method.MP:
                pct = None if r.points_ns is None or not r.top else 100 * r.points_ns / r.top
                values["Percentage_NS"][r.row] = _fmt(pct)
        for r in t.results:
            if r.source is not None and id(r.source) in per_board:
                for c, vals in per_board.pop(id(r.source)).items():
                    _set_column(r.source, "ScoreTable", c, vals)
    if first is not None:
        _total_table(first, event)
        changed.setdefault(id(first), first)
    return list(changed.values())


def _total_table(board: Board, event: Event) -> None:
    mp = event.method is Method.MP
    ours = ["Rank", "Section", "Direction", "PairId", "Names", "NrBoards"] + (
        ["TotalMP", "TotalPercentage"] if mp else ["TotalIMP"])
    table = board.tables.get("TotalScoreTable")
    if table is None:
        table = Table([], [])
        board.tables["TotalScoreTable"] = table
        board.set("TotalScoreTable", "")
    names = table.column_names()
    for c in ours:
        if c not in names:
            table.columns.append(c)
            names.append(c)
            for row in table.rows:
                row.append("-")
    width = len(table.columns)
    old: dict[str, list[tuple[str, str, list[str]]]] = {}
    for row in table.rows:
        rec = dict(zip(names, row))
        old.setdefault(rec.get("PairId", "-"), []).append(
            (rec.get("Section", "-"), _direction_key(rec.get("Direction", "-")), row))
    rows: list[list[str]] = []
    for s in event.standings:
        row = ["-"] * width
        candidates = old.get(s.pair, [])
        for i, (sec, d, found) in enumerate(candidates):
            if sec in ("-", s.section or "-") and (d == "-" or s.direction is None or d == s.direction):
                row = found
                del candidates[i]
                break
        row = row + ["-"] * (width - len(row))
        values = {"Rank": s.rank.rstrip("="), "Section": s.section or "-",
                  "Direction": {"NS": "NS", "EW": "EW"}.get(s.direction or "", "-"),
                  "PairId": s.pair, "Names": s.names or "-", "NrBoards": str(s.boards),
                  "TotalMP": _fmt(s.points), "TotalPercentage": _fmt(s.percentage),
                  "TotalIMP": _fmt(s.points)}
        for c in ours:
            if values[c] != "-" or row[names.index(c)] in ("", "?"):   # never blank a recorded cell
                row[names.index(c)] = values[c]
        rows.append(row)
    rows.extend(row for rest in old.values() for _sec, _d, row in rest)
    table.rows[:] = rows
    table.row_lines[:] = []
    board.set("TotalScoreTable", ";".join(table.columns))


def _direction_key(text: str) -> str:
    t = text.replace("-", "").replace("/", "").upper()
    return t if t in ("NS", "EW") else "-"


__all__ = ["Event", "EventOptions", "EventProblem", "EventResult", "Method", "Movement", "Scale",
           "Standing", "Traveller", "arbitrary_points", "method_for_scoring", "pair_names",
           "parse_arbitrary", "read_event", "read_results", "score_event", "score_traveller", "write_event"]
