"""Cross-IMPs: each result IMPed against every other result of its field,
totalled as the ``Scoring`` tag says (PBN 2.1, 3.4.12): ``Cross`` the sum
over the comparisons, ``Cross1`` divided by the number of scores, ``Cross2``
divided by the number of comparisons (also bridgekit's default when the tag
names no scale)."""

from __future__ import annotations

from typing import Sequence

from ...i18n import N_
from ...notation import Message
from ...rules.imps import cross_imps
from ..model import CrossScale, EventOptions, EventResult, Scale, Settings, Traveller
from ..model import ScoringMethod
from .base import PairMethod, register


class CrossImps(PairMethod):
    name = "cross-imps"
    aliases = ("cross",)
    title = N_("cross-IMPs")

    def named_by(self, fields: Sequence[str]) -> bool:
        return any(f.startswith("cross") for f in fields)

    def settings(self, fields: Sequence[str], options: EventOptions, own: bool) -> Settings:
        scale = options.cross_scale
        if scale is None and own:
            scale = (CrossScale.SUM if "cross" in fields else CrossScale.PER_SCORE if "cross1" in fields
                     else None)
        return Settings(scale=options.scale or Scale.ACBL, cross_scale=scale or CrossScale.PER_COMPARISON)

    def score_field(self, state: object, t: Traveller, f: str | None, group: list[EventResult],
                    settings: Settings) -> float:
        real = [r for r in group if r.compared]
        scores = [r.score_ns for r in real if r.score_ns is not None]
        weights = [r.weight for r in real]
        n = sum(weights)
        factor = {CrossScale.SUM: n - 1, CrossScale.PER_SCORE: (n - 1) / n if n else 0.0,
                  CrossScale.PER_COMPARISON: 1}[settings.cross_scale]
        for r, x in zip(real, cross_imps(scores, weights)):
            y = round(x * factor, 9)      # the sum: an exact count of IMPs again
            r.points_ns, r.points_ew = y, -y
        return 0.0

    def describe(self, settings: Settings) -> Message:
        return {CrossScale.SUM: Message("cross-IMPs, summed"), CrossScale.PER_SCORE: Message("cross-IMPs, per score"),
                CrossScale.PER_COMPARISON: Message("cross-IMPs, per comparison")}[settings.cross_scale]


CROSS_IMPS: ScoringMethod = register(CrossImps())
