"""The tag values' syntax checks (tagsyntax) and the readers' problems in
French and English (issue 25.1/25.2): each problem keeps its code and its
values and is written in the output's language where it is printed, naming
file, line and board.  The expected lines are written by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgekit.board import Board, Tag
from bridgekit.notation import Message
from bridgekit.tagsyntax import tag_name_problem, tag_problems
from conftest import run

NBSP, NNBSP = "\u00a0", "\u202f"

BAD_TAGS = """[Event "Club"]
[Date "2024.13.40"]
[Board "1"]
[West "A"]
[North "B"]
[East "C"]
[South "D"]
[Dealer "N"]
[Vulnerable "E"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Scoring "MP;Foo"]
[Room "Lounge"]
[Wrong "x"]
[Declarer "N"]
[Contract "7NT"]
[Result "13"]
[Auction "N"]
7NT Pass Pass Pass
[Play "E"]
S2 SX S3 SA
"""


@pytest.fixture()
def bad(tmp_path: Path) -> Path:
    path = tmp_path / "bad.pbn"
    path.write_text(BAD_TAGS, encoding="utf-8")
    return path


def test_bad_tag_values_in_english(bad: Path) -> None:
    out = run("check", str(bad), "--lang", "en")
    assert out.exit_code == 1
    at = f"{bad}, line"
    assert out.stdout.splitlines() == [
        f"{at} 20, board 1: bad-card: invalid card 'SX'",
        f"{at} 13, board 1: warning: unknown-tag: Wrong is not a PBN 2.1 tag: kept, and skipped by every check "
        "(PBN 4.9 allows new tags)",
        f"{at} 2, board 1: bad-date: Date '2024.13.40' has no such month or day",
        f"{at} 9, board 1: bad-vulnerable: Vulnerable 'E' is not one of None, Love, -, NS, EW, All, Both",
        f"{at} 11, board 1: warning: unknown-scoring: Scoring 'MP;Foo' uses Foo, not in the standard's list (kept)",
        f"{at} 12, board 1: bad-room: Room 'Lounge' is not Open or Closed",
        f"{at} 20, board 1: wrong-hand: trick 1: it is East's turn and the \u26602 cannot come from that hand: "
        "it is in West's hand",
    ]


def test_bad_tag_values_in_french(bad: Path) -> None:
    out = run("check", str(bad), "--lang", "fr")
    assert out.exit_code == 1
    at = f"{bad}, ligne"
    c = f"{NBSP}:"
    assert out.stdout.splitlines() == [
        f"{at} 20, donne 1{c} bad-card{c} carte invalide 'SX'",
        f"{at} 13, donne 1{c} avertissement{c} unknown-tag{c} Wrong n'est pas une balise PBN 2.1{c} gardée, "
        "et ignorée par toutes les vérifications (PBN 4.9 permet de nouvelles balises)",
        f"{at} 2, donne 1{c} bad-date{c} Date '2024.13.40'{c} ce mois ou ce jour n'existe pas",
        f"{at} 9, donne 1{c} bad-vulnerable{c} Vulnerable 'E' n'est aucune des valeurs None, Love, -, NS, EW, All, Both",
        f"{at} 11, donne 1{c} avertissement{c} unknown-scoring{c} Scoring 'MP;Foo' utilise Foo, absent de la liste "
        "de la norme (gardé)",
        f"{at} 12, donne 1{c} bad-room{c} Room 'Lounge' n'est ni Open ni Closed",
        f"{at} 20, donne 1{c} wrong-hand{c} pli 1{c} c'est à Est de jouer et la carte \u26602 ne peut pas venir "
        f"de cette main{c} elle est dans la main d'Ouest",
    ]
    # the summary on stderr in French too
    assert "1 donne vérifiée, 1 avec des problèmes" in out.stderr


def test_french_letters_with_ascii(bad: Path) -> None:
    out = run("check", str(bad), "--lang", "fr", "--ascii").stdout.splitlines()
    assert out[-1].endswith(f"c'est à Est de jouer et la carte P2 ne peut pas venir de cette main{NBSP}: "
                            "elle est dans la main d'Ouest")
    assert all(ord(ch) < 0x2600 for line in out for ch in line)   # no suit symbol left


def test_convert_reports_the_reader_problem_in_french(bad: Path, tmp_path: Path) -> None:
    out = run("convert", str(bad), str(tmp_path / "out.lin"), "--lang", "fr")
    assert out.exit_code == 1
    assert f"bridgekit: {bad}, ligne 20, donne 1{NBSP}: bad-card{NBSP}: carte invalide 'SX'" in out.stderr.splitlines()
    assert (tmp_path / "out.lin").exists()    # the rest still converted


def _board(**tags: str) -> Board:
    board = Board(file="x.pbn", line=1)
    for i, (name, value) in enumerate(tags.items(), 1):
        board.tags[name] = Tag(name, value, i)
    return board


@pytest.mark.parametrize("tags, en, fr", [
    ({"Date": "12-Mar-2024"}, "Date '12-Mar-2024' is readable but PBN writes a date YYYY.MM.DD",
     "Date '12-Mar-2024' se lit, mais PBN écrit une date AAAA.MM.JJ"),
    ({"Time": "25:00:00"}, "Time '25:00:00' has no such hour, minute or second",
     f"Time '25:00:00'{NBSP}: cette heure, cette minute ou cette seconde n'existe pas"),
    ({"Board": "0"}, "Board '0' is not a positive whole number", "Board '0' n'est pas un nombre entier positif"),
    ({"Scoring": "MP;;IMP"}, "Scoring 'MP;;IMP' has the field '': fields are words separated by ';'",
     f"Scoring 'MP;;IMP' a le champ ''{NBSP}: les champs sont des mots séparés par des points-virgules"),
    ({"ScorePercentage": "120"}, "ScorePercentage '120' is not between 0 and 100",
     "ScorePercentage '120' n'est pas compris entre 0 et 100"),
    ({"Mode": "BBO"}, "Mode 'BBO' is none of the standard's examples (em, ibs, okb, table, tc; kept)",
     f"Mode 'BBO' n'est aucun des exemples de la norme (em, ibs, okb, table, tc{NNBSP}; gardé)"),
    ({"Room": " Open"}, "Room ' Open' has spaces around its value", "Room ' Open' a des espaces autour de sa valeur"),
    ({"Event": "a\tb"}, "Event holds the control character '\\t' (a string may hold printing characters only, "
     "PBN 2.2-2.3)", "Event contient le caractère de contrôle '\\t' (une chaîne ne peut contenir que des caractères "
     "imprimables, PBN 2.2-2.3)"),
    ({"Vulnerable": "None", "ScoreRubberHistory": "NS 0 0/100 40 EW 0 0/0 0"},
     "Vulnerable 'None' but ScoreRubberHistory makes it 'NS' (a side that has won a game is vulnerable)",
     "Vulnerable 'None' mais ScoreRubberHistory donne 'NS' (un camp qui a gagné une manche est vulnérable)"),
])
def test_each_kind_of_tag_problem_in_both_languages(tags: dict[str, str], en: str, fr: str) -> None:
    [(code, message, _name, _severity)] = list(tag_problems(_board(**tags)))
    assert isinstance(message, Message)     # its template and values, not English text
    assert message.render(lang="en") == str(message) == en
    assert message.render(lang="fr") == fr


def test_tag_names_in_both_languages() -> None:
    found = tag_name_problem("bad name")
    assert found is not None and found[0] == "bad-tag-name"
    assert found[1].render(lang="fr") == ("le nom de balise 'bad name' ne commence pas par une majuscule ou contient "
                                          f"d'autres caractères que des lettres, des chiffres et «{NBSP}_{NBSP}» "
                                          "(PBN 3.3)")
    assert str(found[1]).startswith("the tag name 'bad name' does not begin with an upper-case letter")
