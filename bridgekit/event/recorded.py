"""What the file records, compared with what bridgekit computes: each row's
score, its points (MP_NS, IMP_NS, or a game record's ScoreMP/ScoreIMP) and
each pair's total in the ``TotalScoreTable``.

A recorded figure is compared at the precision the file writes it: ``33.9``
agrees with a computed 33.88 (it is 33.88 to one decimal), ``34`` with 33.6.
A total agrees when it is the sum of the exact points, or the sum of the
per-board figures as the file rounds them (a program that adds up its
printed per-board points).
"""

from __future__ import annotations

from ..board import Board
from ..notation import Message
from ..scoring import parse_imp_tag
from .model import Event, EventProblem, Standing
from .reading import cell


def decimals(text: str) -> int:
    """How many decimals a number is written with (``33.9`` 1, ``34`` 0)."""
    t = text.strip().lstrip("^").replace(",", ".")
    if "e" in t.lower():
        return 9
    _, dot, frac = t.partition(".")
    return len(frac) if dot else 0


def agrees(recorded: float, computed: float, places: int) -> bool:
    """Whether ``computed`` written with ``places`` decimals could read as ``recorded``
    (half a unit of the last place either way, whichever way the file rounds halves)."""
    return abs(recorded - computed) <= 0.5 * 10 ** -places + 1e-9


def number(text: str) -> float | None:
    try:
        return float(text.strip().lstrip("^").replace(",", "."))
    except ValueError:
        return None


def compare_recorded(event: Event, points: bool, tags: bool) -> None:
    """Count the recorded scores and points that agree with the computed ones
    (points only when ``points``: the method is the file's; a game record's
    ScoreIMP/ScoreMP tags only when ``tags``: the Scoring tag names it).
    Notes on ``event.point_decimals`` how many decimals the file writes the
    per-board points with."""
    method = event.method
    tag = method.game_tag
    game_tag = tags and method.compares_game_tag(event.settings)
    for t in event.boards:
        for r in t.results:
            m = r.mismatch
            if m is not None:
                event.score_compared += 1
                if m:
                    event.score_mismatches += 1
                    event.problems.append(EventProblem(
                        Message("recorded score {recorded} for N/S but {contract} by {declarer} making {tricks} "
                                "scores {score}", recorded=f"{r.recorded_ns:+d}", contract=r.contract,
                                declarer=Message("{seat:letter}", seat=r.declarer) if r.declarer is not None else "?",
                                tricks=r.tricks, score=f"{r.score_ns:+d}"),
                        r.file, r.line, r.board, r.row_number))
            if not points:
                continue
            column = method.point_columns[0]
            recorded: float | None = None
            places = 2
            if column not in r.recorded and r.players is not None:
                column = method.point_columns[0].replace("_NS", "_North")   # an individual's MP_North
            if column in r.recorded:
                recorded = number(r.recorded[column])
                places = decimals(r.recorded[column])
            elif tag in r.recorded and game_tag:
                recorded = parse_imp_tag(r.recorded[tag])
                places = decimals(r.recorded[tag].split()[-1]) if r.recorded[tag].split() else 2
            if recorded is None or r.points_ns is None:
                continue
            event.point_decimals = places if event.point_decimals is None else max(event.point_decimals, places)
            event.points_compared += 1
            if not agrees(recorded, r.points_ns, places):
                event.points_mismatches += 1
                event.problems.append(EventProblem(
                    Message("recorded {column} {value} but the computed {points} for N/S are {n}",
                            column=column if column in r.recorded else tag,
                            value=r.recorded.get(column) or r.recorded.get(tag),
                            points=Message(method.points_word), n=num(r.points_ns)),
                    r.file, r.line, r.board, r.row_number))
        if points:
            method.check_recorded(t, event.problems)


def compare_totals(event: Event, rows: list[tuple[Board, int, dict[str, str]]]) -> None:
    """Compare the recorded ``TotalScoreTable`` totals (and percentages) with
    the standings: each disagreement is a problem."""
    standings: dict[tuple[str | None, str], list[Standing]] = {}
    for s in event.standings:
        standings.setdefault((s.section, s.pair), []).append(s)
    for board, i, rec in rows:
        pid = cell(rec, "PairId")
        if pid is None:
            continue
        found = standings.get((cell(rec, "Section"), pid)) or standings.get((None, pid))
        if not found:
            continue
        direction = direction_key(rec.get("Direction", "-"))
        s = next((x for x in found if direction in ("-", x.direction) or x.direction is None), found[0])
        checks: list[tuple[str, tuple[float, ...]]] = []
        pct = s.percentage
        rounded_pct = 100 * s.rounded_points / s.max if s.max and pct is not None else pct
        session = {k.lower(): k for k in rec if k.lower().startswith("session") and cell(rec, k) is not None}
        totals = [c for c in event.method.total_columns if cell(rec, c) is not None]
        if session:
            # a session of several: Session* columns are this session's, Total* the running total
            for c in event.method.total_columns:
                name = session.get("session" + c.lower().removeprefix("total"))
                if name is not None:
                    checks.append((name, (s.points, s.rounded_points)))
                    break
            name = session.get("sessionpercentage")
            if name is not None and pct is not None and rounded_pct is not None:
                checks.append((name, (pct, rounded_pct)))
            carry = next((k for k in rec if k.lower().startswith("carryover") and cell(rec, k) is not None), None)
            before = number(rec[carry]) if carry is not None else None
            if totals and before is not None:
                checks.append((totals[0], (before + s.points, before + s.rounded_points)))
            elif totals:
                event.running_totals += 1      # the earlier sessions are not in the file: not compared
        else:
            if totals:
                checks.append((totals[0], (s.points, s.rounded_points)))
            if cell(rec, "TotalPercentage") is not None and pct is not None and rounded_pct is not None:
                checks.append(("TotalPercentage", (pct, rounded_pct)))
        for name, values in checks:
            text = rec[name].strip()
            recorded = number(text)
            if recorded is None:
                continue
            event.totals_compared += 1
            if not any(agrees(recorded, v, decimals(text)) for v in values):
                event.totals_mismatches += 1
                event.problems.append(EventProblem(
                    Message("TotalScoreTable: pair {pair} has {column} {value} recorded but {n} computed", pair=pid,
                            column=name, value=text, n=num(round(values[0], 2))),
                    board.file, board.tables["TotalScoreTable"].row_line(i), board.label, i + 1))


def direction_key(text: str) -> str:
    t = text.replace("-", "").replace("/", "").upper()
    return t if t in ("NS", "EW") else "-"


def num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))


def apply_file_ranks(event: Event, rows: list[tuple[Board, int, dict[str, str]]]) -> None:
    """Ties broken as the file breaks them: pairs bridgekit ranks equal (the
    same printed figures) to which the ``TotalScoreTable`` gives distinct
    ``Rank``s (its tiebreak) take the file's order and ranks; ties the file
    shows as ties (the same Rank, or Ruter's ``RankTie``) stay ``4=``."""
    recorded: dict[int, int] = {}
    by_pair: dict[tuple[str | None, str], list[Standing]] = {}
    for s in event.standings:
        by_pair.setdefault((s.section, s.pair), []).append(s)
    for _board, _i, rec in rows:
        pid, rank = cell(rec, "PairId"), cell(rec, "Rank")
        if pid is None or rank is None or not rank.rstrip("=").isdigit():
            continue
        found = by_pair.get((cell(rec, "Section"), pid)) or by_pair.get((None, pid))
        if not found:
            continue
        direction = direction_key(rec.get("Direction", "-"))
        s = next((x for x in found if direction in ("-", x.direction) or x.direction is None), found[0])
        recorded[id(s)] = int(rank.rstrip("="))
    if not recorded:
        return
    out: list[Standing] = []
    i, standings = 0, event.standings
    while i < len(standings):
        j = i
        while j + 1 < len(standings) and standings[j + 1].rank == standings[i].rank \
                and standings[j + 1].direction == standings[i].direction:
            j += 1
        run = standings[i:j + 1]
        ranks = [recorded.get(id(s)) for s in run]
        if len(run) > 1 and None not in ranks and len(set(ranks)) == len(run):
            first = int(run[0].rank.rstrip("="))
            run.sort(key=lambda s: recorded[id(s)])
            for k, s in enumerate(run):
                s.rank = str(first + k)
            event.ties_broken += 1
        out.extend(run)
        i = j + 1
    event.standings = out
