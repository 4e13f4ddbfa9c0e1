"""Count read-and-Enter steps (text, example) against active ones (quiz) per lesson.

    .venv/bin/python bench/lesson_steps.py
"""

from __future__ import annotations

from bridgekit.tutor.loader import load_lessons


def counts() -> dict[str, tuple[int, int]]:
    """Lesson name -> (passive steps, quiz steps)."""
    out = {}
    for lesson in load_lessons():
        quiz = sum(1 for s in lesson.steps if s.kind == "quiz")
        out[lesson.name] = (len(lesson.steps) - quiz, quiz)
    return out


def main() -> None:
    rows = counts()
    for name, (passive, quiz) in rows.items():
        print(f"{name:32} read-and-Enter {passive:3}  quiz {quiz:3}")
    p = sum(v[0] for v in rows.values())
    q = sum(v[1] for v in rows.values())
    print(f"{'total':32} read-and-Enter {p:3}  quiz {q:3}  ({p + q} steps)")


if __name__ == "__main__":
    main()
