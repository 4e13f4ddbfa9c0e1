"""Every command is documented: in the README's table, in docs/ and in its own --help.

The reference is checked against ``--help`` (as sqlite-utils does): every
option a command takes is named in that command's section of docs/.
"""

from __future__ import annotations

import re
import shlex

import click
import pytest
from click.testing import CliRunner

from bridgekit.cli import COMMANDS, cli

from conftest import DOC_PAGES, ROOT, docs_text

README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = docs_text()
SHARED = DOCS.split("## Options shared by several commands", 1)[1].split("\n## ", 1)[0]


def _section(name: str) -> str:
    """The text of ``### bridgekit NAME`` in docs/ (up to the next section), with the command's own page."""
    parts = re.split(rf"^### `?bridgekit {name}\b.*$", DOCS, maxsplit=1, flags=re.MULTILINE)
    if len(parts) < 2:
        return ""
    section = re.split(r"^##+ ", parts[1], maxsplit=1, flags=re.MULTILINE)[0]
    page = ROOT / "docs" / f"{name}.md"
    return section + (page.read_text(encoding="utf-8") if page.exists() else "")


def _options(command: click.Command | None) -> list[str]:
    """Every option name of a command and its subcommands (``--help`` left out)."""
    assert command is not None
    names = [opt for param in command.params if isinstance(param, click.Option)
             for opt in param.opts + param.secondary_opts if opt.startswith("--") and opt != "--help"]
    if isinstance(command, click.Group):
        for sub in command.commands.values():  # lesson's subcommands
            names += _options(sub)
    return sorted(set(names))


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_command_has_a_docs_section(name: str) -> None:
    assert _section(name), f"docs/ lack '### bridgekit {name}'"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_command_is_in_the_readme_table(name: str) -> None:
    assert re.search(rf"^\| `bridgekit {name}\b", README, re.MULTILINE), f"README's table lacks bridgekit {name}"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_option_is_documented(name: str) -> None:
    section = _section(name) + SHARED  # an option several commands share is described once
    missing = [opt for opt in _options(cli.get_command(click.Context(cli), name)) if not re.search(rf"{re.escape(opt)}\b", section)]
    assert not missing, f"docs section of bridgekit {name} does not mention {missing}"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_command_help_has_an_example(name: str) -> None:
    result = CliRunner().invoke(cli, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert "bridgekit " + name in result.output, f"'bridgekit {name} --help' shows no example"


def test_quick_start_is_two_commands() -> None:
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"^make (\w+)", quick, re.MULTILINE)
    assert commands == ["run", "test"]


def test_readme_is_a_five_minute_read() -> None:
    assert len(README.splitlines()) < 200, "the reference belongs in docs/, not the README"


def test_links_resolve() -> None:
    for page in DOC_PAGES:
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            assert (page.parent / target).exists(), f"{page.name} links to missing {target}"


TOUR = README.split("## A five-minute tour", 1)[1].split("\n## ", 1)[0]
TOUR_COMMANDS = [line.split("#", 1)[0].strip() for line in TOUR.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()]


@pytest.mark.parametrize("line", [c for c in TOUR_COMMANDS if c.split()[1] in {"show", "check", "score", "event", "lesson"}])
def test_tour_commands_run(line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tour's commands run from the repository root (DDS, PDF and play ones are run by their own tests)."""
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, shlex.split(line)[1:])
    assert result.exit_code == 0, result.output
    assert result.output.strip()


def test_shell_completion_script(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's completion line gives a bash script that calls bridgekit back."""
    assert "_BRIDGEKIT_COMPLETE=bash_source bridgekit" in README
    result = CliRunner().invoke(cli, [], prog_name="bridgekit", env={"_BRIDGEKIT_COMPLETE": "bash_source"})
    assert "_BRIDGEKIT_COMPLETE=bash_complete" in result.output
    words = CliRunner().invoke(cli, [], prog_name="bridgekit",
                               env={"_BRIDGEKIT_COMPLETE": "bash_complete", "COMP_WORDS": "bridgekit sc", "COMP_CWORD": "1"})
    assert "plain,score" in words.output
