"""Scoring methods, found through a registry as the rules profiles are:
``mp`` (matchpoints), ``butler`` (IMPs against a datum), ``cross-imps``
(IMPs against every other result).

A method is an object that says how a board's results earn their points
(``score_field``), what an arbitrary score is worth, which PBN ``Scoring``
values name it, which ScoreTable and TotalScoreTable columns hold its
figures, and how its standings are ranked.  The rest of ``bridgekit.event``
asks the method and never its name: a new method is one module subclassing
``model.ScoringMethod`` (or ``base.PairMethod``) and registering an instance
(``base.register``),
plus its import here.
"""

from __future__ import annotations

from typing import ClassVar, Iterator

from ..model import ScoringMethod
from .base import (PairMethod, all_methods, find_method, method_for_tag, method_names, register, tag_fields,
                   unregister)
from . import matchpoints  # noqa: I001  (registration, in this order)
from . import butler
from . import cross
from . import teams


class _Enumerated(type):
    def __iter__(cls) -> Iterator[ScoringMethod]:
        return iter(all_methods())


class Method(metaclass=_Enumerated):
    """The registered methods by constant (``Method.MP``, ``Method.BUTLER``,
    ``Method.CROSS_IMPS``) and iterable like an enum (``list(Method)``)."""

    MP: ClassVar[ScoringMethod]
    BUTLER: ClassVar[ScoringMethod]
    CROSS_IMPS: ClassVar[ScoringMethod]
    TEAMS: ClassVar[ScoringMethod]
    BAM: ClassVar[ScoringMethod]
    PATTON: ClassVar[ScoringMethod]


Method.MP = matchpoints.MATCHPOINTS
Method.BUTLER = butler.BUTLER
Method.CROSS_IMPS = cross.CROSS_IMPS
Method.TEAMS = teams.TEAMS
Method.BAM = teams.BAM
Method.PATTON = teams.PATTON

__all__ = ["Method", "PairMethod", "ScoringMethod", "all_methods", "find_method", "method_for_tag", "method_names",
           "register", "tag_fields", "unregister"]
