"""Every command is documented: in the README and in its own --help."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from bridgekit.cli import COMMANDS, cli

from conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_command_has_readme_section(name: str) -> None:
    assert re.search(rf"^### `?bridgekit {name}\b", README, re.MULTILINE), f"README lacks '### bridgekit {name}'"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_command_help_has_an_example(name: str) -> None:
    result = CliRunner().invoke(cli, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert "bridgekit " + name in result.output, f"'bridgekit {name} --help' shows no example"


def test_quick_start_is_two_commands() -> None:
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"^make (\w+)", quick, re.MULTILINE)
    assert commands == ["run", "test"]
