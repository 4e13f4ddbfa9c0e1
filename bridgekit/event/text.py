"""``bridgekit event``'s text: travellers, matches, rankings and the closing
summary, rendered from an :class:`~bridgekit.event.model.Event` (the command
line hands the event to the output helper, which calls :func:`event_text` for
a table).  ``html`` renders the same event as a results page; both take a
result's played text and a column's decimals from here."""

from __future__ import annotations

import textwrap
from collections import Counter
from typing import Any, Iterable

from ..i18n import _, _n, _p, fixed, number
from ..notation import contract_text, played_text, render_message, side_text, vul_column
from ..printable import printable
from ..render import text_table
from ..seats import Side
from .model import Event, EventResult, Traveller


def event_text(ev: Event, ascii_: bool = False, ranking_only: bool = False, lang: str = "en") -> str:
    """The whole event as text in ``lang``: each traveller (not with
    ``ranking_only``), the matches of a team event, the ranking, each session
    alone, the next Swiss round, the summary line."""
    L = lang
    parts = []
    if not ranking_only:
        labels = Counter(t.board for t in ev.boards)
        parts += [printable(render_traveller(t, ev, ascii_, labels[t.board] > 1, L)) for t in ev.boards]
    if ev.method.for_teams:
        parts.append(printable(render_matches(ev, L)))
    parts.append(printable(render_teams(ev, L) if ev.method.for_teams else render_ranking(ev, L)))
    for i, (name, one) in enumerate(ev.sessions, start=1):
        parts.append(printable(_(L, "Session {n} alone ({name})", n=i, name=name) + "\n" + render_ranking(one, L)))
    if ev.next_round is not None:
        pairs, bye = ev.next_round
        parts.append(printable("\n".join([_(L, "Next round (Swiss, no rematch)")]
                                         + ["  " + _(L, "{a} v {b}", a=a, b=b) for a, b in pairs]
                                         + (["  " + _(L, "bye: {team}", team=bye)] if bye is not None else []))))
    return "".join(part + "\n\n" for part in parts) + summary(ev, L)


def unit_text(ev: Event, lang: str = "en", plural: bool = False) -> str:
    """The method's unit in a column title: ``MP``, ``IMPs``, ``pts`` (``PM``,
    ``IMP``, ``pts`` in French)."""
    unit = ev.method.unit + ("s" if plural else "")   # one of UNITS
    return _p(lang, "unit", unit)


#: The methods' units, singular and plural (column titles): their msgids.
UNITS = (_p("en", "unit", "MP"), _p("en", "unit", "MPs"), _p("en", "unit", "IMP"), _p("en", "unit", "IMPs"),
         _p("en", "unit", "pt"), _p("en", "unit", "pts"))


def render_matches(ev: Event, lang: str = "en") -> str:
    """Each match of a team event: teams, boards, points each way, VPs."""
    L = lang
    vp = any(m.vp_home is not None for m in ev.matches)
    rows = _decimals([[m.round or "", m.home, m.away, m.boards, m.imps_home, m.imps_away]
                      + ([m.vp_home, m.vp_away] if vp else []) for m in ev.matches], (4, 5), (6, 7), L)
    unit = unit_text(ev, L, plural=ev.method.unit == "IMP")
    headers = [_(L, "round"), _(L, "home"), _(L, "away"), _(L, "boards"), _(L, "{unit} home", unit=unit),
               _(L, "{unit} away", unit=unit)] + ([_(L, "VP home"), _(L, "VP away")] if vp else [])
    align = ["left", "left", "left"] + ["right"] * (len(headers) - 3)
    return _(L, "Matches") + "\n" + _fit(rows, headers, align, (1, 2))


def render_teams(ev: Event, lang: str = "en") -> str:
    """The teams ranked: matches, boards, IMPs won and lost, VP (or points)."""
    L = lang
    if not ev.teams:
        return _(L, "No team to rank (no board played at both tables of a match).")
    vp = any(t.vp is not None for t in ev.teams)
    rows = _decimals([[t.rank, t.team, t.matches, t.boards, t.imps_for, t.imps_against]
                      + ([t.vp] if vp else []) for t in ev.teams], (4, 5), (6,), L)
    unit = _p(L, "unit", "IMPs") if vp else unit_text(ev, L)
    headers = [_(L, "rank"), _(L, "team"), _(L, "matches"), _(L, "boards"), f"{unit} +", f"{unit} -"] + (
        [_(L, "VP")] if vp else [])
    align = ["left", "left"] + ["right"] * (len(headers) - 2)
    return _(L, "Ranking of the teams") + "\n" + _fit(rows, headers, align, (1,))


def places(x: float) -> int:
    """The fewest decimals, up to 2, that show ``x`` as rounded to 2."""
    x = round(x, 2)
    return 0 if x == int(x) else 1 if round(x, 1) == x else 2


def column_decimals(values: Iterable[float | None], lang: str = "en") -> list[str]:
    """A column's numbers with one number of decimals for the column: the
    fewest, up to 2, that show every value exactly as rounded to 2 (a
    decimal comma in French)."""
    vals = list(values)
    d = max((places(v) for v in vals if v is not None), default=0)
    return ["" if v is None else fixed(round(v, d) + 0.0, lang, d) for v in vals]


def _decimals(rows: list[list[Any]], columns: tuple[int, ...], vp: tuple[int, ...] = (),
              lang: str = "en") -> list[list[Any]]:
    """Format the numbers of ``columns`` with one number of decimals per
    column (:func:`column_decimals`), and those of ``vp`` with 2 as VP scales
    are published."""
    for c in columns + vp:
        values = [row[c] for row in rows if c < len(row) and isinstance(row[c], (int, float))]
        d = 2 if c in vp else max((places(float(v)) for v in values), default=0)
        for row in rows:
            if c < len(row):
                v = row[c]
                row[c] = "" if v is None else fixed(round(float(v), d) + 0.0, lang, d) \
                    if isinstance(v, (int, float)) else v
    return rows


def _num(x: float | None, lang: str = "en") -> str:
    if x is None:
        return ""
    text = number(x, lang, 2)
    return "0" if text in ("-0", "") else text


def _signed(x: int | None) -> str:
    return "" if x is None else f"{x:+d}" if x else "0"


def _cut(text: str | None, width: int) -> str:
    if text is None:
        return ""
    return text if len(text) <= width else text[:width - 1] + "~"


def _contract(r: EventResult, ascii_: bool, lang: str = "en") -> str:
    if r.not_played:
        return _(lang, "not played")
    if r.arbitrary is not None:
        return "/".join(r.arbitrary)
    if r.contract is None:
        return "-"
    return contract_text(r.contract, ascii_, lang)


def result_text(r: EventResult, ascii_: bool = False, lang: str = "en") -> str:
    """A table's result as a director writes it: ``4♠X W 10``, ``Passed
    out``, ``A+/A-``, ``not played``."""
    if r.not_played or r.arbitrary is not None:
        return _contract(r, ascii_, lang)
    return played_text(r.contract, r.declarer, r.tricks, ascii_, lang)


def render_traveller(t: Traveller, ev: Event, ascii_: bool, again: bool = False, lang: str = "en") -> str:
    """One board's traveller: each result with its score and points, in 80
    columns (pair names cut to fit); ``again``: another traveller has the
    same board number (another deal), so the header gives the line."""
    L = lang
    what = unit_text(ev, L)
    results = sum(r.weight for r in t.results)
    line = t.results[0].line if t.results else None
    board = _(L, "Board {board} (line {line})", board=t.board, line=line) if again and line is not None else \
        _(L, "Board {board}", board=t.board)
    head = "  ".join((board, _(L, "Vul {vul}", vul=vul_column(t.vulnerable, L) if t.vulnerable is not None else "?"),
                      _n(L, "{n} result", "{n} results", results)))
    if ev.method.out_of_top and t.top is not None:
        head += _(L, ", top {top}", top=_num(t.top, L))
    if t.datum:
        head += _(L, ", datum {datum}", datum=", ".join(f"{d:+d}" if sec is None else f"{sec} {d:+d}"
                                                         for sec, d in t.datum.items()))
    sections = any(r.section for r in t.results)
    times = any(r.weight != 1 for r in t.results)
    rows = []
    for r in t.results:
        score = _signed(r.score_ns)
        rows.append(([r.section or ""] if sections else []) + [
            r.ns or "", r.ew or "", result_text(r, ascii_, L)
            + (_(L, " (recorded {score})", score=_signed(r.recorded_ns)) if r.mismatch else ""),
            score if r.score_ns is not None and r.score_ns >= 0 else "",
            str(-r.score_ns) if r.score_ns is not None and r.score_ns < 0 else "",
            r.points_ns, r.points_ew] + ([f"x{r.weight}"] if times else []))
    ns, ew = side_text(Side.NS, L), side_text(Side.EW, L)
    headers = ([_(L, "sec")] if sections else []) + [ns, ew, _(L, "result"), f"{ns} +", f"{ew} +",
                                                      f"{what} {ns}", f"{what} {ew}"] + (
        [_(L, "times")] if times else [])
    first = 1 if sections else 0
    rows = _decimals(rows, (first + 5, first + 6), (), L)
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


def render_ranking(ev: Event, lang: str = "en") -> str:
    """The ranking of each field, best first, ties shown as 2=, in 80 columns.
    Pairs known only by their players' names show them in the names column."""
    L = lang
    out: list[str] = []
    mp = ev.method.out_of_top
    individuals = ev.kind == "individuals"
    for section, direction, pairs in ev.fields():
        movement = None if individuals else ev.movement.get(section)
        title = _(L, "Ranking of the players (individual)") if individuals else _(L, "Ranking")
        if section:
            title += _(L, ", section {section}", section=section)
        if direction:
            title += ", " + side_text(Side.NS if direction == "NS" else Side.EW, L)
        if movement is not None:
            title += f" ({movement.value})"
        if ev.across_field and any(s.section for s in pairs):
            title += _(L, ", all sections")
        ids = any(s.names is not None for s in pairs)
        rows = []
        for s in pairs:
            pair = f"{s.section} {s.pair}" if ev.across_field and s.section else s.pair
            who = [pair, s.names or ""] if ids else [pair]
            rows.append([s.rank, *who, s.boards, s.points]
                        + ([s.max, fixed(s.percentage, L) if s.percentage is not None else ""] if mp else []))
        who_col = _(L, "player") if individuals else _(L, "pair")
        headers = [_(L, "rank"), *([who_col, _(L, "names")] if ids else [who_col]), _(L, "boards"),
                   unit_text(ev, L, plural=not mp)] + ([_(L, "max"), "%"] if mp else [])
        name_col = 2 if ids else 1
        rows = _decimals(rows, (name_col + 2, name_col + 3) if mp else (name_col + 2,), (), L)
        align = ["left"] * (name_col + 1) + ["right"] * (len(headers) - name_col - 1)
        out.append(title + "\n" + _fit(rows, headers, align, (name_col,)))
    if not out:
        return _(L, "No pair to rank (no PairId or names in the results).")
    return "\n\n".join(out)


def summary(ev: Event, lang: str = "en") -> str:
    """The closing lines: what was scored and what agrees with the file."""
    L = lang
    how = render_message(ev.method.describe(ev.settings), False, L)
    text = _(L, "{boards} ({how})", how=how, boards=_n(L, "{n} board, {results}", "{n} boards, {results}",
                                                      len(ev.boards),
                                                      results=_n(L, "{n} result", "{n} results", ev.results)))
    checks = []
    if ev.score_compared:
        checks.append(_(L, "scores agree on {agree} of {n}", agree=ev.score_compared - ev.score_mismatches,
                        n=ev.score_compared))
    if ev.points_compared:
        checks.append(_(L, "{unit} on {agree} of {n}", unit=unit_text(ev, L, plural=True),
                        agree=ev.points_compared - ev.points_mismatches, n=ev.points_compared))
    if ev.totals_compared:
        checks.append(_(L, "pair totals on {agree} of {n}", agree=ev.totals_compared - ev.totals_mismatches,
                        n=ev.totals_compared))
    if checks:
        text += "\n" + textwrap.fill(_(L, "Recorded {checks}", checks=", ".join(checks)), 80)
    if ev.ties_broken:
        text += "\n" + _n(L, "{n} tie broken as the file's TotalScoreTable ranks them",
                          "{n} ties broken as the file's TotalScoreTable ranks them", ev.ties_broken)
    if ev.running_totals:
        text += "\n" + textwrap.fill(_n(L, "{n} running total over earlier sessions not compared (no carry-over "
                                          "in the file)", "{n} running totals over earlier sessions not compared "
                                          "(no carry-over in the file)", ev.running_totals), 80)
    return text
