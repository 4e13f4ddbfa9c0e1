"""Layering: the model, rules, board and formats layers never import click,
tabulate or endplay (checked in a fresh interpreter, where nothing else has
imported them first)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import Mapping

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
    assert "bridgekit.rules.imps" in {m for _, m in _imports(ROOT / "bridgekit" / "event" / "methods" / "teams.py")}


# -- no import cycles (issue 25 point 5) --------------------------------------------

def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Every bridgekit module and the bridgekit modules it imports, at any
    depth (in a function too: a lazy import is still a dependency), each
    import resolved to the module it names.  ``from . import ast`` where
    ``ast`` is a submodule depends on that submodule, not on the package's
    ``__init__`` (Python loads the parent package first for any submodule,
    whatever the syntax)."""
    paths = {_module_name(p): p for p in (ROOT / "bridgekit").rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        targets = set()
        for _, module in _imports_of(path, name, paths):
            while module and module not in paths:
                module = module.rpartition(".")[0]
            if module and module != name:
                targets.add(module)
        graph[name] = targets
    return graph


def _imports_of(path: Path, name: str, modules: Mapping[str, Path]) -> list[tuple[int, str]]:
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            names = [f"{module}.{a.name}" for a in node.names]
            if not all(n in modules for n in names):   # a name from the module itself, not only submodules
                found.append((node.lineno, module))
            found += [(node.lineno, n) for n in names]
    return found


def import_cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(frozenset(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle() -> None:
    """No module imports, directly or through others, a module that imports
    it back, an import for type checkers only included (issue 25.5: there
    were four when this test was written: rules and analysis.par, the
    formats registry and its catalogue, the event methods and their package,
    the dealer package)."""
    assert [sorted(c) for c in import_cycles(import_graph())] == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert import_cycles(graph) == [frozenset({"a", "b", "c"})]
    assert not any({"bridgekit.analysis.solving", "bridgekit.analysis.ddtags"} <= c
                   for c in import_cycles(import_graph()))


def test_the_scan_tells_a_submodule_from_a_name_of_the_package(tmp_path: Path) -> None:
    """``from . import ast`` (a submodule) depends on ``pkg.ast`` alone;
    ``from . import register`` (defined in ``__init__``) on the package."""
    source = tmp_path / "run.py"
    source.write_text("from . import ast as A\nfrom . import register\n", encoding="utf-8")
    modules = {"pkg": tmp_path / "__init__.py", "pkg.ast": tmp_path / "ast.py", "pkg.run": source}
    found = {m for _, m in _imports_of(source, "pkg.run", modules)}
    assert found == {"pkg.ast", "pkg", "pkg.register"}
    source.write_text("from . import ast as A\n", encoding="utf-8")
    assert {m for _, m in _imports_of(source, "pkg.run", modules)} == {"pkg.ast"}

