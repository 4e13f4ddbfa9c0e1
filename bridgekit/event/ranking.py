"""Standings: each pair's total over the session, ranked in its field.

Ties share a rank (``2=``), found in one pass over the sorted field: linear
after the sort however many pairs tie."""

from __future__ import annotations

from itertools import groupby
from typing import Callable

from .model import Event, EventOptions, EventResult, Movement, Standing
from .movements import movement_of


def rank_event(event: Event, options: EventOptions, names: dict[tuple[str | None, str], str]) -> None:
    """Fill ``event.standings`` (and ``event.movement``) from the results' points."""
    by_section: dict[str | None, list[EventResult]] = {}
    for t in event.boards:
        for r in t.results:
            by_section.setdefault(r.section, []).append(r)
    standings: dict[tuple[str | None, str, str | None], Standing] = {}
    out_of_top = event.method.out_of_top
    places = event.point_decimals
    for section, results in by_section.items():
        movement = movement_of(results, options.movement)
        event.movement[section] = movement
        for r in results:
            if r.not_played or r.points_ns is None or r.points_ew is None:
                continue
            top = r.top or 0.0
            for pid, side, pts, nm in ((r.ns, "NS", r.points_ns, r.names_ns),
                                       (r.ew, "EW", r.points_ew, r.names_ew)):
                if pid is None:
                    continue
                direction = None if movement is Movement.HOWELL else side
                key = (section, pid, direction)
                s = standings.get(key)
                if s is None:
                    s = standings[key] = Standing(section, pid, direction,
                                                  names.get((section, pid)) or names.get((None, pid)) or
                                                  (nm if nm != pid else None),
                                                  max=0.0 if out_of_top else None)
                s.boards += r.weight
                s.points += pts * r.weight
                s.rounded_points += (pts if places is None else round(pts, places)) * r.weight
                if s.max is not None:
                    s.max += top * r.weight
    groups: dict[tuple[str | None, str | None], list[Standing]] = {}
    for s in standings.values():
        groups.setdefault((None if options.across_field else s.section, s.direction), []).append(s)
    ranked: list[Standing] = []
    for gkey in sorted(groups, key=lambda k: (k[0] is not None, k[0] or "", k[1] == "EW")):
        ranked.extend(assign_ranks(groups[gkey], event.method.rank_value, natural_key))
    event.standings = ranked


def assign_ranks(group: list[Standing], value: Callable[[Standing], float],
                 name: Callable[[str], tuple[int, int | str]]) -> list[Standing]:
    """Sort ``group`` best first (then by pair) and give each its rank, a tie
    sharing the rank of the first with ``=`` (1, 2=, 2=, 4).  One sort and one
    pass: n log n however many tie."""
    group.sort(key=lambda s: (-value(s), name(s.pair)))
    position = 0
    for _v, tied in groupby(group, key=value):
        members = list(tied)
        mark = "=" if len(members) > 1 else ""
        for s in members:
            s.rank = f"{position + 1}{mark}"
        position += len(members)
    return group


def natural_key(text: str) -> tuple[int, int | str]:
    """Pair numbers in numeric order, before names."""
    return (0, int(text)) if text.isdigit() else (1, text)
