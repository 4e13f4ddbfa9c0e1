"""Standings: each pair's total over the session, ranked in its field.

Ties share a rank (``2=``), found in one pass over the sorted field: linear
after the sort however many pairs tie."""

from __future__ import annotations

from itertools import groupby
from typing import Callable, TypeVar

from .model import Event, EventOptions, EventResult, Movement, Standing
from .artificial import BYE
from .movements import movement_of

R = TypeVar("R")


def rank_event(event: Event, options: EventOptions, names: dict[tuple[str | None, str], str]) -> None:
    """Fill ``event.standings`` (and ``event.movement``) from the results' points."""
    by_section: dict[str | None, list[EventResult]] = {}
    for t in event.boards:
        for r in t.results:
            by_section.setdefault(r.section, []).append(r)
    standings: dict[tuple[str | None, str, str | None], Standing] = {}
    out_of_top = event.method.out_of_top
    places = event.point_decimals
    later: list[tuple[Standing, EventResult, str, str]] = []   # (standing, result, side, mark) credited last

    def standing(section: str | None, pid: str, direction: str | None, nm: str | None) -> Standing:
        key = (section, pid, direction)
        s = standings.get(key)
        if s is None:
            s = standings[key] = Standing(section, pid, direction,
                                          names.get((section, pid)) or names.get((None, pid)) or
                                          (nm if nm != pid else None),
                                          max=0.0 if out_of_top else None)
        return s

    for section, results in by_section.items():
        movement = movement_of(results, options.movement)
        event.movement[section] = movement
        for r in results:
            if r.not_played:
                continue
            top = r.top or 0.0
            sides: tuple[tuple[str | None, str, float | None, str | None], ...] = (
                (r.ns, "NS", r.points_ns, r.names_ns), (r.ew, "EW", r.points_ew, r.names_ew))
            if r.players is not None:   # an individual: each player gets the side's points, one field
                sides = tuple((p, side, pts, None) for p, side, pts in zip(
                    r.players, ("NS", "EW", "NS", "EW"), (r.points_ns, r.points_ew) * 2))
            for pid, side, pts, nm in sides:
                i = 0 if side == "NS" else 1
                if pid is None:
                    continue
                direction = None if movement is Movement.HOWELL or r.players is not None else side
                mark = r.arbitrary[i] if r.arbitrary is not None else None
                if mark == BYE or (mark in ("A+", "A-") and options.session_averages and out_of_top):
                    later.append((standing(section, pid, direction, nm), r, side, mark))
                    continue
                if pts is None:
                    continue
                s = standings.get((section, pid, direction)) or standing(section, pid, direction, nm)
                s.boards += r.weight
                s.points += pts * r.weight
                s.rounded_points += (pts if places is None else round(pts, places)) * r.weight
                if s.max is not None:
                    s.max += top * r.weight
    for s, r, side, mark in later:
        credit(s, r, side, mark, options, out_of_top)
    groups: dict[tuple[str | None, str | None], list[Standing]] = {}
    for s in standings.values():
        groups.setdefault((None if options.across_field else s.section, s.direction), []).append(s)
    ranked: list[Standing] = []
    for gkey in sorted(groups, key=lambda k: (k[0] is not None, k[0] or "", k[1] == "EW")):
        ranked.extend(assign_ranks(groups[gkey], event.method.rank_value, natural_key))
    event.standings = ranked


def credit(s: Standing, r: EventResult, side: str, mark: str, options: EventOptions, out_of_top: bool) -> None:
    """Credit a pair with an artificial score that depends on its other
    boards: a bye (its own mean under IMPs, Butler's "mean"; under
    matchpoints the board does not count, which is the same as its own
    percentage), or an average plus or minus measured against the pair's
    percentage on its other boards (``session_averages``)."""
    own = s.points / s.boards if s.boards else 0.0       # IMPs per board, or matchpoints per board
    if mark == BYE:
        if out_of_top or not s.boards:
            return
        pts = own
        top = 0.0
    else:
        top = r.top or 0.0
        pct = s.percentage
        fixed = options.average_plus if mark == "A+" else options.average_minus
        share = fixed if pct is None else max(fixed, pct) if mark == "A+" else min(fixed, pct)
        pts = top * share / 100
    if side == "NS":
        r.points_ns = pts
    else:
        r.points_ew = pts
    s.boards += r.weight
    s.points += pts * r.weight
    s.rounded_points += pts * r.weight
    if s.max is not None:
        s.max += top * r.weight


def groupby_ranks(items: list[R], value: Callable[[R], tuple[float, ...]], name: Callable[[R], str]) -> list[R]:
    """``items`` (with a ``rank``) sorted best first by ``value`` then
    naturally by ``name``, each given its rank: a tie (equal values) shares
    the rank of the first, with ``=``.  One sort and one pass."""
    items.sort(key=lambda s: (tuple(-v for v in value(s)), natural_key(name(s))))
    position = 0
    for _v, tied in groupby(items, key=value):
        members = list(tied)
        mark = "=" if len(members) > 1 else ""
        for s in members:
            s.rank = f"{position + 1}{mark}"   # type: ignore[attr-defined]
        position += len(members)
    return items


def assign_ranks(group: list[Standing], value: Callable[[Standing], tuple[float, ...]],
                 name: Callable[[str], tuple[int, int | str]]) -> list[Standing]:
    """Sort ``group`` best first (then by pair) and give each its rank, a tie
    (the same printed figures: ``value``) sharing the rank of the first with
    ``=`` (1, 2=, 2=, 4).  One sort and one
    pass: n log n however many tie."""
    group.sort(key=lambda s: (tuple(-v for v in value(s)), name(s.pair)))
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
