"""Lessons: the model, the loader, the validator and the runner.

Lessons are data (``lessons/NN-slug.toml``); every figure they state is
recomputed by bridgekit's own engines, both when a learner runs a lesson and
when ``bridgekit lesson check`` (or the tests) validate the course.
"""

from __future__ import annotations

from .checker import Finding, check_lesson, check_step
from .loader import find_lesson, lesson_paths, lessons_dir, load_lesson, load_lessons
from .model import Compute, Hint, Lesson, LessonError, Step
from .progress import Progress, state_dir
from .runner import LessonRunner

__all__ = [
    "Compute", "Finding", "Hint", "Lesson", "LessonError", "LessonRunner", "Progress", "Step",
    "check_lesson", "check_step", "find_lesson", "lesson_paths", "lessons_dir", "load_lesson",
    "load_lessons", "state_dir",
]
