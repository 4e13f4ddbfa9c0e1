"""``--help`` in French (issue 25.2: every user-facing string of every
command): every help text of every command and option has its French in
the ``bridgekit-help`` catalogue, keeps the English's examples, option
names and ``\\b`` blocks, and the pages are written in the command's
language (``--lang fr``, or LANG) without changing the English ones."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from bridgekit.cli import COMMANDS, cli
from bridgekit.cli.helptext import help_texts, install, po_entry
from bridgekit.i18n import HELP_DOMAIN, parse_po, po_path, translation

ROOT = Path(__file__).resolve().parent.parent
NBSP = "\u00a0"


def _catalogue() -> dict:
    return parse_po(po_path("fr", HELP_DOMAIN))[0]


def all_help() -> list[tuple[str, str]]:
    return list(help_texts(cli, COMMANDS))


def missing(lang: str = "fr") -> list[tuple[str, str]]:
    """The help texts without their ``lang`` translation, each once."""
    catalogue = translation(lang, HELP_DOMAIN)
    seen: set[str] = set()
    out = []
    for where, text in all_help():
        if text not in seen and catalogue.gettext(text) == text:
            seen.add(text)
            out.append((where, text))
    return out


def test_every_help_text_has_its_french() -> None:
    absent = missing("fr")
    assert not absent, "help texts without French (python tests/test_i18n_help.py prints them as .po):\n" + \
        "\n".join(f"{where}: {text[:60]!r}" for where, text in absent)


def test_the_catalogue_holds_no_stale_help() -> None:
    """Every entry of the help catalogue is a help text of today's commands
    (a text edited in the code leaves its old French behind otherwise)."""
    texts = {text for _, text in all_help()}
    stale = [msgid for msgid in _catalogue() if msgid not in texts]
    assert not stale, "\n".join(repr(m[:70]) for m in stale)


def _code_lines(text: str) -> list[str]:
    """The lines that are code, the same in every language: examples (a
    line starting with ``bridgekit`` or ``$``) and click's ``\\b`` markers."""
    return [line.strip() for line in text.splitlines()
            if line.strip() == "\b" or re.match(r"\s*(\$ )?bridgekit [a-z]", line)]


@pytest.mark.parametrize("where,text", sorted(set(all_help()), key=lambda p: p[0]))
def test_french_help_keeps_examples_and_options(where: str, text: str) -> None:
    fr = _catalogue().get(text)
    if not fr:
        pytest.skip("no French (test_every_help_text_has_its_french says so)")
    english_code = [re.sub(r"\s+#.*", "", line) for line in _code_lines(text)]
    french_code = [re.sub(r"\s+#.*", "", line) for line in _code_lines(fr)]
    assert french_code == english_code, f"{where}: the examples and \\b blocks differ"
    options = set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", text))
    assert options <= set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", fr)), f"{where}: an option name is lost"
    prose = "\n".join(line for line in fr.splitlines() if line.strip() not in _code_lines(fr))
    for m in re.finditer(r"(.)([:;!?])(?=\s|$)", prose):
        before, mark = m.groups()
        want = NBSP if mark == ":" else "\u202f"
        assert before in (want, "\u202f"), f"{where}: {mark!r} without its no-break space in {prose[:80]!r}"


def _page(args: list[str], monkeypatch: pytest.MonkeyPatch, lang: str) -> str:
    """``bridgekit ARGS --help`` in ``lang``, as a run from the shell reads
    the language (``--lang`` as typed, before click parses it)."""
    install()
    monkeypatch.setattr(sys, "argv", ["bridgekit", *args, "--lang", lang])
    result = CliRunner().invoke(cli, [*args, "--help"], catch_exceptions=False)
    assert result.exit_code == 0
    return result.output


def _all_commands() -> list[list[str]]:
    out = [[]]
    ctx = click.Context(cli, info_name="bridgekit")
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        out.append([name])
        if isinstance(command, click.Group):
            out.extend([name, sub] for sub in command.list_commands(ctx))
    return out


@pytest.mark.parametrize("args", _all_commands(), ids=lambda a: " ".join(a) or "bridgekit")
def test_every_french_page_fits_80_columns_and_is_french(args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    en = _page(args, monkeypatch, "en")
    fr = _page(args, monkeypatch, "fr")
    assert fr != en
    assert all(len(line) <= 80 for line in fr.splitlines()), [line for line in fr.splitlines() if len(line) > 80]
    assert "Show this message and exit." in en and "Show this message and exit." not in fr


def test_the_english_pages_are_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    """The English page is click's own, word for word (the French swap
    leaves nothing behind: the page after a French one is the same)."""
    before = CliRunner().invoke(cli, ["score", "--help"]).output
    _page(["score"], monkeypatch, "fr")
    after = _page(["score"], monkeypatch, "en")
    assert after == before
    assert "Score every board" in after and "Options:" in after


def test_lang_from_the_environment_in_a_real_run(tmp_path: Path) -> None:
    """As a user runs it: ``LANG=fr_FR.UTF-8 bridgekit --help`` lists the
    commands in French; ``bridgekit check --help --lang fr`` after the
    option, too."""
    env = {**os.environ, "LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    top = subprocess.run([sys.executable, "-m", "bridgekit", "--help"], capture_output=True, text=True, env=env,
                         cwd=tmp_path, check=True).stdout
    assert top.startswith(f"Utilisation{NBSP}: ")
    assert "Commandes" in top and "Commands:" not in top
    env["LANG"] = "C.UTF-8"
    page = subprocess.run([sys.executable, "-m", "bridgekit", "check", "--help", "--lang", "fr"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, check=True).stdout
    assert "Afficher ce message et quitter." in page


if __name__ == "__main__":   # python tests/test_i18n_help.py: the entries still to translate, as .po
    for where, text in missing(sys.argv[1] if len(sys.argv) > 1 else "fr"):
        print(po_entry(where, text))


def test_lang_given_to_a_group_reaches_its_commands() -> None:
    """``bridgekit --lang fr check FILE`` and ``bridgekit lesson --lang fr
    list`` speak French; the command's own ``--lang`` wins."""
    sample = str(ROOT / "samples" / "match.pbn")
    runner = CliRunner()
    assert runner.invoke(cli, ["--lang", "fr", "check", sample]).output.splitlines()[-1] == \
        "8 donnes vérifiées, 0 avec des problèmes"
    assert runner.invoke(cli, ["--lang", "fr", "check", sample, "--lang", "en"]).output.splitlines()[-1] == \
        "8 boards checked, 0 with problems"
    assert runner.invoke(cli, ["check", sample, "--lang", "en"]).output.splitlines()[-1] == \
        "8 boards checked, 0 with problems"
    listing = runner.invoke(cli, ["lesson", "--lang", "fr", "list"]).output
    assert "La table et la donne" in listing and "The table and the deal" not in listing
