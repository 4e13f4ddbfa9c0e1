"""Movements: which pairs compare with which, and how a field is ranked.

A Mitchell (pairs keep their direction) ranks each direction; a Howell
(pairs sit both ways) ranks one field.  The movement is seen from the
results when not given."""

from __future__ import annotations

from typing import Sequence

from .model import EventResult, Movement


def movement_of(results: Sequence[EventResult], wanted: Movement) -> Movement:
    """Howell when some pair sits both ways and never meets itself; else Mitchell."""
    if wanted is not Movement.AUTO:
        return wanted
    ns = {r.ns for r in results if r.ns is not None}
    ew = {r.ew for r in results if r.ew is not None}
    if not ns & ew:
        return Movement.MITCHELL
    if any(r.ns is not None and r.ns == r.ew for r in results):
        return Movement.MITCHELL    # numbered per direction: N/S 1 met E/W 1
    names: dict[str, set[str]] = {}
    for r in results:
        for pid, n in ((r.ns, r.names_ns), (r.ew, r.names_ew)):
            if pid is not None and n is not None and n != pid:
                names.setdefault(pid, set()).add(n)
    if any(len(v) > 1 for v in names.values()):
        return Movement.MITCHELL    # the same number names different players in each direction
    return Movement.HOWELL
