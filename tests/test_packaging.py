"""The wheel lists every subpackage and ships the lessons."""

from __future__ import annotations

import tomllib

from conftest import ROOT


def test_every_subpackage_is_listed_in_pyproject() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "bridgekit").rglob("__init__.py")}
    assert found - listed == set(), "add these packages to pyproject.toml"
    assert {"bridgekit.lessons", "bridgekit.samples"} <= listed
    assert config["tool"]["setuptools"]["package-dir"]["bridgekit.samples"] == "samples"
    assert config["tool"]["setuptools"]["package-dir"]["bridgekit.lessons"] == "lessons"
    assert any((ROOT / "lessons").glob("*.toml"))
