"""The hand record as PDF, drawn with fpdf2 at the positions of
:mod:`bridgekit.handrecord.layout`.

fpdf2 is pure Python (its own dependencies, fontTools and Pillow, are
already installed with endplay's matplotlib), is actively maintained, and
embeds TrueType fonts as subsets, so a hand record prints the same suit
symbols on any printer.  The font is DejaVu Sans, which has the four suit
glyphs: matplotlib ships it in every install (``mpl-data/fonts/ttf``), and
a system copy is used when there is one and matplotlib's is not found.
"""

from __future__ import annotations

import importlib.util
import os
from typing import Sequence

from ..errors import BridgekitError
from ..seats import Seat
from ..i18n import _
from ..notation import Message, letters, seat_letter
from . import HandRecord, hand_lines, par_lines
from .layout import (DD_CAPTION, PT, BoardBox, Layout, Plan, creation_date, dd_rows, dealer_vul,
                     plan, split_red)

RED = (190, 0, 0)
BLACK = (0, 0, 0)
GREY = (110, 110, 110)
RULE = (170, 170, 170)
FAMILY = "DejaVuSans"

_SYSTEM_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/TTF", "/usr/share/fonts/dejavu",
                "/Library/Fonts", os.path.expanduser("~/.fonts"))


def font_files() -> tuple[str, str]:
    """Paths of DejaVu Sans regular and bold.  Raises BridgekitError naming
    what to install when neither matplotlib's copy nor a system one is found."""
    dirs: list[str] = []
    spec = importlib.util.find_spec("matplotlib")
    if spec is not None and spec.submodule_search_locations:
        for loc in spec.submodule_search_locations:
            dirs.append(os.path.join(loc, "mpl-data", "fonts", "ttf"))
    dirs.extend(_SYSTEM_DIRS)
    for d in dirs:
        regular, bold = os.path.join(d, "DejaVuSans.ttf"), os.path.join(d, "DejaVuSans-Bold.ttf")
        if os.path.isfile(regular) and os.path.isfile(bold):
            return regular, bold
    raise BridgekitError(Message('no DejaVu Sans font for the PDF (it comes with matplotlib: pip install '
                                 'matplotlib, or install the fonts-dejavu package)'))


#: Drawn for a character the font has no glyph for (DejaVu has this one).
MISSING = "\u25a1"


class _Pdf:
    """An fpdf2 document with the hand record's drawing primitives."""

    def __init__(self, layout: Layout, title: str) -> None:
        from fpdf import FPDF

        self.layout = layout
        pdf = FPDF(orientation="P", unit="mm", format=(layout.page_w, layout.page_h))
        pdf.set_auto_page_break(False)
        pdf.set_margin(0)
        regular, bold = font_files()
        pdf.add_font(FAMILY, "", regular)
        pdf.add_font(FAMILY, "B", bold)
        # what the embedded font can draw; anything else is drawn as MISSING
        # and counted (a Chinese or Korean title, a Thai name): never dropped silently
        self.covered: set[int] = (set(getattr(pdf.fonts[FAMILY.lower()], "cmap", ()))
                                  & set(getattr(pdf.fonts[FAMILY.lower() + "B"], "cmap", ())))
        self.missing: dict[str, int] = {}
        pdf.set_title(title)
        pdf.set_creator("bridgekit handrecord")
        pdf.set_producer("bridgekit (fpdf2)")
        # the run's date, or SOURCE_DATE_EPOCH's (the same input then gives the same bytes)
        pdf.set_creation_date(creation_date())
        self.pdf = pdf

    def font(self, size: float, bold: bool = False) -> None:
        self.pdf.set_font(FAMILY, "B" if bold else "", size)

    def width(self, text: str, size: float, bold: bool = False) -> float:
        self.font(size, bold)
        return float(self.pdf.get_string_width(self.drawable(text, count=False)))

    def drawable(self, text: str, count: bool = True) -> str:
        """``text`` with each character the font has no glyph for replaced
        by :data:`MISSING` (counted, for the one warning line)."""
        covered = self.covered
        if all(ord(ch) in covered or ch in "\n\t" for ch in text):
            return text
        out = []
        for ch in text:
            if ord(ch) in covered or ch in "\n\t":
                out.append(ch)
            else:
                out.append(MISSING)
                if count:
                    self.missing[ch] = self.missing.get(ch, 0) + 1
        return "".join(out)

    def text(self, x: float, top: float, text: str, size: float, *, bold: bool = False,
             colour: tuple[int, int, int] = BLACK, align: str = "left", line_h: float | None = None) -> None:
        """Draw ``text`` with its line box's top at ``top``, hearts and
        diamonds in red; ``align`` ``center``/``right`` puts ``x`` there."""
        self.font(size, bold)
        text = self.drawable(text)
        h = line_h if line_h is not None else size * 1.28 * PT
        baseline = top + h * 0.5 + size * PT * 0.36
        if align != "left":
            w = self.pdf.get_string_width(text)
            x -= w / 2 if align == "center" else w
        for run, red in split_red(text):
            self.pdf.set_text_color(*(RED if red else colour))
            self.pdf.text(x, baseline, run)
            x += self.pdf.get_string_width(run)
        self.pdf.set_text_color(*BLACK)


def _draw_board(doc: _Pdf, box: BoardBox, x0: float, y0: float, ascii: bool) -> None:
    L = doc.layout
    pdf = doc.pdf
    board = box.board
    pdf.set_draw_color(*RULE)
    pdf.set_line_width(0.25)
    pdf.rect(x0, y0, L.box_w, L.box_h)
    col, lh, sh = L.column, L.line_h, L.small_h
    cx = [x0 + L.diagram_x + i * col for i in range(3)]
    ry = [y0 + L.top(box) + i * 4 * lh for i in range(3)]
    indent = 1.0

    # top left: board, dealer, vulnerability
    Lg = board.lang
    doc.text(cx[0], ry[0], _(Lg, "Board {board}", board=board.label), L.font * 1.25, bold=True, line_h=lh * 1.25)
    dealer, vul = dealer_vul(board)
    info = L.info_size((dealer, vul))   # smaller when a French dealer line would reach North's hand
    doc.text(cx[0], ry[0] + lh * 1.35, dealer, info, line_h=sh)
    doc.text(cx[0], ry[0] + lh * 1.35 + sh, vul, info, line_h=sh)

    # the hands
    spots = {Seat.N: (cx[1] + indent, ry[0]), Seat.W: (cx[0], ry[1]), Seat.E: (cx[2] + indent, ry[1]),
             Seat.S: (cx[1] + indent, ry[2])}
    for seat, (x, y) in spots.items():
        for i, line in enumerate(hand_lines(board.hand(seat), ascii, Lg)):
            doc.text(x, y + i * lh, line, L.font, line_h=lh)

    # the HCP compass: each seat's points by its edge, the seat's letter inside
    side = L.compass
    mx, my = cx[1] + col / 2, ry[1] + 2 * lh
    pdf.set_fill_color(236, 242, 236)
    pdf.set_draw_color(*RULE)
    pdf.rect(mx - side / 2, my - side / 2, side, side, style="DF")
    q = side / 2 - L.small_h * 0.55
    letter = L.small * 0.8
    for seat, (dx, dy) in {Seat.N: (0, -q), Seat.W: (-q + 1.2, 0), Seat.E: (q - 1.2, 0), Seat.S: (0, q)}.items():
        points = board.hcp(seat)
        doc.text(mx + dx, my + dy - sh / 2, "?" if points is None else str(points), L.small, line_h=sh,
                 align="center")
    beside = L.small * PT * 0.75 + 1.0     # from a West or East number's centre to its letter's
    for seat, (dx, dy) in {Seat.N: (0, -q + sh), Seat.W: (-q + 1.2 + beside + L.small * PT * 0.4, 0),
                           Seat.E: (q - 1.2 - beside - L.small * PT * 0.4, 0), Seat.S: (0, q - sh)}.items():
        doc.text(mx + dx, my + dy - sh / 2, seat_letter(seat, Lg), letter, bold=True, colour=GREY, line_h=sh,
                 align="center")

    # the par (or why there is none) and the DD table: below the diagram in a band, or in its bottom corners
    if L.band:
        top = ry[0] + L.band_top()
        size, step = L.band_size, L.band_line_h
        par_x, par_w, dd_x = cx[0] + L.par_x, 3 * col - L.par_x - 1.0, cx[0]
    else:
        top = ry[2] + L.corner_gap
        size, step = L.small, sh
        par_x, par_w, dd_x = cx[0], col - 1.0, cx[2] + 0.5
    lines = par_lines(board.par, board.profile, ascii, Lg) if board.par is not None else (
        [board.note] if board.note else [])
    for i, line in enumerate(lines):
        if i == 0 and board.par is None:
            for j, part in enumerate(_wrap_note(doc, line, par_w, size)):
                doc.text(par_x, top + j * step, part, size, colour=GREY, line_h=step)
            break
        doc.text(par_x, top + i * step, line, size, bold=(i == 0), line_h=step)
    if board.table is not None:
        doc.text(dd_x, top, _(Lg, DD_CAPTION), L.dd_size * (1.0 if L.band else 0.85), bold=True, colour=GREY,
                 line_h=step)
        for r, row in enumerate(dd_rows(board, ascii)):
            for c, value in enumerate(row):
                width = L.dd_seat if c == 0 else L.dd_unit
                doc.text(dd_x + L.dd_x(c) + width / 2, top + (r + 1) * step, value, L.dd_size,
                         bold=(c == 0), align="center", line_h=step)

    # extras: rooms, auction, play, commentary
    x, y = x0 + L.extras_x, y0 + L.extras_y(board)
    ew = L.extra_h
    for extra in box.extras:
        if extra.kind == "auction":
            for c, cell_text in enumerate(extra.cells):
                doc.text(x + c * L.auction_cell, y, cell_text, L.extra, bold=extra.header, line_h=ew)
        elif extra.kind == "tricks":
            head = extra.header
            for c, cell_text in enumerate(extra.cells):
                right = c == 0 and not head
                doc.text(x + L.trick_x(c) + (L.trick_x(1) - 1.5 if right else 0), y, cell_text, L.extra,
                         bold=head or cell_text.endswith("*"), align="right" if right else "left", line_h=ew)
        elif extra.kind == "room":
            doc.text(x, y, extra.text, L.extra, bold=True, line_h=ew)
        else:
            doc.text(x, y, extra.text, L.extra, colour=GREY if extra.kind == "cut" else BLACK, line_h=ew)
        y += ew


def _wrap_note(doc: _Pdf, text: str, width: float, size: float) -> list[str]:
    from .layout import wrap
    return wrap(text, width, size, lambda t, s, b: doc.width(t, s, b))[:5]


def _draw_page_frame(doc: _Pdf, record: HandRecord, n: int, pages: int) -> None:
    L = doc.layout
    pdf = doc.pdf
    doc.text(12.0, 12.0, record.title, 14, bold=True, line_h=7)
    if record.subtitle:
        doc.text(12.0, 19.0, record.subtitle, 9.5, colour=GREY, line_h=5)
    pdf.set_draw_color(*RULE)
    pdf.line(12.0, 12.0 + 13.5, L.page_w - 12.0, 12.0 + 13.5)
    foot = L.page_h - 12.0 - 4.0
    doc.text(12.0, foot, _(record.lang, "Double dummy by DDS \u00b7 made with bridgekit"), 7, colour=GREY, line_h=4)
    doc.text(L.page_w - 12.0, foot, _(record.lang, "Page {n} of {pages}", n=n + 1, pages=pages), 7, colour=GREY,
             align="right", line_h=4)


def render_pdf(record: HandRecord, *, per_page: int = 4, paper: str = "a4", ascii: bool = False,
               laid_out: Plan | None = None, notes: list[Message] | None = None) -> bytes:
    """The hand record as a PDF document (bytes): boards in order,
    ``per_page`` to a page (fewer when a board's extras need the room, see
    ``layout.plan``), fonts embedded.  Text in a script the embedded font
    cannot draw (Chinese, Korean...) is drawn as a visible marker (a white
    square), and one line saying so is added to ``notes``."""
    if laid_out is None:
        laid_out = plan(record, per_page, paper, ascii)
    title = letters(record.title) if ascii else record.title
    doc = _Pdf(laid_out.layout, title)
    pages = laid_out.page_count
    for n in range(pages):
        doc.pdf.add_page()
        _draw_page_frame(doc, record, n, pages)
        boxes: Sequence[BoardBox] = laid_out.page(n)
        for i, box in enumerate(boxes):
            x, y = laid_out.layout.slot(i)
            _draw_board(doc, box, x, y, ascii)
    data = bytes(doc.pdf.output())
    if doc.missing and notes is not None:
        n = sum(doc.missing.values())
        sample = "".join(sorted(doc.missing)[:8])
        notes.append(Message.plural("the PDF font cannot draw {n} character ({sample}): shown as {missing}; the "
                                    "HTML hand record shows them", "the PDF font cannot draw {n} characters "
                                    "({sample}): shown as {missing}; the HTML hand record shows them", n,
                                    sample=sample + ("..." if len(doc.missing) > 8 else ""), missing=MISSING))
    return data
