"""Where a learner is in each lesson, saved between runs.

Saved as JSON in ``state_dir()/lessons.json``: ``$BRIDGEKIT_STATE_DIR`` when
set (tests use it), else ``$XDG_STATE_HOME/bridgekit``, else
``~/.local/state/bridgekit`` (``%LOCALAPPDATA%`` on Windows: the one resolver,
:func:`bridgekit.userdirs.user_dir`).  Written through :class:`bridgekit.safeio.Output`
(temporary file renamed into place, the file locked meanwhile): two lessons
run at the same time both keep their progress, since a save merges into what
is on disk the lessons this run changed.  A damaged file (not JSON, numbers
out of range, absurd nesting) is not an error: ``Progress.damaged`` says why,
and the next save keeps it aside as ``lessons.json.damaged`` before starting
afresh, so nothing is lost.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from ..userdirs import OVERRIDE, user_dir

STATE_ENV = OVERRIDE["state"]


def state_dir() -> Path:
    """The directory where bridgekit keeps per-user state."""
    return user_dir("state")


@dataclass
class LessonProgress:
    step: int = 1            # 1-based step to resume at
    steps: int = 0
    done: bool = False
    answered: list[int] = field(default_factory=list)  # quiz steps answered right

    def to_dict(self) -> dict[str, object]:
        return {"step": self.step, "steps": self.steps, "done": self.done, "answered": sorted(self.answered)}


_MAX_BYTES = 1 << 20  # a progress file is a few KB; more is not ours
_MAX_STEP = 10_000


class _Damaged(ValueError):
    pass


def _count(raw: dict[str, object], key: str, default: int, low: int) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= _MAX_STEP:
        raise _Damaged(f"{key!r} is {str(value)[:20]}, not a whole number from {low} to {_MAX_STEP}")
    return value


def _parse(text: str) -> tuple[dict[str, LessonProgress], str]:
    """The lessons of a progress file and the lesson run last; _Damaged (with
    the reason) when it is not one."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise _Damaged("nested too deeply") from None
    except ValueError as e:
        raise _Damaged(f"not JSON ({e})") from None
    lessons = data.get("lessons", {}) if isinstance(data, dict) else None
    current = data.get("current", "") if isinstance(data, dict) else ""
    if not isinstance(lessons, dict) or not isinstance(current, str):
        raise _Damaged("no table of lessons")
    out = {}
    for name, raw in lessons.items():
        if not isinstance(raw, dict):
            raise _Damaged(f"lesson {name[:40]!r} is not a table")
        answered = raw.get("answered", [])
        if not isinstance(answered, list) or len(answered) > _MAX_STEP:
            raise _Damaged(f"lesson {name[:40]!r}: 'answered' is not a list of steps")
        out[name] = LessonProgress(step=_count(raw, "step", 1, 1), steps=_count(raw, "steps", 0, 0),
                                   done=raw.get("done") is True,
                                   answered=[_count({"answered": a}, "answered", 1, 1) for a in answered])
    return out, current[:200]


def progress_key(name: str, lang: str = "en") -> str:
    """Where a lesson's progress is kept: each language apart (the French
    lesson does not show the answers given in English), English under the
    lesson's name as before."""
    return name if lang == "en" else f"{name}@{lang}"


class Progress:
    """Progress of every lesson, keyed by lesson name (``03-the-play``)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else state_dir() / "lessons.json"
        self.lessons: dict[str, LessonProgress] = {}
        self.current = ""   # the lesson run last (``bridgekit lesson run`` alone goes on with it)
        self.damaged: str | None = None  #: why the file could not be read (it is kept, see module doc)
        self.unusable = False   #: the path is not a regular file (a FIFO...): never read nor written
        self._changed: set[str] = set()
        self.lessons, self.current = self._load()

    def _load(self) -> tuple[dict[str, LessonProgress], str]:
        try:
            # never blocks: a FIFO or a device in its place is not waited on
            fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            return {}, ""
        except OSError as e:
            self.damaged = f"cannot read lesson progress in {self.path}: {e.strerror or e}"
            return {}, ""
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                self.unusable = True
                self.damaged = (f"lesson progress {self.path} is not a regular file: left alone, and "
                                "progress is not kept in this run")
                return {}, ""
            chunks: list[bytes] = []
            size = 0
            while size <= _MAX_BYTES:
                chunk = os.read(fd, _MAX_BYTES + 1 - size)
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
            raw = b"".join(chunks)
        except OSError as e:
            self.damaged = f"cannot read lesson progress in {self.path}: {e.strerror or e}"
            return {}, ""
        finally:
            if fd >= 0:
                os.close(fd)
        try:
            if len(raw) > _MAX_BYTES:
                raise _Damaged("over 1 MB")
            return _parse(raw.decode("utf-8"))
        except (_Damaged, UnicodeDecodeError) as e:
            self.damaged = (f"lesson progress in {self.path} is damaged ({e}); it will be kept as "
                            f"{self._aside().name} and progress starts afresh")
            return {}, ""

    def _aside(self) -> Path:
        """Where a damaged file is kept: ``lessons.json.damaged``, or
        ``.damaged-2``, ``-3``... when earlier damaged copies are there
        (never overwritten)."""
        for n in range(1, 1000):
            aside = self.path.with_name(self.path.name + ".damaged" + (f"-{n}" if n > 1 else ""))
            if not os.path.lexists(aside):
                return aside
        return self.path.with_name(self.path.name + ".damaged-last")

    def _put_aside(self) -> None:
        """Move the damaged file to a free ``_aside`` name without replacing
        any file (a link, then the old name removed)."""
        for _ in range(1000):
            aside = self._aside()
            try:
                os.link(self.path, aside)
            except FileExistsError:
                continue
            except OSError:   # no hard links here: a rename to the name found free
                os.replace(self.path, aside)
                return
            os.unlink(self.path)
            return

    def get(self, name: str) -> LessonProgress:
        self._changed.add(name)
        return self.lessons.setdefault(name, LessonProgress())

    def save(self) -> None:
        """Write the lessons this run changed into the file, under its lock,
        keeping what another run saved meanwhile.  A state directory that
        cannot be written is not an error (the lesson goes on, progress is
        just not kept)."""
        from ..safeio import Output

        try:
            if self.unusable:
                return
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.damaged is not None and self.path.exists():
                self._put_aside()  # kept, not lost
            self.damaged = None
            with Output(str(self.path)) as out:
                on_disk: dict[str, LessonProgress] = {}
                try:
                    on_disk, current = _parse(self.path.read_text(encoding="utf-8"))
                except (OSError, _Damaged, UnicodeDecodeError):
                    current = ""
                for name in self._changed:
                    if name in self.lessons:
                        on_disk[name] = self.lessons[name]
                self.lessons = {**on_disk, **{k: v for k, v in self.lessons.items() if k not in on_disk}}
                data: dict[str, object] = {"lessons": {k: v.to_dict() for k, v in sorted(on_disk.items())}}
                if self.current or current:
                    data["current"] = self.current or current
                json.dump(data, out.stream, indent=1)
                out.commit()
        except (OSError, ValueError):
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

    def describe(self, name: str, steps: int, lang: str = "en") -> str:
        """``not started``, ``step 4 of 11`` or ``done``, in ``lang``."""
        from ..i18n import _
        p = self.lessons.get(name)
        if p is None:
            return _(lang, "not started")
        if p.done:
            return _(lang, "done")
        return _(lang, "step {i} of {n}", i=min(p.step, steps), n=steps)
