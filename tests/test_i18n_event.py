"""``event`` in French (issue 25.2): travellers, rankings, matches and the
summary as a French director reads them (PM, PV, N/S E/O, a decimal comma),
and the problems found in a file located and worded in French.  Figures
hand-checked: pair 2 scores 9 of 12 matchpoints (75,00 %)."""

from __future__ import annotations

import json
import re

import pytest
from pathlib import Path

from conftest import SAMPLES, run

NBSP, NNBSP = "\u00a0", "\u202f"
PAIRS = SAMPLES / "pairs.pbn"
MATCH = str(SAMPLES / "match.pbn")


def test_a_pairs_ranking_in_french() -> None:
    fr = run("event", str(PAIRS), "--ranking", "--lang", "fr").stdout.splitlines()
    en = run("event", str(PAIRS), "--ranking", "--lang", "en").stdout.splitlines()
    assert fr[0] == "Classement, N/S (mitchell)" and en[0] == "Ranking, N/S (mitchell)"
    assert fr[1].split() == ["rang", "paire", "noms", "donnes", "PM", "max", "%"]
    assert fr[3].split() == ["1", "2", "Cat", "Orr", "-", "Dan", "Fox", "4", "9,0", "12", "75,00"]
    assert en[3].split() == ["1", "2", "Cat", "Orr", "-", "Dan", "Fox", "4", "9.0", "12", "75.00"]
    assert "Classement, E/O (mitchell)" in fr
    assert fr[-2] == "4 donnes, 16 résultats (points de match, barème acbl)"
    assert fr[-1] == f"Enregistré{NBSP}: marques concordantes sur 16 de 16"


def test_a_traveller_in_french() -> None:
    fr = run("event", str(PAIRS), "--lang", "fr").stdout.splitlines()
    assert fr[0] == "Donne 1  Vuln. Pers.  4 résultats, top 3"
    assert fr[1].split() == ["N/S", "E/O", "résultat", "N/S", "+", "E/O", "+", "PM", "N/S", "PM", "E/O"]


def test_a_team_ranking_in_french() -> None:
    fr = run("event", MATCH, "--ranking", "--lang", "fr").stdout
    assert "Classement des équipes" in fr
    assert any(line.split() == ["1", "B", "1", "4", "15", "10", "12,80"] for line in fr.splitlines())
    en = json.loads(run("event", MATCH, "--json").stdout)
    assert json.loads(run("event", MATCH, "--json", "--lang", "fr").stdout) == en


def test_a_problem_in_the_file_in_french(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_text(PAIRS.read_text(encoding="utf-8").replace("1 1 5 4S N 10 420 -", "1 1 5 4S N 10 abc -", 1),
                   encoding="utf-8")
    fr = run("event", str(bad), "--ranking", "--lang", "fr")
    en = run("event", str(bad), "--ranking", "--lang", "en")
    assert fr.exit_code == en.exit_code == 1
    assert f"bridgekit: {bad}, line 19, board 1, row 1: score 'abc' is not a number" in en.stderr
    assert f"bridgekit: {bad}, ligne 19, donne 1, ligne 1 du tableau{NBSP}: la marque 'abc' n'est pas un nombre" \
        in fr.stderr


@pytest.mark.dds
def test_a_post_mortem_in_french() -> None:
    """``analyse``: the same double-dummy figures in both languages, the seats N E S O."""
    en = run("analyse", MATCH, "--board", "1", "--lang", "en").stdout.splitlines()
    fr = run("analyse", MATCH, "--board", "1", "--lang", "fr").stdout.splitlines()
    assert en[0].startswith("Board 1 (Open room): 4\u2660 by North. Double dummy 9 tricks")
    assert fr[0].startswith(f"Donne 1 (salle Open){NBSP}: 4\u2660 joué par Nord. En double mort 9 plis")
    assert en[-1] == "First mistakes: N: none; E: none; S: none; W: trick 9, \u2666A (cost 1)"
    assert fr[-1] == (f"Premières erreurs{NBSP}: N{NBSP}: aucune{NNBSP}; E{NBSP}: aucune{NNBSP}; S{NBSP}: aucune"
                      f"{NNBSP}; O{NBSP}: pli 9, \u2666A (coûte 1)")


@pytest.mark.dds
def test_the_results_page_in_french(tmp_path: Path) -> None:
    page = tmp_path / "res.html"
    r = run("event", str(PAIRS), "-o", str(page), "--lang", "fr")
    assert r.exit_code == 0 and r.stderr.strip() == f"page des résultats (4 donnes) écrite dans {page}"
    html = page.read_text(encoding="utf-8")
    assert '<html lang="fr">' in html and "<h3>Classement, N/S</h3>" in html
    for label in ("<th>Rang</th>", "<th>Paire</th>", "<h3>Donne 1</h3>", "Vuln. Pers.", "<td class=\"n\">75,00</td>",
                  "points de match, barème acbl", "4 donnes, 16 résultats. Fait avec bridgekit."):
        assert label in html, label


def _match_without_the_last_record(tmp_path: Path) -> Path:
    """samples/match.pbn without its last game record (board 4, closed room)."""
    games = re.split(r"\n(?=\[Event )", Path(MATCH).read_text(encoding="utf-8"))
    path = tmp_path / "three.pbn"
    path.write_text("\n".join(games[:-1]) + "\n", encoding="utf-8")
    return path


def test_a_board_played_at_one_table_in_french(tmp_path: Path) -> None:
    """Board 4 played in the open room only: left out of the match (IMPs
    6 + 4 = 10 for A, 2 for B on boards 1-3) and named in the warning with
    its record, in French: 'donne 4 (1 partie enregistrée : Open)'."""
    path = _match_without_the_last_record(tmp_path)
    en, fr = run("match", str(path), "--lang", "en"), run("match", str(path), "--lang", "fr")
    assert en.stdout.splitlines()[-1] == "A (N/S in the open room) 10 IMPs, B 2 IMPs: A wins by 8 IMPs"
    assert fr.stdout.splitlines()[-1] == f"A (N/S en salle ouverte) 10 IMP, B 2 IMP{NBSP}: A gagne de 8 IMP"
    assert en.stderr.strip() == "bridgekit: A v B: 1 board not played at two tables, not compared: " \
        "board 4 (1 record: Open)"
    assert fr.stderr.strip() == (f"bridgekit: A c. B{NBSP}: 1 donne non jouée à deux tables, non comparée{NBSP}: "
                                 f"donne 4 (1 partie enregistrée{NBSP}: Open)")
    doc = json.loads(run("match", str(path), "--json", "--lang", "fr").stdout)
    assert doc == json.loads(run("match", str(path), "--json").stdout)
    assert "board 4 (1 record: Open)" in json.dumps(doc)   # data: the same in every language


def test_board_a_match_scale_with_a_decimal_comma() -> None:
    """Board-a-match on match.pbn: boards 1 and 3 to A, 2 and 4 to B, 2 points
    each; the ACBL scale 1/0.5/0 written 1/0,5/0 in French."""
    fr = run("event", MATCH, "--method", "bam", "--ranking", "--lang", "fr").stdout.splitlines()
    en = run("event", MATCH, "--method", "bam", "--ranking", "--lang", "en").stdout.splitlines()
    assert en[-2] == "4 boards, 8 results (board-a-match, 1/0.5/0 a board)"
    assert fr[-2] == "4 donnes, 8 résultats (board-a-match, 1/0,5/0 par donne)"
    assert ["1=", "A", "1", "4", "2", "2"] in [line.split() for line in fr]
    ebu = run("event", MATCH, "--method", "bam", "--mp-scale", "ebu", "--ranking", "--lang", "fr").stdout
    assert "(board-a-match, 2/1/0 par donne)" in ebu


def test_an_arbitrary_score_that_cannot_be_imped_in_french(tmp_path: Path) -> None:
    """55%/45% is neither average, plus nor minus: Butler cannot turn it into
    IMPs; the row is named, in French, and the rest is scored."""
    bad = tmp_path / "p55.pbn"
    bad.write_text(PAIRS.read_text(encoding="utf-8").replace('1 1 5 4S N 10 420 - "Ann', '1 1 5 - - - 55% 45% "Ann', 1),
                   encoding="utf-8")
    fr = run("event", str(bad), "--method", "butler", "--ranking", "--lang", "fr")
    en = run("event", str(bad), "--method", "butler", "--ranking", "--lang", "en")
    assert en.stderr.strip() == (f"bridgekit: {bad}, line 19, board 1, row 1: arbitrary score 55%/45% cannot be "
                                 "IMPed (a percentage other than average, plus or minus): not scored")
    assert fr.stderr.strip() == (f"bridgekit: {bad}, ligne 19, donne 1, ligne 1 du tableau{NBSP}: le score ajusté "
                                 "55%/45% ne peut pas être converti en IMP (un pourcentage autre que la moyenne, "
                                 f"plus ou moins){NBSP}: non marqué")
    assert fr.stdout.splitlines()[-1] == f"Enregistré{NBSP}: marques concordantes sur 15 de 15"
