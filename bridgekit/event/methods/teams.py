"""Team events: each board compared between the two tables of a match.

A result belongs to a team event when it names the team sitting at each side
(``HomeTeam``/``VisitTeam`` with ``Room``, or team columns of a ScoreTable:
``bridgekit.event.reading``).  The two results of a board in a match (the same
round and the same two teams, each N/S at one table) are compared from the
view of each table's N/S team; a match's total is each team's points, a
team's the sum over its matches.

* ``teams``: the difference in IMPs; each match's margin converted to
  victory points on a named scale (``VP_SCALES``: ``wbf-2013``, the WBF's
  continuous 20-VP scale, by default; ``imps``: the margin itself).
* ``bam``, board-a-match: 1 point for the better score, 1/2 each for equal
  scores (ACBL Handbook, "Types of team events"); 2 and 1 with
  ``--mp-scale ebu`` (the British "point-a-board").
* ``patton``: 2 points a board won and 1 a board drawn, plus the match's
  aggregate (the sum of the differences): 2 points a board to the team ahead
  on aggregate, shared when level (the EBU's description, Winter 2009
  newsletter: 8 board points and 8 aggregate points in a 4-board match).
"""

from __future__ import annotations

from typing import Callable, ClassVar, Sequence

from ...i18n import N_
from ...notation import Message
from ...errors import BridgekitError
from ...rules.imps import imps
from ...rules.vp import victory_points
from ..model import (Event, EventOptions, EventProblem, EventResult, Scale, Settings, Standing, TeamMatch, TeamTotal,
                     Traveller)
from ..model import ScoringMethod
from .base import register

#: Published victory-point scales by name: (margin, boards) -> (VP of the side ahead by margin, other).
VP_SCALES: dict[str, Callable[[float, int], tuple[float, float]]] = {
    "wbf-2013": lambda margin, boards: victory_points(round(margin), boards),
    "imps": lambda margin, boards: (float(margin), float(-margin)),
}


def vp_scale(name: str | None) -> Callable[[float, int], tuple[float, float]]:
    """A VP scale by name (None: ``wbf-2013``).  Raises BridgekitError."""
    key = (name or "wbf-2013").strip().lower()
    if key not in VP_SCALES:
        raise BridgekitError(Message("unknown VP scale {name!r} (one of {known})", name=name,
                                     known=", ".join(VP_SCALES)))
    return VP_SCALES[key]


def match_key(r: EventResult) -> tuple[str | None, frozenset[str]] | None:
    if r.team_ns is None or r.team_ew is None:
        return None
    return (r.round, frozenset((r.team_ns, r.team_ew)))


class TeamMethod(ScoringMethod):
    """What the team methods share: pairing the two tables, ranking teams."""

    for_teams = True
    out_of_top = False

    def board_points(self, diff: int, settings: Settings) -> float:
        """Points of the N/S team of a table whose score is ``diff`` better
        than its team-mates' opponents' at the other table."""
        raise NotImplementedError

    def score_field(self, state: object, t: Traveller, f: str | None, group: list[EventResult],
                    settings: Settings) -> float:
        tables: dict[object, list[EventResult]] = {}
        for r in group:
            key = match_key(r)
            if key is not None and r.compared:
                tables.setdefault(key, []).append(r)
        for pair in tables.values():
            if len(pair) != 2 or pair[0].team_ns != pair[1].team_ew:
                continue        # not one result at each table: counted as unpaired by the ranking
            a, b = pair
            assert a.score_ns is not None and b.score_ns is not None
            for x, y in ((a, b), (b, a)):
                assert x.score_ns is not None and y.score_ns is not None
                x.swing = x.score_ns - y.score_ns
                x.points_ns = self.board_points(x.score_ns - y.score_ns, settings)
                x.points_ew = -x.points_ns if self.zero_sum else self.board_points(y.score_ns - x.score_ns, settings)
        return 0.0

    zero_sum = True

    def rank(self, event: Event, options: EventOptions, names: dict[tuple[str | None, str], str]) -> None:
        """Matches from the results (each board counted once: the points of
        each table's N/S team), then teams ranked on VP or points."""
        matches: dict[tuple[str | None, frozenset[str]], TeamMatch] = {}
        margins: dict[tuple[str | None, frozenset[str]], float] = {}
        for t in event.boards:
            for r in t.results:
                key = match_key(r)
                if key is None:
                    continue
                m = matches.get(key)
                if m is None:
                    home = r.home if r.home in key[1] else r.team_ns
                    assert home is not None
                    away = next(iter(key[1] - {home}), home)
                    m = matches[key] = TeamMatch(r.round, home, away)
                if r.points_ns is None:
                    m.unpaired += 1
                    continue
                # each table's N/S team is credited with what it won on the board: the
                # board counts once, from the table where its winner sat N/S
                if r.team_ns == m.home:
                    m.boards += 1
                    m.imps_home += self.share(r.points_ns)
                    margins[key] = margins.get(key, 0.0) + self.margin(r)
                else:
                    m.imps_away += self.share(r.points_ns)
        for key, m in matches.items():
            self.finish(m, margins.get(key, 0.0), options)
        event.matches = sorted(matches.values(), key=lambda m: (_round_key(m.round), m.home, m.away))
        event.teams = rank_teams(event.matches, self.by_vp)
        for t in event.boards:
            for r in t.results:
                if match_key(r) is None:
                    event.problems.append(EventProblem(Message("no team at each side: not part of any match"), r.file,
                                                       r.line, r.board, r.row_number))
        event.standings = []

    by_vp = True

    def share(self, points: float | None) -> float:
        """What one table's points add to its N/S team's match total."""
        return max(points or 0.0, 0.0)

    def margin(self, r: EventResult) -> float:
        return 0.0

    def finish(self, m: TeamMatch, margin: float, options: EventOptions) -> None:
        if m.boards:
            m.vp_home, m.vp_away = vp_scale(options.vp_scale)(m.imps_home - m.imps_away, m.boards)

    def rank_value(self, s: Standing) -> tuple[float, ...]:
        return (round(s.points, 2),)


def _round_key(text: str | None) -> tuple[int, int | str]:
    if text is None:
        return (0, 0)
    return (1, int(text)) if text.isdigit() else (2, text)


def rank_teams(matches: Sequence[TeamMatch], by_vp: bool) -> list[TeamTotal]:
    """Teams ranked by VP (or points), then IMP difference; ties share a rank."""
    from ..ranking import groupby_ranks
    teams: dict[str, TeamTotal] = {}
    for m in matches:
        if not m.boards:
            continue
        for team, got, lost, vp in ((m.home, m.imps_home, m.imps_away, m.vp_home),
                                    (m.away, m.imps_away, m.imps_home, m.vp_away)):
            t = teams.setdefault(team, TeamTotal(team, vp=0.0 if by_vp else None))
            t.matches += 1
            t.boards += m.boards
            t.imps_for += got
            t.imps_against += lost
            if t.vp is not None and vp is not None:
                t.vp += vp

    def value(t: TeamTotal) -> tuple[float, ...]:
        main = t.vp if t.vp is not None else t.imps_for
        return (round(main, 2), round(t.imps_for - t.imps_against, 2))

    return groupby_ranks(list(teams.values()), value, lambda t: t.team)


class TeamImps(TeamMethod):
    name = "teams"
    aliases = ("imp-teams", "swiss")
    title = N_("teams, IMPs and VPs")

    def board_points(self, diff: int, settings: Settings) -> float:
        return float(imps(diff))

    def describe(self, settings: Settings) -> Message:
        return Message("teams: IMPs, victory points")


class BoardAMatch(TeamMethod):
    name = "bam"
    aliases: ClassVar[tuple[str, ...]] = ("board-a-match", "point-a-board")
    title = N_("board-a-match")
    unit = "pt"
    points_word = N_("board points")
    point_columns = ("BAM_NS", "BAM_EW")
    total_columns = ("TotalBAM",)
    by_vp = False
    zero_sum = False

    def named_by(self, fields: Sequence[str]) -> bool:
        return "bam" in fields

    def settings(self, fields: Sequence[str], options: EventOptions, own: bool) -> Settings:
        return Settings(scale=options.scale or Scale.ACBL)

    def board_points(self, diff: int, settings: Settings) -> float:
        unit = 2.0 if settings.scale is Scale.EBU else 1.0
        return unit if diff > 0 else unit / 2 if diff == 0 else 0.0

    def share(self, points: float | None) -> float:
        return points or 0.0

    def finish(self, m: TeamMatch, margin: float, options: EventOptions) -> None:
        m.vp_home = m.vp_away = None

    def describe(self, settings: Settings) -> Message:
        return Message("board-a-match, 2/1/0 a board") if settings.scale is Scale.EBU else \
            Message("board-a-match, 1/0.5/0 a board")


class Patton(BoardAMatch):
    name = "patton"
    aliases = ()
    title = N_("Patton")

    def named_by(self, fields: Sequence[str]) -> bool:
        return "patton" in fields

    def board_points(self, diff: int, settings: Settings) -> float:
        return 2.0 if diff > 0 else 1.0 if diff == 0 else 0.0

    def margin(self, r: EventResult) -> float:
        return float(r.swing) if r.swing is not None else 0.0

    def finish(self, m: TeamMatch, margin: float, options: EventOptions) -> None:
        stake = 2.0 * m.boards
        home = stake if margin > 0 else stake / 2 if margin == 0 else 0.0
        m.imps_home += home
        m.imps_away += stake - home
        m.vp_home = m.vp_away = None

    def describe(self, settings: Settings) -> Message:
        return Message("Patton: 2/1/0 a board and 2 a board on aggregate")


TEAMS: ScoringMethod = register(TeamImps())
BAM: ScoringMethod = register(BoardAMatch())
PATTON: ScoringMethod = register(Patton())

__all__ = ["BAM", "PATTON", "TEAMS", "VP_SCALES", "vp_scale"]
