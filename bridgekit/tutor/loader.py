"""Finding and loading lessons.  Lesson files are ``NN-slug.toml`` in the one
directory ``lessons_dir()`` returns."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from .model import Lesson, LessonError, parse_lesson
from ..notation import Message

_NAME_RE = re.compile(r"^(\d+)-([a-z0-9-]+)\.toml$")


def lessons_dir() -> Path:
    """The directory holding the lesson files.

    The only place that knows where lessons live: ``bridgekit/lessons/`` when a
    wheel ships them inside the package, otherwise the repository's top-level
    ``lessons/`` next to the package (an editable or source install).
    """
    package = Path(__file__).resolve().parent.parent
    inside = package / "lessons"
    if inside.is_dir() and any(inside.glob("*.toml")):
        return inside
    return package.parent / "lessons"


def lesson_paths(directory: Path | None = None) -> list[Path]:
    """Lesson files in number order."""
    directory = directory if directory is not None else lessons_dir()
    if not directory.is_dir():
        return []
    paths = [p for p in directory.iterdir() if _NAME_RE.match(p.name)]
    return sorted(paths, key=lambda p: (int(_NAME_RE.match(p.name).group(1)), p.name))  # type: ignore[union-attr]


def load_lesson(path: Path) -> Lesson:
    """Load one lesson file; raises LessonError (file named) if it cannot be read."""
    m = _NAME_RE.match(path.name)
    if m is None:
        raise LessonError(Message('{path}: lesson files are named NN-slug.toml', path=path))
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise LessonError(Message('{path}: cannot read: {strerror}', path=path, strerror=e.strerror)) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise LessonError(Message('{path}: not valid TOML: {e}', path=path, e=e)) from None
    return parse_lesson(data, int(m.group(1)), m.group(2), str(path))


def load_lessons(directory: Path | None = None) -> list[Lesson]:
    """Every lesson, in order; raises LessonError on the first malformed file."""
    return [load_lesson(p) for p in lesson_paths(directory)]


def find_lesson(name: str, directory: Path | None = None) -> Lesson:
    """A lesson by number (``3``, ``03``), slug (``the-play``) or file stem
    (``03-the-play``); raises LessonError listing the lessons otherwise."""
    key = name.strip().lower().removesuffix(".toml")
    paths = lesson_paths(directory)
    for path in paths:
        m = _NAME_RE.match(path.name)
        assert m is not None
        number, slug = int(m.group(1)), m.group(2)
        if key in (slug, path.stem) or (key.isascii() and key.isdigit() and (key.lstrip("0") or "0") == str(number)):
            return load_lesson(path)
    known = ", ".join(p.stem for p in paths) or "none found in " + str(directory or lessons_dir())
    shown = name if len(name) <= 40 else name[:40] + f"... ({len(name)} characters)"
    raise LessonError(Message('no lesson {shown!r} (lessons: {known})', shown=shown, known=known))
