"""Typing: the package is mypy clean (the [tool.mypy] settings in
pyproject.toml apply: the check runs from the repository root)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from conftest import ROOT


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None,
                    reason="mypy is not installed (pip install -e '.[test]' brings it)")
def test_package_is_mypy_clean() -> None:
    out = subprocess.run([sys.executable, "-m", "mypy", "bridgekit", "--ignore-missing-imports"],
                         capture_output=True, text=True, cwd=ROOT, check=False)
    assert out.returncode == 0, f"mypy found problems:\n{out.stdout}{out.stderr}"
