"""What a learner sees on an 80x24 terminal, prompt by prompt.

The runners write to a virtual terminal (an oracle independent of the
runners' own row counting): the output is cut into rows of 80 columns, the
typed line is echoed after the prompt as a terminal does, and at every read
the last 24 rows are what is in view.  Each lesson quiz, a puzzle, a
declarer problem and a drill are driven through the same code as
``bridgekit lesson run / puzzle / problem / drill`` on a terminal, with the
inputs that used to push the question off the top: an empty Enter, ``?``,
an unreadable answer, a wrong answer, and Enter again.  At every prompt of a
question, its heading's first line and its question are in view; no screen
written between two prompts is taller than 24 rows; no line is wider than 80
columns.
"""

from __future__ import annotations

import io
from typing import Any, Iterable

import pytest

from bridgekit.tutor import load_lessons
from bridgekit.tutor.checker import is_correct, run_computes
from bridgekit.tutor.progress import Progress

ROWS, COLS = 24, 80


class Terminal(io.StringIO):
    """Input typed on an 80x24 terminal; ``out`` is the terminal's output.
    At each read, the rows in view and the rows written since the previous
    read are kept (``views``, ``chunks``)."""

    def __init__(self, answers: Iterable[str]) -> None:
        super().__init__()
        self.answers = list(answers)
        self.out = io.StringIO()
        self.views: list[list[str]] = []
        self.chunks: list[list[str]] = []
        self._seen = 0
        self.program = io.StringIO()    # what the program wrote, without the echoed input

    def isatty(self) -> bool:
        return True

    @staticmethod
    def rows(text: str) -> list[str]:
        out: list[str] = []
        for line in text.split("\n"):
            out.extend([line[i:i + COLS] for i in range(0, len(line), COLS)] or [""])
        return out

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        text = self.out.getvalue()
        self.views.append(self.rows(text)[-ROWS:])
        self.chunks.append(self.rows(text[self._seen:]))
        self.program.write(text[self._seen:])
        if not self.answers:
            return ""
        line = self.answers.pop(0)
        self.out.write(line + "\n")    # the terminal echoes what is typed
        self.program.write("\n")
        self._seen = len(self.out.getvalue())
        return line + "\n"


def check_screens(term: Terminal, wanted: list[str], where: Any) -> None:
    """Every line at most 80 columns; every screen between prompts at most 24
    rows; at every prompt, each of ``wanted`` in view (as a whole line's
    start, or within the rows joined, for a wrapped question)."""
    for line in (term.program.getvalue() + term.out.getvalue()[term._seen:]).split("\n"):
        assert len(line) <= COLS, (where, line)
    assert term.views, where
    for chunk in term.chunks:
        assert len(chunk) <= ROWS, (where, "\n".join(chunk))
    for view in term.views:
        flat = " ".join(" ".join(view).split())
        for text in wanted:
            assert " ".join(text.split()) in flat, (where, text, "\n".join(view))


def _wrong(step: Any, results: dict[str, Any], lang: str) -> str:
    """A readable answer the quiz marks wrong (a hint comes back)."""
    candidates = {"seat": ["N", "E", "S", "W"], "side": ["NS", "EW"], "number": ["1", "2"],
                  "yesno": ["yes", "no"], "contract": ["1C", "2D"], "call": ["1C", "7NT"],
                  "card": ["S2", "H3"], "strain": ["C", "D"], "vul": ["NS", "EW"], "text": ["x"]}
    if lang == "fr":
        candidates.update(seat=["N", "E", "S", "O"], side=["NS", "EO"], yesno=["oui", "non"],
                          call=["1T", "7SA"], card=["P2", "C3"], strain=["T", "K"], vul=["NS", "EO"])
    for text in candidates.get(step.answer_type, ["1"]):
        if is_correct(step, results, text, lang) is False:
            return text
    return "1"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_lesson_question_stays_in_view(lang: str, tmp_path: Any) -> None:
    from bridgekit.tutor import LessonRunner
    from bridgekit.tutor.display import wrap
    from bridgekit.i18n import _
    tall = 0
    for lesson in load_lessons():
        lesson = lesson.in_lang(lang)
        for step in lesson.steps:
            if step.kind != "quiz":
                continue
            results = run_computes(step, dds=False)
            wrong = _wrong(step, results, lang)
            term = Terminal(["", "?", "@@", wrong, "", wrong, "q"])
            runner = LessonRunner(lesson, term, term.out, progress=Progress(tmp_path / "p.json"),
                                  start=step.index, restart=True, echo=False)
            runner._results[step.index] = results
            runner.run()
            heading = term.out.getvalue().split("\n", 1)[0]
            assert heading.startswith(_(lang, "Lesson {n}: {title}", n=lesson.number, title=lesson.title)[:30])
            question = wrap(_(lang, "QUESTION: ") + step.question)
            # the prompts of the question: those after the step's screen, before the answer is shown
            term.views = [v for v in term.views if "more" not in v[-1] and "suite" not in v[-1]]
            check_screens(term, [heading, question], (lesson.name, step.index))
            tall += term.out.getvalue().count(heading) > 2
    assert tall > 0     # some questions were written again, the reason for this test


def _puzzle_term(lang: str, inputs: list[str]) -> tuple[Terminal, Any]:
    from bridgekit.tutor.puzzle import PuzzleRunner, default_sources, load_puzzles
    puzzles = load_puzzles(default_sources(), 3, seed=3)
    term = Terminal(inputs)
    PuzzleRunner(puzzles, term, term.out, count=3, lang=lang, echo=False).run()
    return term, puzzles


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_puzzle_keeps_its_heading_auction_and_question_in_view(lang: str) -> None:
    from bridgekit.tutor.puzzle import _auction_lines
    # per puzzle: Enter, a hint, an unreadable card, a card not held, Enter, then q
    term, puzzles = _puzzle_term(lang, ["", "?", "@@", "S2" if lang == "en" else "P2", "", "", "q"])
    pz = puzzles[0]
    out = term.out.getvalue()
    heading = out.split("\n", 1)[0]
    auction = _auction_lines(pz, lang, False)
    question_end = "Which card keeps them?" if lang == "en" else out.split("?\n", 1)[0].rsplit(".", 1)[-1] + "?"
    check_screens(term, [heading, auction[0], question_end], ("puzzle", lang))
    assert out.count(heading) >= 2     # written again to keep it in view


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_problem_keeps_its_heading_auction_and_question_in_view(lang: str) -> None:
    from bridgekit.tutor.problem import load_problems
    from bridgekit.tutor.problem_runner import ProblemRunner, heading
    problem = load_problems()[0]
    term = Terminal(["", "?", "@@", "", "?", "", "q"])
    ProblemRunner([problem], term, term.out, lang=lang, echo=False, choose=False).run()
    head = heading(problem, 1, lang, False)
    check_screens(term, head, ("problem", lang))
    assert term.out.getvalue().count(head[0]) >= 2


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_drill_keeps_its_exercise_in_view(lang: str) -> None:
    from bridgekit.tutor.drill import DrillRunner
    from bridgekit.i18n import _
    inputs = []
    for _i in range(4):
        inputs += ["", "?", "@@", "", "1", "", "", "show"]
    term = Terminal(inputs)
    DrillRunner("scoring", term, term.out, count=4, seed=5, lang=lang, echo=False).run()
    out = term.out.getvalue()
    assert out.count(_(lang, "QUESTION: ")) >= 4
    # at each prompt of an exercise its heading and question are in view
    views = [v for v in term.views]
    for view in views:
        assert any(line.startswith(_(lang, "Exercise {n} of {count}", n=1, count=4)[:8]) for line in view), "\n".join(view)
        assert any(_(lang, "QUESTION: ").strip() in line for line in view), "\n".join(view)
    for chunk in term.chunks:
        assert len(chunk) <= ROWS
