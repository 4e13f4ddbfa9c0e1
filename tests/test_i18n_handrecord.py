"""Hand records in French (issue 25.2): the labels a club director prints
(Donne, Donneur, Vuln., Plis réalisables, the par, the auction's and the
tricks' titles, the footer) in the HTML and in the PDF; the same figures as
in English.  The PDF is read back with pdftotext when poppler is installed."""

from __future__ import annotations

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
    assert r.stderr.splitlines()[-1] == f"4 donnes sur 2 pages (A4, 2 par page) écrites dans {fr}"
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
