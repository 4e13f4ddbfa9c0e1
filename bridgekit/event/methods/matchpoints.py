"""Matchpoints: 1 point per result beaten and 1/2 per tie (``acbl`` scale,
top = results - 1) or 2 and 1 (``ebu``, PBN's ``MP1``: top = 2 x (results -
1)).  A board played fewer times than the most in its field is factored up
by Neuberg's formula; an arbitrary score gets its percentage of the top."""

from __future__ import annotations

from typing import Any, Sequence

from ...i18n import N_
from ...notation import Message
from ...rules.imps import neuberg, weighted_matchpoints
from ..artificial import BYE, mark_percentage
from ..model import EventOptions, EventResult, Scale, Settings, Standing, Traveller
from ..model import ScoringMethod
from .base import PairMethod, register


class Matchpoints(PairMethod):
    name = "mp"
    aliases = ("matchpoints",)
    title = N_("matchpoints")
    unit = "MP"
    points_word = N_("matchpoints")
    out_of_top = True
    point_columns = ("MP_NS", "MP_EW")
    game_tag = "ScoreMP"
    total_columns = ("TotalMP", "TotalScoreMP")
    fallback = 1

    def named_by(self, fields: Sequence[str]) -> bool:
        return any(f in ("mp", "matchpoints", "mp1", "mp2") for f in fields)

    def claims(self, fields: Sequence[str]) -> bool:
        return True

    def settings(self, fields: Sequence[str], options: EventOptions, own: bool) -> Settings:
        scale = options.scale or (Scale.EBU if "mp1" in fields else Scale.ACBL)
        return Settings(scale=scale)

    def prepare(self, boards: Sequence[Traveller], field_of: Any, settings: Settings) -> dict[str | None, int]:
        """The number of results a board should have in each field (Neuberg's "expected")."""
        expected: dict[str | None, int] = {}
        for t in boards:
            count: dict[str | None, int] = {}
            for r in t.results:
                if not r.not_played and (r.score_ns is not None or (r.arbitrary is not None and BYE not in r.arbitrary)):
                    f = field_of(r)
                    count[f] = count.get(f, 0) + r.weight
            for f, n in count.items():
                expected[f] = max(expected.get(f, 0), n)
        return expected

    def score_field(self, state: object, t: Traveller, f: str | None, group: list[EventResult],
                    settings: Settings) -> float:
        assert isinstance(state, dict)
        unit = 2 if settings.scale is Scale.EBU else 1
        real = [r for r in group if r.compared]
        scores = [r.score_ns for r in real if r.score_ns is not None]
        weights = [r.weight for r in real]
        n = sum(weights)
        expected = state.get(f, 1)
        top = float(unit * (expected - 1))
        if t.top is None or top > t.top:
            t.top = top
        for r in group:
            r.top = top
        for r, mp in zip(real, weighted_matchpoints(scores, weights)):
            r.points_ns = unit * neuberg(mp, n, state.get(f, n))
            r.points_ew = top - r.points_ns
        return top

    def arbitrary_points(self, mark: str, top: float, options: EventOptions) -> float | None:
        return top * mark_percentage(mark, options.average_plus, options.average_minus) / 100

    def compares_game_tag(self, settings: Settings) -> bool:
        return settings.scale is Scale.EBU        # a game record's ScoreMP is on the MP1 scale

    def rank_value(self, s: Standing) -> tuple[float, ...]:
        """The percentage, then the matchpoints, as printed: pairs tie only
        when both print the same (two pairs at 55.55% on 300.2 and 300.1 of
        540.4 and 540.2 are 1 and 2, not 1=)."""
        pct = s.percentage
        return (round(pct if pct is not None else 0.0, 2), round(s.points, 2))

    def describe(self, settings: Settings) -> Message:
        return Message("matchpoints, {scale} scale", scale=settings.scale.value)


MATCHPOINTS: ScoringMethod = register(Matchpoints())
