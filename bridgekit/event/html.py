"""Results pages: a scored event as one self-contained HTML file a club can
put on its website, the way club scoring programs publish results.

One file, no script and nothing fetched: the ranking (or the matches and
the teams), every board's hand record (diagram, double-dummy table, par:
``bridgekit.handrecord``'s model and text pieces) with its traveller, and
each pair's (or team's) scorecard, linked to one another by anchors.  The
layout is fluid: tables scroll sideways inside their box on a phone, the
hand diagram keeps its compass shape.

Everything written from the file (names, events, contracts) is escaped.
"""

from __future__ import annotations

from html import escape

from ..handrecord import BoardRecord, HandRecord, hand_lines, par_lines
from ..handrecord.layout import dd_rows, dealer_vul
from ..i18n import _, _n, _p, fixed
from ..notation import render_message, seat_name, side_text
from ..render import vul_text
from ..seats import Seat, Side
from .model import Event, EventResult, Traveller
from .text import column_decimals, result_text, unit_text

_CSS = """
:root { --ink: #1b1f24; --muted: #5b6470; --line: #d7dce2; --head: #f1f4f7; --accent: #1d5fa8; --red: #c0262d; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); }
header { background: #123a66; color: #fff; padding: 14px 18px; }
header h1 { margin: 0; font-size: 1.45em; }
header p { margin: 2px 0 0; opacity: .85; }
nav { position: sticky; top: 0; background: #fff; border-bottom: 1px solid var(--line); padding: 8px 18px; z-index: 2;
      display: flex; flex-wrap: wrap; gap: 6px 18px; }
nav a { color: var(--accent); text-decoration: none; font-weight: 600; }
main { max-width: 1100px; margin: 0 auto; padding: 8px 14px 40px; }
h2 { margin: 26px 0 8px; font-size: 1.25em; border-bottom: 2px solid var(--accent); padding-bottom: 3px; }
h3 { margin: 18px 0 6px; font-size: 1.05em; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; margin: 4px 0 10px; font-variant-numeric: tabular-nums; }
th, td { padding: 4px 9px; border-bottom: 1px solid var(--line); text-align: left; white-space: nowrap; }
th { background: var(--head); font-weight: 600; }
td.n, th.n { text-align: right; }
tr:nth-child(even) td { background: #fafbfc; }
a { color: var(--accent); }
.red { color: var(--red); }
.board { display: grid; grid-template-columns: minmax(250px, 330px) 1fr; gap: 10px 26px; align-items: start;
         border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; margin: 14px 0; }
.board h3 { grid-column: 1 / -1; margin: 0; }
.board > * { min-width: 0; }
.deal { display: grid; grid-template-columns: repeat(3, minmax(80px, auto)); grid-template-rows: auto auto auto;
        gap: 4px 8px; font-size: .95em; }
.deal .N { grid-area: 1 / 2; } .deal .W { grid-area: 2 / 1; } .deal .E { grid-area: 2 / 3; } .deal .S { grid-area: 3 / 2; }
.deal .info { grid-area: 1 / 1; color: var(--muted); font-size: .85em; }
.deal .hand div { white-space: nowrap; }
.deal .seat { color: var(--muted); font-size: .8em; }
.dd table { font-size: .9em; } .dd td, .dd th { padding: 2px 7px; text-align: center; }
.par { color: var(--muted); font-size: .9em; margin: 0 0 6px; }
.trav { grid-column: 1 / -1; }
.muted { color: var(--muted); }
@media (max-width: 640px) {
  .hide-narrow { display: none; }
  body { font-size: 14px; }
  .board { grid-template-columns: 1fr; padding: 8px; }
  th, td { padding: 3px 6px; }
  main { padding: 4px 8px 30px; }
}
"""


def _t(text: object) -> str:
    return escape(str(text), quote=True)


def _suits(text: str) -> str:
    """Escaped text with the red suit symbols coloured."""
    out = []
    for ch in text:
        e = _t(ch)
        out.append(f'<span class="red">{e}</span>' if ch in "\u2665\u2666" else e)
    return "".join(out)


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in text)


def _num(x: float | None, places: int = 2, lang: str = "en") -> str:
    if x is None:
        return ""
    x = round(x, places) + 0.0
    text = f"{x:.{places}f}".rstrip("0").rstrip(".") if places else f"{x:.0f}"
    return text.replace(".", ",") if lang == "fr" else text


def _table(headers: list[str], rows: list[list[str]], numeric: set[int], narrow: frozenset[int] | set[int] = frozenset()) -> str:
    """A table of already escaped cells; ``numeric`` columns right-aligned,
    ``narrow`` ones left out on a phone."""
    def cls(i: int) -> str:
        names = (["n"] if i in numeric else []) + (["hide-narrow"] if i in narrow else [])
        return f' class="{" ".join(names)}"' if names else ""
    head = "".join(f"<th{cls(i)}>{h}</th>" for i, h in enumerate(headers))
    body = "".join("<tr>" + "".join(f"<td{cls(i)}>{c}</td>" for i, c in enumerate(row)) + "</tr>" for row in rows)
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _pair_link(ev: Event, pid: str | None, section: str | None, direction: str | None) -> str:
    if pid is None:
        return ""
    return f'<a href="#{_anchor(section, pid, direction if not ev.method.for_teams else None)}">{_t(pid)}</a>'


def _anchor(section: str | None, pid: str, direction: str | None) -> str:
    return "p-" + _slug(f"{section or ''}-{pid}-{direction or ''}")


def _direction_of(ev: Event, r: EventResult, side: str) -> str | None:
    from .model import Movement
    return None if ev.movement.get(r.section) is Movement.HOWELL else side


def _diagram(b: BoardRecord, ascii: bool) -> str:
    dealer, vul = dealer_vul(b)
    parts = [f'<div class="info">{_t(dealer)}<br>{_t(vul)}</div>']
    for seat in (Seat.N, Seat.W, Seat.E, Seat.S):
        lines = "".join(f"<div>{_suits(line)}</div>" for line in hand_lines(b.hand(seat), ascii, b.lang))
        hcp = b.hcp(seat)
        parts.append(f'<div class="hand {seat.name}"><div class="seat">{_t(seat_name(seat, b.lang))}'
                     f'{"" if hcp is None else f" ({hcp})"}</div>{lines}</div>')
    return '<div class="deal">' + "".join(parts) + "</div>"


def _dd(b: BoardRecord, ascii: bool) -> str:
    if b.table is None:
        return f'<p class="par">{_t(b.note or _(b.lang, "no double-dummy table"))}</p>'
    rows = dd_rows(b, ascii)
    head = "".join(f"<th>{_suits(c)}</th>" for c in rows[0])
    body = "".join("<tr>" + "".join(f"<th>{_t(c)}</th>" if i == 0 else f"<td>{_t(c)}</td>"
                                    for i, c in enumerate(row)) + "</tr>" for row in rows[1:])
    par = ""
    if b.par is not None:
        par = '<p class="par">' + "<br>".join(_suits(x) for x in par_lines(b.par, b.profile, ascii, b.lang)) + "</p>"
    return f'<div class="dd"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>{par}'


def _traveller(ev: Event, t: Traveller, ascii: bool, L: str = "en") -> str:
    unit = unit_text(ev, L)
    sections = any(r.section for r in t.results)
    pts_ns = column_decimals((r.points_ns for r in t.results), L)
    pts_ew = column_decimals((r.points_ew for r in t.results), L)
    rows = []
    for r, a, b in zip(t.results, pts_ns, pts_ew):
        score = r.score_ns
        rows.append(([_t(r.section or "")] if sections else []) + [
            _pair_link(ev, r.ns, r.section, _direction_of(ev, r, "NS")),
            _pair_link(ev, r.ew, r.section, _direction_of(ev, r, "EW")),
            _suits(result_text(r, ascii, L)),
            "" if score is None or score < 0 else f"+{score}" if score else "0",
            "" if score is None or score >= 0 else str(-score), a, b])
    first = 1 if sections else 0
    ns, ew = side_text(Side.NS, L), side_text(Side.EW, L)
    headers = ([_(L, "Sec")] if sections else []) + [ns, ew, _(L, "Result"), f"{ns} +", f"{ew} +", f"{unit} {ns}",
                                                     f"{unit} {ew}"]
    head = _n(L, "{n} result", "{n} results", len(t.results))
    if ev.method.out_of_top and t.top is not None:
        head += _(L, ", top {top}", top=_num(t.top, 2, L))
    if t.datum:
        head += _(L, ", datum {datum}", datum=", ".join(f"{d:+d}" if sec is None else f"{_t(sec)} {d:+d}"
                                                         for sec, d in t.datum.items()))
    table = _table(headers, rows, set(range(first + 3, first + 7)))
    return f'<div class="trav"><p class="muted">{head}</p>{table}</div>'


def _ranking(ev: Event, L: str = "en") -> str:
    out = []
    mp = ev.method.out_of_top
    for section, direction, pairs in ev.fields():
        title = _(L, "Ranking")
        if section:
            title += _(L, ", section {section}", section=section)
        if direction:
            title += ", " + side_text(Side.NS if direction == "NS" else Side.EW, L)
        points = column_decimals((s.points for s in pairs), L)
        tops = column_decimals((s.max for s in pairs), L) if mp else [""] * len(pairs)
        rows = []
        for s, p, m in zip(pairs, points, tops):
            rows.append([_t(s.rank), f'<a href="#{_anchor(s.section, s.pair, s.direction)}">{_t(s.pair)}</a>',
                         _t(s.names or ""), str(s.boards), p]
                        + ([m, "" if s.percentage is None else fixed(s.percentage, L)] if mp else []))
        headers = [_(L, "Rank"), _(L, "Pair"), _(L, "Names"), _(L, "Boards"), unit_text(ev, L, plural=not mp)] + (
            [_(L, "Max"), "%"] if mp else [])
        out.append(f"<h3>{_t(title)}</h3>" + _table(headers, rows, set(range(3, len(headers))), {3, 5} if mp else {3}))
    return "".join(out) or f'<p class="muted">{_t(_(L, "No pair to rank."))}</p>'


def _teams(ev: Event, L: str = "en") -> str:
    vp = any(m.vp_home is not None for m in ev.matches)
    rows = []
    home = column_decimals((m.imps_home for m in ev.matches), L)
    away = column_decimals((m.imps_away for m in ev.matches), L)
    for m, a, b in zip(ev.matches, home, away):
        rows.append([_t(m.round or ""), f'<a href="#{_anchor(None, m.home, None)}">{_t(m.home)}</a>',
                     f'<a href="#{_anchor(None, m.away, None)}">{_t(m.away)}</a>', str(m.boards), a, b]
                    + (["" if m.vp_home is None else fixed(m.vp_home, L),
                        "" if m.vp_away is None else fixed(m.vp_away, L)] if vp else []))
    unit = _p(L, "unit", "IMPs") if vp else unit_text(ev, L)
    matches = f"<h3>{_t(_(L, 'Matches'))}</h3>" + _table(
        [_(L, "Round"), _(L, "Home"), _(L, "Away"), _(L, "Boards"), _(L, "{unit} home", unit=unit),
         _(L, "{unit} away", unit=unit)] + ([_(L, "VP home"), _(L, "VP away")] if vp else []), rows, set(range(3, 8)))
    won = column_decimals((t.imps_for for t in ev.teams), L)
    lost = column_decimals((t.imps_against for t in ev.teams), L)
    rows = [[_t(t.rank), f'<a href="#{_anchor(None, t.team, None)}">{_t(t.team)}</a>', str(t.matches),
             str(t.boards), a, b] + ([fixed(t.vp, L) if t.vp is not None else ""] if vp else [])
            for t, a, b in zip(ev.teams, won, lost)]
    teams = f"<h3>{_t(_(L, 'Teams'))}</h3>" + _table(
        [_(L, "Rank"), _(L, "Team"), _(L, "Matches"), _(L, "Boards"), f"{unit} +", f"{unit} -"]
        + ([_(L, "VP")] if vp else []), rows, set(range(2, 7)))
    return teams + matches


def _scorecards(ev: Event, ascii: bool, L: str = "en") -> str:
    """Each pair's (or team's) boards: opponents, result, score and points."""
    cards: dict[str, tuple[str, list[list[str]]]] = {}
    order: list[str] = []
    if ev.method.for_teams:
        for team in ev.teams:
            order.append(_anchor(None, team.team, None))
            cards[order[-1]] = (team.team, [])
    else:
        for s in ev.standings:
            order.append(_anchor(s.section, s.pair, s.direction))
            title = _(L, "Section {section}, pair {pair}", section=s.section, pair=s.pair) if s.section else \
                _(L, "Pair {pair}", pair=s.pair)
            if s.direction:
                title += f" ({side_text(Side.NS if s.direction == 'NS' else Side.EW, L)})"
            if s.names:
                title = _(L, "{title}: {names}", title=title, names=s.names)
            cards[order[-1]] = (title, [])
    for t in ev.boards:
        for r in t.results:
            for side, pid, opp, pts in (("NS", r.ns, r.ew, r.points_ns), ("EW", r.ew, r.ns, r.points_ew)):
                if pid is None:
                    continue
                key = _anchor(None if ev.method.for_teams else r.section, pid,
                              None if ev.method.for_teams else _direction_of(ev, r, side))
                if key not in cards:
                    continue
                score = r.score_ns if side == "NS" or r.score_ns is None else -r.score_ns
                cards[key][1].append([f'<a href="#b-{_slug(t.board)}">{_t(t.board)}</a>',
                                      side_text(Side.NS if side == "NS" else Side.EW, L), _t(opp or ""),
                                      _suits(result_text(r, ascii, L)),
                                      "" if score is None else f"{score:+d}" if score else "0",
                                      "" if pts is None else repr(pts)])
    out = []
    unit = unit_text(ev, L)
    for key in order:
        title, rows = cards[key]
        shown = column_decimals((float(row[5]) if row[5] else None for row in rows), L)
        for row, p in zip(rows, shown):
            row[5] = p
        out.append(f'<h3 id="{key}">{_t(title)}</h3>'
                   + _table([_(L, "Board"), _(L, "Sat"), _(L, "Against"), _(L, "Result"), _(L, "Score"), unit],
                            rows, {4, 5}))
    return "".join(out)


def render_results_html(ev: Event, record: HandRecord | None = None, *, title: str | None = None,
                        subtitle: str = "", ascii: bool = False, lang: str = "en") -> str:
    """The results page of ``ev``: ranking, boards (hand record and
    traveller) and scorecards.  ``record``: the session's hand record
    (diagrams, DD tables, par), matched to the travellers by board label and
    deal; boards without one show the traveller alone."""
    deals: dict[str, list[BoardRecord]] = {}
    if record is not None:
        for b in record.boards:
            deals.setdefault(b.label, []).append(b)
        title = title or record.title
        subtitle = subtitle or record.subtitle
    L = lang
    title = title or _(L, "Results")
    method = render_message(ev.method.describe(ev.settings), ascii, L)
    boards = []
    for t in ev.boards:
        found = deals.get(t.board, [])
        deal = next((b for b in found if t.results and t.results[0].deal == str(b.deal)), found[0] if found else None)
        hand = (_diagram(deal, ascii) + "<div>" + _dd(deal, ascii) + "</div>") if deal is not None else ""
        # the vulnerability in the heading when no diagram below says it already
        vul = "" if t.vulnerable is None or deal is not None else \
            " \u00b7 " + _t(_(L, "Vul {vul}", vul=vul_text(t.vulnerable, L)))
        boards.append(f'<section class="board" id="b-{_slug(t.board)}"><h3>{_t(_(L, "Board {board}", board=t.board))}'
                      f'{vul}</h3>{hand}{_traveller(ev, t, ascii, L)}</section>')
    links = " ".join(f'<a href="#b-{_slug(t.board)}">{_t(t.board)}</a>' for t in ev.boards)
    ranking = _teams(ev, L) if ev.method.for_teams else _ranking(ev, L)
    who = _(L, "Teams") if ev.method.for_teams else _(L, "Pairs")
    line = f"{subtitle} \u00b7 {method}" if subtitle else method
    return (f'<!DOCTYPE html>\n<html lang="{_t(L)}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_t(title)}</title><style>{_CSS}</style></head><body>"
            f"<header><h1>{_t(title)}</h1><p>{_t(line)}</p></header>"
            f'<nav><a href="#ranking">{_t(_(L, "Ranking"))}</a><a href="#boards">{_t(_(L, "Boards"))}</a>'
            f'<a href="#cards">{_t(who)}</a></nav><main>'
            f'<h2 id="ranking">{_t(_(L, "Ranking"))}</h2>{ranking}'
            f'<h2 id="boards">{_t(_(L, "Boards"))}</h2><p class="muted">{links}</p>{"".join(boards)}'
            f'<h2 id="cards">{_t(_(L, "{who}: scorecards", who=who))}</h2>{_scorecards(ev, ascii, L)}'
            f'<p class="muted">{_t(_(L, "{boards}, {results}. Made by bridgekit.", boards=_n(L, "{n} board", "{n} boards", len(ev.boards)), results=_n(L, "{n} result", "{n} results", ev.results)))}</p>'
            "</main></body></html>\n")


__all__ = ["render_results_html"]
