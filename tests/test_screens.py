"""Screens that fit 80x24: lesson steps page with the heading on each page
and the question with its position on the last; a problem's screen and a
puzzle's position fit in one screen."""

from __future__ import annotations

import io

import pytest

from bridgekit.tutor import load_lessons
from bridgekit.tutor.checker import run_computes
from bridgekit.tutor.display import step_text
from bridgekit.tutor.screen import HEIGHT, pages


def test_pages_keep_the_heading_and_end_with_the_question() -> None:
    text = "Heading\n\n" + "\n\n".join(f"para {i}\n" + "\n".join(f"line {i}.{j}" for j in range(5))
                                       for i in range(6)) + "\n\nDiagram\nrow\nrow\n\nQuestion?"
    out = pages(text, height=12)
    assert len(out) > 1
    assert all(len(p.split("\n")) <= 12 for p in out)
    assert all(p.startswith("Heading\n") for p in out)
    # the last page ends with the position and the question (tightened: no blank lines)
    assert [line for line in out[-1].split("\n") if line][-4:] == ["Diagram", "row", "row", "Question?"]
    # nothing lost, nothing repeated but the heading
    body = [line for p in out for line in p.split("\n")[2:] if line]
    assert body == [line for line in text.split("\n")[1:] if line]
    assert pages("short\n\ntext") == ["short\n\ntext"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_lesson_step_pages_into_the_terminal(lang: str) -> None:
    tall = 0
    for lesson in load_lessons():
        lesson = lesson.in_lang(lang)
        for step in lesson.steps:
            text = step_text(lesson, step, run_computes(step, dds=False), reveal=False)
            out = pages(text)
            tall += len(out) > 1
            for page in out:
                lines = page.split("\n")
                assert len(lines) <= HEIGHT, (lesson.name, step.index)
                assert max(len(line) for line in lines) <= 80
                assert lines[0] == text.split("\n")[0]
            if step.kind == "quiz":
                assert step.question.split("\n")[0][:30] in " ".join(out[-1].split()), (lesson.name, step.index)
    assert tall > 0   # some steps are taller than a screen (the reason for paging)


def test_a_terminal_pauses_between_pages_and_a_pipe_does_not() -> None:
    from bridgekit.tutor.runner import LineTalk
    text = "Head\n\n" + "\n\n".join("\n".join(["x"] * 8) for _ in range(5))
    out = io.StringIO()
    talk = LineTalk(io.StringIO("\n\n\n\n"), out, echo=False)    # as on a terminal
    assert talk.write_paged(text)
    assert out.getvalue().count("-- more (Enter) --") == len(pages(text)) - 1 > 0
    piped = io.StringIO()
    LineTalk(io.StringIO(""), piped, echo=True).write_paged(text)
    assert "more" not in piped.getvalue() and piped.getvalue().count("x") == 40


def test_a_problem_screen_fits() -> None:
    from bridgekit.tutor.problem import ProblemGame, load_problems
    from bridgekit.tutor.problem_runner import screen
    for problem in load_problems():
        for lang in ("en", "fr"):
            lines = screen(ProblemGame(problem), 1, lang).split("\n")
            assert len(lines) <= HEIGHT - 1 and max(map(len, lines)) <= 80
            assert lines[0].startswith(("Problem 1", "Problème 1"))
