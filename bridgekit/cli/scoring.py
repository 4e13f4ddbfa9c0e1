"""``bridgekit score``, ``match``, ``rubber`` and ``deal``: thin commands over
``bridgekit.scoring``."""

from __future__ import annotations

import os
import secrets
import textwrap
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

import click

from ..board import Board, deal_boards
from ..contract import Contract, Result
from ..deal import Deal
from ..errors import BridgekitError, ExitStatus, ParseError
from ..i18n import N_, _, _n, _p, fixed, number
from ..notation import Message, contract_text, render_message, seat_letter, seat_name, side_pair, vul_column
from ..render import item_label, render_deal, render_match, render_pad
from ..printable import printable
from ..rules import DEFAULT, Profile
from ..event.matches import team_matches
from ..scoring import (BoardScore, ResultScore, ScoreTotals, profile_for_board, room_of, rubber_session, score_board, score_boards,
                       score_result, write_score_tags)
from ..reports import DealtBoards, MatchReport, RubberReport
from ..seats import Seat, Vul
from .options import current_lang, error_text, from_option, input_format, lang_option
from .options import (BOARD_FILE_EXTENSIONS, CONTRACT, DEAL, RULES, SEAT, VUL, ReadingReport, RunStatus, ascii_option, board_option,
                      expand_inputs, iter_boards, rules_option, wants_ascii, warn, wide_option)
from .output import Column, RowWriter, output_one, output_options, rows_beside, table
from .safewrite import open_output, write_boards_out
from ..formats.registry import WriteReport

_CTX = {"help_option_names": ["-h", "--help"]}


def _contract_text(text: str | None, ascii_: bool, lang: str = "en") -> str:
    """A row's contract (its JSON form, ``4SX``) in the output's notation."""
    if text is None:
        return "-"
    try:
        return contract_text(Contract.parse(text), ascii_, lang, passed_out=N_("Pass"))
    except ParseError:
        return text


# -- score ----------------------------------------------------------------------

@click.command(context_settings=_CTX)
@click.argument("files", nargs=-1, type=click.Path(allow_dash=True))
@from_option
@rules_option
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write the boards with Score tags filled in to this file (.pbn or .json; - for stdout).")
@click.option("--in-place", "in_place", is_flag=True,
              help="Rewrite each input file with its Score tags filled in (atomically; PBN files only).")
@click.option("--force", is_flag=True, help="Replace the -o file if it exists.")
@click.option("--contract", "contract", type=CONTRACT, default=None,
              help="Quick form: score one result (e.g. 4HX) instead of files.")
@click.option("--declarer", type=SEAT, default=None, help="Quick form: the declarer (N, E, S or W).")
@click.option("--tricks", type=click.IntRange(0, 13), default=None,
              help="Quick form: tricks taken by declarer's side (0-13).")
@click.option("--vul", "vul", type=VUL, default=None, help="Quick form: vulnerability (none, ns, ew, all).")
@click.option("--deal", "deal", type=DEAL, default=None,
              help="Quick form: the deal, for honours under the auction profiles.")
@board_option
@wide_option
@output_options()
@lang_option
@ascii_option
def score(files: tuple[str, ...], rules: Profile | None, output: str | None, in_place: bool, force: bool,
          contract: Contract | None, declarer: Seat | None, tricks: int | None, vul: Vul | None,
          deal: Deal | None, boards: tuple[str, ...], wide: bool, fmt: str, lang: str, ascii_: bool) -> None:
    """Score every board of PBN or LIN FILES under its rules profile.

    One row per board: contract, declarer, tricks (from a complete recorded
    play, else the Result tag), the score (N/S and E/W under contract bridge,
    below and above the line for each side under the auction profiles) and
    whether the file's own Score tag disagrees; totals at the end.  The profile
    is --rules, else each board's Scoring tag (Auction-1920, Auction-Classic;
    anything else is contract bridge).  Exit status 1 when a recorded Score
    disagrees.

    The quick form scores one result typed at the shell, with its breakdown.

    \b
    Examples:
      bridgekit score samples/match.pbn
      bridgekit score results.pbn --json
      bridgekit score results.pbn -o scored.pbn
      bridgekit score --contract 4HX --declarer S --tricks 8 --vul all
      bridgekit score --rules auction-1920 --contract 1S --declarer S \\
          --tricks 10 --deal "N:AKQJ.xxx... ..."
    """
    ascii_ = wants_ascii(ascii_)
    profile = rules
    ctx = click.get_current_context()
    quick = [v is not None for v in (contract, declarer, tricks)]
    if any(quick) or vul is not None or deal is not None:
        if files:
            raise click.UsageError(_(lang, "the quick form (--contract ...) scores one result: give no FILE with it"))
        if contract is None:
            raise click.UsageError(_(lang, "the quick form needs --contract (e.g. 4HX or Pass)"))
        if not contract.is_passed_out and (declarer is None or tricks is None):
            raise click.UsageError(_(lang, "the quick form needs --declarer and --tricks with --contract"))
        ctx.exit(_quick_score(contract, declarer, tricks, vul, deal, profile or DEFAULT,
                              fmt, ascii_, lang))
    if not files:
        raise click.UsageError(_(lang, "give FILE... to score, or the quick form --contract/--declarer/--tricks"))
    if output is not None and in_place:
        raise click.UsageError(_(lang, "give -o OUT.pbn or --in-place, not both"))
    ctx.exit(_score_files(files, profile, output, in_place, fmt, ascii_, boards, wide, force, lang))


def _quick_score(contract: Contract, declarer: Seat | None, tricks: int | None, vul: Vul | None,
                 deal: Deal | None, profile: Profile, fmt: str, ascii_: bool, lang: str = "en") -> int:
    try:
        result = Result(contract, declarer if not contract.is_passed_out else None,
                        tricks if not contract.is_passed_out else None)
        scored = score_result(result, profile, vul, deal)
    except BridgekitError as e:
        raise click.UsageError(error_text(e, lang)) from None
    output_one(scored, fmt, lambda sc: _quick_text(sc, deal, ascii_, lang))
    return int(ExitStatus.OK)


def _quick_text(scored: ResultScore, deal: Deal | None, ascii_: bool, lang: str = "en") -> str:
    """``score --contract``'s text: the result, its breakdown, the score."""
    profile, result = scored.profile, scored.result
    contract, declarer, tricks = result.contract, result.declarer, result.tricks
    if contract.is_passed_out:
        return _(lang, "Passed out ({profile}): {meaning}", profile=profile.name,
                 meaning=profile.passed_out.meaning.render(lang=lang))
    assert declarer is not None and tricks is not None
    conditions = profile.conditions(scored.vulnerable)
    head = ", ".join(p for p in (_(lang, "{contract} by {declarer}", contract=contract_text(contract, ascii_, lang),
                                   declarer=seat_name(declarer, lang)),
                                 _n(lang, "{n} trick", "{n} tricks", tricks),
                                 conditions.render(lang=lang) if conditions else "") if p)
    items = scored.score.items
    lines = any(i.line for i in items)  # above/below the line (the rubber ledger)
    text = [f"{head} ({profile.name})",
            table([[side_pair(i.side, lang)] + ([_(lang, i.line) if i.line else ""] if lines else [])
                   + [item_label(i, lang), i.points] for i in items],
                  [_(lang, "side")] + ([_(lang, "line")] if lines else []) + [_(lang, "item"), _(lang, "points")],
                  ["left"] * (3 if lines else 2) + ["right"]),
            profile.summary(scored.score).render(lang=lang)]
    if scored.notes:
        text.append(_(lang, "(honours not counted: give --deal to count them)") if deal is None else
                    _(lang, "(honours not counted: the deal does not show where every honour lies)"))
    return "\n".join(text)


def _score_files(files: tuple[str, ...], profile: Profile | None, output: str | None, in_place: bool,
                 fmt: str, ascii_: bool, wanted: tuple[str, ...] = (), wide: bool = False, force: bool = False,
                 lang: str = "en") -> int:
    if in_place and "-" in files:
        raise click.UsageError(_(lang, "--in-place cannot rewrite standard input"))
    if in_place and wanted:
        raise click.UsageError(_(lang, "--in-place rewrites whole files: it cannot be used with --board (use -o)"))
    # before anything is read: an existing OUT without --force, OUT = IN, an unknown extension
    out = open_output(output, files, replace=force, has_in_place=True) if output is not None else None
    status = RunStatus()
    rewrites = _in_place_formats(files, status) if in_place else []   # every file checked before any is rewritten
    report = ReadingReport(status, ascii_)
    totals = ScoreTotals()
    many = len(files) > 1 or any(os.path.isdir(f) for f in files)  # a file column
    # the rows are printed as the boards are scored (standard output carries
    # the PBN alone with -o -): memory stays flat however long the file
    rows = None if output == "-" else RowWriter(fmt, lambda first: _score_columns(first, many, ascii_, lang),
                                                 wide=wide, key="boards")
    from_play = False   # a row's tricks came from the recorded play (a footnote says so)

    def scored(paths: tuple[str, ...] | list[str]) -> Iterator[Board]:
        nonlocal from_play
        for board in report.watch(iter_boards(paths, status, boards=wanted)):
            s = score_board(board, profile)
            totals.add(s)
            if s.mismatch:
                warn(Message("{file}, line {line}, board {board}: recorded Score {recorded!r} but {contract} by "
                             "{seat} making {tricks} scores {score} for N/S", file=board.file or "-",
                             line=board.line_of("Score"), board=board.label or "?", recorded=board.get("Score"),
                             contract=_contract_text(s.contract_text, ascii_, lang), seat=_seat(s, lang),
                             tricks=_tricks(s), score=_ns_text(s.ns)))
            if output is not None or in_place:
                write_score_tags(s)
            if rows is not None:
                from_play = from_play or s.tricks_from == "play"
                rows.add(s)
            yield board

    # The boards stream from reader to writer; a file is written only when
    # every input was read to the end (see bridgekit.safeio).
    if out is not None:
        with out:
            n = write_boards_out(scored(files), out, status)
        if n is not None and output != "-":
            click.echo(printable(_n(lang, "wrote {n} board with Score tags to {path}",
                                    "wrote {n} boards with Score tags to {path}", n, path=output)), err=True)
    elif in_place:
        for path in rewrites:
            with open_output(path, [path], in_place=True) as rewrite:
                n = write_boards_out(scored((path,)), rewrite, status)
            if n is not None:
                click.echo(printable(_n(lang, "rewrote {path} ({n} board) with Score tags",
                                        "rewrote {path} ({n} boards) with Score tags", n, path=path)), err=True)
    else:
        for _board in scored(files):
            pass
    line = textwrap.fill(_totals_line(totals, lang), 80)
    if rows is None:   # standard output carries the boards: the totals on stderr
        click.echo(line, err=True)
    else:
        rows.close(totals=totals.to_dict())
        notes = [_(lang, "* tricks from the recorded play")] if from_play else []
        if totals.lines and not wide:
            notes.append(_(lang, "a/b: points above/below the line"))
        rows.note(line + "".join(f"\n({n})" for n in notes), jsonl=line)
    report.finish()
    status.problems += totals.mismatches
    return int(status.exit_code)


def _in_place_formats(files: tuple[str, ...], status: RunStatus) -> list[str]:
    """The files ``--in-place`` rewrites, each checked first: a file
    bridgekit cannot rewrite in its own format refuses the whole run (usage
    error naming it) before any file is touched."""
    from ..formats import UnknownOutputFormat, in_place_format
    paths = expand_inputs(files, status=status)
    refused = []
    for path in paths:
        if os.path.isfile(path):
            try:
                in_place_format(path, input_format())
            except UnknownOutputFormat as e:
                refused.append(error_text(e))
    if refused:
        raise click.UsageError(printable(
            _(current_lang(), "{refused} (and {n} more); nothing was rewritten", refused=refused[0],
              n=len(refused) - 1) if len(refused) > 1 else
            _(current_lang(), "{refused}; nothing was rewritten", refused=refused[0])))
    return paths


def _seat(s: Any, lang: str = "en") -> str:
    r = s.result
    return seat_letter(r.declarer, lang) if r is not None and r.declarer is not None else "?"


def _tricks(s: Any) -> str:
    r = s.result
    return str(r.tricks) if r is not None and r.tricks is not None else "?"


def _ns_text(value: int | None) -> str:
    return "-" if value is None else f"{value:+d}" if value else "0"


def _signed(value: int | None) -> str:
    return "" if value is None else _ns_text(value)


#: The score fields of a row (each profile's ledger has some of them; see
#: ``Profile.row``): their headers, and whether only --wide shows them.
_SCORE_FIELDS = (("score_ns", N_("N/S"), False), ("score_ew", N_("E/W"), True),   # E/W is minus N/S
                 ("below_ns", N_("NS below"), True), ("above_ns", N_("NS above"), True),
                 ("below_ew", N_("EW below"), True), ("above_ew", N_("EW above"), True),
                 ("total_ns", N_("NS total"), True), ("total_ew", N_("EW total"), True))
#: Without --wide, points above and below the line share a column per side
#: (``50/30``, in the order of PBN's ScoreRubber tag), so that the table fits
#: 80 columns.
_LINE_FIELDS = ((N_("NS a/b"), "above_ns", "below_ns"), (N_("EW a/b"), "above_ew", "below_ew"))


def _score_columns(first: Sequence[BoardScore], files: bool, ascii_: bool, lang: str = "en") -> list[Column]:
    """The score table's columns over ``BoardScore``s: the board's, then the
    score fields the first rows have (N/S in contract bridge; below and above
    the line for each side under the auction profiles; both when a run mixes
    them)."""
    fields = {k for s in first for k in s.fields} or {"score_ns", "score_ew"}

    def result(s: BoardScore, what: str) -> Any:
        return getattr(s.result, what) if s.result is not None else None
    L = lang
    cols = [Column(_(L, "file"), lambda s: "" if s.board.file is None else _short_name(s.board.file), narrow=True),
            Column(_(L, "file"), lambda s: "" if s.board.file is None else os.path.basename(s.board.file),
                   wide=True)] if files else []
    cols += [Column(_(L, "board"), lambda s: s.board.label or ""),
             Column(_(L, "room"), lambda s: room_of(s.board) or "", optional=True),
             Column(_p(L, "column", "dlr"), lambda s: seat_letter(s.board.dealer, L) if s.board.dealer is not None else "",
                    wide=True),
             Column(_p(L, "column", "vul"), lambda s: "" if s.vulnerable is None else vul_column(s.vulnerable, L)),
             Column(_(L, "contract"), lambda s: _contract_text(s.contract_text, ascii_, L)),
             Column(_(L, "by"), lambda s: "" if result(s, "declarer") is None else seat_letter(s.result.declarer, L)),
             Column(_(L, "tricks"), lambda s: "" if result(s, "tricks") is None else
                    f"{s.result.tricks}{'*' if s.tricks_from == 'play' else ''}")]
    cols += [Column(_(L, header), _field_cell(key), wide=wide) for key, header, wide in _SCORE_FIELDS
             if key in fields]
    cols += [Column(_(L, header), _line_cell(above, below), narrow=True)
             for header, above, below in _LINE_FIELDS if above in fields]
    return cols + [Column(_(L, "recorded"), lambda s: _signed(s.recorded_ns), optional=True),
                   Column(_(L, "check"), lambda s: _check_cell({**s.fields, "reading_errors": s.reading_errors,
                                                                "unscored": s.unscored, "mismatch": s.mismatch}, L),
                          optional=True)]


def _field_cell(key: str) -> Callable[[BoardScore], str]:
    def cell(s: BoardScore) -> str:
        value = s.fields.get(key)
        return "" if value is None else _ns_text(value) if key.startswith("score_") else str(value)
    return cell


def _short_name(path: str) -> str:
    """A file's name in 10 characters: no .pbn/.lin, the middle cut (dates
    and numbers are at the ends)."""
    name = os.path.basename(path)
    stem, ext = os.path.splitext(name)
    name = stem if ext.lower() in BOARD_FILE_EXTENSIONS else name
    return name if len(name) <= 10 else f"{name[:4]}~{name[-5:]}"


def _line_cell(above: str, below: str) -> Callable[[BoardScore], str]:
    def cell(s: BoardScore) -> str:
        f = s.fields
        return "" if f.get(above) is None else f"{f[above]}/{f[below]}"
    return cell


def _check_cell(row: Mapping[str, Any], lang: str = "en") -> str:
    errors = row.get("reading_errors")
    if errors:   # the first code and how many more (the rows on stderr and in --json have them all)
        scored = any(row.get(key) is not None for key, _h, _w in _SCORE_FIELDS)
        why = _(lang, "score doubtful: {code}", code=errors[0]) if scored else \
            _(lang, "not scored: {code}", code=errors[0])
        return why + (_(lang, " and {n} more", n=len(errors) - 1) if len(errors) > 1 else "")
    if all(row.get(key) is None for key, _h, _w in _SCORE_FIELDS):
        # why (the N/S column is empty): "no contract", "no result", "vulnerability unknown"
        unscored = row.get("unscored") or "not scored"
        key = str(getattr(unscored, "template", unscored))
        if key in _UNSCORED_CELL:
            return _(lang, _UNSCORED_CELL[key])
        return render_message(unscored, lang=lang).split(" (")[0]   # a reason of its own (a profile's)
    mismatch = row["mismatch"]
    return "" if mismatch is None else _(lang, "MISMATCH") if mismatch else _(lang, "ok")


#: A board left unscored, in the check column: why, in a word or two.
_UNSCORED_CELL = {"no contract": N_("no contract"), "no declarer": N_("no declarer"),
                  "no result (tricks unknown)": N_("no result"), "vulnerability unknown": N_("vul unknown"),
                  "not scored": N_("not scored"), "no result": N_("no result")}


def _totals_line(t: ScoreTotals, lang: str = "en") -> str:
    # two plurals: "2 donnes, 1 marquée" agrees with each number
    text = _n(lang, "{n} board", "{n} boards", t.boards) + _n(lang, ", {n} scored", ", {n} scored", t.scored)
    if t.scored:
        if t.netted or not t.lines:
            text += _(lang, "; total for N/S {score}", score=_ns_text(t.net_ns))
        if t.lines:
            text += _(lang, "; {lines}", lines=Message(
                "N/S {ns_below} below, {ns_above} above; E/W {ew_below} below, {ew_above} above",
                ns_below=t.lines.get("below_ns", 0), ns_above=t.lines.get("above_ns", 0),
                ew_below=t.lines.get("below_ew", 0), ew_above=t.lines.get("above_ew", 0)).render(lang=lang))
    if t.compared:
        text += _(lang, "; recorded Score agrees on {agree} of {n}", agree=t.compared - t.mismatches, n=t.compared)
    return text


# -- match ----------------------------------------------------------------------

@click.command(context_settings=_CTX)
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@from_option
@rules_option
@click.option("--mp", "mp", is_flag=True,
              help="Matchpoints for a pair event instead of IMPs (boards with several results).")
@click.option("--vp", "vp", is_flag=True,
              help="Victory points of each match (WBF 2013 continuous 20-VP scale) and, for "
                   "several matches, a table of the teams by VP.")
@output_options()
@lang_option
@ascii_option
def match(files: tuple[str, ...], rules: Profile | None, mp: bool, fmt: str, lang: str, ascii_: bool,
          vp: bool = False) -> None:
    """Score a team match in IMPs, or a pair event in matchpoints (--mp).

    Boards are paired by board number and room (Room tag Open/Closed, or Table
    1/2).  For each board: the N/S score at both tables, the difference for the
    team sitting N/S in the open room (team A, the HomeTeam), the IMPs, the
    running total; then the final total and the winner (or a draw).

    With --vp each match's IMP margin is converted to victory points on the
    WBF 2013 continuous 20-VP scale for the boards played (10.00-10.00 for a
    tie); several matches (files or HomeTeam/VisitTeam pairs) are then ranked
    by VP.  For a whole pairs session see `bridgekit event`.

    With --mp the boards are matchpointed as `bridgekit event --method mp`
    does (the same code: ScoreTables or game records of the same board,
    Neuberg, sections; pairs named from the player tags).

    \b
    Examples:
      bridgekit match samples/match.pbn
      bridgekit match open.pbn closed.pbn --json
      bridgekit match round1.pbn round2.pbn --vp
      bridgekit match pairs.pbn --mp
    """
    ascii_ = wants_ascii(ascii_)
    status = RunStatus()
    ctx = click.get_current_context()
    if mp:   # one matchpointer: bridgekit event's
        from ..event import EventOptions, Method, read_event
        from .event import report_event
        ev = read_event(iter_boards(files, status), EventOptions(method=Method.MP, profile=rules))
        if not report_event(ev, fmt, ascii_, lang=lang) and not status.exit_code:
            ctx.exit(int(ExitStatus.PROBLEMS))
        status.problems = len(ev.problems)
        ctx.exit(int(status.exit_code))
    scores = list(score_boards(iter_boards(files, status), rules))
    if not scores:  # zero boards (said on stderr by the reader): nothing to compare
        ctx.exit(int(status.exit_code))
    travellers = next((s.board for s in scores if "ScoreTable" in s.board.tables), None)
    found = team_matches(scores)
    if travellers is not None and not any(m.boards for m in found):
        from ..event import EventOptions, read_event
        from .event import report_event
        ev = read_event([s.board for s in scores], EventOptions(profile=rules))
        if ev.method.for_teams and ev.matches:   # a team event's ScoreTables: event's teams, the same report
            report_event(ev, fmt, ascii_, lang=lang)
            status.problems = len(ev.problems)
            ctx.exit(int(status.exit_code))
        _to_event(travellers)
        ctx.exit(int(ExitStatus.PROBLEMS))
    _say_unformed(found)
    for m in found:
        for b in m.boards:
            if b.mismatch:
                warn(Message.plural("{file}, board {board}: recorded ScoreIMP {recorded!r} but the difference "
                                    "{diff} is {n} IMP", "{file}, board {board}: recorded ScoreIMP {recorded!r} "
                                    "but the difference {diff} is {n} IMPs", b.imps or 0, file=b.open.file,
                                    board=b.number, recorded=b.open.recorded.get("ScoreIMP"), diff=b.diff))
    output_one(MatchReport(found, vp), fmt, lambda report: _match_text(report, ascii_, lang))
    status.problems = sum(m.imp_mismatches for m in found)
    ctx.exit(int(status.exit_code))


def _match_text(report: MatchReport, ascii_: bool, lang: str = "en") -> str:
    """``match``'s text: each match's table and result (and victory points),
    then the teams by VP for several matches."""
    L = lang
    text = "\n\n".join(render_match(m, ascii_, L) + (_vp_line(m, L) if report.vp else "") for m in report.matches)
    if report.vp and len(report.matches) > 1:
        text += "\n\n" + _(L, "Victory points (WBF 2013 continuous scale)") + "\n" + table(
            [[t.rank, t.team, t.matches, _num(t.imps_for, L), _num(t.imps_against, L), fixed(t.vp or 0, L)]
             for t in report.standings],
            [_(L, "rank"), _(L, "team"), _(L, "matches"), _(L, "IMPs +"), _(L, "IMPs -"), _(L, "VP")],
            ["left", "left", "right", "right", "right", "right"])
    return text


def _to_event(board: Board) -> None:
    """A pairs event's file (results of many tables in ScoreTable tags) sent
    to ``match``: say which command scores it."""
    name = board.file or "-"
    warn(Message("{file}: the results are travellers (ScoreTable tags: a pairs event), not two rooms of a team "
                 "match; score them with 'bridgekit event {file}'", file=name))


def _say_unformed(found: list[Any]) -> None:
    """Boards not played at exactly two tables: one line a match (a line for
    all of them when there are many: a compilation of many events)."""
    unformed = [m for m in found if m.unpaired and not m.boards]
    if len(unformed) > 3:
        boards = sum(len(m.unpaired) for m in unformed)
        warn(Message.plural("no match formed for {unformed} of {found} pairs of teams ({n} board not played at "
                            "exactly two tables, e.g. {team_a} v {team_b} {example}): a compilation of many events? "
                            "A team match needs each board at two tables (Room Open/Closed); for a pairs event see "
                            "'bridgekit event'",
                            "no match formed for {unformed} of {found} pairs of teams ({n} boards not played at "
                            "exactly two tables, e.g. {team_a} v {team_b} {example}): a compilation of many events? "
                            "A team match needs each board at two tables (Room Open/Closed); for a pairs event see "
                            "'bridgekit event'", boards, unformed=len(unformed), found=len(found),
                            team_a=unformed[0].team_a, team_b=unformed[0].team_b, example=unformed[0].unpaired[0]))
    for m in found:
        if m.unpaired and not m.boards:
            if len(unformed) <= 3:  # nothing could be paired (a pair event...): one line, with a hint
                warn(Message.plural("{team_a} v {team_b}: no match formed: none of {n} board was played at exactly "
                                    "two tables (e.g. {example}); a team match needs each board twice, Room "
                                    "Open/Closed; for a pairs event see 'bridgekit event'",
                                    "{team_a} v {team_b}: no match formed: none of {n} boards was played at exactly "
                                    "two tables (e.g. {example}); a team match needs each board twice, Room "
                                    "Open/Closed; for a pairs event see 'bridgekit event'", len(m.unpaired),
                                    team_a=m.team_a, team_b=m.team_b, example=m.unpaired[0]))
        elif m.unpaired:
            shown = list(m.unpaired[:3]) + ([Message("and {n} more", n=len(m.unpaired) - 3)]
                                            if len(m.unpaired) > 3 else [])
            warn(Message.plural("{team_a} v {team_b}: {n} board not played at two tables, not compared: {shown:;}",
                                "{team_a} v {team_b}: {n} boards not played at two tables, not compared: {shown:;}",
                                len(m.unpaired), team_a=m.team_a, team_b=m.team_b, shown=shown))


def _vp_line(m: Any, lang: str = "en") -> str:
    a, b = m.victory_points
    if a is None:
        return ""
    return "\n" + printable(_n(lang, "Victory points over {n} board: {team_a} {vp_a}, {team_b} {vp_b}",
                                "Victory points over {n} boards: {team_a} {vp_a}, {team_b} {vp_b}", len(m.boards),
                                team_a=m.team_a, team_b=m.team_b, vp_a=fixed(a, lang), vp_b=fixed(b, lang)))


def _num(x: float, lang: str = "en") -> str:
    return str(int(x)) if float(x).is_integer() else number(x, lang, 1)


# -- rubber ---------------------------------------------------------------------

@click.command(context_settings=_CTX)
@click.argument("file", type=click.Path(allow_dash=True))
@from_option
@click.option("--rules", "rules", type=RULES, default=None, metavar="PROFILE",
              help="auction-1920 or auction-classic (default: the file's Scoring tag).")
@output_options(csv=False, jsonl=False, json_help="Print JSON instead of the score pad.")
@lang_option
@ascii_option
def rubber(file: str, rules: Profile | None, fmt: str, lang: str, ascii_: bool) -> None:
    """Keep an Auction Bridge rubber score pad over the boards of FILE.

    The boards in file order are the deals of a session: WE (N/S) and THEY
    (E/W) columns, premiums above the line, trick points below, a line drawn
    after each game (both partials start again), 250 for the rubber, totals,
    winner and margin.  Several rubbers follow one another; a rubber still
    open at the end is shown as unfinished.

    \b
    Examples:
      bridgekit rubber samples/rubber-1920.pbn --rules auction-1920
      bridgekit rubber samples/rubber-classic.pbn --rules auction-classic --json
    """
    ascii_ = wants_ascii(ascii_)
    ctx = click.get_current_context()
    status = RunStatus()
    boards = list(iter_boards((file,), status))
    if not boards:  # zero boards (said on stderr by the reader), or unreadable
        ctx.exit(int(status.exit_code))
    profile = profile_for_board(boards[0], rules)
    try:
        rubbers, skipped = rubber_session(boards, profile)
    except BridgekitError as e:
        if rules is not None:
            raise click.BadParameter(error_text(e, lang), param_hint="--rules") from None
        # no --rules: the file's Scoring tag chose the profile, so the option is not what is wrong
        raise click.UsageError(_(lang, "{file}: {why} (with --rules, or an Auction Scoring tag in the file)",
                                 file=file, why=error_text(e, lang))) from None
    for msg in skipped:
        warn(msg)
    status.problems = len(skipped)
    output_one(RubberReport(profile, rubbers), fmt,
               lambda report: "\n\n".join(render_pad(r, ascii_, lang) for r in report.rubbers)
               or _(lang, "no deal to score"))
    ctx.exit(int(status.exit_code))


# -- deal -----------------------------------------------------------------------

@click.command(context_settings=_CTX)
@click.option("--boards", "count", type=click.IntRange(1, 10000), default=4, show_default=True,
              help="How many boards.")
@click.option("--first", type=click.IntRange(1), default=1, show_default=True, help="Number of the first board.")
@click.option("--seed", default=None, help="Seed: the same seed gives the same boards (default: a new one, printed).")
@click.option("--event", default=None, help="Event name written in the boards.")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write the boards to this file (- for stdout): PBN, or the format of its extension (.dup, "
                   ".dlm, .lin, .bri... see docs/formats.md); an existing file only with --force.")
@click.option("--force", is_flag=True, help="Replace the -o file if it exists.")
@click.option("--diagrams", is_flag=True,
              help="With -o FILE, print the hand diagrams too (without -o they are the output).")
@output_options(csv=False, jsonl=False, json_help="Print the boards as JSON.")
@lang_option
@ascii_option
def deal(count: int, first: int, seed: str | None, event: str | None, output: str | None, force: bool,
         diagrams: bool, fmt: str, lang: str, ascii_: bool) -> None:
    """Deal boards for a match, reproducibly.

    Dealer and vulnerability follow the board number (1 N None, 2 E N/S,
    3 S E/W, 4 W All, and the 16-board cycle beyond); each deal is random from
    the seed, which is written in the boards (Generator tag) and printed, so the
    organiser can deal the same boards again.  Prints a hand record of every
    board; with -o FILE only a line saying what was written (--diagrams for
    the hand records too).  For deals that meet conditions (a 1NT opener, a
    predealt hand), run a dealer script with bridgekit dealer.

    \b
    Examples:
      bridgekit deal --boards 4 --seed 7
      bridgekit deal --boards 24 --seed club-night -o /tmp/session.pbn
      bridgekit deal --boards 16 --seed 7 --json
    """
    ascii_ = wants_ascii(ascii_)
    from .io import say_write_report
    # printed: without -o, or beside -o FILE with --json or --diagrams (-o - is the boards alone)
    shown = output != "-" and (rows_beside(fmt, output) or diagrams)
    out = open_output(output, replace=force) if output is not None else None   # the format from the extension
    spec = out.format if out is not None else None  # type: ignore[attr-defined]
    if seed is None:
        seed = str(secrets.randbelow(10**9))
    try:
        boards = deal_boards(count, seed, first, event)
    except BridgekitError as e:
        raise click.UsageError(error_text(e, lang)) from None
    if out is not None and spec is not None:
        status = RunStatus()
        written = WriteReport(spec)
        with out:
            write_boards_out(boards, out, status, spec.name, report=written)
        if event is None:  # the default Event names this command, not the user's data: not worth a line
            written.lost.pop("event", None)
        say_write_report(written, status)
        if status.unreadable:
            click.get_current_context().exit(int(status.exit_code))
    click.echo(printable(_n(lang, "{n} board from seed {seed} written to {path}",
                            "{n} boards from seed {seed} written to {path}", count, seed=seed, path=output)
                         if output not in (None, "-") else
                         _n(lang, "{n} board from seed {seed}", "{n} boards from seed {seed}", count, seed=seed)),
               err=True)
    if shown:
        output_one(DealtBoards(seed, boards), fmt, lambda dealt: _hand_records(dealt.boards, ascii_, lang))


def _hand_records(boards: Iterable[Board], ascii_: bool, lang: str = "en") -> str:
    out = []
    for b in boards:
        out.append(render_deal(b.deal, board=b.label, dealer=b.dealer, vulnerable=b.vulnerable, ascii=ascii_,
                               lang=lang))
    return "\n\n".join(out)
