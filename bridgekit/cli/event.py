"""``bridgekit event``: a whole session scored (thin over ``bridgekit.event``)."""

from __future__ import annotations

import textwrap
from collections import Counter
from typing import Any, Iterator

import click

from ..board import Board
from ..errors import ExitStatus
from ..errors import BridgekitError
from ..event import (CrossScale, Event, EventOptions, EventResult, Movement, Scale, ScoringMethod, Traveller,
                     add_sessions, find_method, method_names, read_event)
from ..notation import contract_text, played_text
from ..rules import Profile
from ..printable import printable
from .options import from_option
from .options import (RunStatus, ascii_option, expand_inputs, input_format, iter_boards, plural, rules_option,
                      wants_ascii, warn)
from .output import output_one, output_options, table
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
            self.fail(str(e), param, ctx)

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
@ascii_option
def event(files: tuple[str, ...], method: ScoringMethod | None, scale: str | None, trim: int | None,
          cross_scale: str | None, vp_scale: str | None,
          across_field: bool, movement: str, avg_plus: float, avg_minus: float, avg_session: bool, avg_imps: float,
          swiss: bool, rules: Profile | None, ranking_only: bool, output: str | None, force: bool, fmt: str,
          ascii_: bool) -> None:
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
    if not report_event(ev, fmt if output != "-" else None, ascii_, ranking_only):
        ctx.exit(int(status.exit_code or ExitStatus.PROBLEMS))
    if out is not None and output is not None and page:
        ctx.exit(_write_results_page(ev, boards, out, output, status, ascii_, rules))
    if out is not None:
        from ..event import write_event
        write_event(ev)
        with out:  # committed only when every input was read (bridgekit.safeio)
            if write_boards_out(boards, out, status, since=0) is None:
                ctx.exit(int(ExitStatus.UNREADABLE))
        if output != "-":
            click.echo(printable(f"wrote {plural(len(boards), 'board')} with {_points_name(ev)} columns and a "
                                 f"TotalScoreTable to {output}"), err=True)
    status.problems = len(ev.problems)
    ctx.exit(int(status.exit_code))


def _write_results_page(ev: Event, boards: list[Board], out: Any, output: str, status: RunStatus,
                        ascii_: bool, rules: Profile | None) -> int:
    """The results page (ranking, boards with their hand record and
    traveller, scorecards) written whole to ``out``; the deals solved double
    dummy through the deal cache.  Returns the exit status."""
    from ..errors import BridgekitError
    from ..event.html import render_results_html
    from ..handrecord import HandRecord, build_hand_record, hand_record_tables
    from ..safeio import OutputChanged
    record: HandRecord | None
    try:
        record = build_hand_record(hand_record_tables(boards), rules=rules, ascii=ascii_)
    except (BridgekitError, OSError, ImportError) as e:   # no solver here: the page without DD tables
        warn(f"no double-dummy tables on the page: {e}")
        record = None
    from ..handrecord import format_date
    head = boards[0] if boards else None
    title = (head.get("Event") or "").strip() if head is not None else ""
    when = [(head.get(t) or "").strip() for t in ("Site", "Date")] if head is not None else []
    subtitle = " \u00b7 ".join(x for x in (when[0] if when else "", format_date(when[1]) if when else "")
                               if x and x != "?")
    page = render_results_html(ev, record if record is not None and record.boards else None,
                               title=title if title and title != "?" else None, subtitle=subtitle, ascii=ascii_)
    with out:
        if status.unreadable:
            click.echo(f"bridgekit: {output} not written (an input could not be read)", err=True)
            return int(status.exit_code)
        try:
            out.stream.write(page)
            out.commit()
        except OutputChanged as e:
            warn(str(e))
            return int(ExitStatus.UNREADABLE)
        except OSError as e:
            if output == "-":
                raise
            click.echo(f"bridgekit: cannot write {output}: {e.strerror or e}", err=True)
            return int(ExitStatus.UNREADABLE)
    if output != "-":
        click.echo(f"wrote the results page ({plural(len(ev.boards), 'board')}) to {output}", err=True)
    status.problems = len(ev.problems)
    return int(status.exit_code)


def _next_round(ev: Event) -> None:
    """The next Swiss round on the event (``next_round``), or a line saying why there is none."""
    from ..event.movements import swiss_pairings
    if not ev.method.for_teams:
        warn("--swiss pairs the teams of a team event: this is not one")
        return
    played = {frozenset((m.home, m.away)) for m in ev.matches}
    try:
        ev.next_round = swiss_pairings([t.team for t in ev.teams], played)
    except ValueError as e:
        warn(str(e))


def _session_boards(name: str) -> Iterator[Board]:
    """The boards of one session file, read a second time for its own
    ranking (the total streamed them once, in bounded memory); a file that
    cannot be read (already reported) gives none."""
    from ..formats import read_boards
    try:
        yield from read_boards(name, fmt=input_format())
    except (BridgekitError, OSError):
        return


def report_event(ev: Event, fmt: str | None, ascii_: bool, ranking_only: bool = False) -> bool:
    """Print what was found wrong (stderr) and the event in ``fmt`` (table,
    JSON, CSV...; None: nothing on stdout).  False when there was nothing to
    score (said on stderr).  ``event`` and ``match --mp`` both report here."""
    for p in ev.problems:
        warn(str(p))
    if not ev.boards:
        click.echo("bridgekit: no results to score (no ScoreTable rows, no game record with a Board tag "
                   "and a result)", err=True)
        return False
    if fmt is not None:   # None: standard output carries the PBN written by the caller
        output_one(EventReport(ev, ranking_only), fmt, lambda report: _event_text(report, ascii_))
    return True


def _event_text(report: EventReport, ascii_: bool) -> str:
    """``event``'s text: each traveller (not with --ranking), the matches of
    a team event, the ranking, the next Swiss round, the summary line."""
    ev = report.event
    parts = []
    if not report.ranking_only:
        labels = Counter(t.board for t in ev.boards)
        parts += [printable(render_traveller(t, ev, ascii_, labels[t.board] > 1)) for t in ev.boards]
    if ev.method.for_teams:
        parts.append(printable(render_matches(ev)))
    parts.append(printable(render_teams(ev) if ev.method.for_teams else render_ranking(ev)))
    for i, (name, one) in enumerate(ev.sessions, start=1):
        parts.append(printable(f"Session {i} alone ({name})\n" + render_ranking(one)))
    if ev.next_round is not None:
        pairs, bye = ev.next_round
        parts.append(printable("\n".join(["Next round (Swiss, no rematch)"] + [f"  {a} v {b}" for a, b in pairs]
                                         + ([f"  bye: {bye}"] if bye is not None else []))))
    return "".join(part + "\n\n" for part in parts) + summary(ev)


def render_matches(ev: Event) -> str:
    """Each match of a team event: teams, boards, points each way, VPs."""
    vp = any(m.vp_home is not None for m in ev.matches)
    rows = _decimals([[m.round or "", m.home, m.away, m.boards, m.imps_home, m.imps_away]
                      + ([m.vp_home, m.vp_away] if vp else []) for m in ev.matches], (4, 5), (6, 7))
    unit = ev.method.unit + ("s" if ev.method.unit == "IMP" else "")
    headers = ["round", "home", "away", "boards", f"{unit} home", f"{unit} away"] + (
        ["VP home", "VP away"] if vp else [])
    align = ["left", "left", "left"] + ["right"] * (len(headers) - 3)
    return "Matches\n" + _fit(rows, headers, align, (1, 2))


def render_teams(ev: Event) -> str:
    """The teams ranked: matches, boards, IMPs won and lost, VP (or points)."""
    if not ev.teams:
        return "No team to rank (no board played at both tables of a match)."
    vp = any(t.vp is not None for t in ev.teams)
    rows = _decimals([[t.rank, t.team, t.matches, t.boards, t.imps_for, t.imps_against]
                      + ([t.vp] if vp else []) for t in ev.teams], (4, 5), (6,))
    unit = "IMPs" if vp else ev.method.unit
    headers = ["rank", "team", "matches", "boards", f"{unit} +", f"{unit} -"] + (["VP"] if vp else [])
    align = ["left", "left"] + ["right"] * (len(headers) - 2)
    return "Ranking of the teams\n" + _fit(rows, headers, align, (1,))


def _points_name(ev: Event) -> str:
    return ev.method.unit


def _decimals(rows: list[list[Any]], columns: tuple[int, ...], vp: tuple[int, ...] = ()) -> list[list[Any]]:
    """Format the numbers of ``columns`` with one number of decimals per
    column (the fewest, up to 2, that show every value of the column exactly
    as rounded to 2), and those of ``vp`` with 2 as VP scales are published."""
    def places(x: float) -> int:
        x = round(x, 2)
        return 0 if x == int(x) else 1 if round(x, 1) == x else 2
    for c in columns + vp:
        values = [row[c] for row in rows if c < len(row) and isinstance(row[c], (int, float))]
        d = 2 if c in vp else max((places(float(v)) for v in values), default=0)
        for row in rows:
            if c < len(row):
                v = row[c]
                row[c] = "" if v is None else f"{round(float(v), d) + 0.0:.{d}f}" if isinstance(v, (int, float)) else v
    return rows


def _num(x: float | None) -> str:
    if x is None:
        return ""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _signed(x: int | None) -> str:
    return "" if x is None else f"{x:+d}" if x else "0"


def _cut(text: str | None, width: int) -> str:
    if text is None:
        return ""
    return text if len(text) <= width else text[:width - 1] + "~"


def _contract(r: EventResult, ascii_: bool) -> str:
    if r.not_played:
        return "not played"
    if r.arbitrary is not None:
        return "/".join(r.arbitrary)
    if r.contract is None:
        return "-"
    return contract_text(r.contract, ascii_)


def _played(r: EventResult, ascii_: bool) -> str:
    """The result as a director writes it: ``4♠X W 10``, ``passed out``, ``A+/A-``."""
    if r.not_played or r.arbitrary is not None:
        return _contract(r, ascii_)
    return played_text(r.contract, r.declarer, r.tricks, ascii_)


def render_traveller(t: Traveller, ev: Event, ascii_: bool, again: bool = False) -> str:
    """One board's traveller: each result with its score and points, in 80
    columns (pair names cut to fit); ``again``: another traveller has the
    same board number (another deal), so the header gives the line."""
    what = _points_name(ev)
    results = sum(r.weight for r in t.results)
    line = t.results[0].line if t.results else None
    head = f"Board {t.board}{f' (line {line})' if again and line is not None else ''}  " \
           f"Vul {t.vulnerable if t.vulnerable is not None else '?'}  " \
           f"{results} result{'s' if results != 1 else ''}"
    if ev.method.out_of_top and t.top is not None:
        head += f", top {_num(t.top)}"
    if t.datum:
        head += ", datum " + ", ".join(f"{d:+d}" if sec is None else f"{sec} {d:+d}"
                                       for sec, d in t.datum.items())
    sections = any(r.section for r in t.results)
    times = any(r.weight != 1 for r in t.results)
    rows = []
    for r in t.results:
        score = _signed(r.score_ns)
        rows.append(([r.section or ""] if sections else []) + [
            r.ns or "", r.ew or "", _played(r, ascii_) + (f" (recorded {_signed(r.recorded_ns)})" if r.mismatch else ""),
            score if r.score_ns is not None and r.score_ns >= 0 else "",
            str(-r.score_ns) if r.score_ns is not None and r.score_ns < 0 else "",
            r.points_ns, r.points_ew] + ([f"x{r.weight}"] if times else []))
    headers = (["sec"] if sections else []) + ["N/S", "E/W", "result", "N/S +", "E/W +",
                                               f"{what} N/S", f"{what} E/W"] + (["times"] if times else [])
    first = 1 if sections else 0
    rows = _decimals(rows, (first + 5, first + 6))
    align = ["left"] * (first + 3) + ["right"] * 4 + (["left"] if times else [])
    return head + "\n" + _fit(rows, headers, align, (first, first + 1))


def _fit(rows: list[list[Any]], headers: list[str], align: list[str], names: tuple[int, ...],
         width: int = 80) -> str:
    """A table in ``width`` columns: the ``names`` columns are cut (``~``) as
    much as needed, down to 6 characters."""
    rows = [[str(c) for c in row] for row in rows]
    cut = max((len(row[i]) for row in rows for i in names), default=0)
    while True:
        shown = [[_cut(c, cut) if i in names else c for i, c in enumerate(row)] for row in rows]
        text = table(shown, headers, align)
        over = max(len(line) for line in text.splitlines()) - width
        if over <= 0 or cut <= 6:
            return text
        cut = max(6, cut - (over + len(names) - 1) // len(names))


def render_ranking(ev: Event) -> str:
    """The ranking of each field, best first, ties shown as 2=, in 80 columns.
    Pairs known only by their players' names show them in the names column."""
    out: list[str] = []
    mp = ev.method.out_of_top
    individuals = ev.kind == "individuals"
    for section, direction, pairs in ev.fields():
        movement = None if individuals else ev.movement.get(section)
        title = "Ranking of the players (individual)" if individuals else "Ranking"
        if section:
            title += f", section {section}"
        if direction:
            title += f", {'N/S' if direction == 'NS' else 'E/W'}"
        if movement is not None:
            title += f" ({movement.value})"
        if ev.across_field and any(s.section for s in pairs):
            title += ", all sections"
        ids = any(s.names is not None for s in pairs)
        rows = []
        for s in pairs:
            pair = f"{s.section} {s.pair}" if ev.across_field and s.section else s.pair
            who = [pair, s.names or ""] if ids else [pair]
            rows.append([s.rank, *who, s.boards, s.points]
                        + ([s.max, f"{s.percentage:.2f}" if s.percentage is not None else ""] if mp else []))
        who_col = "player" if individuals else "pair"
        headers = ["rank", *([who_col, "names"] if ids else [who_col]), "boards",
                   ev.method.unit + ("" if mp else "s")] + (["max", "%"] if mp else [])
        name_col = 2 if ids else 1
        rows = _decimals(rows, (name_col + 2, name_col + 3) if mp else (name_col + 2,))
        align = ["left"] * (name_col + 1) + ["right"] * (len(headers) - name_col - 1)
        out.append(title + "\n" + _fit(rows, headers, align, (name_col,)))
    if not out:
        return "No pair to rank (no PairId or names in the results)."
    return "\n\n".join(out)


def summary(ev: Event) -> str:
    """The closing lines: what was scored and what agrees with the file."""
    how = ev.method.describe(ev.settings)
    n = len(ev.boards)
    text = f"{n} board{'s' if n != 1 else ''}, {ev.results} result{'s' if ev.results != 1 else ''} ({how})"
    checks = []
    if ev.score_compared:
        checks.append(f"scores agree on {ev.score_compared - ev.score_mismatches} of {ev.score_compared}")
    if ev.points_compared:
        checks.append(f"{_points_name(ev)}s on {ev.points_compared - ev.points_mismatches} of "
                      f"{ev.points_compared}")
    if ev.totals_compared:
        checks.append(f"pair totals on {ev.totals_compared - ev.totals_mismatches} of {ev.totals_compared}")
    if checks:
        text += "\n" + textwrap.fill("Recorded " + ", ".join(checks), 80)
    if ev.ties_broken:
        text += "\n" + f"{plural(ev.ties_broken, 'tie')} broken as the file's TotalScoreTable ranks them"
    if ev.running_totals:
        text += "\n" + textwrap.fill(f"{plural(ev.running_totals, 'running total')} over earlier sessions "
                                     "not compared (no carry-over in the file)", 80)
    return text
