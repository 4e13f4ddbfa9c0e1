"""``bridgekit dd``, ``par`` and ``analyse``: thin commands over
``bridgekit.analysis`` and the DDS adapter ``bridgekit.dds``."""

from __future__ import annotations

import sys
import textwrap
import time
from collections import deque
from typing import Any, Callable, Iterator

import click

from ..board import Board
from ..errors import BridgekitError, ExitStatus
from ..formats import estimate_boards
from ..rules import Profile
from ..seats import Seat
from ..analysis.run import DD_SEATS, DD_STRAINS
from ..printable import printable
from ..i18n import _, _n, _p
from ..notation import Message, par_contract_text, render_message, seat_letter, strain_text, vul_column
from ..render import render_postmortem
from .options import current_lang, from_option, lang_option, status_line
from .options import (RunStatus, SolverOptions, ascii_option, board_option, expand_inputs, iter_boards,
                      open_cli_solver, rules_option, solver_options, wants_ascii, warn, wide_option)
from .output import Column, RowWriter, column, output_options, rows_beside
from .safewrite import open_output, write_boards_out

_CTX = {"help_option_names": ["-h", "--help"]}


def _where(board: Board, path: str) -> str:
    from ..analysis.run import where
    return where(board, path, current_lang())


class _Progress:
    """Solving progress on stderr, only when stderr is a terminal: a
    ``click.progressbar`` of boards done against the input's estimated size
    (a moving bar when it cannot be estimated: standard input), with the
    tables solved per second and the time left.  It shows from the start
    (before the first batch is back) and is redrawn by ``tick`` while the
    solver works; ``finish`` clears the line (before a warning, and at the
    end: the bar is gone once the run is over, not left above the output,
    where click's own finish would leave it); it comes back at the next
    change."""

    def __init__(self, paths: tuple[str, ...], enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        total = estimate_boards(expand_inputs(paths, quiet=True)) if self.enabled else None
        self.solved = 0
        self.start = time.perf_counter()
        self.last = 0.0
        self.shown = False
        # Drawn by click (on stderr: click's bars go to stdout unless told);
        # no bar at all off a terminal.  An iterable of unknown length gives
        # click's moving bar.
        self.bar: Any = None if not self.enabled else click.progressbar(
            (_ for _ in ()) if total is None else None, length=total, file=sys.stderr, width=30,
            empty_char="-", bar_template="[%(bar)s] %(info)s", show_eta=False, show_percent=False,
            item_show_func=self._info)
        self._show(force=True)

    def _info(self, _item: Any) -> str:
        bar = self.bar
        elapsed = time.perf_counter() - self.start
        rate = self.solved / elapsed if elapsed > 0 else 0.0
        speed = f"{rate:.1f}/s" if self.solved else "solving"
        done = f"{bar.pos}/{bar.length}" if bar.length is not None else f"{bar.pos}"
        left = f", {_duration((bar.length - bar.pos) / rate)} left" if bar.length is not None and rate > 0 else ""
        return f"{done} boards, {speed}{left}, {_duration(elapsed)}"

    def __call__(self, solved: int, cached: int) -> None:
        self.solved += solved
        bar = self.bar
        if bar is None:
            return
        if bar.length is not None and bar.pos + solved + cached > bar.length:
            bar.length = bar.pos + solved + cached   # more boards than estimated
        bar.make_step(solved + cached)
        self._show(force=bool(solved))

    def tick(self) -> None:
        self._show(force=False)

    def _show(self, force: bool) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if not force and now - self.last < 0.2:
            return
        self.last = now
        self.bar.render_progress()
        self.shown = True

    def finish(self) -> None:
        if self.shown:
            status_line()
            self.shown = False


def _duration(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    return f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"


def _reporter(status: RunStatus, progress: _Progress) -> Callable[[Board, str, bool], None]:
    """A board's problem during a solver run: one line on stderr (the
    progress line cleared first); the solver's own failure (not the board's)
    means the run is not whole."""
    def report(board: Board, message: str, failed: bool) -> None:
        progress.finish()
        warn(Message("{where}: {what}", where=_where(board, board.file or "-"), what=message))
        if failed:
            status.fail(Message("the solver failed on some boards"))
        else:
            status.problems += 1
    return report


def _solved_boards(files: tuple[str, ...], status: RunStatus, solver: Any, progress: _Progress,
                   force: bool = False, recorded: str = "show", boards: tuple[str, ...] = ()) -> Iterator[Any]:
    """Every board of ``files`` with its DD table (``bridgekit.analysis.run.solved_boards``)."""
    from ..analysis.run import solved_boards
    return solved_boards(solver, iter_boards(files, status, boards=boards), _reporter(status, progress),
                         force=force, recorded=recorded, progress=progress, tick=progress.tick)


def _with_solver(opts: SolverOptions, run: Callable[[Any], int]) -> int:
    """Open the solver (before anything is read), run the command body with
    it, close it; a solver, cluster, cache or input error is one line, exit 3."""
    def body() -> int:
        with open_cli_solver(opts) as solver:
            return run(solver)
    return _guard(body)


def _drain(boards: Iterator[Board], output: str | None, what: str, progress: _Progress,
           inputs: tuple[str, ...], status: RunStatus, out: Any = None) -> bool:
    """Run the board stream to its end: into ``out`` (opened on ``output``,
    a file or ``-``, by ``open_output`` before the solver: committed only when
    the whole run succeeded) when given, else just through (the rows and
    table fill as it goes).  False when the output could not be written
    (already reported)."""
    try:
        if out is not None:
            with out:
                n = write_boards_out(boards, out, status)
            if n is not None and output != "-":
                click.echo(printable(render_message(Message.plural("wrote {n} board with {what} to {path}",
                                                                   "wrote {n} boards with {what} to {path}", n,
                                                                   what=what, path=output), False, current_lang())),
                           err=True)
            return n is not None
        for _ in boards:
            pass
        return True
    finally:
        progress.finish()


def _guard(run: Callable[[], int]) -> int:
    """Run a command body; a solver or input error becomes one line and exit 3."""
    try:
        return run()
    except BridgekitError as e:
        warn(e)
        return int(ExitStatus.UNREADABLE)


# -- dd ------------------------------------------------------------------------

@click.command(context_settings=_CTX)
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@from_option
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write the boards with DoubleDummyTricks and OptimumResultTable tags to this PBN file.")
@click.option("--force", is_flag=True, help="Solve every board again, whatever its tags and the cache say, "
                                            "and replace the -o file if it exists.")
@click.option("--verify", is_flag=True,
              help="Solve every board that has a DoubleDummyTricks tag (whoever wrote it; neither "
                   "the tag nor the cache is used) and report those that disagree (exit status 1).")
@board_option
@solver_options
@wide_option
@output_options()
@ascii_option
@lang_option
def dd(files: tuple[str, ...], output: str | None, force: bool, verify: bool, boards: tuple[str, ...],
       jobs: int | None, scheduler: str | None, cluster: str | None, cache_dir: str | None, no_cache: bool,
       wide: bool, fmt: str, ascii_: bool, lang: str) -> None:
    """Double-dummy tables: tricks for each declarer in each strain.

    One row per board: for each declarer (N S E W) the tricks its side takes
    in clubs, diamonds, hearts, spades and no trump with perfect play.  The
    `from` column says where a table comes from: `solved` now, `cache` (the
    deal cache: every table bridgekit solved on this machine, keyed by the
    deal), `tag` (a DoubleDummyTricks tag bridgekit wrote for this very deal;
    a tag whose deal was edited since is solved again) or `recorded` (a tag
    another program wrote, shown as recorded: --verify checks it).  With -o
    the boards are written with DoubleDummyTricks, its fingerprint and
    OptimumResultTable tags (and --json, --jsonl or --csv print the rows too).  Ctrl-C stops at once and keeps what was
    solved in the cache, so the next run resumes.  A progress bar shows on a
    terminal.  --scheduler and --cluster solve on Dask (docs/scaling.md).

    \b
    Examples:
      bridgekit dd samples/match.pbn
      bridgekit dd session.pbn -o session-dd.pbn
      bridgekit dd archive/*.pbn --verify
      bridgekit dd season/*.pbn --cluster local:4 --json
      bridgekit dd samples/match.pbn --lang fr
    """
    ascii_ = wants_ascii(ascii_)
    opts = SolverOptions(jobs, scheduler, cluster, cache_dir, no_cache)
    rows_beside(fmt, output)   # -o - with --json: refused before anything is solved
    out = open_output(output, files, replace=force) if output is not None else None   # refusals first
    ctx = click.get_current_context()
    ctx.exit(_with_solver(opts, lambda solver: _dd(files, output, force, verify, fmt, wide, ascii_,
                                                   solver, boards, out, lang)))


def _dd(files: tuple[str, ...], output: str | None, force: bool, verify: bool, fmt: str, wide: bool,
        ascii_: bool, solver: Any, boards: tuple[str, ...] = (), out: Any = None, lang: str = "en") -> int:
    from ..analysis.run import DDRun

    status = RunStatus()
    progress = _Progress(files, enabled=True)
    run = DDRun(_reporter(status, progress), verify=verify, write_tags=output is not None)
    # rows printed as the boards are solved (with -o the PBN file is the output)
    rows = RowWriter(fmt, lambda first: _dd_columns(first, ascii_, lang), wide=wide) if rows_beside(fmt, output) else None

    def boards_out() -> Iterator[Board]:
        # A generator, so that with -o the boards stream from reader to writer.
        tables = _solved_boards(files, status, solver, progress, force=force,
                                recorded="verify" if verify else "show", boards=boards)
        for board, row in run.rows(tables):
            if rows is not None and row is not None:
                rows.add(row)
            yield board

    if not _drain(boards_out(), output, Message("DD tables"), progress, files, status, out):
        return int(ExitStatus.UNREADABLE)
    if rows is not None:
        rows.close()
        if run.counts.sources["recorded"] and not wide:
            rows.note(_(lang, "(* as recorded by another program; --verify solves it again)"))
    summary = textwrap.fill(run.summary(solver.solved, status.problems - run.counts.differ + status.failed, lang),
                            80)
    _say(summary, rows, output)
    return int(status.exit_code)


def _say(line: str, rows: RowWriter | None, output: str | None) -> None:
    """A run's last line: on stderr when -o names the output (the rows, if
    any, are data), else under the table (not after JSON or CSV)."""
    if output is not None:
        click.echo(line, err=True)
    elif rows is not None:
        rows.note(line)


def _dd_columns(first: list[Any], ascii_: bool, lang: str = "en") -> list[Column]:
    """The dd table of ``DDRow``s: each declarer's tricks in the five strains
    (one column for the four of them, in 80 columns); the room beside the
    board when the boards have one; where a table comes from with --wide (a
    table another program recorded is marked * without it).  Headers, seats
    and strains in ``lang`` (the JSON and CSV keys stay as they are)."""
    strains = "".join(f"{strain_text(s, ascii_, lang):>3}" for s in DD_STRAINS)[1:]
    rooms = any(r.room for r in first)

    def board(r: Any) -> str:
        room = f" {r.room.lower()}" if rooms and r.room else ""
        return f"{r.board or '?'}{room}{'*' if r.source == 'recorded' else ''}"

    def tricks(seats: tuple[Seat, ...]) -> Callable[[Any], str]:
        return lambda r: " ".join("".join(f"{r.tricks(seat, s):>3}" for s in DD_STRAINS) for seat in seats)
    narrow = [Column(_(lang, "board"), board),
              Column(" ".join(f"{seat_letter(seat, lang)}{strains}" for seat in DD_SEATS), tricks(DD_SEATS))]
    wide = [column(_(lang, "board"), "board", wide=True)] \
        + ([column(_(lang, "room"), "room", wide=True)] if rooms else []) \
        + [Column(f"{seat_letter(seat, lang)}{strains}", tricks((seat,)), wide=True) for seat in DD_SEATS] \
        + [column(_(lang, "from"), "source", wide=True)]
    return [Column(c.header, c.cell, narrow=True) for c in narrow] + wide


# -- par -----------------------------------------------------------------------

@click.command(context_settings=_CTX)
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@from_option
@rules_option
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write the boards with OptimumScore, ParContract and DD tags to this PBN file.")
@click.option("--force", is_flag=True, help="Solve every board again, whatever its tags and the cache say, "
                                            "and replace the -o file if it exists.")
@board_option
@solver_options
@wide_option
@output_options()
@ascii_option
@lang_option
def par(files: tuple[str, ...], rules: Profile | None, output: str | None, force: bool, boards: tuple[str, ...],
        jobs: int | None, scheduler: str | None, cluster: str | None, cache_dir: str | None, no_cache: bool,
        wide: bool, fmt: str, ascii_: bool, lang: str) -> None:
    """Par score and contracts of every board, under a rules profile.

    Par is what perfect bidders reach when both sides know the double-dummy
    table: a side outbids when that pays it, failing contracts are doubled,
    and the auction stops where neither side gains by going on.  The score is
    for N/S.  Under `contract` it is DDS's par; under `auction-1920` and
    `auction-classic` bridgekit's own solver applies the same rule to the
    Auction Bridge scoring of a single deal (honours included).  Several
    contracts are listed when they give the same score.  Only DD tables tied to
    their deal are used (the deal cache, tags bridgekit wrote for that deal);
    a table another program recorded is solved again.  --scheduler and
    --cluster solve on Dask (docs/scaling.md).

    \b
    Examples:
      bridgekit par samples/match.pbn
      bridgekit par session.pbn --rules auction-1920
      bridgekit par session.pbn --json
      bridgekit par session.pbn -o session-par.pbn
      bridgekit par session.pbn --lang fr
    """
    ascii_ = wants_ascii(ascii_)
    opts = SolverOptions(jobs, scheduler, cluster, cache_dir, no_cache)
    rows_beside(fmt, output)   # -o - with --json: refused before anything is solved
    out = open_output(output, files, replace=force) if output is not None else None   # refusals first
    ctx = click.get_current_context()
    ctx.exit(_with_solver(opts, lambda solver: _par(files, rules, output, force, fmt, wide, ascii_,
                                                    solver, boards, out, lang)))


def _par(files: tuple[str, ...], rules: Profile | None, output: str | None, force: bool, fmt: str, wide: bool,
         ascii_: bool, solver: Any, boards: tuple[str, ...] = (), out: Any = None, lang: str = "en") -> int:
    from ..analysis.run import par_rows

    status = RunStatus()
    progress = _Progress(files, enabled=True)
    report = _reporter(status, progress)
    # rows printed as the boards are solved (with -o the PBN file is the output)
    rows = RowWriter(fmt, lambda first: _par_columns(first, ascii_, lang), wide=wide) \
        if rows_beside(fmt, output) else None
    count = 0

    def boards_out() -> Iterator[Board]:
        # A generator, so that with -o the boards stream from reader to writer.
        nonlocal count
        tables = _solved_boards(files, status, solver, progress, force=force, recorded="solve", boards=boards)
        for board, row in par_rows(tables, rules, report, write_tags=output is not None):
            if row is not None:
                count += 1
                if rows is not None:
                    rows.add(row)
            yield board

    if not _drain(boards_out(), output, Message("par and DD tags"), progress, files, status, out):
        return int(ExitStatus.UNREADABLE)
    if rows is not None:
        rows.close()
    _say(_n(lang, "{n} board", "{n} boards", count)
         + (_n(lang, "; {n} without par", "; {n} without par", status.problems) if status.problems else ""),
         rows, output)
    return int(status.exit_code)


def _par_columns(first: list[Any], ascii_: bool, lang: str = "en") -> list[Column]:
    """The par table: the room when the boards have one; the rules profile
    with --wide (the profile is --rules, or each board's Scoring tag).  The
    headers, seats, vulnerability and contracts in ``lang``."""
    rooms = any(r.room for r in first)
    return [column(_(lang, "board"), "board"), *([column(_(lang, "room"), "room")] if rooms else []),
            column(_p(lang, "column", "dlr"), "dealer_seat", show=lambda s: seat_letter(s, lang)),
            column(_p(lang, "column", "vul"), "vul", show=lambda v: vul_column(v, lang)),
            column(_(lang, "rules"), "rules", wide=True),
            Column(_(lang, "par N/S"), lambda r: f"{r.par.score:+d}" if r.par.score else "0", "right"),
            Column(_(lang, "par contracts"),
                   lambda r: "; ".join(par_contract_text(c, ascii_, lang) for c in r.par.contracts)
                   if r.par.contracts else _(lang, "passed out"))]


# -- analyse -------------------------------------------------------------------

@click.command(context_settings=_CTX)
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@from_option
@board_option
@solver_options
@output_options(csv=False)
@lang_option
@ascii_option
def analyse(files: tuple[str, ...], boards: tuple[str, ...], jobs: int | None, scheduler: str | None,
            cluster: str | None, cache_dir: str | None, no_cache: bool, fmt: str, lang: str, ascii_: bool) -> None:
    """Double-dummy post-mortem of the recorded play, trick by trick.

    Before every card the solver values each card the player could have
    played.  Numbers are tricks for declarer's side over the whole deal with
    perfect play from there: a card that lowers it was a declarer's mistake,
    one that raises it a defender's.  For every trick: the cards in order, the
    double-dummy total after it, and each mistake with what it cost and the
    cards that were best; then each player's first mistake.  Boards without a
    recorded play are skipped (exit status 1 when none could be analysed).

    \b
    Examples:
      bridgekit analyse session.pbn --board 7
      bridgekit analyse session.pbn --board 7 --json
      bridgekit analyse season.pbn --cluster local:4 --json
    """
    ascii_ = wants_ascii(ascii_)
    opts = SolverOptions(jobs, scheduler, cluster, cache_dir, no_cache)
    ctx = click.get_current_context()
    ctx.exit(_with_solver(opts, lambda solver: _analyse(files, boards, fmt, ascii_, solver, lang)))


def _analyse(files: tuple[str, ...], wanted_boards: tuple[str, ...], fmt: str, ascii_: bool,
             solver: Any, lang: str = "en") -> int:
    from ..analysis.postmortem import PostMortemError, try_analyse_board

    status = RunStatus()
    # a table: each board's post-mortem as text (bridgekit.render), printed as each board is done
    rows = RowWriter(fmt, text=lambda pm: render_postmortem(pm, ascii_, lang))
    analysed = 0
    skipped: list[Message] = []
    seen = 0

    def wanted() -> Iterator[Board]:
        nonlocal seen
        for board in iter_boards(files, status, boards=wanted_boards):
            seen += 1
            if board.play is None and not wanted_boards:
                continue
            yield board

    boards: deque[Board] = deque()   # the boards in flight, to name them (the results come back in order)

    def remember() -> Iterator[Board]:
        for board in wanted():
            boards.append(board)
            yield board

    for outcome in solver.map(try_analyse_board, remember()):
        board = boards.popleft()
        if not isinstance(outcome, PostMortemError):
            rows.add(outcome)
            analysed += 1
        else:
            line = Message("{where}: {what}", where=_where(board, board.file or "-"), what=outcome.reason)
            if board.play is not None:
                warn(line)   # a recorded play that cannot be analysed
                status.problems += 1
            else:
                skipped.append(line)
    if not analysed and seen and not status.unreadable and not status.problems:
        for line in skipped:
            warn(line)
        if not wanted_boards:
            warn(Message("{files}: no board with a recorded play to analyse", files=", ".join(files)))
        return int(ExitStatus.PROBLEMS)
    rows.close()
    return int(status.exit_code)
