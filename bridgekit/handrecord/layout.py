"""Page geometry of a hand record, shared by the PDF writer (which draws at
these positions) and the HTML writer (whose print CSS uses the same sizes).

All lengths are millimetres, font sizes points.  A page has a title band, a
grid of board boxes (``--per-page`` 1, 2, 4 or 6) and a footer; a board box
holds the diagram as club hand records print it, a 3 x 3 grid:

    +-----------+-----------+-----------+
    | Board 1   |  North    |           |
    | Dealer N  |  hand     |           |
    | Vul None  |           |           |
    +-----------+-----------+-----------+
    |  West     |  HCP      |  East     |
    |  hand     |  compass  |  hand     |
    +-----------+-----------+-----------+
    |  Par      |  South    |  DD table |
    +-----------+-----------+-----------+

When the box is tall enough (``band``: one, two or four boards a page), the
DD table, under its caption "Makeable tricks", and the par go below the
diagram instead, across its width and in a larger size; then, when asked, each room's contract, auction, play and commentary below
it.  A board never splits across pages: ``plan`` picks the font size so that
the longest suit line of the file (13 cards at worst) fits its column, and
fewer boards a page when a board's extras would not fit its box; only on a
page of its own is a board's text cut (and the cut reported).
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Sequence

from ..i18n import N_, _, _p
from ..notation import Message, seat_letter, seat_name, strain_text
from ..seats import Seat
from . import DD_DECLARERS, DD_STRAINS, BoardRecord, HandRecord, hand_lines, par_lines

if TYPE_CHECKING:
    import datetime as _dt

PT = 25.4 / 72          # one point in millimetres

#: Paper sizes (width, height), portrait.
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
#: Boards a page -> (columns, rows) of board boxes.
GRIDS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}
#: The largest font size of the hands for each grid (smaller if a long suit needs it).
BASE_FONT = {1: 16.0, 2: 14.0, 4: 14.0, 6: 11.0}
MIN_FONT = 6.0           # no smaller than this, whatever the hands
MARGIN = 12.0
HEADER = 15.0            # title and subtitle band
FOOTER = 6.0
GAP = 5.0                # between board boxes
PAD = 2.5                # inside a board box
LINE = 1.28              # line height, in font sizes
SMALL = 0.85             # DD table and par, relative to the hands
EXTRA = 0.85             # auction, play, commentary, relative to the hands
MAX_COLUMN = 42.0        # a diagram column is never wider (big boxes leave room)
EXTRA_BESIDE = 9.0       # the extras' largest size in the panel beside the diagram, in points
BAND_GAP = 0.8           # between the diagram and the band below it, in line heights
BAND_SIZE = 0.85         # the band's DD table and par, relative to the hands
DD_CAPTION = N_("Makeable tricks")
DD_SEAT = 0.8            # the declarer column of the DD table, in strain columns (W clear of 10)
BAND_SEAT = 1.2

# DejaVu Sans advance widths (1/1000 em) of the printable ASCII characters,
# regular then bold: the font the PDF embeds (checked against it in the tests).
_ASCII_WIDTHS = (
    "318 401 460 838 636 950 780 275 390 390 500 838 318 361 318 337 636 636 636 636 636 636 636 636 636 "
    "636 337 337 838 838 838 531 1000 684 686 698 770 632 575 775 752 295 295 656 557 863 748 787 603 787 "
    "695 635 611 732 684 989 685 611 685 390 337 390 838 500 500 613 635 550 635 615 352 635 634 278 278 "
    "579 278 974 634 612 635 635 411 521 392 634 592 818 592 592 525 636 337 636 838")
_ASCII_WIDTHS_BOLD = (
    "348 456 521 838 696 1002 872 306 457 457 523 838 380 415 380 365 696 696 696 696 696 696 696 696 696 "
    "696 400 400 838 838 838 580 1000 774 762 734 830 683 683 821 837 372 372 775 637 995 837 850 733 850 "
    "770 720 682 812 774 1103 771 724 725 457 365 457 838 500 500 675 716 593 716 678 435 716 712 343 343 "
    "665 343 1042 712 687 716 716 493 595 478 712 652 924 645 652 582 712 365 712 838")
_OTHER_WIDTHS = {"\u2660": 896, "\u2665": 896, "\u2666": 896, "\u2663": 896, "\u2014": 1000,
                 "\u00b7": 318, "\u2026": 1000, "\u2212": 838}
_WIDTHS = [{chr(32 + i): int(w) for i, w in enumerate(table.split())} | _OTHER_WIDTHS | extra
           for table, extra in ((_ASCII_WIDTHS, {}), (_ASCII_WIDTHS_BOLD, {"\u00b7": 380}))]

#: ``measure(text, size_pt, bold) -> width in mm``
Measure = Callable[[str, float, bool], float]


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in mm of ``text`` at ``size`` points in DejaVu Sans (characters
    outside the table: 0.6 em, 1 em for wide East Asian ones)."""
    widths = _WIDTHS[1 if bold else 0]
    total = 0
    for ch in text:
        w = widths.get(ch)
        if w is None:
            w = 1000 if unicodedata.east_asian_width(ch) in ("W", "F") else 600
        total += w
    return total / 1000 * size * PT


def wrap(text: str, width: float, size: float, measure: Measure = text_width) -> list[str]:
    """``text`` broken into lines no wider than ``width`` mm (a word longer
    than a line is cut into pieces)."""
    words = text.split()
    lines: list[str] = []
    line = ""
    for word in words:
        candidate = f"{line} {word}" if line else word
        if measure(candidate, size, False) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while measure(word, size, False) > width and len(word) > 1:
            cut = len(word)
            while cut > 1 and measure(word[:cut], size, False) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines or [""]


@dataclass
class ExtraLine:
    """One line of a board's extras: ``kind`` is ``room`` (a room's heading),
    ``auction`` (four cells), ``text`` (a wrapped line of result, notes, play or
    commentary) or ``cut`` (the mark left where text was cut)."""

    kind: str
    text: str = ""
    cells: tuple[str, ...] = ()   # auction: four calls; tricks: number, leader, W N E S
    header: bool = False          # the auction's or the tricks' column titles


@dataclass
class BoardBox:
    """What one board's box holds, measured: the extras already wrapped to
    the box width."""

    board: BoardRecord
    extras: list[ExtraLine] = field(default_factory=list)
    cut: bool = False


@dataclass
class Layout:
    """The geometry of one hand record: paper, grid, font sizes and the
    derived sizes every writer uses.  ``beside`` puts the extras (auction,
    play, commentary) in a panel right of the diagram, in the wide boxes of
    one-column grids; otherwise they go below it.  ``centre`` centres the
    diagram in its box (when no board has extras)."""

    paper: str
    per_page: int
    font: float                     # the hands, in points
    beside: bool = False
    centre: bool = False
    band: bool = False              # DD table and par below the diagram (else in its bottom corners)
    page_w: float = 0.0
    page_h: float = 0.0
    cols: int = 0
    rows: int = 0
    box_w: float = 0.0
    box_h: float = 0.0

    def __post_init__(self) -> None:
        self.page_w, self.page_h = PAPERS[self.paper]
        self.cols, self.rows = GRIDS[self.per_page]
        self.box_w = (self.page_w - 2 * MARGIN - (self.cols - 1) * GAP) / self.cols
        self.box_h = (self.page_h - 2 * MARGIN - HEADER - FOOTER - (self.rows - 1) * GAP) / self.rows

    # -- sizes derived from the font ------------------------------------------

    @property
    def small(self) -> float:
        """DD table, par, dealer and HCP: smaller than the hands, and (when
        they sit in the diagram's corners) small enough that ``13`` fits a DD
        cell and ``Par E-W +7600`` the par's column."""
        if self.band:
            return self.font * SMALL
        dd_fit = (self.dd_unit - 0.8) / (1.272 * PT)
        par_fit = (self.column - 1.0) / (8.5 * PT)
        return min(self.font * SMALL, dd_fit, par_fit)

    def info_size(self, lines: Sequence[str], measure: Measure = text_width) -> float:
        """The dealer and vulnerability lines' font: ``small``, or smaller
        when the longest (``Donneur Ouest``) would reach North's hand."""
        widest = max((measure(line, 1.0, False) for line in lines), default=0.0)
        room = self.column - 0.5   # North's hand starts 1 mm into its column: 1.5 mm clear
        return self.small if widest * self.small <= room else max(MIN_FONT * SMALL, room / widest)

    # -- the band below the diagram ---------------------------------------------

    @property
    def band_unit(self) -> float:
        """Width of a strain column of the DD table in the band."""
        return min(3 * self.column * 0.55, 80.0) / (BAND_SEAT + 5)

    @property
    def band_dd_w(self) -> float:
        return (BAND_SEAT + 5) * self.band_unit

    @property
    def par_x(self) -> float:
        """Left edge of the par in the band, from the diagram's left edge."""
        return self.band_dd_w + 5.0

    @property
    def band_size(self) -> float:
        """The band's font: ``13`` fits a strain column, ``Par E-W +7600``
        the room right of the table."""
        dd_fit = (self.band_unit - 1.0) / (1.272 * PT)
        par_fit = (3 * self.column - self.par_x - 1.0) / (8.5 * PT)
        return min(self.font * BAND_SIZE, dd_fit, par_fit)

    @property
    def band_line_h(self) -> float:
        return self.band_size * LINE * PT

    def band_lines(self, board: BoardRecord) -> int:
        """Lines of the band: the caption, the strains and four declarers, or
        the par's lines when more."""
        par = len(par_lines(board.par, board.profile)) if board.par is not None else (3 if board.note else 0)
        return max(6, par)

    def band_top(self) -> float:
        """Top of the band, from the diagram's top."""
        return (8 + 4 + BAND_GAP) * self.line_h

    @property
    def extra(self) -> float:
        """Auction, play and commentary: smaller than the hands, and in the
        panel beside the diagram no larger than EXTRA_BESIDE (two rooms'
        auctions and a trick table fit a half page)."""
        return min(self.font * EXTRA, EXTRA_BESIDE) if self.beside else self.font * EXTRA

    @property
    def line_h(self) -> float:
        return self.font * LINE * PT

    @property
    def small_h(self) -> float:
        return self.small * LINE * PT

    @property
    def extra_h(self) -> float:
        return self.extra * LINE * PT

    @property
    def inner_w(self) -> float:
        return self.box_w - 2 * PAD

    @property
    def column(self) -> float:
        """Width of one of the diagram's three columns."""
        share = 0.56 if self.beside else 1.0
        return min(self.inner_w * share / 3, MAX_COLUMN)

    @property
    def diagram_x(self) -> float:
        """Left edge of the diagram, from the box's left edge."""
        if self.beside or not self.centre:
            return PAD
        return PAD + (self.inner_w - 3 * self.column) / 2

    @property
    def extras_x(self) -> float:
        return PAD + 3 * self.column + 4.0 if self.beside else PAD

    @property
    def extras_w(self) -> float:
        return self.box_w - PAD - self.extras_x

    @property
    def compass(self) -> float:
        """Side of the HCP compass square in the middle of the diagram (room
        for the seats' letters inside, clear of the points)."""
        return min(self.column * 0.9, 4 * self.line_h - 0.5)

    @property
    def dd_unit(self) -> float:
        """Width of a strain column of the DD table (the declarer column is
        ``DD_SEAT`` of it); the table may reach into the box's right padding.
        In the band, ``band_unit``."""
        if self.band:
            return self.band_unit
        return (self.column + PAD - 1.0) / (DD_SEAT + 5)

    @property
    def dd_seat(self) -> float:
        """Width of the DD table's declarer column."""
        return (BAND_SEAT if self.band else DD_SEAT) * self.dd_unit

    @property
    def dd_size(self) -> float:
        """The DD table's font (and its caption's)."""
        return self.band_size if self.band else self.small

    @property
    def dd_h(self) -> float:
        return self.dd_size * LINE * PT

    def dd_x(self, column: int) -> float:
        """Left edge of DD table column ``column`` (0: declarers), from the
        table's left edge."""
        return 0.0 if column == 0 else self.dd_seat + (column - 1) * self.dd_unit

    @property
    def auction_cell(self) -> float:
        return min(self.extras_w / 4, 18.0)

    @property
    def trick_cell(self) -> float:
        """A card column of the play's trick table (the trick's number and
        its leader take TRICK_NUMBER and TRICK_LEAD of it)."""
        return min(self.extras_w / (TRICK_NUMBER + TRICK_LEAD + 4), 16.0)

    def trick_x(self, column: int) -> float:
        """Left edge of trick table column ``column`` (0 number, 1 leader, 2-5 the seats)."""
        u = self.trick_cell
        return (0.0, TRICK_NUMBER * u)[column] if column < 2 else (TRICK_NUMBER + TRICK_LEAD + column - 2) * u

    def bottom_lines(self, board: BoardRecord) -> int:
        """Lines of the diagram's bottom row: South's four, or more if the
        par's contracts or the DD table (its caption, strains and four
        declarers) need them."""
        if self.band:
            return 4
        par = len(par_lines(board.par, board.profile)) if board.par is not None else (2 if board.note else 0)
        need_mm = self.corner_gap + max(par, 6) * self.small_h
        return max(4, math.ceil(need_mm / self.line_h - 1e-9))

    @property
    def corner_gap(self) -> float:
        """Space between West's (East's) hand and the par (DD table) below it."""
        return 0.45 * self.line_h

    def diagram_h(self, board: BoardRecord) -> float:
        """Height of the diagram block (the three rows, and the band below)."""
        if self.band:
            return self.band_top() + self.band_lines(board) * self.band_line_h
        return (8 + self.bottom_lines(board)) * self.line_h

    def extras_y(self, board: BoardRecord) -> float:
        """Top of the extras, from the box's top edge."""
        return PAD if self.beside else PAD + self.diagram_h(board) + 0.5 * self.extra_h

    def board_h(self, box: BoardBox) -> float:
        """Height a board needs in its box, padding included."""
        h = 2 * PAD + self.diagram_h(box.board)
        if box.extras:
            h = max(h, self.extras_y(box.board) + len(box.extras) * self.extra_h + PAD)
        return h

    def top(self, box: BoardBox) -> float:
        """Top of the diagram from the box's top edge (centred when ``centre``)."""
        if not self.centre:
            return PAD
        return PAD + max(0.0, (self.box_h - self.board_h(box)) / 2)

    # -- positions --------------------------------------------------------------

    def slot(self, i: int) -> tuple[float, float]:
        """Top-left corner of the ``i``-th box of a page (row by row)."""
        r, c = divmod(i, self.cols)
        return MARGIN + c * (self.box_w + GAP), MARGIN + HEADER + r * (self.box_h + GAP)

    def pages(self, boards: int) -> int:
        return max(1, math.ceil(boards / self.per_page))


def longest_hand_line(record: HandRecord, ascii: bool = False, measure: Measure = text_width) -> float:
    """Width in mm, at 1 pt, of the widest suit line of any hand."""
    widest = 0.0
    for board in record.boards:
        for seat in Seat:
            for line in hand_lines(board.hand(seat), ascii, board.lang):
                widest = max(widest, measure(line, 1.0, False))
    return widest


def font_for(per_page: int, paper: str, widest_at_1pt: float, beside: bool = False) -> float:
    """The hands' font size: the grid's base size, smaller when the widest
    suit line would not fit its diagram column (never under MIN_FONT)."""
    probe = Layout(paper, per_page, BASE_FONT[per_page], beside)
    room = probe.column - 1.0
    fit = room / widest_at_1pt if widest_at_1pt > 0 else BASE_FONT[per_page]
    return max(MIN_FONT, min(BASE_FONT[per_page], math.floor(fit * 4) / 4))


def extras_for(board: BoardRecord, layout: Layout, measure: Measure = text_width) -> list[ExtraLine]:
    """The board's rooms (contract, auction, play, commentary) as lines
    wrapped to the extras' width."""
    out: list[ExtraLine] = []
    width, size = layout.extras_w, layout.extra
    several = len(board.rooms) > 1
    for room in board.rooms:
        has = room.result or room.auction or room.play or room.commentary
        if not has:
            continue
        L = board.lang
        if several or room.room:
            out.append(ExtraLine("room", _p(L, "heading", "{room} room", room=room.room) if room.room else _(L, "Table")))
        if room.result:
            out.extend(ExtraLine("text", t) for t in wrap(room.result, width, size, measure))
        if room.auction:
            out.append(ExtraLine("auction", cells=auction_header(L), header=True))
            for i in range(0, len(room.auction), 4):
                out.append(ExtraLine("auction", cells=tuple(room.auction[i:i + 4])))
            for note in room.auction_notes:
                out.extend(ExtraLine("text", t) for t in wrap(note, width, size, measure))
        widest = max((measure(c, size, False) for row in room.tricks for c in row[2:]), default=0.0)
        if room.tricks and widest <= layout.trick_cell - 1.0:   # a table, one line a trick
            out.append(ExtraLine("tricks", cells=trick_header(L), header=True))
            out.extend(ExtraLine("tricks", cells=row) for row in room.tricks)
        elif room.play:                                           # no room for it: one paragraph
            out.extend(ExtraLine("text", t) for t in wrap(_(L, "Play: {tricks}", tricks="; ".join(room.play)), width,
                                                          size, measure))
        for comment in room.commentary:
            out.extend(ExtraLine("text", t) for t in wrap(comment, width, size, measure))
    return out


def auction_header(lang: str = "en") -> tuple[str, ...]:
    """The auction's column titles: ``West North East South``."""
    return tuple(seat_name(s, lang) for s in (Seat.W, Seat.N, Seat.E, Seat.S))


def trick_header(lang: str = "en") -> tuple[str, ...]:
    """The tricks' column titles: ``Trick Lead W N E S``."""
    return (_(lang, "Trick"), _(lang, "Lead"), *(seat_letter(s, lang) for s in (Seat.W, Seat.N, Seat.E, Seat.S)))


AUCTION_HEADER = auction_header()
TRICK_HEADER = trick_header()
TRICK_NUMBER, TRICK_LEAD = 1.2, 1.0


@dataclass
class Plan:
    """A hand record laid out: the layout and the boxes, page by page."""

    layout: Layout
    boxes: list[BoardBox]
    asked_per_page: int
    notes: list[Message] = field(default_factory=list)

    @property
    def page_count(self) -> int:
        return self.layout.pages(len(self.boxes))

    def page(self, n: int) -> Sequence[BoardBox]:
        per = self.layout.per_page
        return self.boxes[n * per:(n + 1) * per]


def plan(record: HandRecord, per_page: int = 4, paper: str = "a4", ascii: bool = False,
         measure: Measure = text_width) -> Plan:
    """Lay out ``record``: the font that fits the longest suit line, and the
    most boards a page (``per_page`` or fewer) whose boxes hold every
    board's extras.  ``notes`` says what was changed (fewer boards a page, a
    board's text cut)."""
    if per_page not in GRIDS:
        raise ValueError(Message('per_page is one of {v1}, not {per_page}', v1=sorted(GRIDS), per_page=per_page))
    if paper not in PAPERS:
        raise ValueError(Message('paper is one of {v1}, not {paper!r}', v1=sorted(PAPERS), paper=paper))
    widest = longest_hand_line(record, ascii, measure)
    has_extras = any(r.result or r.auction or r.play or r.commentary for b in record.boards for r in b.rooms)
    notes: list[Message] = []
    choices = [n for n in sorted(GRIDS, reverse=True) if n <= per_page]
    first_tall: str | None = None
    for n in choices:
        beside = has_extras and GRIDS[n][0] == 1
        for band in (True, False):   # the DD table below the diagram when every board has the room
            layout = Layout(paper, n, font_for(n, paper, widest, beside), beside, centre=not has_extras,
                            band=band)
            boxes = [BoardBox(b, extras_for(b, layout, measure)) for b in record.boards]
            too_tall = [b for b in boxes if layout.board_h(b) > layout.box_h + 1e-6]
            if not too_tall:
                break
        if too_tall and first_tall is None:
            first_tall = too_tall[0].board.label
        if not too_tall or n == choices[-1]:
            break
    if n != per_page:
        notes.append(Message.plural("{n} board a page instead of {per_page}: board {board}'s auction, play or "
                                    "commentary needs the room", "{n} boards a page instead of {per_page}: board "
                                    "{board}'s auction, play or commentary needs the room", n, per_page=per_page,
                                    board=first_tall))
    for box in boxes:
        if layout.board_h(box) > layout.box_h + 1e-6:
            room = layout.box_h - PAD - layout.extras_y(box.board)
            keep = max(0, int(room / layout.extra_h + 1e-9) - 1)
            box.extras = box.extras[:keep] + [ExtraLine("cut", _(box.board.lang, "\u2026 (more in the file)"))]
            box.cut = True
            notes.append(Message("board {board}: text cut to fit one page", board=box.board.label))
    return Plan(layout, boxes, per_page, notes)


def creation_date() -> "_dt.datetime":
    """When a hand record is made: now, or ``SOURCE_DATE_EPOCH`` (seconds
    since 1970, UTC) when set, for builds that must give the same bytes
    (reproducible-builds.org); a value that is no number is ignored."""
    import datetime as _dt
    import os
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit() and len(epoch) <= 12:
        return _dt.datetime.fromtimestamp(int(epoch), tz=_dt.timezone.utc)
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0)


def dd_rows(board: BoardRecord, ascii: bool = False) -> list[list[str]]:
    """The DD table as printed: a header row (blank, the strains) and one
    row a declarer (N S E W) with its side's tricks."""
    rows = [[""] + [strain_text(s, ascii, board.lang) for s in DD_STRAINS]]
    if board.table is not None:
        for seat in DD_DECLARERS:
            rows.append([seat_letter(seat, board.lang)] + [str(board.table.tricks(seat, s)) for s in DD_STRAINS])
    return rows


def dealer_vul(board: BoardRecord) -> tuple[str, str]:
    """``Dealer North`` and ``Vul N-S`` (``?`` when unknown)."""
    from ..render import vul_text
    L = board.lang
    dealer = seat_name(board.dealer, L) if board.dealer is not None else "?"
    return _(L, "Dealer {seat}", seat=dealer), _(L, "Vul {vul}", vul=vul_text(board.vulnerable, L))


def split_red(text: str) -> list[tuple[str, bool]]:
    """``text`` in runs, ``True`` for the red suit symbols (hearts, diamonds)."""
    runs: list[tuple[str, bool]] = []
    for ch in text:
        red = ch in "\u2665\u2666"
        if runs and runs[-1][1] == red:
            runs[-1] = (runs[-1][0] + ch, red)
        else:
            runs.append((ch, red))
    return runs


__all__ = ["Layout", "Plan", "BoardBox", "ExtraLine", "plan", "text_width", "wrap", "dd_rows", "dealer_vul",
           "split_red", "PAPERS", "GRIDS", "AUCTION_HEADER", "TRICK_HEADER", "DD_CAPTION"]
