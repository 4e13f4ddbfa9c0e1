"""The one resolver of per-user directories (issue 25.6): the deal cache and
the learner's state follow the same rules, Windows included."""

from __future__ import annotations

from pathlib import Path

from bridgekit.analysis.ddcache import default_cache_dir
from bridgekit.tutor.progress import state_dir
from bridgekit.userdirs import user_dir


def test_override_then_xdg_then_home() -> None:
    env = {"BRIDGEKIT_STATE_DIR": "/s", "XDG_STATE_HOME": "/x", "HOME": "/h"}
    assert user_dir("state", env, windows=False) == Path("/s")
    assert user_dir("state", {"XDG_STATE_HOME": "/x"}, windows=False) == Path("/x/bridgekit")
    assert user_dir("cache", {"XDG_CACHE_HOME": "/c"}, windows=False) == Path("/c/bridgekit")
    assert user_dir("cache", {"XDG_STATE_HOME": "/x"}, windows=False).parts[-2:] == (".cache", "bridgekit")
    assert user_dir("state", {}, windows=False).parts[-3:] == (".local", "state", "bridgekit")


def test_windows_uses_localappdata_then_appdata() -> None:
    assert user_dir("cache", {"LOCALAPPDATA": "/L", "APPDATA": "/A"}, windows=True) == Path("/L/bridgekit")
    assert user_dir("state", {"APPDATA": "/A"}, windows=True) == Path("/A/bridgekit/state")
    assert user_dir("state", {"BRIDGEKIT_STATE_DIR": "/s", "APPDATA": "/A"}, windows=True) == Path("/s")
    # neither set: the home fallback, not a crash
    assert user_dir("cache", {}, windows=True).name == "bridgekit"


def test_the_cache_and_the_state_go_through_it(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("BRIDGEKIT_STATE_DIR", raising=False)
    monkeypatch.delenv("BRIDGEKIT_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "st"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "ca"))
    assert state_dir() == tmp_path / "st" / "bridgekit"
    assert default_cache_dir() == tmp_path / "ca" / "bridgekit"
