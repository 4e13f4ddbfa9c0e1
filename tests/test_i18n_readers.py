"""The readers' own messages and the model's parse errors in French (issue
25.2): a broken PBN and a broken LIN file checked in both languages, each
line naming file, line and board, the French written by hand."""

from __future__ import annotations

from pathlib import Path

from conftest import run

NBSP, NNBSP = "\u00a0", "\u202f"
BAD_PBN = ('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQ.AKQ.AKQ.AKQJ ..."]\n'
           '[Contract "4Z"]\n[Declarer "Q"]\n[Auction "N"]\n1S 9Z Pass Pass\nPass\n')


def test_a_broken_pbn_file_in_both_languages(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_text(BAD_PBN, encoding="utf-8")
    en = run("check", str(bad), "--lang", "en").stdout.splitlines()
    fr = run("check", str(bad), "--lang", "fr").stdout.splitlines()
    assert en[1] == (f"{bad}, line 6, board 1: bad-value: Contract: invalid contract '4Z' "
                     "(expected e.g. 4H, 3NTX, 6SXX or Pass)")
    assert fr[1] == (f"{bad}, ligne 6, donne 1{NBSP}: bad-value{NBSP}: Contract{NBSP}: contrat invalide '4Z' "
                     "(attendu par exemple 4H, 3NTX, 6SXX ou Pass)")
    assert fr[2] == f"{bad}, ligne 7, donne 1{NBSP}: bad-value{NBSP}: Declarer{NBSP}: place invalide 'Q' (attendu N, E, S ou W)"
    assert fr[3] == (f"{bad}, ligne 9, donne 1{NBSP}: bad-call{NBSP}: '9Z' n'est pas une enchère{NBSP}: la section "
                     "Auction est gardée comme texte à partir de là ('9Z Pass Pass Pass')")


def test_a_broken_lin_file_in_french(tmp_path: Path) -> None:
    bad = tmp_path / "bad.lin"
    bad.write_text("md|1SAKQ,HAK,DAK,CAK|sv|x|mb|1S|mb|9Z|pg||\n", encoding="utf-8")
    fr = run("check", str(bad), "--lang", "fr").stdout.splitlines()
    assert fr[0] == (f"{bad}, ligne 1, donne 1{NBSP}: lin-bad-vulnerability{NBSP}: vulnérabilité inconnue sv|x| "
                     "(attendu o, n, e ou b)")
    assert f"{bad}, ligne 1, donne 1{NBSP}: hand-size{NBSP}: Nord a 2 cartes, pas 13" in fr
    assert any(line.endswith(f"lin-bad-call{NBSP}: enchère illisible '9Z' dans mb|9Z|") for line in fr)


def test_a_dealer_script_error_in_french(tmp_path: Path) -> None:
    script = tmp_path / "bad.dl"
    script.write_text("produce x\n", encoding="utf-8")
    en = run("dealer", str(script), "--lang", "en")
    fr = run("dealer", str(script), "--lang", "fr")
    assert en.exit_code == fr.exit_code == 2
    assert en.stderr.strip() == f"{script}: line 1, column 9: expected a number, found 'x'"
    assert fr.stderr.strip() == f"{script}{NBSP}: ligne 1, colonne 9{NBSP}: attendu un nombre, trouvé 'x'"


def test_record_formats_and_pbn_annotations_in_both_languages(tmp_path: Path) -> None:
    """A deal file's record problems (BER: a seat digit 7 in record 2, record
    3 cut after 20 of its 52 bytes) and a PBN auction's misplaced annotations
    are rendered from their data, in French too (written by hand)."""
    seats = "".join(str(1 + i % 4) for i in range(52))   # any 13 cards each
    ber = tmp_path / "x.ber"
    ber.write_text(seats + seats[:5] + "7" + seats[6:] + seats[:20], encoding="ascii")
    pbn = tmp_path / "n.pbn"
    pbn.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                   '[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.8765.876.765 432.432.5432.432"]\n'
                   '[Auction "N"]\n$5 1S =1= =2= Pass Pass Pass\n', encoding="ascii")
    en = run("check", str(ber), str(pbn), "--lang", "en").stdout.splitlines()
    fr = run("check", str(ber), str(pbn), "--lang", "fr").stdout.splitlines()
    assert en[:2] == [f"{ber}, board 2: bad-card: record 2: seat digits must be 1-4, found '7'",
                      f"{ber}, board 3: truncated-record: record 3: the file ends inside this board's record "
                      "(20 of 52 bytes): the board is not read (BER records are 52 bytes)"]
    assert fr[:2] == [f"{ber}, donne 2{NBSP}: bad-card{NBSP}: enregistrement 2{NBSP}: les chiffres des places "
                      f"vont de 1 à 4, trouvé{NBSP}: '7'",
                      f"{ber}, donne 3{NBSP}: truncated-record{NBSP}: enregistrement 3{NBSP}: le fichier s'arrête "
                      f"dans l'enregistrement de cette donne (20 octets sur 52){NBSP}: la donne n'est pas lue "
                      "(un enregistrement BER fait 52 octets)"]
    assert en[2:4] == [f"{pbn}, line 6, board 1: warning: bad-call: NAG '$5' before any call",
                       f"{pbn}, line 6, board 1: warning: bad-call: second note reference '=2=' on one call"]
    assert fr[2:4] == [f"{pbn}, ligne 6, donne 1{NBSP}: avertissement{NBSP}: bad-call{NBSP}: NAG '$5' avant toute "
                       "enchère",
                       f"{pbn}, ligne 6, donne 1{NBSP}: avertissement{NBSP}: bad-call{NBSP}: second renvoi de note "
                       "'=2=' sur une même enchère"]
