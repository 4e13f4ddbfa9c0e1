"""``score``, ``match``, ``rubber`` and ``deal`` in French (issue 25.2): the
same figures as in English, written as a French player reads them (SA, seats
N E S O, a decimal comma, French typography); JSON the same in both
languages.  The figures are hand-checked: 4♥X two down vulnerable is
200 + 300 = 500; match.pbn's eight results add up to -2170 for N/S."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import SAMPLES, run

NBSP, NNBSP = "\u00a0", "\u202f"
MATCH = str(SAMPLES / "match.pbn")
RUBBER = str(SAMPLES / "rubber-1920.pbn")
#: Board 1 made 4♠ by North (+420), board 2 has no contract.
MATCH_TWO_BOARDS = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKJ75.K84.Q62.A3 42.T73.T93.JT964 Q963.A52.K74.852 T8.QJ96.AJ85.KQ7"]
[Declarer "N"]
[Contract "4S"]
[Result "10"]

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AKJ75.K84.Q62.A3 42.T73.T93.JT964 Q963.A52.K74.852 T8.QJ96.AJ85.KQ7"]
"""


def test_the_quick_form_in_french() -> None:
    args = ("score", "--contract", "4HX", "--declarer", "S", "--tricks", "8", "--vul", "all")
    en = run(*args, "--lang", "en").stdout.splitlines()
    fr = run(*args, "--lang", "fr").stdout.splitlines()
    assert en[0] == "4\u2665X by South, 8 tricks, vulnerable: All (contract)"
    assert fr[0] == f"4\u2665X par Sud, 8 plis, vulnérables{NBSP}: Tous (contract)"
    assert en[3].split() == ["EW", "undertricks", "(2)", "500"]
    assert fr[3].split() == ["EO", "levées", "de", "chute", "(2)", "500"]
    assert en[-1] == "N/S -500, E/W +500" and fr[-1] == "N/S -500, E/O +500"


def test_a_file_scored_in_french() -> None:
    fr = run("score", MATCH, "--lang", "fr").stdout
    en = run("score", MATCH, "--lang", "en").stdout
    assert fr.splitlines()[0].split()[:6] == ["donne", "salle", "vuln.", "contrat", "par", "levées"]
    # the same rows: West's 6♦ is O in French, the vulnerability Tous
    row_en = next(line.split() for line in en.splitlines() if "6\u2666" in line)
    row_fr = next(line.split() for line in fr.splitlines() if "6\u2666" in line)
    assert row_en == ["4", "Open", "All", "6\u2666", "W", "12", "-1370", "-1370", "ok"]
    assert row_fr == ["4", "Open", "Tous", "6\u2666", "O", "12", "-1370", "-1370", "ok"]
    assert "8 boards, 8 scored; total for N/S -2170; recorded Score agrees on 8 of 8" in en
    assert f"8 donnes, 8 marquées{NNBSP}; total pour N/S -2170{NNBSP}; Score enregistré exact{NBSP}: 8 sur 8" \
        in fr.splitlines()   # one line, in 80 columns as the English
    assert run("score", MATCH, "--json", "--lang", "fr").stdout == run("score", MATCH, "--json").stdout


def test_the_rubber_pad_in_french() -> None:
    args = ("rubber", RUBBER, "--rules", "auction-1920")
    en = run(*args, "--lang", "en").stdout.splitlines()
    fr = run(*args, "--lang", "fr").stdout.splitlines()
    assert en[-1] == "games WE 2, THEY 1; WE (N/S) win by 325"
    assert fr[-1] == f"manches NOUS 2, EUX 1{NNBSP}; NOUS (N/S) gagnent de 325"
    assert fr[0] == "Robre 1 (auction-1920, terminé)"
    assert any("(d6) prime de robre 250" in line for line in fr)
    assert max(len(line) for line in fr) <= 80


def test_victory_points_with_a_decimal_comma() -> None:
    en = run("match", MATCH, "--vp", "--lang", "en").stdout
    fr = run("match", MATCH, "--vp", "--lang", "fr").stdout
    assert "Victory points over 4 boards: A 7.20, B 12.80" in en
    assert f"Points de victoire sur 4 donnes{NBSP}: A 7,20, B 12,80" in fr
    assert f"A (N/S en salle ouverte) 10 IMP, B 15 IMP{NBSP}: B gagne de 5 IMP" in fr
    doc_en = json.loads(run("match", MATCH, "--vp", "--json").stdout)
    assert json.loads(run("match", MATCH, "--vp", "--json", "--lang", "fr").stdout) == doc_en


def test_dealt_boards_in_french() -> None:
    r = run("deal", "--boards", "2", "--seed", "7", "--lang", "fr")
    assert r.stdout.splitlines()[1].startswith("Donneur Nord")
    assert "Donneur Est" in r.stdout and "Vuln. N-S" in r.stdout
    assert r.stderr.strip() == "2 donnes de la graine 7"


def test_each_count_agrees_with_its_noun() -> None:
    """Two boards, one scored: ``2 donnes, 1 marquée`` (each number its own
    plural), the unscored board's reason in the check column in French."""
    text = MATCH_TWO_BOARDS
    en = run("score", "-", "--lang", "en", input=text).stdout.splitlines()
    fr = run("score", "-", "--lang", "fr", input=text).stdout.splitlines()
    assert en[-1] == "2 boards, 1 scored; total for N/S +420"
    assert fr[-1] == f"2 donnes, 1 marquée{NNBSP}; total pour N/S +420"
    assert en[3].split()[-2:] == ["no", "contract"] and fr[3].split()[-2:] == ["aucun", "contrat"]


def test_a_rubber_file_totals_in_french() -> None:
    """Points above and below the line of six rubber deals (classic auction
    bridge): N/S 12+27+14+60 = 113 below, 30+50+80+80 = 240 above; E/W 48
    below, 30+30+140 = 200 above."""
    en = run("score", str(SAMPLES / "rubber-classic.pbn"), "--lang", "en").stdout.splitlines()
    fr = run("score", str(SAMPLES / "rubber-classic.pbn"), "--lang", "fr").stdout.splitlines()
    assert en[-2] == "6 boards, 6 scored; N/S 113 below, 240 above; E/W 48 below, 200 above"
    assert fr[-2] == f"6 donnes, 6 marquées{NNBSP}; N/S 113 dessous, 240 dessus{NNBSP}; E/O 48 dessous, 200 dessus"
    assert max(len(line) for line in fr) <= 80


def test_an_unscored_board_in_the_check_column_in_french() -> None:
    """A hand of twelve cards: the board is not scored, the first problem's
    code and how many more in the check column, short in French so that the
    row stays within 80 columns; the problems themselves on stderr."""
    bad = str(SAMPLES / "bad" / "twelve_cards.pbn")
    en = run("score", bad, "--lang", "en")
    fr = run("score", bad, "--lang", "fr")
    row_en, row_fr = en.stdout.splitlines()[2], fr.stdout.splitlines()[2]
    assert row_en.endswith("not scored: hand-size and 1 more")
    assert row_fr.endswith(f"non marquée{NBSP}: hand-size (+1)") and len(row_fr) <= 80
    assert en.exit_code == fr.exit_code != 0 and "hand-size" in fr.stderr


def test_the_rubber_profiles_offered_with_or_in_french() -> None:
    """``rubber`` on a duplicate match: the profiles that keep a pad, joined
    by 'or' / 'ou' in each language."""
    en, fr = run("rubber", MATCH, "--lang", "en"), run("rubber", MATCH, "--lang", "fr")
    assert en.exit_code == fr.exit_code == 2
    assert "the contract profile is not scored in rubbers: use auction-1920 or auction-classic" in en.stderr
    assert f"le profil contract ne se marque pas en robres{NBSP}: utilisez auction-1920 ou auction-classic" \
        in fr.stderr


def test_a_par_without_dealer_nor_vulnerability_in_french(tmp_path: Path) -> None:
    """A bare deal (no Board, Dealer or Vulnerable tag) has no par: what is
    missing is said in the output's language, a list joined by 'et'."""
    from bridgekit.analysis.ddtags import board_par
    from bridgekit.errors import BridgekitError
    from bridgekit.formats import read_boards
    src = tmp_path / "bare.pbn"
    src.write_text('[Deal "N:AKJ75.K84.Q62.A3 42.T73.T93.JT964 Q963.A52.K74.852 T8.QJ96.AJ85.KQ7"]\n')
    board, = read_boards(str(src))
    with pytest.raises(BridgekitError) as e:
        board_par(board, None)   # type: ignore[arg-type]   # never reached: the tags are checked first
    message = e.value.args[0]
    assert message.render(lang="en") == "no dealer and vulnerability (no Dealer/Vulnerable tag and no board number)"
    assert message.render(lang="fr") == "pas de donneur et vulnérabilité (ni balise Dealer/Vulnerable ni numéro " \
        "de donne)"
