"""The hand record as one self-contained HTML file: inline CSS, no scripts,
nothing fetched.  On screen the pages show as sheets; printed, the print CSS
lays them out page for page as the PDF (the same sizes from
:mod:`bridgekit.handrecord.layout`).  Suit symbols are text (a screen reader
reads them, a copy pastes them), hearts and diamonds in red.
"""

from __future__ import annotations

from html import escape

from ..seats import Seat
from ..i18n import _
from ..notation import letters, seat_letter, seat_name
from . import HandRecord, hand_lines, par_lines
from .layout import DD_CAPTION, BoardBox, Layout, Plan, dd_rows, dealer_vul, plan, split_red

_SEAT_CLASS = {Seat.N: "north", Seat.E: "east", Seat.S: "south", Seat.W: "west"}


def _t(text: str) -> str:
    """Escaped text with the red suit symbols in spans."""
    return "".join(f'<span class="red">{escape(run)}</span>' if red else escape(run)
                   for run, red in split_red(text))


def _mm(value: float) -> str:
    return f"{value:.2f}mm"


def _css(L: Layout) -> str:
    col, lh = L.column, L.line_h
    if L.band:   # the par and the DD table below the diagram
        low, par_left, par_w, dd_left = L.band_top(), L.par_x, 3 * col - L.par_x - 1, 0.0
        low_size, low_h = L.band_size, L.band_line_h
    else:        # in its bottom corners
        low, par_left, par_w, dd_left = 8 * lh + L.corner_gap, 0.0, col - 1, 2 * col + 0.5
        low_size, low_h = L.small, L.small_h
    return f"""
@page {{ size: {L.paper.upper() if L.paper == "a4" else "letter"}; margin: 0; }}
* {{ box-sizing: border-box; }}
html {{ background: #d9d9d9; }}
body {{ margin: 0; padding: 8mm 0; font-family: "DejaVu Sans", Verdana, "Segoe UI", Arial, sans-serif;
  color: #000; }}
.page {{ position: relative; width: {_mm(L.page_w)}; height: {_mm(L.page_h)}; margin: 0 auto 8mm;
  background: #fff; box-shadow: 0 1mm 4mm rgba(0,0,0,.25); overflow: hidden; }}
.page > header {{ position: absolute; left: 12mm; right: 12mm; top: 12mm; height: 13.5mm;
  border-bottom: 0.25mm solid #aaa; }}
.page > header h1 {{ margin: 0; font-size: 14pt; line-height: 7mm; }}
.page > header p {{ margin: 0; font-size: 9.5pt; line-height: 5mm; color: #6e6e6e; }}
.page > footer {{ position: absolute; left: 12mm; right: 12mm; bottom: 12mm; height: 4mm;
  font-size: 7pt; line-height: 4mm; color: #6e6e6e; display: flex; justify-content: space-between; }}
.board {{ position: absolute; width: {_mm(L.box_w)}; height: {_mm(L.box_h)}; border: 0.25mm solid #aaa;
  font-size: {L.font:.2f}pt; line-height: {_mm(lh)}; }}
.board > *, .diagram > * {{ position: absolute; margin: 0; }}
.diagram {{ width: {_mm(3 * col)}; }}
.red {{ color: #be0000; }}
.info {{ left: 0; top: 0; width: {_mm(col)}; }}
.info h2 {{ margin: 0; font-size: {L.font * 1.25:.2f}pt; line-height: {_mm(lh * 1.35)}; }}
.info div {{ font-size: {L.small:.2f}pt; line-height: {_mm(L.small_h)}; }}
.par div, .dd {{ font-size: {low_size:.2f}pt; line-height: {_mm(low_h)}; }}
.hand {{ width: {_mm(col)}; white-space: nowrap; }}
.north {{ left: {_mm(col + 1)}; top: 0; }}
.west {{ left: 0; top: {_mm(4 * lh)}; }}
.east {{ left: {_mm(2 * col + 1)}; top: {_mm(4 * lh)}; }}
.south {{ left: {_mm(col + 1)}; top: {_mm(8 * lh)}; }}
.compass {{ left: {_mm(col * 1.5 - L.compass / 2)}; top: {_mm(6 * lh - L.compass / 2)};
  width: {_mm(L.compass)}; height: {_mm(L.compass)}; background: #ecf2ec; border: 0.25mm solid #aaa;
  font-size: {L.small:.2f}pt; line-height: {_mm(L.small_h)}; }}
.compass span {{ position: absolute; width: 6mm; text-align: center; }}
.compass i {{ position: absolute; font-style: normal; font-weight: bold; color: #6e6e6e;
  font-size: {L.small * 0.8:.2f}pt; width: 4mm; text-align: center; }}
.compass .ln {{ left: 50%; margin-left: -2mm; top: {_mm(0.3 + L.small_h)}; }}
.compass .ls {{ left: 50%; margin-left: -2mm; bottom: {_mm(0.3 + L.small_h)}; }}
.compass .lw {{ left: {_mm(L.small * 0.3528 * 1.15 + 1.2)}; top: 50%; margin-top: {_mm(-L.small_h / 2)}; }}
.compass .le {{ right: {_mm(L.small * 0.3528 * 1.15 + 1.2)}; top: 50%; margin-top: {_mm(-L.small_h / 2)}; }}
.compass .n {{ left: 50%; margin-left: -3mm; top: 0.3mm; }}
.compass .s {{ left: 50%; margin-left: -3mm; bottom: 0.3mm; }}
.compass .w {{ left: 0.2mm; top: 50%; margin-top: {_mm(-L.small_h / 2)}; width: auto; }}
.compass .e {{ right: 0.2mm; top: 50%; margin-top: {_mm(-L.small_h / 2)}; width: auto; }}
.par {{ left: {_mm(par_left)}; top: {_mm(low)}; width: {_mm(par_w)}; }}
.par .score {{ font-weight: bold; }}
.par .note {{ color: #6e6e6e; }}
.dd {{ left: {_mm(dd_left)}; top: {_mm(low)}; border-collapse: collapse; table-layout: fixed; }}
.dd caption {{ text-align: left; font-weight: bold; color: #6e6e6e; white-space: nowrap;
  font-size: {low_size * (1.0 if L.band else 0.85):.2f}pt; line-height: {_mm(low_h)}; }}
.dd th, .dd td {{ width: {_mm(L.dd_unit)}; padding: 0; text-align: center; font-weight: normal; }}
.dd th[scope=row], .dd tr:first-child td:first-child {{ width: {_mm(L.dd_seat)}; font-weight: bold; }}
.extras {{ left: {_mm(L.extras_x)}; width: {_mm(L.extras_w)}; font-size: {L.extra:.2f}pt; line-height: {_mm(L.extra_h)}; }}
.extras p {{ margin: 0; white-space: nowrap; }}
.extras .room {{ font-weight: bold; }}
.extras .cut {{ color: #6e6e6e; }}
.auction {{ border-collapse: collapse; }}
.auction th, .auction td {{ width: {_mm(L.auction_cell)}; padding: 0; text-align: left; }}
.tricks {{ border-collapse: collapse; }}
.tricks th, .tricks td {{ width: {_mm(L.trick_cell)}; padding: 0; text-align: left; }}
.tricks .n {{ width: {_mm(L.trick_x(1) - 1.5)}; padding-right: 1.5mm; text-align: right; }}
.tricks th.n {{ text-align: left; }}
.tricks .lead {{ width: {_mm(L.trick_x(2) - L.trick_x(1))}; }}
.tricks .won {{ font-weight: bold; }}
@media print {{
  html, body {{ background: none; padding: 0; }}
  .page {{ margin: 0; box-shadow: none; break-after: page; }}
  .page:last-child {{ break-after: auto; }}
}}
"""


def _board(box: BoardBox, L: Layout, x: float, y: float, ascii: bool) -> str:
    board = box.board
    out = [f'<section class="board" id="board-{escape(board.label)}" data-board="{escape(board.label)}" '
           f'style="left:{_mm(x)};top:{_mm(y)}">']
    out.append(f'<div class="diagram" style="left:{_mm(L.diagram_x)};top:{_mm(L.top(box))};'
               f'height:{_mm(L.diagram_h(board))}">')
    Lg = board.lang
    dealer, vul = dealer_vul(board)
    info = L.info_size((dealer, vul))
    size = "" if info == L.small else f' style="font-size:{info:.2f}pt"'   # a long French dealer line
    out.append(f'<div class="info"><h2>{escape(_(Lg, "Board {board}", board=board.label))}</h2>'
               f'<div class="dealer"{size}>{escape(dealer)}</div><div class="vul"{size}>{escape(vul)}</div></div>')
    for seat in (Seat.N, Seat.W, Seat.E, Seat.S):
        suits = "".join(f'<div class="suit">{_t(line)}</div>' for line in hand_lines(board.hand(seat), ascii, Lg))
        out.append(f'<div class="hand {_SEAT_CLASS[seat]}" aria-label="{seat_name(seat, Lg)}">{suits}</div>')
    hcp = "".join(f'<span class="{seat.name.lower()}" title="{seat_name(seat, Lg)}">'
                  f'{"?" if (v := board.hcp(seat)) is None else v}</span>'
                  f'<i class="l{seat.name.lower()}" aria-hidden="true">{seat_letter(seat, Lg)}</i>' for seat in Seat)
    out.append(f'<div class="compass" aria-label="{escape(_(Lg, "High-card points"))}">{hcp}</div>')
    if board.par is not None:
        lines = par_lines(board.par, board.profile, ascii, Lg)
        out.append('<div class="par">' + f'<div class="score">{_t(lines[0])}</div>'
                   + "".join(f'<div class="contract">{_t(line)}</div>' for line in lines[1:]) + "</div>")
    elif board.note:
        out.append(f'<div class="par"><div class="note">{escape(board.note)}</div></div>')
    if board.table is not None:
        rows = dd_rows(board, ascii)
        head = "".join(f'<th scope="col">{_t(s)}</th>' for s in rows[0][1:])
        body = "".join(f'<tr><th scope="row">{r[0]}</th>' + "".join(f"<td>{v}</td>" for v in r[1:]) + "</tr>"
                       for r in rows[1:])
        out.append(f'<table class="dd" aria-label="{escape(_(Lg, "Double dummy tricks"))}">'
                   f'<caption>{escape(_(Lg, DD_CAPTION))}</caption><tr><td></td>{head}</tr>{body}</table>')
    out.append("</div>")
    if box.extras:
        top = L.extras_y(board)
        parts = []
        auction: list[str] = []
        tricks: list[str] = []

        def flush() -> None:
            if auction:
                parts.append('<table class="auction">' + "".join(auction) + "</table>")
                auction.clear()
            if tricks:
                parts.append(f'<table class="tricks" aria-label="{escape(_(Lg, "Play"))}">' + "".join(tricks)
                             + "</table>")
                tricks.clear()

        for extra in box.extras:
            if extra.kind == "auction":
                tag = "th" if extra.header else "td"
                auction.append("<tr>" + "".join(f"<{tag}>{_t(c)}</{tag}>" for c in extra.cells) + "</tr>")
                continue
            if extra.kind == "tricks":
                tag = "th" if extra.header else "td"
                classes = ["n", "lead", "", "", "", ""]
                cells = []
                for c, text in enumerate(extra.cells):
                    cls = classes[c] + (" won" if text.endswith("*") and tag == "td" else "")
                    cells.append(f'<{tag} class="{cls.strip()}">{_t(text)}</{tag}>' if cls.strip()
                                 else f"<{tag}>{_t(text)}</{tag}>")
                tricks.append("<tr>" + "".join(cells) + "</tr>")
                continue
            flush()
            parts.append(f'<p class="{extra.kind}">{_t(extra.text)}</p>')
        flush()
        out.append(f'<div class="extras" style="top:{_mm(top)}">' + "".join(parts) + "</div>")
    out.append("</section>")
    return "\n".join(out)


def render_html(record: HandRecord, *, per_page: int = 4, paper: str = "a4", ascii: bool = False,
                laid_out: Plan | None = None) -> str:
    """The hand record as an HTML document (a string)."""
    if laid_out is None:
        laid_out = plan(record, per_page, paper, ascii)
    L = laid_out.layout
    title = letters(record.title) if ascii else record.title
    pages = laid_out.page_count
    body = []
    for n in range(pages):
        boxes = [_board(box, L, L.slot(i)[0], L.slot(i)[1], ascii) for i, box in enumerate(laid_out.page(n))]
        body.append('<div class="page">\n<header>'
                    f"<h1>{_t(title)}</h1>" + (f"<p>{escape(record.subtitle)}</p>" if record.subtitle else "")
                    + "</header>\n" + "\n".join(boxes)
                    + f"\n<footer><span>{escape(_(record.lang, 'Double dummy by DDS · made with bridgekit'))}</span>"
                      f"<span>{escape(_(record.lang, 'Page {n} of {pages}', n=n + 1, pages=pages))}</span></footer>\n"
                      "</div>")
    return (f"<!DOCTYPE html>\n<html lang=\"{escape(record.lang)}\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<meta name=\"generator\" content=\"bridgekit handrecord\">\n"
            f"<title>{escape(title)}</title>\n<style>{_css(L)}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")
