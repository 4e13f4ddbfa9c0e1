"""``bridgekit event``'s text: travellers, matches, rankings and the closing
summary, rendered from an :class:`~bridgekit.event.model.Event` (the command
line hands the event to the output helper, which calls :func:`event_text` for
a table).  ``html`` renders the same event as a results page; both take a
result's played text and a column's decimals from here."""

from __future__ import annotations

import textwrap
from collections import Counter
from typing import Any, Iterable

from ..notation import contract_text, played_text
from ..printable import printable
from ..render import text_table
from .model import Event, EventResult, Traveller


def _plural(n: float, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def event_text(ev: Event, ascii_: bool = False, ranking_only: bool = False) -> str:
    """The whole event as text: each traveller (not with ``ranking_only``),
    the matches of a team event, the ranking, each session alone, the next
    Swiss round, the summary line."""
    parts = []
    if not ranking_only:
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


def places(x: float) -> int:
    """The fewest decimals, up to 2, that show ``x`` as rounded to 2."""
    x = round(x, 2)
    return 0 if x == int(x) else 1 if round(x, 1) == x else 2


def column_decimals(values: Iterable[float | None]) -> list[str]:
    """A column's numbers with one number of decimals for the column: the
    fewest, up to 2, that show every value exactly as rounded to 2."""
    vals = list(values)
    d = max((places(v) for v in vals if v is not None), default=0)
    return ["" if v is None else f"{round(v, d) + 0.0:.{d}f}" for v in vals]


def _decimals(rows: list[list[Any]], columns: tuple[int, ...], vp: tuple[int, ...] = ()) -> list[list[Any]]:
    """Format the numbers of ``columns`` with one number of decimals per
    column (:func:`column_decimals`), and those of ``vp`` with 2 as VP scales
    are published."""
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


def result_text(r: EventResult, ascii_: bool = False) -> str:
    """A table's result as a director writes it: ``4♠X W 10``, ``Passed
    out``, ``A+/A-``, ``not played``."""
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
            r.ns or "", r.ew or "", result_text(r, ascii_) + (f" (recorded {_signed(r.recorded_ns)})" if r.mismatch else ""),
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
        text = text_table(shown, headers, align)
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
        text += "\n" + f"{_plural(ev.ties_broken, 'tie')} broken as the file's TotalScoreTable ranks them"
    if ev.running_totals:
        text += "\n" + textwrap.fill(f"{_plural(ev.running_totals, 'running total')} over earlier sessions "
                                     "not compared (no carry-over in the file)", 80)
    return text
