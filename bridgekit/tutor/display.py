"""Turning a lesson step into text for a plain terminal (pure functions).

Diagrams come from ``bridgekit.render`` when it provides them; a simple
fallback keeps lessons readable without it.  Suit symbols become letters when
``ascii`` is true.
"""

from __future__ import annotations

import textwrap
from typing import Any

from ..auction import Auction
from ..deal import Deal
from ..play import Play
from ..seats import Seat
from ..errors import BridgekitError
from .answers import same
from .compute import Computed, _play, pos_auction, pos_deal, show_value
from .model import Lesson, Step

WIDTH = 78
_ASCII = str.maketrans({"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C",
                        "\u2192": "->", "\u2190": "<-", "\u2014": "--", "\u2013": "-", "\u00d7": "x",
                        "\u2212": "-", "\u2713": "ok", "\u2717": "X", "\u00b7": "-"})


def to_ascii(text: str) -> str:
    return text.translate(_ASCII)


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


# -- diagrams ---------------------------------------------------------------

def _hand_lines(deal: Deal, seat: Seat, ascii: bool) -> list[str]:
    from ..cards import PBN_SUIT_ORDER
    hand = deal[seat]
    if hand is None:
        return ["(unknown)"]
    lines = []
    for suit in PBN_SUIT_ORDER:
        ranks = "".join(r.letter for r in hand.ranks(suit)).replace("T", "10") or "-"
        lines.append(f"{suit.name if ascii else suit.symbol} {ranks}")
    return lines


def deal_diagram(deal: Deal, ascii: bool = False) -> str:
    """A compass diagram: North on top, West and East in the middle, South below."""
    try:
        from ..render import render_deal  # type: ignore[attr-defined]
        return str(render_deal(deal, ascii=ascii))
    except (ImportError, TypeError, AttributeError):
        pass
    north, south = _hand_lines(deal, Seat.N, ascii), _hand_lines(deal, Seat.S, ascii)
    west, east = _hand_lines(deal, Seat.W, ascii), _hand_lines(deal, Seat.E, ascii)
    pad = " " * 18
    rows = [pad + "North"] + [pad + line for line in north]
    rows.append("West" + " " * 32 + "East")
    for i in range(max(len(west), len(east))):
        w = west[i] if i < len(west) else ""
        e = east[i] if i < len(east) else ""
        rows.append(f"{w:<36}{e}")
    rows += [pad + "South"] + [pad + line for line in south]
    return "\n".join(rows)


def auction_grid(auction: Auction, ascii: bool = False) -> str:
    """The calls in four columns West, North, East, South."""
    try:
        from ..render import render_auction  # type: ignore[attr-defined]
        return str(render_auction(auction, ascii=ascii))
    except (ImportError, TypeError, AttributeError):
        pass
    order = [Seat.W, Seat.N, Seat.E, Seat.S]
    cells = [""] * order.index(auction.dealer)
    cells += [c.symbol(ascii) for c in auction.calls]
    if not auction.is_complete():
        cells.append("?")
    rows = ["".join(f"{s.full_name:<8}" for s in order)]
    for i in range(0, len(cells), 4):
        rows.append("".join(f"{c:<8}" for c in cells[i:i + 4]).rstrip())
    return "\n".join(rows)


def play_lines(play: Play, ascii: bool = False) -> str:
    """The tricks played so far, one line each, with the winner."""
    rows = []
    for n, trick in enumerate(play.tricks(), start=1):
        cards = "  ".join(f"{trick.seat_of(i).name} {c.symbol(ascii)}" for i, c in enumerate(trick.cards))
        won = f"  won by {trick.winner.full_name}" if trick.winner is not None else ""
        rows.append(f"Trick {n}: {cards}{won}")
    return "\n".join(rows)


def position_text(step: Step, ascii: bool = False) -> str:
    """Diagrams of the step's position: the deal, the auction grid, the play."""
    pos = step.position
    show = step.show or tuple(k for k in ("deal", "auction", "play") if k in pos)
    parts = []
    if "deal" in show and "deal" in pos:
        deal = pos_deal(pos)
        if deal is not None:
            head = []
            if "dealer" in pos:
                head.append(f"Dealer {Seat.parse(str(pos['dealer'])).full_name}")
            if "vul" in pos:
                head.append(f"Vulnerable: {pos['vul']}")
            parts.append(("  ".join(head) + "\n" if head else "") + deal_diagram(deal, ascii))
    if "auction" in show and "auction" in pos:
        parts.append(auction_grid(pos_auction(pos), ascii))
    if "play" in show and "play" in pos and "declarer" in pos:
        parts.append(play_lines(_play(pos), ascii))
    return "\n\n".join(parts)


# -- a whole step -----------------------------------------------------------

def header(lesson: Lesson, step: Step, total_lessons: int | None = None) -> str:
    left = f"Lesson {lesson.number}: {lesson.title}"
    right = f"step {step.index} of {len(lesson.steps)}"
    line = f"{left}{' ' * max(2, WIDTH - len(left) - len(right))}{right}"
    title = step.title + (f"  ({step.source})" if step.source else "")
    return f"{line}\n{'=' * WIDTH}\n{title}"


def computed_text(step: Step, results: dict[str, Computed | Exception | None], ascii: bool = False) -> str:
    """What bridgekit computed, next to the figures the rules documents state."""
    out = []
    for c in step.computes:
        res = results.get(c.id)
        if res is None:
            out.append("  (this figure needs the double-dummy solver: bridgekit lesson check --dds)")
            for key, stated in c.expect.items():
                out.append(f"  The lesson states {key.replace('_', ' ')}: {stated}")
            continue
        if isinstance(res, Exception):
            out.append(f"  bridgekit could not compute this: {res}")
            continue
        if c.note:
            out.append(f"  {c.note}")
        out.extend("  " + line for line in res.lines)
        stated_parts = []
        for key, stated in c.expect.items():
            value: Any = res.values.get(key)
            mark = "agrees" if key in res.values and same(stated, value) else \
                f"DIFFERS: bridgekit says {show_value(value, ascii)}"
            stated_parts.append(f"{key.replace('_', ' ')} {_stated(stated)} ({mark})")
        out.append("  Stated by the rules: " + "; ".join(stated_parts))
    return "Computed by bridgekit now:\n" + "\n".join(out) if out else ""


def _stated(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def step_text(lesson: Lesson, step: Step, results: dict[str, Computed | Exception | None],
              ascii: bool = False, reveal: bool = True) -> str:
    """The whole screen of a step.  For a quiz, ``reveal`` false hides what
    would give the answer away (the computed figures)."""
    parts = [header(lesson, step)]
    if step.text:
        parts.append(wrap(step.text))
    pos = position_text(step, ascii)
    if pos:
        parts.append(pos)
    if step.kind == "quiz":
        parts.append(wrap("QUESTION: " + step.question))
        if reveal:
            parts.append(answer_text(step, results, ascii))
    elif step.computes:
        parts.append(computed_text(step, results, ascii))
    text = "\n\n".join(p for p in parts if p)
    return to_ascii(text) if ascii else text


def answer_text(step: Step, results: dict[str, Computed | Exception | None], ascii: bool = False) -> str:
    from .checker import lookup
    try:
        answer = show_value(lookup(results, step.expect_key), ascii)
    except BridgekitError:
        answer = step.answer
    parts = [f"Answer: {answer}"]
    if step.explain:
        parts.append(wrap(step.explain))
    comp = computed_text(step, results, ascii)
    if comp:
        parts.append(comp)
    text = "\n\n".join(parts)
    return to_ascii(text) if ascii else text


def lesson_text(lesson: Lesson, results_for: Any, ascii: bool = False) -> str:
    """The whole lesson, every step with its answers, for reading or pasting."""
    out = [f"Lesson {lesson.number}: {lesson.title}", wrap(lesson.summary) if lesson.summary else ""]
    if lesson.sources:
        out.append(f"Sources: {lesson.sources}")
    for step in lesson.steps:
        out.append(step_text(lesson, step, results_for(step), ascii, reveal=True))
    text = "\n\n".join(p for p in out if p) + "\n"
    return to_ascii(text) if ascii else text
