"""Reading results: a board's ``ScoreTable`` rows, or game records of the
same board, become ``EventResult``s.

Each row is checked (contract, declarer, result well formed), scored under
the board's vulnerability and its rules profile, and compared with the
recorded score.  A bad row is an ``EventProblem`` (file, line, board, row),
never an exception.  Arbitrary results are read from the Contract, Result or
score cells (``bridgekit.event.artificial``).
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from ..board import Board
from ..contract import PASSED_OUT, Contract, Result
from ..errors import BridgekitError
from ..rules import Profile
from ..scoring import profile_for_board, room_of, score_board
from ..seats import Seat, Side, Vul
from .artificial import arbitrary_pair
from .model import EventProblem, EventResult
from ..notation import Message

#: Team columns (a team event's ScoreTable), by their names without case or
#: underscores: the home and away teams with the room, or the team at each side.
_TEAM_COLUMNS = {"hometeam": "home", "teamhome": "home", "home": "home", "teamidhome": "home",
                 "visitteam": "away", "awayteam": "away", "teamaway": "away", "teamvisit": "away",
                 "away": "away", "visit": "away", "teamidaway": "away", "teamidvisit": "away",
                 "teamns": "ns", "teamidns": "ns", "nsteam": "ns", "teamew": "ew", "teamidew": "ew",
                 "ewteam": "ew", "room": "room"}

#: Player columns of an individual event (one player a seat), by their names
#: without case or underscores: ``North``, ``PlayerId_North``, ``Names_N``...
_SEAT_COLUMNS = {f"{prefix}{seat}": i for i, names in enumerate((("north", "n"), ("east", "e"), ("south", "s"),
                                                                  ("west", "w")))
                 for seat in names for prefix in ("player", "playerid", "id", "name", "names")} | {
                     "north": 0, "east": 1, "south": 2, "west": 3}

#: ScoreTable columns a result reads itself; any other recorded cell is kept in ``recorded``.
_OWN_COLUMNS = ("Table", "Round", "Section", "PairId_NS", "PairId_EW", "Names_NS", "Names_EW",
                "Contract", "Declarer", "Result", "Multiplicity")


def _room(text: str | None) -> str | None:
    """``Open``/``Closed`` from a Room cell (``O``, ``C``, ``1``, ``2`` too)."""
    if text is None:
        return None
    key = text.strip().lower()
    return "Open" if key in ("open", "o", "1") else "Closed" if key in ("closed", "c", "2") else None


def set_teams(r: EventResult, cells: dict[str, str | None]) -> None:
    """The teams of a result from its team cells (``home``, ``away``, ``room``,
    ``ns``, ``ew``): the home team sits N/S in the open room."""
    ns, ew, home, away = cells.get("ns"), cells.get("ew"), cells.get("home"), cells.get("away")
    if ns is None and ew is None and home is not None and away is not None:
        room = _room(cells.get("room"))
        ns, ew = (away, home) if room == "Closed" else (home, away)
    if ns is not None and ew is not None:
        r.team_ns, r.team_ew, r.home = ns, ew, home
        if r.ns is None and r.ew is None:    # no pair numbers: the teams name the tables' pairs
            r.ns, r.ew = ns, ew


_BLANK = frozenset(("", "-", "?"))


def _cells(names: list[str], row: list[str]) -> dict[str, str]:
    """A row's cells by column name as :func:`cell` reads them, all at once:
    stripped, the blank ones (``""``, ``-``, ``?``) left out."""
    return {k: text for k, v in zip(names, row) if (text := v.strip()) not in _BLANK}


def cell(rec: dict[str, str], name: str) -> str | None:
    value = rec.get(name)
    if value is None:
        return None
    value = value.strip()
    return None if value in _BLANK else value


def int_cell(text: str | None) -> int | None:
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
        raise BridgekitError(Message('result {text!r} is not a number of tricks (0-13, or =, +1, -2)', text=text))
    if not 0 <= n <= 13:
        raise BridgekitError(Message('result {text!r} gives {n} tricks for {contract} (0 to 13)', text=text, n=n, contract=contract))
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
        table = board.tables.get("ScoreTable")
        names = table.column_names() if table is not None else []
        # the table's team and seat columns, found once for all its rows
        self.team_cols = [(k, _TEAM_COLUMNS[k.replace("_", "").lower()]) for k in names
                          if k.replace("_", "").lower() in _TEAM_COLUMNS]
        self.seat_cols = [(k, _SEAT_COLUMNS[k.replace("_", "").lower()]) for k in names
                          if k.replace("_", "").lower() in _SEAT_COLUMNS]
        own = set(_OWN_COLUMNS) | {k for k, _ in self.team_cols} | {k for k, _ in self.seat_cols}
        self.names = names
        # the columns bridgekit does not compute from a row: kept as recorded (IMP_NS, MP_NS...)
        self.recorded_cols = [(i, k) for i, k in enumerate(names) if k not in own]


def _row_result(ctx: _BoardContext, cols: list[str], row: int, line: int | None,
                problems: list[EventProblem]) -> EventResult:
    board = ctx.board
    r = EventResult(ctx.label, ctx.number, file=board.file, line=line, row=row, vulnerable=ctx.vul,
                    deal=ctx.deal)

    def bad(message: str) -> None:
        problems.append(EventProblem(message, board.file, line, ctx.label, row + 1))

    cells = _cells(ctx.names, cols)     # each cell stripped once; blanks left out
    get = cells.get
    r.section = get("Section") or board.get("Section")
    r.table, r.round = get("Table"), get("Round")
    r.names_ns, r.names_ew = get("Names_NS"), get("Names_EW")
    r.ns = get("PairId_NS") or r.names_ns
    r.ew = get("PairId_EW") or r.names_ew
    if ctx.team_cols:
        set_teams(r, {kind: get(k) for k, kind in ctx.team_cols})
    seats = {i: get(k) for k, i in ctx.seat_cols}
    if seats and r.ns is None and r.ew is None:    # an individual: the player at each seat
        players = tuple(seats.get(i) for i in range(4))
        if any(p is not None for p in players):
            r.players = players
            north, east, south, west = players
            r.ns, r.ew = f"{north or '?'} - {south or '?'}", f"{east or '?'} - {west or '?'}"
    r.recorded = {k: cols[i] for i, k in ctx.recorded_cols if k in cells}
    mult = get("Multiplicity")
    if mult is not None:
        n = int_cell(mult)
        if n is None or n < 1:
            bad(Message("Multiplicity {value!r} is not a count of results; taken as 1", value=mult))
        else:
            r.weight = n
    score_ns, score_ew = get("Score_NS"), get("Score_EW")
    contract_text = get("Contract")
    if r.mark(arbitrary_pair(score_ns, score_ew, contract_text) or
              arbitrary_pair(None, None, get("Result"))):
        return r
    recorded: int | None = None
    if score_ns is not None or score_ew is not None:
        a, b = int_cell(score_ns), int_cell(score_ew)
        if (score_ns is not None and a is None) or (score_ew is not None and b is None):
            bad(Message("score {value!r} is not a number", value=score_ns or score_ew))
        elif a is not None and b is not None and a != -b and not (a == 0 or b == 0):
            recorded = a - b
        else:
            recorded = a if a is not None else -b if b is not None else None
    r.recorded_ns = recorded
    if contract_text is None:
        if recorded is None:
            bad(Message("no contract and no score"))
        r.score_ns = recorded       # a row giving only the score (an assigned score, or a summary table)
        return r
    key = (contract_text, get("Declarer"), get("Result"), ctx.vul)
    scored = ctx.cache.get(key)
    if scored is None:
        scored = ctx.cache[key] = _score_cells(*key, ctx.profile)
    if isinstance(scored, str):
        if recorded is not None:
            scored = Message("{why}; the recorded score {score} for N/S is used", why=scored, score=f"{recorded:+d}")
            r.score_ns = recorded
        bad(scored)
        return r
    r.contract, r.declarer, r.tricks, r.score_ns = scored
    return r


def _score_cells(contract_text: str, declarer_text: str | None, result_text: str | None, vul: Vul | None,
                 profile: Profile) -> tuple[Contract, Seat | None, int | None, int] | Message:
    """A row's contract, declarer and result cells read and scored: (contract,
    declarer, tricks, N/S score), or what is wrong with them."""
    try:
        contract = Contract.parse(contract_text.lstrip("^"))
        if contract.is_passed_out:
            result = Result(PASSED_OUT)
        else:
            if declarer_text is None:
                raise BridgekitError(Message('{contract} has no declarer', contract=contract))
            declarer = Seat.parse(declarer_text.lstrip("^"))
            if result_text is None:
                raise BridgekitError(Message('{contract} by {seat:letter} has no result', contract=contract, seat=declarer))
            result = Result(contract, declarer, _tricks(result_text, contract))
    except BridgekitError as e:
        return e.args[0] if isinstance(e.args[0], Message) else Message("{why}", why=str(e))
    score, notes = profile.score_result(result, vul, None)
    if score is None:
        return Message("{notes:;} (no Vulnerable tag, no board number)", notes=notes) if vul is None else \
            Message("{notes:;}", notes=notes)
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
    if board.get("HomeTeam") and board.get("VisitTeam"):
        set_teams(r, {"home": board.get("HomeTeam"), "away": board.get("VisitTeam"),
                      "room": room_of(board)})
    for tag in ("Score", "ScoreIMP", "ScoreMP", "ScorePercentage"):
        value = board.get(tag)
        if value is not None:
            r.recorded[tag] = value
    if r.mark(arbitrary_pair(board.get("Score"), None, board.get("Contract"))):
        return r
    s = score_board(board, ctx.profile)
    if s.result is None:
        if board.get("Contract") is None and board.get("Score") is None:
            return None
        problems.append(EventProblem(Message("not scored: {notes:;}", notes=s.notes), board.file,
                                     board.line_of("Contract"), ctx.label))
        if s.recorded_ns is None:
            return None     # a contract and nothing else to score: a hand record, not a table's result
        r.score_ns = s.recorded_ns
        return r
    r.contract, r.declarer, r.tricks = s.result.contract, s.result.declarer, s.result.tricks
    r.score_ns, r.recorded_ns = s.ns, s.recorded_ns
    if r.score_ns is None:
        problems.append(EventProblem(Message("{notes:;}", notes=s.notes) if s.notes else Message("not scored"),
                                     board.file, board.line, ctx.label))
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
            for i, cols in enumerate(table.rows):
                line = table.row_line(i)
                if len(cols) != width:
                    problems.append(EventProblem(Message("row has {n} of the {width} columns", n=len(cols),
                                                         width=width),
                                                 board.file, line, ctx.label, i + 1))
                    continue
                r = _row_result(ctx, cols, i, line, problems)
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
            pid, names = cell(rec, "PairId"), cell(rec, "Names")
            if pid is not None and names is not None:
                out[(cell(rec, "Section"), pid)] = " - ".join(n.strip() for n in names.split(";") if n.strip())
    return out

