"""Lint: ruff finds nothing in the package, the tests and the benchmarks
(the [tool.ruff.lint] rules of pyproject.toml: unused imports and names,
undefined names, statements)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from conftest import ROOT


@pytest.mark.skipif(importlib.util.find_spec("ruff") is None,
                    reason="ruff is not installed (pip install -e '.[test]' brings it)")
def test_ruff_finds_nothing() -> None:
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "bridgekit", "tests", "bench"],
                         capture_output=True, text=True, cwd=ROOT, check=False)
    assert out.returncode == 0, f"ruff found problems:\n{out.stdout}{out.stderr}"
