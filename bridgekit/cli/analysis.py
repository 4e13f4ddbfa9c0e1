"""``bridgekit dd``, ``par`` and ``analyse``: thin commands over
``bridgekit.analysis`` and the DDS adapter ``bridgekit.dds``."""

from __future__ import annotations

import csv as _csv
import json
import os
import sys
import time
from collections import deque
from typing import Any, Callable, Iterator

import click
from tabulate import tabulate

from ..board import Board
from ..cards import Strain
from ..contract import Contract
from ..errors import BridgekitError, ExitStatus
from ..rules import Profile
from ..seats import Seat
from .options import (RunStatus, SolverOptions, ascii_option, board_option, iter_boards, open_cli_solver,
                      output_options, plural, rules_option, solver_options, wants_ascii)
from .safewrite import open_output, write_boards_out

_CTX = {"help_option_names": ["-h", "--help"]}
_DD_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
_STRAINS = (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)


def _where(board: Board, path: str) -> str:
    parts = [board.file or path]
    if board.line is not None:
        parts.append(f"line {board.line}")
    parts.append(f"board {board.label or '?'}")
    return ", ".join(parts)


class _RowStream:
    """JSON (an array, one object a board) or CSV rows printed as the boards
    are done, so memory stays flat however many boards a run has."""

    def __init__(self, as_json: bool, as_csv: bool, csv_row: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        self.as_json, self.as_csv, self.csv_row = as_json, as_csv, csv_row
        self.count = 0
        self._csv: Any = None

    def add(self, row: dict[str, Any]) -> None:
        if self.as_json:
            text = json.dumps(row, indent=1, ensure_ascii=False).replace("\n", "\n ")
            sys.stdout.write(("[\n " if not self.count else ",\n ") + text)
        elif self.as_csv:
            flat = self.csv_row(row)
            if self._csv is None:
                self._csv = _csv.DictWriter(sys.stdout, fieldnames=list(flat), lineterminator="\n")
                self._csv.writeheader()
            self._csv.writerow(flat)
        self.count += 1

    def close(self) -> None:
        if self.as_json:
            sys.stdout.write("\n]\n" if self.count else "[]\n")
        sys.stdout.flush()


def _count_boards(paths: tuple[str, ...]) -> int | None:
    """A cheap board count for the progress bar (``[Deal`` tags, LIN ``md|``)."""
    total = 0
    for path in paths:
        if path == "-" or not os.path.isfile(path):
            return None
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            return None
        total += data.count(b"[Deal ") or data.count(b"md|")
    return total


class _Progress:
    """A one-line progress bar on stderr, only when stderr is a terminal:
    boards done, tables solved per second, time left.  It shows from the
    start (before the first batch is back) and is refreshed by ``tick`` while
    the solver works."""

    def __init__(self, paths: tuple[str, ...], enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.total = _count_boards(paths) if self.enabled else None
        self.done = 0
        self.solved = 0
        self.start = time.perf_counter()
        self.last = 0.0
        self.shown = False
        self._show(force=True)

    def __call__(self, solved: int, cached: int) -> None:
        self.done += solved + cached
        self.solved += solved
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
        elapsed = now - self.start
        rate = self.solved / elapsed if elapsed > 0 else 0.0
        speed = f"{rate:.1f}/s" if self.solved else "solving"
        if self.total:
            width = 30
            frac = min(1.0, self.done / self.total)
            bar = "#" * int(frac * width) + "-" * (width - int(frac * width))
            left = f", {_duration((self.total - self.done) / rate)} left" if rate > 0 else ""
            text = f"[{bar}] {self.done}/{self.total} boards, {speed}{left}, {_duration(elapsed)}"
        else:
            text = f"{self.done} boards, {speed}, {_duration(elapsed)}"
        sys.stderr.write("\r" + text + "\x1b[K")
        sys.stderr.flush()
        self.shown = True

    def finish(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.shown = False


def _duration(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    return f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"


def _solved_boards(files: tuple[str, ...], status: RunStatus, solver: Any, progress: _Progress,
                   force: bool = False, recorded: str = "show", boards: tuple[str, ...] = ()) -> Iterator[Any]:
    """Every board of ``files`` with its DD table (a ``BoardTable``), one
    stream over all files (a deal repeated across them is solved once); a
    board that cannot be solved gets one line on stderr and counts as a
    problem."""
    for bt in solver.solve_boards(iter_boards(files, status, boards=boards), force=force, recorded=recorded,
                                  progress=progress, tick=progress.tick):
        if bt.error is not None:
            progress.finish()
            click.echo(f"bridgekit: {_where(bt.board, bt.board.file or '-')}: not solved: {bt.error}", err=True)
            status.problems += 1
        yield bt


def _with_solver(opts: SolverOptions, run: Callable[[Any], int]) -> int:
    """Open the solver (before anything is read), run the command body with
    it, close it; a solver, cluster, cache or input error is one line, exit 3."""
    def body() -> int:
        with open_cli_solver(opts) as solver:
            return run(solver)
    return _guard(body)


def _drain(boards: Iterator[Board], output: str | None, what: str, progress: _Progress,
           inputs: tuple[str, ...], status: RunStatus) -> bool:
    """Run the board stream to its end: into ``output`` (a PBN file or ``-``,
    written through bridgekit.safeio: committed only when every input was read)
    when given, else just through (the rows and table fill as it goes).
    False when the output could not be written (already reported)."""
    try:
        if output is not None:
            with open_output(output, inputs) as out:
                n = write_boards_out(boards, out, status)
            if n is not None and output != "-":
                click.echo(f"wrote {plural(n, 'board')} with {what} to {output}", err=True)
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
        click.echo(f"bridgekit: {e}", err=True)
        return int(ExitStatus.UNREADABLE)


# -- dd ------------------------------------------------------------------------

@click.command(context_settings=_CTX)
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write the boards with DoubleDummyTricks and OptimumResultTable tags to this PBN file.")
@click.option("--force", is_flag=True, help="Solve every board again, whatever its tags and the cache say.")
@click.option("--verify", is_flag=True,
              help="Solve the boards whose DoubleDummyTricks tag another program wrote and report "
                   "those that disagree (exit status 1).")
@board_option
@solver_options
@output_options()
@ascii_option
def dd(files: tuple[str, ...], output: str | None, force: bool, verify: bool, boards: tuple[str, ...],
       jobs: int | None, scheduler: str | None, cluster: str | None, cache_dir: str | None, no_cache: bool,
       as_json: bool, as_csv: bool, ascii_: bool) -> None:
    """Double-dummy tables: tricks for each declarer in each strain.

    One row per board: for each declarer (N S E W) the tricks its side takes
    in clubs, diamonds, hearts, spades and no trump with perfect play.  The
    `from` column says where a table comes from: `solved` now, `cache` (the
    deal cache: every table bridgekit solved on this machine, keyed by the
    deal), `tag` (a DoubleDummyTricks tag bridgekit wrote for this very deal;
    a tag whose deal was edited since is solved again) or `recorded` (a tag
    another program wrote, shown as recorded: --verify checks it).  With -o
    the boards are written with DoubleDummyTricks, its fingerprint and
    OptimumResultTable tags.  Ctrl-C stops at once and keeps what was
    solved in the cache, so the next run resumes.  A progress bar shows on a
    terminal.  --scheduler and --cluster solve on Dask (docs/scaling.md).

    \b
    Examples:
      bridgekit dd samples/match.pbn
      bridgekit dd session.pbn -o session-dd.pbn
      bridgekit dd archive/*.pbn --verify
      bridgekit dd season/*.pbn --cluster local:4 --json
    """
    ascii_ = wants_ascii(ascii_)
    opts = SolverOptions(jobs, scheduler, cluster, cache_dir, no_cache)
    ctx = click.get_current_context()
    ctx.exit(_with_solver(opts, lambda solver: _dd(files, output, force, verify, as_json, as_csv, ascii_,
                                                   solver, boards)))


def _dd(files: tuple[str, ...], output: str | None, force: bool, verify: bool, as_json: bool, as_csv: bool,
        ascii_: bool, solver: Any, boards: tuple[str, ...] = ()) -> int:
    from ..analysis.ddtags import table_convention, write_dd_tags

    status = RunStatus()
    progress = _Progress(files, enabled=True)
    rows = _RowStream(as_json, as_csv, lambda r: {
        "file": r["file"], "board": r["board"],
        **{f"{seat}_{s}": r["tricks"][seat][s] for seat in "NSEW" for s in ("C", "D", "H", "S", "NT")},
        "from": r["from"]})
    table: list[list[str]] = []
    counts = dict.fromkeys(("boards", "solved", "cache", "tag", "recorded", "stale", "verified", "differ"), 0)
    show_table = output is None and not as_json and not as_csv
    keep_rows = as_json or as_csv

    def boards_out() -> Iterator[Board]:
        # A generator, so that with -o the boards stream from reader to writer.
        for bt in _solved_boards(files, status, solver, progress, force=force,
                                 recorded="solve" if verify else "show", boards=boards):
            counts["boards"] += 1
            counts["stale"] += bt.stale
            if bt.table is not None:
                counts[bt.source] += 1
                if verify and bt.recorded is not None and not bt.stale:
                    counts["verified"] += 1
                    if bt.recorded != bt.table:
                        counts["differ"] += 1
                        status.problems += 1
                        form = table_convention(bt.table, {(s, t): bt.recorded.tricks(s, t)
                                                           for s in Seat for t in Strain})
                        why = f" (it is written in the {form} form)" if form else ""
                        progress.finish()
                        click.echo(f"bridgekit: {_where(bt.board, bt.board.file or '-')}: DoubleDummyTricks "
                                   f"{bt.recorded.to_pbn()} disagrees with DDS {bt.table.to_pbn()}{why}", err=True)
                if output is not None and bt.source != "recorded":
                    write_dd_tags(bt.board, bt.table, bt.deal)
                if keep_rows:
                    rows.add({"file": bt.board.file, "board": bt.board.label,
                              "tricks": bt.table.as_dict(), "dd": bt.table.to_pbn(), "from": bt.source})
                if show_table:
                    table.append([bt.board.label or "?", bt.board.room or ""]
                                 + ["  " + " ".join(f"{bt.table.tricks(seat, s):>2}" for s in _STRAINS)
                                    for seat in _DD_SEATS] + [bt.source])
            yield bt.board

    if not _drain(boards_out(), output, "DD tables", progress, files, status):
        return int(ExitStatus.UNREADABLE)
    rows.close()
    if table:
        names = " ".join(f"{s.symbol(ascii_):>2}" for s in _STRAINS)
        headers = ["board", "room"] + [f"{seat.name}:{names}" for seat in _DD_SEATS] + ["from"]
        table, headers = _drop_empty_column(table, headers, 1)
        click.echo(_tabulate_keeping_spaces(table, headers))
    if not as_json and not as_csv or output is not None:
        click.echo(_dd_summary(counts, solver.solved, status.problems - counts["differ"]), err=output is not None)
    return int(status.exit_code)


def _dd_summary(counts: dict[str, int], solved: int, unsolved: int) -> str:
    n = counts["boards"]
    repeats = counts["solved"] - solved
    parts = [f"{solved} solved" + (f" ({repeats} more board{'' if repeats == 1 else 's'} repeat those deals)"
                                   if repeats > 0 else ""),
             f"{counts['cache']} from the cache"]
    tags = counts["tag"] + counts["recorded"]
    if tags:
        parts.append(f"{tags} from DoubleDummyTricks tags" +
                     (f" ({counts['recorded']} as recorded by other programs)" if counts["recorded"] else ""))
    text = f"{n} board{'' if n == 1 else 's'}: " + ", ".join(parts)
    if counts["stale"]:
        text += f"; {counts['stale']} tags not for their deal (edited since written) solved again"
    if counts["verified"]:
        text += f"; {counts['verified']} tags verified, {counts['differ']} disagree"
    if unsolved:
        text += f"; {unsolved} not solved"
    return text


def _drop_empty_column(rows: list[list[str]], headers: list[str], i: int) -> tuple[list[list[str]], list[str]]:
    """Leave out column ``i`` when no row has anything in it."""
    if any(r[i] for r in rows):
        return rows, headers
    return [r[:i] + r[i + 1:] for r in rows], headers[:i] + headers[i + 1:]


def _tabulate_keeping_spaces(rows: list[list[str]], headers: list[str]) -> str:
    """tabulate, with the padding inside cells kept (so digits line up under
    the suit symbols of the header): a keyword since tabulate 0.10, a module
    setting before."""
    import inspect

    import tabulate as _tabulate_module
    if "preserve_whitespace" in inspect.signature(tabulate).parameters:
        return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True,
                        preserve_whitespace=True, colalign=["left"] * len(headers))
    saved = _tabulate_module.PRESERVE_WHITESPACE
    _tabulate_module.PRESERVE_WHITESPACE = True
    try:
        return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True,
                        colalign=["left"] * len(headers))
    finally:
        _tabulate_module.PRESERVE_WHITESPACE = saved


# -- par -----------------------------------------------------------------------

@click.command(context_settings=_CTX)
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@rules_option
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write the boards with OptimumScore, ParContract and DD tags to this PBN file.")
@click.option("--force", is_flag=True, help="Solve every board again, whatever its tags and the cache say.")
@board_option
@solver_options
@output_options()
@ascii_option
def par(files: tuple[str, ...], rules: Profile | None, output: str | None, force: bool, boards: tuple[str, ...],
        jobs: int | None, scheduler: str | None, cluster: str | None, cache_dir: str | None, no_cache: bool,
        as_json: bool, as_csv: bool, ascii_: bool) -> None:
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
    """
    ascii_ = wants_ascii(ascii_)
    opts = SolverOptions(jobs, scheduler, cluster, cache_dir, no_cache)
    ctx = click.get_current_context()
    ctx.exit(_with_solver(opts, lambda solver: _par(files, rules, output, force, as_json, as_csv, ascii_,
                                                    solver, boards)))


def _contract_symbols(text: str, ascii_: bool) -> str:
    if ascii_:
        return text
    for strain in (Strain.S, Strain.H, Strain.D, Strain.C):
        text = text.replace(f"{strain.name}X", f"{strain.symbol()}X").replace(f"{strain.name}=", f"{strain.symbol()}=")
        text = text.replace(f"{strain.name}+", f"{strain.symbol()}+").replace(f"{strain.name}-", f"{strain.symbol()}-")
    return text


def _par(files: tuple[str, ...], rules: Profile | None, output: str | None, force: bool, as_json: bool,
         as_csv: bool, ascii_: bool, solver: Any, boards: tuple[str, ...] = ()) -> int:
    from ..analysis.ddtags import board_par, board_vul_dealer, write_dd_tags, write_par_tags

    status = RunStatus()
    progress = _Progress(files, enabled=True)
    rows = _RowStream(as_json, as_csv, lambda r: {**r, "contracts": "; ".join(r["contracts"])})
    table: list[list[str]] = []
    count = [0]
    show_table = output is None and not as_json and not as_csv

    def boards_out() -> Iterator[Board]:
        # A generator, so that with -o the boards stream from reader to writer.
        for bt in _solved_boards(files, status, solver, progress, force=force, recorded="solve", boards=boards):
            path = bt.board.file or "-"
            if bt.table is None:
                yield bt.board
                continue
            try:
                profile, result = board_par(bt.board, bt.table, rules)
            except BridgekitError as e:
                progress.finish()
                click.echo(f"bridgekit: {_where(bt.board, path)}: no par: {e}", err=True)
                status.problems += 1
                yield bt.board
                continue
            count[0] += 1
            if output is not None:
                write_dd_tags(bt.board, bt.table, bt.deal)
                write_par_tags(bt.board, result)
            vul, dealer = board_vul_dealer(bt.board)
            contracts = [str(c) for c in result.contracts]
            row = {"file": bt.board.file or path, "board": bt.board.label, "rules": profile,
                   "dealer": dealer.name if dealer is not None else None,
                   "vulnerable": str(vul) if vul is not None else None,
                   "score_ns": result.score, "contracts": contracts}
            if as_json or as_csv:
                rows.add(row)
            if show_table:
                table.append([bt.board.label or "?", bt.board.room or "", row["dealer"] or "",
                              row["vulnerable"] or "", profile, f"{result.score:+d}" if result.score else "0",
                              _contract_symbols("; ".join(contracts), ascii_) if contracts else "passed out"])
            yield bt.board

    if not _drain(boards_out(), output, "par and DD tags", progress, files, status):
        return int(ExitStatus.UNREADABLE)
    rows.close()
    if table:
        table, headers = _drop_empty_column(
            table, ["board", "room", "dlr", "vul", "rules", "par N/S", "par contracts"], 1)
        click.echo(tabulate(table, headers=headers, tablefmt="simple", disable_numparse=True))
    if not as_json and not as_csv or output is not None:
        click.echo(plural(count[0], "board") + (f"; {status.problems} without par" if status.problems else ""),
                   err=output is not None)
    return int(status.exit_code)


# -- analyse -------------------------------------------------------------------

@click.command(context_settings=_CTX)
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@board_option
@solver_options
@output_options(csv=False)
@ascii_option
def analyse(files: tuple[str, ...], boards: tuple[str, ...], jobs: int | None, scheduler: str | None,
            cluster: str | None, cache_dir: str | None, no_cache: bool, as_json: bool, ascii_: bool) -> None:
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
    ctx.exit(_with_solver(opts, lambda solver: _analyse(files, boards, as_json, ascii_, solver)))


def _analyse(files: tuple[str, ...], wanted_boards: tuple[str, ...], as_json: bool, ascii_: bool,
             solver: Any) -> int:
    from ..analysis.postmortem import PostMortemError, try_analyse_board

    status = RunStatus()
    results = []
    rooms: list[str | None] = []
    skipped: list[str] = []
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
            results.append(outcome)
            rooms.append(board.room)
        else:
            e = outcome
            line = f"bridgekit: {_where(board, board.file or '-')}: {e.reason}"
            if board.play is not None:
                click.echo(line, err=True)   # a recorded play that cannot be analysed
                status.problems += 1
            else:
                skipped.append(line)
    if not results and seen and not status.unreadable and not status.problems:
        for line in skipped:
            click.echo(line, err=True)
        if not wanted_boards:
            click.echo(f"bridgekit: {', '.join(files)}: no board with a recorded play to analyse", err=True)
        return int(ExitStatus.PROBLEMS)
    if as_json:
        click.echo(json.dumps([{**pm.to_dict(), "room": room} for pm, room in zip(results, rooms)],
                              indent=1, ensure_ascii=False))
    elif results:  # nothing analysed (an unreadable file): no blank line on stdout
        click.echo("\n\n".join(_render_postmortem(pm, room, ascii_) for pm, room in zip(results, rooms)))
    return int(status.exit_code)


def _render_postmortem(pm: Any, room: str | None, ascii_: bool) -> str:
    try:
        contract = Contract.parse(pm.contract).symbol(ascii_)
    except BridgekitError:
        contract = pm.contract
    who = pm.declarer.full_name
    name = f"Board {pm.board or '?'}" + (f" ({room} room)" if room else "")
    n = len(pm.verdicts)
    if n == 52:
        when = "at the end"
    elif n % 4 == 0:
        when = f"after trick {n // 4} (the last recorded)"
    else:
        when = f"after card {n % 4} of trick {n // 4 + 1} (the last recorded)"
    lines = [f"{name}: {contract} by {who}. Double dummy {pm.start} tricks for declarer's side at the "
             f"start, {pm.end} {when}" + (f"; recorded result {pm.recorded}." if pm.recorded is not None else ".")]
    if n < 52 and pm.recorded is not None and pm.recorded != pm.end:
        lines.append(f"The play stops with a claim or concession of {pm.recorded} tricks for declarer's side; "
                     f"double dummy gives {pm.end} from there.")
    lines.append(f"Declarer's side threw away {pm.declarer_cost} trick(s), the defence {pm.defence_cost}.")
    rows = []
    for t in range(0, len(pm.verdicts), 4):
        trick = pm.verdicts[t:t + 4]
        cards = "  ".join(f"{v.seat.name} {v.card.symbol(ascii_)}" + ("?" if v.cost else "") for v in trick)
        notes = "; ".join(f"{v.seat.name} {v.card.symbol(ascii_)} cost {v.cost} (best "
                          + " ".join(c.symbol(ascii_) for c in v.best) + ")" for v in trick if v.cost)
        rows.append([trick[0].trick, cards, trick[-1].after, notes])
    lines.append("")
    lines.append(tabulate(rows, headers=["trick", "cards (in order played)", "DD", "mistakes"],
                          tablefmt="simple", disable_numparse=True))
    firsts = pm.first_mistakes()
    parts = []
    for seat in Seat:
        v = firsts[seat]
        parts.append(f"{seat.name}: " + ("none" if v is None else
                                          f"trick {v.trick}, {v.card.symbol(ascii_)} (cost {v.cost})"))
    lines.append("")
    lines.append("First mistakes: " + "; ".join(parts))
    return "\n".join(lines)
