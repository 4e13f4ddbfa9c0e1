"""Commands run with --lang fr: the text in French and in French notation
(N E S O, SA, R D V), the same figures as in English, and English unchanged;
the language from LANG/LC_ALL by default."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run

# A deal with its DD table recorded (BridgeComposer's tag): par needs no solving.
# West deals, all vulnerable: the French seat letter and vulnerability show.
BOARD = """[Board "7"]
[Dealer "W"]
[Vulnerable "All"]
[Deal "N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ"]
[DoubleDummyTricks "2333223332aaaabaaaab"]
"""

FR_NOTATION = {"EW": "EO", "NT": "SA", "W": "O", "All": "Tous", "None": "Pers."}


@pytest.fixture
def board(tmp_path: Path) -> Path:
    path = tmp_path / "seven.pbn"
    path.write_text(BOARD)
    return path


def _rows(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines()]


def test_par_in_french_has_the_english_figures_in_french_notation(board: Path) -> None:
    en = run("par", str(board), "--ascii", "--lang", "en")
    fr = run("par", str(board), "--ascii", "--lang", "fr")
    assert en.exit_code == 0 and fr.exit_code == 0, en.output + fr.output
    head_en, _rule, row_en, total_en = _rows(en.stdout)
    head_fr, _rule, row_fr, total_fr = _rows(fr.stdout)
    assert head_en == ["board", "dlr", "vul", "par", "N/S", "par", "contracts"]
    assert head_fr == ["donne", "donneur", "vuln.", "par", "N/S", "contrats", "de", "par"]
    assert row_en[:2] == ["7", "W"] and row_en[2] == "All"
    # the same row, word for word in French notation
    assert row_fr == [FR_NOTATION.get(w, w.replace("NT", "SA")) for w in row_en]
    assert any("SA" in w for w in row_fr) and row_fr[1] == "O"
    assert (total_en, total_fr) == (["1", "board"], ["1", "donne"])
    # machine output does not change with the language
    assert run("par", str(board), "--json", "--lang", "fr").stdout == run("par", str(board), "--json").stdout
    assert json.loads(run("par", str(board), "--json", "--lang", "fr").stdout)[0]["contracts"][0].startswith("EW ")


def test_the_language_comes_from_the_environment(board: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert run("par", str(board)).stdout.startswith("donne")
    monkeypatch.setenv("LC_ALL", "C")
    assert run("par", str(board)).stdout.startswith("board")


def test_dd_in_french_has_the_english_tricks_in_french_notation(board: Path) -> None:
    """dd --lang fr: the same tricks under French headers (donne; N S E O;
    SA, and the suits' French letters P C K T with --ascii) and a French
    summary; JSON unchanged."""
    en = run("dd", str(board), "--ascii", "--lang", "en")
    fr = run("dd", str(board), "--ascii", "--lang", "fr")
    assert en.exit_code == 0 and fr.exit_code == 0, en.output + fr.output
    head_en, _rule, row_en, *_ = _rows(en.stdout)
    head_fr, _rule, row_fr, *_ = _rows(fr.stdout)
    assert head_en == ["board", "N", "C", "D", "H", "S", "NT", "S", "C", "D", "H", "S", "NT",
                       "E", "C", "D", "H", "S", "NT", "W", "C", "D", "H", "S", "NT"]
    assert head_fr == ["donne", "N", "T", "K", "C", "P", "SA", "S", "T", "K", "C", "P", "SA",
                       "E", "T", "K", "C", "P", "SA", "O", "T", "K", "C", "P", "SA"]
    assert row_fr == row_en and row_en[0] == "7*"   # the table another program recorded, as in English
    lines_fr = fr.stdout.splitlines()
    assert lines_fr[3] == "(* tel qu'un autre programme l'a enregistr\u00e9\u202f; --verify le r\u00e9sout \u00e0 nouveau)"
    assert " ".join(lines_fr[4:]) == ("1 donne\u00a0: 0 r\u00e9solue, 0 du cache, 1 d'une balise DoubleDummyTricks "
                                      "(1 telle qu'un autre programme l'a enregistr\u00e9e)")
    assert " ".join(en.stdout.splitlines()[4:]) == ("1 board: 0 solved, 0 from the cache, 1 from DoubleDummyTricks "
                                                    "tags (1 as recorded by other programs)")
    assert run("dd", str(board), "--json", "--lang", "fr").stdout == run("dd", str(board), "--json").stdout


SHOWN = """[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Room "Open"]
[Deal "S:KJ4.Q93.AJ72.Q65 Q862.KT5.K63.J84 A953.AJ74.Q5.T93 T7.862.T984.AK72"]
[Declarer "S"]
[Contract "1NT"]
[Result "9"]
[Score "NS 150"]
[Auction "S"]
1NT Pass Pass Pass
"""


def test_show_in_french_writes_the_board_as_a_french_player_reads_it(tmp_path: Path) -> None:
    """show --lang fr: the title, the diagram (Nord, Donneur Sud, Vuln. E-O,
    R D V and 10), the auction and the result line in French; JSON unchanged."""
    path = tmp_path / "three.pbn"
    path.write_text(SHOWN)
    fr = run("show", str(path), "--lang", "fr")
    assert fr.exit_code == 0, fr.output
    lines = fr.stdout.splitlines()
    assert lines[0].startswith("Donne 3 | salle Open  [")
    # North holds A953 AJ74 Q5 T93, West Q862 KT5 K63 J84: R D V and 10 as French players write them
    assert "Donneur Sud             \u2660 A953" in lines and "Vuln. E-O               \u2665 AV74" in lines
    assert "\u2663 V84" + " " * 43 + "\u2663 AR72" in lines and "                        \u2663 1093" in lines
    assert "Passe    Passe    Passe" in lines
    assert lines[-1] == "Contrat 1SA jou\u00e9 par Sud, 9 lev\u00e9es (fait +2), marque NS 150"
    en = run("show", str(path))
    assert en.stdout.splitlines()[-1] == "Contract 1NT by South, 9 tricks (made +2), score NS 150"
    assert run("show", str(path), "--json", "--lang", "fr").stdout == run("show", str(path), "--json").stdout
