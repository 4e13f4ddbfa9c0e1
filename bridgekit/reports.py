"""What a command reports when it is one document rather than a stream of
rows (``match``, ``rubber``, ``deal``), as data: one object a command hands
to the output helper, whatever the output form (its ``to_dict()`` for JSON,
its ``rows()`` for CSV and JSON lines when it has rows; text renderers take
the object too)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from .board import Board
from .rules import Profile
from .rules.rubber import Rubber
from .event.matches import Match, match_standings
from .event.model import TeamTotal


@dataclass(frozen=True)
class MatchReport:
    """The matches found in a run; ``vp``: victory points asked for."""

    matches: list[Match]
    vp: bool = False

    @property
    def standings(self) -> list[TeamTotal]:
        """The teams by VP (several matches), then IMP difference."""
        return match_standings(self.matches)

    def to_dict(self) -> dict[str, Any]:
        """The JSON document: the match (several: ``{"matches": [...]}``), each
        with ``vp_a`` and ``vp_b`` when ``vp``, then the ``standings`` of
        several matches."""
        matches = [m.to_dict() for m in self.matches]
        if self.vp:
            for m, d in zip(self.matches, matches):
                d["vp_a"], d["vp_b"] = m.victory_points
        out: dict[str, Any] = matches[0] if len(matches) == 1 else {"matches": matches}
        if self.vp and len(matches) > 1:
            out["standings"] = [t.to_dict() for t in self.standings]
        return out

    def rows(self) -> Iterator[dict[str, Any]]:
        """One row a board (CSV, JSON lines), the match's teams on each."""
        for m in self.matches:
            for b in m.boards:
                yield {"team_a": m.team_a, "team_b": m.team_b, **b.to_dict()}


@dataclass(frozen=True)
class RubberReport:
    """``bridgekit rubber``: the rubbers of a session under ``profile``."""

    profile: Profile
    rubbers: list[Rubber]

    def to_dict(self) -> dict[str, Any]:
        return {"profile": self.profile.name, "rubbers": [r.to_dict() for r in self.rubbers]}


@dataclass(frozen=True)
class DealtBoards:
    """``bridgekit deal``: the boards dealt from ``seed``."""

    seed: str
    boards: list[Board]

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "boards": [
            {"board": b.label, "dealer": b.get("Dealer"), "vulnerable": b.get("Vulnerable"), "deal": b.get("Deal")}
            for b in self.boards]}


@dataclass(frozen=True)
class LessonChecks:
    """``bridgekit lesson check``: how many lessons were checked, and every
    figure's finding (``status``: ok, fail, skipped)."""

    lessons: int
    findings: list[Any]

    @property
    def failed(self) -> list[Any]:
        return [f for f in self.findings if f.status == "fail"]

    @property
    def checked(self) -> int:
        return sum(f.status == "ok" for f in self.findings)

    @property
    def skipped(self) -> int:
        return sum(f.status == "skipped" for f in self.findings)

    def to_dict(self) -> dict[str, Any]:
        return {"lessons": self.lessons, "checked": self.checked, "skipped": self.skipped,
                "failed": len(self.failed), "findings": [f.to_dict() for f in self.findings]}


@dataclass(frozen=True)
class EventReport:
    """``bridgekit event`` (and ``match --mp``): a scored event (a
    ``bridgekit.event.Event``); ``ranking_only``: the standings alone as rows."""

    event: Any
    ranking_only: bool = False

    def to_dict(self) -> dict[str, Any]:
        return dict(self.event.to_dict())

    def rows(self) -> Iterator[dict[str, Any]]:
        """The standings (``ranking_only``), else every result of every board."""
        if self.ranking_only:
            yield from (s.to_dict() for s in self.event.standings)
        else:
            yield from ({"board": t.board, **r.to_dict()} for t in self.event.boards for r in t.results)
