"""The one resolver of per-user directories: where the deal cache and the
learner's state (lessons, problems, drills) live.

``user_dir("state")`` is ``$BRIDGEKIT_STATE_DIR`` when set, else
``$XDG_STATE_HOME/bridgekit``, else ``~/.local/state/bridgekit``;
``user_dir("cache")`` is ``$BRIDGEKIT_CACHE_DIR``, else
``$XDG_CACHE_HOME/bridgekit``, else ``~/.cache/bridgekit``.  On Windows both
are under ``%LOCALAPPDATA%`` (``%APPDATA%`` when that is unset):
``bridgekit`` for the cache, ``bridgekit\\state`` for the state.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal, Mapping

Kind = Literal["state", "cache"]

#: The environment variable that overrides each directory (tests use them).
OVERRIDE = {"state": "BRIDGEKIT_STATE_DIR", "cache": "BRIDGEKIT_CACHE_DIR"}
_XDG = {"state": ("XDG_STATE_HOME", (".local", "state")), "cache": ("XDG_CACHE_HOME", (".cache",))}
_WINDOWS_SUB = {"state": ("bridgekit", "state"), "cache": ("bridgekit",)}


def user_dir(kind: Kind, env: Mapping[str, str] | None = None, windows: bool | None = None) -> Path:
    """The directory for ``kind`` (``state`` or ``cache``); ``env`` and
    ``windows`` default to this process's environment and system."""
    env = os.environ if env is None else env
    windows = os.name == "nt" if windows is None else windows
    override = env.get(OVERRIDE[kind])
    if override:
        return Path(override)
    if windows:
        base = env.get("LOCALAPPDATA") or env.get("APPDATA")
        if base:
            return Path(base).joinpath(*_WINDOWS_SUB[kind])
    var, under_home = _XDG[kind]
    xdg = env.get(var)
    root = Path(xdg) if xdg else Path(os.path.expanduser("~")).joinpath(*under_home)
    return root / "bridgekit"
