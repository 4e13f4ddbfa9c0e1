"""The lesson runner: one step at a time on a plain terminal or piped input.

It reads whole lines (no curses): Enter goes on, ``b`` goes back, ``q`` quits
(progress is saved; the next run resumes there).  At a quiz the learner types
an answer (any equivalent spelling), ``?`` for a hint, ``show`` to see the
answer, ``back`` for the previous step (a single letter could be an answer).
End of input is a quit.  When input does not come from a terminal the typed
lines are echoed so that a transcript reads naturally.
"""

from __future__ import annotations

from typing import Callable, TextIO

from .answers import PARSERS
from .checker import hint_for, is_correct, run_computes
from .compute import Computed
from ..errors import BridgekitError
from ..i18n import _
from .answers import type_help
from .display import WIDTH, answer_text, learner_text, step_text, wrap
from .model import Lesson, Step
from .progress import Progress, progress_key
from .screen import HEIGHT, ROWS, compact, pages, recap, rows

class LineTalk:
    """Talking with a learner one line at a time, on a terminal or piped
    input (echoed when it is not a terminal, so a transcript reads
    naturally); shared by the lesson, drill and puzzle runners."""

    def __init__(self, inp: TextIO, out: TextIO, *, ascii: bool = False, echo: bool | None = None) -> None:
        self.inp = inp
        self.out = out
        self.ascii = ascii
        self.echo = (not _isatty(inp)) if echo is None else echo
        self._rows = 0                  # terminal rows written since the screen's heading
        self._recaps: list[str] = []    # the question's screen, fullest first, while it is asked
        self._prompt_rows = 1           # the rows of the question's prompt

    def write(self, text: str = "") -> None:
        shown = learner_text(text, self.ascii)
        self.out.write(shown + "\n")
        self.out.flush()
        self._rows += rows(shown)

    def screen_start(self) -> None:
        """A screen's heading comes next: count its rows from here."""
        self._rows = 0

    def in_view(self, *recaps: str) -> None:
        """A question's screen has just been written.  Until ``settled``, on a
        terminal, feedback (``feedback``) and prompts that would push its
        heading off a 24-row terminal come after the screen written again:
        the fullest of ``recaps`` that fits (``tutor.screen.recap``)."""
        self._recaps = [learner_text(r, self.ascii) for r in recaps if r] if not self.echo else []

    def settled(self) -> None:
        """The question is answered: what follows may scroll."""
        self._recaps = []

    def _make_room(self, needed: int) -> None:
        if self._recaps and self._rows + needed > ROWS:
            text = recap(self._recaps, ROWS - needed)
            if rows(text) + needed < ROWS:
                self.out.write("\n")        # a blank line before it, when it fits
            self._rows = 0
            self.write(text)

    def feedback(self, text: str) -> None:
        """A hint or a remark at a question: written under the question, or,
        when it and the prompt would push the heading off, under the
        question's screen written again."""
        self._make_room(rows(learner_text(text, self.ascii)) + self._prompt_rows)
        self.write(text)

    def write_paged(self, text: str, reserve: int = ROWS - HEIGHT) -> bool:
        """Write a screen that may be taller than the terminal: on a terminal
        page by page (``tutor.screen.pages``: the heading on each page, the
        question with its position on the last), each page leaving
        ``reserve`` rows for the prompt under it, waiting for Enter between
        pages; piped, all at once.  False when input ends at a pause."""
        from .problem_text import msg
        parts = pages(text, ROWS - max(1, reserve)) if not self.echo else [text]
        for i, part in enumerate(parts):
            if i and self.ask(msg("more", getattr(self, "lang", "en"))) is None:
                return False
            self.screen_start()
            self.write(part)
        return True

    def ask(self, prompt: str) -> str | None:
        """One line of input (stripped), or None at end of input.  While a
        question is in view, a prompt that would push its heading off comes
        after the question's screen written again."""
        shown = learner_text(prompt, self.ascii)
        if self._recaps:
            self._prompt_rows = rows(shown)
            self._make_room(self._prompt_rows)
        self.out.write(shown)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.out.write("\n")
            return None
        line = line.rstrip("\r\n")
        if self.echo:
            self.out.write(line + "\n")
        self._rows += rows(shown + line)
        return line.strip()

    def unambiguous(self, answer_type: str, line: str, lang: str) -> str:
        """``line`` as typed, or, when it has two readings in ``lang`` (French
        ``KT``: the ten of diamonds or the king of clubs), the reading the
        learner picks when asked, written so that it has only one."""
        from ..notation import AmbiguousInput
        from .answers import parse_answer
        try:
            parse_answer(answer_type, line, lang)
        except AmbiguousInput as e:
            choices = "  ".join(f"{i}) {shown}" for i, shown in enumerate(e.shown, start=1))
            reply = self.ask(_(lang, "{text!r} can be read two ways: {choices}. Which one (1 or 2)? ",
                               text=line, choices=choices))
            if reply is not None and reply.isdigit() and 1 <= int(reply) <= len(e.shown):
                return e.shown[int(reply) - 1]
        except BridgekitError:
            pass
        return line


class LessonRunner(LineTalk):
    """Runs one lesson against an input and an output stream."""

    def __init__(self, lesson: Lesson, inp: TextIO, out: TextIO, *, progress: Progress | None = None,
                 ascii: bool = False, start: int | None = None, echo: bool | None = None,
                 show_checks: bool = False, next_lesson: Lesson | None = None, restart: bool = False) -> None:
        super().__init__(inp, out, ascii=ascii, echo=echo)
        self.lesson = lesson
        self.lang = lesson.lang
        self.show_checks = show_checks
        self.next_lesson = next_lesson
        self.progress = progress if progress is not None else Progress()
        key = progress_key(lesson.name, lesson.lang)
        self.state = self.progress.get(key)
        self.progress.current = key
        if restart:  # every quiz is asked again
            self.state.answered = []
            self.state.done = False
        self.state.steps = len(lesson.steps)
        self.start = start
        self.drill: Callable[[str, LineTalk], None] | None = None  # runs a drill ('lesson drill' words)
        self._results: dict[int, dict[str, Computed | Exception | None]] = {}

    def results(self, step: Step) -> dict[str, Computed | Exception | None]:
        if step.index not in self._results:
            self._results[step.index] = run_computes(step, dds=True, ascii=self.ascii, lang=self.lang)
        return self._results[step.index]

    # -- the loop ----------------------------------------------------------

    def run(self) -> str:
        """Run until the end or a quit; returns ``"done"`` or ``"quit"``."""
        steps = self.lesson.steps
        if self.start is not None:
            i = max(1, min(self.start, len(steps))) - 1
        elif not self.state.done and 1 < self.state.step <= len(steps):
            i = self.state.step - 1
            self.write(_(self.lang, "Resuming lesson {n} at step {i} of {total} (start over with --restart).\n", n=self.lesson.number, i=i + 1, total=len(steps)))
        else:
            i = 0
            if self.state.done:
                self.state.done = False
        while True:
            step = steps[i]
            self.state.step = step.index
            self.progress.save()
            screen = step_text(self.lesson, step, self.results(step), self.ascii,
                               reveal=step.index in self.state.answered, show_checks=self.show_checks)
            asking = step.kind == "quiz" and step.index not in self.state.answered
            self.write_paged(screen, rows(self.quiz_prompt(step) if asking else self.nav_prompt(i)))
            move = self.quiz(step, screen) if asking else None
            if move is None:
                move = self.navigate(i)
            if move == "quit":
                self.progress.save()
                self.write("\n" + wrap(_(self.lang, "\nProgress saved at step {i} of {n}. Resume with: bridgekit lesson run", i=step.index, n=len(steps))))
                return "quit"
            if move == "back":
                i = max(0, i - 1)
            elif i + 1 < len(steps):
                i += 1
            else:
                self.state.done = True
                self.state.step = 1
                self.progress.save()
                self.write(_(self.lang, "\nEnd of lesson {n}: {title}. Well done.", n=self.lesson.number, title=self.lesson.title))
                nxt = self.next_lesson
                if nxt is not None:
                    self.write(_(self.lang, "Next: lesson {n}, {title}.\nStart it with: bridgekit lesson run (or bridgekit lesson run {n});\n"
                                          "see them all with: bridgekit lesson list",
                                 n=nxt.number, title=nxt.in_lang(self.lang).title))
                else:
                    self.write(_(self.lang, "That was the last lesson. Practise with: bridgekit lesson drill"))
                if self.lesson.drill:
                    self.offer_drill()
                return "done"
            self.write("")

    def offer_drill(self) -> None:
        """The lesson's drill, offered at its end: Enter starts it through
        ``self.drill`` (given by the caller: the drill module builds on this
        one), anything else goes on."""
        command = "bridgekit lesson drill " + self.lesson.drill + ("" if self.lang == "en" else f" --lang {self.lang}")
        self.write("\n" + _(self.lang, "Practise it with ten exercises: {command}", command=command))
        line = self.ask(_(self.lang, "Start now? [Enter] yes, n no: "))
        if line is None or line.lower() not in ("", "y", "yes", "o", "oui") or self.drill is None:
            return
        self.drill(self.lesson.drill, self)

    def nav_prompt(self, i: int) -> str:
        last = i + 1 == len(self.lesson.steps)
        return "\n" + _(self.lang, "[Enter] {what}, b back, q quit: ", what=_(self.lang, "finish") if last else _(self.lang, "next"))

    def quiz_prompt(self, step: Step) -> str:
        return _(self.lang, "\nYour answer ({help})\nor ? for a hint, 'show' for the answer, 'back', q to quit: ",
                 help=type_help(step.answer_type, self.lang, step.expect_key))

    def navigate(self, i: int) -> str:
        prompt = self.nav_prompt(i)
        while True:
            line = self.ask(prompt)
            if line is None or line.lower() in ("q", "quit", "exit", "quitter"):
                return "quit"
            if line == "" or line.lower() in ("n", "next", "suite"):
                return "next"
            if line.lower() in ("b", "back", "p", "prev", "retour"):
                if i == 0:
                    self.write(_(self.lang, "This is the first step."))
                    continue
                return "back"
            self.write(_(self.lang, "Press Enter for the next step, b to go back, q to quit."))

    def quiz(self, step: Step, screen: str = "") -> str | None:
        """Ask until the answer is right or shown; returns a move for back or
        quit, None to go on with the usual prompt.  ``screen`` is the step as
        shown: hints and prompts keep its heading and question in view."""
        from .display import position_text
        heading = screen.split("\n", 1)[0]
        question = wrap(_(self.lang, "QUESTION: ") + step.question)
        position = position_text(step, self.ascii, self.lang)
        self.in_view(screen, compact(heading, wrap(step.text) if step.text else "", position, question),
                     compact(heading, position, question), compact(heading, question))
        try:
            return self._quiz(step)
        finally:
            self.settled()

    def _quiz(self, step: Step) -> str | None:
        results = self.results(step)
        tries = 0
        help_ = type_help(step.answer_type, self.lang, step.expect_key)
        while True:
            line = self.ask(self.quiz_prompt(step))
            if line is None or line.lower() in ("q", "quit", "exit", "quitter"):
                return "quit"
            if line.lower() in ("back", "retour"):
                return "back"
            if line == "":
                continue
            if line == "?":
                self.feedback(wrap(_(self.lang, "Hint: ") + (step.hint or _(self.lang, "look again at the rule above."))))
                continue
            if line.lower() in ("show", "show answer", "answer", "??", "voir", "réponse"):
                self.settled()
                self.write("\n" + answer_text(step, results, self.ascii, self.show_checks, self.lang))
                self.state.answered.append(step.index)
                return None
            line = self.unambiguous(step.answer_type, line, self.lang)
            verdict = is_correct(step, results, line, self.lang)
            if verdict is None:
                self.feedback(wrap(_(self.lang, "I could not read {text!r} as {help}.", text=line, help=help_)))
                continue
            if verdict:
                self.settled()
                self.write("\n" + _(self.lang, "Right!") + "\n\n"
                           + answer_text(step, results, self.ascii, self.show_checks, self.lang))
                if step.index not in self.state.answered:
                    self.state.answered.append(step.index)
                self.progress.save()
                return None
            tries += 1
            hint = hint_for(step, line, self.lang)
            text = wrap(f"{_(self.lang, 'Not quite.')} {hint}" if hint else _(self.lang, "Not quite. Try again, or type 'show' to see the answer."))
            if tries >= 3:
                text += "\n" + _(self.lang, "(Type 'show' to see the answer.)")
            self.feedback(text)


def _isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


__all__ = ["LessonRunner", "PARSERS", "WIDTH"]
