"""Layering: the model, rules, board and formats layers never import click,
tabulate or endplay (checked in a fresh interpreter, where nothing else has
imported them first)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

FORBIDDEN = ("click", "tabulate", "endplay")
MODULES = ["bridgekit.seats", "bridgekit.cards", "bridgekit.calls", "bridgekit.contract", "bridgekit.deal",
           "bridgekit.errors", "bridgekit.notation", "bridgekit.auction", "bridgekit.play", "bridgekit.board", "bridgekit.rules",
           "bridgekit.scoring",
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


# -- the CLI holds no rule logic -------------------------------------------------
# Commands parse options, call the library and format what it returns.  The
# scoring tables and profiles' modules (everything in rules/ but the registry),
# the rule engines (auction, play), par and the solver are the library's: a
# command that imports them is scoring, checking or finding a par itself.

RULE_LOGIC = frozenset(
    {f"bridgekit.rules.{p.stem}" for p in (ROOT / "bridgekit" / "rules").glob("*.py") if p.stem != "__init__"}
    | {"bridgekit.auction", "bridgekit.play", "bridgekit.dds", "bridgekit.analysis.par"})


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import in ``path``, at any depth, relative
    imports made absolute; ``from a import b`` counts as ``a`` and ``a.b``."""
    package = ["bridgekit", *path.relative_to(ROOT / "bridgekit").parts[:-1]]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.append((node.lineno, module))
            found += [(node.lineno, f"{module}.{a.name}") for a in node.names]
    return found


def test_cli_holds_no_scoring_checking_or_par_logic() -> None:
    offences = [f"{path.relative_to(ROOT)}:{line} imports {module}"
                for path in sorted((ROOT / "bridgekit" / "cli").glob("*.py"))
                for line, module in _imports(path) if module in RULE_LOGIC]
    assert offences == []


def test_the_import_scan_resolves_relative_imports() -> None:
    imported = {m for _, m in _imports(ROOT / "bridgekit" / "cli" / "scoring.py")}
    assert {"bridgekit.scoring", "bridgekit.rules", "bridgekit.rules.Profile"} <= imported
    assert "bridgekit.rules.imps" in {m for _, m in _imports(ROOT / "bridgekit" / "scoring" / "teams.py")}
