"""``bridgekit handrecord``: what the HTML and the PDF show (read back with
the standard library's HTML parser and with pypdf) equals what ``show
--json``, ``dd --json`` and ``par --json`` print for the same file; page
counts; the layout arithmetic with 13-card suits; the command's errors."""

from __future__ import annotations

import io
import json
import math
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT, docs_text, run

SAMPLES = ROOT / "samples"
SEATS = "NESW"
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
SYMBOLS = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}


def json_of(*args: str) -> Any:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# -- what the file and the other commands say -------------------------------------

def expected(path: Path, cached: Path | None = None) -> dict[str, dict[str, Any]]:
    """Per board label: hands (PBN hand strings by seat, from ``show --json``),
    HCP counted here, DD tricks from ``dd --json``, par from ``par --json``."""
    source = str(cached or path)
    shown = json_of("show", str(path), "--json")
    dd = json_of("dd", source, "--json")
    par = json_of("par", source, "--json")
    out: dict[str, dict[str, Any]] = {}
    for b in shown:
        hands = {seat: b["deal"][seat] for seat in SEATS}
        out.setdefault(b["board"], {"hands": hands,
                                    "hcp": {s: sum(HCP.get(ch, 0) for ch in h) for s, h in hands.items()}})
    for row in dd:
        out[row["board"]]["dd"] = row["tricks"]
    for row in par:
        out[row["board"]]["par"] = (row["score_ns"], sorted(row["contracts"]))
    return out


def hand_of(lines: list[str]) -> str:
    """Four printed suit lines (``♠ AKJ75``, ``♥ —``, ``S 10``) -> ``AKJ75...``."""
    assert len(lines) == 4, lines
    suits = []
    for line, letter in zip(lines, "SHDC"):
        symbol, _, ranks = line.strip().partition(" ")
        assert SYMBOLS.get(symbol, symbol) == letter, line
        ranks = ranks.strip()
        suits.append("" if ranks in ("\u2014", "-") else ranks.replace("10", "T"))
    return ".".join(suits)


def par_of(lines: list[str]) -> tuple[int, list[str]]:
    """``Par N-S +420`` and ``4♠= by N/S`` lines -> (N/S score, ``NS 4S=`` forms)."""
    m = re.match(r"^Par (?:(N-S|E-W) \+)?(\d+)", lines[0])
    assert m is not None, lines
    score = int(m.group(2)) * (-1 if m.group(1) == "E-W" else 1)
    contracts = []
    for line in lines[1:]:
        if line == "Passed out":
            continue
        c = re.match(r"^([1-7])(NT|[\u2660\u2665\u2666\u2663SHDC])(X{0,2})(=|[+-]\d+) by ([NESW/]+)$", line)
        assert c is not None, line
        level, strain, dbl, res, who = c.groups()
        who = who.replace("/", "")
        contracts.append(f"{who} {level}{SYMBOLS.get(strain, strain)}{dbl}{res}")
    return score, sorted(contracts)


def assert_matches(found: dict[str, dict[str, Any]], want: dict[str, dict[str, Any]]) -> None:
    assert list(found) == list(want)
    for label, w in want.items():
        f = found[label]
        assert f["hands"] == w["hands"], label
        assert f["hcp"] == w["hcp"], label
        assert f["dd"] == w["dd"], label
        assert f["par"] == w["par"], label


# -- reading the HTML back ------------------------------------------------------------

class _Reader(HTMLParser):
    """Collects, per board section: hand lines by seat, compass numbers, par
    lines and DD table rows, from the elements' classes."""

    def __init__(self) -> None:
        super().__init__()
        self.boards: dict[str, dict[str, Any]] = {}
        self.stack: list[tuple[str, set[str], list[str] | None]] = []
        self.board: dict[str, Any] | None = None
        self.row: list[str] | None = None

    def classes(self) -> set[str]:
        return {c for _, cls, _ in self.stack for c in cls}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        own = set((a.get("class") or "").split())
        if tag == "section" and "board" in own:
            self.board = {"hands": {}, "hcp": {}, "par": [], "dd": []}
            self.boards[a["data-board"] or "?"] = self.board
        inside = self.classes() | own
        if tag == "tr" and "dd" in inside:
            self.row = []
        wanted = ("suit" in own or (tag == "span" and "compass" in inside and own & set("nesw"))
                  or ("par" in inside and own & {"score", "contract"})
                  or (tag in ("td", "th") and "dd" in inside))
        self.stack.append((tag, own, [] if wanted else None))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            name, own, text = self.stack.pop()
            if name == tag:
                break
        inside = self.classes() | own
        b = self.board
        if b is not None and text is not None:
            value = "".join(text).strip()
            if "suit" in own:
                seat = next(s for s in ("north", "east", "south", "west") if s in inside)
                b["hands"].setdefault(seat[0].upper(), []).append(value)
            elif tag == "span":
                b["hcp"][next(iter(own & set("nesw"))).upper()] = int(value) if value.isdigit() else value
            elif own & {"score", "contract"}:
                b["par"].append(value)
            elif self.row is not None:
                self.row.append(value)
        if tag == "tr" and self.row is not None and b is not None:
            b["dd"].append(self.row)
            self.row = None
        if tag == "section":
            self.board = None

    def handle_data(self, data: str) -> None:
        for _, _, text in self.stack:
            if text is not None:
                text.append(data)


def _dd_table(rows: list[list[str]]) -> dict[str, dict[str, int]]:
    head = [SYMBOLS.get(s, s) for s in rows[0][1:]]
    return {r[0]: {strain: int(v) for strain, v in zip(head, r[1:])} for r in rows[1:]}


def read_html(text: str) -> dict[str, dict[str, Any]]:
    reader = _Reader()
    reader.feed(text)
    out = {}
    for label, b in reader.boards.items():
        out[label] = {"hands": {s: hand_of(b["hands"][s]) for s in SEATS}, "hcp": b["hcp"],
                      "dd": _dd_table(b["dd"]), "par": par_of(b["par"])}
    return out


# -- reading the PDF back ---------------------------------------------------------------

def pdf_pages(data: bytes) -> list[str]:
    from pypdf import PdfReader
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def read_pdf(data: bytes) -> dict[str, dict[str, Any]]:
    """Boards from the PDF's text, in the order the writer draws them:
    board, dealer, vulnerability; North West East South hands; the HCP
    compass (N / W E / S); par lines; the DD table."""
    lines = [ln.strip() for page in pdf_pages(data) for ln in page.splitlines() if ln.strip()]
    out: dict[str, dict[str, Any]] = {}
    i = 0
    while i < len(lines):
        m = re.match(r"^Board (\S+)$", lines[i])
        if m is None:
            i += 1
            continue
        label = m.group(1)
        i += 3                                      # board, dealer, vulnerable
        hands = {}
        for seat in "NWES":
            hands[seat] = hand_of(lines[i:i + 4])
            i += 4
        # the compass: North's points, West's and East's, South's; then the seats' letters inside it
        assert [lines[i + 3], lines[i + 4].replace(" ", ""), lines[i + 5]] == ["N", "WE", "S"], lines[i:i + 6]
        n, (w, e), s = int(lines[i]), map(int, lines[i + 1].split()), int(lines[i + 2])
        i += 6
        par = []
        while not lines[i].startswith("\u2663") and not lines[i].startswith("C "):
            if lines[i] != "Makeable tricks":   # the DD table's caption
                par.append(lines[i])
            i += 1
        head = [SYMBOLS.get(x, x) for x in lines[i].split()]
        dd = {}
        for row in lines[i + 1:i + 5]:
            r = re.match(r"^([NSEW])\s*(.*)$", row)
            assert r is not None, row
            dd[r.group(1)] = {strain: int(v) for strain, v in zip(head, r.group(2).split())}
        i += 5
        out[label] = {"hands": {seat: hands[seat] for seat in SEATS}, "hcp": {"N": n, "E": e, "S": s, "W": w},
                      "dd": dd, "par": par_of(par)}
    return out


# -- the tests ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def match_cached(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """samples/match.pbn with its DD tables written by ``dd -o`` (solved once)."""
    out = tmp_path_factory.mktemp("hr") / "match-dd.pbn"
    result = run("dd", str(SAMPLES / "match.pbn"), "-o", str(out))
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.dds
def test_html_shows_what_dd_and_par_print(match_cached: Path, tmp_path: Path) -> None:
    out = tmp_path / "match.html"
    result = run("handrecord", str(match_cached), "-o", str(out))
    assert result.exit_code == 0, result.output
    want = expected(SAMPLES / "match.pbn", match_cached)
    assert len(want) == 4                  # the two rooms of each board make one entry
    assert_matches(read_html(out.read_text(encoding="utf-8")), want)


@pytest.mark.dds
def test_pdf_shows_what_dd_and_par_print(match_cached: Path, tmp_path: Path) -> None:
    out = tmp_path / "match.pdf"
    result = run("handrecord", str(match_cached), "-o", str(out), "--per-page", "2")
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert data.startswith(b"%PDF-")
    assert_matches(read_pdf(data), expected(SAMPLES / "match.pbn", match_cached))
    assert len(pdf_pages(data)) == 2


@pytest.mark.dds
def test_solved_here_under_the_auction_profile(tmp_path: Path) -> None:
    """A file without DD tags is solved by handrecord itself; the par follows
    the file's Scoring tag (Auction Bridge 1920) as ``par`` does."""
    path = SAMPLES / "rubber-1920.pbn"
    html, pdf = tmp_path / "r.html", tmp_path / "r.pdf"
    assert run("handrecord", str(path), "-o", str(html)).exit_code == 0
    assert run("handrecord", str(path), "-o", str(pdf), "--per-page", "6", "--paper", "letter").exit_code == 0
    want = expected(path)
    assert {r for b in json_of("par", str(path), "--json") for r in [b["rules"]]} == {"auction-1920"}
    assert_matches(read_html(html.read_text(encoding="utf-8")), want)
    assert_matches(read_pdf(pdf.read_bytes()), want)
    assert "(auction-1920)" in html.read_text(encoding="utf-8")


@pytest.mark.dds
def test_page_count_is_boards_over_per_page_rounded_up(tmp_path: Path) -> None:
    from bridgekit.formats import read_boards
    from bridgekit.handrecord import hand_record
    from bridgekit.handrecord.layout import plan
    from bridgekit.handrecord.pdf import render_pdf

    session = tmp_path / "s.pbn"
    assert run("deal", "--boards", "7", "--seed", "pages", "-o", str(session)).exit_code == 0
    record = hand_record(read_boards(str(session)))
    assert len(record.boards) == 7
    for per_page in (1, 2, 4, 6):
        for paper in ("a4", "letter"):
            laid = plan(record, per_page, paper)
            assert laid.layout.per_page == per_page and not laid.notes
            pages = pdf_pages(render_pdf(record, laid_out=laid))
            assert len(pages) == math.ceil(7 / per_page)
            assert f"Page {len(pages)} of {len(pages)}" in pages[-1]


def _freak_record() -> Any:
    """Four 13-card suits, and a 13-card suit with the ten in a hand of its own."""
    from bridgekit.deal import Deal
    from bridgekit.handrecord import BoardRecord, HandRecord
    from bridgekit.seats import Seat, Vul

    boards = []
    for label, text in (("1", "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"),
                        ("2", "W:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")):
        boards.append(BoardRecord(label, Seat.N, Vul.ALL, Deal.parse(text)))
    return HandRecord("Freaks", "", boards)


@pytest.mark.dds
def test_layout_holds_13_card_suits_on_every_grid_and_paper() -> None:
    """The longest possible suit lines fit their columns (measured with the
    embedded font's own metrics through fpdf2), the DD table and the par fit
    theirs, and every box lies inside its page."""
    from fpdf import FPDF

    from bridgekit.dds import dd_table, dds_par
    from bridgekit.handrecord import hand_lines, par_lines
    from bridgekit.rules import DEFAULT
    from bridgekit.handrecord.layout import (MARGIN, MIN_FONT, PAD, PT, dd_rows, plan, text_width)
    from bridgekit.handrecord.pdf import FAMILY, font_files, render_pdf
    from bridgekit.seats import Seat

    record = _freak_record()
    for b in record.boards:
        b.table = dd_table(b.deal)
        b.par = dds_par(b.table, b.vulnerable, b.dealer)
        b.profile = DEFAULT
    pdf = FPDF(unit="mm")
    regular, bold = font_files()
    pdf.add_font(FAMILY, "", regular)
    pdf.add_font(FAMILY, "B", bold)

    def real(text: str, size: float, is_bold: bool = False) -> float:
        pdf.set_font(FAMILY, "B" if is_bold else "", size)
        return float(pdf.get_string_width(text))

    for per_page in (1, 2, 4, 6):
        for paper in ("a4", "letter"):
            laid = plan(record, per_page, paper, measure=real)
            L = laid.layout
            assert L.font >= MIN_FONT
            for box in laid.boxes:
                b = box.board
                for seat in Seat:
                    for line in hand_lines(b.hand(seat)):
                        assert real(line, L.font) <= L.column - 1.0 + 1e-6, (per_page, paper, line)
                        assert abs(text_width(line, L.font) - real(line, L.font)) < 1e-6
                # the par and the DD table: below the diagram (band) or in its bottom corners
                par_room = 3 * L.column - L.par_x - 1.0 if L.band else L.column - 1.0
                for line in par_lines(b.par, b.profile):
                    assert real(line, L.dd_size, True) <= par_room + 1e-6, line
                for row in dd_rows(b):
                    for c, value in enumerate(row):
                        assert real(value, L.dd_size, c == 0) <= (L.dd_seat if c == 0 else L.dd_unit) + 1e-6
                if L.band:
                    assert L.dd_x(5) + L.dd_unit <= L.par_x - 1.0 and L.dd_size >= L.small * 0.9
                    assert real("Makeable tricks", L.dd_size, True) <= L.par_x
                else:
                    assert L.dd_x(5) + L.dd_unit <= L.column + PAD + 1e-6
                assert L.top(box) + L.diagram_h(b) + PAD <= L.box_h + 1e-6
                assert L.board_h(box) <= L.box_h + 1e-6
                assert 4 * L.small_h <= 4 * L.line_h + 1e-6 or L.bottom_lines(b) > 4
                assert L.compass <= L.column
            for i in range(per_page):
                x, y = L.slot(i)
                assert x >= MARGIN - 1e-6 and x + L.box_w <= L.page_w - MARGIN + 1e-6
                assert y + L.box_h <= L.page_h - MARGIN + 1e-6
            assert L.line_h >= L.font * PT
            pages = pdf_pages(render_pdf(record, laid_out=laid))
            assert len(pages) == math.ceil(2 / per_page)
            assert "\u2660 AKQJ1098765432" in "".join(pages)


def test_embedded_width_table_is_the_fonts() -> None:
    """The layout's width table (used for the HTML and the page plan) is the
    PDF font's: every character in it measured through fpdf2."""
    from fpdf import FPDF

    from bridgekit.handrecord.layout import _WIDTHS, text_width
    from bridgekit.handrecord.pdf import FAMILY, font_files

    pdf = FPDF(unit="mm")
    regular, bold = font_files()
    pdf.add_font(FAMILY, "", regular)
    pdf.add_font(FAMILY, "B", bold)
    for is_bold, table in enumerate(_WIDTHS):
        pdf.set_font(FAMILY, "B" if is_bold else "", 10)
        for ch in table:
            assert abs(text_width(ch, 10, bool(is_bold)) - pdf.get_string_width(ch)) < 0.01, repr(ch)


def test_a_long_commentary_moves_to_fewer_boards_a_page_then_is_cut() -> None:
    from bridgekit.handrecord import RoomRecord
    from bridgekit.handrecord.layout import plan

    record = _freak_record()
    record.boards[0].rooms.append(RoomRecord(None, commentary=("A long story. " * 60,)))
    laid = plan(record, 6, "a4")
    assert laid.layout.per_page < 6 and laid.notes and not laid.boxes[0].cut
    assert all(laid.layout.board_h(b) <= laid.layout.box_h + 1e-6 for b in laid.boxes)
    record.boards[0].rooms.append(RoomRecord(None, commentary=("Much longer. " * 2000,)))
    laid = plan(record, 4, "a4")
    assert laid.layout.per_page == 1 and laid.boxes[0].cut
    assert laid.boxes[0].extras[-1].kind == "cut"
    assert all(laid.layout.board_h(b) <= laid.layout.box_h + 1e-6 for b in laid.boxes)


# -- the command ---------------------------------------------------------------------------

@pytest.mark.dds
def test_html_is_self_contained_and_ascii_has_no_symbols(match_cached: Path) -> None:
    result = run("handrecord", str(match_cached), "-o", "-", "--ascii", "--auction", "--play",
                 "--title", "Club night")
    assert result.exit_code == 0, result.output
    html = result.stdout
    assert html.startswith("<!DOCTYPE html>") and "<title>Club night</title>" in html
    assert "<script" not in html.lower() and "http://" not in html and "https://" not in html
    assert "<link" not in html.lower() and "src=" not in html
    assert not set(html) & set(SYMBOLS)
    assert "Open room" in html and "Closed room" in html      # both rooms' auctions under one diagram
    assert "S AKJ75" in html and "@media print" in html and "@page" in html


@pytest.mark.dds
def test_pdf_embeds_its_font(match_cached: Path, tmp_path: Path) -> None:
    from pypdf import PdfReader

    out = tmp_path / "m.pdf"
    assert run("handrecord", str(match_cached), "-o", str(out)).exit_code == 0
    page = PdfReader(str(out)).pages[0]
    fonts = page["/Resources"]["/Font"]
    embedded = []
    for ref in fonts.values():
        font = ref.get_object()
        for descendant in font.get("/DescendantFonts", []):
            descriptor = descendant.get_object()["/FontDescriptor"].get_object()
            embedded.append("/FontFile2" in descriptor)
    assert embedded and all(embedded)


def test_usage_errors_write_nothing_and_keep_the_input(tmp_path: Path) -> None:
    src = tmp_path / "m.pbn"
    shutil.copy(SAMPLES / "match.pbn", src)
    before = src.read_bytes()
    assert run("handrecord", str(src), "-o", str(tmp_path / "m.txt")).exit_code == 2
    same = run("handrecord", str(src), "-o", str(src), "--to", "html")
    assert same.exit_code == 2 and "input file" in same.output and "--in-place" not in same.output
    assert run("handrecord", str(src), "-o", str(tmp_path / "no" / "m.pdf")).exit_code == 2
    assert run("handrecord", str(src), "-o", str(tmp_path / "m.pdf"), "--per-page", "3").exit_code == 2
    assert run("handrecord", str(src), "-o", str(tmp_path / "m.pdf"), "--rules", "whist").exit_code == 2
    assert src.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.pbn"]


def test_no_deal_and_unreadable_files(tmp_path: Path) -> None:
    nodeal = tmp_path / "nodeal.pbn"
    nodeal.write_text('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n\n', encoding="utf-8")
    result = run("handrecord", str(nodeal), "-o", str(tmp_path / "a.html"))
    assert result.exit_code == 1 and "board 1" in result.stderr and "nothing written" in result.stderr
    result = run("handrecord", str(tmp_path / "missing.pbn"), "-o", str(tmp_path / "b.html"))
    assert result.exit_code == 3 and "missing.pbn" in result.stderr
    assert not (tmp_path / "a.html").exists() and not (tmp_path / "b.html").exists()


@pytest.mark.dds
def test_a_partial_deal_is_shown_without_dd_and_the_rest_is_solved(tmp_path: Path) -> None:
    """A board with two unknown hands gets its diagram (``?``) and a note; the
    next board is still solved; exit status 1 for the problem."""
    path = tmp_path / "p.pbn"
    path.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                    '[Deal "N:AKQJ.AKQ.AKQ.AKQ - 5432.5432.5432.5 -"]\n\n'
                    '[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n'
                    '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n\n',
                    encoding="utf-8")
    out = tmp_path / "p.html"
    result = run("handrecord", str(path), "-o", str(out))
    assert result.exit_code == 1
    assert "board 1" in result.stderr and "line 1" in result.stderr
    html = out.read_text(encoding="utf-8")
    reader = _Reader()
    reader.feed(html)
    assert reader.boards["1"]["hands"]["E"] == ["\u2660 ?", "\u2665 ?", "\u2666 ?", "\u2663 ?"]
    assert "no double dummy" in html
    dd = run("dd", str(path), "--json")
    assert dd.exit_code == 1
    assert _dd_table(reader.boards["2"]["dd"]) == json.loads(dd.stdout)[0]["tricks"]


@pytest.mark.dds
def test_trust_tags_takes_what_another_program_recorded(tmp_path: Path) -> None:
    """A DoubleDummyTricks tag another program wrote (no bridgekit
    fingerprint) is solved again by default, as ``par`` does; with
    --trust-tags the hand record shows the tag as written."""
    path = tmp_path / "t.pbn"
    tag = "8899a8899a5443254432"
    path.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                    '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
                    f'[DoubleDummyTricks "{tag}"]\n\n', encoding="utf-8")
    tables = {}
    for flag in ((), ("--trust-tags",)):
        out = tmp_path / "t.html"
        result = run("handrecord", str(path), "-o", str(out), "--force", *flag)
        assert result.exit_code == 0, result.output
        reader = _Reader()
        reader.feed(out.read_text(encoding="utf-8"))
        tables[flag] = _dd_table(reader.boards["1"]["dd"])
    # the tag's order: declarers N S E W, strains NT S H D C
    assert [tables[("--trust-tags",)]["N"][s] for s in ("NT", "S", "H", "D", "C")] == [8, 8, 9, 9, 10]
    solved = json_of("par", str(path), "--json")
    assert tables[()] == {row["board"]: row for row in json_of("dd", str(path), "--json", "--force")}["1"]["tricks"]
    assert solved[0]["score_ns"] > 0


def test_deal_to_session_workflow_is_in_the_readme() -> None:
    readme = docs_text()
    assert "bridgekit deal --boards 24 --seed club-night -o /tmp/session.pbn" in readme
    assert "bridgekit handrecord /tmp/session.pbn -o /tmp/session.pdf" in readme


# -- issue 26: the page used, the DD table's caption, the compass's letters, the date, the title, tricks ----

def _record(options: tuple[str, ...] = ()) -> Any:
    """samples/match.pbn's boards as a hand record, without DD tables (no solver needed)."""
    from bridgekit.analysis.ddtags import BoardTable
    from bridgekit.formats import read_boards
    from bridgekit.handrecord import build_hand_record
    boards = read_boards(str(SAMPLES / "match.pbn"))
    return build_hand_record((BoardTable(b, None, error="not solved here") for b in boards), options=options)


def test_four_a_page_fills_its_boxes() -> None:
    """The diagram at 14 pt (12 before), the DD table below it larger than the
    dealer line, and the board taking most of its box's height."""
    from bridgekit.handrecord.layout import plan
    laid = plan(_record(), 4, "a4")
    L = laid.layout
    from bridgekit.handrecord.layout import Layout
    corner = Layout("a4", 4, L.font, band=False)          # the DD table in the diagram's corner, as before
    assert L.band and L.font == 14.0 and L.dd_size > corner.dd_size + 1.5 and L.dd_size >= 10.5
    for box in laid.boxes:
        assert L.board_h(box) > 0.8 * L.box_h, (L.board_h(box), L.box_h)
    six = plan(_record(), 6, "a4").layout      # six a page: no room below, the corners as before
    assert not six.band and six.dd_size == six.small


def test_dd_caption_and_compass_letters() -> None:
    from bridgekit.analysis.ddtags import BoardTable
    from bridgekit.dds import DDTable
    from bridgekit.handrecord import build_hand_record
    from bridgekit.formats import read_boards
    from bridgekit.handrecord.html import render_html
    board = next(iter(read_boards(str(SAMPLES / "match.pbn"))))
    table = DDTable.from_pbn("89776898764456744567")   # board 1 as `bridgekit dd` gives it (the docs show it)
    record = build_hand_record([BoardTable(board, table, "tag")])
    html = render_html(record)
    assert '<caption>Makeable tricks</caption>' in html
    letters = re.findall(r'<i class="l([nesw])" aria-hidden="true">([NESW])</i>', html)
    assert letters == [("n", "N"), ("e", "E"), ("s", "S"), ("w", "W")]
    assert read_html(html)["1"]["dd"]["N"] == {"C": 6, "D": 7, "H": 7, "S": 9, "NT": 8}


def test_pdf_creation_date_is_the_run_or_source_date_epoch(monkeypatch: pytest.MonkeyPatch) -> None:
    import datetime as dt
    from pypdf import PdfReader
    from bridgekit.handrecord.pdf import render_pdf
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764806400")       # 2025-12-04 00:00:00 UTC
    first, again = render_pdf(_record()), render_pdf(_record())
    assert first == again                                        # reproducible
    stamp = PdfReader(io.BytesIO(first)).metadata.creation_date
    assert stamp == dt.datetime(2025, 12, 4, tzinfo=dt.timezone.utc)
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    before = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
    stamp = PdfReader(io.BytesIO(render_pdf(_record()))).metadata.creation_date
    assert before - dt.timedelta(seconds=1) <= stamp <= dt.datetime.now(dt.timezone.utc) + dt.timedelta(seconds=1)


def test_title_without_an_event(tmp_path: Path) -> None:
    from bridgekit.handrecord import _title_block
    from bridgekit.board import deal_boards
    dealt = deal_boards(2, "club-night")
    assert _title_block(dealt[0]) == ("Hand record", "Boards dealt by bridgekit, seed club-night")
    named = deal_boards(2, "x", event="Tuesday pairs")
    assert _title_block(named[0])[0] == "Tuesday pairs"


def test_two_a_page_with_auction_and_play_shows_a_trick_table() -> None:
    """The play as a table, one line a trick, in the 2-a-page layout it was
    asked for; the cards as `bridgekit show` prints the same trick."""
    from bridgekit.handrecord.layout import TRICK_HEADER, plan
    laid = plan(_record(("auction", "play")), 2, "a4")
    assert laid.layout.per_page == 2 and not laid.notes
    extras = laid.boxes[0].extras
    rows = [e.cells for e in extras if e.kind == "tricks"]
    assert rows[0] == TRICK_HEADER and len(rows) == 14
    assert not any(e.text.startswith("Play:") for e in extras)
    shown = run("show", str(SAMPLES / "match.pbn"), "--board", "1").stdout
    first = next(line.split() for line in shown.splitlines() if line.split()[:2] == ["1", "E"])
    assert list(rows[1][:6]) == [c.replace("T", "10") for c in first[:6]]   # 1 E ♠8 ♠J* ♠2 ♠3
