"""The lesson validator, used by the tests and by ``bridgekit lesson check``.

For every step of every lesson it checks that the position is legal (the deal
has each card once, every call of the auction and every card of the play is
legal), recomputes every figure with bridgekit's engines and compares it with
the figure the lesson states, and checks that each quiz's expected answer (and
every accepted spelling) is what the engine says, and that no targeted hint is
attached to the right answer.  Each finding names lesson and step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import BridgekitError
from .answers import parse_answer, same
from .compute import Computed, PositionError, compute, pos_auction, pos_deal, show_value, _play
from .model import LANGS, Lesson, LessonError, Step
from ..i18n import N_, _
from ..notation import Message, render_message

#: A finding's status, as the check table shows it (translated).
STATUSES = (N_("ok"), N_("fail"), N_("skipped"))


@dataclass(frozen=True)
class Finding:
    """One checked figure (or one problem) of one step."""

    lesson: str
    step: int
    check: str
    stated: str
    computed: str
    status: str  # one of STATUSES
    message: str = ""   # a Message, rendered in the reader's language

    @property
    def ok(self) -> bool:
        return self.status != "fail"

    def to_dict(self) -> dict[str, object]:
        return {"lesson": self.lesson, "step": self.step, "check": self.check, "stated": self.stated,
                "computed": self.computed, "status": self.status, "message": self.message}

    def __str__(self) -> str:
        return self.render()

    def render(self, lang: str = "en") -> str:
        """``lesson NAME, step N: CHECK: what is wrong`` in ``lang``."""
        message = render_message(self.message, False, lang) if self.status == "fail" else _(lang, self.status)
        return _(lang, "lesson {lesson}, step {step}: {check}: {message}", lesson=self.lesson, step=self.step,
                 check=self.check, message=message)


def validate_position(step: Step) -> None:
    """Raise PositionError if the step's own position is illegal."""
    pos = step.position
    pos_deal(pos)
    if "auction" in pos:
        pos_auction(pos)
    if "play" in pos and "declarer" in pos:
        _play(pos)


def run_computes(step: Step, dds: bool = True, ascii: bool = False,
                 lang: str = "en") -> dict[str, Computed | Exception | None]:
    """Every computation of ``step`` by id (its lines in ``lang``): a Computed,
    the error it raised, or None when it needs the solver and ``dds`` is false."""
    out: dict[str, Computed | Exception | None] = {}
    for c in step.computes:
        if c.needs_dds and not dds:
            out[c.id] = None
            continue
        try:
            out[c.id] = compute(c.what, step.position_for(c), ascii, lang)
        except (BridgekitError, ImportError, ArithmeticError, TypeError, AttributeError) as e:
            out[c.id] = e
    return out


def lookup(results: dict[str, Computed | Exception | None], key: str) -> Any:
    """The computed value named ``id.key`` (or ``key`` in the only/first
    computation that has it); raises LessonError when there is none."""
    if "." in key:
        cid, name = key.split(".", 1)
        res = results.get(cid)
        if isinstance(res, Computed) and name in res.values:
            return res.values[name]
        raise LessonError(Message('nothing computed as {key!r}', key=key))
    for res in results.values():
        if isinstance(res, Computed) and key in res.values:
            return res.values[key]
    raise LessonError(Message('nothing computed as {key!r}', key=key))


def check_step(lesson: Lesson, step: Step, dds: bool = False) -> list[Finding]:
    name = lesson.name
    findings: list[Finding] = []

    def add(check: str, stated: Any, computed: Any, status: str, message: str = "") -> None:
        findings.append(Finding(name, step.index, check, str(stated), str(computed), status, message))

    try:
        validate_position(step)
    except BridgekitError as e:
        add("position", "", "", "fail", Message("illegal position: {e}", e=e))
    results = run_computes(step, dds=dds)
    for c in step.computes:
        res = results[c.id]
        if res is None:
            for key, stated in c.expect.items():
                add(f"{c.id}.{key}", stated, "", "skipped", Message("needs the double-dummy solver (--dds)"))
            continue
        if isinstance(res, Exception):
            add(c.id, "", "", "fail", Message("cannot compute {what}: {why}", what=c.what, why=res))
            continue
        for key, stated in c.expect.items():
            if key not in res.values:
                add(f"{c.id}.{key}", stated, "", "fail",
                    Message("{what} computes no {key!r} (it computes {keys})", what=c.what, key=key,
                            keys=", ".join(res.values)))
                continue
            value = res.values[key]
            if same(stated, value):
                add(f"{c.id}.{key}", stated, show_value(value, ascii=True), "ok")
            else:
                add(f"{c.id}.{key}", stated, show_value(value, ascii=True), "fail",
                    Message("the lesson states {stated!r} but bridgekit computes {computed!r}", stated=stated,
                            computed=show_value(value, ascii=True)))
    if step.kind == "quiz":
        findings.extend(_check_quiz(lesson, step, results))
    return findings


def _check_quiz(lesson: Lesson, step: Step, results: dict[str, Computed | Exception | None]) -> list[Finding]:
    name = lesson.name
    out: list[Finding] = []
    try:
        expected = lookup(results, step.expect_key)
    except LessonError as e:
        if any(r is None for r in results.values()):
            return [Finding(name, step.index, "answer", step.answer, "", "skipped", "needs --dds")]
        return [Finding(name, step.index, "answer", step.answer, "", "fail", str(e))]
    shown = show_value(expected, ascii=True)

    def parsed(text: str) -> Any:
        try:
            return parse_answer(step.answer_type, text)
        except BridgekitError as e:
            raise LessonError(Message('{text!r} cannot be read as a {answer_type} answer: {e}',
                                      text=text, answer_type=step.answer_type, e=e)) from None

    try:
        answer = parsed(step.answer)
        if answer != _as_answer(step.answer_type, expected):
            out.append(Finding(name, step.index, "answer", step.answer, shown, "fail",
                               Message("the quiz expects {answer!r} but bridgekit computes {computed!r}", answer=step.answer,
                                       computed=shown)))
        else:
            out.append(Finding(name, step.index, "answer", step.answer, shown, "ok"))
        for spelling in step.accept if step.answer_type != "text" else ():
            try:
                other = parse_answer(step.answer_type, spelling)
            except BridgekitError:
                continue  # a literal synonym the parser does not know: accepted as typed
            if other != answer:
                out.append(Finding(name, step.index, "accept", spelling, shown, "fail",
                                   Message("accepted spelling {spelling!r} does not mean {answer!r}", spelling=spelling,
                                           answer=step.answer)))
        correct = _as_answer(step.answer_type, expected)
        for hint in step.hints:
            if parsed(hint.answer) in (answer, correct):
                out.append(Finding(name, step.index, "hint", hint.answer, shown, "fail",
                                   Message("a 'wrong answer' hint is attached to the right answer {answer!r}",
                                           answer=hint.answer)))
    except LessonError as e:
        out.append(Finding(name, step.index, "answer", step.answer, shown, "fail", str(e)))
    return out


def _as_answer(answer_type: str, value: Any) -> Any:
    """A computed value as the quiz's answer type reads it."""
    if answer_type == "text":
        return " ".join(show_value(value, ascii=True).lower().split()) if not isinstance(value, str) \
            else " ".join(value.lower().split())
    if isinstance(value, str) and answer_type != "text":
        return parse_answer(answer_type, value)
    return value


def check_lesson(lesson: Lesson, dds: bool = False) -> list[Finding]:
    """Every finding of every step of ``lesson``, in every language: the
    figures once (a step's computations are written once), then each
    translation's quiz (its accepted spellings and hints read in that
    language) and that it is complete."""
    findings: list[Finding] = []
    for step in lesson.steps:
        findings.extend(check_step(lesson, step, dds=dds))
    for lang in LANGS[1:]:
        if lang not in lesson.tr:
            findings.append(Finding(lesson.name, 0, f"{lang}.lesson", "", "", "fail",
                                    Message("no [{lang}] title and summary", lang=lang)))
            continue
        translated = lesson.in_lang(lang)
        for step, tr in zip(lesson.steps, translated.steps):
            findings.extend(_check_translation(lesson, step, tr, lang, dds))
    return findings


def _check_translation(lesson: Lesson, step: Step, tr: Step, lang: str, dds: bool) -> list[Finding]:
    name = lesson.name
    table = step.tr.get(lang)
    needed = ["title"] + (["question"] if step.kind == "quiz" else []) + (["text"] if step.text else [])
    missing = [k for k in needed if not (table or {}).get(k)]
    if missing:
        return [Finding(name, step.index, f"{lang}.text", "", "", "fail",
                        Message("no [steps.{lang}] {missing}", lang=lang, missing=", ".join(missing)))]
    out = [Finding(name, step.index, f"{lang}.text", "", "", "ok")]
    if step.kind != "quiz":
        return out
    results = run_computes(step, dds=dds)
    try:
        expected = lookup(results, step.expect_key)
    except LessonError:
        return out
    correct = _as_answer(step.answer_type, expected)
    for spelling in tr.accept if step.answer_type != "text" else ():
        try:
            other = parse_answer(step.answer_type, spelling, lang)
        except BridgekitError:
            continue  # a literal synonym the parser does not know: accepted as typed
        if other != correct:
            out.append(Finding(name, step.index, f"{lang}.accept", spelling, "", "fail",
                               Message("accepted {lang} spelling {spelling!r} is not the answer", lang=lang,
                                       spelling=spelling)))
    wrong = {h.answer for h in step.hints}
    for hint in tr.hints:
        try:
            value = parse_answer(step.answer_type, hint.answer, lang)
        except BridgekitError:
            out.append(Finding(name, step.index, f"{lang}.hint", hint.answer, "", "fail",
                               Message("{answer!r} cannot be read as a {kind} answer", answer=hint.answer,
                                       kind=step.answer_type)))
            continue
        if value == correct:
            out.append(Finding(name, step.index, f"{lang}.hint", hint.answer, "", "fail",
                               Message("a 'wrong answer' hint is attached to the right answer {answer!r}",
                                       answer=hint.answer)))
        elif step.answer_type != "text" and hint.answer not in wrong:
            out.append(Finding(name, step.index, f"{lang}.hint", hint.answer, "", "fail",
                               Message("hint for {answer!r} has no English counterpart", answer=hint.answer)))
    return out


def is_correct(step: Step, results: dict[str, Computed | Exception | None], text: str,
               lang: str = "en") -> bool | None:
    """Whether a learner's ``text`` answers ``step`` correctly (None when it
    cannot be read as an answer of the quiz's type)."""
    if " ".join(text.lower().split()) in {" ".join(s.lower().split()) for s in step.accept}:
        return True
    try:
        answer = parse_answer(step.answer_type, text, lang)
    except BridgekitError:
        return None
    try:
        expected = _as_answer(step.answer_type, lookup(results, step.expect_key))
    except (LessonError, BridgekitError):
        expected = parse_answer(step.answer_type, step.answer)
    return bool(answer == expected)


def hint_for(step: Step, text: str, lang: str = "en") -> str:
    """The targeted hint for a wrong answer, else the step's general hint."""
    try:
        answer = parse_answer(step.answer_type, text, lang)
    except BridgekitError:
        answer = None
    for hint in step.hints:
        try:
            if answer is not None and parse_answer(step.answer_type, hint.answer, lang) == answer:
                return hint.text
        except BridgekitError:
            continue
    return step.hint


__all__ = ["Finding", "check_lesson", "check_step", "run_computes", "lookup", "is_correct", "hint_for",
           "validate_position", "PositionError"]
