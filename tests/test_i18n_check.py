"""check, its problems and its summary in both languages: the French line
written by hand for real cases, from the problem's data (code and values)
through the catalogue; machine output unchanged by --lang."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgekit.board import Problem
from bridgekit.calls import Call
from bridgekit.check import check_auction
from bridgekit.notation import Message
from bridgekit.seats import Seat

from conftest import SAMPLES, run

NBSP, NNBSP = "\u00a0", "\u202f"

# East overcalls 1H over 1S (insufficient), and the Contract tag disagrees with the auction.
BAD_AUCTION = """[Event "Test"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.AKQ.432.J765 765.432.AKQJ.T98 432.J765.T98.AKQ"]
[Contract "4S"]
[Declarer "N"]
[Result "10"]
[Auction "N"]
1S 1H Pass Pass
Pass
"""


@pytest.fixture
def bad(tmp_path: Path) -> Path:
    path = tmp_path / "bad.pbn"
    path.write_text(BAD_AUCTION)
    return path


def test_a_bad_auction_in_both_languages(bad: Path) -> None:
    en = run("check", str(bad), "--ascii", "--lang", "en")
    fr = run("check", str(bad), "--ascii", "--lang", "fr")
    assert en.exit_code == fr.exit_code == 1
    assert en.stdout.splitlines() == [
        f"{bad}, line 10, board 1: insufficient-bid: call 2: 1H by East after 1S is insufficient: a bid must "
        "name more tricks, or as many in a higher strain (C D H S NT)",
        f"{bad}, line 6, board 1: contract-mismatch: the Contract tag says 4S but the auction ends in 1H"]
    # French: seats, suits (P C K T, SA) and typography from the problem's values
    assert fr.stdout.splitlines() == [
        f"{bad}, ligne 10, donne 1{NBSP}: insufficient-bid{NBSP}: annonce 2{NBSP}: 1C par Est après 1P est "
        f"insuffisante{NBSP}: une enchère doit annoncer plus de levées, ou autant dans une dénomination plus "
        "haute (T K C P SA)",
        f"{bad}, ligne 6, donne 1{NBSP}: contract-mismatch{NBSP}: le tag Contract dit 4P mais les enchères "
        "finissent à 1C"]
    assert en.stderr.strip() == "1 board checked, 1 with problems: contract-mismatch 1, insufficient-bid 1"
    assert fr.stderr.strip() == ("1 donne vérifiée, 1 avec des problèmes"
                                 f"{NBSP}: contract-mismatch 1, insufficient-bid 1")


def test_machine_output_does_not_change_with_the_language(bad: Path) -> None:
    for flag in ("--json", "--csv", "--jsonl"):
        assert run("check", str(bad), flag, "--lang", "fr").stdout == run("check", str(bad), flag).stdout
    rows = json.loads(run("check", str(bad), "--json", "--lang", "fr").stdout)
    assert rows[0]["message"].startswith("call 2: 1\u2665 by East")


def test_plurals_and_warnings_in_french(tmp_path: Path) -> None:
    """An unfinished auction (a warning: no contract recorded) and a hand of
    twelve cards: French plurals (0 and 1 singular), seats in French."""
    path = tmp_path / "short.pbn"
    path.write_text('[Board "3"]\n[Dealer "W"]\n[Deal "W:AKQJ.T98.765.43 T98.AKQ.432.J765 '
                    '765.432.AKQJ.T98 432.J765.T98.AKQ"]\n[Auction "W"]\n1S\n')
    fr = run("check", str(path), "--lang", "fr")
    lines = fr.stdout.splitlines()
    assert f"hand-size{NBSP}: Ouest a 12 cartes, pas 13" in lines[0]
    assert lines[1].endswith("il manque ♣2")
    assert (f"avertissement{NBSP}: auction-incomplete{NBSP}: les enchères s'arrêtent après 1 annonce sans être "
            f"finies et sans la marque '*' ou '+'{NNBSP}; c'était à Nord de parler") in lines[2]
    assert fr.stderr.startswith("1 donne vérifiée, 1 avec des problèmes")


def test_the_quick_forms_in_french() -> None:
    out = run("check", "--auction", "1S P 2S", "--dealer", "W", "--lang", "fr", "--ascii").stdout.strip()
    assert out == f"pas terminé (2P pour l'instant){NNBSP}; à Sud de parler{NBSP}: Passe, X ou 2SA à 7SA"
    out = run("check", "--auction", "1S P 2S P P P", "--dealer", "W", "--lang", "fr").stdout.strip()
    assert out == f"contrat 2♠ joué par Ouest{NNBSP}; Nord entame, Est est le mort"
    deal = "N:AKQJT98765.2.2.2 4.AKQJT98765.3.3 3.4.AKQJT98765.4 2.3.4.AKQJT98765"
    res = run("check", "--play", "CA C2 C3 C4 HA", "--contract", "3NT", "--declarer", "S", "--deal", deal,
              "--lang", "fr")
    assert res.exit_code == 1
    assert res.stdout.splitlines() == [
        "pli  1 : O:♣A N:♣2 E:♣3 S:♣4 -> Ouest".replace(" : ", f"{NBSP}: "),
        f"illégal{NBSP}: carte 5{NBSP}: pli 2{NBSP}: c'est à Ouest de jouer et la carte ♥A ne peut pas venir "
        f"de cette main{NBSP}: elle est dans la main d'Est [wrong-hand]"]


def test_usage_errors_of_check_in_french() -> None:
    res = run("check", "--auction", "1S", "--lang", "fr")
    assert res.exit_code == 2
    assert "--auction demande --dealer (N, E, S ou W)" in res.output


def test_the_language_from_the_environment(bad: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert ", ligne 10, donne 1" in run("check", str(bad)).stdout
    assert ", line 10, board 1" in run("check", str(bad), "--lang", "en").stdout


def test_a_problem_keeps_its_data() -> None:
    """The problem's message is rendered again from its values: the nested
    error of the auction in French with French letters."""
    result = check_auction([Call.parse(c) for c in "1NT 2C X XX X".split()], Seat.S)
    (p,) = result.problems
    assert p.code == "double-doubled"
    assert isinstance(p.message, Message)
    assert p.render(True, "fr") == (f"{p.code}{NBSP}: annonce 5{NBSP}: X par Sud{NBSP}: 2T est déjà surcontré")
    assert str(p) == f"{p.code}: call 5: X by South: 2♣ is already redoubled"


def test_more_problems_and_where_in_french() -> None:
    m = Message.plural("and {n} more problem on this board (only the first {kept} are listed)",
                       "and {n} more problems on this board (only the first {kept} are listed)", 1, kept=50)
    p = Problem("more-problems", m, "x.pbn", 3, "7", severity="warning")
    assert p.render(lang="fr") == (f"x.pbn, ligne 3, donne 7{NBSP}: avertissement{NBSP}: more-problems{NBSP}: et 1 "
                                   "problème de plus sur cette donne (seuls les 50 premiers sont listés)")
    assert str(p) == ("x.pbn, line 3, board 7: warning: more-problems: and 1 more problem on this board "
                      "(only the first 50 are listed)")


@pytest.mark.parametrize("name", ["bad_calls.pbn", "claim.pbn", "duplicate_card.pbn", "twelve_cards.pbn"])
def test_sample_files_check_in_french_with_the_english_codes(name: str) -> None:
    """The same problems (codes, lines) in both languages; every French line is
    another text than the English one."""
    path = str(SAMPLES / "bad" / name)
    en = run("check", path, "--lang", "en").stdout.splitlines()
    fr = run("check", path, "--lang", "fr").stdout.splitlines()
    codes = [row["code"] for row in json.loads(run("check", path, "--json").stdout)]
    assert len(en) == len(fr) == len(codes) > 0
    for e, f, code in zip(en, fr, codes):
        assert f"{code}: " in e and f"{code}{NBSP}: " in f
        assert ", line " in e and ", ligne " in f
