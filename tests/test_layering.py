"""Layering: the model, rules, board and formats layers never import click,
tabulate or endplay (checked in a fresh interpreter, where nothing else has
imported them first)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT

FORBIDDEN = ("click", "tabulate", "endplay")
MODULES = ["bridgekit.seats", "bridgekit.cards", "bridgekit.calls", "bridgekit.contract", "bridgekit.deal",
           "bridgekit.errors", "bridgekit.auction", "bridgekit.play", "bridgekit.board", "bridgekit.rules",
           "bridgekit.formats", "bridgekit.formats.pbn", "bridgekit.formats.lin"]


@pytest.mark.parametrize("module", MODULES)
def test_module_imports_no_presentation_or_solver(module: str) -> None:
    code = (f"import sys, importlib; importlib.import_module({module!r}); "
            f"print(','.join(m for m in {FORBIDDEN!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "", f"{module} loads {out.stdout.strip()}"


def test_reading_and_writing_pbn_imports_none_of_them() -> None:
    code = ("import sys\n"
            "from bridgekit.formats import read_boards\n"
            "from bridgekit.formats.pbn import format_pbn\n"
            "boards = list(read_boards('samples/bad/notes.pbn'))\n"
            "format_pbn(boards)\n"
            f"print(','.join(m for m in {FORBIDDEN!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == ""
