"""Turning a lesson step into text for a plain terminal (pure functions).

Diagrams come from ``bridgekit.render``; suit symbols become letters when
``ascii`` is true.  Lines are wrapped for an 80-column terminal.
"""

from __future__ import annotations

import textwrap
from typing import Any

from ..errors import BridgekitError
from ..notation import ascii_text
from .answers import same
from ..i18n import _
from .compute import Computed, _play, pos_auction, pos_deal, pos_dealer, pos_vul, show_value
from .model import Lesson, Step

WIDTH = 78
to_ascii = ascii_text   # the lesson's prose: its suit symbols as letters, its arrows as ->


def learner_text(text: str, ascii: bool) -> str:
    """Text as the learner reads it: with ``ascii``, the lesson's prose (its
    suit symbols and arrows) in letters.  bridgekit's own values on the screen
    are already rendered in the learner's notation (``ascii``; tens as ``10``
    with symbols, as the prose writes them)."""
    return to_ascii(text) if ascii else text


def wrap(text: str, width: int = WIDTH, indent: str = "") -> str:
    """Wrap paragraphs (separated by blank lines).  Lines starting with ``- ``
    are bullets; a paragraph whose lines start with two spaces or ``|`` is kept
    as written (tables, layouts)."""
    out: list[str] = []
    for para in text.strip().split("\n\n"):
        lines = para.split("\n")
        if any(line.startswith(("  ", "|")) for line in lines):
            out.append("\n".join(indent + line for line in lines))
        elif all(line.startswith("- ") for line in lines if line.strip()) and lines[0].startswith("- "):
            out.append("\n".join(textwrap.fill(line[2:], width, initial_indent=indent + "- ",
                                               subsequent_indent=indent + "  ") for line in lines))
        else:
            out.append(textwrap.fill(" ".join(line.strip() for line in lines), width,
                                     initial_indent=indent, subsequent_indent=indent))
    return "\n\n".join(out)


# -- diagrams (drawn by bridgekit.render) -----------------------------------

def position_text(step: Step, ascii: bool = False, lang: str = "en") -> str:
    """Diagrams of the step's position: the deal, the auction grid, the play."""
    from ..render import render_auction, render_deal, render_tricks
    pos = step.position
    show = step.show or tuple(k for k in ("deal", "auction", "play") if k in pos)
    parts = []
    if "deal" in show and "deal" in pos:
        deal = pos_deal(pos)
        if deal is not None:
            dealer = pos_dealer(pos) if ("dealer" in pos or "board" in pos) else None
            vul = pos_vul(pos) if ("vul" in pos or "board" in pos) else None
            diagram = render_deal(deal, dealer=dealer, vulnerable=vul, ascii=ascii, lang=lang, show_unknown=False,
                                  tens=not ascii)
            parts.append("\n".join(line.rstrip() for line in diagram.split("\n")))
    if "auction" in show and "auction" in pos:
        parts.append(render_auction(pos_auction(pos), ascii=ascii, lang=lang))
    if "play" in show and "play" in pos and "declarer" in pos:
        play = _play(pos)
        parts.append(render_tricks(play, ascii=ascii, lang=lang, tens=not ascii))
    return "\n\n".join(parts)


def value_text(value: Any, ascii: bool = False, lang: str = "en") -> str:
    """A computed value as a learner reads it, in ``lang``."""
    return show_value(value, ascii, lang)


# -- a whole step -----------------------------------------------------------

def header(lesson: Lesson, step: Step, total_lessons: int | None = None) -> str:
    left = _(lesson.lang, "Lesson {n}: {title}", n=lesson.number, title=lesson.title)
    right = _(lesson.lang, "step {i} of {n}", i=step.index, n=len(lesson.steps))
    line = f"{left}{' ' * max(2, WIDTH - len(left) - len(right))}{right}"
    title = step.title + (f"  ({step.source})" if step.source else "")
    if len(title) > WIDTH:
        title = f"{step.title}\n" + textwrap.fill(f"({step.source})", WIDTH)
    return f"{line}\n{'=' * WIDTH}\n{title}"


def computed_text(step: Step, results: dict[str, Computed | Exception | None], ascii: bool = False,
                  show_checks: bool = False, lang: str = "en") -> str:
    """What bridgekit computed (a score sheet, a trick, a contract), shown as
    part of the explanation; with ``show_checks``, also the figures the lesson
    states and whether they agree (the author's check, as ``lesson check``)."""
    out = []
    for c in step.computes:
        res = results.get(c.id)
        if res is None:
            out.append(_(lang, "  (this figure needs the double-dummy solver: bridgekit lesson check --dds)"))
            if show_checks:
                for key, stated in c.expect.items():
                    out.append(_(lang, "  The lesson states {key}: {value}", key=key.replace('_', ' '), value=stated))
            continue
        if isinstance(res, Exception):
            out.append(_(lang, "  bridgekit could not compute this: {error}", error=res))
            continue
        if c.note:
            out.append(f"  {c.note}")
        for line in res.lines:
            if line.startswith("  "):
                out.append("  " + line)  # a breakdown row: keep its columns
            else:
                out.append(textwrap.fill(line, WIDTH, initial_indent="  ", subsequent_indent="    "))
        if not show_checks:
            continue
        stated_parts = []
        for key, stated in c.expect.items():
            value: Any = res.values.get(key)
            mark = _(lang, "agrees") if key in res.values and same(stated, value) else \
                _(lang, "DIFFERS: bridgekit says {value}", value=value_text(value, ascii, lang))
            stated_parts.append(f"{key.replace('_', ' ')} {_stated(stated)} ({mark})")
        out.append(textwrap.fill(_(lang, "Stated in the lesson: ") + "; ".join(stated_parts), WIDTH,
                                 initial_indent="  ", subsequent_indent="    "))
    if not out:
        return ""
    return (_(lang, "Computed by bridgekit now:") + "\n" if show_checks else "") + "\n".join(out)


def _stated(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def step_text(lesson: Lesson, step: Step, results: dict[str, Computed | Exception | None],
              ascii: bool = False, reveal: bool = True, show_checks: bool = False) -> str:
    """The whole screen of a step.  For a quiz, ``reveal`` false hides what
    would give the answer away (the computed figures)."""
    lang = lesson.lang
    parts = [header(lesson, step)]
    if step.text:
        parts.append(wrap(step.text))
    pos = position_text(step, ascii, lang)
    if pos:
        parts.append(pos)
    if step.kind == "quiz":
        parts.append(wrap(_(lang, "QUESTION: ") + step.question))
        if reveal:
            parts.append(answer_text(step, results, ascii, show_checks, lang))
    elif step.computes:
        parts.append(computed_text(step, results, ascii, show_checks, lang))
    return learner_text("\n\n".join(p for p in parts if p), ascii)


def answer_text(step: Step, results: dict[str, Computed | Exception | None], ascii: bool = False,
                show_checks: bool = False, lang: str = "en") -> str:
    from .checker import lookup
    try:
        answer = value_text(lookup(results, step.expect_key), ascii, lang)
    except BridgekitError:
        answer = step.answer
    parts = [_(lang, "Answer: ") + answer]
    if step.explain:
        parts.append(wrap(step.explain))
    comp = computed_text(step, results, ascii, show_checks, lang)
    if comp:
        parts.append(comp)
    return learner_text("\n\n".join(parts), ascii)


def lesson_text(lesson: Lesson, results_for: Any, ascii: bool = False, show_checks: bool = False) -> str:
    """The whole lesson, every step with its answers, for reading or pasting."""
    out = [_(lesson.lang, "Lesson {n}: {title}", n=lesson.number, title=lesson.title), wrap(lesson.summary) if lesson.summary else ""]
    if lesson.sources:
        out.append(textwrap.fill(_(lesson.lang, "Sources: {sources}", sources=lesson.sources), WIDTH, subsequent_indent="  "))
    for step in lesson.steps:
        out.append(step_text(lesson, step, results_for(step), ascii, reveal=True, show_checks=show_checks))
    return learner_text("\n\n".join(p for p in out if p) + "\n", ascii)
