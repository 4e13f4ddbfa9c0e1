"""``event`` in French (issue 25.2): travellers, rankings, matches and the
summary as a French director reads them (PM, PV, N/S E/O, a decimal comma),
and the problems found in a file located and worded in French.  Figures
hand-checked: pair 2 scores 9 of 12 matchpoints (75,00 %)."""

from __future__ import annotations

import json

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
    for label in ("<th>Rang</th>", "<th>Paire</th>", "Donne 1 \u00b7 Vuln. Pers.", "<td class=\"n\">75,00</td>",
                  "points de match, barème acbl", "4 donnes, 16 résultats. Fait avec bridgekit."):
        assert label in html, label
