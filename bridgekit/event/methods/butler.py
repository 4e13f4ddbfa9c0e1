"""Butler: each result IMPed against the board's datum, the mean of its
field's scores without the extremes (``Butler-2``, or 1 at each end from 5
results), rounded to 10."""

from __future__ import annotations

from typing import Sequence

from ...i18n import N_
from ...notation import Message
from ...rules.imps import butler_datum, imps
from ..model import EventOptions, EventProblem, EventResult, Scale, Settings, Traveller
from ..model import ScoringMethod
from .base import PairMethod, register


class Butler(PairMethod):
    name = "butler"
    title = N_("Butler IMPs")
    fallback = 2

    def named_by(self, fields: Sequence[str]) -> bool:
        return any(f.startswith("butler") for f in fields)

    def claims(self, fields: Sequence[str]) -> bool:
        return bool(fields) and fields[0] == "imp"

    def settings(self, fields: Sequence[str], options: EventOptions, own: bool) -> Settings:
        trim = options.trim
        if trim is None and own:
            trim = 0 if "butler" in fields else 1 if "butler-2" in fields else None
        return Settings(scale=options.scale or Scale.ACBL, trim=trim)

    def score_field(self, state: object, t: Traveller, f: str | None, group: list[EventResult],
                    settings: Settings) -> float:
        real = [r for r in group if r.compared]
        scores = [r.score_ns for r in real if r.score_ns is not None]
        if scores:
            datum = butler_datum(scores, [r.weight for r in real], settings.trim)
            t.datum[f] = datum
            for r in real:
                assert r.score_ns is not None
                r.points_ns = float(imps(r.score_ns - datum))
                r.points_ew = -r.points_ns
        return 0.0

    def check_recorded(self, t: Traveller, problems: list[EventProblem]) -> None:
        for r in t.results:
            rec = r.recorded.get("ButlerDatum")
            datum = t.datum.get(r.section, t.datum.get(None))
            if rec is None or datum is None:
                continue
            try:
                value: int | None = int(rec.lstrip("^").replace(" ", ""))
            except ValueError:
                value = None
            if value != datum:
                problems.append(EventProblem(Message("recorded ButlerDatum {recorded} but the datum is {datum}",
                                                     recorded=rec, datum=datum),
                                             r.file, r.line, r.board, r.row_number))


BUTLER: ScoringMethod = register(Butler())
