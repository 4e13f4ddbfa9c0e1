"""Artificial (arbitrary) scores as written in a ScoreTable cell or a game
record: ``A``, ``A+``, ``A-``, a percentage ``60%``, ``Not played``, ``Bye``.

In the N/S score cell or the Contract cell a mark is N/S's, in the E/W score
cell E/W's; a side not given gets the complement (``A+`` and ``A-``, ``60%``
and ``40%``).  What a mark is worth depends on the scoring method
(``ScoringMethod.arbitrary_points``).
"""

from __future__ import annotations

from functools import lru_cache

_AVERAGES = {"A": "A", "AV": "A", "AVE": "A", "AVG": "A", "A=": "A", "AVERAGE": "A",
             "A+": "A+", "AV+": "A+", "AVE+": "A+", "AVG+": "A+", "AVERAGEPLUS": "A+",
             "A-": "A-", "AV-": "A-", "AVE-": "A-", "AVG-": "A-", "AVERAGEMINUS": "A-"}
_NOT_PLAYED = {"NP", "NOTPLAYED", "NOT PLAYED", "N/P"}
_BYE = {"BYE", "SITOUT", "SIT-OUT"}
_COMPLEMENT = {"A": "A", "A+": "A-", "A-": "A+", "NP": "NP", "BYE": "BYE"}

#: A pair with no opponents on a board (a sit-out): under matchpoints the
#: board does not count for it; under IMPs it is credited with its own mean.
BYE = "BYE"


@lru_cache(maxsize=4096)
def parse_arbitrary(text: str | None) -> str | None:
    """An arbitrary score as written in a cell, normalised: ``A``, ``A+``,
    ``A-``, ``NP`` (not played), ``BYE`` or a percentage ``60%``; None when
    the cell is not one."""
    if text is None:
        return None
    key = text.strip().upper()
    if key in _NOT_PLAYED or key.replace(" ", "") in _NOT_PLAYED:
        return "NP"
    key = key.replace(" ", "")
    if key in _BYE:
        return BYE
    if key in _AVERAGES:
        return _AVERAGES[key]
    if key.endswith("%"):
        try:
            pct = float(key[:-1])
        except ValueError:
            return None
        if 0 <= pct <= 100:
            return f"{pct:g}%"
    return None


def complement(mark: str) -> str:
    """The other side's mark: ``A+`` for ``A-``, ``40%`` for ``60%``."""
    if mark.endswith("%"):
        return f"{100 - float(mark[:-1]):g}%"
    return _COMPLEMENT[mark]


def arbitrary_pair(ns: str | None, ew: str | None, both: str | None) -> tuple[str, str] | None:
    """(N/S, E/W) arbitrary scores from the N/S cell, the E/W cell and a cell
    for both (``A+/A-`` or one mark for N/S)."""
    if both is not None and "/" in both:
        a, _, b = both.partition("/")
        pa, pb = parse_arbitrary(a), parse_arbitrary(b)
        if pa is not None and pb is not None:
            return pa, pb
    ns_mark = parse_arbitrary(ns) or parse_arbitrary(both)
    ew_mark = parse_arbitrary(ew)
    if ns_mark is None and ew_mark is None:
        return None
    if ns_mark is None:
        assert ew_mark is not None
        ns_mark = complement(ew_mark)
    if ew_mark is None:
        ew_mark = complement(ns_mark)
    return ns_mark, ew_mark


def mark_percentage(mark: str, plus: float, minus: float) -> float:
    """The matchpoint percentage of a mark: ``A`` 50, ``A+``/``A-`` as given, ``60%`` 60."""
    pct = {"A": 50.0, "A+": plus, "A-": minus}.get(mark)
    return float(mark[:-1]) if pct is None else pct


def mark_imps(mark: str, plus: float, minus: float, imps: float) -> float | None:
    """The IMPs of a mark (Law 12C2: 3 IMPs for average plus): ``A`` and
    ``50%`` 0, ``A+`` and the average-plus percentage (60%) +``imps``, ``A-``
    and the average-minus one (40%) -``imps``; None for another percentage."""
    if mark in ("A", "A+", "A-"):
        return {"A": 0.0, "A+": imps, "A-": -imps}[mark]
    pct = float(mark[:-1])
    return 0.0 if pct == 50 else imps if pct == plus else -imps if pct == minus else None
