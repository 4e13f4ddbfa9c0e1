"""Movements: which pairs compare with which, and how a field is ranked.

A Mitchell (pairs keep their direction) ranks each direction; a Howell
(pairs sit both ways) ranks one field.  The movement is seen from the
results when not given.  A Swiss teams event pairs the next round from the
standings (``swiss_pairings``)."""

from __future__ import annotations

from typing import Sequence

from .model import EventResult, Movement
from ..notation import Message


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


def swiss_pairings(ranked: Sequence[str], played: set[frozenset[str]],
                   byes: Sequence[str] = ()) -> tuple[list[tuple[str, str]], str | None]:
    """The next round of a Swiss: ``ranked`` teams (best first) paired from
    the top, each with the best-placed team it has not met (``played``: the
    pairs of teams that have met), backtracking when the lower tables would
    be left with a rematch.  With an odd number, the lowest-ranked team
    that has not had a bye (``byes``) sits out.  Returns (pairs, bye).
    Raises ValueError when no pairing avoids a rematch."""
    teams = list(ranked)
    bye: str | None = None
    if len(teams) % 2:
        bye = next((t for t in reversed(teams) if t not in byes), teams[-1])
        teams.remove(bye)

    def pair(rest: list[str]) -> list[tuple[str, str]] | None:
        if not rest:
            return []
        first, others = rest[0], rest[1:]
        for i, other in enumerate(others):
            if frozenset((first, other)) in played:
                continue
            below = pair(others[:i] + others[i + 1:])
            if below is not None:
                return [(first, other)] + below
        return None

    found = pair(teams)
    if found is None:
        raise ValueError(Message('no pairing of the next round avoids a rematch'))
    return found, bye
