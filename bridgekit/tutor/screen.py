"""Screens that fit a terminal of 80x24 (pure functions).

A lesson step, a puzzle or a problem is one screen of text: a heading,
paragraphs separated by blank lines, the question last.  ``pages`` cuts a
screen that is too tall into pages: the last page holds the last paragraphs
(the position and the question stay together and in view when the learner
answers), the earlier ones the rest, and every page after the first starts
with the heading again.

While the learner answers, hints and prompts follow the screen; ``recap``
picks what to write again when they would push the heading off the top: the
whole screen when it fits, else a compact one (the heading's first line, the
position, the question), else the heading's first line and the question.
"""

from __future__ import annotations

#: The terminal a screen must fit.
ROWS, COLS = 24, 80

#: Lines a page may use on a 24-line terminal when the prompt under it takes
#: one line and a blank line comes before it.
HEIGHT = 22


def rows(text: str, cols: int = COLS) -> int:
    """The terminal rows ``text`` takes (a line longer than ``cols`` wraps)."""
    return sum(max(1, -(-len(line) // cols)) for line in text.split("\n"))


def pages(text: str, height: int = HEIGHT) -> list[str]:
    """``text`` cut into pages of at most ``height`` lines.  The first page
    starts with the heading (the first paragraph), every later page with its
    first line.  A screen a few lines too tall is tightened (blank lines
    between its paragraphs dropped, from the top) rather than cut; the last
    page holds the trailing paragraphs (the position and the question),
    tightened too when that keeps them together; a paragraph taller than a
    page is cut between lines."""
    lines = text.split("\n")
    if len(lines) <= height:
        return [text]
    blanks = [i for i, line in enumerate(lines) if not line]
    over = len(lines) - height
    if over <= len(blanks):                # tighten: one screen still
        drop = set(blanks[:over])
        return ["\n".join(line for i, line in enumerate(lines) if i not in drop)]
    paras = [p.split("\n") for p in text.strip("\n").split("\n\n")]
    heading = paras.pop(0)
    head = heading[:1]                      # repeated on later pages
    room = height - len(head) - 1

    def size(ps: list[list[str]], tight: bool) -> int:
        return sum(len(p) for p in ps) + (0 if tight else len(ps) - 1)

    last: list[list[str]] = []
    while paras and (not last or size([paras[-1]] + last, False) <= room):
        last.insert(0, paras.pop())
    tight = bool(paras) and size([paras[-1]] + last, True) <= room   # the paragraph leading to them
    if tight:
        last.insert(0, paras.pop())
    out_pages: list[list[str]] = []
    page: list[str] = list(heading)
    for p in paras:
        for chunk in _cut(p, room):
            if len(page) + 1 + len(chunk) > height:
                out_pages.append(page)
                page = head + []
            page = page + [""] + chunk
    out_pages.append(page)
    final = [line for i, p in enumerate(last) for line in ([""] if i and not tight else []) + p]
    out_pages.append(head + [""] + final[-room:])
    return ["\n".join(p) for p in out_pages]


def _cut(lines: list[str], room: int) -> list[list[str]]:
    return [lines[i:i + room] for i in range(0, len(lines), room)] or [[]]


def compact(*parts: str) -> str:
    """Parts written one under the other without blank lines (empty parts
    left out): a heading line, a position, a question."""
    return "\n".join(line for part in parts if part for line in part.strip("\n").split("\n") if line.strip())


def recap(candidates: list[str], room: int) -> str:
    """The first of ``candidates`` (fullest first) that fits in ``room``
    rows; the last one cut to ``room`` rows (its first line and its end, the
    question) when none does."""
    for text in candidates:
        if text and rows(text) <= room:
            return text
    lines = candidates[-1].split("\n") if candidates else []
    if room < 2 or len(lines) <= 1:
        return "\n".join(lines[:max(1, room)])
    tail: list[str] = []
    for line in reversed(lines[1:]):
        if rows("\n".join([lines[0], line] + tail)) > room:
            break
        tail.insert(0, line)
    return "\n".join([lines[0]] + tail)
