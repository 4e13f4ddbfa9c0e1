"""A command's run of the solver over its boards (``dd``, ``par``,
``handrecord``): the plumbing they share, out of the command line.

The solver (``bridgekit.analysis.solving``: cache, cluster, batches) yields a
``BoardTable`` for every board; this module turns that stream into what the
commands print, as data:

* :func:`solved_boards`: the boards with their tables, each board that
  cannot be solved reported once through ``report(board, message, failed)``
  (``failed`` when the solver failed, not the board: the run is not whole);
* :class:`DDRun`: ``dd``'s rows (:class:`DDRow`), its counts of where the
  tables came from and its ``--verify`` comparisons, and the summary line;
* :func:`par_rows`: ``par``'s rows (:class:`ParRow`).

Rows are objects: a table reads their attributes, ``to_dict()`` is the JSON
row and ``to_csv()`` the CSV one, so that a command hands them to the one
output helper as they come and never reshapes them per format.  Progress is
the caller's: ``progress(solved, cached)`` and ``tick()`` are passed through
to the solver (the command line draws a bar on a terminal).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from ..board import Board, where_text
from ..cards import Strain
from ..errors import BridgekitError
from ..i18n import _n
from ..notation import Message
from ..seats import Seat, Vul

if TYPE_CHECKING:
    from ..dds import DDTable, Par
    from ..rules import Profile
    from .ddtags import BoardTable

#: ``report(board, message, failed)``: one board's problem, as it happens.
Report = Callable[[Board, str, bool], None]

#: Declarers and strains in the order ``dd`` shows them.
DD_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
DD_STRAINS = (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)


def where(board: Board, path: str | None = None, lang: str = "en") -> str:
    """Where a board is, for a message: ``file, line 12, board 3``."""
    return where_text(board.file or path or "-", board.line, board.label or "?", lang)


def solved_boards(solver: Any, boards: Iterable[Board], report: Report, *, force: bool = False,
                  recorded: str = "show", progress: Callable[[int, int], None] | None = None,
                  tick: Callable[[], None] | None = None) -> Iterator["BoardTable"]:
    """Every board with its DD table (a ``BoardTable``), one stream over all
    of them (a deal repeated is solved once); a board that cannot be solved
    is reported (``not solved: why``) and still yielded, without a table.
    ``force``, ``recorded``, ``progress`` and ``tick``: see
    ``Solver.solve_boards``."""
    for bt in solver.solve_boards(boards, force=force, recorded=recorded, progress=progress, tick=tick):
        if bt.error is not None:
            report(bt.board, Message("not solved: {why}", why=bt.error), bt.failed)
        yield bt


# -- dd --------------------------------------------------------------------------

@dataclass(frozen=True)
class DDRow:
    """One row of ``bridgekit dd``: a board's DD table and where it came from
    (``source``: solved, cache, tag, recorded)."""

    file: str | None
    board: str | None
    room: str | None
    table: "DDTable"
    source: str

    def tricks(self, seat: Seat, strain: Strain) -> int:
        return self.table.tricks(seat, strain)

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "board": self.board, "tricks": self.table.as_dict(), "dd": self.table.to_pbn(),
                "from": self.source}

    def to_csv(self) -> dict[str, Any]:
        """One column a declarer and strain (``N_C`` ... ``W_NT``)."""
        return {"file": self.file, "board": self.board,
                **{f"{seat.name}_{s.name}": self.tricks(seat, s) for seat in DD_SEATS for s in DD_STRAINS},
                "from": self.source}


@dataclass
class DDCounts:
    """What a ``dd`` run met: boards, tables by source, tags not tied to their
    deal (``stale``), tags verified and those that disagree."""

    boards: int = 0
    sources: dict[str, int] = field(default_factory=lambda: dict.fromkeys(("solved", "cache", "tag", "recorded"), 0))
    stale: int = 0
    verified: int = 0
    differ: int = 0


class DDRun:
    """``dd`` over a stream of solved boards: its rows, its counts and, with
    ``verify``, every recorded table compared with the one solved now (a
    disagreement is reported as a problem).  With ``write_tags`` each board
    gets DoubleDummyTricks, its fingerprint and OptimumResultTable (not a
    table taken as another program recorded it)."""

    def __init__(self, report: Report, *, verify: bool = False, write_tags: bool = False) -> None:
        self.report = report
        self.verify = verify
        self.write_tags = write_tags
        self.counts = DDCounts()

    def rows(self, tables: Iterable["BoardTable"]) -> Iterator[tuple[Board, DDRow | None]]:
        """Each board, with its row (None when it has no table)."""
        from .ddtags import table_convention, write_dd_tags
        counts = self.counts
        for bt in tables:
            counts.boards += 1
            counts.stale += bt.stale
            if bt.table is None:
                yield bt.board, None
                continue
            counts.sources[bt.source] += 1
            if self.verify and bt.recorded is not None:   # solved now (recorded="verify"), whatever its fingerprint
                counts.verified += 1
                if bt.recorded != bt.table:
                    counts.differ += 1
                    form = table_convention(bt.table, {(s, t): bt.recorded.tricks(s, t) for s in Seat for t in Strain})
                    self.report(bt.board, Message("DoubleDummyTricks {recorded} disagrees with DDS {table} (it is "
                                                  "written in the {form} form)", recorded=bt.recorded.to_pbn(),
                                                  table=bt.table.to_pbn(), form=form) if form else
                                Message("DoubleDummyTricks {recorded} disagrees with DDS {table}",
                                        recorded=bt.recorded.to_pbn(), table=bt.table.to_pbn()), False)
            if self.write_tags and bt.source != "recorded":
                write_dd_tags(bt.board, bt.table, bt.deal)
            yield bt.board, DDRow(bt.board.file, bt.board.label, bt.board.room, bt.table, bt.source)

    def summary(self, solved: int, unsolved: int, lang: str = "en") -> str:
        """The run in a line: ``12 boards: 3 solved, 9 from the cache``
        (``solved``: deals the solver solved; ``unsolved``: boards without
        a table), in ``lang``."""
        c = self.counts
        repeats = c.sources["solved"] - solved
        solved_text = _n(lang, "{n} solved", "{n} solved", solved)
        if repeats > 0:
            solved_text += " (" + _n(lang, "{n} more board repeats one of those deals",
                                     "{n} more boards repeat those deals", repeats) + ")"
        parts = [solved_text, _n(lang, "{n} from the cache", "{n} from the cache", c.sources["cache"])]
        tags = c.sources["tag"] + c.sources["recorded"]
        if tags:
            recorded = c.sources["recorded"]
            parts.append(_n(lang, "{n} from DoubleDummyTricks tags", "{n} from DoubleDummyTricks tags", tags)
                         + (" (" + _n(lang, "{n} as recorded by other programs", "{n} as recorded by other programs",
                                      recorded) + ")" if recorded else ""))
        text = _n(lang, "{n} board: {parts}", "{n} boards: {parts}", c.boards, parts=", ".join(parts))
        if c.stale:
            text += "; " + _n(lang, "{n} tag not tied to its deal by this user's bridgekit (edited since, or written "
                              "elsewhere) solved again",
                              "{n} tags not tied to their deal by this user's bridgekit (edited since, or written "
                              "elsewhere) solved again", c.stale)
        if c.verified:
            text += "; " + _n(lang, "{n} tag verified", "{n} tags verified", c.verified) + " " + \
                _n(lang, "by solving {n} deal", "by solving {n} deals", solved) + ", " + \
                _n(lang, "{n} disagrees", "{n} disagree", c.differ)
        if unsolved:
            text += "; " + _n(lang, "{n} not solved", "{n} not solved", unsolved)
        return text


# -- par -------------------------------------------------------------------------

@dataclass(frozen=True)
class ParRow:
    """One row of ``bridgekit par``: the board and its par (a table row reads
    the objects; ``to_dict`` is the JSON row, ``to_csv`` the CSV one)."""

    file: str
    board: str | None
    room: str | None
    rules: str
    dealer_seat: Seat | None
    vul: Vul | None
    par: "Par"

    @property
    def dealer(self) -> str | None:
        return self.dealer_seat.name if self.dealer_seat is not None else None

    @property
    def vulnerable(self) -> str | None:
        return str(self.vul) if self.vul is not None else None

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "board": self.board, "rules": self.rules, "dealer": self.dealer,
                "vulnerable": self.vulnerable, "score_ns": self.par.score,
                "contracts": [str(c) for c in self.par.contracts]}

    def to_csv(self) -> dict[str, Any]:
        return self.to_dict() | {"contracts": "; ".join(str(c) for c in self.par.contracts)}


def par_rows(tables: Iterable["BoardTable"], rules: "Profile | None", report: Report, *,
             write_tags: bool = False) -> Iterator[tuple[Board, ParRow | None]]:
    """Each solved board with its par under ``rules`` (else its Scoring
    tag's profile), None when it has no table or no par (reported: ``no par:
    why``).  With ``write_tags`` the board gets OptimumScore, ParContract and
    the DD tags."""
    from .ddtags import board_par, board_vul_dealer, write_dd_tags, write_par_tags
    for bt in tables:
        if bt.table is None:
            yield bt.board, None
            continue
        try:
            profile, result = board_par(bt.board, bt.table, rules)
        except BridgekitError as e:
            report(bt.board, Message("no par: {why}", why=e), False)
            yield bt.board, None
            continue
        if write_tags:
            write_dd_tags(bt.board, bt.table, bt.deal)
            write_par_tags(bt.board, result)
        vul, dealer = board_vul_dealer(bt.board)
        yield bt.board, ParRow(bt.board.file or "-", bt.board.label, bt.board.room, profile.name, dealer, vul, result)
