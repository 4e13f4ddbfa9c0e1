"""Screens that fit a terminal of 80x24 (pure functions).

A lesson step, a puzzle or a problem is one screen of text: a heading line,
paragraphs separated by blank lines, the question last.  ``pages`` cuts a
screen that is too tall into pages of at most ``height`` lines: the last page
holds the last paragraphs (the position and the question stay together and in
view when the learner answers), the earlier ones the rest, and every page
after the first starts with the heading again.
"""

from __future__ import annotations

#: Lines a page may use on a 24-line terminal (one is kept for the prompt,
#: one for the "more" line).
HEIGHT = 22


def pages(text: str, height: int = HEIGHT, keep: int = 1) -> list[str]:
    """``text`` cut into pages of at most ``height`` lines (a paragraph taller
    than a page is cut between lines); ``keep`` first lines (the heading) are
    repeated on each page after the first."""
    lines = text.split("\n")
    if len(lines) <= height:
        return [text]
    head = lines[:keep]
    body = "\n".join(lines[keep:]).strip("\n")
    paras = [p.split("\n") for p in body.split("\n\n")]
    room = height - len(head) - 1          # the heading and a blank line
    # the last page: as many trailing paragraphs as fit (at least the last)
    last: list[list[str]] = []
    used = 0
    while paras and (not last or used + len(paras[-1]) + 1 <= room):
        p = paras.pop()
        used += len(p) + (1 if last else 0)
        last.insert(0, p)
    out_pages: list[list[str]] = []
    page: list[str] = []
    for p in paras:
        for chunk in _cut(p, room):
            need = len(chunk) + (1 if page else 0)
            if page and len(page) + need > room:
                out_pages.append(page)
                page = []
            page = page + ([""] if page else []) + chunk
    if page:
        out_pages.append(page)
    final = [line for i, p in enumerate(last) for line in ([""] if i else []) + p]
    out_pages.append(final[-room:] if len(final) > room and len(last) == 1 else final)
    return ["\n".join(head + [""] + p) for p in out_pages]


def _cut(lines: list[str], room: int) -> list[list[str]]:
    return [lines[i:i + room] for i in range(0, len(lines), room)] or [[]]
