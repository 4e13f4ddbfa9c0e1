"""The command line's own messages in both languages (issue 25.2): reading
errors, refusals of the safe write path, --board misses, convert's report
and usage errors, with French written by hand; the language from --lang or
LANG; files and machine output the same in both."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, SAMPLES, run

NBSP, NNBSP = "\u00a0", "\u202f"
MATCH = str(SAMPLES / "match.pbn")


def bridgekit(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``bridgekit ARGS`` through its entry point (which shows usage errors), in a process of its own."""
    environ = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES")}
    environ.update({"LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8", **(env or {})})
    return subprocess.run([sys.executable, "-m", "bridgekit", *args], capture_output=True, text=True,
                          encoding="utf-8", env=environ, cwd=ROOT)


def test_a_missing_file(tmp_path: Path) -> None:
    missing = str(tmp_path / "nothere.pbn")
    en = run("check", missing, "--lang", "en")
    fr = run("check", missing, "--lang", "fr")
    assert en.exit_code == fr.exit_code == 3
    assert en.stderr.splitlines() == [f"bridgekit: {missing}: no such file",
                                      "0 boards checked, 0 with problems; 1 file could not be read"]
    assert fr.stderr.splitlines() == [f"bridgekit: {missing}{NBSP}: fichier introuvable",
                                      f"0 donne vérifiée, 0 avec des problèmes{NNBSP}; 1 fichier illisible"]


def test_an_empty_and_a_binary_file(tmp_path: Path) -> None:
    empty = tmp_path / "empty.pbn"
    empty.write_bytes(b"")
    binary = tmp_path / "bin.pbn"
    binary.write_bytes(b"[Event \"x\"]\n\x00\x01\x02")
    assert f"{empty}{NBSP}: fichier vide" in run("check", str(empty), "--lang", "fr").stderr
    out = run("check", str(binary), "--lang", "fr").stderr
    assert f"{binary}{NBSP}: pas un fichier texte (données binaires{NBSP}: un octet NUL à l'octet" in out


def test_the_force_refusal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out.pbn"
    out.write_text("keep me")
    en = run("convert", MATCH, str(out))
    fr = run("convert", MATCH, str(out), "--lang", "fr")
    assert en.exit_code == fr.exit_code == 2
    assert en.stderr.splitlines()[-1] == f"Error: {out} already exists: use --force to replace it"
    assert fr.stderr.splitlines()[-1].endswith(f"{out} existe déjà{NBSP}: utilisez --force pour le remplacer")
    # as a user runs it (bridgekit's entry point): click's words around it in French too
    fr = bridgekit("convert", MATCH, str(out), env={"LANG": "fr_FR.UTF-8"})
    assert fr.returncode == 2
    assert fr.stderr.splitlines() == [
        f"Utilisation{NBSP}: python -m bridgekit convert [OPTIONS] IN OUT",
        "Essayez 'python -m bridgekit convert --help' pour l'aide.", "",
        f"Erreur{NBSP}: {out} existe déjà{NBSP}: utilisez --force pour le remplacer"]
    assert out.read_text() == "keep me"


def test_no_such_board() -> None:
    en = run("show", MATCH, "-b", "99")
    assert en.exit_code == 1
    assert en.stderr.strip() == f"bridgekit: no board 99 in {MATCH}; the boards are 1-4"
    for argv in (["check", MATCH, "-b", "99", "--lang", "fr"],):
        fr = run(*argv)
        assert fr.exit_code == 1
        assert f"bridgekit: pas de donne 99 dans {MATCH}{NNBSP}; les donnes sont 1-4" in fr.stderr.splitlines()


def test_a_bad_board_option_in_french() -> None:
    fr = run("check", MATCH, "-b", "0", "--lang", "fr")
    assert fr.exit_code == 2
    assert f"'0'{NBSP}: les numéros de donne commencent à 1" in fr.stderr


def test_convert_reports_in_french(tmp_path: Path) -> None:
    en = run("convert", MATCH, str(tmp_path / "a.dup"))
    fr = run("convert", MATCH, str(tmp_path / "b.dup"), "--lang", "fr")
    assert en.exit_code == fr.exit_code == 0
    assert en.stderr.splitlines()[0] == "bridgekit: DUP keeps no auctions: 8 auctions not written"
    assert fr.stderr.splitlines()[0] == f"bridgekit: DUP ne garde pas les enchères{NBSP}: 8 suites d'enchères non écrites"
    assert en.stderr.splitlines()[-1] == f"bridgekit: 8 boards written to {tmp_path / 'a.dup'} (DUP)"
    assert fr.stderr.splitlines()[-1] == f"bridgekit: 8 donnes écrites dans {tmp_path / 'b.dup'} (DUP)"
    # the file is the same whatever the language
    assert (tmp_path / "a.dup").read_bytes() == (tmp_path / "b.dup").read_bytes()
    one = run("convert", MATCH, "-", "--to", "json", "--lang", "fr").stdout
    assert one == run("convert", MATCH, "-", "--to", "json").stdout and json.loads(one)


def test_reading_errors_in_convert_name_the_place_in_french(tmp_path: Path) -> None:
    fr = run("convert", str(SAMPLES / "bad" / "twelve_cards.pbn"), str(tmp_path / "x.pbn"), "--lang", "fr")
    assert fr.exit_code == 1
    assert f"twelve_cards.pbn, ligne 11, donne 1{NBSP}: hand-size{NBSP}: Nord a 12 cartes, pas 13" in fr.stderr


def test_usage_errors_in_french(tmp_path: Path) -> None:
    fr = bridgekit("convert", MATCH, "--lang", "fr")
    assert fr.returncode == 2
    assert fr.stderr.splitlines()[-1] == (f"Erreur{NBSP}: OUT manque (un fichier, ou - pour la sortie standard)"
                                          f"{NNBSP}; --in-place réécrit IN")
    assert "Essayez 'python -m bridgekit convert --help' pour l'aide." in fr.stderr
    en = bridgekit("convert", MATCH)
    assert en.stderr.splitlines()[-1] == "Error: missing OUT (a file, or - for standard output); --in-place rewrites IN"
    assert "Try 'python -m bridgekit convert --help' for help." in en.stderr


def test_clicks_own_messages_in_french() -> None:
    """click's messages about the values it parses itself (an unknown option,
    a number, a choice) are in the command's language, --lang read even when
    the error comes before click reaches it."""
    unknown = bridgekit("dd", MATCH, "--lang", "fr", "--bogus")
    assert unknown.returncode == 2
    assert unknown.stderr.splitlines()[-1] == f"Erreur{NBSP}: Pas d'option '--bogus'. Vouliez-vous dire '--jobs'{NNBSP}?"
    number = bridgekit("dd", MATCH, "--jobs", "x", env={"LANG": "fr_FR.UTF-8"})
    assert "'x' n'est pas un nombre valide" in number.stderr.splitlines()[-1]
    choice = bridgekit("dd", MATCH, "--lang", "de", env={"LANG": "fr_FR.UTF-8"})
    assert choice.stderr.splitlines()[-1] == \
        f"Erreur{NBSP}: Valeur invalide pour '--lang'{NBSP}: 'de' n'est pas l'une des valeurs 'en', 'fr'."
    english = bridgekit("dd", MATCH, "--bogus")
    assert english.stderr.splitlines()[-1] == "Error: No such option '--bogus'. Did you mean '--jobs'?"


def test_a_cluster_option_error_in_french() -> None:
    r = bridgekit("dd", MATCH, "--cluster", "bogus", "--lang", "fr")
    assert r.returncode == 2
    assert r.stderr.splitlines()[-1] == (
        f"Erreur{NBSP}: Valeur invalide pour --cluster{NBSP}: --cluster prend local ou local:N, pas 'bogus' "
        f"(pour un cluster en marche{NBSP}: --scheduler tcp://HÔTE:8786)")
