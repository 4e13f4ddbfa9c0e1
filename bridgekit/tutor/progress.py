"""Where a learner is in each lesson, saved between runs.

Saved as JSON in ``state_dir()/lessons.json``: ``$BRIDGEKIT_STATE_DIR`` when
set (tests use it), else ``$XDG_STATE_HOME/bridgekit``, else
``~/.local/state/bridgekit``.  Writes are atomic (temp file + ``os.replace``);
an unreadable or corrupt file counts as no progress, never as an error.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

STATE_ENV = "BRIDGEKIT_STATE_DIR"


def state_dir() -> Path:
    """The directory where bridgekit keeps per-user state."""
    override = os.environ.get(STATE_ENV)
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_STATE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "state"
    return base / "bridgekit"


@dataclass
class LessonProgress:
    step: int = 1            # 1-based step to resume at
    steps: int = 0
    done: bool = False
    answered: list[int] = field(default_factory=list)  # quiz steps answered right

    def to_dict(self) -> dict[str, object]:
        return {"step": self.step, "steps": self.steps, "done": self.done, "answered": sorted(self.answered)}


class Progress:
    """Progress of every lesson, keyed by lesson name (``03-the-play``)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else state_dir() / "lessons.json"
        self.lessons: dict[str, LessonProgress] = {}
        self.current = ""   # the lesson run last (``bridgekit lesson run`` alone goes on with it)
        self._load()

    def _load(self) -> None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            for name, raw in data.get("lessons", {}).items():
                self.lessons[name] = LessonProgress(
                    step=int(raw.get("step", 1)), steps=int(raw.get("steps", 0)), done=bool(raw.get("done")),
                    answered=[int(a) for a in raw.get("answered", [])])
            self.current = str(data.get("current", ""))
        except (OSError, ValueError, TypeError, AttributeError):
            self.lessons = {}

    def get(self, name: str) -> LessonProgress:
        return self.lessons.setdefault(name, LessonProgress())

    def save(self) -> None:
        """Write atomically; a state directory that cannot be written is not an
        error (the lesson goes on, progress is just not kept)."""
        data: dict[str, object] = {"lessons": {k: v.to_dict() for k, v in sorted(self.lessons.items())}}
        if self.current:
            data["current"] = self.current
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".lessons.", suffix=".json", dir=self.path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f, indent=1)
            os.replace(tmp, self.path)
        except OSError:
            pass

    def continue_with(self, names: list[str]) -> str | None:
        """The lesson to go on with, among ``names`` (in course order): the
        one run last if unfinished, else the first unfinished one after it,
        else the first unfinished one; None when every lesson is done."""
        def open_(name: str) -> bool:
            p = self.lessons.get(name)
            return p is None or not p.done
        if self.current in names:
            if open_(self.current):
                return self.current
            after = names[names.index(self.current) + 1:]
            for name in after:
                if open_(name):
                    return name
        return next((name for name in names if open_(name)), None)

    def describe(self, name: str, steps: int) -> str:
        """``not started``, ``step 4 of 11`` or ``done``."""
        p = self.lessons.get(name)
        if p is None:
            return "not started"
        if p.done:
            return "done"
        return f"step {min(p.step, steps)} of {steps}"
