"""Hand records in French (issue 25.2): the labels a club director prints
(Donne, Donneur, Vuln., Plis réalisables, the par, the auction's and the
tricks' titles, the footer) in the HTML and in the PDF; the same figures as
in English.  The PDF is read back with pdftotext when poppler is installed."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import SAMPLES, run

MATCH = str(SAMPLES / "match.pbn")


@pytest.mark.dds
def test_the_html_hand_record_in_french(tmp_path: Path) -> None:
    en, fr = tmp_path / "en.html", tmp_path / "fr.html"
    assert run("handrecord", MATCH, "-o", str(en), "--auction", "--play", "--no-cache").exit_code == 0
    r = run("handrecord", MATCH, "-o", str(fr), "--auction", "--play", "--no-cache", "--lang", "fr")
    assert r.exit_code == 0
    assert r.stderr.splitlines()[-1] == f"écrit dans {fr}\u00a0: 4 donnes sur 2 pages (A4, 2 par page)"
    page_en, page_fr = en.read_text(encoding="utf-8"), fr.read_text(encoding="utf-8")
    assert '<html lang="en">' in page_en and '<html lang="fr">' in page_fr
    for english, french in (("<h2>Board 1</h2>", "<h2>Donne 1</h2>"),
                            ('<div class="dealer">Dealer North</div>', '<div class="dealer">Donneur Nord</div>'),
                            ('<div class="vul">Vul None</div>', '<div class="vul">Vuln. Pers.</div>'),
                            ("<caption>Makeable tricks</caption>", "<caption>Plis réalisables</caption>"),
                            ("<span>Page 1 of 2</span>", "<span>Page 1 sur 2</span>"),
                            ("<th>West</th><th>North</th>", "<th>Ouest</th><th>Nord</th>")):
        assert english in page_en and french in page_fr, (english, french)
    # the par is the same in both: board 1's N-S +140 (2♠ making 9 tricks, as DDS says)
    assert page_en.count("Par N-S +140") == page_fr.count("Par N-S +140") == 1
    assert "par N/S" in page_fr and "by N/S" in page_en


@pytest.mark.dds
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils is not installed")
def test_the_pdf_hand_record_in_french(tmp_path: Path) -> None:
    pdf = tmp_path / "fr.pdf"
    assert run("handrecord", MATCH, "-o", str(pdf), "--no-cache", "--lang", "fr").exit_code == 0
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True).stdout
    for label in ("Donne 1", "Donneur Nord", "Vuln. Pers.", "Plis réalisables", "Page 1 sur 1",
                  "Double mort par DDS"):
        assert label in text, label
    assert "Board 1" not in text and "Dealer" not in text


# -- without the solver: samples/match.pbn's board 1 with the DD table `bridgekit dd` gives it ------

def _record(lang: str, options: tuple[str, ...] = ()):
    from bridgekit.analysis.ddtags import BoardTable
    from bridgekit.dds import DDTable
    from bridgekit.formats import read_boards
    from bridgekit.handrecord import build_hand_record
    board = next(iter(read_boards(MATCH)))
    table = DDTable.from_pbn("89776898764456744567")
    return build_hand_record([BoardTable(board, table, "tag")], options=options, lang=lang)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_diagram_dd_table_and_par_in_french_notation() -> None:
    """North ♠AKJ75 ♥K84 ♦Q62 ♣A3 is written ARV75 R84 D62 A3, East's
    ♣JT964 V10964, West's ♥QJ96 DV96; the DD rows under N S E O, SA for no
    trump; par: N/S take nine tricks in spades, 2♠+1 = 3 × 30 + 50 = 140."""
    from bridgekit.handrecord.html import render_html
    html = render_html(_record("fr"))
    text = _text(html)
    for line in ("\u2660 ARV75", "\u2665 R84", "\u2666 D62", "\u2663 A3", "\u2663 V10964", "\u2665 DV96"):
        assert line in text, line
    head = re.findall(r'<th scope="col">(.*?)</th>', html)
    assert [re.sub("<[^>]+>", "", h) for h in head] == ["\u2663", "\u2666", "\u2665", "\u2660", "SA"]
    rows = re.findall(r'<tr><th scope="row">(\w)</th>((?:<td>\d+</td>)+)</tr>', html)
    assert [(seat, re.findall(r"\d+", cells)) for seat, cells in rows] == [
        ("N", ["6", "7", "7", "9", "8"]), ("S", ["6", "7", "8", "9", "8"]),
        ("E", ["7", "6", "5", "4", "4"]), ("O", ["7", "6", "5", "4", "4"])]
    assert "Par N-S +140" in text and "2\u2660+1 par N/S" in text
    assert re.findall(r'<i class="l([nesw])" aria-hidden="true">(\w)</i>', html) == [
        ("n", "N"), ("e", "E"), ("s", "S"), ("w", "O")]
    assert "Home \u00b7 29 novembre 2026" in text
    en = _text(render_html(_record("en")))
    assert "Board 1 Dealer North Vul None" in en and "\u2660 AKJ75" in en and "\u2663 J10964" in en
    assert "2\u2660+1 by N/S" in en and "Home \u00b7 29 November 2026" in en


def test_a_room_heading_is_capitalised_and_its_play_in_french() -> None:
    """The open room: "Salle Open" as a heading (``salle Open`` inside a
    sentence), 4♠ by North making 10 tricks; East leads ♠2 at trick 1 and
    North's ♠V wins it."""
    from bridgekit.handrecord.layout import plan
    extras = plan(_record("fr", ("auction", "play")), 2, "a4").boxes[0].extras
    assert extras[0].kind == "room" and extras[0].text == "Salle Open"
    assert extras[1].text.startswith("Contrat 4\u2660 joué par Nord, 10 levées (fait)")
    first = next(e.cells for e in extras if e.kind == "tricks" and not e.header)
    assert first == ("1", "E", "\u26608", "\u2660V*", "\u26602", "\u26603")
    assert plan(_record("en", ("auction", "play")), 2, "a4").boxes[0].extras[0].text == "Open room"


def test_the_first_of_the_month_is_1er() -> None:
    from bridgekit.handrecord import format_date
    assert format_date("2026.11.01", "fr") == "1er novembre 2026"
    assert format_date("2026.11.02", "fr") == "2 novembre 2026"
    assert format_date("2026.11.01") == "1 November 2026"


@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
def test_the_longest_dealer_line_stays_clear_of_north_s_hand(per_page: int) -> None:
    """"Donneur Ouest" at the small size reached North's hand at four a page
    (seen in the PDF); it is now set smaller when it would: the text ends
    before North's column, in both languages, and English keeps its size."""
    from bridgekit.handrecord import BoardRecord
    from bridgekit.handrecord.layout import dealer_vul, plan, text_width
    from bridgekit.seats import Seat, Vul
    for lang in ("en", "fr"):
        record = _record(lang)
        L = plan(record, per_page, "a4").layout
        for seat in Seat:
            b = record.boards[0]
            probe = BoardRecord(b.label, seat, Vul.ALL, b.deal, lang=lang)
            dealer, vul = dealer_vul(probe)
            size = L.info_size((dealer, vul))
            assert text_width(dealer, size) <= L.column - 0.5 + 1e-9, (lang, seat, dealer)
            if lang == "en":
                assert size == L.small
            elif seat is Seat.W and per_page == 4:   # where it touched: set smaller now
                assert size < L.small and text_width(dealer, L.small) > L.column - 0.5
