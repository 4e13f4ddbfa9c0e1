"""The lesson runner: one step at a time on a plain terminal or piped input.

It reads whole lines (no curses): Enter goes on, ``b`` goes back, ``q`` quits
(progress is saved; the next run resumes there).  At a quiz the learner types
an answer (any equivalent spelling), ``?`` for a hint, ``show`` to see the
answer, ``back`` for the previous step (a single letter could be an answer).
End of input is a quit.  When input does not come from a terminal the typed
lines are echoed so that a transcript reads naturally.
"""

from __future__ import annotations

from typing import TextIO

from .answers import PARSERS
from .checker import hint_for, is_correct, run_computes
from .compute import Computed
from .display import WIDTH, answer_text, learner_text, step_text, wrap
from .model import Lesson, Step
from .progress import Progress

_TYPE_HELP = {
    "seat": "a seat: N, E, S or W",
    "side": "a side: NS or EW",
    "number": "a number, e.g. 420 or -500",
    "yesno": "yes or no",
    "contract": "a contract, e.g. 4S, 3NTX",
    "call": "a call, e.g. 1H, 2NT, Pass, X, XX",
    "card": "a card, e.g. SA, H10, C2",
    "strain": "a strain: C, D, H, S or NT",
    "vul": "None, NS, EW or All",
    "text": "a word or two",
}


class LessonRunner:
    """Runs one lesson against an input and an output stream."""

    def __init__(self, lesson: Lesson, inp: TextIO, out: TextIO, *, progress: Progress | None = None,
                 ascii: bool = False, start: int | None = None, echo: bool | None = None,
                 show_checks: bool = False, next_lesson: Lesson | None = None) -> None:
        self.lesson = lesson
        self.show_checks = show_checks
        self.next_lesson = next_lesson
        self.inp = inp
        self.out = out
        self.progress = progress if progress is not None else Progress()
        self.ascii = ascii
        self.echo = (not _isatty(inp)) if echo is None else echo
        self.state = self.progress.get(lesson.name)
        self.progress.current = lesson.name
        self.state.steps = len(lesson.steps)
        self.start = start
        self._results: dict[int, dict[str, Computed | Exception | None]] = {}

    # -- io ----------------------------------------------------------------

    def write(self, text: str = "") -> None:
        self.out.write(learner_text(text, self.ascii) + "\n")
        self.out.flush()

    def ask(self, prompt: str) -> str | None:
        """One line of input (stripped), or None at end of input."""
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.out.write("\n")
            return None
        line = line.rstrip("\r\n")
        if self.echo:
            self.out.write(line + "\n")
        return line.strip()

    def results(self, step: Step) -> dict[str, Computed | Exception | None]:
        if step.index not in self._results:
            self._results[step.index] = run_computes(step, dds=True, ascii=self.ascii)
        return self._results[step.index]

    # -- the loop ----------------------------------------------------------

    def run(self) -> str:
        """Run until the end or a quit; returns ``"done"`` or ``"quit"``."""
        steps = self.lesson.steps
        if self.start is not None:
            i = max(1, min(self.start, len(steps))) - 1
        elif not self.state.done and 1 < self.state.step <= len(steps):
            i = self.state.step - 1
            self.write(f"Resuming lesson {self.lesson.number} at step {i + 1} of {len(steps)} "
                       f"(start over with --restart).\n")
        else:
            i = 0
            if self.state.done:
                self.state.done = False
        while True:
            step = steps[i]
            self.state.step = step.index
            self.progress.save()
            self.write(step_text(self.lesson, step, self.results(step), self.ascii,
                                 reveal=step.index in self.state.answered, show_checks=self.show_checks))
            move = self.quiz(step) if step.kind == "quiz" and step.index not in self.state.answered else None
            if move is None:
                move = self.navigate(i)
            if move == "quit":
                self.progress.save()
                self.write(f"\nProgress saved at step {step.index} of {len(steps)}. "
                           f"Resume with: bridgekit lesson run")
                return "quit"
            if move == "back":
                i = max(0, i - 1)
            elif i + 1 < len(steps):
                i += 1
            else:
                self.state.done = True
                self.state.step = 1
                self.progress.save()
                self.write(f"\nEnd of lesson {self.lesson.number}: {self.lesson.title}. Well done.")
                nxt = self.next_lesson
                if nxt is not None:
                    self.write(f"Next: lesson {nxt.number}, {nxt.title}. Start it with: bridgekit lesson run"
                               f"\n(or bridgekit lesson run {nxt.number}; see all with bridgekit lesson list)")
                else:
                    self.write("That was the last lesson. Practise with: bridgekit lesson drill")
                return "done"
            self.write("")

    def navigate(self, i: int) -> str:
        last = i + 1 == len(self.lesson.steps)
        prompt = f"[Enter] {'finish' if last else 'next'}, b back, q quit: "
        while True:
            line = self.ask("\n" + prompt)
            if line is None or line.lower() in ("q", "quit", "exit"):
                return "quit"
            if line == "" or line.lower() in ("n", "next"):
                return "next"
            if line.lower() in ("b", "back", "p", "prev"):
                if i == 0:
                    self.write("This is the first step.")
                    continue
                return "back"
            self.write("Press Enter for the next step, b to go back, q to quit.")

    def quiz(self, step: Step) -> str | None:
        """Ask until the answer is right or shown; returns a move for back or
        quit, None to go on with the usual prompt."""
        results = self.results(step)
        tries = 0
        while True:
            line = self.ask(f"\nYour answer ({_TYPE_HELP[step.answer_type]})\n"
                            "or ? for a hint, 'show' for the answer, 'back', q to quit: ")
            if line is None or line.lower() in ("q", "quit", "exit"):
                return "quit"
            if line.lower() == "back":
                return "back"
            if line == "":
                continue
            if line == "?":
                self.write(wrap("Hint: " + (step.hint or "look again at the rule above.")))
                continue
            if line.lower() in ("show", "show answer", "answer", "??"):
                self.write("\n" + answer_text(step, results, self.ascii, self.show_checks))
                self.state.answered.append(step.index)
                return None
            verdict = is_correct(step, results, line)
            if verdict is None:
                self.write(f"I could not read {line!r} as {_TYPE_HELP[step.answer_type]}.")
                continue
            if verdict:
                self.write("\nRight!\n\n" + answer_text(step, results, self.ascii, self.show_checks))
                if step.index not in self.state.answered:
                    self.state.answered.append(step.index)
                self.progress.save()
                return None
            tries += 1
            hint = hint_for(step, line)
            self.write(wrap(f"Not quite. {hint}" if hint else "Not quite. Try again, or type 'show' to see the answer."))
            if tries >= 3:
                self.write("(Type 'show' to see the answer.)")


def _isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


__all__ = ["LessonRunner", "PARSERS", "WIDTH"]
