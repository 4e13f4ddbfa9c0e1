"""``bridgekit event``: a whole session scored (thin over ``bridgekit.event``)."""

from __future__ import annotations

from typing import Any, Iterator

import click

from ..board import Board
from ..errors import ExitStatus
from ..errors import BridgekitError
from ..event import (CrossScale, Event, EventOptions, Movement, Scale, ScoringMethod, add_sessions, find_method,
                     method_names, read_event)
from ..event.text import event_text
from ..rules import Profile
from ..printable import printable
from ..i18n import _n
from ..notation import Message
from .options import error_text, from_option, lang_option
from .options import (RunStatus, ascii_option, expand_inputs, input_format, iter_boards, rules_option,
                      wants_ascii, warn)
from .output import output_one, output_options
from ..reports import EventReport
from .safewrite import open_output, write_boards_out

_CTX = {"help_option_names": ["-h", "--help"]}


def _choice(enum: Any) -> click.Choice:
    return click.Choice([m.value for m in enum], case_sensitive=False)


class MethodType(click.ParamType):
    """A scoring method by name, looked up in the registry when parsed (a
    method registered after import is accepted)."""

    name = "method"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> ScoringMethod:
        if isinstance(value, ScoringMethod):
            return value
        try:
            return find_method(str(value))
        except BridgekitError as e:
            self.fail(error_text(e), param, ctx)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(method_names()) + "]"


@click.command(context_settings=_CTX)
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@from_option
@click.option("--method", type=MethodType(), default=None,
              help="mp (matchpoints), butler (IMPs against a datum) or cross-imps.  "
                   "Default: the Scoring tag (IMP;Butler... butler, anything else mp).")
@click.option("--mp-scale", "scale", type=_choice(Scale), default=None,
              help="Matchpoint scale: acbl (1 per result beaten, 1/2 per tie; the default) "
                   "or ebu (2 and 1).")
@click.option("--trim", type=click.IntRange(0, 10), default=None,
              help="Butler: scores dropped at each end before taking the mean "
                   "(default 1 from 5 results, else 0).")
@click.option("--cross-scale", "cross_scale", type=_choice(CrossScale), default=None,
              help="Cross-IMPs on a board: sum (over the comparisons, the file's IMP;Cross), per-score "
                   "(Cross1) or per-comparison (Cross2).  Default: the Scoring tag, else per-comparison.")
@click.option("--vp-scale", "vp_scale", type=click.Choice(["wbf-2013", "imps"], case_sensitive=False),
              default=None, help="Team events: victory points on the WBF 2013 continuous 20-VP scale "
                                 "(wbf-2013, the default) or none (imps: the IMP margin itself).")
@click.option("--across-field", is_flag=True, help="Compare every section's results together.")
@click.option("--movement", type=_choice(Movement), default="auto", show_default=True,
              help="mitchell ranks each direction, howell one field; auto looks at the pairs.")
@click.option("--avg-plus", "avg_plus", type=click.FloatRange(0, 100), default=60.0, show_default=True,
              help="Matchpoint percentage of an A+ (average plus).")
@click.option("--avg-minus", "avg_minus", type=click.FloatRange(0, 100), default=40.0, show_default=True,
              help="Matchpoint percentage of an A- (average minus).")
@click.option("--avg-session", "avg_session", is_flag=True,
              help="Matchpoints: an A+ is 60%% or the pair's percentage on its other boards if higher, "
                   "an A- 40%% or it if lower (WBF Laws Committee 1998; default: 60%% and 40%% fixed).")
@click.option("--avg-imps", "avg_imps", type=click.FloatRange(0, 24), default=3.0, show_default=True,
              help="IMPs of an A+ (and minus those of an A-) under IMP methods.")
@click.option("--swiss", is_flag=True,
              help="Team events: also the next round's pairing from the standings (Swiss: the best "
                   "placed against the best placed they have not met).")
@rules_option
@click.option("--ranking", "ranking_only", is_flag=True, help="Only the ranking (no travellers).")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write the boards with computed MP or IMP columns and a TotalScoreTable to this PBN "
                   "file (- for standard output, instead of the report), or the results page to "
                   "OUT.html (ranking, boards with hand records, scorecards); never one of the inputs.")
@click.option("--force", is_flag=True, help="Replace the -o file if it exists.")
@output_options()
@lang_option
@ascii_option
def event(files: tuple[str, ...], method: ScoringMethod | None, scale: str | None, trim: int | None,
          cross_scale: str | None, vp_scale: str | None,
          across_field: bool, movement: str, avg_plus: float, avg_minus: float, avg_session: bool, avg_imps: float,
          swiss: bool, rules: Profile | None, ranking_only: bool, output: str | None, force: bool, fmt: str,
          lang: str, ascii_: bool) -> None:
    """Score a pairs or teams event: travellers and ranking.

    Each board's results come from its ScoreTable rows (as BridgeComposer,
    ScoreBridge or Ruter export them) or from several game records of the
    board.  Every row is checked and scored under the board's vulnerability;
    recorded scores, matchpoints, IMPs and Butler datums that differ are
    reported on stderr, with bad rows (file, line, board, row).  Arbitrary
    scores: A, A+, A-, 60%, Not played.  Exit status 1 when something was
    reported.

    \b
    Examples:
      bridgekit event session.pbn
      bridgekit event session.pbn --method butler --ranking
      bridgekit event session.pbn --mp-scale ebu --json
      bridgekit event a.pbn b.pbn --across-field -o scored.pbn
      bridgekit event session.pbn -o results.html
    """
    ascii_ = wants_ascii(ascii_)
    profile = rules
    # refused before reading (OUT = IN, an existing OUT without --force, an extension bridgekit does not write...)
    page = output is not None and output.lower().endswith((".html", ".htm"))
    out = open_output(output, files, replace=force, boards=not page) if output is not None else None
    options = EventOptions(method=method,
                           scale=Scale(scale.lower()) if scale else None, trim=trim,
                           across_field=across_field, movement=Movement(movement.lower()),
                           average_plus=avg_plus, average_minus=avg_minus, average_imps=avg_imps,
                           session_averages=avg_session, vp_scale=vp_scale,
                           profile=profile, cross_scale=CrossScale(cross_scale.lower()) if cross_scale else None)
    status = RunStatus()
    ctx = click.get_current_context()
    boards: list[Board] = []
    stream = iter_boards(files, status)
    if output is not None:
        boards = list(stream)
    ev = read_event(boards if output is not None else stream, options, keep_boards=output is not None)
    inputs = expand_inputs(files, quiet=True)
    if len(inputs) > 1:   # several sessions: each one's own ranking too (read again, quietly)
        add_sessions(ev, ((name, _session_boards(name)) for name in inputs), options)
    if swiss:
        _next_round(ev)
    if not report_event(ev, fmt if output != "-" else None, ascii_, ranking_only, lang):
        ctx.exit(int(status.exit_code or ExitStatus.PROBLEMS))
    if out is not None and output is not None and page:
        ctx.exit(_write_results_page(ev, boards, out, output, status, ascii_, rules, lang))
    if out is not None:
        from ..event import write_event
        write_event(ev)
        with out:  # committed only when every input was read (bridgekit.safeio)
            if write_boards_out(boards, out, status, since=0) is None:
                ctx.exit(int(ExitStatus.UNREADABLE))
        if output != "-":
            click.echo(printable(_n(lang, "wrote {n} board with {unit} columns and a TotalScoreTable to {path}",
                                    "wrote {n} boards with {unit} columns and a TotalScoreTable to {path}",
                                    len(boards), unit=ev.method.unit, path=output)), err=True)
    status.problems = len(ev.problems)
    ctx.exit(int(status.exit_code))


def _write_results_page(ev: Event, boards: list[Board], out: Any, output: str, status: RunStatus,
                        ascii_: bool, rules: Profile | None, lang: str = "en") -> int:
    """The results page (ranking, boards with their hand record and
    traveller, scorecards) written whole to ``out``; the deals solved double
    dummy through the deal cache.  Returns the exit status."""
    from ..errors import BridgekitError
    from ..event.html import render_results_html
    from ..handrecord import HandRecord, build_hand_record, hand_record_tables
    from ..safeio import OutputChanged
    record: HandRecord | None
    try:
        record = build_hand_record(hand_record_tables(boards), rules=rules, ascii=ascii_, lang=lang)
    except (BridgekitError, OSError, ImportError) as e:   # no solver here: the page without DD tables
        warn(Message("no double-dummy tables on the page: {why}", why=e))
        record = None
    from ..handrecord import format_date
    head = boards[0] if boards else None
    title = (head.get("Event") or "").strip() if head is not None else ""
    when = [(head.get(t) or "").strip() for t in ("Site", "Date")] if head is not None else []
    subtitle = " \u00b7 ".join(x for x in (when[0] if when else "", format_date(when[1], lang) if when else "")
                               if x and x != "?")
    page = render_results_html(ev, record if record is not None and record.boards else None,
                               title=title if title and title != "?" else None, subtitle=subtitle, ascii=ascii_,
                               lang=lang)
    with out:
        if status.unreadable:
            warn(Message("{path} not written (an input could not be read)", path=output))
            return int(status.exit_code)
        try:
            out.stream.write(page)
            out.commit()
        except OutputChanged as e:
            warn(e)
            return int(ExitStatus.UNREADABLE)
        except OSError as e:
            if output == "-":
                raise
            warn(Message("cannot write {path}: {why}", path=output, why=e.strerror or str(e)))
            return int(ExitStatus.UNREADABLE)
    if output != "-":
        click.echo(_n(lang, "wrote the results page ({n} board) to {path}",
                      "wrote the results page ({n} boards) to {path}", len(ev.boards), path=output), err=True)
    status.problems = len(ev.problems)
    return int(status.exit_code)


def _next_round(ev: Event) -> None:
    """The next Swiss round on the event (``next_round``), or a line saying why there is none."""
    from ..event.movements import swiss_pairings
    if not ev.method.for_teams:
        warn(Message("--swiss pairs the teams of a team event: this is not one"))
        return
    played = {frozenset((m.home, m.away)) for m in ev.matches}
    try:
        ev.next_round = swiss_pairings([t.team for t in ev.teams], played)
    except ValueError as e:
        warn(e)


def _session_boards(name: str) -> Iterator[Board]:
    """The boards of one session file, read a second time for its own
    ranking (the total streamed them once, in bounded memory); a file that
    cannot be read (already reported) gives none."""
    from ..formats import read_boards
    try:
        yield from read_boards(name, fmt=input_format())
    except (BridgekitError, OSError):
        return


def report_event(ev: Event, fmt: str | None, ascii_: bool, ranking_only: bool = False, lang: str = "en") -> bool:
    """Print what was found wrong (stderr) and the event in ``fmt`` (table,
    JSON, CSV...; None: nothing on stdout).  False when there was nothing to
    score (said on stderr).  ``event`` and ``match --mp`` both report here."""
    for p in ev.problems:
        warn(p.render(lang, ascii_))
    if not ev.boards:
        warn(Message("no results to score (no ScoreTable rows, no game record with a Board tag and a result)"))
        return False
    if fmt is not None:   # None: standard output carries the PBN written by the caller
        output_one(EventReport(ev, ranking_only), fmt,
                   lambda report: event_text(report.event, ascii_, report.ranking_only, lang))
    return True
