"""``bridgekit score``, ``match``, ``rubber`` and ``deal``: thin commands over
``bridgekit.scoring``."""

from __future__ import annotations

import csv as _csv
import json
import os
import secrets
import sys
from typing import Any, Iterable, Iterator, Mapping, Sequence

import click
from tabulate import tabulate

from ..board import Board, deal_boards
from ..contract import Contract, Result
from ..deal import Deal
from ..errors import BridgekitError, ExitStatus, ParseError
from ..render import render_deal, render_pad
from ..rules import ABOVE, BELOW, DEFAULT, Profile
from ..scoring import (ScoreTotals, pair_matchpoints, profile_for_board, rubber_session, score_board, score_boards,
                       team_matches, vp_standings_of, write_score_tags)
from ..seats import Seat, Side, Vul
from .options import (CONTRACT, DEAL, RULES, SEAT, VUL, ReadingReport, RunStatus, ascii_option, board_option,
                      expand_inputs, iter_boards, narrow_table, output_options, plural, rules_option, wants_ascii,
                      wide_option)
from .safewrite import open_output, write_boards_out

_CTX = {"help_option_names": ["-h", "--help"]}
_SYMBOLS = str.maketrans({"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"})


def _contract_text(text: str | None, ascii_: bool) -> str:
    if text is None:
        return "-"
    if ascii_:
        return text
    try:
        return Contract.parse(text).symbol()
    except ParseError:
        return text


def _blank(value: object) -> object:
    return "" if value is None else value


def _csv_value(value: object) -> object:
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False)
    return "" if value is None else value


def _write_csv(rows: Sequence[Mapping[str, object]]) -> None:
    if not rows:
        return
    fields: list[str] = []
    for r in rows:
        for k in r:
            if k not in fields:
                fields.append(k)
    writer = _csv.DictWriter(sys.stdout, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    for r in rows:
        writer.writerow({k: _csv_value(v) for k, v in r.items()})


# -- score ----------------------------------------------------------------------

@click.command(context_settings=_CTX)
@click.argument("files", nargs=-1, type=click.Path(allow_dash=True))
@rules_option
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write the boards with Score tags filled in to this PBN file (- for stdout).")
@click.option("--in-place", "in_place", is_flag=True,
              help="Rewrite each input file with its Score tags filled in (atomically).")
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
@ascii_option
def score(files: tuple[str, ...], rules: Profile | None, output: str | None, in_place: bool,
          contract: Contract | None, declarer: Seat | None, tricks: int | None, vul: Vul | None,
          deal: Deal | None, boards: tuple[str, ...], wide: bool, as_json: bool, as_csv: bool,
          ascii_: bool) -> None:
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
      bridgekit score --rules auction-1920 --contract 1S --declarer S --tricks 10 \\
          --deal "N:AKQJ.xxx... ..."
    """
    ascii_ = wants_ascii(ascii_)
    profile = rules
    ctx = click.get_current_context()
    quick = [v is not None for v in (contract, declarer, tricks)]
    if any(quick) or vul is not None or deal is not None:
        if files:
            raise click.UsageError("the quick form (--contract ...) scores one result: give no FILE with it")
        if contract is None:
            raise click.UsageError("the quick form needs --contract (e.g. 4HX or Pass)")
        if not contract.is_passed_out and (declarer is None or tricks is None):
            raise click.UsageError("the quick form needs --declarer and --tricks with --contract")
        ctx.exit(_quick_score(contract, declarer, tricks, vul, deal, profile or DEFAULT,
                              as_json, ascii_))
    if not files:
        raise click.UsageError("give FILE... to score, or the quick form --contract/--declarer/--tricks")
    if output is not None and in_place:
        raise click.UsageError("give -o OUT.pbn or --in-place, not both")
    ctx.exit(_score_files(files, profile, output, in_place, as_json, as_csv, ascii_, boards, wide))


def _quick_score(contract: Contract, declarer: Seat | None, tricks: int | None, vul: Vul | None,
                 deal: Deal | None, profile: Profile, as_json: bool, ascii_: bool) -> int:
    try:
        result = Result(contract, declarer if not contract.is_passed_out else None,
                        tricks if not contract.is_passed_out else None)
        sc = profile.score(result, vul or Vul.NONE, deal)
    except BridgekitError as e:
        raise click.UsageError(str(e)) from None
    if as_json:
        out: dict[str, Any] = {"profile": profile.name, "contract": str(contract),
                               "declarer": declarer.name if declarer is not None else None,
                               "tricks": tricks, "vulnerable": str(vul or Vul.NONE),
                               "breakdown": [i.to_dict() for i in sc.items]}
        out.update((k, v) for k, v in profile.row(sc).items() if not k.startswith("total_"))
        click.echo(json.dumps(out, indent=1, ensure_ascii=False))
        return int(ExitStatus.OK)
    what = _contract_text(str(contract), ascii_)
    if contract.is_passed_out:
        click.echo(f"Passed out ({profile.name}): {profile.passed_out.meaning}")
        return int(ExitStatus.OK)
    assert declarer is not None and tricks is not None
    head = f"{what} by {declarer.full_name}, {tricks} tricks"
    if profile.vulnerability:
        head += f", vulnerable: {vul or Vul.NONE}"
    click.echo(f"{head} ({profile.name})")
    rubber = profile.keeps_rubbers
    rows = [[i.side.value, i.line or "", i.item, i.points] if rubber else [i.side.value, i.item, i.points]
            for i in sc.items]
    click.echo(tabulate(rows, headers=["side", "line", "item", "points"] if rubber else ["side", "item", "points"],
                        tablefmt="simple"))
    if rubber:
        parts = [f"{side.value} {sc.on_line(side, BELOW)} below, {sc.on_line(side, ABOVE)} above"
                 for side in Side]
        click.echo("; ".join(parts))
    else:
        ns = sc.ns
        click.echo(f"N/S {ns:+d}, E/W {-ns:+d}" if ns else "N/S 0, E/W 0")
    if profile.score_notes(result, deal):
        click.echo("(honours not counted: give --deal to count them)" if deal is None else
                   "(honours not counted: the deal does not show where every honour lies)")
    return int(ExitStatus.OK)


def _score_files(files: tuple[str, ...], profile: Profile | None, output: str | None, in_place: bool,
                 as_json: bool, as_csv: bool, ascii_: bool, wanted: tuple[str, ...] = (),
                 wide: bool = False) -> int:
    if in_place and "-" in files:
        raise click.UsageError("--in-place cannot rewrite standard input")
    if in_place and wanted:
        raise click.UsageError("--in-place rewrites whole files: it cannot be used with --board (use -o)")
    out = open_output(output, files) if output is not None else None  # before anything is read
    status = RunStatus()
    report = ReadingReport(status, ascii_)
    totals = ScoreTotals()
    rows: list[dict[str, Any]] = []
    table: list[list[Any]] = []
    rubber_rows = duplicate_rows = False
    many = len(files) > 1 or any(os.path.isdir(f) for f in files)  # a file column

    def scored(paths: tuple[str, ...] | list[str]) -> Iterator[Board]:
        nonlocal rubber_rows, duplicate_rows
        for board in report.watch(iter_boards(paths, status, boards=wanted)):
            path = board.file or "-"
            s = score_board(board, profile)
            totals.add(s)
            if s.mismatch:
                click.echo(f"bridgekit: {path}, line {board.line_of('Score')}, board "
                           f"{board.label or '?'}: recorded Score {board.get('Score')!r} but "
                           f"{s.contract_text} by {_seat(s)} making {_tricks(s)} scores "
                           f"{_ns_text(s.ns)} for N/S", err=True)
            if output is not None or in_place:
                write_score_tags(s)
            row = s.to_dict()
            # a board the reader found errors in: its score rests on a deal or
            # contract that cannot be trusted, so the row says so
            row["reading_errors"] = sorted({p.code for p in board.problems if p.severity == "error"})
            rows.append(row)
            rubber_rows = rubber_rows or s.profile.keeps_rubbers
            duplicate_rows = duplicate_rows or not s.profile.keeps_rubbers
            table.append(_table_row(s, row, ascii_, many))
            yield board

    # The boards stream from reader to writer; a file is written only when
    # every input was read to the end (see bridgekit.safeio).
    if out is not None:
        with out:
            n = write_boards_out(scored(files), out, status)
        if n is not None and output != "-":
            click.echo(f"wrote {n} board{'s' if n != 1 else ''} with Score tags to {output}", err=True)
    elif in_place:
        for path in expand_inputs(files):
            with open_output(path, [path], in_place=True) as rewrite:
                n = write_boards_out(scored((path,)), rewrite, status)
            if n is not None:
                click.echo(f"rewrote {path} ({n} board{'s' if n != 1 else ''}) with Score tags", err=True)
    else:
        for _ in scored(files):
            pass
    if output == "-":  # standard output carries the PBN alone; the totals go to stderr
        click.echo(_totals_line(totals, rubber_rows, duplicate_rows or not rubber_rows), err=True)
    elif as_json:
        click.echo(json.dumps({"boards": rows, "totals": totals.to_dict()}, indent=1, ensure_ascii=False))
    elif as_csv:
        _write_csv(rows)
    else:
        if table:
            if rubber_rows and duplicate_rows:   # profiles mixed: both sets of columns
                table = [_both(r, many) for r in table]
            headers = _headers(rubber_rows, many, duplicate_rows)
            if not wide and "E/W" in headers:  # 80 columns: E/W is minus N/S (--wide shows it)
                i = headers.index("E/W")
                headers, table = headers[:i] + headers[i + 1:], [r[:i] + r[i + 1:] for r in table]
            click.echo(narrow_table(table, headers))
        click.echo(_totals_line(totals, rubber_rows, duplicate_rows or not rubber_rows)
                   + ("\n(* tricks from the recorded play)" if any(r["tricks_from"] == "play" for r in rows) else ""))
    report.finish()
    status.problems += totals.mismatches
    return int(status.exit_code)


def _seat(s: Any) -> str:
    r = s.result
    return r.declarer.name if r is not None and r.declarer is not None else "?"


def _tricks(s: Any) -> str:
    r = s.result
    return str(r.tricks) if r is not None and r.tricks is not None else "?"


def _ns_text(value: int | None) -> str:
    return "-" if value is None else f"{value:+d}" if value else "0"


def _headers(rubber: bool, files: bool, duplicate: bool = True) -> list[str]:
    head = (["file"] if files else []) + ["board", "room", "dlr", "vul", "contract", "by", "tricks"]
    if rubber and duplicate:
        return head + ["N/S", "E/W", "NS below", "NS above", "EW below", "EW above", "recorded", "check"]
    if rubber:
        return head + ["NS below", "NS above", "EW below", "EW above", "recorded", "check"]
    return head + ["N/S", "E/W", "recorded", "check"]


def _both(row: list[Any], files: bool) -> list[Any]:
    """A row of either kind padded to the columns of a mixed table."""
    base = 8 if files else 7
    values = row[base:-2]
    if len(values) == 2:
        values = values + ["", "", "", ""]
    else:
        values = ["", ""] + values
    return row[:base] + values + row[-2:]


def _table_row(s: Any, row: dict[str, Any], ascii_: bool, files: bool) -> list[Any]:
    out: list[Any] = [os.path.basename(row["file"] or "-")] if files else []
    out += [_blank(row["board"]), _blank(row["room"]), _blank(row["dealer"]), _blank(row["vulnerable"]),
            _contract_text(row["contract"], ascii_), _blank(row["declarer"]),
            "" if row["tricks"] is None else f"{row['tricks']}{'' if row['tricks_from'] != 'play' else '*'}"]
    if s.profile.keeps_rubbers:
        out += [_blank(row["below_ns"]), _blank(row["above_ns"]), _blank(row["below_ew"]), _blank(row["above_ew"])]
    else:
        out += [_ns_text(row["score_ns"]) if row["score_ns"] is not None else "",
                _ns_text(row["score_ew"]) if row["score_ew"] is not None else ""]
    rec = row["recorded_score_ns"]
    out.append("" if rec is None else _ns_text(rec))
    mismatch = row["mismatch"]
    if row.get("reading_errors"):
        check = "doubtful: " + ", ".join(row["reading_errors"])
    elif s.score is None:
        check = "not scored: " + "; ".join(n for n in s.notes if n.startswith("no ") or "unknown" in n)
    elif mismatch is None:
        check = ""
    else:
        check = "MISMATCH" if mismatch else "ok"
    out.append(check)
    return out


def _totals_line(t: Any, rubber: bool, duplicate: bool = True) -> str:
    text = f"{plural(t.boards, 'board')}, {t.scored} scored"
    if t.scored:
        if duplicate:
            text += f"; total for N/S {_ns_text(t.net_ns)}"
        if rubber and t.lines:
            text += (f"; N/S {t.lines.get('below_ns', 0)} below, {t.lines.get('above_ns', 0)} above;"
                     f" E/W {t.lines.get('below_ew', 0)} below, {t.lines.get('above_ew', 0)} above")
    if t.compared:
        text += f"; recorded Score agrees on {t.compared - t.mismatches} of {t.compared}"
    return text


# -- match ----------------------------------------------------------------------

@click.command(context_settings=_CTX)
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@rules_option
@click.option("--mp", "mp", is_flag=True,
              help="Matchpoints for a pair event instead of IMPs (boards with several results).")
@click.option("--vp", "vp", is_flag=True,
              help="Victory points of each match (WBF 2013 continuous 20-VP scale) and, for "
                   "several matches, a table of the teams by VP.")
@output_options()
@ascii_option
def match(files: tuple[str, ...], rules: Profile | None, mp: bool, as_json: bool, as_csv: bool,
          ascii_: bool, vp: bool = False) -> None:
    """Score a team match in IMPs, or a pair event in matchpoints (--mp).

    Boards are paired by board number and room (Room tag Open/Closed, or Table
    1/2).  For each board: the N/S score at both tables, the difference for the
    team sitting N/S in the open room (team A, the HomeTeam), the IMPs, the
    running total; then the final total and the winner (or a draw).

    With --vp each match's IMP margin is converted to victory points on the
    WBF 2013 continuous 20-VP scale for the boards played (10.00-10.00 for a
    tie); several matches (files or HomeTeam/VisitTeam pairs) are then ranked
    by VP.  For a whole pairs session see `bridgekit event`.

    With --mp every board played more than once is matchpointed: one point for
    each N/S score beaten, half for each tie (top = results - 1); E/W get the
    rest; pairs are named from the player tags.

    \b
    Examples:
      bridgekit match samples/match.pbn
      bridgekit match open.pbn closed.pbn --json
      bridgekit match round1.pbn round2.pbn --vp
      bridgekit match pairs.pbn --mp
    """
    ascii_ = wants_ascii(ascii_)
    status = RunStatus()
    scores = list(score_boards(iter_boards(files, status), rules))
    ctx = click.get_current_context()
    if not scores:  # zero boards (said on stderr by the reader): nothing to compare
        ctx.exit(int(status.exit_code))
    if mp:
        rows, pairs = pair_matchpoints(scores)
        data = [r.to_dict() for r in rows]
        if as_json:
            click.echo(json.dumps({"results": data, "pairs": pairs}, indent=1, ensure_ascii=False))
        elif as_csv:
            _write_csv(data)
        else:
            if not data:
                click.echo("no board has more than one result: nothing to matchpoint", err=True)
            else:
                click.echo(tabulate([[d["board"], d["ns_pair"], d["ew_pair"], _contract_text(d["contract"], ascii_),
                                      _blank(d["declarer"]), _blank(d["tricks"]), _ns_text(d["score_ns"]),
                                      _num(d["mp_ns"]), _num(d["mp_ew"]), d["top"]] for d in data],
                                    headers=["board", "N/S", "E/W", "contract", "by", "tricks", "N/S score",
                                             "MP N/S", "MP E/W", "top"], tablefmt="simple", disable_numparse=True))
                click.echo()
                click.echo(tabulate([[p["pair"], p["boards"], _num(p["mp"]), _num(p["top"]), p["percent"]]
                                     for p in pairs], headers=["pair", "boards", "MP", "top", "%"],
                                    tablefmt="simple"))
        ctx.exit(int(status.exit_code))
    found = team_matches(scores)
    mismatches = 0
    unformed = [m for m in found if m.unpaired and not m.boards]
    if len(unformed) > 3:  # a compilation of many events: one line for all, not one per pair of teams
        boards = sum(len(m.unpaired) for m in unformed)
        click.echo(f"bridgekit: no match formed for {len(unformed)} of {len(found)} pairs of teams "
                   f"({boards} boards not played at exactly two tables, e.g. {unformed[0].team_a} v "
                   f"{unformed[0].team_b} {unformed[0].unpaired[0]}): a compilation of many events? A team "
                   "match needs each board at two tables (Room Open/Closed); for a pair event use --mp",
                   err=True)
    for m in found:
        if m.unpaired and not m.boards:
            if len(unformed) <= 3:  # nothing could be paired (a pair event...): one line, with a hint
                n = len(m.unpaired)
                click.echo(f"bridgekit: {m.team_a} v {m.team_b}: no match formed: none of {n} board"
                           f"{'s' if n != 1 else ''} was played at exactly two tables (e.g. {m.unpaired[0]}); "
                           "a team match needs each board twice, Room Open/Closed; for a pair event use --mp",
                           err=True)
        elif m.unpaired:
            shown = "; ".join(m.unpaired[:3]) + (f"; and {len(m.unpaired) - 3} more" if len(m.unpaired) > 3 else "")
            click.echo(f"bridgekit: {m.team_a} v {m.team_b}: {len(m.unpaired)} board"
                       f"{'s' if len(m.unpaired) != 1 else ''} not played at two tables, not compared: {shown}",
                       err=True)
        for b in m.boards:
            if b.recorded_imps is not None and b.imps is not None and b.recorded_imps != b.imps:
                mismatches += 1
                click.echo(f"bridgekit: {b.open.board.file}, board {b.number}: recorded ScoreIMP "
                           f"{b.open.board.get('ScoreIMP')!r} but the difference {b.diff} is {b.imps} IMPs",
                           err=True)
    matches = [m.to_dict() for m in found]
    standings = vp_standings_of(found) if vp else []
    if vp:
        for m, d in zip(found, matches):
            d["vp_a"], d["vp_b"] = m.victory_points
    if as_json:
        out: dict[str, object] = matches[0] if len(matches) == 1 else {"matches": matches}
        if vp and len(matches) > 1:
            out["standings"] = [t.to_dict() for t in standings]
        click.echo(json.dumps(out, indent=1, ensure_ascii=False))
    elif as_csv:
        _write_csv([{"team_a": m.team_a, "team_b": m.team_b, **b.to_dict()} for m in found for b in m.boards])
    else:
        click.echo("\n\n".join(_match_table(m, ascii_) + (_vp_line(m) if vp else "") for m in found))
        if vp and len(found) > 1:
            click.echo("\nVictory points (WBF 2013 continuous scale)")
            click.echo(tabulate([[t.rank, t.team, t.matches, t.imps_for, t.imps_against, f"{t.vp:.2f}"]
                                 for t in standings],
                                headers=["rank", "team", "matches", "IMPs +", "IMPs -", "VP"],
                                tablefmt="simple", disable_numparse=True,
                                colalign=["left", "left", "right", "right", "right", "right"]))
    status.problems = mismatches
    ctx.exit(int(status.exit_code))


def _match_table(m: Any, ascii_: bool) -> str:
    rows = []
    for b in m.boards:
        d = b.to_dict()
        rows.append([d["board"],
                     _side_contract(d["open_contract"], d["open_declarer"], d["open_tricks"], ascii_),
                     _ns_text(d["open_ns"]),
                     _side_contract(d["closed_contract"], d["closed_declarer"], d["closed_tricks"], ascii_),
                     _ns_text(d["closed_ns"]), _ns_text(d["diff"]),
                     _imps_for(d["imps"], m.team_a, m.team_b), _ns_text(d["running"])])
    if not rows:
        return f"{m.team_a} v {m.team_b}: no board played at both tables"
    table = tabulate(rows, headers=["board", "open room", "N/S", "closed room", "N/S", "diff", "IMPs", "running"],
                     tablefmt="simple", disable_numparse=True)
    result = "a draw" if m.winner == "draw" else f"{m.winner} wins by {plural(abs(m.total_imps), 'IMP')}"
    return (f"{table}\n{m.team_a} (N/S in the open room) {plural(m.imps_a, 'IMP')}, {m.team_b} "
            f"{plural(m.imps_b, 'IMP')}: {result}")


def _vp_line(m: Any) -> str:
    a, b = m.victory_points
    if a is None:
        return ""
    return f"\nVictory points over {len(m.boards)} boards: {m.team_a} {a:.2f}, {m.team_b} {b:.2f}"


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def _side_contract(contract: str | None, declarer: str | None, tricks: int | None, ascii_: bool) -> str:
    if contract is None:
        return "-"
    if contract == "Pass":
        return "passed out"
    return f"{_contract_text(contract, ascii_)} {declarer or '?'} {tricks if tricks is not None else '?'}"


def _imps_for(n: int | None, a: str, b: str) -> str:
    if n is None:
        return "-"
    if n == 0:
        return "0"
    return f"{abs(n)} {a if n > 0 else b}"


# -- rubber ---------------------------------------------------------------------

@click.command(context_settings=_CTX)
@click.argument("file", type=click.Path(allow_dash=True))
@click.option("--rules", "rules", type=RULES, default=None, metavar="PROFILE",
              help="auction-1920 or auction-classic (default: the file's Scoring tag).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of the score pad.")
@ascii_option
def rubber(file: str, rules: Profile | None, as_json: bool, ascii_: bool) -> None:
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
            raise click.BadParameter(str(e), param_hint="--rules") from None
        # no --rules: the file's Scoring tag chose the profile, so the option is not what is wrong
        raise click.UsageError(f"{file}: {e} (with --rules, or an Auction Scoring tag in the file)") from None
    for msg in skipped:
        click.echo(f"bridgekit: {msg}", err=True)
    status.problems = len(skipped)
    if as_json:
        click.echo(json.dumps({"profile": profile.name, "rubbers": [r.to_dict() for r in rubbers]},
                              indent=1, ensure_ascii=False))
    else:
        click.echo("\n\n".join(render_pad(r, ascii_) for r in rubbers) or "no deal to score")
    ctx.exit(int(status.exit_code))


# -- deal -----------------------------------------------------------------------

@click.command(context_settings=_CTX)
@click.option("--boards", "count", type=click.IntRange(1, 10000), default=4, show_default=True,
              help="How many boards.")
@click.option("--first", type=click.IntRange(1), default=1, show_default=True, help="Number of the first board.")
@click.option("--seed", default=None, help="Seed: the same seed gives the same boards (default: a new one, printed).")
@click.option("--event", default=None, help="Event name written in the boards.")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write the boards to this PBN file (- for stdout); an existing file only with --force.")
@click.option("--force", is_flag=True, help="Replace the -o file if it exists.")
@click.option("--json", "as_json", is_flag=True, help="Print the boards as JSON.")
@ascii_option
def deal(count: int, first: int, seed: str | None, event: str | None, output: str | None, force: bool,
         as_json: bool, ascii_: bool) -> None:
    """Deal boards for a match, reproducibly.

    Dealer and vulnerability follow the board number (1 N None, 2 E N/S,
    3 S E/W, 4 W All, and the 16-board cycle beyond); each deal is random from
    the seed, which is written in the boards (Generator tag) and printed, so the
    organiser can deal the same boards again.  Prints a hand record of every
    board (unless the PBN goes to stdout).

    \b
    Examples:
      bridgekit deal --boards 4 --seed club-night -o match.pbn
      bridgekit deal --boards 16 --seed 7 --json
    """
    ascii_ = wants_ascii(ascii_)
    out = open_output(output, replace=force) if output is not None else None
    if seed is None:
        seed = str(secrets.randbelow(10**9))
    try:
        boards = deal_boards(count, seed, first, event)
    except BridgekitError as e:
        raise click.UsageError(str(e)) from None
    if out is not None:
        status = RunStatus()
        with out:
            write_boards_out(boards, out, status)
        if status.unreadable:
            click.get_current_context().exit(int(status.exit_code))
    click.echo(f"{count} board{'s' if count != 1 else ''} from seed {seed}"
               + (f" written to {output}" if output not in (None, "-") else ""), err=True)
    if output == "-":
        return
    if as_json:
        click.echo(json.dumps({"seed": seed, "boards": [
            {"board": b.label, "dealer": b.get("Dealer"), "vulnerable": b.get("Vulnerable"), "deal": b.get("Deal")}
            for b in boards]}, indent=1))
        return
    click.echo(_hand_records(boards, ascii_))


def _hand_records(boards: Iterable[Board], ascii_: bool) -> str:
    out = []
    for b in boards:
        out.append(render_deal(b.deal, board=b.label, dealer=b.dealer, vulnerable=b.vulnerable, ascii=ascii_))
    return "\n\n".join(out)
