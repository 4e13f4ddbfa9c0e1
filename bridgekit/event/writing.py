"""Writing back: the computed points into each board's ``ScoreTable`` and
the standings into a ``TotalScoreTable`` on the first board."""

from __future__ import annotations

from ..board import Board, Table
from .model import Event
from .recorded import direction_key


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
    percentages = event.method.out_of_top
    cols = event.method.point_columns + (("Percentage_NS",) if percentages else ())
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
            if percentages:
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
    total = event.method.total_columns[0]
    ours = ["Rank", "Section", "Direction", "PairId", "Names", "NrBoards", total] + (
        ["TotalPercentage"] if event.method.out_of_top else [])
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
            (rec.get("Section", "-"), direction_key(rec.get("Direction", "-")), row))
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
                  total: _fmt(s.points), "TotalPercentage": _fmt(s.percentage)}
        for c in ours:
            if values[c] != "-" or row[names.index(c)] in ("", "?"):   # never blank a recorded cell
                row[names.index(c)] = values[c]
        rows.append(row)
    rows.extend(row for rest in old.values() for _sec, _d, row in rest)
    table.rows[:] = rows
    table.row_lines[:] = []
    board.set("TotalScoreTable", ";".join(table.columns))
